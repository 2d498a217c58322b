/* unpack.c: the two unpackers. UNPACR follows the functional model of the ISA documentation's
 * UNPACR_Regular.md (the spec's unpack-data-path §2 restates it); conversions are in
 * unpack_convert.c. Config fields are read per unpacker from the tables below (ADDR32, shift,
 * width from the Blackhole register table, shared/ref/blackhole-tensix-regs.json). */
#include "unpack.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adc.h"
#include "l1_read_log.h"
#include "regfile.h"
#include "ttisa.h"
#include "unpack_convert.h"

/* A config field: word index, shift, width. */
typedef struct {
    uint8_t addr;
    uint8_t shift;
    uint8_t width;
} cfield;

/* Fields that differ between the two unpackers: [0] unpacker 0 (THCON_SEC0, UNP0), [1] unpacker 1
 * (THCON_SEC1, UNP1). pack-unpack-registers §2; cfg_regs_table.h. */
typedef struct {
    uint8_t tile_desc;        /* REG0_TileDescriptor, 4 words */
    uint8_t reg2;             /* REG2 word 0: Out_data_format .. Shift_amount_cntx3 */
    uint8_t reg2_w1;          /* Disable_zero_compress_cntx*, Unpack_if_sel_cntx*, Force_shared_exp */
    uint8_t limit, fifo;      /* Unpack_limit_address, Unpack_fifo_size (17 bits, 16-byte units) */
    uint8_t base;             /* REG3_Base_address; Base_cntxN at base + N (N < 4) */
    uint8_t base4;            /* REG4_Base_cntx4_address (unpacker 0 only) */
    uint8_t dest_cntx;        /* REG5_Dest_cntx0/1 (16 bits each), cntx2/3 at +1 */
    uint8_t tile_x_cntx;      /* REG5_Tile_x_dim_cntx0/1, cntx2/3 at +1 */
    uint8_t offset;           /* REG7_Offset_address; Offset_cntxN at offset + N, formats in [31:16] */
    uint8_t lf8;              /* REG1 word 3: Unp_LF8_4b_exp at bit 22 */
    uint8_t xy_stride1, zw_stride1; /* UNPn_ADDR_CTRL_XY_REG_1 (Y [31:16]), ZW_REG_1 (Z [15:0], W [31:16]) */
    uint8_t base_reg1;        /* UNPn_ADDR_BASE_REG_1_Base (18 bits) */
    uint8_t forced_exp;       /* UNPn_FORCED_SHARED_EXP [7:0], ADD_DEST_ADDR_CNTR [8] */
} unp_cfg;

static const unp_cfg UNP[2] = {
    {64, 72, 73, 74, 75, 76, 80, 84, 86, 92, 71, 56, 57, 49, 50},
    {112, 120, 121, 122, 123, 124, 0, 132, 134, 140, 119, 58, 59, 61, 62},
};

/* Thread config: CFG_STATE_ID 0 [0]; SRCA_SET 5: Base [1:0], SetOvrdWithAddr [2]; SRCB_SET_Base 6
 * [1:0]; UNPACK_MISC_CFG 41: CfgContextOffset_0 [3:0], _1 [11:8]. ALU_FORMAT_SPEC_REG0
 * SrcAUnsigned/SrcBUnsigned: config word 1 bits 15/16. */
#define TCFG_SRCA_SET 5
#define TCFG_SRCB_SET 6
#define TCFG_UNPACK_MISC 41
#define CFG_ALU_FORMAT 1
/* UNP0_BLOBS_Y_START_CNTX_01 / _23 (RowSearch blob starts, unpacker 0 in multi-context mode) */
#define CFG_UNP0_BLOBS_Y_CNTX01 51
#define CFG_UNP0_BLOBS_Y_CNTX23 52

/* The config words an unpacker takes when its instruction starts (docs/decisions.md "Race
 * detector"): the per-context words (base and offset addresses, Dest and tile-x per context, blob
 * starts) and the output address generator's; tt-llk rewrites the next context's while an UNPACR
 * runs. The rest (tile descriptor, formats, REG2, limits) may be read while it runs. */
bool tt_unpack_cfg_at_start(int which, unsigned idx)
{
    const unp_cfg *u = &UNP[which & 1];
    if ((idx >= u->base && idx < u->base + 4u) || (idx >= u->offset && idx < u->offset + 4u) ||
        (idx >= u->dest_cntx && idx < u->dest_cntx + 2u) || (idx >= u->tile_x_cntx && idx < u->tile_x_cntx + 2u) ||
        idx == u->base_reg1 || idx == u->xy_stride1 || idx == u->zw_stride1)
        return true;
    return which == 0 && ((idx >= u->base4 && idx < u->base4 + 4u) || idx == CFG_UNP0_BLOBS_Y_CNTX01 ||
                          idx == CFG_UNP0_BLOBS_Y_CNTX23);
}

static uint32_t bits(uint32_t w, unsigned shift, unsigned width)
{
    return width >= 32 ? w >> shift : (w >> shift) & ((1u << width) - 1u);
}

/* ADC field widths (ADCs.md, ERRATA 6). */
#define ADC_Y_MASK 0x1FFFu
#define ADC_ZW_MASK 0x1FFFu

typedef struct {
    tt_model *m;         /* reads go through it: they are logged (tt_model_last_reads) */
    int state;           /* the issuing thread's config state */
    int thread;
    int which;           /* unpacker */
} ctx_t;

/* A field of a config word, `width` bits from `shift`: the rule reads those bits and the race detector
 * logs only them (tt_cfg_read_bits; docs/decisions.md "Race detector", field granularity). Every
 * config read of the unpackers goes through it, where the rule reads the field (a field read only in
 * some mode is read only then), so a write of bits no rule of this instruction reads is no race. */
static uint32_t cwb(const ctx_t *c, unsigned addr, unsigned shift, unsigned width)
{
    const uint32_t mask = width >= 32 ? ~0u : ((1u << width) - 1u) << shift;
    return tt_cfg_read_bits(c->m, c->state, addr, mask) >> shift;
}
static uint32_t tw(const ctx_t *c, unsigned addr) { return tt_tcfg_read(c->m, c->thread, addr); }

/* ReadL1Bytes at a byte address plus a bit offset (sub-byte BFP4/BFP2 datums: lowest bits first,
 * docs/decisions.md "BFP nibble order"). */
static uint32_t read_l1_bits(tt_model *m, uint64_t bitaddr, unsigned nbits)
{
    /* A byte's bits at a time (the same value as bit by bit: a bit-serial loop was a tenth of a
     * lockstep unpack stream, docs/speed.md); the read logged once per 16-byte line it enters
     * (tt_l1_read_log does not log a line it logged just before). */
    uint32_t v = 0;
    if ((bitaddr & 7) == 0 && nbits % 8 == 0 && nbits <= 32) {
        /* whole bytes (BF16, FP16, FP32, BFP8 datums, the row start index): the same reads and log
         * entries as the loop below, a byte a step without its shifts and masks */
        const uint32_t a = (uint32_t)((bitaddr / 8) % TT_L1_BYTES);
        tt_l1_read_log(m, a);
        v = m->l1[a];
        for (unsigned k = 1; k < nbits / 8; k++) {
            const uint32_t ak = (a + k) % TT_L1_BYTES;
            if (ak % 16 == 0) tt_l1_read_log(m, ak);
            v |= (uint32_t)m->l1[ak] << (8 * k);
        }
        return v;
    }
    for (unsigned got = 0; got < nbits;) {
        const uint32_t a = (uint32_t)((bitaddr / 8) % TT_L1_BYTES);
        const unsigned sh = (unsigned)(bitaddr & 7);
        const unsigned take = nbits - got < 8 - sh ? nbits - got : 8 - sh;
        if (got == 0 || a % 16 == 0) tt_l1_read_log(m, a);
        v |= (uint32_t)((m->l1[a] >> sh) & ((1u << take) - 1u)) << got;
        got += take;
        bitaddr += take;
    }
    return v;
}

