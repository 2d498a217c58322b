/* src_banks.h: the SrcA / SrcB bank ownership as the STALLWAIT conditions C5..C8 see it
 * (Blackhole numbering, tt_pkg CND_SRCA_CLR..CND_SRCB_VLD; SrcASrcB.md, STALLWAIT.md). The sync
 * unit's wait gate, the timing reference and the model-only scheduler read it; the unpackers and
 * the matrix unit change the banks. A leaf, so that the sync unit does not call into the unpacker. */
#ifndef SRC_BANKS_H
#define SRC_BANKS_H
#include "model_state.h"

/* Bit i-5 set while condition Ci holds: C5 unpacker 0's SrcA bank, C6 unpacker 1's SrcB bank not
 * the unpackers'; C7 / C8 the matrix unit's SrcA / SrcB bank not the matrix unit's. */
unsigned tt_bank_conditions(const tt_model *m);
#endif
