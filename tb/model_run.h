/* model_run.h: the scheduler for model-only runs: every thread's TRISC stream feeds the model's
 * frontends, and each cycle every thread whose wait gate allows it executes one instruction. */
#ifndef MODEL_RUN_H
#define MODEL_RUN_H
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "test_loader.h"
#include "tttiming.h" /* tt_timing_profile */

typedef struct {
    uint64_t cycles;
    uint64_t instructions;
    uint64_t l1_writes;
} tt_run_stats;

/* The race detector (docs/decisions.md "Race detector"): off, warn (report each race and go on),
 * error (the first race ends the run). */
enum { TT_HAZARDS_OFF, TT_HAZARDS_WARN, TT_HAZARDS_ERROR };

/* Returns 0 when the run completed and every expectation held; 1 otherwise, with the reason
 * printed to `out`. */
int tt_model_run(const tt_test *t, tt_model *m, uint64_t max_cycles, int hazards, tt_run_stats *st, FILE *out);

/* The cycle-level run (ttsched.h): cycles counted as the lockstep harness counts them (reset and the
 * preload items first), `expect retire` lines checked, the timing reference judging every cycle, the
 * race detector (hazards: TT_HAZARDS_*) told each push, store, drain, dispatch and retire as the
 * lockstep checker tells it.
 * profile: where to print the per-thread, per-unit, per-stall-reason and per-tile summary after the
 * run (NULL: none).
 * checks: the timing reference's rule checks. */
int tt_model_run_timed(const tt_test *t, tt_model *m, uint64_t max_cycles, int hazards, FILE *profile,
                       tt_run_stats *st, uint64_t *checks, FILE *out);
/* ... scheduled and judged by the timing profile tp (tttiming.h; NULL: house). */
int tt_model_run_timed_profile(const tt_test *t, tt_model *m, uint64_t max_cycles, int hazards, FILE *profile,
                               const tt_timing_profile *tp, tt_run_stats *st, uint64_t *checks, FILE *out);
/* Cycles of the lockstep harness before cycle 0 of a run (reset, then one a preload item and one
 * to end the preload: tb/tb_top.sv), for a model holding the test's preload. */
uint64_t tt_lockstep_start_cycle(const tt_test *t, const tt_model *m);
#endif
