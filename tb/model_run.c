/* model_run.c: see model_run.h. */
#include "model_run.h"

#include "stim.h"
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
