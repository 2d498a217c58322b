/* state_check.h: the RTL's architectural state, read back through tt_core's backdoor read port
 * and compared with the model's (issue 8 part 0; docs/design.md "State read-back"). The retire
 * reports say what the RTL meant to write; this says what it kept: an RTL that reports a GPR or
 * register-file write but never makes it passes every retire comparison and is caught here.
 *
 * A read-back is a pass: state_check_begin lists its items (what is read depends on the scope),
 * the harness reads them one by one (state_check_item / state_check_data) and
 * state_check_compare compares exactly the elements read. Passes:
 *   - SC_FULL, after a run that passed: everything (config, thread config, GPRs, semaphores, ADCs,
 *     SrcA, SrcB, Dest, banks, mutexes, RWCs, the unpackers' counters, MOP config, wait latches) and every L1 line that was not zero after the preload or
 *     that either side wrote. It fills a second model (the "RTL view"), so the test file's `expect`
 *     lines are checked against the RTL's state with the same code as against the model's.
 *   - SC_DRAIN, at a drained point (docs/design.md "Drained points"): the small state in full (all
 *     but the register files and L1), and of the register files and L1 only the rows and lines
 *     written (by the model or in the RTL's reports) since the previous pass. */
#ifndef STATE_CHECK_H
#define STATE_CHECK_H

#include <stdbool.h>
#include <stdint.h>

#include "ttmodel.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Read-back targets: the backdoor preload's 0..7 (docs/design.md) plus the mutex holders, the
 * packer's PACR_SETREG write data (docs/decisions.md "PACR_SETREG"), Dest's zero flags and the
 * counters and latches of 11..14. */
enum { SC_CFG = 0, SC_TCFG = 1, SC_GPR = 2, SC_SEM = 3, SC_L1 = 4, SC_ADC = 5, SC_RF = 6, SC_BANKS = 7, SC_MUTEX = 8,
       SC_PACK = 9, SC_DVALID = 10,
       /* the counters and latches (issue 26), compared at drained points and after the run: the
        * RWCs, the unpackers' SrcRow and context counters, the MOP config, the wait latches */
       SC_RWC = 11, SC_UNPCNT = 12, SC_MOP = 13, SC_WAIT = 14,
       /* the SFPU's state (tt_model_sfpu_item): after the run, and at a drained point when an SFP
        * instruction ran since the last pass */
       SC_SFPU = 15 };

/* Scope of a pass. */
typedef enum { SC_FULL = 0, SC_DRAIN = 1 } state_check_scope;

typedef struct state_check state_check;

/* `m` is the model after its preload: L1 lines that are not zero then are read back at the end. */
state_check *state_check_create(const tt_model *m);
void state_check_destroy(state_check *s);
/* An L1 line the model or the RTL wrote (byte address): read back at the end, and at the next
 * drained point. */
void state_check_touch_l1(state_check *s, uint32_t addr);
/* A register-file row the model or the RTL wrote (tt_rf_file, so Dest32 rows too): read back at
 * the next drained point (the end reads every row anyway). */
void state_check_touch_rf(state_check *s, int file, int bank, int row);
/* An SFP instruction ran: the SFPU's state is read back at the next drained point. */
void state_check_touch_sfpu(state_check *s);
/* Starts a pass: lists its items and forgets what was written since the previous pass. Returns
 * the number of items (0: out of memory). */
unsigned state_check_begin(state_check *s, state_check_scope scope);
/* Item idx of the current pass (target, unit, addr as tt_core's bdr_* ports take them); false
 * past the last. */
bool state_check_item(state_check *s, unsigned idx, int *target, int *unit, uint32_t *addr);
/* The RTL's data for item idx (bdr_data_o, word k in data[k]). */
void state_check_data(state_check *s, unsigned idx, const uint32_t data[4]);
/* A full pass was read back completely. */
bool state_check_complete(const state_check *s);
/* How many items the last full pass has (0 before one starts). */
unsigned state_check_items(const state_check *s);
/* How many items the current pass has. */
unsigned state_check_pass_items(const state_check *s);
/* The model filled from the read-back (valid once complete). */
const tt_model *state_check_view(const state_check *s);
/* Compares the model's state with the current pass's items: report(ctx, element, model value, RTL
 * value) for each difference, at most `max` of them. Returns the number of differences. */
typedef void (*state_check_report_fn)(void *ctx, const char *element, uint64_t model, uint64_t rtl);
int state_check_compare(const state_check *s, const tt_model *m, state_check_report_fn report, void *ctx, int max);

#ifdef __cplusplus
}
#endif
#endif
