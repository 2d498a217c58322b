/* pack.c: PACR on packer 0. The rules, with their sources, are docs/decisions.md "PACR, first
 * slice: packer 0": the input address generator and the output address generator of the ISA
 * documentation's Packers pages (Blackhole conditionals), the datum path of pack_convert.h, and
 * 16-byte output buffers per stream. */
#include "pack.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adc.h"
#include "l1_read_log.h"
#include "pack_convert.h"
#include "pack_l1acc.h"
#include "regfile.h" /* tt_dest32_read */
#include "unpack_convert.h" /* tt_dformat codes */

/* A field of a config word of the PACR's state, `width` bits from `shift`: the rule reads those bits
 * and the race detector logs only them (tt_cfg_read_bits, the model's read set: docs/decisions.md
 * "Race detector", field granularity). Every config read of the packer goes through it, where the
 * rule reads the field (a field read only in some mode is read only then). */
static uint32_t cfgb(tt_model *m, int st, unsigned idx, unsigned shift, unsigned width)
{
    const uint32_t mask = width >= 32 ? ~0u : ((1u << width) - 1u) << shift;
    return tt_cfg_read_bits(m, st, idx, mask) >> shift;
}
#define CFGB(i, shift, width) cfgb(m, st, (unsigned)(i), (shift), (width))

/* Config words (Blackhole register table; pack-unpack-registers §1). */
enum {
    CFG_ALU_FORMAT0 = 0,  /* ALU_FORMAT_SPEC_REG_Dstacc_val [13:10], _Dstacc_override [14] */
    CFG_ALU_FORMAT1 = 1,  /* ALU_ROUNDING_MODE [1] Gasket_srnd_en, [2] Packer_srnd_en, [13] GS_LF,
                             [14] Bfp8_HF; ALU_FORMAT_SPEC_REG2_Dstacc [28:25] */
    CFG_STACC_RELU = 2,   /* ApplyRelu [5:2], ReluThreshold [21:6] */
    CFG_INT_DESCALE = 8,  /* INT_DESCALE_Enable [0] */
    CFG_PCK_XY0 = 12,     /* PCK0_ADDR_CTRL_XY_REG_0: Xstride [15:0], Ystride [31:16] */
    CFG_PCK_ZW0 = 13,
    CFG_PCK_XY1 = 14,
    CFG_PCK_ZW1 = 15,
    CFG_PCK_BASE0 = 16,   /* PCK0_ADDR_BASE_REG_0_Base [17:0] */
    CFG_PCK_BASE1 = 17,
    CFG_DEST_RD = 18,     /* PCK_DEST_RD_CTRL: Read_32b_data, Read_unsigned, Read_int8 (raw), Round_10b_mant */
    CFG_EDGE_FACE_SEL = 19, /* PCK_EDGE_TILE_FACE_SET_SELECT: select [7:0], enable [8] */
    CFG_ROW_SET_MAP0 = 20,  /* TILE_ROW_SET_MAPPING_0..3: 16 x 2 bits */
    CFG_EDGE_MASK0 = 24,  /* PCK_EDGE_OFFSET_SEC0..3_mask [15:0]; SEC0 also PCK_EDGE_MODE_mode [16],
                             PCK_EDGE_TILE_ROW_SET_SELECT_select [24:17] */
    CFG_PACK_COUNTERS0 = 28, /* PACK_COUNTERS_SEC0: pack_reads_per_xy_plane [15:8], yz_transposed [23] */
    CFG_FACE_SET_MAP0 = 36, /* TILE_FACE_SET_MAPPING_0..3: 16 x 2 bits */
    CFG_PACK0 = 68,       /* THCON_SEC0_REG1: packer 0's four words */
    CFG_PACK_LIMIT = 100, /* THCON_SEC0_REG9_Pack_0_2_limit_address [16:0] */
    CFG_PACK_FIFO = 101,  /* THCON_SEC0_REG9_Pack_0_2_fifo_size [16:0] */
    CFG_DEST_TARGET0 = 180, /* DEST_TARGET_REG_CFG_PACK_SEC0_Offset [11:0] */
    CFG_DEST_ACCESS = 220,  /* DEST_ACCESS_CFG: swizzle_32b [0], remap_addrs [1] */
    TCFG_ADDR_MOD_PACK = 37, /* ADDR_MOD_PACK_SEC0..3 */
};

/* The config words the packer takes when a PACR starts (PACR.md: some fields are sampled then,
 * others per packer or at an unspecified point of its lifetime; docs/decisions.md "Race detector"):
 * its address words (the output section sizes and L1 destination, the input and output address
 * generators, the Dest offset, the L1 FIFO); tt-llk rewrites the L1 destination while a PACR runs. The
 * rest (formats, ReLU, edge masks, downsampling, Dest read control) may be read while it runs. */
bool tt_pack_cfg_at_start(unsigned idx)
{
    return idx == CFG_PACK0 || idx == CFG_PACK0 + 1 || (idx >= CFG_PCK_XY0 && idx <= CFG_PCK_BASE1) ||
           idx == CFG_DEST_TARGET0 || idx == CFG_PACK_LIMIT || idx == CFG_PACK_FIFO;
}

#define ADC_SET_PACK 2
#define STREAM_EXP 0
#define STREAM_DATA 1
#define STREAM_RSI 2

static uint32_t bits(uint32_t v, int lsb, int width) { return (v >> lsb) & ((width >= 32) ? ~0u : ((1u << width) - 1)); }

#define FAIL(st, ...)                                                                                                  \
    do {                                                                                                               \
        tt_result_fail(r, st, __VA_ARGS__);                                                                            \
        return;                                                                                                        \
    } while (0)

