/* unpack_convert.c: the unpackers' per-datum format conversion, L1 datum -> SrcA/SrcB or Dest cell.
 * The functional model is FormatConversion in the ISA documentation's UNPACR_Regular.md (and
 * unpack-data-path §3.2-§3.4), with ERRATA 1 (FP32 -> FP16) and ERRATA 2 (FP8 E5M2 0x7F/0xFF)
 * applied, since the errata win where they disagree with the spec. Decisions the spec leaves open
 * are recorded in docs/decisions.md ("BFP exponent underflow", "FP8 E4M3", "reserved format codes"). */
#include "unpack_convert.h"

#include <stdarg.h>
#include <stdio.h>

/* What FormatConversion does to an input format when in_fmt == out_fmt, before the layout step
 * (UNPACR_Regular.md FormatConversion, first switch; unpack-data-path §3.2). */
enum {
    NORM_NONE,     /* already 16 or 32 bits wide */
    NORM_FP8,      /* E5M2 -> FP16 (ERRATA 2), or E4M3 -> FP16 */
    NORM_BFP_B,    /* BFP8ToBF16 (§3.4) */
    NORM_BFP_A,    /* BFP8aToFP16 (§3.4) */
    NORM_INT8,     /* "Integer 8" overlaid on FP16 */
    NORM_RESERVED, /* codes 12, 13: no conversion exists */
};

/* How the 16- or 32-bit value is arranged in its register file (UNPACR_Regular.md FormatConversion,
 * second switch; unpack-data-path §3.3). */
enum {
    LAY_NONE,
    LAY_FP16,  /* WriteSrcFP16 / WriteDstFP16 */
    LAY_BF16,  /* WriteSrcBF16 / WriteDstBF16 */
    LAY_INT16, /* Src: hi byte moved up 3 bits; Dest: as is */
    LAY_DST32, /* WriteDstFP32; no Src form */
};

typedef struct {
    const char *name;
    uint8_t bits;      /* L1 datum size: UNPACR_Regular.md DatumSizeBytes * 8 */
    bool bfp;          /* IsBFPFormat */
    bool wide;         /* 4-byte format: Dst32b when unpacking to Dest */
    uint8_t norm;      /* NORM_* */
    uint8_t bfp_shift; /* BFP4 << 4, BFP2 << 6 onto the BFP8 layout (§3.4) */
    uint8_t layout;    /* LAY_* after normalisation */
} df_info;

/* data-formats §6 codes; TF32 is 4 bytes in L1 (UNPACR_Regular.md DatumSizeBytes). TF32 and INT32
 * need no normalisation: their only defined use is Dest, where both are WriteDstFP32. */
static const df_info DF[16] = {
    [TT_DF_FP32] = {"FP32", 32, false, true, NORM_NONE, 0, LAY_DST32},
    [TT_DF_FP16] = {"FP16", 16, false, false, NORM_NONE, 0, LAY_FP16},
    [TT_DF_BFP8A] = {"BFP8a", 8, true, false, NORM_BFP_A, 0, LAY_FP16},
    [TT_DF_BFP4A] = {"BFP4a", 4, true, false, NORM_BFP_A, 4, LAY_FP16},
    [TT_DF_TF32] = {"TF32", 32, false, true, NORM_NONE, 0, LAY_DST32},
    [TT_DF_BF16] = {"BF16", 16, false, false, NORM_NONE, 0, LAY_BF16},
    [TT_DF_BFP8] = {"BFP8", 8, true, false, NORM_BFP_B, 0, LAY_BF16},
    [TT_DF_BFP4] = {"BFP4", 4, true, false, NORM_BFP_B, 4, LAY_BF16},
    [TT_DF_INT32] = {"INT32", 32, false, true, NORM_NONE, 0, LAY_DST32},
    [TT_DF_INT16] = {"INT16", 16, false, false, NORM_NONE, 0, LAY_INT16},
    [TT_DF_FP8] = {"FP8", 8, false, false, NORM_FP8, 0, LAY_FP16},
    [TT_DF_BFP2A] = {"BFP2a", 2, true, false, NORM_BFP_A, 6, LAY_FP16},
    [12] = {"fmt12", 0, false, false, NORM_RESERVED, 0, LAY_NONE},
    [13] = {"fmt13", 0, false, false, NORM_RESERVED, 0, LAY_NONE},
    [TT_DF_INT8] = {"INT8", 8, false, false, NORM_INT8, 0, LAY_FP16},
    [TT_DF_BFP2] = {"BFP2", 2, true, false, NORM_BFP_B, 6, LAY_BF16},
};

