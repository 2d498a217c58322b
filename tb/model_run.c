/* model_run.c: see model_run.h. */
#include "model_run.h"

#include "stim.h"
#include "ttsched.h"

#include <string.h>
#include "ttisa.h"

static void report_stuck(const tt_model *m, const tt_stim *s, const tt_test *t, FILE *out)
{
    for (int th = 0; th < TT_NUM_THREADS; th++) {
        char why[160] = "";
        if (tt_stim_done(s, th) && tt_model_fifo_count(m, th) == 0) continue;
        if (!tt_model_can_issue(m, th, why, sizeof why) && why[0] == 0) snprintf(why, sizeof why, "?");
        fprintf(out, "  thread %d: %d in FIFO, stream at %s:%d, held by: %s\n", th, tt_model_fifo_count(m, th),
                t->path, tt_stim_line(s, th), why[0] ? why : "nothing (pushing)");
    }
}

/* Source lines of the instructions pushed to each thread and not yet passed, so an error names
 * FILE:LINE. An executed instruction names the push it came from (tt_exec_result.push_index: a MOP
 * or REPLAY expands to many, MOP_CFG to none). */
#define LINE_RING 256
typedef struct {
    int line[LINE_RING];
    int head, count;
    uint32_t base;   /* push index of line[head] */
} line_ring;

static void line_push(line_ring *lr, int line)
{
    if (lr->count == LINE_RING) { /* only absorbed pushes can be this old: forget the oldest */
        lr->head = (lr->head + 1) % LINE_RING;
        lr->count--;
        lr->base++;
    }
    lr->line[(lr->head + lr->count++) % LINE_RING] = line;
}

static int line_of(line_ring *lr, uint32_t push_index)
{
    while (lr->count > 1 && lr->base < push_index) {
        lr->head = (lr->head + 1) % LINE_RING;
        lr->count--;
        lr->base++;
    }
    return lr->count ? lr->line[lr->head] : 0;
}

int tt_model_run(const tt_test *t, tt_model *m, uint64_t max_cycles, tt_run_stats *st, FILE *out)
{
    line_ring lines[TT_NUM_THREADS] = {0};
    tt_stim s;
    tt_stim_init(&s, t);
    tt_model_reset(m);
    tt_test_apply_preload(t, m);
    *st = (tt_run_stats){0};
    for (;;) {
        bool all_done = true;
        unsigned idle_mask = 0;
        for (int th = 0; th < TT_NUM_THREADS; th++)
            idle_mask |= (tt_model_fifo_count(m, th) == 0) << th;
        /* BRISC first: its push wins the thread's frontend mux, and a TRISC push to the same thread
         * in the same cycle is silently discarded (coprocessor-pipeline "BRISC Coprocessor Access"). */
        int brisc_thread = -1;
        {
            uint32_t w = 0, a = 0, d = 0;
            if (tt_stim_next(&s, TT_BRISC_STREAM, idle_mask, &w, &a, &d) == TT_STIM_BRISC_PUSH &&
                tt_model_fifo_count(m, (int)a) < TT_FIFO_DEPTH) {
                line_push(&lines[a], tt_stim_line(&s, TT_BRISC_STREAM));
                tt_model_push_brisc(m, (int)a, w);
                tt_stim_accept(&s, TT_BRISC_STREAM);
                brisc_thread = (int)a;
            }
            all_done &= tt_stim_done(&s, TT_BRISC_STREAM);
        }
        for (int th = 0; th < TT_NUM_THREADS; th++) {
            /* TRISC side: at most one push or store per thread per cycle. */
            uint32_t w = 0, a = 0, d = 0;
            switch (tt_stim_next(&s, th, idle_mask, &w, &a, &d)) {
            case TT_STIM_PUSH:
                if (th == brisc_thread) {
                    tt_stim_accept(&s, th); /* discarded by the mux; the TRISC does not know */
                } else if (tt_model_fifo_count(m, th) < TT_FIFO_DEPTH) {
                    line_push(&lines[th], tt_stim_line(&s, th));
                    tt_model_push(m, th, w);
                    tt_stim_accept(&s, th);
                }
                break;
            case TT_STIM_STORE: {
                char msg[160];
                if (tt_model_mmio_store(m, th, a, d, msg, sizeof msg) != TT_OK) {
                    fprintf(out, "%s:%d: thread %d store: %s\n", t->path, tt_stim_line(&s, th), th, msg);
                    return 1;
                }
                tt_stim_accept(&s, th);
                break;
            }
            default: break;
            }
            all_done &= tt_stim_done(&s, th) && tt_model_fifo_count(m, th) == 0;
        }
        if (all_done) break;
        tt_exec_result res[TT_NUM_THREADS];
        tt_model_cycle(m, res);
        for (int th = 0; th < TT_NUM_THREADS; th++) {
            const tt_exec_result *r = &res[th];
            if (r->status == TT_BLOCKED) continue;
            int line = line_of(&lines[th], r->push_index);
            st->instructions++;
            st->l1_writes += (uint64_t)r->eff.n_l1 + r->eff.n_l1_log;
            if (r->status != TT_OK) {
                char dis[96];
                tt_disasm(r->insn, dis, sizeof dis);
                fprintf(out, "%s:%d: thread %d seq %u, cycle %llu: %s (0x%08x): %s: %s\n", t->path, line, th, r->seq,
                        (unsigned long long)st->cycles, dis, r->insn, tt_status_name(r->status), r->msg);
                return 1;
            }
        }
        if (++st->cycles >= max_cycles) {
            fprintf(out, "%s: watchdog: %llu cycles passed and the run has not finished\n", t->path,
                    (unsigned long long)max_cycles);
            report_stuck(m, &s, t, out);
            return 1;
        }
    }
    if (t->nretire_expect)
        fprintf(out, "%s: note: %zu 'expect retire' line(s) not checked: the model is untimed (the lockstep harness "
                     "checks them)\n", t->path, t->nretire_expect);
    return tt_test_check(t, m, out) ? 1 : 0;
}

