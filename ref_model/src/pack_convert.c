/* pack_convert.c: the packers' per-datum path, Dest cell -> L1 datum (pack-data-path §5-§9, §14;
 * ISA documentation Packers/FormatConversion.md, ReLU.md, ExponentThresholding.md, EdgeMasking.md;
 * ERRATA 1, 3, 4). docs/decisions.md "Packer datum conversion" is the normative definition of every
 * bit below and names the source of each rule; the comments here only say which rule a line is.
 * Where the ISA documentation and Tenstorrent's simulator (tenstorrent/ttsim src/tensix.cpp, BH
 * branch) disagree on Blackhole, the simulator wins unless the ERRATA say otherwise. */
#include "pack_convert.h"


#include "unpack_convert.h"

/* ---- Intermediate datum types (FormatConversion.md early table rows) ----
 * 8-bit exponent types are held as FP32 bit patterns, 5-bit exponent types as FP16 bit patterns,
 * integers right-aligned at their width. `mask` is the bits a value of the type can have set. */
enum { T_FP32, T_TF32, T_BF16, T_E8M6, T_FP16, T_E5M7, T_E5M6, T_FP8, T_INT32, T_INT16, T_INT8, T_UINT8, T_N };
enum { C_F8, C_F5, C_I32, C_I16, C_I8, C_N }; /* classes: how ReLU and the late conversion see a datum */

typedef struct {
    const char *name;
    uint8_t cls;
    uint32_t mask;
    uint32_t sign; /* the sign bit, 0 for UINT8 */
} type_info;

static const type_info TYPES[T_N] = {
    [T_FP32] = {"FP32", C_F8, 0xFFFFFFFFu, 0x80000000u},
    [T_TF32] = {"TF32", C_F8, 0xFFFFE000u, 0x80000000u},
    [T_BF16] = {"BF16", C_F8, 0xFFFF0000u, 0x80000000u},
    [T_E8M6] = {"E8M6", C_F8, 0xFFFE0000u, 0x80000000u},
    [T_FP16] = {"FP16", C_F5, 0xFFFFu, 0x8000u},
    [T_E5M7] = {"E5M7", C_F5, 0xFFF8u, 0x8000u},
    [T_E5M6] = {"E5M6", C_F5, 0xFFF0u, 0x8000u},
    [T_FP8] = {"FP8", C_F5, 0xFF00u, 0x8000u},
    [T_INT32] = {"INT32", C_I32, 0xFFFFFFFFu, 0x80000000u},
    [T_INT16] = {"INT16", C_I16, 0xFFFFu, 0x8000u},
    [T_INT8] = {"INT8", C_I8, 0xFFu, 0x80u},
    [T_UINT8] = {"UINT8", C_I8, 0xFFu, 0},
};

#define TB(t) (1u << (t))

/* ---- Early conversion rules (pack-data-path §3.3, §5.2; FormatConversion.md "Configuring the
 * conversions"; ttsim for the Blackhole Round_10b_mant paths). First match wins; ANY matches 0
 * and 1. A configuration no row matches is undefined (the early table's "No"). ---- */
enum {
    E_NONE,
    E_ID32,       /* DstDecodeFP32, as is (FP32 / INT32) */
    E_TF32_R32,   /* round to TF32 */
    E_BF16_R32,   /* round to BF16 */
    E_E8M6_R32,   /* truncate to BF16, then round to E8M6 (ttsim) */
    E_BF16_T32,   /* truncate to BF16 */
    E_INT8_RAW32, /* sign | low 7 bits, or low 8 bits (Read_unsigned) */
    E_INT8_SAT32, /* shift, round, saturate */
    E_GASKET32,   /* round to TF32; narrowed to FP16 after ReLU (Blackhole) */
    E_BF16_R16,   /* DstDecodeBF16, NaN -> Inf, exponent 0 -> +0 (ERRATA 3) */
    E_BF16_ID16,  /* DstDecodeBF16 as is */
    E_E8M6_R16,   /* E_BF16_R16, then round to E8M6 */
    E_TF32_R16,   /* E_BF16_R16 as TF32 */
    E_FP16_R16,   /* DstDecodeFP16, exponent 0 -> +0 */
    E_FP16_ID16,  /* DstDecodeFP16 as is */
    E_E5M6_R16,   /* DstDecodeFP16, round to E5M6 (ttsim) */
    E_E5M7_T16,   /* DstDecodeFP16, truncate to E5M7 */
    E_FP8_T16,    /* DstDecodeFP16, truncate to E5M2 */
    E_GASKET16,   /* DstDecodeBF16, narrowed to FP16 by ERRATA 1 (Blackhole) */
    E_INT16_ID16, /* the cell as is */
};

enum { ANY = -1 };

