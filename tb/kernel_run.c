/* kernel_run.c: see kernel_run.h. */
#include "kernel_run.h"

#include <stdlib.h>
#include <string.h>

#include "elf_loader.h"
#include "rv_periph.h"
#include "tttrisc.h"

void tt_cycle_stim_files(tt_stim *s, unsigned idle_mask, tt_cycle_stim *cs, void (*drain)(void *, int, int),
                         void *ctx)
{
    memset(cs, 0, sizeof *cs);
    tt_sched_in *in = &cs->in;
    static const int order[4] = {TT_BRISC_STREAM, 0, 1, 2};
    for (int i = 0; i < 4; i++) {
        const int str = order[i];
        uint32_t w = 0, a = 0, d = 0;
        const tt_stim_kind k = tt_stim_next(s, str, idle_mask, &w, &a, &d);
        for (unsigned dr = tt_stim_take_drains(s, str), t = 0; dr; dr >>= 1, t++)
            if ((dr & 1u) && drain) drain(ctx, str, (int)t);
        switch (k) {
        case TT_STIM_PUSH:
            if (str < TT_NUM_THREADS) in->push_valid[str] = true, in->push_insn[str] = w;
            break;
        case TT_STIM_BRISC_PUSH:
            in->brisc_valid = true, in->brisc_thread = (int)a, in->brisc_insn = w;
            break;
        case TT_STIM_BRISC_POST:
            cs->post_valid = true, cs->post_kind = w, cs->post_thread = a, cs->post_value = d;
            break;
        case TT_STIM_STORE:
            if (in->store_valid) break; /* one MMIO store a cycle, lowest thread first */
            in->store_valid = true, in->store_thread = str, in->store_addr = a, in->store_data = d;
            break;
        default: break;
        }
    }
}

#define PC_RING 256

/* One store in a core's store queue (BabyRISCV/MemoryOrdering.md) or in flight behind it. */
typedef enum { KQ_PUSH, KQ_MMIO, KQ_L1, KQ_PERIPH } kq_kind;
typedef struct {
    kq_kind kind;
    bool cfg;       /* a GPR or config write-request: STALLWAIT C10 covers it, processed after TT_KRUN_CFG_LATENCY */
    uint32_t addr, data, pc;
    unsigned size;
    unsigned wait;  /* in flight: steps left before it takes the MMIO store slot */
} kq_entry;

#define KFLIGHT 8 /* write-requests emitted and not yet processed, per core (at most the latency's worth) */

typedef struct {
    tt_krun *k;
    int th;
} kcore_ctx;

struct tt_krun {
    tt_model *m;
    tt_rv_core core[TT_NUM_THREADS];
    kcore_ctx ctx[TT_NUM_THREADS];
    bool on[TT_NUM_THREADS];
    bool pend[TT_NUM_THREADS];            /* a push stored and not yet taken by the FIFO */
    uint32_t pend_word[TT_NUM_THREADS], pend_pc[TT_NUM_THREADS];
    uint32_t npush[TT_NUM_THREADS];       /* pushes the thread's FIFO took (the model's push_index) */
    uint32_t push_pc[TT_NUM_THREADS][PC_RING]; /* pc of each, 0 for BRISC's */
    bool ld_wait[TT_NUM_THREADS];         /* a load offered, its value not yet delivered */
    bool ld_ready[TT_NUM_THREADS];        /* delivered: the core's next step takes ld_value */
    uint32_t ld_value[TT_NUM_THREADS], ld_pc[TT_NUM_THREADS];
    uint32_t ld_addr[TT_NUM_THREADS];     /* the address of the load waiting for its value */
    tt_krun_sync sync;                    /* told each load that got its value (the race detector) */
    tt_cycle_stim *cs;                    /* the offers being built (tt_krun_step) */
    unsigned idle_mask;                   /* threads idle in the cycle just ended */
    uint32_t store_pc;                    /* pc of the store in the MMIO slot, when a core's */
    tt_rv_periph periph;                  /* mailboxes, PCBufs, wall clock (rv_periph.h) */
    uint64_t steps;                       /* tt_krun_step calls so far: the wall clock */
    uint32_t periph_addr[TT_NUM_THREADS]; /* the mailbox/PCBuf access a core waits at (0: none) */
    bool periph_store[TT_NUM_THREADS];
    kq_entry q[TT_NUM_THREADS][TT_KRUN_STORE_QUEUE]; /* the store queue, oldest first */
    unsigned qn[TT_NUM_THREADS];
    kq_entry fl[TT_NUM_THREADS][KFLIGHT]; /* MMIO write-requests emitted, oldest first */
    unsigned fn[TT_NUM_THREADS];
    unsigned cfg_pend;                    /* C10 after the last step (tt_krun_cfg_pend) */
    unsigned cfg_pend_prev;               /* ... after the step before (the RTL's input: tt_krun_view) */
};