/* The lockstep harness's preload items (tb/harness.c build_preload): one per config, thread
 * config, GPR, ADC-field and semaphore preload, one per 16-byte L1 line an L1 preload touches,
 * four per register-file row with a non-zero cell, one per 128 Dest rows holding an invalid row,
 * one for a non-zero bank state. */
static uint64_t preload_items(const tt_test *t, const tt_model *m)
{
    uint64_t n = 0;
    for (size_t i = 0; i < t->npreload; i++) {
        const tt_item *p = &t->preload[i];
        switch (p->kind) {
        case TT_ITEM_CFG: case TT_ITEM_TCFG: case TT_ITEM_GPR: case TT_ITEM_ADC: case TT_ITEM_SEM: n++; break;
        case TT_ITEM_L1:
            for (uint32_t a = p->addr & ~15u; a < p->addr + p->len; a += 16) n++;
            break;
        default: break;
        }
    }
    static const int files[] = {TT_RF_SRCA, TT_RF_SRCB, TT_RF_DEST};
    for (int f = 0; f < 3; f++) {
        const int banks = files[f] == TT_RF_DEST ? 1 : TT_SRC_BANKS, rows = files[f] == TT_RF_DEST ? TT_DEST_ROWS : TT_SRC_ROWS;
        for (int b = 0; b < banks; b++)
            for (int row = 0; row < rows; row++) {
                uint32_t any = 0, v;
                for (int col = 0; col < TT_RF_COLS; col++) any |= tt_model_rf_get(m, files[f], b, row, col, &v) ? v : 0;
                if (any) n += 4;
            }
    }
    for (int k = 0; k < TT_DEST_ROWS / 128; k++)
        for (int r = 0; r < 128; r++)
            if (!tt_model_dest_valid_get(m, 128 * k + r)) {
                n++;
                break;
            }
    tt_bank_state bs;
    tt_model_banks_get(m, &bs);
    if (tt_bank_pack(&bs)) n++;
    return n;
}

uint64_t tt_lockstep_start_cycle(const tt_test *t, const tt_model *m)
{
    /* tb_top: reset until its counter reaches 15 (cycles 0..14), a preload item a cycle from cycle
     * 15, one cycle that finds none, one whose stimulus call offers the first push of cycle 0. */
    return 17 + preload_items(t, m);
}

static const char *const unit_name[TT_NUM_UNITS] = {"NONE", "SYNC", "CFG", "THCON", "TDMA", "UNPACK0",
                                                     "UNPACK1", "MATH", "SFPU", "PACK", "XMOV"};

