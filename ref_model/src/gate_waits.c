/* gate_waits.c: the instruction at the wait gate waits there itself (gate_waits.h). */
#include "gate_waits.h"

#include "movement.h"  /* tt_movement_holds */
#include "sync_unit.h" /* tt_mutex_holds */

bool tt_gate_insn_waits(const tt_model *m, int thread, uint32_t insn, char *why, size_t whylen)
{
    return tt_movement_holds(m, insn, why, whylen) || tt_mutex_holds(m, thread, insn, why, whylen);
}