typedef struct {
    int8_t r32, inter, raw, r10;
    uint8_t op;      /* E_*; E_NONE with status */
    uint8_t type;    /* T_* of the result (for E_GASKET32 the type after narrowing) */
    uint8_t status;  /* TT_OK, TT_UNDEFINED, TT_UNIMPLEMENTED */
    const char *why; /* for a failing row: the reason and its source */
} early_rule;

static const early_rule EARLY[] = {
    /* Dst32b (Read_32b_data = 1) */
    {1, TT_DF_FP32, ANY, 0, E_ID32, T_FP32, TT_OK, NULL},
    {1, TT_DF_FP32, 1, 1, E_ID32, T_FP32, TT_OK, NULL},
    {1, TT_DF_FP32, 0, 1, E_TF32_R32, T_TF32, TT_OK, NULL},
    {1, TT_DF_TF32, 0, ANY, E_TF32_R32, T_TF32, TT_OK, NULL},
    {1, TT_DF_TF32, 1, ANY, E_ID32, T_FP32, TT_OK, NULL},
    {1, TT_DF_BF16, 0, 0, E_BF16_R32, T_BF16, TT_OK, NULL},
    {1, TT_DF_BF16, 0, 1, E_TF32_R32, T_TF32, TT_OK, NULL},
    {1, TT_DF_BF16, 1, 0, E_BF16_T32, T_BF16, TT_OK, NULL},
    {1, TT_DF_BF16, 1, 1, E_NONE, 0, TT_UNIMPLEMENTED, "Read_raw with Round_10b_mant: no source says which wins"},
    {1, TT_DF_BFP8, 0, 0, E_E8M6_R32, T_E8M6, TT_OK, NULL},
    {1, TT_DF_BFP8, 1, 0, E_BF16_T32, T_BF16, TT_OK, NULL},
    {1, TT_DF_BFP8, ANY, 1, E_NONE, 0, TT_UNIMPLEMENTED, "BFP8 with Round_10b_mant: no source gives it"},
    {1, TT_DF_INT32, ANY, ANY, E_ID32, T_INT32, TT_OK, NULL},
    {1, TT_DF_INT8, 1, ANY, E_INT8_RAW32, T_INT8, TT_OK, NULL},
    {1, TT_DF_INT8, 0, ANY, E_INT8_SAT32, T_INT8, TT_OK, NULL},
    {1, TT_DF_FP16, 0, 1, E_GASKET32, T_FP16, TT_OK, NULL},
    {1, TT_DF_FP16, 1, 1, E_NONE, 0, TT_UNIMPLEMENTED, "FP16 with Read_raw and Round_10b_mant: no source gives it"},
    /* Dst16b (Read_32b_data = 0) */
    {0, TT_DF_BF16, 0, 0, E_BF16_R16, T_BF16, TT_OK, NULL},
    {0, TT_DF_BF16, 0, 1, E_TF32_R16, T_TF32, TT_OK, NULL},
    {0, TT_DF_BF16, 1, 0, E_BF16_ID16, T_BF16, TT_OK, NULL},
    {0, TT_DF_BF16, 1, 1, E_NONE, 0, TT_UNIMPLEMENTED, "Read_raw with Round_10b_mant: no source says which wins"},
    {0, TT_DF_TF32, 0, ANY, E_TF32_R16, T_TF32, TT_OK, NULL},
    {0, TT_DF_TF32, 1, ANY, E_NONE, 0, TT_UNIMPLEMENTED, "TF32 with Read_raw from Dst16b: no source gives it"},
    {0, TT_DF_FP32, 0, 1, E_TF32_R16, T_TF32, TT_OK, NULL},
    {0, TT_DF_FP32, 1, 1, E_NONE, 0, TT_UNIMPLEMENTED, "FP32 with Read_raw and Round_10b_mant: no source gives it"},
    {0, TT_DF_BFP8, 0, 0, E_E8M6_R16, T_E8M6, TT_OK, NULL},
    {0, TT_DF_BFP8, 1, 0, E_BF16_ID16, T_BF16, TT_OK, NULL},
    {0, TT_DF_BFP8, ANY, 1, E_NONE, 0, TT_UNIMPLEMENTED, "BFP8 with Round_10b_mant: no source gives it"},
    {0, TT_DF_FP16, 0, 0, E_FP16_R16, T_FP16, TT_OK, NULL},
    {0, TT_DF_FP16, 1, 0, E_FP16_ID16, T_FP16, TT_OK, NULL},
    {0, TT_DF_FP16, 0, 1, E_GASKET16, T_FP16, TT_OK, NULL},
    {0, TT_DF_FP16, 1, 1, E_NONE, 0, TT_UNIMPLEMENTED, "FP16 with Read_raw and Round_10b_mant: no source gives it"},
    {0, TT_DF_BFP8A, 0, 0, E_E5M6_R16, T_E5M6, TT_OK, NULL},
    {0, TT_DF_BFP8A, 1, 0, E_E5M7_T16, T_E5M7, TT_OK, NULL},
    {0, TT_DF_BFP8A, ANY, 1, E_NONE, 0, TT_UNIMPLEMENTED, "BFP8a with Round_10b_mant: no source gives it"},
    {0, TT_DF_FP8, 1, 0, E_FP8_T16, T_FP8, TT_OK, NULL},
    {0, TT_DF_FP8, ANY, ANY, E_NONE, 0, TT_UNIMPLEMENTED, "FP8 needs Read_raw and no Round_10b_mant (truncation only)"},
    {0, TT_DF_INT16, ANY, ANY, E_INT16_ID16, T_INT16, TT_OK, NULL},
    {0, TT_DF_INT8, ANY, ANY, E_NONE, 0, TT_UNIMPLEMENTED,
     "INT8 from Dst16b: ISA says sign only, tt-llk packs Integer \"8\" this way"},
};