/* The datum loop's cycles at one L1 speed (unpack-data-path §13; docs/decisions.md "Unpacker and
 * packer bandwidth"): a cycle handles at most 32 output positions or dropped groups, writes one
 * register-file row, and starts a datum only while it has finished fewer than `budget` datums and
 * the datum is not at a 16-datum input row, a 16-byte exponent line or a 16-byte delta line. */
typedef struct {
    uint32_t budget;  /* min(16, (16 << tier) bytes / datum bytes) */
    uint32_t cycles, k, it;
    bool have_row;
    uint32_t file, row;
} unp_batch;

static void batch_new(unp_batch *b)
{
    b->cycles++;
    b->k = b->it = 0;
    b->have_row = false;
}

/* The loop's events, logged for tt_unpack_batch_cycle when m->unp_ev_on: [1:0] kind, [2] boundary
 * or write, [4:3] file, [14:5] row. */
enum { UEV_DATUM, UEV_POS, UEV_DONE };
static void ev_put(tt_model *m, uint32_t e)
{
    if (!m->unp_ev_on) return;
    if (m->n_unp_ev == m->cap_unp_ev) {
        const size_t cap = m->cap_unp_ev ? 2 * m->cap_unp_ev : 1024;
        uint32_t *g = realloc(m->unp_ev, cap * sizeof *g);
        if (!g) {
            m->unp_ev_on = false; /* the scheduler then has no log (it falls back) */
            return;
        }
        m->unp_ev = g;
        m->cap_unp_ev = cap;
    }
    m->unp_ev[m->n_unp_ev++] = e;
}

/* A datum (or a dropped group) starts; `boundary`: it is at a line the cycle may not cross. */
static void batch_datum_n(unp_batch *b, int nb, bool boundary)
{
    for (int t = 0; t < nb; t++)
        if (b[t].cycles == 0 || b[t].it == 32 || (b[t].k && (b[t].k >= b[t].budget || boundary))) batch_new(&b[t]);
}

/* One output position or dropped group; `write`: it writes (file, row). */
static void batch_pos_n(unp_batch *b, int nb, bool write, uint32_t file, uint32_t row)
{
    for (int t = 0; t < nb; t++) {
        if (b[t].it == 32 || (write && b[t].have_row && (b[t].file != file || b[t].row != row))) batch_new(&b[t]);
        b[t].it++;
        if (write) b[t].have_row = true, b[t].file = file, b[t].row = row;
    }
}

static void batch_datum(tt_model *m, unp_batch b[3], bool boundary)
{
    ev_put(m, UEV_DATUM | (uint32_t)boundary << 2);
    batch_datum_n(b, 3, boundary);
}

static void batch_pos(tt_model *m, unp_batch b[3], bool write, uint32_t file, uint32_t row)
{
    ev_put(m, UEV_POS | (uint32_t)write << 2 | (file & 3u) << 3 | (row & 0x3FFu) << 5);
    batch_pos_n(b, 3, write, file, row);
}

size_t tt_unpack_batch_cycle(const uint32_t *ev, size_t n, size_t i, uint32_t budget)
{
    unp_batch b = {.budget = budget, .cycles = 1}; /* a batch begun: this cycle's */
    for (; i < n; i++) {
        const uint32_t e = ev[i];
        switch (e & 3u) {
        case UEV_DATUM: batch_datum_n(&b, 1, e >> 2 & 1u); break;
        case UEV_POS: batch_pos_n(&b, 1, e >> 2 & 1u, e >> 3 & 3u, e >> 5 & 0x3FFu); break;
        default: b.k++; break;
        }
        if (b.cycles == 2) return i; /* it begins the next cycle's batch */
    }
    return n;
}

static void record_banks(const tt_model *m, tt_exec_result *r)
{
    r->eff.kinds |= TT_EFF_BANKS;
    r->eff.banks_state = tt_bank_pack(&m->banks);
}

bool tt_unpacr_nop_clears(uint32_t insn)
{
    /* Blackhole UNPACR_NOP: Unpack_Pop [1:0] 1 is UNP_CLR_SRC, unless [7:6] = 3, the flavour that
     * only sets dvalid ("NOP in all other respects") */
    return (uint8_t)(insn >> 24) == TT_OPC_UNPACR_NOP && tt_bits(insn, 0, 2) == 1 && tt_bits(insn, 6, 2) != 3;
}

bool tt_unpack_touches_bank(uint32_t insn)
{
    const uint8_t op = (uint8_t)(insn >> 24);
    if (op == TT_OPC_UNPACR) return !tt_bits(insn, 13, 1) && !tt_bits(insn, 1, 1);
    return tt_unpacr_nop_clears(insn) || (op == TT_OPC_UNPACR_NOP && tt_bits(insn, 6, 2) == 3);
}

bool tt_unpack_waits_for_matrix_bank(uint32_t insn) { return tt_unpacr_nop_clears(insn) && !tt_bits(insn, 5, 1); }

bool tt_unpack_bank_holds(const tt_model *m, uint32_t insn, char *why, size_t whylen)
{
    uint8_t op = (uint8_t)(insn >> 24);
    int which = (int)tt_bits(insn, 23, 1);
    if (op == TT_OPC_UNPACR) {
        /* The Increment-context-counter and FlushCache forms write nothing. */
        if (!tt_unpack_touches_bank(insn)) return false;
    } else if (op == TT_OPC_UNPACR_NOP) {
        /* UNP_CLR_SRC waits before it clears (unpack-data-path §8.3). Blackhole's Stall_Clr_Cntrl
         * [5] picks what for (assembly.yaml): 0 "until data ready is 0", the matrix unit's current
         * bank no longer valid (§8.3's WaitLikeUnpacr = 0: MatrixUnit.SrcXBank; Tenstorrent's
         * simulator waits on the matrix bank's valid bit, re-read every cycle); 1 "until write ready
         * is 1", the unpacker's own bank free (WaitLikeUnpacr = 1). docs/decisions.md "Audit of
         * shared readings". The set-dvalid flavour ([7:6] = 3) never waits (§8.2). */
        if (!tt_unpacr_nop_clears(insn)) return false;
        const bool own = tt_bits(insn, 5, 1);
        int bank = own ? m->banks.unp_bank[which] : (which ? m->banks.math_srcb_bank : m->banks.math_srca_bank);
        uint8_t client = which ? m->banks.srcb_client[bank] : m->banks.srca_client[bank];
        if (client == TT_CLIENT_UNPACKERS) return false;
        snprintf(why, whylen, "UNPACR_NOP UNP_CLR_SRC: %s bank %d (the %s) is owned by the matrix unit",
                 which ? "SrcB" : "SrcA", bank, own ? "unpacker's" : "matrix unit's");
        return true;
    } else {
        return false;
    }
    int bank = m->banks.unp_bank[which];
    uint8_t client = which ? m->banks.srcb_client[bank] : m->banks.srca_client[bank];
    if (client == TT_CLIENT_UNPACKERS) return false;
    snprintf(why, whylen, "UNPACR: %s bank %d is owned by the matrix unit (waits for CLEARDVALID)",
             which ? "SrcB" : "SrcA", bank);
    return true;
}

/* Give the unpacker's bank to the matrix unit and flip (FlipSrc, SETDVALID, UNPACR_NOP SETDVALID),
 * recording the bank's implied format `fmt` (SrcASrcB.md "Implied data format": written by the
 * unpackers as they populate a bank; UNPACR_NOP_SETDVALID.md, Tenstorrent's simulator at the flip;
 * TT_IMPLIED_UNKNOWN for SETDVALID, whose page makes it unpredictable on Blackhole). */