tt_krun *tt_krun_create(void) { return calloc(1, sizeof(tt_krun)); }

void tt_krun_destroy(tt_krun *k) { free(k); }

/* The model's value of an MMIO register a core reads; false when nothing is there. */
static bool mmio_value(const tt_model *m, int th, const tt_rv_region *rg, uint32_t addr, uint32_t *v, char *what,
                       size_t n)
{
    const uint32_t w = (addr - rg->base) / 4;
    uint32_t max = 0;
    switch (rg->kind) {
    case TT_RV_REG_GPR: /* ScalarUnit.md "RISCV access to GPRs": this thread's GPRs[w] */
        if (what) snprintf(what, n, "thread %d's GPR %u", th, w);
        return tt_model_gpr_get(m, th, (int)w, v);
    case TT_RV_REG_CFG: /* BackendConfiguration.md: Config[state][word], state 1 after TT_CFG_WORDS */
        if (what) snprintf(what, n, "config state %u word %u", w / TT_CFG_WORDS, w % TT_CFG_WORDS);
        return w < 2u * TT_CFG_WORDS && tt_model_cfg_get(m, (int)(w / TT_CFG_WORDS), (int)(w % TT_CFG_WORDS), v);
    case TT_RV_REG_SEM: /* SyncUnit.md "RISCV access to semaphores": a read gives Value */
        if (what) snprintf(what, n, "semaphore %u (its value)", w);
        return w < TT_NUM_SEMS && tt_model_sem_get(m, (int)w, v, &max);
    default: return false;
    }
}

/* Note where a core waits on a mailbox or PCBuf (the watchdog's report), and pass the status on. */
static tt_rv_mem_status periph_wait(tt_krun *k, int th, uint32_t addr, bool store, tt_rv_mem_status st)
{
    k->periph_addr[th] = st == TT_RV_MEM_STALL ? addr : 0;
    k->periph_store[th] = store;
    return st;
}

/* A push held or still in the store queue (TTSync orders after the earlier pushes). */
static bool pushes_out(const tt_krun *k, int th)
{
    if (k->pend[th]) return true;
    for (unsigned i = 0; i < k->qn[th]; i++)
        if (k->q[th][i].kind == KQ_PUSH) return true;
    return false;
}

/* An MMIO store of the core queued or emitted and not yet in the store slot. */
static bool mmio_stores_out(const tt_krun *k, int th)
{
    if (k->fn[th]) return true;
    for (unsigned i = 0; i < k->qn[th]; i++)
        if (k->q[th][i].kind == KQ_MMIO) return true;
    return false;
}

