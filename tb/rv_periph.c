/* rv_periph.c: mailboxes, PCBufs and the wall clock of the TRISCs' memory map (rv_periph.h). */
#include "rv_periph.h"

#include <string.h>

static void fifo_init(tt_rvp_fifo *f, uint8_t cap)
{
    memset(f, 0, sizeof *f);
    f->cap = cap;
}

static void fifo_push(tt_rvp_fifo *f, uint32_t v)
{
    f->v[(f->head + f->n) % f->cap] = v;
    f->n++;
}

static uint32_t fifo_pop(tt_rvp_fifo *f)
{
    const uint32_t v = f->v[f->head];
    f->head = (uint8_t)((f->head + 1u) % f->cap);
    f->n--;
    return v;
}

void tt_rv_periph_init(tt_rv_periph *p)
{
    memset(p, 0, sizeof *p);
    for (int a = 0; a < TT_RVP_CORES; a++)
        for (int b = 0; b < TT_RVP_CORES; b++) fifo_init(&p->mb[a][b], TT_RVP_MAILBOX_DEPTH);
    for (int t = 0; t < 3; t++) fifo_init(&p->pcbuf[t], TT_RVP_PCBUF_DEPTH);
}

static bool is_mailbox(uint32_t addr)
{
    return addr - TT_RVP_MAILBOX_BASE < TT_RVP_CORES * TT_RVP_MAILBOX_STRIDE;
}

static bool is_wall_clock(uint32_t addr)
{
    return addr == TT_RVP_WALL_CLOCK_L || addr == TT_RVP_WALL_CLOCK_L_HI || addr == TT_RVP_WALL_CLOCK_H;
}

bool tt_rv_periph_serves(uint32_t addr)
{
    /* PCBufs.md: a TRISC sees its PCBuf at PC_BUF_BASE to +3 only */
    return is_mailbox(addr) || addr == TT_RVP_PCBUF_BASE || is_wall_clock(addr);
}

/* Mailboxes.md "Memory map": mailbox i is core i's partner; a write goes from `core` to i, a read
 * comes from i to `core` (i == core: the core's own mailbox). */
static int partner(uint32_t addr)
{
    return (int)((addr - TT_RVP_MAILBOX_BASE) / TT_RVP_MAILBOX_STRIDE);
}

/* Mailboxes.md: the four mailboxes one core writes hold four values in all. */
static unsigned written_by(const tt_rv_periph *p, int core)
{
    unsigned n = 0;
    for (int to = 0; to < TT_RVP_CORES; to++) n += p->mb[core][to].n;
    return n;
}

tt_rv_mem_status tt_rv_periph_load(tt_rv_periph *p, int core, uint32_t addr, unsigned size, uint64_t cycle,
                                   uint32_t *value)
{
    *value = 0;
    if (core < 0 || core >= TT_RVP_CORES || size != 4 || !tt_rv_periph_serves(addr)) return TT_RV_MEM_FAULT;
    if (is_mailbox(addr)) {
        tt_rvp_fifo *f = &p->mb[partner(addr)][core];
        if (addr & 4u) { /* Mailboxes.md: the non-blocking query */
            *value = f->n ? 1u : 0u;
            return TT_RV_MEM_OK;
        }
        if (!f->n) return TT_RV_MEM_STALL; /* no read-response until a value is written */
        *value = fifo_pop(f);
        return TT_RV_MEM_OK;
    }
    if (addr == TT_RVP_PCBUF_BASE) {
        /* PCBufs.md, RISCV Ti read: wait while empty (OverrideEn is the debug register's, not modelled) */
        if (core == TT_RVP_B) return TT_RV_MEM_FAULT; /* B's PCBuf read: not modelled (no core B) */
        tt_rvp_fifo *f = &p->pcbuf[core - TT_RVP_T0];
        if (!f->n) return TT_RV_MEM_STALL;
        *value = fifo_pop(f);
        return TT_RV_MEM_OK;
    }
    /* DebugTimestamper.md "Memory map": the counter counts every cycle */
    if (addr == TT_RVP_WALL_CLOCK_L) {
        p->counter_high_at = (uint32_t)(cycle >> 32);
        *value = (uint32_t)cycle;
    } else if (addr == TT_RVP_WALL_CLOCK_L_HI) {
        *value = (uint32_t)(cycle >> 32);
    } else {
        *value = p->counter_high_at;
    }
    return TT_RV_MEM_OK;
}

tt_rv_mem_status tt_rv_periph_store(tt_rv_periph *p, int core, uint32_t addr, unsigned size, uint64_t cycle,
                                    uint32_t value)
{
    if (core < 0 || core >= TT_RVP_CORES || size != 4 || !tt_rv_periph_serves(addr)) return TT_RV_MEM_FAULT;
    if (is_mailbox(addr)) {
        tt_rvp_fifo *f = &p->mb[core][partner(addr)];
        if (f->n >= f->cap || written_by(p, core) >= TT_RVP_MAILBOX_DEPTH) return TT_RV_MEM_STALL;
        fifo_push(f, value);
        return TT_RV_MEM_OK;
    }
    if (addr == TT_RVP_PCBUF_BASE) return core == TT_RVP_B ? TT_RV_MEM_FAULT : TT_RV_MEM_OK; /* Ti: discarded */
    if (addr == TT_RVP_WALL_CLOCK_L) p->counter_high_at = (uint32_t)(cycle >> 32);
    return TT_RV_MEM_OK; /* the other two: no effect */
}

tt_rv_mem_status tt_rv_periph_pcbuf_push(tt_rv_periph *p, int thread, uint32_t value)
{
    if (thread < 0 || thread > 2) return TT_RV_MEM_FAULT;
    tt_rvp_fifo *f = &p->pcbuf[thread];
    if (f->n >= f->cap) return TT_RV_MEM_STALL;
    fifo_push(f, value);
    return TT_RV_MEM_OK;
}

const char *tt_rv_periph_wait_reason(const tt_rv_periph *p, int core, uint32_t addr, bool store)
{
    if (core < 0 || core >= TT_RVP_CORES) return "";
    if (is_mailbox(addr)) {
        if (store)
            return p->mb[core][partner(addr)].n >= TT_RVP_MAILBOX_DEPTH || written_by(p, core) >= TT_RVP_MAILBOX_DEPTH
                       ? "a mailbox write waiting for room (four values a writer)"
                       : "";
        return !(addr & 4u) && !p->mb[partner(addr)][core].n ? "a mailbox read waiting for a value" : "";
    }
    if (addr == TT_RVP_PCBUF_BASE && !store && core != TT_RVP_B && !p->pcbuf[core - TT_RVP_T0].n)
        return "a PCBuf read waiting for RISCV B to push";
    return "";
}