static void flip_to_math(tt_model *m, int thread, int which, unsigned fmt)
{
    int bank = m->banks.unp_bank[which];
    if (which)
        m->banks.srcb_client[bank] = TT_CLIENT_MATRIX, m->banks.srcb_fmt[bank] = (uint8_t)fmt;
    else
        m->banks.srca_client[bank] = TT_CLIENT_MATRIX, m->banks.srca_fmt[bank] = (uint8_t)fmt;
    m->banks.unp_bank[which] ^= 1;
    /* read through the log: a race detector read (a SETC16 of the base racing with the flip) */
    uint32_t base = bits(tt_tcfg_read(m, thread, which ? TCFG_SRCB_SET : TCFG_SRCA_SET), 0, 2);
    m->unp[which].src_row[thread] = (base << 4) & 63;
}

#define UB(...)                                                                                                        \
    do {                                                                                                               \
        tt_result_fail(r, TT_UNDEFINED, __VA_ARGS__);                                                                  \
        return;                                                                                                        \
    } while (0)

/* Phase 6's ADC increments (§2.7; UNPACR_Regular.md): Y and Z of both channels of the unpacker's set,
 * of the issuing thread and of WhichADC. */
static void adc_increments(tt_model *m, int thread, int which, uint32_t wadc, uint32_t insn)
{
    const uint32_t ch1y = tt_bits(insn, 21, 2), ch1z = tt_bits(insn, 19, 2);
    const uint32_t ch0y = tt_bits(insn, 17, 2), ch0z = tt_bits(insn, 15, 2);
    for (int t = 0; t < TT_NUM_THREADS; t++) {
        if (t != thread && (uint32_t)t != wadc) continue;
        tt_adc_channel *a0 = &m->adc[t][which][0], *a1 = &m->adc[t][which][1];
        a0->y = (a0->y + ch0y) & ADC_Y_MASK;
        a0->z = (a0->z + ch0z) & ADC_ZW_MASK;
        a1->y = (a1->y + ch1y) & ADC_Y_MASK;
        a1->z = (a1->z + ch1z) & ADC_ZW_MASK;
    }
}

void tt_unpack_adc_update(tt_model *m, int thread, uint32_t insn)
{
    if ((uint8_t)(insn >> 24) != TT_OPC_UNPACR) return; /* UNPACR_NOP changes no ADC */
    /* the FlushCache and IncrementContextCounter forms (other instructions) change none */
    if (tt_bits(insn, 1, 1) || tt_bits(insn, 13, 1)) return;
    /* Every UNPACR_Regular applies them when it starts, whatever else it does: a form or setup
     * reported when it executes (srcb_bcast unimplemented; RowSearch, a reserved format, ContextADC
     * 3 or any other undefined setup) too. They are the counter update of UNPACR_Regular.md, which
     * reads only the instruction's increments, CurrentThread and WhichADC (with ContextADC 3, no
     * thread's: the issuing thread's only); docs/decisions.md "Race detector", the unpacker's
     * skipped forms. */
    const uint32_t wadc = tt_bits(insn, 7, 1) ? tt_bits(insn, 8, 2) : (uint32_t)thread;
    adc_increments(m, thread, (int)tt_bits(insn, 23, 1), wadc, insn);
}

void tt_unpack_ctx_update(tt_model *m, int thread, uint32_t insn)
{
    if ((uint8_t)(insn >> 24) != TT_OPC_UNPACR || tt_bits(insn, 1, 1) || tt_bits(insn, 5, 1)) return;
    const int which = (int)tt_bits(insn, 23, 1);
    const int state = tt_cfg_state_of(m, thread);
    /* read directly: these are the instruction's reads, logged when it executes */
    const uint32_t reg2 = m->cfg[state][UNP[which].reg2];
    uint32_t *ctr = &m->unp[which].ctx_counter[thread];
    uint32_t n;
    if (tt_bits(insn, 13, 1)) {
        n = (*ctr + 1) & 7; /* UNPACR_IncrementContextCounter.md */
    } else if (tt_bits(insn, 7, 1) && tt_bits(insn, 3, 1)) {
        const uint32_t off = bits(m->tcfg[thread][TCFG_UNPACK_MISC], which ? 8 : 0, 4);
        n = (((*ctr + off) & 7) + 1) & 7; /* UNPACR_Regular.md: WhichContext + 1 */
    } else {
        return;
    }
    if (n >= (1u << bits(reg2, 6, 2))) n = 0;
    *ctr = n;
}