/* The field is 4 bits; anything larger is not a format at all (no table entry to alias). */
static const df_info *df(unsigned fmt) { return fmt < 16 ? &DF[fmt] : NULL; }

unsigned tt_df_bits(unsigned fmt) { return df(fmt) ? df(fmt)->bits : 0; }
bool tt_df_is_bfp(unsigned fmt) { return df(fmt) && df(fmt)->bfp; }
bool tt_df_is_32bit(unsigned fmt) { return df(fmt) && df(fmt)->wide; }
const char *tt_df_name(unsigned fmt) { return df(fmt) ? df(fmt)->name : "invalid"; }

/* ---- Layout transforms (unpack-data-path §3.3). Inputs are masked to their nominal width so the
 * outputs stay within 19 (Src), 16 (Dest16) or 32 (Dest32) bits. ---- */

uint32_t tt_write_src_tf32(uint32_t x19)
{
    /* Sign,Exp8,Man10 -> Sign,Man10,Exp8 */
    return (x19 & 0x40000u) | ((x19 & 0x3FFu) << 8) | ((x19 & 0x3FC00u) >> 10);
}

/* BF16's 7-bit mantissa becomes the top of TF32's 10 bits. */
uint32_t tt_write_src_bf16(uint32_t bf16) { return tt_write_src_tf32((bf16 & 0xFFFFu) << 3); }

/* FP16's sign moves to bit 18; its 5-bit exponent becomes the low bits of the 8-bit field. */
uint32_t tt_write_src_fp16(uint32_t fp16) { return tt_write_src_tf32(((fp16 & 0x8000u) << 3) | (fp16 & 0x7FFFu)); }

uint16_t tt_write_dst_fp16(uint16_t fp16)
{
    return (uint16_t)((fp16 & 0x8000u) | ((fp16 & 0x3FFu) << 5) | ((fp16 & 0x7C00u) >> 10));
}

uint16_t tt_write_dst_bf16(uint16_t bf16)
{
    return (uint16_t)((bf16 & 0x8000u) | ((bf16 & 0x7Fu) << 8) | ((bf16 & 0x7F80u) >> 7));
}

/* The high half takes the BF16 layout, the low 16 mantissa bits stay as they are. */
uint32_t tt_write_dst_fp32(uint32_t fp32)
{
    return ((uint32_t)tt_write_dst_bf16((uint16_t)(fp32 >> 16)) << 16) | (fp32 & 0xFFFFu);
}

/* ... and back (DstDecodeBF16 / DstDecodeFP16, ISA Dst.md): a Dest cell as BF16, FP16 or FP32 bits
 * (the packer's input, the matrix unit's Dest operand). */
uint32_t tt_read_dst_bf16(uint32_t c) { return (c & 0x8000u) | ((c & 0xFFu) << 7) | ((c >> 8) & 0x7Fu); }
uint32_t tt_read_dst_fp16(uint32_t c) { return (c & 0x8000u) | ((c & 0x1Fu) << 10) | ((c >> 5) & 0x3FFu); }
uint32_t tt_read_dst_fp32(uint32_t c) { return (tt_read_dst_bf16(c >> 16) << 16) | (c & 0xFFFFu); }

/* ---- Datum conversions ---- */

/* data-formats §4 as ERRATA 1 corrects it: Tensix FP16 has no Inf/NaN, so exponent 31 is ordinary
 * and overflow saturates to 0x7FFF; no rounding (the mantissa is truncated); e == 0 keeps the
 * truncated mantissa without a subnormal shift; e < 0 gives a signed zero. */
uint16_t tt_fp32_to_fp16(uint32_t fp32)
{
    const unsigned sign = (fp32 >> 16) & 0x8000u;
    const unsigned exp32 = (fp32 >> 23) & 0xFFu;
    const int e = (int)exp32 - 127 + 15;
    const unsigned m = (fp32 >> 13) & 0x3FFu;
    if (exp32 == 0xFFu || e > 31) return (uint16_t)(sign | 0x7FFFu); /* ERRATA 1: Inf, NaN, overflow */
    if (e < 0) return (uint16_t)sign;
    return (uint16_t)(sign | ((unsigned)e << 10) | m); /* e == 0 and e == 31 included */
}

