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
void tt_exec_movb2a(tt_model *m, int thread, uint32_t insn, tt_exec_result *r);
/* A matrix-unit instruction's bank hand-over at its retire (SETRWC FlipSrcA/B, the arithmetic's
 * clear_dvalid): the matrix unit's bank returns to the unpackers unless CLR_DVALID_SrcA/B_Disable,
 * and its pointer flips. */
void tt_math_flip_banks(tt_model *m, int thread, bool flip_a, bool flip_b, tt_exec_result *r);
/* Whether an instruction waits now for the banks tt_mx_bank_sides (ttmodel.h) names. */
bool tt_movement_holds(const tt_model *m, uint32_t insn, char *why, size_t whylen);

/* RWCs at issue (docs/decisions.md "Matrix unit timing"): does the instruction use RWCs, and its
 * update as the matrix unit accepts it (returns its thread's RWCs before the update, which it uses
 * when it executes). */
bool tt_rwc_user(uint32_t insn);
tt_rwc tt_rwc_issue(tt_model *m, int thread, uint32_t insn);
/* The RWCs the executing instruction uses: those it found at issue when the update was made then
 * (lockstep), else (the model-only scheduler) it issues now. */
tt_rwc tt_rwc_in(tt_model *m, int thread, uint32_t insn);

/* The matrix unit's acceptance rules (MOVA2D.md, MOVB2D.md, MOVD2A.md, MOVD2B.md "Instruction
 * scheduling"; MatrixUnit.md SHIFTXB throughput): which rule holds a matrix-unit instruction
 * presented now (TT_MR_*, the stall detail of tt_pkg mrule_e), or -1; the rule in words; and one
 * cycle passing, in which `insn` was accepted if `accepted`. The RTL keeps the same rules itself
 * (tt_math_unit); the timing reference and the model-only scheduler use these. */
enum { TT_MR_DST_READ, TT_MR_D2A, TT_MR_D2B, TT_MR_SHIFTXB };
int tt_mx_rule(const tt_mx_recent *r, uint32_t insn);
const char *tt_mx_rule_text(int rule);
void tt_mx_tick(tt_mx_recent *r, bool accepted, uint32_t insn);
#endif