void tt_exec_unpacr(tt_model *m, int thread, uint32_t insn, tt_exec_result *r)
{
    /* Encoding (UNPACR_Regular.md, Bits32 UNPACR_Regular): [23] WhichUnpacker, [22:21] Ch1YInc,
     * [20:19] Ch1ZInc, [18:17] Ch0YInc, [16:15] Ch0ZInc, [13] IncrementContextCounter form,
     * [12:10] ContextNumber, [9:8] ContextADC, [7] MultiContextMode, [6] FlipSrc,
     * [4] AllDatumsAreZero, [3] UseContextCounter, [2] RowSearch, [1] FlushCache form. */
    const int which = (int)tt_bits(insn, 23, 1);
    const uint32_t ch1y = tt_bits(insn, 21, 2), ch1z = tt_bits(insn, 19, 2);
    const uint32_t ch0y = tt_bits(insn, 17, 2), ch0z = tt_bits(insn, 15, 2);
    const bool inc_ctx_form = tt_bits(insn, 13, 1), flush_form = tt_bits(insn, 1, 1);
    const uint32_t ctx_num = tt_bits(insn, 10, 3), ctx_adc = tt_bits(insn, 8, 2);
    const bool multi = tt_bits(insn, 7, 1), flip = tt_bits(insn, 6, 1);
    const bool all_zero = tt_bits(insn, 4, 1), use_ctr = tt_bits(insn, 3, 1), row_search = tt_bits(insn, 2, 1);
    const unp_cfg *u = &UNP[which];
    const int state = tt_cfg_state_of(m, thread);
    const ctx_t c = {m, state, thread, which};
    tt_unpacker_state *us = &m->unp[which];
    /* the FlushCache and IncrementContextCounter forms read no datums (tt_unpack_work) */
    m->unp_work[which] = (tt_unpack_work){.valid = true};

    if (flush_form) {
        /* UNPACR_FlushCache.md: flushes the decompression row-start cache, which holds no
         * architectural state (the page gives no functional model): nothing changes. */
        return;
    }
    if (inc_ctx_form) {
        /* UNPACR_IncrementContextCounter.md: the counter steps and wraps at 2^Context_count; no
         * CfgContextOffset here. (Lockstep: stepped at the sample, tt_unpack_ctx_update.) */
        if (m->adc_early) return;
        uint32_t n = (us->ctx_counter[thread] + 1) & 7;
        if (n >= (1u << cwb(&c, u->reg2, 6, 2))) n = 0; /* Context_count */
        us->ctx_counter[thread] = n;
        return;
    }
    /* Bit 0 is Blackhole's Last (assembly.yaml): it flushes the unpacker's accumulation buffers to
     * the register files, which this model writes at once, so it changes nothing here; tt-llk sets it
     * on every UNPACR. Bit 5 is srcb_bcast, "broadcast the starting row into adjacent 8 rows on
     * SrcB", with no functional model published. */
    if (tt_bits(insn, 5, 1)) {
        tt_result_fail(r, TT_UNIMPLEMENTED, "UNPACR srcb_bcast (bit 5): no public functional model of the SrcB "
                                            "row broadcast (Blackhole assembly.yaml)");
        return;
    }

    /* Phase 1: context (unpack-data-path §2.2). */
    uint32_t wctx = 0, wadc = (uint32_t)thread;
    if (multi) {
        wctx = use_ctr ? us->ctx_counter[thread] : ctx_num;
        uint32_t off = bits(tw(&c, TCFG_UNPACK_MISC), which ? 8 : 0, 4);
        wctx = (wctx + off) & 7;
        wadc = ctx_adc;
        if (which == 1 && wctx >= 2) UB("UNPACR: unpacker 1 context %u (only 0 and 1 exist)", wctx);
        if (wadc == 3) UB("UNPACR: ContextADC 3 is undefined");
    }
    /* The tile descriptor's fields (UNPACR_Regular.md "Configuration": 8-bit YDim/ZDim/WDim, the
     * reserved bits read by nothing), each read where the page's functional model reads it. */
    const unsigned td = u->tile_desc;
    bool uncompressed = multi ? cwb(&c, u->reg2_w1, (wctx & 3) + (wctx >= 4 ? 16 : 0), 1) : cwb(&c, td, 4, 1);
    uint32_t xdim = (multi && which == 0) ? cwb(&c, u->tile_x_cntx + (wctx & 3) / 2, 16 * (wctx & 1), 16)
                                          : cwb(&c, td, 16, 16);
    uint32_t ydim = cwb(&c, td + 1, 0, 8);
    uint32_t zdim = cwb(&c, td + 1, 16, 8), wdim = cwb(&c, td + 2, 0, 8);
    if (!zdim) zdim = 1;
    if (!wdim) wdim = 1;
    /* BlobsPerXYPlane: the compressed row index and RowSearch only */
    const uint32_t blobs = (!uncompressed || row_search) ? cwb(&c, td, 8, 3) : 0;
    const uint32_t digest = cwb(&c, td + 3, 24, 8);
    unsigned in_fmt, out_fmt;
    if (multi && cwb(&c, u->reg2, 14, 1)) { /* Ovrd_data_format */
        const unsigned fw = u->offset + (wctx & 3);
        in_fmt = cwb(&c, fw, wctx >= 4 ? 24 : 16, 4);
        out_fmt = cwb(&c, fw, wctx >= 4 ? 28 : 20, 4);
    } else {
        in_fmt = cwb(&c, td, 0, 4);
        out_fmt = cwb(&c, u->reg2, 0, 4);
    }
    const unsigned dbits = tt_df_bits(in_fmt);
    if (!dbits) UB("UNPACR: input data format code %u is reserved", in_fmt);

    /* Phase 2: input address (§2.3), in bytes; the datum address is kept in bits so BFP4/BFP2
     * datums address half and quarter bytes exactly. */
    uint64_t in_addr;
    if (multi && wctx != 0) {
        uint32_t base = wctx < 4 ? cwb(&c, u->base + wctx, 0, 32) : cwb(&c, u->base4 + wctx - 4, 0, 32);
        in_addr = (uint64_t)base + cwb(&c, u->offset + (wctx & 3), 0, 16);
    } else {
        in_addr = (uint64_t)cwb(&c, u->base, 0, 32) + cwb(&c, u->offset, 0, 16);
    }
    in_addr = (in_addr + 1 + digest) * 16;
    /* Compressed tiles (§1.3): the row start index (RSI) section, uint16 per row plus one. */
    uint64_t rsi_addr = 0;
    if (!uncompressed) {
        rsi_addr = in_addr;
        /* with blobs: one entry per blob, BlobsPerXYPlane * ZDim * WDim (RowSearch or not) */
        uint64_t nrows = blobs ? (uint64_t)blobs * zdim * wdim : (uint64_t)ydim * zdim * wdim;
        in_addr += ((nrows + 1) * 2 + 15) / 16 * 16;
    }
    const bool bfp = tt_df_is_bfp(in_fmt);
    const bool force_exp = bfp && cwb(&c, u->reg2_w1, 8, 1); /* Force_shared_exp: BFP input only */
    uint64_t exp_addr16 = 0; /* exponent pointer in 1/16 bytes */
    if (bfp && !force_exp) {
        exp_addr16 = in_addr * 16;
        if (in_fmt == TT_DF_BFP8 || in_fmt == TT_DF_BFP8A || !cwb(&c, td, 5, 1)) { /* NoBFPExpSection */
            uint64_t nel = (uint64_t)xdim * ydim * zdim * wdim;
            uint64_t nexp = (nel + 15) / 16;
            in_addr += (nexp + 15) / 16 * 16;
        }
    }
    const tt_adc_channel *adc_xy = &tt_adc_read(m, wadc, (unsigned)which)[0];
    const tt_adc_channel *adc_zw = &tt_adc_read(m, (unsigned)thread, (unsigned)which)[0];
    /* ERRATA 6: the input address generator takes only the low 8 bits of channel 0's Z and W. */
    const uint32_t z0 = adc_zw->z & 0xFF, w0 = adc_zw->w & 0xFF;
    uint32_t xpos = adc_xy->x, ypos = adc_xy->y;
    uint32_t xend = m->adc[wadc][which][1].x + 1;
    if (row_search && uncompressed) {
        /* RowSearch, uncompressed (UNPACR_Regular.md, Blackhole; docs/decisions.md "RowSearch").
         * With blobs: Ch0 Y is the first blob, Ch0 X the last (inclusive), from BlobsYStart
         * (descriptor [111:80], 4 bits per blob, in 16-datum units; unpacker 0 in multi-context
         * mode: UNP0_BLOBS_Y_START_CNTX_01 / _23); the last blob of the plane ends at XDim rounded
         * down to 16 (9 bits). Without blobs: row Y, datums 0 .. Ch1 X - 1 (no + 1). */
        if (blobs) {
            const uint32_t bys = (multi && which == 0)
                                     ? cwb(&c, (wctx & 2) ? CFG_UNP0_BLOBS_Y_CNTX23 : CFG_UNP0_BLOBS_Y_CNTX01, 0, 32)
                                     : cwb(&c, td + 2, 16, 16) | cwb(&c, td + 3, 0, 16) << 16; /* BlobsYStart */
            const uint32_t k = (adc_xy->x & 7) + 1;
            if (k == 8) UB("UNPACR RowSearch: ADC X %u selects BlobsYStart[8], past the 8 entries", adc_xy->x);
            xpos = bits(bys, 4 * (adc_xy->y & 7), 4) << 4;
            ypos = 0;
            xend = k == blobs ? (xdim & 0x1F0) : bits(bys, 4 * k, 4) << 4;
        } else {
            xpos = 0;
            xend -= 1;
        }
    }
    uint64_t first, ndatums;
    uint64_t drop = 0, dnum = UINT64_MAX; /* DecompressDrop, DecompressNumDatums */
    uint64_t dat_bit, delta_bit = 0;      /* datum pointer; RLE delta pointer (compressed), in bits */
    if (uncompressed) {
        first = (((uint64_t)w0 * zdim + z0) * ydim + ypos) * xdim + xpos;
        if (xend < xpos) UB("UNPACR: XEnd %u is before XPos %u", xend, xpos);
        ndatums = xend - xpos;
        dat_bit = in_addr * 8 + first * dbits;
    } else {
        /* UNPACR_Regular.md: FirstDatum from the RSI of row Y (of this Z/W plane); all of the row,
         * or X0..X1 of it by dropping the first X0 decompressed datums. */
        /* RowSearch with blobs: the plane has BlobsPerXYPlane entries (YDim for this seek only) */
        uint64_t rs = rsi_addr + ((uint64_t)w0 * zdim + z0) * (row_search && blobs ? blobs : ydim) * 2;
        uint32_t y = ypos & 0xFF;
        if (rs + 2 * (y + 1) + 1 >= TT_L1_BYTES) UB("UNPACR: the row start index at L1 0x%llx is past the end of L1",
                                                   (unsigned long long)(rs + 2 * y));
        first = read_l1_bits(m, (rs + 2 * y) * 8, 16);
        if (row_search) {
            /* rows (or blobs) Y .. X inclusive: up to RowStart[X + 1], no DecompressDrop */
            uint32_t xr = (adc_xy->x & 0xFF) + 1;
            if (rs + 2 * xr + 1 >= TT_L1_BYTES) UB("UNPACR: the row start index at L1 0x%llx is past the end of L1",
                                                  (unsigned long long)(rs + 2 * xr));
            uint32_t next = read_l1_bits(m, (rs + 2 * xr) * 8, 16);
            if (next < first) UB("UNPACR RowSearch: row start index %u of row %u is below row %u's %llu", next, xr, y,
                                 (unsigned long long)first);
            ndatums = next - first;
        } else if (adc_xy->x == 0 && m->adc[wadc][which][1].x == xdim - 1) {
            uint32_t next = read_l1_bits(m, (rs + 2 * (y + 1)) * 8, 16);
            if (next < first) UB("UNPACR: row start index %u of row %u is below the row's %llu", next, y + 1,
                                 (unsigned long long)first);
            ndatums = next - first;
        } else {
            drop = adc_xy->x;
            if (m->adc[wadc][which][1].x + 1 < drop) UB("UNPACR: ADC X end %u is before X start %llu", xend - 1,
                                                        (unsigned long long)drop);
            dnum = m->adc[wadc][which][1].x + 1 - drop;
            ndatums = UINT64_MAX;
        }
        /* blocks of 32 datums, each followed by its 32 4-bit deltas (16 bytes) */
        uint64_t base = in_addr * 8 + first / 32 * (32ull * dbits + 128);
        dat_bit = base + first % 32 * dbits;
        delta_bit = base + 32ull * dbits + first % 32 * 4;
    }
    if (bfp && !force_exp) exp_addr16 += first;
    const uint64_t limit = (uint64_t)cwb(&c, u->limit, 0, 17) * 16;
    const uint64_t fifo = (uint64_t)cwb(&c, u->fifo, 0, 17) * 16;
    /* WrapAddr on byte addresses; bit and 1/16-byte pointers are wrapped by their byte part. */
#define WRAP_BITS(b) ((b) / 8 > limit ? (b) - fifo * 8 : (b))
    if (bfp && !force_exp && exp_addr16 / 16 > limit) exp_addr16 -= fifo * 16;
    dat_bit = WRAP_BITS(dat_bit);
    delta_bit = WRAP_BITS(delta_bit);

    /* Phase 4: row stride (§2.5). */
    const bool tilize = cwb(&c, u->reg2, 9, 1);
    /* Blackhole reads 32 datums per input row when a datum is wider than a byte, 16 otherwise
     * (UNPACR_Regular.md UnpackRowWidth; docs/decisions.md "tilize row width"). */
    const unsigned row_width = dbits > 8 ? 32 : 16;
    const uint64_t row_stride_bits = tilize ? 8ull * ((cwb(&c, u->reg2, 16, 4) << 4) | (cwb(&c, u->reg2, 20, 4) << 8) |
                                                      (cwb(&c, u->reg2, 24, 4) << 12))
                                            : (uint64_t)row_width * dbits;

    /* Phase 3: output address (§2.4). */
    bool to_dest = false, transpose = false;
    if (which == 0) {
        to_dest = multi ? cwb(&c, u->reg2_w1, 4 + (wctx & 3) + (wctx >= 4 ? 16 : 0), 1) : cwb(&c, u->reg2, 11, 1);
        transpose = cwb(&c, u->reg2, 8, 1);
    }
    const tt_adc_channel *ao = &m->adc[thread][which][1];
    /* ADDR_CTRL_XY_REG_1's Ystride, ZW_REG_1's Zstride and Wstride (not Xstride: the page) */
    uint64_t out = (uint64_t)cwb(&c, u->base_reg1, 0, 18) + (uint64_t)ao->y * cwb(&c, u->xy_stride1, 16, 16) +
                   (uint64_t)ao->z * cwb(&c, u->zw_stride1, 0, 16) + (uint64_t)ao->w * cwb(&c, u->zw_stride1, 16, 16);
    if (tt_df_is_32bit(out_fmt)) {
        if (out & 3) UB("UNPACR: output address 0x%llx is not 4-byte aligned for a 32-bit format", (unsigned long long)out);
        out >>= 2;
    } else if (out_fmt == TT_DF_FP16 || out_fmt == TT_DF_BF16 || out_fmt == TT_DF_INT16) {
        if (out & 1) UB("UNPACR: output address 0x%llx is not 2-byte aligned for a 16-bit format", (unsigned long long)out);
        out >>= 1;
    }
    if (multi && which == 0) {
        uint32_t ctx_out = cwb(&c, u->dest_cntx + (wctx & 3) / 2, 16 * (wctx & 1), 16);
        if (to_dest || cwb(&c, u->forced_exp, 8, 1)) /* ADD_DEST_ADDR_CNTR */
            out += ctx_out;
        else
            out = ctx_out;
    }
    const uint32_t ups_zeroes = (1u << cwb(&c, u->reg2, 12, 2)) - 1;
    const bool ups_interleave = cwb(&c, u->reg2, 15, 1);
    const uint32_t colshift = (tilize || which == 1) ? 0 : cwb(&c, u->reg2, 16 + 4 * (wctx & 3), 4);

    /* Compatibility checks (UNPACR_Regular.md). */
    if ((transpose || tilize) && (dat_bit % 128) != 0)
        UB("UNPACR: transpose or tilize needs the first datum 16-byte aligned (L1 0x%llx)",
           (unsigned long long)(dat_bit / 8));
    if (tilize && (ups_zeroes > 0 || !uncompressed))
        UB("UNPACR: tilize (Tileize_mode) with upsampling or a compressed tile is undefined");
    /* Blackhole's input row width is "not yet characterized for BFP2/4" (UNPACR_Regular.md
     * UnpackRowWidth) and Tenstorrent's simulator calls tilize of datums narrower than a byte
     * undefined (docs/decisions.md "Audit of shared readings") */
    if (tilize && dbits < 8)
        UB("UNPACR: tilize (Tileize_mode) of %s datums, narrower than a byte, is undefined (Blackhole "
           "UnpackRowWidth not characterized)", tt_df_name(in_fmt));
    if (to_dest && (colshift || transpose)) UB("UNPACR: unpack to Dest with ColShift or transpose is undefined");

    const tt_unpack_conv_mode mode = {
        .to_dest = to_dest,
        /* read by the INT8 and the FP8 conversions only (unpack_convert.c) */
        .int8_unsigned = in_fmt == TT_DF_INT8 && cwb(&c, CFG_ALU_FORMAT, which ? 16 : 15, 1),
        .fp8_e4m3 = in_fmt == TT_DF_FP8 && cwb(&c, u->lf8, 22, 1),
    };
    const uint8_t forced_exp = force_exp ? (uint8_t)cwb(&c, u->forced_exp, 0, 8) : 0; /* FORCE_SHARED_EXP */
    const bool ovrd_with_addr = bits(tw(&c, TCFG_SRCA_SET), 2, 1);
    const int bank = m->banks.unp_bank[which];
    const int writer = which ? TT_RF_BY_UNPACK1 : TT_RF_BY_UNPACK0;
    if (ndatums && dnum && (which ? m->banks.srcb_client[bank] : m->banks.srca_client[bank]) != TT_CLIENT_UNPACKERS)
        UB("UNPACR executed while %s bank %d is owned by the matrix unit (it must wait)", which ? "SrcB" : "SrcA", bank);

    if (ndatums && dnum) /* for functional coverage (ttmodel.h tt_dp_info) */
        r->dp = (tt_dp_info){
            .kind = TT_DP_UNPACK, .unit = (uint8_t)which, .in_fmt = (uint8_t)in_fmt, .out_fmt = (uint8_t)out_fmt,
            .flags = (to_dest ? TT_DPF_TO_DEST : 0) | (tilize ? TT_DPF_TILIZE : 0) |
                     (transpose ? TT_DPF_TRANSPOSE : 0) | (!uncompressed ? TT_DPF_COMPRESSED : 0) |
                     (ups_zeroes ? TT_DPF_UPSAMPLE : 0) | (bfp && force_exp ? TT_DPF_FORCE_EXP : 0) |
                     (mode.fp8_e4m3 && in_fmt == TT_DF_FP8 ? TT_DPF_FP8_E4M3 : 0) |
                     (mode.int8_unsigned && in_fmt == TT_DF_INT8 ? TT_DPF_INT8_UNSIGNED : 0) |
                     (multi ? TT_DPF_MULTI_CTX : 0) |
                     /* coverage only: a look at the field, not a read of the rule (not logged) */
                     (bfp && bits(m->cfg[state][td], 5, 1) ? TT_DPF_NO_BFP_EXP : 0)};
    /* The bandwidth rules' counts (unpack-data-path §13 speeds and forced speeds; docs/decisions.md
     * "Unpacker and packer bandwidth"). */
    tt_unpack_work *uw = &m->unp_work[which];
    *uw = (tt_unpack_work){.valid = true, .runs = ndatums && dnum,
                           .rsi_cycles = (uint8_t)(uncompressed ? 0 : row_search ? 2 : 1)};
    {
        const unsigned throttle = cwb(&c, u->reg2, 4, 2); /* Throttle_mode: the speed, always */
        unsigned tier = throttle > 2 ? 2 : throttle;
        if (tilize) tier = 2;
        if (ups_zeroes >= 3 || in_fmt == TT_DF_BFP2 || in_fmt == TT_DF_BFP2A) tier = 0;
        if ((ups_zeroes == 1 || (to_dest && (in_fmt == TT_DF_BFP4 || in_fmt == TT_DF_BFP4A))) && tier == 2) tier = 1;
        if (!uncompressed) tier = 0;
        uw->tier = (uint8_t)tier;
    }
    m->n_unp_ev = 0;
    unp_batch bt[3];
    for (int t = 0; t < 3; t++) bt[t] = (unp_batch){.budget = (128u << t) / dbits >= 16 ? 16 : (128u << t) / dbits};
    bool delta_line_end = false; /* the previous datum's delta ended a 16-byte delta line */
    /* Audit D8: an UNPACR to Dest leaves SrcA[unpacker 0's bank] unpredictable (UNPACR_Regular.md,
     * Blackhole: `SrcA[Bank][:][:] = UnpredictableValue()`): a MOVA2D reading a row of it before the
     * row is written again is undefined (movement.c). */
    if (to_dest && ndatums && dnum) {
        m->srca_unpred[bank] = ~0ull;
        m->srca_unpred_why[bank] = false;
    }
    /* Audit D9: SrcA is written in bursts of rows; a burst that spans a 16-row set may drop writes
     * (UNPACR_Regular.md, Blackhole: "software should avoid", not characterized). Burst rows as
     * Tenstorrent's simulator has them, the only published rule: L1 bytes a cycle / row bytes, in
     * 1..8, the bytes 16 << throttle (BFP2 x1, tilize x4, else without
     * THCON_SEC0_REG1_ovrd_default_throttle_mode (cfg 70 [3]) x8 for 8-bit datums and x4 for the
     * others, else Throttle_mode; x4 of 16-bit or wider datums 128), the bursts counted from the
     * UNPACR's first row. The rows of a burst that lie past the 16-row set its first row is in are
     * unpredictable (as a burst past row 63 drops the rows past it, docs/decisions.md "SrcA/SrcB row
     * wrap"); the rows before the boundary are kept (tt-llk's untilize, llk_unpack_untilize.tts,
     * starts its UNPACRs on every row and reads those). */
    unsigned srca_burst = 1;
    if (which == 0 && !to_dest && ndatums > 16) {
        unsigned thr = cwb(&c, u->reg2, 4, 2);
        if (dbits == 2) thr = 0;
        else if (tilize) thr = 2;
        else if (!bits(tt_cfg_read_bits(c.m, c.state, 70, 1u << 3), 3, 1)) thr = dbits == 8 ? 3 : 2;
        unsigned bytes = 16u << thr;
        if (thr == 2 && dbits >= 16) bytes = 128;
        srca_burst = bytes / (2 * dbits);
        srca_burst = srca_burst < 1 ? 1 : srca_burst > 8 ? 8 : srca_burst;
    }
    uint64_t srca_d9 = 0, srca_n = 0, srca_first = 0;
    /* ZEROACC.md: an unpack to Dest that writes some columns of an invalid row (its zero flag) and
     * leaves the others is undefined. Per Dest row this UNPACR writes: the columns, bit 16 seen,
     * bit 17 the row's flag was invalid before (docs/decisions.md "Dest zero flags"). */
    uint32_t dcols[TT_DEST_ROWS];
    uint16_t dlist[TT_DEST_ROWS];
    unsigned nd = 0;
    if (to_dest) memset(dcols, 0, sizeof dcols);
    /* Phase 5: the main loop (§2.6). */
    for (uint64_t i = 0; i < ndatums && dnum;) {
        batch_datum(m, bt, i % 16 == 0 || (bfp && !force_exp && exp_addr16 % 256 == 0) || delta_line_end);
        delta_line_end = false;
        if (dat_bit / 8 >= TT_L1_BYTES) UB("UNPACR reads L1 0x%llx, past the end of L1", (unsigned long long)(dat_bit / 8));
        uint32_t datum = read_l1_bits(m, dat_bit, dbits);
        dat_bit += dbits;
        if ((++i % row_width) == 0) {
            dat_bit -= (uint64_t)row_width * dbits;
            dat_bit += row_stride_bits;
            dat_bit = WRAP_BITS(dat_bit);
        }
        uint8_t expb = 0;
        if (bfp) {
            if (force_exp) {
                expb = forced_exp;
            } else {
                if (exp_addr16 / 16 >= TT_L1_BYTES)
                    UB("UNPACR reads exponents at L1 0x%llx, past the end of L1", (unsigned long long)(exp_addr16 / 16));
                tt_l1_read_log(m, (uint32_t)(exp_addr16 / 16));
                expb = m->l1[exp_addr16 / 16];
                exp_addr16 += 1;
                if (exp_addr16 % 256 == 0 && exp_addr16 / 16 > limit) exp_addr16 -= fifo * 16;
            }
        }
        uint32_t zeroes = 0; /* DecompressionZeroes: RLE delta of this datum */
        if (!uncompressed) {
            if (delta_bit / 8 >= TT_L1_BYTES) UB("UNPACR reads deltas at L1 0x%llx, past the end of L1",
                                                 (unsigned long long)(delta_bit / 8));
            zeroes = read_l1_bits(m, delta_bit, 4);
            delta_bit += 4;
            if (delta_bit % 128 == 0) { /* past 32 deltas: skip them and the next 32 datums */
                delta_line_end = true;
                dat_bit += 128;
                delta_bit += 32ull * dbits;
                delta_bit = WRAP_BITS(delta_bit);
            }
        }
        uint32_t v = 0;
        char msg[120];
        tt_status cs = tt_unpack_convert(in_fmt, out_fmt, datum, expb, &mode, &v, msg, sizeof msg);
        if (cs != TT_OK) { /* undefined, or unimplemented (FP8 E4M3): the converter's category */
            tt_result_fail(r, cs, "UNPACR: %s", msg);
            return;
        }
        if (all_zero) v = 0, zeroes = 0;
        for (uint32_t jz = 0; jz <= zeroes; ++jz, v = 0) {
        if (drop) {
            --drop;
            batch_pos(m, bt, false, 0, 0);
            continue;
        }
        for (uint32_t k = 0; k <= ups_zeroes; ++k, v = 0, ++out) {
            if (ups_interleave && k != 0) {
                batch_pos(m, bt, false, 0, 0);
                continue;
            }
            uint64_t row = out / 16;
            uint32_t col = (uint32_t)(out & 15);
            if (which == 1) {
                batch_pos(m, bt, true, TT_RF_SRCB, (uint32_t)((row + us->src_row[thread]) & 63));
                tt_rf_write_cell(m, writer, TT_RF_SRCB, bank, (uint32_t)((row + us->src_row[thread]) & 63), col, v);
            } else if (!to_dest) {
                if (row < 4 || col < colshift) {
                    batch_pos(m, bt, false, 0, 0);
                    continue;
                }
                row -= 4;
                col -= colshift;
                /* With SetOvrdWithAddr the raw row is used and wraps at 64 (unpack-data-path §2.6
                 * `SrcA[Bank][Row & 0x3f]`; Tenstorrent's simulator, Blackhole: `row &= 63`), as
                 * the SrcB row does; the Wormhole page's "Row >= 64 is undefined" is not Blackhole's
                 * (docs/decisions.md "SrcA/SrcB row wrap"). */
                if (!ovrd_with_addr) {
                    if (row >= 16) UB("UNPACR: SrcA row offset %llu past 15", (unsigned long long)row);
                    row += us->src_row[thread];
                }
                if (srca_n++ == 0) srca_first = row; /* the first row of the output address */
                const bool d9 = ((srca_first + (row - srca_first) / srca_burst * srca_burst) & ~15ull) != (row & ~15ull);
                if (transpose) {
                    uint32_t lo = (uint32_t)(row & 15);
                    row = (row & ~15ull) | col;
                    col = lo;
                }
                if (d9) srca_d9 |= 1ull << (row & 63);
                batch_pos(m, bt, true, TT_RF_SRCA, (uint32_t)(row & 63));
                tt_rf_write_cell(m, writer, TT_RF_SRCA, bank, (uint32_t)(row & 63), col, v);
            } else {
                /* with SRCA_SET_SetOvrdWithAddr the Dest row is undefined (UNPACR_Regular.md: "silicon
                 * behavior is likely Row &= 0x3CF"; Tenstorrent's simulator too), not unpack-data-path
                 * §2.6's Row &= 0xf (docs/decisions.md "Audit of shared readings") */
                if (ovrd_with_addr) UB("UNPACR to Dest with SRCA_SET_SetOvrdWithAddr is undefined");
                row -= 4; /* unsigned wrap, then masked: the doc's 10-bit row */
                row &= 0x3FF;
                if (!(dcols[row] & 0x10000u)) {
                    const unsigned fr = tt_df_is_32bit(out_fmt) ? tt_dest32_adj_row((unsigned)row) : (unsigned)row;
                    dcols[row] = 0x10000u | (m->dest_valid[fr] ? 0u : 0x20000u);
                    dlist[nd++] = (uint16_t)row;
                }
                dcols[row] |= 1u << col;
                batch_pos(m, bt, true, tt_df_is_32bit(out_fmt) ? TT_RF_DEST32 : TT_RF_DEST, (uint32_t)row);
                tt_rf_write_cell(m, writer, tt_df_is_32bit(out_fmt) ? TT_RF_DEST32 : TT_RF_DEST, 0, (uint32_t)row,
                                 col, v);
            }
        }
        if (--dnum == 0) break;
        }
        for (int t = 0; t < 3; t++) bt[t].k++; /* the datum is finished */
        ev_put(m, UEV_DONE);
    }
    for (int t = 0; t < 3; t++) uw->cycles[t] = bt[t].cycles, uw->budget[t] = (uint8_t)bt[t].budget;
    for (unsigned k = 0; k < nd; k++)
        if ((dcols[dlist[k]] & 0x20000u) && (dcols[dlist[k]] & 0xFFFFu) != 0xFFFFu)
            UB("UNPACR to Dest writes columns 0x%04x of %s row %u, which ZEROACC left invalid: its other columns "
               "are undefined (ZEROACC.md)", dcols[dlist[k]] & 0xFFFFu, tt_df_is_32bit(out_fmt) ? "Dst32b" : "Dest",
               (unsigned)dlist[k]);
    if (srca_d9) { /* audit D9 (above): marked after the writes, which clear the marks */
        m->srca_unpred[bank] |= srca_d9;
        m->srca_unpred_why[bank] = true;
    }
#undef WRAP_BITS

    /* Phase 6: counters (§2.7). The context counter, in lockstep, stepped at the sample with the
     * ADC increments (tt_unpack_ctx_update). */
    if (multi && use_ctr && !m->adc_early) {
        uint32_t n = (wctx + 1) & 7;
        if (n >= (1u << cwb(&c, u->reg2, 6, 2))) n = 0; /* Context_count */
        us->ctx_counter[thread] = n;
    }
    if (!m->adc_early) adc_increments(m, thread, which, wadc, insn);
    if (ch0y | ch0z | ch1y | ch1z) {
        tt_adc_record(m, thread, (uint8_t)(3u << (2 * which)), r);
        if (wadc != (uint32_t)thread) {
            /* Two threads' counters changed: report the other one too. */
            r->eff.adc_we2 = (uint8_t)(3u << (2 * which));
            r->eff.adc_thread2 = (uint8_t)wadc;
            for (int i = 0; i < TT_ADC_SETS * TT_ADC_CHANNELS; i++) r->eff.adc2[i] = m->adc[wadc][i / 2][i % 2];
        }
    }
    uint32_t src_base = (bits(tw(&c, which ? TCFG_SRCB_SET : TCFG_SRCA_SET), 0, 2) << 4) & 63;
    if (flip) {
        flip_to_math(m, thread, which, out_fmt); /* the OutDataFormat it wrote the bank with */
        record_banks(m, r);
    } else if (cwb(&c, u->reg2, 10, 1)) { /* Unpack_Src_Reg_Set_Upd */
        us->src_row[thread] = (us->src_row[thread] + 16 + src_base) & 63;
    }
    tt_rf_log_effects(m, r);
}

