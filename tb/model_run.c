/* model_run.c: see model_run.h. */
#include "model_run.h"

#include <stdlib.h>

#include "hb.h"
#include "stim.h"
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
    if (at->store)
        fprintf(r->out, "%s:%d: HAZARD%s at cycle %llu, thread %d's TRISC store\n%s", r->t->path, at->line,
                warn ? " (warning)" : "", (unsigned long long)cycle, at->thread, text);
    else
        fprintf(r->out, "%s:%d: HAZARD%s at cycle %llu, thread %d, seq %u: %s\n%s", r->t->path, at->line,
                warn ? " (warning)" : "", (unsigned long long)cycle, at->thread, at->seq, d, text);
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
    tt_bank_state after;
    tt_model_banks_get(r->m, &after);
    size_t nr = 0, nl = 0;
    const uint32_t *l1r = tt_model_l1_reads(r->m, &nr);
    const bool ok = x->status == TT_OK;
    const tt_l1_write *lw = ok && x->eff.n_l1_log ? tt_model_l1_writes(r->m, &nl) : NULL;
    (void)hb_note_retire(r->h, &who, r->cycle + 1, tt_model_last_reads(r->m), l1r, nr, ok ? &x->eff : NULL, lw, nl,
                         before, &after, run_report, r);
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

int tt_model_run(const tt_test *t, tt_model *m, uint64_t max_cycles, int hazards, tt_run_stats *st, FILE *out)
{
    line_ring lines[TT_NUM_THREADS] = {0};
    run_hb *rh = calloc(1, sizeof *rh);
    if (!rh) {
        fprintf(out, "%s: out of memory\n", t->path);
        return 1;
    }
    *rh = (run_hb){.mode = hazards, .t = t, .m = m, .out = out, .lines = lines};
    if (hazards != TT_HAZARDS_OFF && !(rh->h = hb_create())) {
        free(rh);
        fprintf(out, "%s: out of memory\n", t->path);
        return 1;
    }
    const int rc = run(t, m, max_cycles, st, out, rh, lines);
    hb_destroy(rh->h);
    free(rh);
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