static void stall_name(unsigned code, char *buf, size_t len)
{
    static const char *const kinds[] = {"NONE", "FIFO_EMPTY", "WAIT_GATE", "UNIT_BUSY", "SEM_WAIT", "MUTEX",
                                        "BANK_WAIT", "MATH_RULE"};
    static const char *const conds[] = {"THCON", "UNPACK0", "UNPACK1", "PACK", "MATH", "SRCA_CLR", "SRCB_CLR",
                                        "SRCA_VLD", "SRCB_VLD", "XMOV", "TRISC_CFG", "SFPU", "CFGEXU"};
    const unsigned k = code >> 4, d = code & 15u;
    if (k >= 8) snprintf(buf, len, "0x%02x", code);
    else if (k == TT_STALL_UNIT_BUSY) snprintf(buf, len, "UNIT_BUSY %s", d < TT_NUM_UNITS ? unit_name[d] : "?");
    else if (k == TT_STALL_WAIT_GATE) snprintf(buf, len, "WAIT_GATE C%u %s", d, d < 13 ? conds[d] : "?");
    else if (k == TT_STALL_SEM_WAIT) snprintf(buf, len, "SEM_WAIT sem%u", d);
    else if (k == TT_STALL_MUTEX) snprintf(buf, len, "MUTEX m%u", d);
    else if (k == TT_STALL_BANK_WAIT) snprintf(buf, len, "BANK_WAIT %s%s", d >= 2 ? "math " : "unpacker ", (d & 1) ? (d >= 2 ? "SrcB" : "1") : (d >= 2 ? "SrcA" : "0"));
    else if (k == TT_STALL_MATH_RULE) snprintf(buf, len, "MATH_RULE %u", d);
    else snprintf(buf, len, "%s", kinds[k]);
}

/* Tiles of a tile stream, as the profile counts them: each hand-over of a SrcA bank (SrcB when the
 * run hands over no SrcA bank) from the unpackers to the matrix unit is one tile's operand ready
 * (SrcASrcB.md: an unpacker's SETDVALID / dvalid flip; tools/gen_tile_stream.py and tt-llk's
 * unpack-math-pack loops hand one over per tile). */
typedef struct {
    uint64_t n[2], first[2], last[2], min_gap[2], max_gap[2];
} tile_count;

static void count_tiles(tile_count *tc, uint32_t before, uint32_t after, uint64_t rel)
{
    for (int f = 0; f < 2; f++) {
        const unsigned b = before >> (2 * f) & 3u, a = after >> (2 * f) & 3u;
        if (!(a & ~b)) continue; /* no bank of this file newly the matrix unit's */
        if (tc->n[f]) {
            const uint64_t gap = rel - tc->last[f];
            if (tc->n[f] == 1 || gap < tc->min_gap[f]) tc->min_gap[f] = gap;
            if (gap > tc->max_gap[f]) tc->max_gap[f] = gap;
        } else {
            tc->first[f] = rel;
        }
        tc->n[f]++;
        tc->last[f] = rel;
    }
}

static void print_profile(const tt_sched_profile *p, uint64_t run_cycles, const tile_count *tc, FILE *out)
{
    fprintf(out, "profile: %llu cycles of the run (cycle 0 = the first in which a push can enter a FIFO)\n",
            (unsigned long long)run_cycles);
    for (int th = 0; th < TT_NUM_THREADS; th++) {
        fprintf(out, "  thread %d: busy %llu cycles, %llu instructions dispatched\n", th,
                (unsigned long long)p->busy[th], (unsigned long long)p->dispatched[th]);
        for (unsigned c = 0x10; c < 256; c++) {
            if (!p->stall[th][c]) continue;
            char n[48];
            stall_name(c, n, sizeof n);
            fprintf(out, "    stalled %-28s %llu cycles\n", n, (unsigned long long)p->stall[th][c]);
        }
    }
    fprintf(out, "  units busy:");
    for (int u = 1; u < TT_NUM_UNITS; u++)
        if (p->unit_busy[u]) fprintf(out, " %s %llu", unit_name[u], (unsigned long long)p->unit_busy[u]);
    fprintf(out, "\n");
    const int f = tc->n[0] ? 0 : 1;
    if (!tc->n[f]) return;
    const uint64_t n = tc->n[f];
    fprintf(out, "  tiles: %llu (%s bank hand-overs to the matrix unit, the first in cycle %llu, the last in %llu)\n",
            (unsigned long long)n, f ? "SrcB" : "SrcA", (unsigned long long)tc->first[f], (unsigned long long)tc->last[f]);
    if (n > 1)
        fprintf(out, "    cycles per tile: %.1f in steady state (between the first and the last hand-over), %llu..%llu "
                     "between two\n", (double)(tc->last[f] - tc->first[f]) / (double)(n - 1),
                (unsigned long long)tc->min_gap[f], (unsigned long long)tc->max_gap[f]);
    for (int th = 0; th < TT_NUM_THREADS; th++) {
        if (!p->busy[th]) continue;
        fprintf(out, "    thread %d per tile: busy %.1f cycles", th, (double)p->busy[th] / (double)n);
        for (unsigned c = 0x10; c < 256; c++) {
            if (!p->stall[th][c]) continue;
            char nm[48];
            stall_name(c, nm, sizeof nm);
            fprintf(out, ", %s %.1f", nm, (double)p->stall[th][c] / (double)n);
        }
        fprintf(out, "\n");
    }
}

