/* frontend.c: the 32-slot instruction FIFO of each thread (coprocessor-pipeline "FIFO Backpressure"). */
#include "frontend.h"

bool tt_fifo_push(tt_fifo *f, uint32_t insn, bool brisc)
{
    if (f->count == TT_FIFO_SLOTS) return false;
    f->brisc[(f->head + f->count) % TT_FIFO_SLOTS] = brisc;
    f->slot[(f->head + f->count) % TT_FIFO_SLOTS] = insn;
    f->count++;
    return true;
}

bool tt_fifo_peek(const tt_fifo *f, uint32_t *insn)
{
    if (f->count == 0) return false;
    *insn = f->slot[f->head];
    return true;
}

void tt_fifo_pop(tt_fifo *f)
{
    f->head = (f->head + 1) % TT_FIFO_SLOTS;
    f->count--;
}
