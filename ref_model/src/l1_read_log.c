/* l1_read_log.c: the executing instruction's L1 read set (l1_read_log.h). */
#include "l1_read_log.h"

#include <stdlib.h>

/* how many of the last entries a read is compared with */
#define L1R_WINDOW 4u

void tt_l1_read_log(tt_model *m, uint32_t addr)
{
    const uint32_t line = addr & ~15u;
    /* A line already among the last few entries is not logged again: a BFP unpack alternates
     * between its datum line and its exponent line (and a compressed one's delta line), which a
     * check of the last entry alone logged once per datum, 512 entries for a face of 17 lines, each
     * an access for the race detector to check (docs/speed.md "The race detector per access").
     * The same instruction's second read of a line changes nothing there. */
    const size_t n = m->n_l1r, w = n < L1R_WINDOW ? n : L1R_WINDOW;
    for (size_t i = 1; i <= w; i++)
        if (m->l1r[n - i] == line) return;
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
