/* model_run.c: see model_run.h. */
#include "model_run.h"

#include <stdlib.h>

#include "kernel_run.h"
#include "hb.h"
#include "stall_name.h"
#include "stim.h"
#include "ttsched.h"

#include <string.h>
#include "ttisa.h"
#include "tttiming.h"

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

/* The race detector of model-only runs (docs/decisions.md "Race detector"): the same
 * happens-before rules as lockstep (dpi/hb.h). The model executes each instruction in one step, so
 * its start and its end are that step. */
#define PUSH_RING 256
typedef struct run_hb {
    hb *h;
    int mode;              /* TT_HAZARDS_* */
    const tt_test *t;
    tt_model *m;
    FILE *out;
    uint64_t cycle;
    uint32_t npush[TT_NUM_THREADS];
    uint64_t push_cycle[TT_NUM_THREADS][PUSH_RING];
    line_ring *lines;
    bool stop;
    uint64_t warned;
    /* the cycle-level run: cycle is the harness's (as lockstep's), start its cycle 0 of the run, and
     * each instruction's dispatch cycle (its start, for its retire's report) */
    bool timed;
    uint64_t start;
    uint64_t disp_cycle[TT_NUM_THREADS][PUSH_RING];
    const tt_krun *k;      /* the kernels' cores: their threads' `lines` hold the pushing pc */
    /* the cycle-level run: each L1 line's last writer, named when an `expect l1` fails (dpi/l1_owner.h) */
    tt_l1_owner *own;
    /* the SFPLOADMACROs retired lately: who a scheduled SFPSTORE's Dest rows are (timed_sfpu_late) */
    hazard_who lm[8];
    unsigned lm_n;
} run_hb;

static int run(const tt_test *t, tt_model *m, uint64_t max_cycles, tt_run_stats *st, FILE *out, run_hb *rh,
               line_ring *lines);

static bool run_report(void *ctx, const hazard_who *at, bool at_writes, int at_when, const hb_race *x)
{
    run_hb *r = ctx;
    char text[1600], d[96];
    uint64_t cycle = 0;
    hb_race y;
    if (hb_race_swap(r->h, &at, &at_writes, &at_when, x, &y)) x = &y;
    hb_race_text(r->h, at, at_writes, at_when, x, text, sizeof text, &cycle);
    cycle = r->cycle; /* the headline names the cycle the race was found in, as the model's other reports do */
    if (at->store) snprintf(d, sizeof d, "a TRISC store");
    else tt_disasm(at->insn, d, sizeof d);
    const bool warn = r->mode == TT_HAZARDS_WARN;
    /* the cycle as `expect retire` counts it, and (cycle-level run) the harness's, as lockstep says it */
    char when[96];
    if (r->timed)
        snprintf(when, sizeof when, "cycle %llu of the run (harness cycle %llu)",
                 (unsigned long long)(cycle - r->start), (unsigned long long)cycle);
    else
        snprintf(when, sizeof when, "cycle %llu", (unsigned long long)cycle);
    if (at->pc && at->store)
        fprintf(r->out, "%s: HAZARD%s at %s, thread %d's TRISC store, made by TRISC%d at pc 0x%08x\n%s", r->t->path,
                warn ? " (warning)" : "", when, at->thread, at->thread, (uint32_t)at->line, text);
    else if (at->pc)
        fprintf(r->out, "%s: HAZARD%s at %s, thread %d, seq %u: %s, pushed by TRISC%d at pc 0x%08x\n%s", r->t->path,
                warn ? " (warning)" : "", when, at->thread, at->seq, d, at->thread, (uint32_t)at->line, text);
    else if (at->store)
        fprintf(r->out, "%s:%d: HAZARD%s at %s, thread %d's TRISC store\n%s", r->t->path, at->line,
                warn ? " (warning)" : "", when, at->thread, text);
    else
        fprintf(r->out, "%s:%d: HAZARD%s at %s, thread %d, seq %u: %s\n%s", r->t->path, at->line,
                warn ? " (warning)" : "", when, at->thread, at->seq, d, text);
    if (warn) {
        r->warned++;
        return false;
    }
    r->stop = true;
    return true;
}

