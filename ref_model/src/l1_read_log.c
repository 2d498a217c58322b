/* l1_read_log.c: the executing instruction's L1 read set (l1_read_log.h). */
#include "l1_read_log.h"

#include <stdlib.h>

void tt_l1_read_log(tt_model *m, uint32_t addr)
{
    const uint32_t line = addr & ~15u;
    if (m->n_l1r && m->l1r[m->n_l1r - 1] == line) return;
    void *buf = m->l1r;
    if (!tt_grow(&buf, m->n_l1r, &m->cap_l1r, sizeof *m->l1r)) abort(); /* out of memory: nothing sensible to report */
    m->l1r = buf;
    m->l1r[m->n_l1r++] = line;
}

const uint32_t *tt_model_l1_reads(const tt_model *m, size_t *n)
{
    *n = m->n_l1r;
    return m->l1r;
}