/* What each unfinished thread waits for (as tb/harness.c's watchdog report says it): its stall
 * reason, the oldest instruction not executed and what holds it in the model. */
static void report_stuck_timed(const tt_model *m, const tt_stim *s, const tt_test *t, const tt_sched_out *o, FILE *out)
{
    for (int th = 0; th < TT_NUM_THREADS; th++) {
        if (tt_stim_done(s, th) && (o->idle_mask >> th & 1u)) continue;
        char reason[48], next[96] = "nothing", why[160] = "", at[600] = "its end";
        stall_name(o->stall[th], reason, sizeof reason);
        if (tt_stim_line(s, th)) snprintf(at, sizeof at, "%s:%d", t->path, tt_stim_line(s, th));
        uint32_t seq, insn, w, p;
        if (tt_model_oldest_unexecuted(m, th, &seq, &insn)) {
            tt_disasm(insn, next, sizeof next);
            if (tt_model_issued_at(m, th, seq, &w, &p)) {
                if (!tt_model_unit_holds(m, th, insn, why, sizeof why)) why[0] = 0;
            } else if (tt_model_can_issue(m, th, why, sizeof why)) {
                why[0] = 0;
            }
        }
        fprintf(out, "  thread %d: %s, %d in FIFO, stall reason %s; next to retire: %s%s%s; TRISC stream at %s\n", th,
                (o->idle_mask >> th & 1u) ? "idle" : "busy", tt_model_fifo_count(m, th), reason, next,
                why[0] ? ", model: " : "", why, at);
    }
}

/* The next cycle's stimulus (tb/harness.c tb_stim, called at the end of each cycle: BRISC's
 * stream first, then threads 0..2; one store a cycle; a push stays offered until taken). */
static void next_stim(tt_stim *s, unsigned idle_mask, tt_sched_in *in)
{
    memset(in, 0, sizeof *in);
    bool store_taken = false;
    static const int order[4] = {TT_BRISC_STREAM, 0, 1, 2};
    for (int i = 0; i < 4; i++) {
        const int str = order[i];
        uint32_t w = 0, a = 0, d = 0;
        switch (tt_stim_next(s, str, idle_mask, &w, &a, &d)) {
        case TT_STIM_PUSH:
            if (str < TT_NUM_THREADS) in->push_valid[str] = true, in->push_insn[str] = w;
            break;
        case TT_STIM_BRISC_PUSH:
            in->brisc_valid = true, in->brisc_thread = (int)a, in->brisc_insn = w;
            break;
        case TT_STIM_STORE:
            if (store_taken) break;
            store_taken = true;
            in->store_valid = true, in->store_thread = str, in->store_addr = a, in->store_data = d;
            break;
        default: break;
        }
    }
}