static tt_rv_mem_status k_load(void *ctx, const tt_rv_region *rg, uint32_t addr, unsigned size, bool fetch,
                               uint32_t *value)
{
    const kcore_ctx *c = ctx;
    tt_krun *k = c->k;
    const int th = c->th;
    const uint32_t off = addr - rg->base;
    *value = 0;
    if (rg->kind == TT_RV_REG_L1) {
        if (addr + size > TT_L1_BYTES) return TT_RV_MEM_FAULT;
        *value = tt_rv_le_get(tt_model_l1_const(k->m) + addr, size);
        return TT_RV_MEM_OK;
    }
    if (fetch) return TT_RV_MEM_FAULT; /* code runs from L1 (decisions: TRISC toolchain) */
    uint32_t v = 0;
    switch (rg->kind) {
    case TT_RV_REG_GPR: case TT_RV_REG_CFG: case TT_RV_REG_SEM:
        /* the MMIO load slot: offered this step, answered at the next edge (lockstep: the RTL's load
         * port, checked against the model's), taken by the next step */
        if (k->ld_ready[th]) {
            k->ld_ready[th] = false;
            v = k->ld_value[th];
            break;
        }
        if (k->ld_wait[th]) return TT_RV_MEM_STALL;
        if (mmio_stores_out(k, th)) return TT_RV_MEM_STALL; /* store then load: the store is processed first */
        if (!mmio_value(k->m, th, rg, addr & ~3u, &v, NULL, 0)) return TT_RV_MEM_FAULT;
        if (k->cs->load_valid) return TT_RV_MEM_STALL; /* one TRISC load a cycle */
        k->cs->load_valid = true;
        k->cs->load_thread = th;
        k->cs->load_addr = addr & ~3u;
        k->ld_wait[th] = true;
        k->ld_pc[th] = k->core[th].pc;
        k->ld_addr[th] = addr & ~3u;
        return TT_RV_MEM_STALL;
    case TT_RV_REG_TTSYNC:
        /* TTSync.md: the read waits until this thread's earlier pushes have all finished: none held,
         * the FIFO empty and the thread idle (MOPExpanderDoneCheck taken as the same, stricter, wait) */
        if (pushes_out(k, th) || !(k->idle_mask >> th & 1u)) return TT_RV_MEM_STALL;
        /* it returns now: what the wait saw orders the core's later pushes and stores */
        if (k->sync.load) k->sync.load(k->sync.ctx, th, addr & ~3u);
        break;
    default:
        /* mailboxes, this core's PCBuf, the wall clock: RISC-V-side units (rv_periph.h), the same in
         * both runs; the rest of the debug registers is not modelled */
        if (!tt_rv_periph_serves(addr)) return TT_RV_MEM_FAULT;
        return periph_wait(k, th, addr, false,
                           tt_rv_periph_load(&k->periph, TT_RVP_T0 + th, addr, size, k->steps, value));
    }
    *value = size == 4 ? v : (v >> (8 * (off & 3u))) & ((1u << (8 * size)) - 1u);
    return TT_RV_MEM_OK;
}

/* A store enters the core's store queue (MemoryOrdering.md: the core goes on while it has room;
 * pushes are stores too and leave it in order); kq_drain empties it. */
static tt_rv_mem_status k_store(void *ctx, const tt_rv_region *rg, uint32_t addr, unsigned size, uint32_t value)
{
    const kcore_ctx *c = ctx;
    tt_krun *k = c->k;
    const int th = c->th;
    kq_entry e = {.addr = addr, .data = value, .size = size, .pc = k->core[th].pc};
    switch (rg->kind) {
    case TT_RV_REG_L1:
        if (addr + size > TT_L1_BYTES) return TT_RV_MEM_FAULT;
        e.kind = KQ_L1;
        break;
    case TT_RV_REG_PUSH:
        /* PushTensixInstruction.md: a sw to INSTRN_BUF_BASE pushes */
        if (addr != TT_RV_INSTRN_BUF_BASE || size != 4) return TT_RV_MEM_FAULT;
        e.kind = KQ_PUSH;
        break;
    case TT_RV_REG_TTSYNC:
        /* TTSync.md: the store only orders the read after the earlier pushes: held behind them */
        return pushes_out(k, th) ? TT_RV_MEM_STALL : TT_RV_MEM_OK;
    case TT_RV_REG_CFG: case TT_RV_REG_GPR: case TT_RV_REG_MOP_CFG: case TT_RV_REG_SEM:
        if (size != 4) return TT_RV_MEM_FAULT;
        e.kind = KQ_MMIO;
        e.cfg = rg->kind == TT_RV_REG_CFG || rg->kind == TT_RV_REG_GPR;
        break;
    default:
        /* mailboxes, the PCBuf word, the wall clock (rv_periph.h): in the queue like any store, applied
         * when it reaches the head (a full mailbox holds it there) */
        if (!tt_rv_periph_serves(addr) || size != 4) return TT_RV_MEM_FAULT;
        e.kind = KQ_PERIPH;
        break;
    }
    if (k->qn[th] == TT_KRUN_STORE_QUEUE) return TT_RV_MEM_STALL; /* the queue is full: the core waits */
    k->q[th][k->qn[th]++] = e;
    return TT_RV_MEM_OK;
}

/* The end of core th's step: its oldest emitted MMIO write-request whose latency has passed takes
 * the cycle's MMIO store slot (lands at the next edge); then the head of its store queue leaves
 * when it can (one a cycle): a push to the held push (offered to the FIFO until taken), an L1
 * store to the L1 store slot, an MMIO store into flight (GPR/config: processed
 * TT_KRUN_CFG_LATENCY steps later; MOP config and semaphores: at once, as before the queue). */