/* unpack-data-path §3.2: E5M2 is the top byte of FP16, except ERRATA 2: exponent 31 with
 * mantissa 3 becomes sign | 0x7FFF on Blackhole. */
static uint16_t e5m2_to_fp16(uint8_t code)
{
    if ((code & 0x7Fu) == 0x7Fu) return (uint16_t)(((code & 0x80u) << 8) | 0x7FFFu);
    return (uint16_t)(code << 8);
}

/* FP8 E4M3 (Unp_LF8_4b_exp) to FP16, as Tenstorrent's simulator does it on Blackhole (no public
 * hardware page; docs/decisions.md "FP8 E4M3"): exponent rebiased 7 -> 15 except exponent 0, which
 * stays 0 with the three mantissa bits kept in place (no normalisation); the two OCP NaN codes
 * 0x7F/0xFF get a mantissa of all ones (+-511.75), like ERRATA 2 does for E5M2. Nothing saturates
 * and no Inf is made: Tensix FP16 has none. */
static uint16_t e4m3_to_fp16(uint8_t code)
{
    const unsigned sign = (code & 0x80u) << 8, e = (code >> 3) & 0xFu, m = code & 7u;
    const unsigned e16 = e ? e + 8 : 0;
    const unsigned pad = (e == 15 && m == 7) ? 0x7Fu : 0;
    return (uint16_t)(sign | (e16 << 10) | (m << 7) | pad);
}

static unsigned leading_zeros8(uint8_t v)
{
    unsigned n = 0;
    for (uint8_t bit = 0x80u; bit && !(v & bit); bit >>= 1) n++;
    return n;
}

/* Shared first half of BFP8ToBF16 / BFP8aToFP16 (unpack-data-path §3.4): the 7-bit magnitude is
 * normalised so its leading one is the implicit bit, and its leading zeros come off the exponent
 * in 8-bit arithmetic (uint8_t in UNPACR_Regular.md), so an exponent smaller than the count wraps:
 * docs/decisions.md "BFP exponent underflow". Returns false for magnitude 0. */
static bool bfp_normalise(uint8_t datum, uint8_t *exp, uint8_t *mag)
{
    uint8_t m = (uint8_t)(datum << 1); /* drops the sign */
    if (!m) return false;
    unsigned lz = leading_zeros8(m);
    *mag = (uint8_t)(m << lz);
    *exp = (uint8_t)(*exp - lz);
    return true;
}

static uint16_t bfp8_to_bf16(uint8_t datum, uint8_t exp)
{
    const unsigned sign = datum >> 7;
    uint8_t mag;
    if (!bfp_normalise(datum, &exp, &mag)) return sign ? 0xFF80u : 0; /* the doc's -0: BF16 -Inf */
    return (uint16_t)((sign << 15) | ((unsigned)exp << 7) | (mag & 0x7Eu));
}

/* False when the normalised exponent has bits in 0xE0, which the doc calls undefined. */
static bool bfp8a_to_fp16(uint8_t datum, uint8_t exp, uint16_t *fp16)
{
    const unsigned sign = datum >> 7;
    uint8_t mag;
    if (!bfp_normalise(datum, &exp, &mag)) {
        *fp16 = sign ? 0xFC00u : 0; /* checked before the exponent: defined for any exponent */
        return true;
    }
    if (exp & 0xE0u) return false;
    *fp16 = (uint16_t)((sign << 15) | ((unsigned)exp << 10) | ((unsigned)(mag & 0x7Eu) << 3));
    return true;
}

/* unpack-data-path §3.2 INT8: sign-magnitude (or unsigned) magnitude in the FP16 mantissa bits,
 * with the dummy exponent 16 when it is non-zero; signed -0 (0x80) keeps only the sign: 0x8000. */
static uint16_t int8_to_fp16(uint8_t datum, bool is_unsigned)
{
    const unsigned sign = is_unsigned ? 0 : (datum & 0x80u);
    unsigned v = datum - sign;
    if (v) v |= 16u << 10;
    return (uint16_t)(v | (sign << 8));
}

/* ---- FormatConversion ---- */

tt_status tt_convert_fail(tt_status s, char *msg, size_t msglen, const char *fmt, ...)
{
    if (msg && msglen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msg, msglen, fmt, ap);
        va_end(ap);
    }
    return s;
}

#define DOC "UNPACR_Regular.md FormatConversion"

