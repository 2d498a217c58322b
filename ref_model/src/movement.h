/* movement.h: the matrix unit's data-movement subset and its row counters (ISA documentation
 * RWCs.md, SETRWC.md, INCRWC.md, ZEROACC.md, MOVA2D.md, MOVB2D.md, MOVD2A.md, MOVD2B.md). */
#ifndef MOVEMENT_H
#define MOVEMENT_H
#include "model_state.h"

void tt_exec_setrwc(tt_model *m, int thread, uint32_t insn, tt_exec_result *r);
void tt_exec_incrwc(tt_model *m, int thread, uint32_t insn, tt_exec_result *r);
void tt_exec_zeroacc(tt_model *m, int thread, uint32_t insn, tt_exec_result *r);
/* MOVA2D and MOVB2D (the opcode picks). */
void tt_exec_mov_src2d(tt_model *m, int thread, uint32_t insn, tt_exec_result *r);
/* MOVD2A and MOVD2B (the opcode picks). */
void tt_exec_mov_d2src(tt_model *m, int thread, uint32_t insn, tt_exec_result *r);
/* MOVA2D / MOVB2D wait at the wait gate until the matrix unit owns its source bank. */
bool tt_movement_holds(const tt_model *m, uint32_t insn, char *why, size_t whylen);
#endif