static void kq_drain(tt_krun *k, int th)
{
    tt_cycle_stim *cs = k->cs;
    for (unsigned i = 0; i < k->fn[th]; i++)
        if (k->fl[th][i].wait) k->fl[th][i].wait--;
    if (k->qn[th]) {
        const kq_entry *e = &k->q[th][0];
        bool left = false;
        switch (e->kind) {
        case KQ_PUSH:
            if (!k->pend[th]) {
                k->pend[th] = true, k->pend_word[th] = e->data, k->pend_pc[th] = e->pc;
                left = true;
            }
            break;
        case KQ_L1:
            /* the L1 store slot: one a cycle, landing at the next edge (lockstep: tt_core tl1_*_i) */
            if (!cs->l1_valid) {
                cs->l1_valid = true, cs->l1_thread = th, cs->l1_addr = e->addr, cs->l1_data = e->data;
                cs->l1_size = e->size, cs->l1_pc = e->pc;
                left = true;
            }
            break;
        case KQ_MMIO:
            if (k->fn[th] < KFLIGHT) {
                k->fl[th][k->fn[th]] = *e;
                k->fl[th][k->fn[th]].wait = e->cfg ? TT_KRUN_CFG_LATENCY : 0;
                k->fn[th]++;
                left = true;
            }
            break;
        case KQ_PERIPH:
            left = periph_wait(k, th, e->addr, true,
                               tt_rv_periph_store(&k->periph, TT_RVP_T0 + th, e->addr, e->size, k->steps, e->data)) ==
                   TT_RV_MEM_OK;
            break;
        }
        if (left) memmove(&k->q[th][0], &k->q[th][1], --k->qn[th] * sizeof k->q[th][0]);
    }
    /* processed in order of emission (one region, one request a cycle: MemoryOrdering.md) */
    if (k->fn[th] && !k->fl[th][0].wait && !cs->in.store_valid) {
        const kq_entry *e = &k->fl[th][0];
        cs->in.store_valid = true, cs->in.store_thread = th, cs->in.store_addr = e->addr, cs->in.store_data = e->data;
        k->store_pc = e->pc;
        memmove(&k->fl[th][0], &k->fl[th][1], --k->fn[th] * sizeof k->fl[th][0]);
    }
}

const char *tt_krun_elf_where(const tt_test *t, int th, char *buf, size_t n)
{
    if (t->elf_line[th]) snprintf(buf, n, "%s:%d", t->path, t->elf_line[th]);
    else if (strstr(t->path, "--elf")) snprintf(buf, n, "%s", t->path); /* no test file (ttmodel_main.c) */
    else snprintf(buf, n, "%s (--elf)", t->path);
    return buf;
}

bool tt_krun_on(const tt_krun *k, int th) { return k && th >= 0 && th < TT_NUM_THREADS && k->on[th]; }

bool tt_krun_any(const tt_krun *k) { return k && (k->on[0] || k->on[1] || k->on[2]); }

void tt_krun_set_sync(tt_krun *k, const tt_krun_sync *s)
{
    if (k) k->sync = *s;
}

int tt_krun_load(tt_krun *k, const tt_test *t, tt_model *m, FILE *out)
{
    const tt_krun_sync sync = k->sync;
    memset(k, 0, sizeof *k);
    k->sync = sync;
    k->m = m;
    tt_rv_periph_init(&k->periph);
    for (int th = 0; th < TT_NUM_THREADS; th++) {
        if (!t->elf[th][0]) continue;
        k->ctx[th] = (kcore_ctx){.k = k, .th = th};
        tt_rv_init(&k->core[th], th, 0, (tt_rv_bus){.ctx = &k->ctx[th], .load = k_load, .store = k_store});
        const tt_elf_target tg = {.l1 = tt_model_l1(m), .l1_bytes = TT_L1_BYTES, .core = &k->core[th]};
        tt_elf_info info;
        char err[400];
        if (tt_elf_load_file(t->elf[th], &tg, &info, err, sizeof err)) {
            char w[600];
            fprintf(out, "%s: elf %d: %s\n", tt_krun_elf_where(t, th, w, sizeof w), th, err);
            return 2;
        }
        k->core[th].pc = info.entry;
        k->on[th] = true;
    }
    return 0;
}

void tt_krun_set_model(tt_krun *k, tt_model *m) { k->m = m; }