static void run_step(void *ctx, int thread, const tt_exec_result *x, const tt_bank_state *before)
{
    run_hb *r = ctx;
    if (r->stop || x->status == TT_BLOCKED || x->status == TT_ERROR) return;
    const int line = line_of(&r->lines[thread], x->push_index);
    const hazard_who who = {.thread = thread, .seq = x->seq, .insn = x->insn, .line = line, .disp = r->cycle,
                            .push = r->push_cycle[thread][x->push_index % PUSH_RING]};
    /* started already when it waited for its bank (run_unit_waits) */
    if (!hb_started(r->h, thread, x->seq) && hb_note_dispatch(r->h, &who, x->push_index, r->cycle, run_report, r))
        return;
    (void)hb_note_step(r->h, &who, r->cycle + 1, r->m, x, before, run_report, r);
}

/* An unpacker instruction the model holds for its bank: on the hardware it has started and waits in
 * its unit (UNPACR_Regular.md), so its start is noted now (hb_note_dispatch: its bank access from
 * then on), and a race with another thread's hand-over is reported before the run can hang. Its
 * push is taken as the thread's last (a later one: may hide a race, never reports a false one). */
static void run_unit_waits(run_hb *r, const tt_exec_result res[TT_NUM_THREADS])
{
    for (int th = 0; th < TT_NUM_THREADS && r->h && !r->stop; th++) {
        uint32_t seq = 0, insn = 0;
        char why[160];
        if (res[th].status != TT_BLOCKED || !r->npush[th] || !tt_model_oldest_unexecuted(r->m, th, &seq, &insn))
            continue;
        const int u = tt_timing_unit(insn);
        if ((u != TT_U_UNPACK0 && u != TT_U_UNPACK1) || hb_started(r->h, th, seq) ||
            !tt_model_unit_holds(r->m, th, insn, why, sizeof why))
            continue;
        const uint32_t k = r->npush[th] - 1;
        const hazard_who who = {.thread = th, .seq = seq, .insn = insn, .line = line_of(&r->lines[th], k),
                                .disp = r->cycle, .push = r->push_cycle[th][k % PUSH_RING]};
        (void)hb_note_dispatch(r->h, &who, k, r->cycle, run_report, r);
    }
}

static void run_push(run_hb *r, int stream, int thread, uint32_t insn)
{
    if (!r->h) return;
    const uint32_t k = r->npush[thread]++;
    r->push_cycle[thread][k % PUSH_RING] = r->cycle;
    hb_push(r->h, stream, thread, k, insn, r->cycle);
}

static void run_drains(run_hb *r, tt_stim *s, int stream)
{
    for (unsigned d = tt_stim_take_drains(s, stream), t = 0; d; d >>= 1, t++)
        if ((d & 1u) && r->h) hb_drain(r->h, stream, (int)t);
}

/* The detector's state for one run (NULL, said on out, when memory runs out). */
static run_hb *run_hb_open(const tt_test *t, tt_model *m, int hazards, bool timed, line_ring *lines, FILE *out)
{
    run_hb *rh = calloc(1, sizeof *rh);
    if (rh) {
        *rh = (run_hb){.mode = hazards, .t = t, .m = m, .out = out, .lines = lines, .timed = timed};
        if (hazards == TT_HAZARDS_OFF || (rh->h = hb_create())) return rh;
        free(rh);
    }
    fprintf(out, "%s: out of memory\n", t->path);
    return NULL;
}

static void run_hb_close(run_hb *rh)
{
    hb_destroy(rh->h);
    tt_l1_owner_destroy(rh->own);
    free(rh);
}