/* ---- In_data_format (LateFromFormat): what the late conversion accepts and reads ---- */
enum { THR_NONE, THR_E8, THR_E5 };

typedef struct {
    uint8_t valid;     /* 0: not a LateFromFormat (‡ in FormatConversion.md, or reserved) */
    uint8_t cls;       /* C_* the late conversion reads the datum as */
    uint16_t accepts;  /* TB(T_*) of the early results it names */
    uint8_t thr;       /* ExponentThresholding.md: which exponent field is compared */
    uint8_t wide_mant; /* FP32/TF32: narrowing to BF16 flushes exponent-0 values to +0 */
} late_from_info;

static const late_from_info LATE_FROM[16] = {
    [TT_DF_FP32] = {1, C_F8, TB(T_FP32) | TB(T_TF32) | TB(T_INT32), THR_E8, 1},
    [TT_DF_TF32] = {1, C_F8, TB(T_TF32), THR_E8, 1},
    [TT_DF_BF16] = {1, C_F8, TB(T_BF16) | TB(T_E8M6), THR_E8, 0},
    [TT_DF_BFP8] = {1, C_F8, TB(T_BF16) | TB(T_E8M6), THR_E8, 0},
    [TT_DF_FP16] = {1, C_F5, TB(T_FP16), THR_E5, 0},
    [TT_DF_BFP8A] = {1, C_F5, TB(T_E5M7) | TB(T_E5M6), THR_E5, 0},
    [TT_DF_FP8] = {1, C_F5, TB(T_FP8), THR_E5, 0},
    [TT_DF_INT32] = {1, C_I32, TB(T_INT32) | TB(T_FP32), THR_NONE, 0},
    [TT_DF_INT16] = {1, C_I16, TB(T_INT16), THR_NONE, 0},
    [TT_DF_INT8] = {1, C_I8, TB(T_INT8) | TB(T_UINT8), THR_NONE, 0},
};

/* ---- Late conversion: Out_data_format x class (FormatConversion.md late table) ---- */
enum {
    L_NO,      /* "No" in the late table: undefined */
    L_ID32,    /* the 32 bits as they are */
    L_TF32,    /* the FP32 pattern with the low 13 bits clear; undefined from In_data_format FP32 */
    L_F8_BF16, /* top 16 bits; exponent 0 -> +0 when In_data_format is FP32/TF32 */
    L_F8_FP16, /* ERRATA 1 */
    L_F8_FP8,  /* E5M2: ERRATA 1 then the top byte; E4M3: unimplemented */
    L_F5_FP32, /* FP16 widened (ttsim): exponent +112, or the mantissa as an FP32 denormal */
    L_F5_BF16, /* FP16 widened and truncated: exponent 0 -> +0 */
    L_ID16,    /* the 16 bits as they are */
    L_F5_FP8,  /* E5M2: top byte; E4M3: the ttsim rule, from In_data_format FP16 only */
    L_ID8,     /* the 8 bits as they are */
    L_BFP_B,   /* via BF16 (as L_F8_BF16 / L_F5_BF16), shared 8-bit exponent */
    L_BFP_A,   /* via E5M7, shared 5-bit exponent */
};