static bool log_l1(tt_model *m, const tt_l1_write *w)
{
    void *buf = m->l1w;
    if (!tt_grow(&buf, m->n_l1w, &m->cap_l1w, sizeof *m->l1w)) return false;
    m->l1w = buf;
    m->l1w[m->n_l1w++] = *w;
    return true;
}

/* The stream's 16-byte buffer goes to L1 at its address, which moves on (OutputAddressGenerator.md
 * "Output alignment"); a buffer not full is padded with zeros. False: past L1 (undefined) or no
 * memory for the log; *why says which. */
static bool write_line(tt_model *m, tt_packer_state *ps, int s, const char **why)
{
    uint32_t a = ps->addr[s];
    if (a + 16u > TT_L1_BYTES) {
        *why = "undefined";
        return false;
    }
    tt_l1_write w = {.addr = a, .be = 0xFFFF, .writer = TT_L1_BY_PACK0};
    memcpy(w.line, ps->buf[s], 16);
    /* the step that queues the line (docs/decisions.md "Unpacker and packer bandwidth") */
    tt_pack_work *pw = &m->pack_work;
    if (m->pack_step_per_line) pw->steps++;
    if (pw->n_lines < TT_PACK_WORK_LINES) pw->line_step[pw->n_lines] = (uint16_t)(pw->steps ? pw->steps - 1 : 0);
    pw->n_lines++;
    /* L1 accumulation (pack-data-path §13): data lines only, every lane of the line, padding too */
    if (s == STREAM_DATA && ps->l1acc_fmt >= 0) tt_l1_read_log(m, a); /* the line it accumulates into */
    if (s == STREAM_DATA && ps->l1acc_fmt >= 0) tt_pack_l1acc_line((uint8_t)ps->l1acc_fmt, m->l1 + a, ps->buf[s], w.line);
    memcpy(m->l1 + a, w.line, 16);
    if (!log_l1(m, &w)) {
        *why = "out of memory";
        return false;
    }
    ps->addr[s] = a + 16u;
    memset(ps->buf[s], 0, 16);
    ps->buf_bits[s] = 0;
    return true;
}

/* Appends `n` bits of v to stream s, lowest bits first (datums little-endian, BFP4 and BFP2 fields
 * from the low bits of a byte: pack-data-path §14.6, §14.7). */
static bool put_bits(tt_model *m, tt_packer_state *ps, int s, uint32_t v, unsigned n, const char **why)
{
    for (unsigned k = 0; k < n; k++) {
        uint32_t b = ps->buf_bits[s];
        if (v >> k & 1u) ps->buf[s][b / 8] |= (uint8_t)(1u << (b % 8));
        ps->buf_bits[s] = b + 1;
        if (ps->buf_bits[s] == 128 && !write_line(m, ps, s, why)) return false;
    }
    return true;
}

/* The packer PRNG's next draw, xorshift32 (13, 17, 5); docs/decisions.md "Packer stochastic
 * rounding": one draw per datum of a PACR whose config has Gasket_srnd_en or Packer_srnd_en set. */
static uint32_t srnd_next(tt_packer_state *ps)
{
    uint32_t x = ps->srnd;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    ps->srnd = x;
    return x;
}

/* One full BFP group: its exponent byte to the exponent stream, then its 16 fields to the data
 * stream (docs/decisions.md write order). False with r failed, or *why set for an L1 problem. */
static bool emit_group(tt_model *m, tt_packer_state *ps, const tt_pack_conv_cfg *cc, unsigned out_bits,
                       bool neg_inf, tt_exec_result *r, const char **why)
{
    uint8_t e, f[16];
    char msg[sizeof r->msg];
    tt_pack_conv_cfg gc = *cc;
    memcpy(gc.srnd_rand, ps->group_rand, sizeof gc.srnd_rand);
    tt_status s = tt_pack_convert_bfp(&gc, ps->group, ps->group_masked, neg_inf, &e, f, msg, sizeof msg);
    if (s != TT_OK) {
        tt_result_fail(r, s, "PACR BFP group: %.120s", msg);
        return false;
    }
    ps->group_n = 0;
    if (!put_bits(m, ps, STREAM_EXP, e, 8, why)) return false;
    for (int k = 0; k < 16; k++)
        if (!put_bits(m, ps, STREAM_DATA, f[k], out_bits, why)) return false;
    return true;
}

/* Zero compression (docs/decisions.md "PACR zero compression"; Compression.md): the counters of a
 * full group of 32 augmented datums go to the data stream after its datums. */
static bool zc_counters(tt_model *m, tt_packer_state *ps, const char **why)
{
    for (int k = 0; k < 32; k++)
        if (!put_bits(m, ps, STREAM_DATA, ps->zc_cnt[k], 4, why)) return false;
    memset(ps->zc_cnt, 0, sizeof ps->zc_cnt);
    ps->zc_n = 0;
    return true;
}

/* One datum that stays in the stream (an augmented datum): a full group's counters go first. */
static bool zc_keep(tt_model *m, tt_packer_state *ps, const char **why)
{
    if (ps->zc_n == 32 && !zc_counters(m, ps, why)) return false;
    ps->zc_cnt[ps->zc_n++] = 0;
    ps->zc_aug++;
    return true;
}

/* The edge mask of tile row y in xy plane z (EdgeMasking.md's selection chain; docs/decisions.md
 * "PACR edge masking"). */