bool tt_krun_step(tt_krun *k, const tt_test *t, tt_cycle_stim *cs, unsigned idle_mask, FILE *out)
{
    k->cs = cs;
    k->idle_mask = idle_mask;
    bool ok = true;
    if (cs->post_valid) /* B's write lands before the cores step: a core waiting on it sees it now */
        cs->post_taken =
            (cs->post_kind == TT_POST_PCBUF
                 ? tt_rv_periph_pcbuf_push(&k->periph, (int)cs->post_thread, cs->post_value)
                 : tt_rv_periph_store(&k->periph, TT_RVP_B,
                                      TT_RVP_MAILBOX_BASE + (TT_RVP_T0 + cs->post_thread) * TT_RVP_MAILBOX_STRIDE, 4,
                                      k->steps, cs->post_value)) == TT_RV_MEM_OK;
    for (int th = 0; th < TT_NUM_THREADS; th++) {
        if (!k->on[th]) continue;
        tt_rv_core *c = &k->core[th];
        if (!c->done) {
            const tt_status st = tt_rv_step(c);
            if (st != TT_OK && st != TT_BLOCKED) {
                char w[600];
                fprintf(out, "%s: TRISC%d (%s): %s\n", tt_krun_elf_where(t, th, w, sizeof w), th, t->elf[th], c->msg);
                ok = false;
            }
        }
        kq_drain(k, th);
        if (k->pend[th]) cs->in.push_valid[th] = true, cs->in.push_insn[th] = k->pend_word[th];
    }
    k->steps++;
    /* C10 as of the next edge: GPR/config stores still queued or in flight (the one in the slot
     * lands at that edge); the model's gate reads it at that edge, the RTL one cycle later */
    k->cfg_pend_prev = k->cfg_pend;
    k->cfg_pend = 0;
    for (int th = 0; th < TT_NUM_THREADS; th++) {
        for (unsigned i = 0; i < k->qn[th]; i++)
            if (k->q[th][i].cfg) k->cfg_pend |= 1u << th;
        for (unsigned i = 0; i < k->fn[th]; i++)
            if (k->fl[th][i].cfg) k->cfg_pend |= 1u << th;
    }
    if (k->m) tt_model_set_trisc_cfg_pend(k->m, k->cfg_pend);
    return ok;
}

bool tt_krun_done(const tt_krun *k)
{
    for (int th = 0; th < TT_NUM_THREADS; th++)
        if (k->on[th] && (!k->core[th].done || k->pend[th] || k->qn[th] || k->fn[th])) return false;
    return true;
}

uint32_t tt_krun_load_model(const tt_krun *k, int th, uint32_t addr, char *what, size_t n)
{
    uint32_t v = 0;
    const tt_rv_region *rg = tt_rv_region_of(addr);
    if (!rg || !mmio_value(k->m, th, rg, addr, &v, what, n)) v = 0; /* checked when it was offered */
    return v;
}

void tt_krun_load_deliver(tt_krun *k, int th, uint32_t value)
{
    k->ld_wait[th] = false;
    k->ld_ready[th] = true;
    k->ld_value[th] = value;
    if (k->sync.load) k->sync.load(k->sync.ctx, th, k->ld_addr[th]);
}

uint32_t tt_krun_pc(const tt_krun *k, int th)
{
    if (k->ld_wait[th]) return k->ld_pc[th];
    return k->core[th].pc;
}

uint32_t tt_krun_push_taken(tt_krun *k, int th, bool from_core)
{
    uint32_t pc = 0;
    if (from_core) {
        pc = k->pend_pc[th];
        k->pend[th] = false;
    }
    k->push_pc[th][k->npush[th]++ % PC_RING] = pc;
    return pc;
}

void tt_krun_push_dropped(tt_krun *k, int th) { k->pend[th] = false; }

void tt_krun_pushed_by(const tt_krun *k, int th, uint32_t push_index, char *buf, size_t n)
{
    buf[0] = 0;
    if (!tt_krun_on(k, th) || push_index >= k->npush[th] || k->npush[th] - push_index > PC_RING) return;
    const uint32_t pc = k->push_pc[th][push_index % PC_RING];
    if (pc) snprintf(buf, n, ", pushed by TRISC%d at pc 0x%08x", th, pc);
}

uint32_t tt_krun_store_pc(const tt_krun *k) { return k->store_pc; }