const tt_unpack_work *tt_model_unpack_work(const tt_model *m, int unpacker)
{
    return &m->unp_work[unpacker & 1];
}

/* The NoC overlay stream register a UNP_POP writes (Blackhole noc_overlay_parameters.h):
 * 0xFFB40000 + stream * 0x1000 + STREAM_MSG_DATA_CLEAR_REG_INDEX (266) * 4. */
#define OVERLAY_BASE 0xFFB40000u
#define OVERLAY_STREAM_SIZE 0x1000u
#define OVERLAY_MSG_DATA_CLEAR 266u
#define TCFG_OVERLAY_MSG_CLEAR 42 /* NOC_OVERLAY_MSG_CLEAR_StreamId_n [5:0], MsgNum_n [10:8]: 42 + n */
#define CFG_UNP_NOP_CLR_VAL0 53   /* UNP0_NOP_REG_CLR_VAL; unpacker 1's is word 63 */
#define CFG_UNP_NOP_CLR_VAL1 63

/* UNPACR_NOP_SETDVALID.md (Blackhole branch): a set dvalid records the unpacker's
 * THCON_SECn_REG2_Out_data_format as the bank's implied format (Tenstorrent's simulator agrees). */
static unsigned nop_implied_fmt(tt_model *m, int thread, int which)
{
    return tt_cfg_read_bits(m, tt_cfg_state_of(m, thread), UNP[which].reg2, 15u); /* Out_data_format only */
}

