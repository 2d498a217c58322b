/* sync_unit.h: semaphores, mutexes and the wait-gate latch (STALLWAIT, SEMWAIT). */
#ifndef SYNC_UNIT_H
#define SYNC_UNIT_H
#include "model_state.h"

void tt_exec_seminit(tt_model *m, int thread, uint32_t insn, tt_exec_result *r);
void tt_exec_sempost(tt_model *m, int thread, uint32_t insn, tt_exec_result *r);
void tt_exec_semget(tt_model *m, int thread, uint32_t insn, tt_exec_result *r);
void tt_exec_semwait(tt_model *m, int thread, uint32_t insn, tt_exec_result *r);
void tt_exec_stallwait(tt_model *m, int thread, uint32_t insn, tt_exec_result *r);
void tt_exec_atgetm(tt_model *m, int thread, uint32_t insn, tt_exec_result *r);
void tt_exec_atrelm(tt_model *m, int thread, uint32_t insn, tt_exec_result *r);
/* Model-only scheduler: is `insn` an ATGETM whose mutex another thread holds? `why` names the
 * mutex and its holder. */
bool tt_mutex_holds(const tt_model *m, int thread, uint32_t insn, char *why, size_t whylen);
tt_status tt_sem_mmio_store(tt_model *m, uint32_t offset, uint32_t value, char *msg, size_t msglen);

/* The latch a retiring STALLWAIT or SEMWAIT sets (the Blackhole defaults for zero masks); the
 * model's wait gate and the timing reference (timing.c) both take it from here. */
tt_wait_latch tt_wait_latch_of(uint32_t insn);
/* Does the latch hold an instruction with this opcode (NOP only by all nine block bits)? */
bool tt_wait_latch_blocks(const tt_wait_latch *w, uint8_t opcode);
/* Would the latched wait of `thread` hold an instruction with this opcode? `why` names the cause. */
bool tt_wait_gate_holds(const tt_model *m, int thread, uint8_t opcode, char *why, size_t whylen);
/* Clear a latch whose condition no longer holds (the model-only scheduler calls this each cycle). */
void tt_wait_gate_update(tt_model *m, int thread);
/* Lockstep: the end of a cycle (tt_model_cycle_end): release a latch seen clear at the end of the
 * previous cycle (tt_model_dispatch clears the flag of one it sets), then look at this one's state. */
void tt_wait_gate_lockstep_end(tt_model *m, int thread);
#endif
