/* frontend.h: a thread's frontend up to the wait gate: instruction FIFO -> MOP expander -> replay
 * expander (ISA documentation TensixCoprocessor README "Frontend"; coprocessor-pipeline "Frontend
 * Pipeline"). BRISC pushes sit in the same FIFO, marked, and pass the MOP expander untouched. */
#ifndef FRONTEND_H
#define FRONTEND_H
#include "model_state.h"

bool tt_fifo_push(tt_fifo *f, uint32_t insn, bool brisc);
bool tt_fifo_peek(const tt_fifo *f, uint32_t *insn);
void tt_fifo_pop(tt_fifo *f);

/* Where an instruction leaving the replay expander came from. */
typedef enum { TT_FE_PUSHED, TT_FE_BRISC, TT_FE_MOP, TT_FE_REPLAY } tt_fe_origin;

typedef struct {
    uint32_t insn;
    uint32_t src;          /* push index of the pushed instruction it came from (MOP, REPLAY, itself) */
    tt_fe_origin origin;
    bool loaded;           /* it was also written into the replay buffer */
} tt_fe_insn;

/* Let the expanders take in everything that emits nothing (MOP_CFG, a MOP's start, an empty MOP,
 * a REPLAY, instructions loaded without Exec), in order, up to the next instruction to emit. The
 * model calls it after every push and every executed instruction, so FIFO slots free as the
 * hardware frees them (a slot is freed when the MOP expander consumes it). */
void tt_fe_settle(tt_model *m, int thread);
/* The instruction the frontend emits next, without consuming it; false when none. */
bool tt_fe_peek(const tt_model *m, int thread, tt_fe_insn *out);
/* Consume it (then settle). */
bool tt_fe_take(tt_model *m, int thread, tt_fe_insn *out);
/* Pushed instructions still to come out: FIFO entries, plus one for an expansion or replay in
 * progress. 0 means the thread's frontend is empty. */
int tt_fe_pending(const tt_model *m, int thread);
/* A MOP of this thread is queued in the FIFO or being expanded (TTSync MOPExpanderDoneCheck). */
bool tt_fe_mop_busy(const tt_model *m, int thread);
/* Opcodes only the frontend handles: reaching the wait gate is undefined. */
bool tt_fe_is_frontend_op(uint32_t insn);
#endif
