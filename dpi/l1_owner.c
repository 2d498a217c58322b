/* l1_owner.c: the last writer of each L1 line (l1_owner.h). One record per 16-byte line, allocated
 * on the first note, so a run that writes no L1 costs nothing. */
#include "l1_owner.h"

#include <stdio.h>
#include <stdlib.h>

#include "ttisa.h"
#include "ttmodel.h"

#define LINE_BYTES 16u
#define N_LINES (TT_L1_BYTES / LINE_BYTES)

struct tt_l1_owner {
    tt_l1_owner_rec *rec; /* N_LINES records; thread < 0: never written */
    bool oom;
};

tt_l1_owner *tt_l1_owner_create(void) { return calloc(1, sizeof(tt_l1_owner)); }

void tt_l1_owner_destroy(tt_l1_owner *o)
{
    if (!o) return;
    free(o->rec);
    free(o);
}

void tt_l1_owner_note(tt_l1_owner *o, uint32_t addr, const tt_l1_owner_rec *who)
{
    if (!o || o->oom || addr >= TT_L1_BYTES) return;
    if (!o->rec) {
        o->rec = malloc(N_LINES * sizeof *o->rec);
        if (!o->rec) {
            o->oom = true;
            return;
        }
        for (size_t i = 0; i < N_LINES; i++) o->rec[i].thread = -1;
    }
    o->rec[addr / LINE_BYTES] = *who;
}

const char *tt_l1_owner_describe(const tt_l1_owner *o, uint32_t addr, const char *path, char *buf, size_t n)
{
    const tt_l1_owner_rec *r = o && o->rec && addr < TT_L1_BYTES ? &o->rec[addr / LINE_BYTES] : NULL;
    if (!r || r->thread < 0) {
        snprintf(buf, n, "0x%x was not written by any instruction in this run (its value is the preload's or a TRISC "
                         "store's)", addr);
        return buf;
    }
    char dis[96], origin[160];
    tt_disasm(r->insn, dis, sizeof dis);
    if (r->by_pc)
        snprintf(origin, sizeof origin, "pushed by TRISC%d at pc 0x%08x", r->thread, r->pc);
    else if (r->line > 0)
        snprintf(origin, sizeof origin, "%s:%d", path, r->line);
    else
        snprintf(origin, sizeof origin, "pushed by BRISC or from an unknown line");
    snprintf(buf, n, "0x%x was last written by %s (0x%08x), thread %d instruction %u, cycle %llu, %s", addr, dis,
             r->insn, r->thread, r->seq, (unsigned long long)r->cycle, origin);
    return buf;
}
