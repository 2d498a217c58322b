/* unpack_convert.c: FormatConversion of the ISA documentation's UNPACR_Regular.md, with the spec's
 * ERRATA 1 (FP32 -> FP16) and 2 (FP8 E5M2 0x7F/0xFF) applied (unpack-data-path §3). */
#include "unpack_convert.h"

#include <stdio.h>

/* Per format: name, L1 datum bits, BFP, 4-byte (data-formats §6; unpack-data-path §3.1). */
typedef struct {
    const char *name;
    uint8_t bits;
    bool bfp;
    bool wide;
} df_info;

static const df_info DF[16] = {
    [TT_DF_FP32] = {"FP32", 32, false, true},   [TT_DF_FP16] = {"FP16", 16, false, false},
    [TT_DF_BFP8A] = {"BFP8a", 8, true, false},  [TT_DF_BFP4A] = {"BFP4a", 4, true, false},
    [TT_DF_TF32] = {"TF32", 32, false, true},   [TT_DF_BF16] = {"BF16", 16, false, false},
    [TT_DF_BFP8] = {"BFP8", 8, true, false},    [TT_DF_BFP4] = {"BFP4", 4, true, false},
    [TT_DF_INT32] = {"INT32", 32, false, true}, [TT_DF_INT16] = {"INT16", 16, false, false},
    [TT_DF_FP8] = {"FP8", 8, false, false},     [TT_DF_BFP2A] = {"BFP2a", 2, true, false},
    [12] = {"fmt12", 0, false, false},          [13] = {"fmt13", 0, false, false},
    [TT_DF_INT8] = {"INT8", 8, false, false},   [TT_DF_BFP2] = {"BFP2", 2, true, false},
};

unsigned tt_df_bits(unsigned fmt) { return DF[fmt & 15].bits; }
bool tt_df_is_bfp(unsigned fmt) { return DF[fmt & 15].bfp; }
bool tt_df_is_32bit(unsigned fmt) { return DF[fmt & 15].wide; }
const char *tt_df_name(unsigned fmt) { return DF[fmt & 15].name; }

/* unpack-data-path §3.3 (UNPACR_Regular.md WriteSrc* / WriteDst*). */
uint32_t tt_write_src_tf32(uint32_t x)
{
    return (x & 0x40000u) | ((x & 0x3FFu) << 8) | ((x & 0x3FC00u) >> 10);
}
uint32_t tt_write_src_bf16(uint32_t x) { return tt_write_src_tf32((x & 0xFFFFu) << 3); }
uint32_t tt_write_src_fp16(uint32_t x) { return tt_write_src_tf32(((x & 0x8000u) << 3) | (x & 0x7FFFu)); }
uint16_t tt_write_dst_fp16(uint16_t x)
{
    return (uint16_t)((x & 0x8000u) | ((x & 0x3FFu) << 5) | ((x & 0x7C00u) >> 10));
}
uint16_t tt_write_dst_bf16(uint16_t x)
{
    return (uint16_t)((x & 0x8000u) | ((x & 0x7Fu) << 8) | ((x & 0x7F80u) >> 7));
}
uint32_t tt_write_dst_fp32(uint32_t x) { return ((uint32_t)tt_write_dst_bf16((uint16_t)(x >> 16)) << 16) | (x & 0xFFFFu); }

/* FP32 -> Tensix FP16 (data-formats §4 as ERRATA 1 corrects it): no Inf or NaN, exponent 31 is
 * ordinary, overflow and FP32 Inf/NaN saturate to 0x7FFF, e == 0 keeps the truncated mantissa. */
uint16_t tt_fp32_to_fp16(uint32_t f)
{
    uint16_t s = (uint16_t)((f >> 16) & 0x8000u);
    int exp32 = (int)((f >> 23) & 0xFFu);
    int e = exp32 - 127 + 15;
    uint16_t m = (uint16_t)((f >> 13) & 0x3FFu);
    if (exp32 == 0xFF || e > 31) return (uint16_t)(s | 0x7FFFu);
    if (e < 0) return s;
    return (uint16_t)(s | ((unsigned)e << 10) | m); /* e == 0: sign | m, no implicit-1 shift */
}

static unsigned lz8(uint8_t v)
{
    unsigned n = 0;
    while (n < 8 && !(v & 0x80u)) {
        v = (uint8_t)(v << 1);
        n++;
    }
    return n;
}

/* unpack-data-path §3.4 BFP8ToBF16; ExpBits -= LZ in 8 bits, wrapping as the ISA documentation's
 * uint8_t does (docs/decisions.md "BFP exponent underflow"). */
static uint16_t bfp8_to_bf16(uint8_t d, uint8_t exp)
{
    unsigned sign = d >> 7;
    uint8_t mag = (uint8_t)(d << 1);
    if (!mag) return sign ? 0xFF80u : 0;
    unsigned lz = lz8(mag);
    mag = (uint8_t)(mag << lz);
    exp = (uint8_t)(exp - lz);
    return (uint16_t)((sign << 15) | ((unsigned)exp << 7) | (mag & 0x7Eu));
}

