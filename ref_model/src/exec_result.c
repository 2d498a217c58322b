/* exec_result.c: filling in an instruction's result (tt_exec_result, tt_effects) and decoding its
 * fields: the leaf every unit file uses, so that the unit files and model.c, which dispatches to them,
 * do not call each other in a circle. Declared in model_state.h. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "model_state.h"

bool tt_grow(void **buf, size_t n, size_t *cap, size_t elem)
{
    if (n < *cap) return true;
    const size_t c = *cap ? 2 * *cap : 64;
    void *p = realloc(*buf, c * elem);
    if (!p) return false;
    *buf = p;
    *cap = c;
    return true;
}

void tt_result_fail(tt_exec_result *r, tt_status s, const char *fmt, ...)
{
    va_list ap;
    r->status = s;
    va_start(ap, fmt);
    vsnprintf(r->msg, sizeof r->msg, fmt, ap);
    va_end(ap);
}

/* Every GPR an instruction writes is reported once, in ascending index order, with its value
 * after the instruction (docs/decisions.md "Multi-GPR retire effects"): a second write to the same
 * GPR replaces the value. */
void tt_effects_gpr(tt_effects *e, uint32_t idx, uint32_t value)
{
    int i = 0;
    e->kinds |= TT_EFF_GPR;
    while (i < e->n_gpr && e->gpr_idx[i] < idx)
        i++;
    if (i < e->n_gpr && e->gpr_idx[i] == idx) {
        e->gpr_data[i] = value;
        return;
    }
    if (e->n_gpr == TT_MAX_GPR_WRITES) abort(); /* an instruction writes at most this many */
    for (int k = e->n_gpr; k > i; k--) {
        e->gpr_idx[k] = e->gpr_idx[k - 1];
        e->gpr_data[k] = e->gpr_data[k - 1];
    }
    e->gpr_idx[i] = (uint8_t)idx;
    e->gpr_data[i] = value;
    e->n_gpr++;
}

uint32_t tt_bits(uint32_t insn, int lsb, int width)
{
    return (insn >> lsb) & ((1u << width) - 1u);
}