/* UNPACR_NOP on Blackhole (assembly.yaml, which re-lays out unpack-data-path §8's Wormhole word;
 * docs/decisions.md "UNPACR_NOP"): [23] unpacker, [1:0] Unpack_Pop (0 UNP_POP, 1 UNP_CLR_SRC,
 * 2 UNP_NOP, 3 UNP_POP with stream id), [3:2] clear value (0 zero, 1 -inf, 2 one, 3 the
 * UNPn_NOP_REG_CLR_VAL word), [4] all banks, [5] Stall_Clr_Cntrl (the clear waits for the matrix
 * unit's bank when 0, for its own when 1), [7:6] format of "one" (0 FP16, 1 BF16/TF32, 2 INT8;
 * 3 = only set dvalid), [8] set dvalid after the clear,
 * [14:12] message count and [21:16] stream of UNP_POP with stream id. */
void tt_exec_unpacr_nop(tt_model *m, int thread, uint32_t insn, tt_exec_result *r)
{
    const int which = (int)tt_bits(insn, 23, 1);
    const uint32_t pop = tt_bits(insn, 0, 2), clr = tt_bits(insn, 2, 2), one_fmt = tt_bits(insn, 6, 2);
    if (one_fmt == 3) { /* "a flavour of UNPACR_NOP which sets dvalid, NOP in all other respects" */
        flip_to_math(m, thread, which, nop_implied_fmt(m, thread, which));
        record_banks(m, r);
        return;
    }
    switch (pop) {
    case 1: { /* UNP_CLR_SRC (unpack-data-path §8.3 ZEROSRC) */
        const bool all_banks = tt_bits(insn, 4, 1), set_dvalid = tt_bits(insn, 8, 1);
        uint32_t val = 0;
        if (clr == 1) {
            val = which == 0 ? 0x7FFFFu : 0u; /* §8.3: -inf for SrcA only, SrcB clears to 0 */
        } else if (clr == 2) {
            /* 1.0 stored as the unpacker stores it (§3.3): WriteSrcFP16(0x3C00), WriteSrcBF16(0x3F80),
             * or the INT8 overlay of +1 (FP16 with exponent 16 and magnitude 1) */
            static const uint32_t one[3] = {0x0000Fu, 0x0007Fu, 0x00110u};
            val = one[one_fmt];
        } else if (clr == 3) {
            val = tt_cfg_read_bits(m, tt_cfg_state_of(m, thread), which ? CFG_UNP_NOP_CLR_VAL1 : CFG_UNP_NOP_CLR_VAL0,
                                   0x7FFFFu); /* the 19 bits a Src datum holds */
        }
        const int ub = m->banks.unp_bank[which];
        for (int bank = 0; bank < 2; bank++)
            if (all_banks || bank == ub)
                tt_rf_fill_bank(m, which ? TT_RF_BY_UNPACK1 : TT_RF_BY_UNPACK0, which ? TT_RF_SRCB : TT_RF_SRCA, bank, val);
        tt_rf_log_effects(m, r);
        if (set_dvalid) {
            flip_to_math(m, thread, which, nop_implied_fmt(m, thread, which));
            record_banks(m, r);
        }
        return;
    }
    case 2: /* UNP_NOP: occupies the unpacker for a cycle */
        return;
    default: { /* UNP_POP: free messages of a NoC overlay stream through its message-clear register */
        uint32_t stream, count;
        if (pop == 0) {
            uint32_t w = tt_tcfg_read(m, thread, TCFG_OVERLAY_MSG_CLEAR + which);
            stream = bits(w, 0, 6);
            count = bits(w, 8, 3);
        } else {
            if (tt_bits(insn, 2, 1)) {
                tt_result_fail(r, TT_UNIMPLEMENTED,
                               "UNPACR_NOP enhanced UNP_POP (bits [1:0] = 3 with bit 2): the registers its address "
                               "select bits [22] and [15] pick are not publicly documented");
                return;
            }
            stream = tt_bits(insn, 16, 6);
            count = tt_bits(insn, 12, 3);
        }
        r->eff.kinds |= TT_EFF_MMIO;
        r->eff.mmio_addr = OVERLAY_BASE + stream * OVERLAY_STREAM_SIZE + OVERLAY_MSG_DATA_CLEAR * 4;
        r->eff.mmio_data = count;
        return;
    }
    }
}