static uint16_t edge_mask(tt_model *m, int st, uint32_t y, uint32_t z_tile)
{
    uint32_t b;
    if (CFGB(CFG_EDGE_FACE_SEL, 8, 1)) {
        const uint32_t a = CFGB(CFG_EDGE_FACE_SEL, 0, 2); /* packer 0's two bits of select [7:0] */
        const uint32_t z = (CFGB(CFG_DEST_TARGET0, 12, 6) + z_tile) & 15u;
        b = CFGB(CFG_FACE_SET_MAP0 + a, 2 * z, 2);
    } else {
        b = CFGB(CFG_EDGE_MASK0, 17, 2); /* packer 0's two bits of TILE_ROW_SET_SELECT [24:17] */
    }
    const uint32_t c = CFGB(CFG_ROW_SET_MAP0 + b, 2 * (y & 15u), 2);
    return (uint16_t)CFGB(CFG_EDGE_MASK0 + c, 0, 16);
}

/* The tile position generator's Advance (EdgeMasking.md, pack-data-path §9.2) after one datum read:
 * X counts datums, the tile row Y steps every 16 of them, and returns to 0 (Z + 1) when it lands on
 * pack_reads_per_xy_plane. Y and Z are 8-bit counters (Blackhole PACR.md). */
static void tpg_advance(uint8_t *x, uint8_t *y, uint8_t *z, uint32_t reads_per_xy_plane)
{
    if (++*x < 16) return;
    *x = 0;
    *y = (uint8_t)(*y + 1);
    if (*y == reads_per_xy_plane) {
        *y = 0;
        *z = (uint8_t)(*z + 1);
    }
}

/* Dst16b cell, or the Dst32b value of datum index idx (Dst.md AdjRow; ERRATA 5); a row whose zero
 * flag says invalid reads as 0 (ZEROACC.md: "Packers reading from Dst read undefined rows as zero";
 * Dst32b consults its high half's flag only, BlackholeA0 Dst.md). */
static uint32_t dest_datum(tt_model *m, uint32_t idx, bool read_32b)
{
    uint32_t row = (idx >> 4) & 0x3FFu, col = idx & 15u;
    if (read_32b) return tt_dest32_read_log(m, row, col, false);
    return tt_dest16_read_log(m, row, col, false);
}

/* AddrMod on one ADC channel's Y and Z (InputAddressGenerator.md / OutputAddressGenerator.md). */
static void addr_mod(tt_adc_channel *c, uint32_t yinc, bool ycr, bool yclr, uint32_t zinc, bool zclr)
{
    const uint32_t ym = tt_adc_field_mask(2), zm = tt_adc_field_mask(4);
    if (yclr) {
        c->y = c->y_cr = 0;
    } else if (ycr) {
        c->y_cr = (c->y_cr + yinc) & ym;
        c->y = c->y_cr;
    } else {
        c->y = (c->y + yinc) & ym;
    }
    if (zclr)
        c->z = c->z_cr = 0;
    else
        c->z = (c->z + zinc) & zm;
}

/* AddrMod (ADDR_MOD_PACK_SEC[AddrMode]): channel 0 with the src fields, channel 1 with the dst. */
static void pack_addr_mod(tt_adc_channel *c0, tt_adc_channel *c1, uint32_t mod)
{
    addr_mod(c0, bits(mod, 0, 4), bits(mod, 4, 1), bits(mod, 5, 1), bits(mod, 12, 1), bits(mod, 13, 1));
    addr_mod(c1, bits(mod, 6, 4), bits(mod, 10, 1), bits(mod, 11, 1), bits(mod, 14, 1), bits(mod, 15, 1));
}

void tt_pack_adc_update(tt_model *m, int thread, uint32_t insn)
{
    if ((uint8_t)(insn >> 24) != 0x41) return; /* PACR (PACR_SETREG changes no ADC) */
    const uint32_t am = tt_bits(insn, 15, 2), adc_ctx = tt_bits(insn, 13, 2);
    const int wadc = tt_bits(insn, 7, 1) ? (adc_ctx == 3 ? 0 : (int)adc_ctx) : thread;
    pack_addr_mod(&m->adc[wadc][ADC_SET_PACK][0], &m->adc[wadc][ADC_SET_PACK][1],
                  m->tcfg[thread][TCFG_ADDR_MOD_PACK + am]);
}