static const uint8_t LATE[16][C_N] = {
    /*                C_F8       C_F5       C_I32   C_I16   C_I8 */
    [TT_DF_FP32] =  {L_ID32,    L_F5_FP32, L_NO,   L_NO,   L_NO},
    [TT_DF_TF32] =  {L_TF32,    L_F5_FP32, L_NO,   L_NO,   L_NO},
    [TT_DF_BF16] =  {L_F8_BF16, L_F5_BF16, L_NO,   L_NO,   L_NO},
    [TT_DF_FP16] =  {L_F8_FP16, L_ID16,    L_NO,   L_NO,   L_NO},
    [TT_DF_FP8] =   {L_F8_FP8,  L_F5_FP8,  L_NO,   L_NO,   L_NO},
    [TT_DF_INT32] = {L_NO,      L_NO,      L_ID32, L_NO,   L_NO},
    [TT_DF_INT16] = {L_NO,      L_NO,      L_NO,   L_ID16, L_NO},
    [TT_DF_INT8] =  {L_NO,      L_NO,      L_NO,   L_NO,   L_ID8},
    [TT_DF_BFP8] =  {L_BFP_B,   L_BFP_B,   L_NO,   L_NO,   L_NO},
    [TT_DF_BFP4] =  {L_BFP_B,   L_BFP_B,   L_NO,   L_NO,   L_NO},
    [TT_DF_BFP2] =  {L_BFP_B,   L_BFP_B,   L_NO,   L_NO,   L_NO},
    [TT_DF_BFP8A] = {L_BFP_A,   L_BFP_A,   L_NO,   L_NO,   L_NO},
    [TT_DF_BFP4A] = {L_BFP_A,   L_BFP_A,   L_NO,   L_NO,   L_NO},
    [TT_DF_BFP2A] = {L_BFP_A,   L_BFP_A,   L_NO,   L_NO,   L_NO},
    /* 12, 13: reserved, all L_NO */
};

static const char *const CLASS_NAME[C_N] = {"8-bit-exponent float", "5-bit-exponent float", "INT32", "INT16", "INT8"};

/* ---- Helpers (Dest cells decode with unpack_convert.h tt_read_dst_*) ---- */

/* FormatConversion.md "Rounding": NaN becomes Inf (8-bit exponent)... */
static uint32_t nan_to_inf32(uint32_t p)
{
    return (p & 0x7FFFFFFFu) > 0x7F800000u ? (p & 0x80000000u) | 0x7F800000u : p;
}

/* ...and denormals (exponent field 0, either sign) become +0. */
static uint32_t flush32(uint32_t p) { return (p & 0x7F800000u) ? p : 0; }

/* ERRATA 3 (pack-data-path §5.3, §18.3 corrected): BF16 with rounding on. */
static uint32_t bf16_round16(uint32_t b)
{
    if ((b & 0x7FFFu) > 0x7F80u) return (b & 0x8000u) | 0x7F80u;
    if (!(b & 0x7F80u)) return 0;
    return b;
}

/* Rounding away the low n bits of an FP32 pattern (docs/decisions.md "Packer stochastic rounding"):
 * NaN becomes Inf, Inf stays; the magnitude goes up one unit when the discarded bits are >= the
 * threshold t, half a unit deterministically (ties away), the draw's top n bits with Gasket_srnd_en
 * (FormatConversion.md: ">=", so it is biased up); then exponent 0 flushes to +0. */
static uint32_t round32(uint32_t d, unsigned n, const tt_pack_conv_cfg *c, uint32_t rnd)
{
    const uint32_t p = nan_to_inf32(d), lo = p & ((1u << n) - 1u);
    if ((p & 0x7F800000u) == 0x7F800000u) return p;
    const uint32_t t = c->gasket_srnd_en ? rnd >> (32u - n) : 1u << (n - 1u);
    return flush32((p - lo) + (lo >= t ? 1u << n : 0u));
}

static uint32_t early(unsigned op, uint32_t cell, const tt_pack_conv_cfg *c, uint32_t rnd)
{
    const uint32_t d = tt_read_dst_fp32(cell);
    switch (op) {
    case E_ID32:
        return d;
    case E_TF32_R32:
    case E_GASKET32:
        return round32(d, 13, c, rnd); /* ties away on the magnitude, or stochastic */
    case E_BF16_R32:
        return round32(d, 16, c, rnd);
    case E_E8M6_R32: {
        /* ttsim: the low 16 bits are dropped first, then bit 16 rounds half up into bit 17 */
        uint32_t b = ((nan_to_inf32(d) >> 16) + 1u) & 0xFFFEu;
        return flush32(b << 16);
    }
    case E_BF16_T32:
        return d & 0xFFFF0000u;
    case E_INT8_RAW32:
        return c->read_unsigned ? (d & 0xFFu) : ((d >> 24) & 0x80u) | (d & 0x7Fu);
    case E_INT8_SAT32: {
        const unsigned s = c->int_shift & 31u;
        uint64_t mag = d & 0x7FFFFFFFu;
        if (s) mag = (mag + (1ull << (s - 1))) >> s; /* the shifted-out bits round, ties away */
        if (c->read_unsigned) return (d & 0x80000000u) ? 0 : (uint32_t)(mag > 255 ? 255 : mag);
        return ((d >> 24) & 0x80u) | (uint32_t)(mag > 127 ? 127 : mag); /* the sign stays, even on 0 */
    }
    case E_BF16_R16:
        return bf16_round16(tt_read_dst_bf16(cell)) << 16;
    case E_BF16_ID16:
        return tt_read_dst_bf16(cell) << 16;
    case E_E8M6_R16:
        return ((bf16_round16(tt_read_dst_bf16(cell)) + 1u) & 0xFFFEu) << 16;
    case E_TF32_R16:
        return bf16_round16(tt_read_dst_bf16(cell)) << 16;
    case E_FP16_R16: {
        uint32_t h = tt_read_dst_fp16(cell);
        return (h & 0x7C00u) ? h : 0;
    }
    case E_FP16_ID16:
        return tt_read_dst_fp16(cell);
    case E_E5M6_R16: {
        uint32_t h = tt_read_dst_fp16(cell);
        if ((h & 0x7FFFu) > 0x7FF7u) h = (h & 0x8000u) | 0x7FF0u; /* keeps the +8 from carrying out */
        h = (h + 8u) & 0xFFF0u;
        return (h & 0x7C00u) ? h : 0;
    }
    case E_E5M7_T16:
        return tt_read_dst_fp16(cell) & 0xFFF8u;
    case E_FP8_T16:
        return tt_read_dst_fp16(cell) & 0xFF00u;
    case E_GASKET16:
        return tt_fp32_to_fp16(tt_read_dst_bf16(cell) << 16);
    default: /* E_INT16_ID16 */
        return cell & 0xFFFFu;
    }
}

