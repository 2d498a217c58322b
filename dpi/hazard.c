/* hazard.c: the race detector (hazard.h). */
#include "hazard.h"

#include <stdio.h>
#include <stdlib.h>

#include "ttisa.h"

/* Writes remembered: a reader's window reaches back at most this many configuration writes (a PACR
 * of a whole tile lasts some thousand cycles; config writes are rarer than one a cycle). */
#define WRITES 4096

enum { W_CFG, W_TCFG, W_ADC };

typedef struct {
    uint64_t cycle;
    uint8_t kind;       /* W_CFG: config state `state`; W_TCFG: thread config, W_ADC: ADC set idx, of `thread` */
    uint8_t state_or_thread;
    uint16_t idx;
    hazard_who who;
} write_rec;

typedef struct {
    bool valid;
    uint64_t cycle;
    hazard_who who;
} last_write;

struct hazard {
    write_rec w[WRITES];
    uint64_t n;         /* writes so far; the ring holds the last WRITES */
    /* the last instruction that wrote each element (hazard_waw) */
    last_write cfg[TT_CFG_STATES][TT_CFG_WORDS];
    last_write tcfg[TT_NUM_THREADS][TT_TCFG_WORDS];
    last_write adc[TT_NUM_THREADS][TT_ADC_SETS];
    last_write gpr[TT_NUM_THREADS][TT_NUM_GPRS];
};

bool hazard_waw(hazard *h, int kind, int space, unsigned idx, uint64_t cycle, const hazard_who *w, hazard_who *prev,
                uint64_t *prev_cycle)
{
    last_write *l = NULL;
    if (space < 0 || space >= TT_NUM_THREADS) return false;
    switch (kind) {
    case HAZARD_CFG: l = (space < TT_CFG_STATES && idx < TT_CFG_WORDS) ? &h->cfg[space][idx] : NULL; break;
    case HAZARD_TCFG: l = idx < TT_TCFG_WORDS ? &h->tcfg[space][idx] : NULL; break;
    case HAZARD_ADC: l = idx < TT_ADC_SETS ? &h->adc[space][idx] : NULL; break;
    case HAZARD_GPR: l = idx < TT_NUM_GPRS ? &h->gpr[space][idx] : NULL; break;
    default: break;
    }
    if (!l) return false;
    /* Two instructions of one thread (TRISC stores win a same-edge write by rule): their writes
     * must land in program order, and not at one edge. Writes are noted at their instructions'
     * retires, not always in time order (an UNPACR's ADC update lands at its start), so the last
     * writer kept is the one latest in time. */
    const bool race = l->valid && !l->who.store && !w->store && l->who.thread == w->thread &&
                      l->who.seq != w->seq && (l->cycle == cycle || (l->who.seq < w->seq) != (l->cycle < cycle));
    if (race) {
        *prev = l->who;
        *prev_cycle = l->cycle;
    }
    if (!l->valid || cycle >= l->cycle) {
        l->valid = true;
        l->cycle = cycle;
        l->who = *w;
    }
    return race;
}

hazard *hazard_create(void) { return calloc(1, sizeof(hazard)); }

void hazard_destroy(hazard *h) { free(h); }

static void add(hazard *h, uint64_t cycle, int kind, int st, unsigned idx, const hazard_who *w)
{
    h->w[h->n++ % WRITES] = (write_rec){.cycle = cycle, .kind = (uint8_t)kind, .state_or_thread = (uint8_t)st,
                                        .idx = (uint16_t)idx, .who = *w};
}

void hazard_cfg_write(hazard *h, uint64_t cycle, int state, unsigned idx, const hazard_who *w)
{
    if (idx >= TT_CFG_WORDS) return;
    if (idx >= TT_CFG_GLOBAL_BASE) { /* one word for both states */
        add(h, cycle, W_CFG, 0, idx, w);
        add(h, cycle, W_CFG, 1, idx, w);
    } else {
        add(h, cycle, W_CFG, state & 1, idx, w);
    }
}

void hazard_tcfg_write(hazard *h, uint64_t cycle, int thread, unsigned idx, const hazard_who *w)
{
    if (idx < TT_TCFG_WORDS && thread >= 0 && thread < TT_NUM_THREADS) add(h, cycle, W_TCFG, thread, idx, w);
}

void hazard_adc_write(hazard *h, uint64_t cycle, int thread, unsigned set, const hazard_who *w)
{
    if (set < TT_ADC_SETS && thread >= 0 && thread < TT_NUM_THREADS) add(h, cycle, W_ADC, thread, set, w);
}

static bool read_bit(const uint32_t *words, unsigned idx) { return (words[idx / 32] >> (idx % 32)) & 1u; }

/* The unit an unpacker or packer instruction runs in, for the condition that waits for it
 * (STALLWAIT.md, Blackhole numbering: C1 unpacker 0, C2 unpacker 1, C3 packer). */
static const char *reader_cond(uint32_t insn)
{
    const uint8_t opc = (uint8_t)(insn >> 24);
    if (opc == TT_OPC_UNPACR || opc == TT_OPC_UNPACR_NOP) return (insn >> 23 & 1u) ? "C2 (UNPACK1)" : "C1 (UNPACK0)";
    return "C3 (PACK)";
}

