/* state_check.h: the RTL's architectural state, read back through tt_core's backdoor read port
 * after the run, and compared in full with the model's (issue 8 part 0; docs/design.md "State
 * read-back"). The retire reports say what the RTL meant to write; this says what it kept: an RTL
 * that reports a GPR or register-file write but never makes it passes every retire comparison and
 * is caught here. The read-back fills a second model (the "RTL view"), so the test file's `expect`
 * lines are checked against the RTL's state with the same code as against the model's. */
#ifndef STATE_CHECK_H
#define STATE_CHECK_H

#include <stdbool.h>
#include <stdint.h>

#include "ttmodel.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Read-back targets: the backdoor preload's 0..7 (docs/design.md) plus the mutex holders. */
enum { SC_CFG = 0, SC_TCFG = 1, SC_GPR = 2, SC_SEM = 3, SC_L1 = 4, SC_ADC = 5, SC_RF = 6, SC_BANKS = 7, SC_MUTEX = 8 };

typedef struct state_check state_check;

/* `m` is the model after its preload: L1 lines that are not zero then are read back at the end. */
state_check *state_check_create(const tt_model *m);
void state_check_destroy(state_check *s);
/* An L1 line the model or the RTL wrote (byte address): read back at the end. */
void state_check_touch_l1(state_check *s, uint32_t addr);
/* Item idx of the read-back (target, unit, addr as tt_core's bdr_* ports take them); false past
 * the last. Items are asked for in order from 0. */
bool state_check_item(state_check *s, unsigned idx, int *target, int *unit, uint32_t *addr);
/* The RTL's data for item idx (bdr_data_o, word k in data[k]). */
void state_check_data(state_check *s, unsigned idx, const uint32_t data[4]);
/* Every item was read back. */
bool state_check_complete(const state_check *s);
/* How many items the read-back has (0 before it starts). */
unsigned state_check_items(const state_check *s);
/* The model filled from the read-back (valid once complete). */
const tt_model *state_check_view(const state_check *s);
/* Compares the model's state with the read-back: report(ctx, element, model value, RTL value) for
 * each difference, at most `max` of them. Returns the number of differences. */
typedef void (*state_check_report_fn)(void *ctx, const char *element, uint64_t model, uint64_t rtl);
int state_check_compare(const state_check *s, const tt_model *m, state_check_report_fn report, void *ctx, int max);

#ifdef __cplusplus
}
#endif
#endif
