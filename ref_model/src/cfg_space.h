/* cfg_space.h: configuration unit (WRCFG, RDCFG, RMWCIB0-3, SETC16, CFGSHIFTMASK) and config MMIO. */
#ifndef CFG_SPACE_H
#define CFG_SPACE_H
#include "model_state.h"

void tt_exec_wrcfg(tt_model *m, int thread, uint32_t insn, tt_exec_result *r);
void tt_exec_rdcfg(tt_model *m, int thread, uint32_t insn, tt_exec_result *r);
void tt_exec_rmwcib(tt_model *m, int thread, uint32_t insn, tt_exec_result *r);
void tt_exec_setc16(tt_model *m, int thread, uint32_t insn, tt_exec_result *r);
void tt_exec_cfgshiftmask(tt_model *m, int thread, uint32_t insn, tt_exec_result *r);
/* PRNG_SEED_Seed_Val: a write seeds the SFPU's PRNG (tt_cfg_write; docs/decisions.md S2) */
#define TT_CFG_PRNG_SEED 186u
/* Store Config[state][idx]; a global word (idx >= TT_CFG_GLOBAL_BASE) is stored in both states. */
void tt_cfg_store(tt_model *m, int state, uint32_t idx, uint32_t v);
/* An instruction's or a store's write: tt_cfg_store, and the word's side effect (PRNG_SEED). */
void tt_cfg_write(tt_model *m, int state, uint32_t idx, uint32_t v);
tt_status tt_cfg_mmio_store(tt_model *m, uint32_t word_index, uint32_t value, char *msg, size_t msglen);
#endif
