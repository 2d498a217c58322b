/* sfpu_port.h: the SFPU (sfpu.c) in the coprocessor: its instructions executed at retire against
 * Dest through the register file (writer TT_RF_BY_SFPU), the issuing thread's RWCs and config
 * (docs/decisions.md "SFPU in lockstep"). */
#ifndef SFPU_PORT_H
#define SFPU_PORT_H
#include "model_state.h"

/* Every SFP instruction (opcodes 0x70..0x99). */
void tt_exec_sfpu(tt_model *m, int thread, uint32_t insn, tt_exec_result *r);
#endif