/* FP16 -> FP32 as the late conversion widens it (ttsim): no Inf in Tensix FP16, so exponent 31 is
 * rebiased like any other; exponent 0 keeps its mantissa bits unshifted (an FP32 denormal). */
static uint32_t f5_to_fp32(uint32_t h)
{
    const uint32_t s = (h & 0x8000u) << 16;
    if (h & 0x7C00u) return s | (((h & 0x7FFFu) + (112u << 10)) << 13);
    return s | ((h & 0x3FFu) << 13);
}

/* FP16 -> BF16: exponent 0 flushes to +0, the mantissa is truncated (ttsim). */
static uint32_t f5_to_bf16(uint32_t h)
{
    const uint32_t e = (h >> 10) & 0x1Fu;
    if (!e) return 0;
    return (h & 0x8000u) | ((e + 112u) << 7) | ((h & 0x3FFu) >> 3);
}

/* FP16 -> FP8 E4M3 (Pac_LF8_4b_exp; ttsim src/tensix.cpp "fp16 -> fp8 late conversion", Blackhole only). */
static uint32_t f5_to_e4m3(uint32_t h)
{
    const uint32_t s = (h >> 8) & 0x80u, e = (h >> 10) & 0x1Fu, m = h & 0x3FFu;
    if (e <= 8) return s;
    if (e >= 24) return s | 0x7Fu;
    return s | ((e - 8u) << 3) | (m >> 7);
}

/* The 8-bit-exponent datum P narrowed to BF16 (late table first row). */
static uint32_t f8_to_bf16(uint32_t p, const late_from_info *lf)
{
    const uint32_t b = p >> 16;
    return (lf->wide_mant && !(b & 0x7F80u)) ? 0 : b;
}

/* ---- The configuration: everything that does not depend on the datum ---- */

typedef struct {
    const early_rule *rule;
    uint8_t relu_type; /* the type ReLU and edge masking see (TF32 for E_GASKET32) */
    uint8_t type;      /* the type after step 4 */
    const late_from_info *lf;
    uint8_t late_op;
} plan_t;

static const char *fmt_name(unsigned f) { return tt_df_name(f); }

