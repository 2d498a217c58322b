/* unpack.h: the two unpackers (UNPACR, UNPACR_NOP) and the bank hand-off instructions SETDVALID,
 * CLEARDVALID and ZEROSRC (unpack-data-path §2, §8; ISA documentation UNPACR_Regular.md,
 * SETDVALID.md, CLEARDVALID.md, ZEROSRC.md, SrcASrcB.md). */
#ifndef UNPACK_H
#define UNPACK_H
#include "model_state.h"

void tt_exec_unpacr(tt_model *m, int thread, uint32_t insn, tt_exec_result *r);
void tt_exec_unpacr_nop(tt_model *m, int thread, uint32_t insn, tt_exec_result *r);
void tt_exec_setdvalid(tt_model *m, int thread, uint32_t insn, tt_exec_result *r);
void tt_exec_cleardvalid(tt_model *m, int thread, uint32_t insn, tt_exec_result *r);
void tt_exec_zerosrc(tt_model *m, int thread, uint32_t insn, tt_exec_result *r);

/* An unpacker instruction waits until the bank its unpacker writes is owned by the unpackers
 * (UNPACR_Regular.md main loop; UNPACR_NOP ZEROSRC). True, with the reason, while it must wait. */
/* Lockstep: an UNPACR's ADC increments, applied with its address calculation (docs/decisions.md
 * "Overlapping dispatch"); the instruction then executes with m->adc_early set and skips them. */
void tt_unpack_adc_update(tt_model *m, int thread, uint32_t insn);
/* Lockstep: an UNPACR's context counter step (MultiContextMode with UseContextCounter, and the
 * IncrementContextCounter form), made with its address calculation as the ADC increments are, so
 * that the next UNPACR's address calculation, which may overlap this one's datums, sees it
 * (docs/decisions.md "Unpacker and packer pipelining"); executed with m->adc_early it skips it. */
void tt_unpack_ctx_update(tt_model *m, int thread, uint32_t insn);
/* A config word unpacker `which` takes when its instruction starts (the others it may read while it
 * runs): the race detector's classes (docs/decisions.md "Race detector"). */
bool tt_unpack_cfg_at_start(int which, unsigned idx);
bool tt_unpack_bank_holds(const tt_model *m, uint32_t insn, char *why, size_t whylen);
/* An UNPACR_NOP clear that waits for the matrix unit's bank (Stall_Clr_Cntrl 0). */
bool tt_unpack_waits_for_matrix_bank(uint32_t insn);
/* UNPACR_NOP's clear form (UNP_CLR_SRC, not the set-dvalid flavour). */
bool tt_unpacr_nop_clears(uint32_t insn);
/* The datum loop's batch rules (unpack-data-path §13; the cycles of tt_unpack_work) applied to an
 * UNPACR's logged events (tt_model unp_ev) one cycle at a time, at that cycle's L1 grant: from
 * event i, one cycle's batch at `budget` datums; returns the index of the first event of the next
 * cycle (n: the loop is done). The model-only scheduler steps the loop this way while the two
 * unpackers share L1 bandwidth (their grants change mid-loop). */
size_t tt_unpack_batch_cycle(const uint32_t *ev, size_t n, size_t i, uint32_t budget);
#endif