void tt_exec_pacr(tt_model *m, int thread, uint32_t insn, tt_exec_result *r)
{
    /* Blackhole encoding (assembly.yaml): [22:21] CfgContext, [20:18] RowPadZero, [17] DstAccessMode,
     * [16:15] AddrMode, [14:13] AddrCntContext, [12] ZeroWrite, [11:8] PackerMask, [7] OvrdThreadId,
     * [6:4] Concat, [3:2] CtxtCtrl, [1] Flush, [0] Last. */
    const uint32_t cfg_ctx = tt_bits(insn, 21, 2), row_pad = tt_bits(insn, 18, 3), strided = tt_bits(insn, 17, 1);
    const uint32_t am = tt_bits(insn, 15, 2), adc_ctx = tt_bits(insn, 13, 2), zero_write = tt_bits(insn, 12, 1);
    uint32_t mask = tt_bits(insn, 8, 4);
    const bool ovrd = tt_bits(insn, 7, 1), flush = tt_bits(insn, 1, 1), last = tt_bits(insn, 0, 1);
    const uint32_t ctxt_ctrl = tt_bits(insn, 2, 2), concat = tt_bits(insn, 4, 3);
    if (mask == 0) mask = 0xF; /* Blackhole PACR.md: 0 enables all four Dst read interfaces */
    const int st = tt_cfg_state_of(m, thread); /* config reads: CFGB (logged: tt_model_last_reads) */
    /* THCON_SEC0_REG1 (pack-unpack-registers §1.1), the fields packer 0 reads: word 1 (L1_Dest_addr)
     * whole; word 2 all but ovrd_default_throttle_mode [3] (the unpacker's: UNPACR_Regular.md) and
     * L1_source_addr [31:24] (an L1 source's only, refused below), the fields the model does not act on
     * ([2], [13], [14], [22], [23]) included, as a packer on silicon may read them; word 3 all but
     * Unp_LF8_4b_exp [22] (the unpacker's) and the unused [21], Exp_threshold [31:24] only with
     * Exp_threshold_en; word 0's two section sizes where the output streams use them (below). */
    const uint32_t w1 = CFGB(CFG_PACK0 + 1, 0, 32);
    const uint32_t w2 = tt_cfg_read_bits(m, st, CFG_PACK0 + 2, 0x00FFFFF7u);
    uint32_t w3 = tt_cfg_read_bits(m, st, CFG_PACK0 + 3, 0x009FFFFFu);
    if (bits(w3, 20, 1)) w3 |= CFGB(CFG_PACK0 + 3, 24, 8) << 24;

    /* docs/decisions.md "PACR, first slice": what this slice does not model is reported. */
    if (cfg_ctx || row_pad || ctxt_ctrl)
        FAIL(TT_UNIMPLEMENTED, "PACR %s is not implemented by the model yet",
             cfg_ctx ? "CfgContext != 0" : row_pad ? "RowPadZero" : "CtxtCtrl");
    /* Strided Dst read (DstAccessMode; docs/decisions.md "PACR strided Dest read"): defined only with
     * both DEST_ACCESS_CFG bits set and read interfaces 0.., none skipped */
    if (strided && CFGB(CFG_DEST_ACCESS, 0, 2) != 3)
        FAIL(TT_UNIMPLEMENTED, "PACR DstAccessMode (strided) without DEST_ACCESS_CFG remap_addrs and swizzle_32b "
                               "(%u, %u): the row stride Dest's unremapped layout gives is not public",
             CFGB(CFG_DEST_ACCESS, 1, 1), CFGB(CFG_DEST_ACCESS, 0, 1));
    if (strided && mask != 0x1 && mask != 0x3 && mask != 0x7 && mask != 0xF)
        FAIL(TT_UNIMPLEMENTED, "PACR DstAccessMode (strided) with ReadIntfSel 0x%x: which rows read interfaces after "
                               "a disabled one read is not documented (Blackhole PACR.md)", mask);
    /* L1 source (docs/decisions.md "Packer L1 source"): Wormhole's packer 0 definition does not say
     * how Blackhole's four Dst read interfaces share it */
    if (bits(w2, 16, 1)) {
        (void)CFGB(CFG_PACK0 + 2, 24, 8); /* L1_source_addr: an L1 source reads it */
        FAIL(TT_UNIMPLEMENTED, "PACR from L1 (Source_interface_selection): Blackhole's read-interface rules for an L1 "
                               "source are not publicly documented");
    }
    if (bits(w2, 1, 1))
        FAIL(TT_UNIMPLEMENTED, "PACR Add_l1_dest_addr_offset: the TDMA-RISC offset register is not modelled");
    /* No public page says what these do (tt-llk names them and leaves them 0); ttsim refuses them as
     * UnsupportedFunctionality (docs/decisions.md "Packer fields no source defines") */
    if (bits(w2, 17, 4))
        FAIL(TT_UNSUPPORTED, "PACR with pack_start_intf_pos %u: no public source says what it does", bits(w2, 17, 4));
    if (bits(w3, 16, 3))
        FAIL(TT_UNSUPPORTED, "PACR with Downsample_rate %u: no public source says what it does (Downsample_mask "
                             "alone picks the datums)", bits(w3, 16, 3));
    /* L1 accumulation (L1.md: the L1 port accumulates 4 x FP32, 4 x INT32, 8 x FP16 or 8 x BF16 lanes;
     * docs/decisions.md "PACR L1 accumulation"); INT8, UINT8 and INT16 have no accumulate lanes */
    const uint32_t out_fmt = bits(w2, 4, 4);
    if (bits(w3, 19, 1) && !tt_pack_l1acc_fmt_ok((uint8_t)out_fmt))
        FAIL(TT_UNSUPPORTED, "PACR L1 accumulation (Pack_L1_Acc) in Out_data_format %u: L1 accumulates only FP32, "
                             "FP16, BF16 and INT32 lanes", out_fmt);
    /* PerformingCompression (OutputAddressGenerator.md; docs/decisions.md "PACR zero compression"):
     * Blackhole has All_pack_disable_zero_compress_ovrd but no All_pack_disable_zero_compress */
    if (bits(w2, 21, 1) && bits(w2, 0, 1))
        FAIL(TT_UNDEFINED, "PACR with All_pack_disable_zero_compress_ovrd and Disable_zero_compress: the "
                           "override's per-packer bits do not exist on Blackhole");
    const bool zc = !bits(w2, 0, 1);
    /* L1 accumulation with zero compression (docs/decisions.md "Packer downsampling with stochastic
     * rounding and zero compression"): L1.md accumulates 128-bit lines of 4 or 8 datum lanes, and a
     * compressed tile's data stream holds counter lines and its RSI stream row indices, whose sums no
     * source defines */
    if (zc && bits(w3, 19, 1))
        FAIL(TT_UNDEFINED, "PACR L1 accumulation (Pack_L1_Acc) with zero compression: the compressed streams "
                           "(RSI, counters) are not lanes of datums to accumulate");
    /* Downsampling (pack-data-path §10, Packers/Downsampling.md; docs/decisions.md "PACR
     * downsampling"): 0 keeps every datum; bit j keeps the j-th datum of each row's X range. */
    const uint32_t ds_mask = bits(w3, 0, 16) ? bits(w3, 0, 16) : 0xFFFFu;
    bool masking = false; /* a mask that is not all ones can change a datum */
    for (int k = 0; k < 4; k++) masking |= CFGB(CFG_EDGE_MASK0 + k, 0, 16) != 0xFFFF;
    if (masking && CFGB(CFG_PACK_COUNTERS0, 23, 1))
        FAIL(TT_UNIMPLEMENTED, "PACR edge masking with pack_yz_transposed: Blackhole's tile position has no "
                               "Z-major description (docs/decisions.md)");
    const bool neg_inf = masking && CFGB(CFG_EDGE_MASK0, 16, 1); /* PCK_EDGE_MODE: what a masked datum becomes */

    /* Which ADC (docs/decisions.md: Blackhole takes AddrCntContext from the instruction). */
    const int wadc = ovrd ? (adc_ctx == 3 ? 0 : (int)adc_ctx) : thread;
    tt_adc_channel *c0 = &tt_adc_read(m, (unsigned)wadc, ADC_SET_PACK)[0], *c1 = &m->adc[wadc][ADC_SET_PACK][1];

    /* The datum conversion's configuration (pack_convert.h; read_raw is Read_int8, as in ttsim). */
    const uint32_t rd = CFGB(CFG_DEST_RD, 0, 4);
    const uint32_t relu = CFGB(CFG_STACC_RELU, 2, 4); /* ApplyRelu [5:2], the field (modes 0..3 in its low bits) */
    tt_pack_conv_cfg cc = {
        .read_32b = bits(rd, 0, 1),
        .read_unsigned = bits(rd, 1, 1),
        .read_raw = bits(rd, 2, 1),
        .round_10b = bits(rd, 3, 1),
        .inter_fmt = (uint8_t)(CFGB(CFG_ALU_FORMAT0, 14, 1) ? CFGB(CFG_ALU_FORMAT0, 10, 4) : CFGB(CFG_ALU_FORMAT1, 25, 4)),
        .in_fmt = (uint8_t)bits(w2, 8, 4),
        .out_fmt = (uint8_t)bits(w2, 4, 4),
        .fp8_e4m3 = bits(w3, 23, 1),
        .relu_mode = (uint8_t)(relu & 3u),
        .relu_threshold = (uint16_t)((relu & 3u) >= 2 ? CFGB(CFG_STACC_RELU, 6, 16) : 0), /* threshold modes only */
        .exp_thr_en = bits(w3, 20, 1),
        .exp_thr = (uint8_t)bits(w3, 24, 8),
        .dis_shared_exp = bits(w2, 12, 1),
        .int_shift = 0,
        .packer_srnd_en = CFGB(CFG_ALU_FORMAT1, 2, 1),
        .gasket_srnd_en = CFGB(CFG_ALU_FORMAT1, 1, 1),
        .gs_lf = CFGB(CFG_ALU_FORMAT1, 13, 1),
        .bfp8_hf = CFGB(CFG_ALU_FORMAT1, 14, 1),
    };
    const bool bfp = tt_pack_fmt_is_bfp(cc.out_fmt);
    const bool srnd = cc.gasket_srnd_en || cc.packer_srnd_en; /* the PRNG draws one per datum */
    const unsigned out_bits = tt_pack_fmt_bits(cc.out_fmt);
    tt_packer_state *ps = &m->pack[0];
    if (zc && out_bits == 2)
        FAIL(TT_UNDEFINED, "PACR zero compression of BFP2 output: Compression.md's groups hold 4/8/16/32-bit "
                           "datums");
    if (ps->have_addr[STREAM_DATA] && zc != ps->zc_on)
        FAIL(TT_UNDEFINED, "PACR %s compression while the output streams of a %s PACR are open (no Last or "
                           "Flush between them)", zc ? "with" : "without", zc ? "non-compressing" : "compressing");
    ps->l1acc_fmt = bits(w3, 19, 1) ? (int)out_fmt : -1;
    const bool converts = (!flush && c1->x >= c0->x) || (bfp && (last || flush) && ps->group_n);
    /* INT8 shift/round/saturate from Dst32b takes ShiftAmount from INT_DESCALE, and which of its
     * values packer 0 uses is not documented (docs/decisions.md "PACR"). */
    if (converts && CFGB(CFG_INT_DESCALE, 0, 1) && cc.read_32b && !cc.read_raw && cc.inter_fmt == TT_DF_INT8)
        FAIL(TT_UNIMPLEMENTED, "PACR INT8 from Dst32b with INT_DESCALE_Enable: which INT_DESCALE value gives the "
                               "shift is not publicly documented");
    /* The configuration's verdict, before anything changes, when anything is converted: a zero
     * datum (only the -inf edge mask, not used here, makes the status depend on the datum). */
    if (converts) {
        uint32_t o, z16[16] = {0};
        bool none[16] = {false};
        uint8_t e, f[16];
        bool all[16];
        for (int k = 0; k < 16; k++) all[k] = masking;
        /* with masking, a masked zero datum too: the -inf mask on integer data is the one status that
         * depends on the datum */
        tt_status s = bfp ? tt_pack_convert_bfp(&cc, z16, none, false, &e, f, r->msg, sizeof r->msg)
                          : tt_pack_convert(&cc, 0, false, false, &o, r->msg, sizeof r->msg);
        if (s == TT_OK && masking)
            s = bfp ? tt_pack_convert_bfp(&cc, z16, all, neg_inf, &e, f, r->msg, sizeof r->msg)
                    : tt_pack_convert(&cc, 0, true, neg_inf, &o, r->msg, sizeof r->msg);
        if (s != TT_OK) {
            char why[sizeof r->msg];
            snprintf(why, sizeof why, "%s", r->msg);
            FAIL(s, "PACR: %s", why);
        }
    }

    if (converts) /* for functional coverage (ttmodel.h tt_dp_info) */
        r->dp = (tt_dp_info){
            .kind = TT_DP_PACK, .in_fmt = cc.in_fmt, .out_fmt = cc.out_fmt, .inter_fmt = cc.inter_fmt,
            .relu_mode = cc.relu_mode,
            .flags = (masking ? TT_DPF_EDGE_MASK : 0) | (masking && neg_inf ? TT_DPF_EDGE_NEG_INF : 0) |
                     (cc.read_32b ? TT_DPF_READ_32B : 0) | (cc.read_raw ? TT_DPF_READ_RAW : 0) |
                     (cc.exp_thr_en ? TT_DPF_EXP_THR : 0) | (cc.gasket_srnd_en ? TT_DPF_SRND_GASKET : 0) |
                     (cc.packer_srnd_en ? TT_DPF_SRND_PACKER : 0) | (cc.dis_shared_exp ? TT_DPF_DIS_SHARED_EXP : 0) |
                     (cc.fp8_e4m3 && cc.out_fmt == TT_DF_FP8 ? TT_DPF_FP8_E4M3 : 0)};

    /* Input address generator (InputAddressGenerator.md). */
    const uint32_t in_addr = CFGB(CFG_PCK_BASE0, 0, 18) + c0->x * (CFGB(CFG_PCK_XY0, 0, 16) & 0xF) +
                             c0->y * CFGB(CFG_PCK_XY0, 16, 16) + c0->z * CFGB(CFG_PCK_ZW0, 0, 16) +
                             c0->w * CFGB(CFG_PCK_ZW0, 16, 16);
    static const uint32_t bytes_per[4] = {4, 2, 1, 1}, xmask_of[4] = {3, 7, 15, 15};
    const uint32_t bpd = bytes_per[cc.in_fmt & 3], xmask = xmask_of[cc.in_fmt & 3];
    const uint32_t first = (((in_addr / bpd) & ~xmask) + (c0->x & xmask) + (CFGB(CFG_DEST_TARGET0, 0, 12) << 4)) &
                           0x3FFFu;
    if (!flush && c1->x < c0->x)
        FAIL(TT_UNDEFINED, "PACR with the packer ADC's channel 1 X (%u) below channel 0 X (%u): a negative datum "
                           "count", c1->x, c0->x);
    /* Blackhole PACR.md: the packer's four Dst read interfaces each read one row, interface i the
     * row StartRow + i, and pack the datums of the ADC X range of it; rows in interface order. */
    const uint32_t per_row = flush ? 0 : c1->x - c0->x + 1, row0 = first >> 4, col0 = first & 15u;
    if (per_row && !strided && (mask << (row0 & 3u)) > 0xFu)
        FAIL(TT_UNDEFINED, "PACR ReadIntfSel 0x%x from Dst row %u leaves the aligned group of four rows its read "
                           "interfaces share (Blackhole PACR.md)", mask, row0);
    if (per_row && col0 + per_row > 16)
        FAIL(TT_UNDEFINED, "PACR packs %u datums a row from column %u: a Dst read interface reads one row of 16 "
                           "(Blackhole PACR.md)", per_row, col0);

    /* Output address generator (OutputAddressGenerator.md, Blackhole: YZW_Addr in bytes). */
    uint32_t addr = w1 + !bits(w2, 15, 1);
    /* channel 1's Y, Z and W strides (no X stride: OutputAddressGenerator.md) */
    const uint32_t yzw = CFGB(CFG_PCK_BASE1, 0, 18) + c1->y * CFGB(CFG_PCK_XY1, 16, 16) +
                         c1->z * CFGB(CFG_PCK_ZW1, 0, 16) + c1->w * CFGB(CFG_PCK_ZW1, 16, 16);
    addr += yzw >> 4;
    if (addr > CFGB(CFG_PACK_LIMIT, 0, 17) * 2 + 1) addr -= CFGB(CFG_PACK_FIFO, 0, 17) * 2;
    /* the RSI stream starts with RSI[0] = 0 when it takes an address */
    bool rsi0 = false;
    if (zc) {
        if (!ps->have_addr[STREAM_RSI]) {
            ps->addr[STREAM_RSI] = (addr & 0x1FFFFu) << 4;
            ps->have_addr[STREAM_RSI] = true;
            ps->zc_aug = 0;
            rsi0 = true;
        }
        addr += CFGB(CFG_PACK0, 0, 16); /* Row_start_section_size: compressing only */
    }
    if (cc.out_fmt & 2) {
        if (!ps->have_addr[STREAM_EXP]) {
            ps->addr[STREAM_EXP] = (addr & 0x1FFFFu) << 4;
            ps->have_addr[STREAM_EXP] = true;
        }
        addr += CFGB(CFG_PACK0, 16, 16); /* Exp_section_size: BFP output only */
    }
    if (!ps->have_addr[STREAM_DATA]) {
        ps->addr[STREAM_DATA] = (addr & 0x1FFFFu) << 4;
        ps->have_addr[STREAM_DATA] = true;
    }

    /* The datums, in order (pack_convert.h). The packer's steps, one a cycle, are counted as they go
     * (docs/decisions.md "Unpacker and packer bandwidth"): a line belongs to the step that completes it. */
    tt_pack_work *pw = &m->pack_work;
    *pw = (tt_pack_work){.valid = true, .acc_lanes = (uint8_t)(ps->l1acc_fmt < 0 ? 0 : (out_fmt == TT_DF_FP32 || out_fmt == TT_DF_INT32) ? 4 : 8)};
    m->pack_step_per_line = false;
    const char *why = NULL;
    ps->zc_on = zc;
    if (rsi0 && !put_bits(m, ps, STREAM_RSI, 0, 16, &why)) goto stop;
    const bool row_end = !concat || last || flush; /* Concat continues the row into the next PACR */
    /* the datums that reach zero compression: those downsampling keeps (the row's last is the last kept) */
    uint32_t kept_per_row = 0;
    for (uint32_t j = 0; j < per_row; j++) kept_per_row += ds_mask >> j & 1u;
    const uint32_t n_total = kept_per_row * ((mask & 1u) + (mask >> 1 & 1u) + (mask >> 2 & 1u) + (mask >> 3));
    uint32_t n_seen = 0;
    /* the tile position generator, committed when the datums are done (edge masking) */
    uint8_t tpg_x = ps->tile_x, tpg_y = ps->tile_pos, tpg_z = ps->tile_z;
    const uint32_t reads_per_xy = CFGB(CFG_PACK_COUNTERS0, 8, 8);
    for (uint32_t k = 0; k < 4 * per_row; k++) {
        const uint32_t i = k / per_row, j = k % per_row;
        if (!(mask >> i & 1u)) continue;
        pw->steps++; /* every datum read takes its cycle, downsampled-out and elided ones too */
        /* every datum read takes the mask of the tile row the generator is at, then advances it:
         * the row steps every 16 datums, not every read interface (pack-data-path §9.2,
         * EdgeMasking.md, Tenstorrent's simulator; docs/decisions.md "PACR edge masking") */
        const uint16_t row_mask = edge_mask(m, st, tpg_y, tpg_z);
        tpg_advance(&tpg_x, &tpg_y, &tpg_z, reads_per_xy);
        const uint32_t col = col0 + j;
        const bool masked = !(row_mask >> col & 1u);
        /* read interface i: row StartRow + i, or StartRow + 16 i when strided (docs/decisions.md
         * "PACR strided Dest read": logical rows with remap_addrs and swizzle_32b) */
        const uint32_t row = (row0 + (strided ? 16u * i : i)) & 0x3FFu;
        uint32_t d = zero_write ? 0 : dest_datum(m, row << 4 | col, cc.read_32b);
        /* every datum read takes its draw, elided ones too: the zero test below is after the
         * early conversion, which uses it (docs/decisions.md "Packer stochastic rounding") */
        const uint32_t rnd = srnd ? srnd_next(ps) : 0;
        cc.srnd_rand[0] = rnd;
        /* Downsampling discards the datum after the early conversion (so after its draw), before
         * zero compression, the BFP group and the late conversion (docs/decisions.md "Packer
         * downsampling with stochastic rounding and zero compression") */
        if (!(ds_mask >> j & 1u)) continue;
        if (zc) {
            /* a zero datum is elided into the previous augmented datum's counter, unless it is the
             * first or last datum of the row or that counter is already 15 */
            bool zero = false;
            uint32_t o = 0;
            tt_status s = bfp ? tt_pack_bfp_zero(&cc, d, masked, neg_inf, &zero, r->msg, sizeof r->msg)
                              : tt_pack_convert(&cc, d, masked, neg_inf, &o, r->msg, sizeof r->msg);
            if (s != TT_OK) {
                char msg[sizeof r->msg];
                snprintf(msg, sizeof msg, "%s", r->msg);
                FAIL(s, "PACR datum %u (Dest bits 0x%x): %.100s", j, d, msg);
            }
            if (!bfp) zero = o == 0;
            const bool first_d = !ps->zc_row_open, last_d = row_end && ++n_seen == n_total;
            ps->zc_row_open = true;
            if (zero && !first_d && !last_d && ps->zc_n && ps->zc_cnt[ps->zc_n - 1] < 15) {
                ps->zc_cnt[ps->zc_n - 1]++;
                continue;
            }
            if (!zc_keep(m, ps, &why)) goto stop;
        }
        if (bfp) {
            ps->group_rand[ps->group_n] = rnd;
            ps->group_masked[ps->group_n] = masked;
            ps->group[ps->group_n++] = d;
            if (ps->group_n == 16 && !emit_group(m, ps, &cc, out_bits, neg_inf, r, &why)) goto stop;
            continue;
        }
        uint32_t o = 0;
        tt_status s = tt_pack_convert(&cc, d, masked, neg_inf, &o, r->msg, sizeof r->msg);
        if (s != TT_OK) {
            char msg[sizeof r->msg];
            snprintf(msg, sizeof msg, "%s", r->msg);
            FAIL(s, "PACR datum %u (Dest bits 0x%x): %.100s", j, d, msg);
        }
        if (!put_bits(m, ps, STREAM_DATA, o, out_bits, &why)) goto stop;
    }
    /* The row ends: its RSI entry (the augmented datums so far); Last / Flush write the RSI buffer. */
    if (zc && row_end) pw->steps++; /* the RSI step, also with no row open */
    if (zc && row_end && ps->zc_row_open) {
        ps->zc_row_open = false;
        if (!put_bits(m, ps, STREAM_RSI, ps->zc_aug, 16, &why)) goto stop;
    }
    if (zc && (last || flush) && ps->buf_bits[STREAM_RSI] && !write_line(m, ps, STREAM_RSI, &why)) goto stop;
    /* Last or Flush completes a partial BFP group with datums of Dest bits 0 (docs/decisions.md). */
    if (bfp && (last || flush) && ps->group_n) {
        pw->steps += 16 - ps->group_n; /* a padding datum a cycle; the group's lines come with the last */
        while (ps->group_n < 16) {
            ps->group_rand[ps->group_n] = srnd ? srnd_next(ps) : 0;
            ps->group_masked[ps->group_n] = false;
            ps->group[ps->group_n++] = 0;
        }
        if (!emit_group(m, ps, &cc, out_bits, neg_inf, r, &why)) goto stop;
    }
    ps->tile_x = tpg_x, ps->tile_pos = tpg_y, ps->tile_z = tpg_z;
    /* Last or Flush with compression: the last group of 32 is padded with zero datums, then its
     * counters (Compression.md item 7). */
    if (zc && (last || flush) && ps->zc_n) {
        m->pack_step_per_line = true; /* one padding line a cycle, then the counters' line */
        const unsigned used = (bfp ? (ps->zc_n + 15u) & ~15u : ps->zc_n) * out_bits;
        for (unsigned b = used; b < 32 * out_bits; b += out_bits)
            if (!put_bits(m, ps, STREAM_DATA, 0, out_bits, &why)) goto stop;
        if (!zc_counters(m, ps, &why)) goto stop;
        m->pack_step_per_line = false;
    }
    if (last || flush) {
        pw->steps++; /* the flush step writes the exponent and data buffers */
        for (int s = STREAM_EXP; s <= STREAM_DATA; s++) {
            if (ps->buf_bits[s] && !write_line(m, ps, s, &why)) goto stop;
            ps->have_addr[s] = false;
        }
        ps->have_addr[STREAM_RSI] = false;
    }

    /* AddrMod (ADDR_MOD_PACK_SEC[AddrMode]): channel 0 with the src fields, channel 1 with the dst. */
    const uint32_t mod = tt_tcfg_read(m, thread, TCFG_ADDR_MOD_PACK + am);
    if (!m->adc_early) pack_addr_mod(c0, c1, mod);
    /* reported when the AddrMod word can change something (the unpacker's convention, RTL alike) */
    if (bits(mod, 0, 16)) tt_adc_record(m, wadc, (uint8_t)(3u << (2 * ADC_SET_PACK)), r);
    r->eff.n_l1_log = (uint32_t)m->n_l1w;
    if (m->n_l1w) r->eff.kinds |= TT_EFF_L1;
    return;
stop:
    if (r->status != TT_OK) return; /* emit_group reported the conversion's verdict */
    if (strcmp(why, "undefined") == 0)
        FAIL(TT_UNDEFINED, "PACR writes L1 past its end (stream addresses 0x%x, 0x%x)", ps->addr[STREAM_EXP],
             ps->addr[STREAM_DATA]);
    FAIL(TT_ERROR, "PACR: %s", why);
}