static tt_status make_plan(const tt_pack_conv_cfg *c, bool want_bfp, plan_t *p, char *msg, size_t msglen)
{
    if (!c) return tt_convert_fail(TT_ERROR, msg, msglen, "no packer configuration");
    if (c->inter_fmt > 15 || c->in_fmt > 15 || c->out_fmt > 15)
        return tt_convert_fail(TT_UNDEFINED, msg, msglen, "format codes %u/%u/%u: the fields are 4 bits (data-formats §6)",
                    c->inter_fmt, c->in_fmt, c->out_fmt);
    if (tt_df_is_bfp(c->out_fmt) != want_bfp)
        return tt_convert_fail(TT_ERROR, msg, msglen, "Out_data_format %s: use %s", fmt_name(c->out_fmt),
                    want_bfp ? "tt_pack_convert" : "tt_pack_convert_bfp");
    /* The two undocumented rounding-mode bits (ttsim rejects them); stochastic rounding is below. */
    if (c->gs_lf)
        return tt_convert_fail(TT_UNIMPLEMENTED, msg, msglen,
                    "ALU_ROUNDING_MODE_GS_LF (cfg 1 bit 13): no source gives its effect");
    if (c->bfp8_hf)
        return tt_convert_fail(TT_UNIMPLEMENTED, msg, msglen,
                    "ALU_ROUNDING_MODE_Bfp8_HF (cfg 1 bit 14): no source gives its effect");

    /* 1. Early conversion (§5.2) */
    const int r32 = c->read_32b, raw = c->read_raw, r10 = c->round_10b;
    p->rule = NULL;
    for (size_t i = 0; i < sizeof EARLY / sizeof EARLY[0]; i++) {
        const early_rule *r = &EARLY[i];
        if (r->r32 == r32 && r->inter == c->inter_fmt && (r->raw == ANY || r->raw == raw) &&
            (r->r10 == ANY || r->r10 == r10)) {
            p->rule = r;
            break;
        }
    }
    if (!p->rule) {
        const unsigned f = c->inter_fmt;
        const char *why = (f == 3 || f == 7 || f == 11 || f == 15) ? "is only valid as LateToFormat"
                          : (f == 12 || f == 13)                   ? "is a reserved code"
                                                                   : "is \"No\" in the early table";
        return tt_convert_fail(TT_UNDEFINED, msg, msglen,
                    "early conversion %s -> IntermediateFormat %s (Read_raw %d, Round_10b %d) %s "
                    "(FormatConversion.md)",
                    r32 ? "Dst32b" : "Dst16b", fmt_name(f), raw, r10, why);
    }
    if (p->rule->status != TT_OK)
        return tt_convert_fail((tt_status)p->rule->status, msg, msglen, "early conversion %s -> %s: %s", r32 ? "Dst32b" : "Dst16b",
                    fmt_name(c->inter_fmt), p->rule->why);
    /* Gasket_srnd_en: the rounding rows whose discarded bits no source gives (docs/decisions.md
     * "Packer stochastic rounding") */
    const unsigned op = p->rule->op;
    if (c->gasket_srnd_en && (op == E_E8M6_R32 || op == E_E8M6_R16 || op == E_E5M6_R16 ||
                              (op == E_INT8_SAT32 && (c->int_shift & 31u))))
        return tt_convert_fail(TT_UNIMPLEMENTED, msg, msglen,
                    "stochastic rounding (Gasket_srnd_en) of the early conversion to %s: no source gives "
                    "which bits are compared", fmt_name(c->inter_fmt));
    p->type = p->rule->type;
    if (p->type == T_INT8 && c->read_unsigned) p->type = T_UINT8;
    p->relu_type = p->rule->op == E_GASKET32 ? T_TF32 : p->type;

    /* The late conversion's input (§6.1; FormatConversion.md (‡) and "should be set to the same value") */
    p->lf = &LATE_FROM[c->in_fmt];
    if (!p->lf->valid)
        return tt_convert_fail(TT_UNDEFINED, msg, msglen, "In_data_format %s is not a LateFromFormat (FormatConversion.md: %s)",
                    fmt_name(c->in_fmt),
                    (c->in_fmt == 12 || c->in_fmt == 13) ? "reserved" : "only valid in LateToFormat");
    if (!(p->lf->accepts & TB(p->type)))
        return tt_convert_fail(TT_UNDEFINED, msg, msglen,
                    "early result %s is not In_data_format %s data (IntermediateFormat %s; "
                    "FormatConversion.md)",
                    TYPES[p->type].name, fmt_name(c->in_fmt), fmt_name(c->inter_fmt));

    /* 6. Late conversion (§6.4, §14) */
    p->late_op = LATE[c->out_fmt][p->lf->cls];
    if (p->late_op == L_NO)
        return tt_convert_fail(TT_UNDEFINED, msg, msglen, "late conversion %s (%s) -> %s is %s (FormatConversion.md)",
                    fmt_name(c->in_fmt), CLASS_NAME[p->lf->cls], fmt_name(c->out_fmt),
                    (c->out_fmt == 12 || c->out_fmt == 13) ? "a reserved code" : "\"No\"");
    if (p->late_op == L_TF32 && c->in_fmt == TT_DF_FP32)
        return tt_convert_fail(TT_UNDEFINED, msg, msglen,
                    "late conversion FP32 -> TF32 is \"No (use early conversion)\" "
                    "(FormatConversion.md)");
    if (c->fp8_e4m3 && p->late_op == L_F8_FP8)
        return tt_convert_fail(TT_UNIMPLEMENTED, msg, msglen,
                    "FP8 E4M3 from In_data_format %s: only FP16 is known (tt-llk, ttsim)", fmt_name(c->in_fmt));
    if (c->fp8_e4m3 && p->late_op == L_F5_FP8 && c->in_fmt != TT_DF_FP16)
        return tt_convert_fail(TT_UNIMPLEMENTED, msg, msglen,
                    "FP8 E4M3 from In_data_format %s: only FP16 is known (tt-llk, ttsim)", fmt_name(c->in_fmt));
    if (want_bfp && c->dis_shared_exp)
        return tt_convert_fail(TT_UNIMPLEMENTED, msg, msglen,
                    "Dis_shared_exp_assembler with %s output: no source gives the bits "
                    "(pack-data-path §6.3)",
                    fmt_name(c->out_fmt));

    /* 3. ReLU configuration (ReLU.md) */
    const unsigned mode = c->relu_mode & 3u;
    const unsigned rc = TYPES[p->relu_type].cls;
    if (mode >= 2 && rc != C_F8 && rc != C_F5)
        return tt_convert_fail(TT_UNDEFINED, msg, msglen, "ReLU mode %u on %s data: integers allow modes 0 and 1 (ReLU.md)", mode,
                    TYPES[p->relu_type].name);
    if (mode >= 2 && (c->relu_threshold & 0x8000u))
        return tt_convert_fail(TT_UNDEFINED, msg, msglen, "ReLU mode %u with negative threshold 0x%04x (ReLU.md)", mode,
                    (unsigned)c->relu_threshold);
    return TT_OK;
}

