/* adc.h: the address counters (ADCs) and the Miscellaneous-unit instructions that set them:
 * SETADC, SETADCXY, SETADCZW, SETADCXX, INCADCXY, INCADCZW, ADDRCRXY, ADDRCRZW
 * (ISA documentation ADCs.md and the per-instruction pages; unpack-data-path §4, pack-data-path §4). */
#ifndef ADC_H
#define ADC_H
#include "model_state.h"

/* Field k of a channel in report order (0 x, 1 x_cr, 2 y, 3 y_cr, 4 z, 5 z_cr, 6 w, 7 w_cr). */
#define TT_ADC_FIELDS 8
uint32_t *tt_adc_field(tt_adc_channel *c, int k);
/* Width mask of field k: X 18 bits, Y 13, Z and W 13 on Blackhole (ADCs.md). */
uint32_t tt_adc_field_mask(int k);

/* Report thread t's ADC channels in `we` (bit 2*set + channel) with their values after. */
void tt_adc_record(const tt_model *m, int t, uint8_t we, tt_exec_result *r);
void tt_exec_setadc(tt_model *m, int thread, uint32_t insn, tt_exec_result *r);
void tt_exec_setadcxx(tt_model *m, int thread, uint32_t insn, tt_exec_result *r);
/* SETADCXY, SETADCZW, INCADCXY, INCADCZW, ADDRCRXY, ADDRCRZW: one handler, decoded by a table. */
void tt_exec_adc_xyzw(tt_model *m, int thread, uint32_t insn, tt_exec_result *r);
#endif
