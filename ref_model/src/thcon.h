/* thcon.h: the scalar unit (ThCon): GPR arithmetic, SETDMAREG, LOADIND/STOREIND to L1,
 * LOADREG/STOREREG. */
#ifndef THCON_H
#define THCON_H
#include "model_state.h"

void tt_exec_setdmareg(tt_model *m, int thread, uint32_t insn, tt_exec_result *r);
/* ADDDMAREG, SUBDMAREG, MULDMAREG, BITWOPDMAREG, SHIFTDMAREG, CMPDMAREG (the opcode picks). */
void tt_exec_dmareg_alu(tt_model *m, int thread, uint32_t insn, tt_exec_result *r);
void tt_exec_storeind(tt_model *m, int thread, uint32_t insn, tt_exec_result *r);
void tt_exec_loadind(tt_model *m, int thread, uint32_t insn, tt_exec_result *r);
/* LOADREG and STOREREG (the opcode picks). */
void tt_exec_loadstorereg(tt_model *m, int thread, uint32_t insn, tt_exec_result *r);
#endif
