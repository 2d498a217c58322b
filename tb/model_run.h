/* model_run.h: the scheduler for model-only runs: every thread's TRISC stream feeds the model's
 * frontends, and each cycle every thread whose wait gate allows it executes one instruction. */
#ifndef MODEL_RUN_H
#define MODEL_RUN_H
#include <stdio.h>

#include "test_loader.h"

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
#endif