/* PACR_SETREG (Blackhole assembly.yaml; docs/decisions.md "PACR_SETREG"). Two flavours:
 * - ModeSel [22] = 1 loads 16 bits of the packer-local write data: [18:3] into the half [2] picks.
 *   The packer takes its instructions in order, so the load lands after every earlier PACR.
 * - ModeSel = 0 with Push [23] and Flush [1] stores that word at {12'hFFB, REG_ADDR[11:10],
 *   StreamId [7:2], REG_ADDR[9:0], 2'b00}, REG_ADDR one of four TDMA-held addresses (AddrSel
 *   [9:8]). How Blackhole programs those four, and what the store's flush does to the packer's
 *   buffers, is not public: *unimplemented*. Push = Flush = 0 triggers nothing; Flush alone is the
 *   same unpublished flush; Push without Flush contradicts "Flush must be 1 to trigger the write".
 * Last [0] is "not used" and ignored. */
void tt_exec_pacr_setreg(tt_model *m, int thread, uint32_t insn, tt_exec_result *r)
{
    (void)thread;
    tt_packer_state *ps = &m->pack[0];
    const bool push = bits(insn, 23, 1), mode_sel = bits(insn, 22, 1), flush = bits(insn, 1, 1);
    if (mode_sel) {
        if (push || flush)
            FAIL(TT_UNDEFINED, "PACR_SETREG ModeSel (load of the write data) with %s set: the load flavour has no "
                               "defined register write or flush",
                 push ? "Push" : "Flush");
        const unsigned shift = bits(insn, 2, 1) ? 16u : 0u;
        ps->setreg_data = (ps->setreg_data & ~(0xFFFFu << shift)) | bits(insn, 3, 16) << shift;
        return;
    }
    if (push && !flush)
        FAIL(TT_UNDEFINED, "PACR_SETREG with Push but not Flush: assembly.yaml needs both to trigger the write");
    if (push)
        FAIL(TT_UNIMPLEMENTED, "PACR_SETREG register write (AddrSel %u, StreamId %u, data 0x%08x): Blackhole's four "
                               "TDMA address registers AddrSel picks have no public programming interface",
             bits(insn, 8, 2), bits(insn, 2, 6), ps->setreg_data);
    if (flush)
        FAIL(TT_UNIMPLEMENTED, "PACR_SETREG Flush without Push: which packer buffers it flushes, and whether the "
                               "output streams then need new addresses, is not public for Blackhole");
    /* Push = Flush = 0: nothing is triggered */
}

/* TBUFCMD (opcode 0x4B, packer resource): Blackhole's assembly.yaml lists no fields and calls it
 * reserved for future use; ttsim rejects it; tt-llk only defines its encoding. */
void tt_exec_tbufcmd(tt_model *m, int thread, uint32_t insn, tt_exec_result *r)
{
    (void)m;
    (void)thread;
    FAIL(TT_UNIMPLEMENTED, "TBUFCMD (0x%08x): Blackhole's assembly.yaml calls it reserved for future use and no "
                           "public source defines what it does",
         insn);
}

uint32_t tt_model_pack_setreg_data(const tt_model *m) { return m->pack[0].setreg_data; }

void tt_model_pack_setreg_data_set(tt_model *m, uint32_t v) { m->pack[0].setreg_data = v; }

const tt_pack_work *tt_model_pack_work(const tt_model *m) { return &m->pack_work; }

const tt_l1_write *tt_model_l1_writes(const tt_model *m, size_t *n)
{
    *n = m->n_l1w;
    return m->l1w;
}
