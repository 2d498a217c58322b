/* frontend.h: a thread's instruction FIFO (MOP and replay expanders come with issue 3). */
#ifndef FRONTEND_H
#define FRONTEND_H
#include "model_state.h"

bool tt_fifo_push(tt_fifo *f, uint32_t insn, bool brisc);
bool tt_fifo_peek(const tt_fifo *f, uint32_t *insn);
void tt_fifo_pop(tt_fifo *f);
#endif
