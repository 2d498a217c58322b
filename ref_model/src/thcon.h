/* thcon.h: the scalar unit (ThCon): GPR instructions and STOREIND to L1. */
#ifndef THCON_H
#define THCON_H
#include "model_state.h"

void tt_exec_setdmareg(tt_model *m, int thread, uint32_t insn, tt_exec_result *r);
void tt_exec_adddmareg(tt_model *m, int thread, uint32_t insn, tt_exec_result *r);
void tt_exec_storeind(tt_model *m, int thread, uint32_t insn, tt_exec_result *r);
#endif
