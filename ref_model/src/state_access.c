/* state_access.c: read access to the state the lockstep checker reads back from the RTL beyond
 * the architectural registers (issue 26; docs/design.md "State read-back"): the wait latches and
 * MOP_CFG's MaskHi. The RWCs (movement.c), the unpackers' counters (regfile.c) and the MOP config
 * words (model.c) have their accessors with their units. */
#include "model_state.h"

bool tt_model_wait_get(const tt_model *m, int t, tt_wait_state *w)
{
    if (t < 0 || t >= TT_NUM_THREADS) return false;
    const tt_wait_latch *l = &m->wait[t];
    *w = (tt_wait_state){.valid = l->valid, .semwait = l->is_semwait, .cond = l->cond, .block = l->block,
                         .semmask = l->semmask};
    return true;
}

bool tt_model_mop_mask_hi_get(const tt_model *m, int t, uint32_t *v)
{
    if (t < 0 || t >= TT_NUM_THREADS) return false;
    *v = m->mop[t].mask_hi;
    return true;
}
