/* gate_waits.h: the waits of the instruction at a thread's wait gate itself, whatever the latched
 * STALLWAIT / SEMWAIT says: an ATGETM while another thread holds its mutex (BH SyncUnit.md), a
 * matrix-unit instruction until the matrix unit owns the banks it reads (MatrixUnit.md, MOVA2D.md).
 * The model's gate (model.c) and the timing reference (timing.c) apply the same rule from here: a
 * leaf both call, so neither calls the other for it. */
#ifndef GATE_WAITS_H
#define GATE_WAITS_H
#include "model_state.h"

/* True, with the reason in why, while `insn` must wait at thread's gate. */
bool tt_gate_insn_waits(const tt_model *m, int thread, uint32_t insn, char *why, size_t whylen);
#endif