tt_status tt_unpack_convert(unsigned in_fmt, unsigned out_fmt, uint32_t datum, uint8_t exp,
                            const tt_unpack_conv_mode *mode, uint32_t *out, char *msg, size_t msglen)
{
    static const tt_unpack_conv_mode no_mode; /* a NULL mode means all flags clear */
    if (!mode) mode = &no_mode;
    const bool dst = mode->to_dest;
    const df_info *in = df(in_fmt);
    if (!in || !df(out_fmt))
        return tt_convert_fail(TT_UNDEFINED, msg, msglen, "format codes %u -> %u: DataFormat is a 4-bit field (data-formats §6)",
                    in_fmt, out_fmt);
    /* The datum is DatumSizeBytes wide; higher bits are not part of it. */
    if (in->bits && in->bits < 32) datum &= (1u << in->bits) - 1;

    uint32_t v = datum;
    unsigned layout = in->layout;
    if (in_fmt == TT_DF_FP32) {
        /* FP32 is the only input that converts (§3.2). */
        switch (out_fmt) {
        case TT_DF_FP32:
            break;
        case TT_DF_TF32:
            /* In Dest TF32 means FP32, all 32 bits kept; in Src the low 13 mantissa bits go. */
            v = dst ? tt_write_dst_fp32(datum) : tt_write_src_tf32(datum >> 13);
            if (out) *out = v;
            return TT_OK;
        case TT_DF_BF16:
            if (!(v & 0x7F800000u)) v &= 0x80000000u; /* §3.2: exponent-0 values flush to signed zero */
            v >>= 16;
            layout = LAY_BF16;
            break;
        case TT_DF_FP16:
            v = tt_fp32_to_fp16(v); /* ERRATA 1 */
            layout = LAY_FP16;
            break;
        default:
            return tt_convert_fail(TT_UNDEFINED, msg, msglen, "in format FP32 with out format %s is undefined (" DOC
                        ": FP32 -> FP32/TF32/BF16/FP16)", tt_df_name(out_fmt));
        }
    } else {
        if (in_fmt != out_fmt)
            return tt_convert_fail(TT_UNDEFINED, msg, msglen, "in format %s with out format %s is undefined (" DOC
                        ": only FP32 input converts)", in->name, tt_df_name(out_fmt));
        uint16_t h = 0;
        switch (in->norm) {
        case NORM_FP8:
            v = mode->fp8_e4m3 ? e4m3_to_fp16((uint8_t)datum) : e5m2_to_fp16((uint8_t)datum);
            break;
        case NORM_BFP_B:
            v = bfp8_to_bf16((uint8_t)(datum << in->bfp_shift), exp);
            break;
        case NORM_BFP_A:
            if (!bfp8a_to_fp16((uint8_t)(datum << in->bfp_shift), exp, &h))
                return tt_convert_fail(TT_UNDEFINED, msg, msglen, "%s datum 0x%x, shared exponent %u: undefined, the "
                            "normalised exponent needs more than 5 bits (BFP8aToFP16)", in->name, (unsigned)datum,
                            (unsigned)exp);
            v = h;
            break;
        case NORM_INT8:
            v = int8_to_fp16((uint8_t)datum, mode->int8_unsigned);
            break;
        case NORM_RESERVED:
            /* docs/decisions.md "reserved format codes": no case in either switch of the doc. */
            return tt_convert_fail(TT_UNDEFINED, msg, msglen, "in format %s is a reserved code: undefined (data-formats §6; "
                        DOC " has no case)", in->name);
        default:
            break;
        }
    }

    switch (layout) {
    case LAY_FP16:
        v = dst ? tt_write_dst_fp16((uint16_t)v) : tt_write_src_fp16(v);
        break;
    case LAY_BF16:
        v = dst ? tt_write_dst_bf16((uint16_t)v) : tt_write_src_bf16(v);
        break;
    case LAY_INT16:
        v = dst ? v : ((v & 0xFF00u) << 3) | (v & 0xFFu);
        break;
    default: /* LAY_DST32: FP32, TF32 and INT32 data fit only Dest's 32-bit view */
        if (!dst)
            return tt_convert_fail(TT_UNDEFINED, msg, msglen, "in format %s with out format %s into SrcA/SrcB is undefined (" DOC
                        ": Dest only)", in->name, tt_df_name(out_fmt));
        v = tt_write_dst_fp32(v);
        break;
    }
    if (out) *out = v;
    return TT_OK;
}
