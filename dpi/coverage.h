/* coverage.h: functional coverage of a lockstep run (issue 8 part 5). The checker feeds it what it
 * already has: every push, every retire (with the model's tt_exec_result: origin, data-path
 * configuration) and every cycle's timing trace (stall reasons). Bins are defined as data in
 * coverage.c; a bin that no passing run can hit is listed with the reason, not left out. Only
 * created when a run asks for it (+coverage=FILE.json): costs nothing otherwise. */
#ifndef COVERAGE_H
#define COVERAGE_H

#include <stdbool.h>
#include <stdint.h>

#include "ttmodel.h"
#include "tttiming.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct tt_cov tt_cov;

tt_cov *tt_cov_create(void);
void tt_cov_destroy(tt_cov *v);
/* A push the RTL took (TRISC or BRISC) into thread's frontend. */
void tt_cov_push(tt_cov *v, int thread, uint32_t insn, bool brisc);
/* An instruction the model executed (status TT_OK) for thread's retire. */
void tt_cov_retire(tt_cov *v, int thread, const tt_exec_result *x);
/* One cycle's frontend trace (stall reason per thread). */
void tt_cov_cycle(tt_cov *v, const tt_timing_obs *o);
/* The bins as JSON text (docs: tools/coverage_report.py); the caller frees it. NULL: out of memory. */
char *tt_cov_json(const tt_cov *v, const char *test, const char *result);
/* A bin's count, -1 when group/bin does not exist (for tests). */
long long tt_cov_count(const tt_cov *v, const char *group, const char *bin);
/* Bins in a group (reachable and unreachable), -1 for no such group. */
int tt_cov_group_bins(const tt_cov *v, const char *group);

#ifdef __cplusplus
}
#endif
#endif
