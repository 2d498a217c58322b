/* l1_read_log.h: the L1 lines the executing instruction read (the race detector's L1 read set,
 * tt_model_l1_reads). The unpackers, the packer (L1 accumulation) and ThCon log their reads here;
 * model.c empties the log as each instruction starts. A leaf: it calls nothing above it, so the
 * unit files and model.c, which dispatches to them, do not call each other in a circle. */
#ifndef L1_READ_LOG_H
#define L1_READ_LOG_H
#include "model_state.h"

/* An L1 byte read at addr (the line is logged unless it is among the last few lines logged: the
 * log may name a line twice, never in a row). */
void tt_l1_read_log(tt_model *m, uint32_t addr);
#endif