/* Steps 1-5 for one datum: the value the late conversion reads, in LATE_FROM's class layout. */
static tt_status datum_path(const tt_pack_conv_cfg *c, const plan_t *p, uint32_t dest, bool masked, bool neg_inf,
                            uint32_t rnd, uint32_t *v_out, char *msg, size_t msglen)
{
    const type_info *rt = &TYPES[p->relu_type];
    uint32_t v;
    /* 1, 2. Early conversion, or the edge mask's replacement of it (§9; EdgeMasking.md) */
    if (!masked) {
        v = early(p->rule->op, c->read_32b ? dest : (dest & 0xFFFFu), c, rnd);
    } else if (!neg_inf) {
        v = 0;
    } else if (rt->cls == C_F8) {
        v = 0xFF800000u;
    } else if (rt->cls == C_F5) {
        v = 0xFFFFu & rt->mask; /* Tensix FP16 has no Inf: its largest pattern stands for it */
    } else {
        return tt_convert_fail(TT_UNIMPLEMENTED, msg, msglen, "edge mask -inf in %s data: no source gives the bits", rt->name);
    }

    /* 3. ReLU (§8; ReLU.md; ttsim's bitwise compares) */
    const unsigned mode = c->relu_mode & 3u;
    if (mode) {
        if (v & rt->sign) {
            v = 0; /* x <= 0, including -0 and negative NaN patterns */
        } else if (mode >= 2) {
            const uint32_t t = rt->cls == C_F8 ? (uint32_t)c->relu_threshold << 16 : c->relu_threshold;
            if (mode == 2 && v <= t) v = 0;
            /* ttsim: an FP32 datum is compared with the threshold on bits 30:13 only */
            if (mode == 3 && (rt->cls == C_F8 ? (v >> 13) > (t >> 13) : v > t)) v = t;
        }
    }

    /* 4. Blackhole: Round_10b_mant with IntermediateFormat FP16 from Dst32b narrows here (ttsim) */
    if (p->rule->op == E_GASKET32) v = tt_fp32_to_fp16(v);

    /* 5. Exponent thresholding (§7; ExponentThresholding.md), by In_data_format */
    if (c->exp_thr_en) {
        if (p->lf->thr == THR_E8 && ((v >> 23) & 0xFFu) < c->exp_thr) v = 0;
        if (p->lf->thr == THR_E5 && ((v >> 10) & 0x1Fu) < c->exp_thr) v = 0;
    }
    *v_out = v;
    return TT_OK;
}

tt_status tt_pack_convert(const tt_pack_conv_cfg *c, uint32_t dest, bool edge_masked, bool edge_neg_inf, uint32_t *out,
                          char *msg, size_t msglen)
{
    plan_t p;
    tt_status s = make_plan(c, false, &p, msg, msglen);
    if (s != TT_OK) return s;
    uint32_t v;
    s = datum_path(c, &p, dest, edge_masked, edge_neg_inf, c->srnd_rand[0], &v, msg, msglen);
    if (s != TT_OK) return s;

    uint32_t r;
    switch (p.late_op) {
    case L_ID32:
        r = v;
        break;
    case L_TF32:
        r = v & 0xFFFFE000u; /* §14.1: the low 13 bits of TF32 in L1 are zero */
        break;
    case L_F8_BF16:
        r = f8_to_bf16(v, p.lf);
        break;
    case L_F8_FP16:
        r = tt_fp32_to_fp16(v); /* ERRATA 1 */
        break;
    case L_F8_FP8:
        r = tt_fp32_to_fp16(v) >> 8; /* E5M2 (E4M3 refused by make_plan) */
        break;
    case L_F5_FP32:
        r = f5_to_fp32(v);
        break;
    case L_F5_BF16:
        r = f5_to_bf16(v);
        break;
    case L_ID16:
        r = v & 0xFFFFu;
        break;
    case L_F5_FP8:
        /* FormatConversion.md's late table: exponent the same width, mantissa narrower (FP16 to
         * E5M2): denormals flushed to zero */
        r = c->fp8_e4m3 ? f5_to_e4m3(v) : (c->in_fmt == TT_DF_FP16 && !(v & 0x7C00u)) ? 0 : (v >> 8) & 0xFFu;
        break;
    default: /* L_ID8 */
        r = v & 0xFFu;
        break;
    }
    if (out) *out = r;
    return TT_OK;
}