int tt_model_run_timed(const tt_test *t, tt_model *m, uint64_t max_cycles, FILE *profile, tt_run_stats *st,
                       uint64_t *checks, FILE *out)
{
    line_ring lines[TT_NUM_THREADS] = {0};
    tt_stim s;
    tt_stim_init(&s, t);
    tt_model_reset(m);
    tt_test_apply_preload(t, m);
    *st = (tt_run_stats){0};
    *checks = 0;
    tt_sched *sc = tt_sched_create(m);
    if (!sc) {
        fprintf(out, "%s: out of memory\n", t->path);
        return 1;
    }
    const uint64_t start = tt_lockstep_start_cycle(t, m);
    size_t met = 0;
    tt_sched_in in = {0};
    tt_sched_out o;
    int rc = 0, idle_run = 0;
    uint64_t rel = 0;
    tile_count tiles = {0};
    tt_bank_state b0;
    tt_model_banks_get(m, &b0);
    uint32_t banks = tt_bank_pack(&b0);
    static char why[1024];
    /* the stimulus call at the end of the cycle before cycle 0 (every thread idle) */
    next_stim(&s, (1u << TT_NUM_THREADS) - 1u, &in);
    for (;; rel++) {
        const uint64_t cycle = start + rel;
        if (!tt_sched_cycle(sc, cycle, &in, &o, why, sizeof why)) {
            if (o.store_failed) {
                fprintf(out, "%s:%d: thread %d store: %s\n", t->path, tt_stim_line(&s, in.store_thread), in.store_thread,
                        o.store_msg);
            } else if (why[0]) {
                fprintf(out, "%s: cycle %llu of the run (absolute %llu): %s\n", t->path, (unsigned long long)rel,
                        (unsigned long long)cycle, why);
            } else {
                const tt_sched_retire *r = &o.retired[o.n_retired - 1];
                char dis[96];
                tt_disasm(r->res.insn, dis, sizeof dis);
                fprintf(out, "%s:%d: thread %d seq %u, cycle %llu: %s (0x%08x): %s: %s\n", t->path,
                        line_of(&lines[r->thread], r->res.push_index), r->thread, r->res.seq,
                        (unsigned long long)rel, dis, r->res.insn, tt_status_name(r->res.status), r->res.msg);
            }
            rc = 1;
            break;
        }
        /* the TRISC side's accepts at this edge (tb/harness.c tb_on_push, tb_on_mmio) */
        if (in.brisc_valid && o.brisc_taken) {
            line_push(&lines[in.brisc_thread], tt_stim_line(&s, TT_BRISC_STREAM));
            tt_stim_accept(&s, TT_BRISC_STREAM);
        }
        for (int th = 0; th < TT_NUM_THREADS; th++) {
            if (!in.push_valid[th] || !o.push_taken[th]) continue;
            if (!(in.brisc_valid && o.brisc_taken && in.brisc_thread == th)) line_push(&lines[th], tt_stim_line(&s, th));
            tt_stim_accept(&s, th);
        }
        if (in.store_valid) tt_stim_accept(&s, in.store_thread);
        for (int i = 0; i < o.n_retired; i++) {
            const tt_sched_retire *r = &o.retired[i];
            st->instructions++;
            st->l1_writes += (uint64_t)r->res.eff.n_l1 + r->res.eff.n_l1_log;
            if (r->res.eff.kinds & TT_EFF_BANKS) {
                count_tiles(&tiles, banks, r->res.eff.banks_state, rel);
                banks = r->res.eff.banks_state;
            }
            for (size_t k = 0; k < t->nretire_expect; k++) {
                const tt_retire_expect *e = &t->retire_expect[k];
                if (e->thread != r->thread || e->seq != r->res.seq) continue;
                met++;
                if (rel >= e->lo && rel <= e->hi) continue;
                if (e->lo == e->hi)
                    fprintf(out, "%s:%d: expect retire: thread %d's instruction %u should retire in cycle %llu of the run, "
                                 "it retired in cycle %llu\n", t->path, e->line, e->thread, e->seq,
                            (unsigned long long)e->lo, (unsigned long long)rel);
                else
                    fprintf(out, "%s:%d: expect retire: thread %d's instruction %u should retire in cycles %llu..%llu of "
                                 "the run, it retired in cycle %llu\n", t->path, e->line, e->thread, e->seq,
                            (unsigned long long)e->lo, (unsigned long long)e->hi, (unsigned long long)rel);
                rc = 1;
            }
        }
        if (rc) break;
        /* the run ends after two cycles in a row with every stream done and every thread idle
         * (tb/harness.c tb_on_cycle_end) */
        bool done = tt_stim_done(&s, TT_BRISC_STREAM);
        for (int th = 0; th < TT_NUM_THREADS; th++) done = done && tt_stim_done(&s, th) && (o.idle_mask >> th & 1u);
        idle_run = done ? idle_run + 1 : 0;
        if (idle_run >= 2) {
            rel++;
            break;
        }
        if (cycle + 1 >= max_cycles) {
            fprintf(out, "%s: watchdog: %llu cycles passed and the run has not finished:\n", t->path,
                    (unsigned long long)max_cycles);
            report_stuck_timed(m, &s, t, &o, out);
            rc = 1;
            break;
        }
        next_stim(&s, o.idle_mask, &in);
    }
    st->cycles = start + rel;
    *checks = tt_sched_checks(sc);
    if (profile) print_profile(tt_sched_profile_of(sc), rel, &tiles, profile);
    tt_sched_destroy(sc);
    if (rc) return rc;
    if (met < t->nretire_expect) {
        fprintf(out, "%s: %zu 'expect retire' line(s) name an instruction that never retired\n", t->path,
                t->nretire_expect - met);
        return 1;
    }
    return tt_test_check(t, m, out) ? 1 : 0;
}