unsigned tt_krun_cfg_pend(const tt_krun *k) { return k ? k->cfg_pend : 0; }

unsigned tt_krun_queued(const tt_krun *k, int th) { return k->qn[th] + k->fn[th]; }

void tt_krun_l1_apply(tt_model *m, uint32_t addr, unsigned size, uint32_t data)
{
    if (addr + size <= TT_L1_BYTES) tt_rv_le_put(tt_model_l1(m) + addr, size, data);
}

void tt_krun_view(const tt_krun *k, uint32_t pc[3], unsigned *state)
{
    *state = 0;
    for (int th = 0; th < TT_NUM_THREADS; th++) {
        pc[th] = 0;
        if (!tt_krun_on(k, th)) continue;
        const tt_rv_core *c = &k->core[th];
        pc[th] = tt_krun_pc(k, th);
        const unsigned s = k->ld_wait[th] ? 3u : k->pend[th] ? 2u : c->done ? 0u : 1u;
        *state |= s << (2 * th);
    }
    *state |= (k->cfg_pend_prev & 7u) << TT_KRUN_VIEW_CFG_PEND;
}

void tt_krun_stuck_text(const tt_krun *k, const tt_test *t, char *buf, size_t n)
{
    size_t used = strlen(buf);
    for (int th = 0; th < TT_NUM_THREADS && k && used < n; th++)
        if (k->on[th] && !k->core[th].done)
            used += (size_t)snprintf(buf + used, n - used,
                                     "  TRISC%d (%s) has not ended: pc 0x%08x, %llu instructions retired%s%s%s%s%s\n", th,
                                     t->elf[th], tt_krun_pc(k, th), (unsigned long long)k->core[th].instret,
                                     k->pend[th] ? ", a push held (its FIFO is full)" : "",
                                     k->ld_wait[th] ? ", a load waiting for its value" : "",
                                     k->qn[th] == TT_KRUN_STORE_QUEUE ? ", its store queue full" : "",
                                     k->periph_addr[th] ? ", " : "",
                                     k->periph_addr[th] ? tt_rv_periph_wait_reason(&k->periph, TT_RVP_T0 + th,
                                                                                   k->periph_addr[th],
                                                                                   k->periph_store[th])
                                                        : "");
}

bool tt_krun_elf_line(const tt_test *t, const tt_model *m, uint32_t line)
{
    static const uint8_t zero[16];
    const uint8_t *l1 = tt_model_l1_const(m) + 16u * line;
    if (!memcmp(l1, zero, 16)) return false;
    for (size_t i = 0; i < t->npreload; i++) {
        const tt_item *p = &t->preload[i];
        if (p->kind == TT_ITEM_L1 && 16u * line + 16u > p->addr && 16u * line < p->addr + p->len) return false;
    }
    return true;
}

/* --elf T0[,T1[,T2]]: thread i's kernel is the i-th path (an empty one: none); it replaces a test
 * file's elf line for that thread (docs/test_format.md "Kernels"). Non-zero, said on stderr, for
 * more than three paths, a path too long, or a thread that has a stream in the test file. */
int tt_krun_set_elfs(tt_test *t, const char *list, const char *prog)
{
    int th = 0;
    for (const char *p = list;; th++) {
        const char *comma = strchr(p, ',');
        const size_t len = comma ? (size_t)(comma - p) : strlen(p);
        if (th == TT_NUM_THREADS) {
            fprintf(stderr, "%s: --elf: expected at most %d comma-separated paths (threads 0..2), got more: '%s'\n",
                    prog, TT_NUM_THREADS, list);
            return 1;
        }
        if (len >= sizeof t->elf[th]) {
            fprintf(stderr, "%s: --elf: path %d is longer than %zu characters\n", prog, th, sizeof t->elf[th] - 1);
            return 1;
        }
        if (len) {
            if (t->nstream[th]) {
                fprintf(stderr, "%s: --elf gives thread %d a kernel, but the test file has a stream for it\n", t->path, th);
                return 1;
            }
            memcpy(t->elf[th], p, len);
            t->elf[th][len] = 0;
            t->elf_line[th] = 0;
        }
        if (!comma) break;
        p = comma + 1;
    }
    if (!tt_test_has_elf(t)) {
        fprintf(stderr, "%s: --elf: expected at least one ELF path, got '%s'\n", prog, list);
        return 1;
    }
    return 0;
}