int tt_model_run(const tt_test *t, tt_model *m, uint64_t max_cycles, int hazards, tt_run_stats *st, FILE *out)
{
    if (tt_test_has_elf(t)) {
        fprintf(out, "%s: the elf lines need the cycle-level run (leave out --untimed)\n", t->path);
        return 2;
    }
    line_ring lines[TT_NUM_THREADS] = {0};
    run_hb *rh = run_hb_open(t, m, hazards, false, lines, out);
    if (!rh) return 1;
    const int rc = run(t, m, max_cycles, st, out, rh, lines);
    run_hb_close(rh);
    return rc;
}

static int run(const tt_test *t, tt_model *m, uint64_t max_cycles, tt_run_stats *st, FILE *out, run_hb *rh,
               line_ring *lines)
{
    tt_stim s;
    tt_stim_init(&s, t);
    tt_model_reset(m);
    tt_test_apply_preload(t, m);
    *st = (tt_run_stats){0};
    for (;;) {
        rh->cycle = st->cycles;
        bool all_done = true;
        unsigned idle_mask = 0;
        for (int th = 0; th < TT_NUM_THREADS; th++)
            idle_mask |= (tt_model_fifo_count(m, th) == 0) << th;
        /* BRISC first: its push wins the thread's frontend mux, and a TRISC push to the same thread
         * in the same cycle is silently discarded (coprocessor-pipeline "BRISC Coprocessor Access"). */
        int brisc_thread = -1;
        {
            uint32_t w = 0, a = 0, d = 0;
            const tt_stim_kind k = tt_stim_next(&s, TT_BRISC_STREAM, idle_mask, &w, &a, &d);
            run_drains(rh, &s, TT_BRISC_STREAM);
            if (k == TT_STIM_BRISC_PUSH && tt_model_fifo_count(m, (int)a) < TT_FIFO_DEPTH) {
                line_push(&lines[a], tt_stim_line(&s, TT_BRISC_STREAM));
                run_push(rh, TT_BRISC_STREAM, (int)a, w);
                tt_model_push_brisc(m, (int)a, w);
                tt_stim_accept(&s, TT_BRISC_STREAM);
                brisc_thread = (int)a;
            }
            all_done &= tt_stim_done(&s, TT_BRISC_STREAM);
        }
        for (int th = 0; th < TT_NUM_THREADS; th++) {
            /* TRISC side: at most one push or store per thread per cycle. */
            uint32_t w = 0, a = 0, d = 0;
            const tt_stim_kind k = tt_stim_next(&s, th, idle_mask, &w, &a, &d);
            run_drains(rh, &s, th);
            switch (k) {
            case TT_STIM_PUSH:
                if (th == brisc_thread) {
                    tt_stim_accept(&s, th); /* discarded by the mux; the TRISC does not know */
                } else if (tt_model_fifo_count(m, th) < TT_FIFO_DEPTH) {
                    line_push(&lines[th], tt_stim_line(&s, th));
                    run_push(rh, th, th, w);
                    tt_model_push(m, th, w);
                    tt_stim_accept(&s, th);
                }
                break;
            case TT_STIM_STORE: {
                char msg[160];
                if (rh->h) {
                    const hazard_who who = {.thread = th, .line = tt_stim_line(&s, th), .store = true};
                    if (hb_note_mmio(rh->h, &who, a, st->cycles, run_report, rh)) return 1;
                }
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
        rh->cycle = st->cycles;
        if (rh->h) {
            tt_model_cycle_hook(m, res, run_step, rh);
            run_unit_waits(rh, res);
        } else {
            tt_model_cycle(m, res);
        }
        if (rh->stop) return 1;
        if (tt_model_sfpu_busy(m)) {
            /* SFPLOADMACRO's scheduled instructions run by the SFPU's cycles (docs/decisions.md
             * "SFPLOADMACRO" L13), which this run does not have */
            fprintf(out, "%s: SFPLOADMACRO needs the cycle-level run (leave out --untimed)\n", t->path);
            return 2;
        }
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
    if (rh->warned)
        fprintf(out, "%s: %llu race%s reported (--hazards warn)\n", t->path, (unsigned long long)rh->warned,
                rh->warned == 1 ? "" : "s");
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
    /* a kernel test's ELF lines (kernel_run.h tt_krun_elf_line) */
    if (tt_test_has_elf(t))
        for (uint32_t line = 0; line < TT_L1_BYTES / 16u; line++) n += tt_krun_elf_line(t, m, line);
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
            tb_stall_name((int)c, n, sizeof n);
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
            tb_stall_name((int)c, nm, sizeof nm);
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
        tb_stall_name(o->stall[th], reason, sizeof reason);
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

static void run_drain_cb(void *ctx, int stream, int thread)
{
    run_hb *r = ctx;
    if (r->h) hb_drain(r->h, stream, thread);
}

/* A kernel's load got its value (kernel_run.h tt_krun_sync; lockstep: cosim_trisc_sync) */
static void run_load_cb(void *ctx, int thread, uint32_t addr)
{
    run_hb *r = ctx;
    if (r->h) hb_note_mmio_load(r->h, thread, addr);
}

/* The race detector in the cycle-level run: told each dispatch and retire by the scheduler's hooks
 * (ttsched.h), as the lockstep checker tells it at the RTL's. */
static bool timed_dispatched(void *ctx, int thread, uint32_t seq, uint32_t insn, uint32_t push_index, uint64_t cycle)
{
    run_hb *r = ctx;
    if (!r->h) return false;
    r->cycle = cycle;
    r->disp_cycle[thread][seq % PUSH_RING] = cycle;
    const hazard_who who = {.thread = thread, .seq = seq, .insn = insn, .line = line_of(&r->lines[thread], push_index),
                            .pc = tt_krun_on(r->k, thread),
                            .disp = cycle, .push = r->push_cycle[thread][push_index % PUSH_RING]};
    return hb_note_dispatch(r->h, &who, push_index, cycle, run_report, r);
}

static bool timed_retired(void *ctx, int thread, const tt_exec_result *x, uint64_t cycle, const tt_bank_state *before)
{
    run_hb *r = ctx;
    if (x->status == TT_BLOCKED || x->status == TT_ERROR) return false;
    if (r->own && (x->eff.n_l1 || x->eff.n_l1_log)) {
        /* right after the step, while tt_model_l1_writes holds its log (ttsched.h hooks) */
        const int at = line_of(&r->lines[thread], x->push_index); /* a kernel thread's: the pc */
        tt_l1_owner_rec o = {.thread = thread, .seq = x->seq, .insn = x->insn, .cycle = cycle, .line = at};
        if (tt_krun_on(r->k, thread)) o.by_pc = true, o.pc = (uint32_t)at;
        for (int i = 0; i < x->eff.n_l1; i++) tt_l1_owner_note(r->own, x->eff.l1_addr[i], &o);
        size_t nl = 0;
        const tt_l1_write *lw = x->eff.n_l1_log ? tt_model_l1_writes(r->m, &nl) : NULL;
        for (size_t i = 0; i < nl; i++) tt_l1_owner_note(r->own, lw[i].addr, &o);
    }
    if (!r->h) return false;
    r->cycle = cycle;
    const hazard_who who = {.thread = thread, .seq = x->seq, .insn = x->insn, .pc = tt_krun_on(r->k, thread),
                            .line = line_of(&r->lines[thread], x->push_index),
                            .disp = r->disp_cycle[thread][x->seq % PUSH_RING],
                            .push = r->push_cycle[thread][x->push_index % PUSH_RING]};
    if ((uint8_t)(x->insn >> 24) == TT_OPC_SFPLOADMACRO) r->lm[r->lm_n++ % 8] = who;
    return hb_note_step(r->h, &who, cycle, r->m, x, before, run_report, r);
}

/* A scheduled SFPSTORE's Dest rows, as its SFPLOADMACRO's accesses (S15, L7), as the lockstep
 * checker notes them */
static bool timed_sfpu_late(void *ctx, int thread, uint32_t seq, uint64_t cycle)
{
    run_hb *r = ctx;
    if (!r->h) return false;
    for (unsigned i = 0; i < 8 && i < r->lm_n; i++) {
        const hazard_who *who = &r->lm[(r->lm_n - 1 - i) % 8];
        if (who->thread != thread || who->seq != seq) continue;
        r->cycle = cycle;
        size_t n = 0;
        const tt_rf_write *w = tt_model_rf_writes(r->m, &n);
        return hb_note_late_dest_writes(r->h, who, w, n, run_report, r);
    }
    return false; /* no longer remembered: not noted */
}

static int run_timed_k(const tt_test *t, tt_model *m, uint64_t max_cycles, FILE *profile, const tt_timing_profile *tp,
                       tt_run_stats *st, uint64_t *checks, FILE *out, run_hb *rh, line_ring *lines);

int tt_model_run_timed(const tt_test *t, tt_model *m, uint64_t max_cycles, int hazards, FILE *profile,
                       tt_run_stats *st, uint64_t *checks, FILE *out)
{
    return tt_model_run_timed_profile(t, m, max_cycles, hazards, profile, NULL, st, checks, out);
}

int tt_model_run_timed_profile(const tt_test *t, tt_model *m, uint64_t max_cycles, int hazards, FILE *profile,
                               const tt_timing_profile *tp, tt_run_stats *st, uint64_t *checks, FILE *out)
{
    line_ring lines[TT_NUM_THREADS] = {0};
    run_hb *rh = run_hb_open(t, m, hazards, true, lines, out);
    if (!rh) return 1;
    const int rc = run_timed_k(t, m, max_cycles, profile, tp, st, checks, out, rh, lines);
    run_hb_close(rh);
    return rc;
}

static int run_timed(const tt_test *t, tt_model *m, uint64_t max_cycles, FILE *profile, const tt_timing_profile *tp,
                     tt_run_stats *st, uint64_t *checks, FILE *out, run_hb *rh, line_ring *lines, tt_krun *k);

static int run_timed_k(const tt_test *t, tt_model *m, uint64_t max_cycles, FILE *profile, const tt_timing_profile *tp,
                       tt_run_stats *st, uint64_t *checks, FILE *out, run_hb *rh, line_ring *lines)
{
    tt_krun *k = NULL;
    if (tt_test_has_elf(t) && !(k = tt_krun_create())) {
        fprintf(out, "%s: out of memory\n", t->path);
        return 1;
    }
    const int rc = run_timed(t, m, max_cycles, profile, tp, st, checks, out, rh, lines, k);
    tt_krun_destroy(k);
    return rc;
}

static int run_timed(const tt_test *t, tt_model *m, uint64_t max_cycles, FILE *profile, const tt_timing_profile *tp,
                     tt_run_stats *st, uint64_t *checks, FILE *out, run_hb *rh, line_ring *lines, tt_krun *k)
{
    tt_stim s;
    tt_stim_init(&s, t);
    tt_model_reset(m);
    tt_test_apply_preload(t, m);
    *st = (tt_run_stats){0};
    *checks = 0;
    if (k) tt_krun_set_sync(k, &(tt_krun_sync){.ctx = rh, .load = run_load_cb});
    if (k && tt_krun_load(k, t, m, out)) return 2;
    tt_sched *sc = tt_sched_create_profile(m, tp);
    if (!sc) {
        fprintf(out, "%s: out of memory\n", t->path);
        return 1;
    }
    const uint64_t start = tt_lockstep_start_cycle(t, m);
    rh->start = start;
    if (rh->h) hb_set_origin(rh->h, start); /* the report's cycles as `expect retire` counts them */
    rh->k = k;
    rh->own = tt_l1_owner_create(); /* NULL: failing L1 expectations name no writer */
    if (rh->h || rh->own)
        tt_sched_set_hooks(sc, &(tt_sched_hooks){.ctx = rh, .dispatched = timed_dispatched, .retired = timed_retired,
                                              .sfpu_late = timed_sfpu_late});
    size_t met = 0;
    tt_cycle_stim cs = {0};
    const tt_sched_in *const inp = &cs.in;
    tt_sched_out o;
    int rc = 0, idle_run = 0, sfpu_drain = 0;
    uint64_t rel = 0;
    tile_count tiles = {0};
    tt_bank_state b0;
    tt_model_banks_get(m, &b0);
    uint32_t banks = tt_bank_pack(&b0);
    static char why[1024];
    /* the stimulus call at the end of the cycle before cycle 0 (every thread idle) */
    tt_cycle_stim_files(&s, (1u << TT_NUM_THREADS) - 1u, &cs, run_drain_cb, rh);
    if (k && !tt_krun_step(k, t, &cs, (1u << TT_NUM_THREADS) - 1u, out)) rc = 1;
    if (cs.post_taken) tt_stim_accept(&s, TT_BRISC_STREAM);
    for (; !rc; rel++) {
        const uint64_t cycle = start + rel;
        rh->cycle = cycle;
        /* first at the edge: the kernel's load offered the cycle before gets the state after the
         * edge before (lockstep: the RTL's load port, compared there; tb/harness.c tb_on_trisc_load) */
        if (cs.load_valid)
            tt_krun_load_deliver(k, cs.load_thread, tt_krun_load_model(k, cs.load_thread, cs.load_addr, NULL, 0));
        if (rh->h && inp->store_valid) {
            /* the store lands at this edge (tb/harness.c tb_on_mmio, lockstep's cosim_mmio) */
            /* a kernel's: the store's pc */
            const bool kst = tt_krun_on(k, inp->store_thread);
            const int sl = kst ? (int)tt_krun_store_pc(k) : tt_stim_line(&s, inp->store_thread);
            const hazard_who who = {.thread = inp->store_thread, .line = sl, .store = true, .pc = kst};
            if (hb_note_mmio(rh->h, &who, inp->store_addr, cycle, run_report, rh)) {
                rc = 1;
                break;
            }
        }
        if (rh->h && cs.l1_valid) {
            /* the kernel's L1 store lands at this edge: a write of its line (cosim_trisc_l1) */
            const hazard_who who = {.thread = cs.l1_thread, .line = (int)cs.l1_pc, .store = true, .pc = true};
            if (hb_note_l1_store(rh->h, &who, cs.l1_addr, cycle, run_report, rh)) {
                rc = 1;
                break;
            }
        }
        if (!tt_sched_cycle(sc, cycle, inp, &o, why, sizeof why)) {
            if (o.hook_stop) {
                /* the race detector stopped the run and said why */
            } else if (o.store_failed && tt_krun_on(k, inp->store_thread)) {
                char w[600];
                fprintf(out, "%s: TRISC%d store at pc 0x%08x: %s\n", tt_krun_elf_where(t, inp->store_thread, w, sizeof w),
                        inp->store_thread, tt_krun_store_pc(k), o.store_msg);
            } else if (o.store_failed) {
                fprintf(out, "%s:%d: thread %d store: %s\n", t->path, tt_stim_line(&s, inp->store_thread), inp->store_thread,
                        o.store_msg);
            } else if (why[0]) {
                fprintf(out, "%s: cycle %llu of the run (absolute %llu): %s\n", t->path, (unsigned long long)rel,
                        (unsigned long long)cycle, why);
            } else {
                const tt_sched_retire *r = &o.retired[o.n_retired - 1];
                char dis[96], by[64];
                tt_disasm(r->res.insn, dis, sizeof dis);
                tt_krun_pushed_by(k, r->thread, r->res.push_index, by, sizeof by);
                fprintf(out, "%s:%d: thread %d seq %u, cycle %llu: %s (0x%08x)%s: %s: %s\n", t->path,
                        tt_krun_on(k, r->thread) ? t->elf_line[r->thread] : line_of(&lines[r->thread], r->res.push_index),
                        r->thread, r->res.seq,
                        (unsigned long long)rel, dis, r->res.insn, by, tt_status_name(r->res.status), r->res.msg);
            }
            rc = 1;
            break;
        }
        /* the TRISC side's accepts at this edge (tb/harness.c tb_on_push, tb_on_mmio) */
        if (inp->brisc_valid && o.brisc_taken) {
            line_push(&lines[inp->brisc_thread], tt_stim_line(&s, TT_BRISC_STREAM));
            run_push(rh, TT_BRISC_STREAM, inp->brisc_thread, inp->brisc_insn);
            if (tt_krun_on(k, inp->brisc_thread)) (void)tt_krun_push_taken(k, inp->brisc_thread, false);
            tt_stim_accept(&s, TT_BRISC_STREAM);
        }
        for (int th = 0; th < TT_NUM_THREADS; th++) {
            if (!inp->push_valid[th] || !o.push_taken[th]) continue;
            const bool kern = tt_krun_on(k, th);
            const bool dropped = inp->brisc_valid && o.brisc_taken && inp->brisc_thread == th;
            if (!dropped) {
                /* a kernel's thread: the pushing pc stands for the line (its reports say the pc) */
                line_push(&lines[th], kern ? (int)tt_krun_push_taken(k, th, true) : tt_stim_line(&s, th));
                run_push(rh, th, th, inp->push_insn[th]);
            }
            if (kern) {
                /* a push the BRISC's won over is gone; the core does not know (as a file's) */
                if (dropped) tt_krun_push_dropped(k, th);
            } else {
                tt_stim_accept(&s, th);
            }
        }
        if (inp->store_valid && !tt_krun_on(k, inp->store_thread)) tt_stim_accept(&s, inp->store_thread);
        /* the kernel's L1 store lands at this edge, after the edge's instruction writes (lockstep:
         * tt_core tl1_*_i, over a same-edge write of its line) */
        if (cs.l1_valid) {
            tt_krun_l1_apply(m, cs.l1_addr, cs.l1_size, cs.l1_data);
            st->l1_writes++;
        }
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
        done = done && (!k || tt_krun_done(k));
        /* SFPLOADMACRO (L12): the drain waits for scheduled instructions; one still waiting after the
         * longest delay by cycles (7) waits for SFP instructions that never come */
        if (done && tt_model_sfpu_busy(m) && ++sfpu_drain <= 8) done = false;
        idle_run = done ? idle_run + 1 : 0;
        if (idle_run >= 2) {
            rel++;
            break;
        }
        if (cycle + 1 >= max_cycles) {
            fprintf(out, "%s: watchdog: %llu cycles passed and the run has not finished:\n", t->path,
                    (unsigned long long)max_cycles);
            report_stuck_timed(m, &s, t, &o, out);
            char ks[1024] = "";
            tt_krun_stuck_text(k, t, ks, sizeof ks);
            fputs(ks, out);
            rc = 1;
            break;
        }
        tt_cycle_stim_files(&s, o.idle_mask, &cs, run_drain_cb, rh);
        const bool kstep_ok = !k || tt_krun_step(k, t, &cs, o.idle_mask, out);
        if (cs.post_taken) tt_stim_accept(&s, TT_BRISC_STREAM);
        if (!kstep_ok) {
            rel++;
            rc = 1;
            break;
        }
    }
    st->cycles = start + rel;
    *checks = tt_sched_checks(sc);
    if (profile) print_profile(tt_sched_profile_of(sc), rel, &tiles, profile);
    tt_sched_destroy(sc);
    if (rh->warned)
        fprintf(out, "%s: %llu race%s reported (--hazards warn)\n", t->path, (unsigned long long)rh->warned,
                rh->warned == 1 ? "" : "s");
    if (rc) return rc;
    if (tt_model_sfpu_busy(m)) {
        fprintf(out, "%s: SFPLOADMACRO: %u scheduled instructions never executed (docs/decisions.md \"SFPLOADMACRO\" "
                     "L12)\n", t->path, tt_model_sfpu_outstanding(m));
        return 1;
    }
    if (met < t->nretire_expect) {
        fprintf(out, "%s: %zu 'expect retire' line(s) name an instruction that never retired\n", t->path,
                t->nretire_expect - met);
        return 1;
    }
    return tt_test_check_owner(t, m, rh->own, out) ? 1 : 0;
}