static const char *reader_block(uint32_t insn)
{
    const uint8_t opc = (uint8_t)(insn >> 24);
    return (opc == TT_OPC_UNPACR || opc == TT_OPC_UNPACR_NOP) ? "B3 (UNPACK)" : "B2 (PACK)";
}

uint64_t hazard_mark(const hazard *h) { return h->n; }

bool hazard_reader(const hazard *h, uint64_t from, uint64_t cycle, const hazard_who *r, const tt_read_set *rs,
                   hazard_who *writer, uint64_t *write_cycle, char *element, size_t element_len, char *fix,
                   size_t fix_len)
{
    uint64_t first = h->n > WRITES ? h->n - WRITES : 0;
    if (from > first) first = from;
    for (uint64_t i = first; i < h->n; i++) {
        const write_rec *w = &h->w[i % WRITES];
        /* the reader reads from its first cycle in the unit (disp + 1, the state after edge disp)
         * to its retire cycle: a write at edge disp is seen, one at edges disp + 1 .. cycle may or
         * may not be, depending on timing */
        /* A store of the reader's own TRISC after the reader's push may land before or after the
         * reader reads (coprocessor "Danger two": an instruction pushed before a config store may
         * execute after it); from the push on, any word the reader reads is a race. */
        const bool own_store = w->who.store && w->who.thread == r->thread;
        if (own_store ? (w->cycle <= r->push || w->cycle > cycle) : (w->cycle <= r->disp || w->cycle > cycle))
            continue;
        if (!w->who.store && w->who.thread == r->thread && w->who.seq == r->seq) continue;
        const bool hit = w->kind == W_TCFG ? read_bit(rs->tcfg[w->state_or_thread % TT_NUM_THREADS], w->idx)
                         : w->kind == W_ADC ? (rs->adc[w->state_or_thread % TT_NUM_THREADS] >> w->idx) & 1u
                                            : read_bit(rs->cfg[w->state_or_thread & 1], w->idx);
        if (!hit) continue;
        /* A later write of the reader's own thread (instruction or TRISC store) to a word the reader
         * takes at its start comes after that start (the thread is in program order up to the gate;
         * the write lands after the reader's first cycle): ordered. Any other write in the window
         * is not: an earlier instruction still in flight when the reader started (WRCFG.md: the next
         * instruction must not consume it), another thread's, or a word read while it runs. */
        const bool same_later = w->who.thread == r->thread && !w->who.store && w->who.seq > r->seq;
        /* thread config and ADCs are taken (and the ADCs updated) at the start */
        const bool at_start = w->kind != W_CFG || tt_model_cfg_read_at_start(r->insn, w->idx);
        if (same_later && at_start) continue;
        *writer = w->who;
        *write_cycle = w->cycle;
        static const char *const sets[] = {"unpacker 0", "unpacker 1", "packer"};
        if (w->kind == W_TCFG)
            snprintf(element, element_len, "thread config word %u of thread %u", w->idx, w->state_or_thread);
        else if (w->kind == W_ADC)
            snprintf(element, element_len, "the %s ADCs of thread %u", sets[w->idx % 3], w->state_or_thread);
        else
            snprintf(element, element_len, "config word %u (ADDR32) of state %u", w->idx, w->state_or_thread);
        /* the wait that orders them (docs/decisions.md "Race detector") */
        if (own_store)
            snprintf(fix, fix_len,
                     "the TRISC store, made after the reader was pushed, must wait until the reader has retired "
                     "(a semaphore the thread posts after a STALLWAIT on %s, which the TRISC polls), or be made "
                     "before the push with a STALLWAIT on C10 (TRISC_CFG) and block %s before the reader",
                     reader_cond(r->insn), reader_block(r->insn));
        else if (w->who.store)
            snprintf(fix, fix_len,
                     "another thread's TRISC store: order the threads with a semaphore (the reader's thread posts "
                     "it after a STALLWAIT on %s; the storing TRISC polls it)",
                     reader_cond(r->insn));
        else if (w->who.thread != r->thread)
            snprintf(fix, fix_len,
                     "the threads must be ordered by a semaphore (the writer's thread posts it after the write, the "
                     "reader's thread waits for it with SEMWAIT before the reader; or the other way round, with a "
                     "STALLWAIT on %s before the post)",
                     reader_cond(r->insn));
        else if (w->who.seq > r->seq)
            snprintf(fix, fix_len, "a STALLWAIT with block B7 (CFG) and condition %s before the write (tt-llk: "
                                   "STALLWAIT(STALL_CFG, UNPACK0/1 or PACK))",
                     reader_cond(r->insn));
        else
            snprintf(fix, fix_len, "the reader must start after the write has landed: a NOP after the write (WRCFG "
                                   "takes 2 cycles), or a STALLWAIT with block %s and condition C12 (CFGEXU) before "
                                   "the reader",
                     reader_block(r->insn));
        return true;
    }
    return false;
}