/* BFP8aToFP16: false when the normalised exponent does not fit in five bits (undefined). */
static bool bfp8a_to_fp16(uint8_t d, uint8_t exp, uint16_t *out)
{
    unsigned sign = d >> 7;
    uint8_t mag = (uint8_t)(d << 1);
    if (!mag) {
        *out = sign ? 0xFC00u : 0;
        return true;
    }
    unsigned lz = lz8(mag);
    mag = (uint8_t)(mag << lz);
    exp = (uint8_t)(exp - lz);
    if (exp & 0xE0u) return false;
    *out = (uint16_t)((sign << 15) | ((unsigned)exp << 10) | ((unsigned)(mag & 0x7Eu) << 3));
    return true;
}

#define UB(...)                                                                                                        \
    do {                                                                                                               \
        if (msg && msglen) snprintf(msg, msglen, __VA_ARGS__);                                                         \
        return TT_UNDEFINED;                                                                                           \
    } while (0)

tt_status tt_unpack_convert(unsigned in_fmt, unsigned out_fmt, uint32_t d, uint8_t exp,
                            const tt_unpack_conv_mode *mode, uint32_t *out, char *msg, size_t msglen)
{
    const bool dst = mode->to_dest;
    in_fmt &= 15;
    out_fmt &= 15;
    unsigned f = in_fmt; /* the format d is in after normalisation */
    if (in_fmt == TT_DF_FP32) {
        switch (out_fmt) {
        case TT_DF_FP32:
            break;
        case TT_DF_TF32:
            /* TF32 in Dest means FP32 */
            *out = dst ? tt_write_dst_fp32(d) : tt_write_src_tf32(d >> 13);
            return TT_OK;
        case TT_DF_BF16:
            if (!(d & 0x7F800000u)) d &= 0x80000000u; /* flush denormals to (signed) zero */
            d >>= 16;
            f = TT_DF_BF16;
            break;
        case TT_DF_FP16:
            d = tt_fp32_to_fp16(d);
            f = TT_DF_FP16;
            break;
        default:
            UB("in format FP32 converts to FP32, TF32, BF16 or FP16 only, not %s (UNPACR_Regular.md "
               "FormatConversion)",
               tt_df_name(out_fmt));
        }
    } else {
        if (in_fmt != out_fmt)
            UB("in format %s with out format %s is undefined: only FP32 input converts (UNPACR_Regular.md "
               "FormatConversion)",
               tt_df_name(in_fmt), tt_df_name(out_fmt));
        uint16_t h;
        switch (in_fmt) {
        case TT_DF_FP8:
            if (mode->fp8_e4m3) {
                if (msg && msglen)
                    snprintf(msg, msglen, "FP8 E4M3 input (Unp_LF8_4b_exp) is not implemented: its conversion is "
                                          "not documented (docs/decisions.md)");
                return TT_UNIMPLEMENTED;
            }
            /* ERRATA 2: 0x7F and 0xFF become 0x7FFF and 0xFFFF on Blackhole */
            d = ((d & 0x7Fu) == 0x7Fu) ? ((d & 0x80u) << 8) | 0x7FFFu : (d & 0xFFu) << 8;
            f = TT_DF_FP16;
            break;
        case TT_DF_BFP8: d = bfp8_to_bf16((uint8_t)d, exp); f = TT_DF_BF16; break;
        case TT_DF_BFP4: d = bfp8_to_bf16((uint8_t)(d << 4), exp); f = TT_DF_BF16; break;
        case TT_DF_BFP2: d = bfp8_to_bf16((uint8_t)(d << 6), exp); f = TT_DF_BF16; break;
        case TT_DF_BFP8A:
        case TT_DF_BFP4A:
        case TT_DF_BFP2A: {
            unsigned sh = in_fmt == TT_DF_BFP8A ? 0 : in_fmt == TT_DF_BFP4A ? 4 : 6;
            if (!bfp8a_to_fp16((uint8_t)(d << sh), exp, &h))
                UB("%s datum 0x%x with shared exponent %u: the normalised exponent does not fit in 5 bits "
                   "(UNPACR_Regular.md BFP8aToFP16)",
                   tt_df_name(in_fmt), d, exp);
            d = h;
            f = TT_DF_FP16;
            break;
        }
        case TT_DF_INT8: {
            /* sign-magnitude or unsigned, overlaid on FP16 with the dummy exponent 16 */
            unsigned sign = mode->int8_unsigned ? 0 : (d & 0x80u);
            d = (d & 0xFFu) - sign;
            if (d) d |= 16u << 10;
            d |= sign << 8;
            f = TT_DF_FP16;
            break;
        }
        case TT_DF_TF32:
            if (!dst) UB("TF32 as the input format is valid only when unpacking to Dest (use FP32 -> TF32)");
            *out = tt_write_dst_fp32(d);
            return TT_OK;
        case 12:
        case 13:
            UB("data format code %u is reserved", in_fmt);
        default:
            break;
        }
    }
    switch (f) {
    case TT_DF_INT16:
        *out = dst ? (d & 0xFFFFu) : (((d & 0xFF00u) << 3) | (d & 0xFFu));
        return TT_OK;
    case TT_DF_INT32:
    case TT_DF_FP32:
        if (!dst) UB("%s cannot be unpacked to SrcA/SrcB (only to Dest)", tt_df_name(f));
        *out = tt_write_dst_fp32(d);
        return TT_OK;
    case TT_DF_BF16:
        *out = dst ? tt_write_dst_bf16((uint16_t)d) : tt_write_src_bf16(d);
        return TT_OK;
    default: /* FP16 */
        *out = dst ? tt_write_dst_fp16((uint16_t)d) : tt_write_src_fp16(d);
        return TT_OK;
    }
}