/* A datum before shared-exponent assembly: §6.2 / FormatConversion.md, B via BF16 as the late
 * table's first row, A via E5M7 (exponent saturated by ERRATA 1, then the mantissa truncated to 7
 * bits; FP16 bits with the low 3 cleared). */
static uint32_t bfp_pre(const tt_pack_conv_cfg *c, const plan_t *p, uint32_t v)
{
    if (p->late_op == L_BFP_A) {
        uint32_t x = (p->lf->cls == C_F8 ? tt_fp32_to_fp16(v) : v) & 0xFFF8u;
        /* from FP16 the mantissa narrows (10 to 7 bits) at the same exponent width: denormals are
         * flushed to zero (FormatConversion.md's late table) */
        if (p->lf->cls != C_F8 && c->in_fmt == TT_DF_FP16 && !(x & 0x7C00u)) x = 0;
        return x;
    }
    return p->lf->cls == C_F8 ? f8_to_bf16(v, p->lf) : f5_to_bf16(v);
}

tt_status tt_pack_bfp_zero(const tt_pack_conv_cfg *c, uint32_t dest, bool edge_masked, bool edge_neg_inf,
                           bool *zero, char *msg, size_t msglen)
{
    plan_t p;
    uint32_t v;
    tt_status s = make_plan(c, true, &p, msg, msglen);
    if (s == TT_OK) s = datum_path(c, &p, dest, edge_masked, edge_neg_inf, c->srnd_rand[0], &v, msg, msglen);
    if (s != TT_OK) return s;
    const uint32_t x = bfp_pre(c, &p, v);
    /* exponent and mantissa fields 0: the field is 0 in any group (ERRATA 4) */
    *zero = p.late_op == L_BFP_A ? !(x & 0x7FF8u) : !(x & 0x7FFFu);
    return TT_OK;
}

tt_status tt_pack_convert_bfp(const tt_pack_conv_cfg *c, const uint32_t dest[16], const bool edge_masked[16],
                              bool edge_neg_inf, uint8_t *shared_exp, uint8_t out[16], char *msg, size_t msglen)
{
    plan_t p;
    tt_status s = make_plan(c, true, &p, msg, msglen);
    if (s != TT_OK) return s;
    if (!dest) return tt_convert_fail(TT_ERROR, msg, msglen, "no datums");

    const bool a = p.late_op == L_BFP_A;
    unsigned e[16], m[16], sg[16], shared = 0;
    for (unsigned i = 0; i < 16; i++) {
        uint32_t v;
        s = datum_path(c, &p, dest[i], edge_masked && edge_masked[i], edge_neg_inf, c->srnd_rand[i], &v, msg, msglen);
        if (s != TT_OK) return s;
        const uint32_t x = bfp_pre(c, &p, v);
        e[i] = a ? (x >> 10) & 0x1Fu : (x >> 7) & 0xFFu;
        m[i] = a ? (x >> 3) & 0x7Fu : x & 0x7Fu;
        sg[i] = (x >> 15) & 1u;
        if (e[i] > shared) shared = e[i];
    }
    /* ERRATA 4: round half up (Packer_srnd_en: stochastic, the draw's low byte's top n bits as the
     * threshold, docs/decisions.md "Packer stochastic rounding"), saturate, keep the top bits, sign
     * only on a non-zero field */
    const unsigned bits = tt_df_bits(c->out_fmt), drop = 8u - bits;
    uint8_t f[16];
    for (unsigned i = 0; i < 16; i++) {
        const unsigned full = (e[i] ? 0x80u : 0) | m[i], shift = shared - e[i];
        unsigned mag = 0;
        if (shift < 8) {
            const unsigned n = shift + 1, lo = full & ((1u << n) - 1u);
            const unsigned t = c->packer_srnd_en ? (c->srnd_rand[i] & 0xFFu) >> (8u - n) : 1u << shift;
            mag = (full >> n) + (lo >= t);
            if (mag > 0x7Fu) mag = 0x7Fu;
        }
        mag >>= drop;
        f[i] = (uint8_t)(mag ? mag | (sg[i] << (bits - 1)) : 0);
    }
    if (shared_exp) *shared_exp = (uint8_t)shared;
    if (out)
        for (unsigned i = 0; i < 16; i++) out[i] = f[i];
    return TT_OK;
}

bool tt_pack_fmt_is_bfp(unsigned out_fmt) { return tt_df_is_bfp(out_fmt); }

unsigned tt_pack_fmt_bits(unsigned out_fmt) { return tt_df_bits(out_fmt); }