/* SETDVALID ([1:0] FlipSrcB, FlipSrcA): SETDVALID.md. */
void tt_exec_setdvalid(tt_model *m, int thread, uint32_t insn, tt_exec_result *r)
{
    uint32_t f = tt_bits(insn, 0, 2);
    /* SETDVALID.md: on Blackhole the bank's implied format becomes UnpredictableValue() (the page
     * calls the instruction unsupported there; UNPACR_NOP's set-dvalid flavour is its replacement) */
    if (f & 1) flip_to_math(m, thread, 0, TT_IMPLIED_UNKNOWN);
    if (f & 2) flip_to_math(m, thread, 1, TT_IMPLIED_UNKNOWN);
    if (f) record_banks(m, r);
}

/* CLEARDVALID ([23] FlipSrcB, [22] FlipSrcA, [1] KeepReadingSameSrc, [0] Reset): CLEARDVALID.md. */
void tt_exec_cleardvalid(tt_model *m, int thread, uint32_t insn, tt_exec_result *r)
{
    (void)thread;
    tt_bank_state *b = &m->banks;
    if (tt_bits(insn, 0, 1)) {
        memset(b, 0, sizeof *b); /* all banks to the unpackers, every pointer to bank 0, and (Blackhole)
                                  * every implied format 0 (CLEARDVALID.md) */
        record_banks(m, r);
        return;
    }
    const bool keep = tt_bits(insn, 1, 1);
    if (tt_bits(insn, 22, 1)) {
        b->srca_client[b->math_srca_bank] = TT_CLIENT_UNPACKERS;
        if (!keep) b->math_srca_bank ^= 1;
    }
    if (tt_bits(insn, 23, 1)) {
        b->srcb_client[b->math_srcb_bank] = TT_CLIENT_UNPACKERS;
        if (!keep) b->math_srcb_bank ^= 1;
    }
    if (tt_bits(insn, 22, 2)) record_banks(m, r);
}

/* ZEROSRC ([4] NegativeInfSrcA, [3] SingleBankMatrixUnit, [2] BothBanks, [1] ClearSrcB, [0]
 * ClearSrcA): ZEROSRC.md. The matrix unit writes. */
void tt_exec_zerosrc(tt_model *m, int thread, uint32_t insn, tt_exec_result *r)
{
    (void)thread;
    const bool neg_inf = tt_bits(insn, 4, 1), single_math = tt_bits(insn, 3, 1), both = tt_bits(insn, 2, 1);
    for (int f = 0; f < 2; f++) {
        if (!tt_bits(insn, f, 1)) continue;
        int pick = single_math ? (f ? m->banks.math_srcb_bank : m->banks.math_srca_bank) : m->banks.unp_bank[f];
        for (int bank = 0; bank < 2; bank++)
            if (both || bank == pick)
                tt_rf_fill_bank(m, TT_RF_BY_MATH, f ? TT_RF_SRCB : TT_RF_SRCA, bank, (f == 0 && neg_inf) ? 0x7FFFFu : 0u);
    }
    tt_rf_log_effects(m, r);
}
