/* test_pack_convert.c: the packers' per-datum path (pack-data-path §5-§9, §14; ERRATA 1, 3, 4;
 * docs/decisions.md "Packer datum conversion"). Each test is named after the rule it checks.
 * Expected values are worked out by hand, the arithmetic in the comment next to them; none is
 * computed by the code under test.
 *
 * Inputs are given as the logical value (IEEE FP32, BF16 or FP16 bits, sign-magnitude integers) and
 * stored into a Dest cell with the unpacker's WriteDst* (tested in test_unpack_convert.c):
 * BF16 cell = sign | man7 << 8 | exp8, FP16 cell = sign | man10 << 5 | exp5, Dst32b value =
 * WriteDstBF16(hi16) << 16 | lo16. Notation: "r" = round to nearest, ties away from zero. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "pack_convert.h"
#include "unpack_convert.h"

/* A configuration: Dest view, IntermediateFormat, In_data_format, Out_data_format; the rest clear. */
static tt_pack_conv_cfg cfg(bool r32, unsigned inter, unsigned in, unsigned out)
{
    tt_pack_conv_cfg c;
    memset(&c, 0, sizeof c);
    c.read_32b = r32;
    c.inter_fmt = (uint8_t)inter;
    c.in_fmt = (uint8_t)in;
    c.out_fmt = (uint8_t)out;
    return c;
}

static uint32_t cell_bf16(uint32_t bf16) { return tt_write_dst_bf16((uint16_t)bf16); }
static uint32_t cell_fp16(uint32_t fp16) { return tt_write_dst_fp16((uint16_t)fp16); }
static uint32_t cell_32(uint32_t v) { return tt_write_dst_fp32(v); }

/* A datum that must convert: returns the L1 bits. */
static uint32_t pk_m(const tt_pack_conv_cfg *c, uint32_t dest, bool masked, bool neg_inf)
{
    uint32_t v = 0xDEADBEEFu;
    char msg[200] = "";
    tt_status s = tt_pack_convert(c, dest, masked, neg_inf, &v, msg, sizeof msg);
    if (s != TT_OK)
        fail_msg("%s -> %s -> %s dest 0x%x: %s (%s)", tt_df_name(c->inter_fmt), tt_df_name(c->in_fmt),
                 tt_df_name(c->out_fmt), dest, tt_status_name(s), msg);
    return v;
}

static uint32_t pk(const tt_pack_conv_cfg *c, uint32_t dest) { return pk_m(c, dest, false, false); }

/* One BFP group that must convert. */
static void bfp_m(const tt_pack_conv_cfg *c, const uint32_t dest[16], const bool *masked, bool neg_inf, uint8_t *exp,
                  uint8_t out[16])
{
    char msg[200] = "";
    tt_status s = tt_pack_convert_bfp(c, dest, masked, neg_inf, exp, out, msg, sizeof msg);
    if (s != TT_OK) fail_msg("BFP %s: %s (%s)", tt_df_name(c->out_fmt), tt_status_name(s), msg);
}

/* Sixteen copies of `fill` with the given first datums. */
static void group(uint32_t d[16], uint32_t fill, const uint32_t *first, unsigned n)
{
    for (unsigned i = 0; i < 16; i++) d[i] = i < n ? first[i] : fill;
}

/* A datum that must fail with `want`; the message must contain `word`. */
static void expect_st(const tt_pack_conv_cfg *c, uint32_t dest, bool masked, bool neg_inf, tt_status want,
                      const char *word)
{
    uint32_t v = 0xDEADBEEFu;
    char msg[200] = "";
    tt_status s = tt_pack_convert(c, dest, masked, neg_inf, &v, msg, sizeof msg);
    if (s != want) fail_msg("dest 0x%x: got %s (%s), want %s", dest, tt_status_name(s), msg, tt_status_name(want));
    assert_int_equal(v, 0xDEADBEEFu); /* nothing written on failure */
    assert_true(strlen(msg) > 0);
    if (word && !strstr(msg, word)) fail_msg("message \"%s\" does not name %s", msg, word);
}

static void expect_bfp_st(const tt_pack_conv_cfg *c, tt_status want, const char *word)
{
    uint32_t d[16] = {0};
    uint8_t e = 0xAA, o[16];
    memset(o, 0xAA, sizeof o);
    char msg[200] = "";
    tt_status s = tt_pack_convert_bfp(c, d, NULL, false, &e, o, msg, sizeof msg);
    if (s != want) fail_msg("BFP: got %s (%s), want %s", tt_status_name(s), msg, tt_status_name(want));
    assert_int_equal(e, 0xAA);
    assert_int_equal(o[0], 0xAA);
    if (word && !strstr(msg, word)) fail_msg("message \"%s\" does not name %s", msg, word);
}

/* ---- §14: L1 widths ---- */

static void test_pack_14_output_widths(void **state)
{
    (void)state;
    static const unsigned bits[16] = {32, 16, 8, 4, 32, 16, 8, 4, 32, 16, 8, 2, 0, 0, 8, 2};
    for (unsigned f = 0; f < 16; f++) {
        assert_int_equal(tt_pack_fmt_bits(f), bits[f]);
        assert_int_equal(tt_pack_fmt_is_bfp(f), f == 2 || f == 3 || f == 6 || f == 7 || f == 11 || f == 15);
    }
    assert_int_equal(tt_pack_fmt_bits(16), 0);
    assert_false(tt_pack_fmt_is_bfp(18));
}

/* ---- §5.2 early conversion from Dst32b ---- */

static void test_pack_5_2_fp32_identity_keeps_every_bit(void **state)
{
    (void)state;
    tt_pack_conv_cfg c = cfg(true, TT_DF_FP32, TT_DF_FP32, TT_DF_FP32);
    /* Identity: denormals, NaN payloads, -0 all kept (FormatConversion.md "Identity / bitcast") */
    static const uint32_t v[] = {0x3F800000u, 0x00000001u, 0x807FFFFFu, 0x7FC00001u,
                                 0xFF800000u, 0x80000000u, 0x12345678u};
    for (unsigned i = 0; i < sizeof v / sizeof v[0]; i++) assert_int_equal(pk(&c, cell_32(v[i])), v[i]);
    /* The Dst32b layout: 0x12345678 is stored hi = WriteDstBF16(0x1234) = 0 | 0x34 << 8 | 0x24 = 0x3424 */
    assert_int_equal(cell_32(0x12345678u), 0x34245678u);
    /* Read_raw with Round_10b_mant is still identity for IntermediateFormat FP32 */
    c.read_raw = true;
    c.round_10b = true;
    assert_int_equal(pk(&c, cell_32(0x3F801FFFu)), 0x3F801FFFu);
    /* IntermediateFormat TF32 with Read_raw: identity too */
    c = cfg(true, TT_DF_TF32, TT_DF_FP32, TT_DF_FP32);
    c.read_raw = true;
    assert_int_equal(pk(&c, cell_32(0x3F801FFFu)), 0x3F801FFFu);
}

/* docs/decisions.md: rounding is to nearest with ties away from zero (FormatConversion.md), not RTNE */
static void test_decision_bf16_rounding_ties_away(void **state)
{
    (void)state;
    tt_pack_conv_cfg c = cfg(true, TT_DF_BF16, TT_DF_BF16, TT_DF_BF16);
    /* 0x3F808000: low half exactly 0x8000, a tie; +0x8000 carries: 0x3F810000 -> 0x3F81 (RTNE: 0x3F80) */
    assert_int_equal(pk(&c, cell_32(0x3F808000u)), 0x3F81);
    /* 0x3F818000: a tie above an odd mantissa: 0x3F82 either way */
    assert_int_equal(pk(&c, cell_32(0x3F818000u)), 0x3F82);
    /* 0x3F807FFF: below half: 0x3F80 */
    assert_int_equal(pk(&c, cell_32(0x3F807FFFu)), 0x3F80);
    /* negative tie: magnitude rounds up, sign kept: 0xBF81 */
    assert_int_equal(pk(&c, cell_32(0xBF808000u)), 0xBF81);
    /* overflow: 0x7F7F8000 + 0x8000 = 0x7F800000 -> +Inf 0x7F80 */
    assert_int_equal(pk(&c, cell_32(0x7F7F8000u)), 0x7F80);
}

static void test_pack_5_3_fp32_to_bf16_rounding_nan_denormal_minus_zero(void **state)
{
    (void)state;
    tt_pack_conv_cfg c = cfg(true, TT_DF_BF16, TT_DF_BF16, TT_DF_BF16);
    /* NaN -> Inf of the same sign (8-bit exponent) */
    assert_int_equal(pk(&c, cell_32(0x7FC00000u)), 0x7F80);
    assert_int_equal(pk(&c, cell_32(0xFF800001u)), 0xFF80);
    /* -0 -> +0 */
    assert_int_equal(pk(&c, cell_32(0x80000000u)), 0x0000);
    /* denormals -> +0: 0x00001234 + 0x8000 = 0x00009234 -> 0x0000; 0x80400000 -> 0x8040 (exp 0) -> +0 */
    assert_int_equal(pk(&c, cell_32(0x00001234u)), 0x0000);
    assert_int_equal(pk(&c, cell_32(0x80400000u)), 0x0000);
    /* docs/decisions.md (ttsim order: round, then flush): the largest denormal 0x007FFFFF + 0x8000 =
     * 0x00807FFF -> 0x0080, exponent 1, the smallest normal: kept */
    assert_int_equal(pk(&c, cell_32(0x007FFFFFu)), 0x0080);
    assert_int_equal(pk(&c, cell_32(0x807F8000u)), 0x8080);
}

static void test_pack_5_2_fp32_to_bf16_read_raw_truncates(void **state)
{
    (void)state;
    /* IntermediateFormat BF16 or BFP8 with Read_raw: the top 16 bits, nothing else */
    for (unsigned k = 0; k < 2; k++) {
        tt_pack_conv_cfg c = cfg(true, k ? TT_DF_BFP8 : TT_DF_BF16, TT_DF_BF16, TT_DF_BF16);
        c.read_raw = true;
        assert_int_equal(pk(&c, cell_32(0x3F80FFFFu)), 0x3F80); /* no rounding up */
        assert_int_equal(pk(&c, cell_32(0x7F800001u)), 0x7F80); /* NaN truncates to Inf */
        assert_int_equal(pk(&c, cell_32(0x7FC00000u)), 0x7FC0); /* NaN stays NaN */
        assert_int_equal(pk(&c, cell_32(0x0000FFFFu)), 0x0000); /* denormal truncates to +0 */
        assert_int_equal(pk(&c, cell_32(0x807F0000u)), 0x807F); /* denormal kept (BF16 -> BF16 late keeps it) */
        assert_int_equal(pk(&c, cell_32(0x80000000u)), 0x8000); /* -0 kept */
    }
}

static void test_pack_5_2_fp32_to_tf32_rounds(void **state)
{
    (void)state;
    /* Three ways to TF32 (FormatConversion.md): TF32; FP32 + Round_10b_mant; BF16 + Round_10b_mant */
    tt_pack_conv_cfg cs[3] = {cfg(true, TT_DF_TF32, TT_DF_TF32, TT_DF_TF32),
                              cfg(true, TT_DF_FP32, TT_DF_TF32, TT_DF_TF32),
                              cfg(true, TT_DF_BF16, TT_DF_TF32, TT_DF_TF32)};
    cs[1].round_10b = cs[2].round_10b = true;
    for (unsigned k = 0; k < 3; k++) {
        const tt_pack_conv_cfg *c = &cs[k];
        /* tie: 0x3F801000 + 0x1000 = 0x3F802000 (RTNE would give 0x3F800000) */
        assert_int_equal(pk(c, cell_32(0x3F801000u)), 0x3F802000u);
        assert_int_equal(pk(c, cell_32(0x3F800FFFu)), 0x3F800000u);
        assert_int_equal(pk(c, cell_32(0xBF803000u)), 0xBF804000u); /* 0x3000 >= half: up, sign kept */
        assert_int_equal(pk(c, cell_32(0x7FFFFFFFu)), 0x7F800000u); /* NaN -> Inf */
        assert_int_equal(pk(c, cell_32(0x7F7FF000u)), 0x7F800000u); /* overflow to Inf */
        assert_int_equal(pk(c, cell_32(0x80000001u)), 0x00000000u); /* -denormal -> +0 */
        assert_int_equal(pk(c, cell_32(0x007FF000u)), 0x00800000u); /* rounds into the normals: kept */
    }
    /* §14.1: TF32 in L1 is 32 bits with the low 13 zero; TF32 -> FP32 late is identity */
    tt_pack_conv_cfg c = cfg(true, TT_DF_FP32, TT_DF_FP32, TT_DF_FP32);
    c.round_10b = true;
    assert_int_equal(pk(&c, cell_32(0x3F801FFFu)), 0x3F802000u);
}

/* docs/decisions.md (ttsim): E8M6 from FP32 drops the low 16 bits first, then rounds bit 16 half up */
static void test_decision_fp32_to_e8m6_truncates_then_rounds(void **state)
{
    (void)state;
    tt_pack_conv_cfg c = cfg(true, TT_DF_BFP8, TT_DF_BFP8, TT_DF_BF16);
    assert_int_equal(pk(&c, cell_32(0x3F810000u)), 0x3F82); /* (0x3F81 + 1) & ~1 */
    assert_int_equal(pk(&c, cell_32(0x3F80FFFFu)), 0x3F80); /* (0x3F80 + 1) & ~1: the low half is ignored */
    assert_int_equal(pk(&c, cell_32(0x3F830000u)), 0x3F84);
    assert_int_equal(pk(&c, cell_32(0xBF810000u)), 0xBF82);
    assert_int_equal(pk(&c, cell_32(0x7F7F0000u)), 0x7F80); /* to Inf */
    assert_int_equal(pk(&c, cell_32(0x7FC00000u)), 0x7F80); /* NaN -> Inf first */
    /* rounded before the flush: the denormal 0x807F + 1 = 0x8080 is a normal and stays; 0x807E stays
     * 0x807E, exponent 0: +0 */
    assert_int_equal(pk(&c, cell_32(0x807F0000u)), 0x8080);
    assert_int_equal(pk(&c, cell_32(0x807E0000u)), 0x0000);
}

static void test_pack_5_2_int32_identity_and_bitcast(void **state)
{
    (void)state;
    tt_pack_conv_cfg c = cfg(true, TT_DF_INT32, TT_DF_INT32, TT_DF_INT32);
    /* INT32 is stored with the FP32 swizzle (Dst.md) and read back decoded */
    assert_int_equal(pk(&c, cell_32(0x80000005u)), 0x80000005u);
    assert_int_equal(pk(&c, cell_32(0x7FFFFFFFu)), 0x7FFFFFFFu);
    assert_int_equal(pk(&c, cell_32(0x80000000u)), 0x80000000u);
    /* IntermediateFormat INT32 read as In_data_format FP32 (bitcast), and FP32 read as INT32 */
    c = cfg(true, TT_DF_INT32, TT_DF_FP32, TT_DF_FP32);
    assert_int_equal(pk(&c, cell_32(0x7FC00001u)), 0x7FC00001u);
    c = cfg(true, TT_DF_FP32, TT_DF_INT32, TT_DF_INT32);
    assert_int_equal(pk(&c, cell_32(0xBF800000u)), 0xBF800000u);
}

static void test_pack_5_2_int8_read_raw_sign_and_low_bits(void **state)
{
    (void)state;
    tt_pack_conv_cfg c = cfg(true, TT_DF_INT8, TT_DF_INT8, TT_DF_INT8);
    c.read_raw = true;
    /* sign | low 7 bits: 0x800001FF -> 0x80 | 0x7F = 0xFF; 0x00000185 -> 0x05 */
    assert_int_equal(pk(&c, cell_32(0x800001FFu)), 0xFF);
    assert_int_equal(pk(&c, cell_32(0x00000185u)), 0x05);
    assert_int_equal(pk(&c, cell_32(0x80000000u)), 0x80);
    /* Read_unsigned: the low 8 bits: 0x800001FF -> 0xFF; 0x00000185 -> 0x85 */
    c.read_unsigned = true;
    assert_int_equal(pk(&c, cell_32(0x800001FFu)), 0xFF);
    assert_int_equal(pk(&c, cell_32(0x00000185u)), 0x85);
    assert_int_equal(pk(&c, cell_32(0x80000000u)), 0x00);
}

static void test_pack_5_2_int8_shift_round_saturate(void **state)
{
    (void)state;
    tt_pack_conv_cfg c = cfg(true, TT_DF_INT8, TT_DF_INT8, TT_DF_INT8);
    /* shift 0: saturate to 127, sign kept even on a zero magnitude */
    assert_int_equal(pk(&c, cell_32(5)), 5);
    assert_int_equal(pk(&c, cell_32(200)), 127);
    assert_int_equal(pk(&c, cell_32(0x800000C8u)), 0xFF); /* -200 -> -127 */
    assert_int_equal(pk(&c, cell_32(0x80000000u)), 0x80); /* -0 stays -0 */
    /* shift 4: 24/16 = 1.5 -> 2; 23/16 = 1.44 -> 1; 40/16 = 2.5 (tie) -> 3; -40 -> 0x83; -7/16 -> -0 (0x80) */
    c.int_shift = 4;
    assert_int_equal(pk(&c, cell_32(24)), 2);
    assert_int_equal(pk(&c, cell_32(23)), 1);
    assert_int_equal(pk(&c, cell_32(40)), 3);
    assert_int_equal(pk(&c, cell_32(0x80000028u)), 0x83);
    assert_int_equal(pk(&c, cell_32(0x80000007u)), 0x80);
    assert_int_equal(pk(&c, cell_32(0x7FFFFFFFu)), 127);
    /* only the low five bits of ShiftAmount: 36 & 31 = 4 */
    c.int_shift = 36;
    assert_int_equal(pk(&c, cell_32(40)), 3);
    /* shift 31: (0x7FFFFFFF + 2^30) >> 31 = 1 (no overflow of the 31-bit magnitude) */
    c.int_shift = 31;
    assert_int_equal(pk(&c, cell_32(0x7FFFFFFFu)), 1);
    assert_int_equal(pk(&c, cell_32(0x3FFFFFFFu)), 0);
    /* UINT8: 0 to 255, negatives (and -0) to 0 */
    c.int_shift = 0;
    c.read_unsigned = true;
    assert_int_equal(pk(&c, cell_32(300)), 255);
    assert_int_equal(pk(&c, cell_32(200)), 200);
    assert_int_equal(pk(&c, cell_32(0x80000003u)), 0);
    assert_int_equal(pk(&c, cell_32(0x80000000u)), 0);
    c.int_shift = 1;
    assert_int_equal(pk(&c, cell_32(255)), 128); /* 127.5 -> 128: fits UINT8 */
    c.read_unsigned = false;
    assert_int_equal(pk(&c, cell_32(255)), 127); /* 128 saturates for INT8 */
}

/* ---- ERRATA 3: BF16 Dest with rounding on ---- */

static void test_errata3_bf16_exp0_flushes_to_plus_zero(void **state)
{
    (void)state;
    tt_pack_conv_cfg c = cfg(false, TT_DF_BF16, TT_DF_BF16, TT_DF_BF16);
    /* every exponent-0 value -> +0: 0x0001 (2^-133), 0x0040 (= 2^-127), 0x007F (between 2^-127 and
     * 2^-126: §18.3's abs(f) < 2**-127 would keep it), the negative ones, and -0 */
    static const uint32_t z[] = {0x0001u, 0x0040u, 0x007Fu, 0x8001u, 0x8040u, 0x807Fu, 0x8000u};
    for (unsigned i = 0; i < sizeof z / sizeof z[0]; i++) assert_int_equal(pk(&c, cell_bf16(z[i])), 0x0000);
    /* the smallest normals are kept */
    assert_int_equal(pk(&c, cell_bf16(0x0080u)), 0x0080);
    assert_int_equal(pk(&c, cell_bf16(0x8080u)), 0x8080);
    /* NaN -> Inf of the same sign, Inf kept */
    assert_int_equal(pk(&c, cell_bf16(0x7FC1u)), 0x7F80);
    assert_int_equal(pk(&c, cell_bf16(0xFF81u)), 0xFF80);
    assert_int_equal(pk(&c, cell_bf16(0xFF80u)), 0xFF80);
    assert_int_equal(pk(&c, cell_bf16(0x3F80u)), 0x3F80);
    /* Read_raw: identity, everything kept */
    c.read_raw = true;
    for (unsigned i = 0; i < sizeof z / sizeof z[0]; i++) assert_int_equal(pk(&c, cell_bf16(z[i])), z[i]);
    assert_int_equal(pk(&c, cell_bf16(0x7FC1u)), 0x7FC1);
}

static void test_pack_5_2_bf16_to_e8m6_and_tf32(void **state)
{
    (void)state;
    tt_pack_conv_cfg c = cfg(false, TT_DF_BFP8, TT_DF_BFP8, TT_DF_BF16);
    /* flush and NaN first (as BF16), then (b + 1) & ~1 */
    assert_int_equal(pk(&c, cell_bf16(0x3F81u)), 0x3F82);
    assert_int_equal(pk(&c, cell_bf16(0x3F80u)), 0x3F80);
    assert_int_equal(pk(&c, cell_bf16(0x3F83u)), 0x3F84);
    assert_int_equal(pk(&c, cell_bf16(0xBF83u)), 0xBF84);
    assert_int_equal(pk(&c, cell_bf16(0x7F7Fu)), 0x7F80); /* to Inf */
    assert_int_equal(pk(&c, cell_bf16(0x007Fu)), 0x0000); /* flushed before rounding: not 0x0080 */
    /* Read_raw: IntermediateFormat BFP8 is BF16 identity */
    c.read_raw = true;
    assert_int_equal(pk(&c, cell_bf16(0x3F81u)), 0x3F81);
    assert_int_equal(pk(&c, cell_bf16(0x007Fu)), 0x007F);
    /* TF32 from BF16 (IntermediateFormat TF32; or BF16/FP32 with Round_10b_mant): the BF16 rounding
     * rules, widened: 0x3F81 -> 0x3F810000; 0x0001 -> 0; NaN 0xFFC0 -> 0xFF800000 */
    tt_pack_conv_cfg cs[3] = {cfg(false, TT_DF_TF32, TT_DF_TF32, TT_DF_TF32),
                              cfg(false, TT_DF_BF16, TT_DF_TF32, TT_DF_TF32),
                              cfg(false, TT_DF_FP32, TT_DF_TF32, TT_DF_TF32)};
    cs[1].round_10b = cs[2].round_10b = true;
    for (unsigned k = 0; k < 3; k++) {
        assert_int_equal(pk(&cs[k], cell_bf16(0x3F81u)), 0x3F810000u);
        assert_int_equal(pk(&cs[k], cell_bf16(0x0001u)), 0);
        assert_int_equal(pk(&cs[k], cell_bf16(0xFFC0u)), 0xFF800000u);
    }
}

/* ---- §5.2 early conversion from FP16 Dest ---- */

static void test_pack_5_2_fp16_flush_and_identity(void **state)
{
    (void)state;
    tt_pack_conv_cfg c = cfg(false, TT_DF_FP16, TT_DF_FP16, TT_DF_FP16);
    assert_int_equal(pk(&c, cell_fp16(0x0001u)), 0x0000); /* denormal -> +0 */
    assert_int_equal(pk(&c, cell_fp16(0x83FFu)), 0x0000); /* negative denormal -> +0 */
    assert_int_equal(pk(&c, cell_fp16(0x8000u)), 0x0000); /* -0 -> +0 */
    assert_int_equal(pk(&c, cell_fp16(0x0400u)), 0x0400);
    assert_int_equal(pk(&c, cell_fp16(0x7FFFu)), 0x7FFF); /* exponent 31 is a number in Tensix FP16 */
    assert_int_equal(pk(&c, cell_fp16(0xFC00u)), 0xFC00);
    c.read_raw = true;
    assert_int_equal(pk(&c, cell_fp16(0x0001u)), 0x0001);
    assert_int_equal(pk(&c, cell_fp16(0x8000u)), 0x8000);
    assert_int_equal(pk(&c, cell_fp16(0x83FFu)), 0x83FF);
}

static void test_pack_5_2_fp16_to_e5m6_rounds_e5m7_truncates(void **state)
{
    (void)state;
    tt_pack_conv_cfg c = cfg(false, TT_DF_BFP8A, TT_DF_BFP8A, TT_DF_FP16);
    /* E5M6 (ttsim): clamp above 0x7FF7 to 0x7FF0, (h + 8) & 0xFFF0, then exponent 0 -> +0 */
    assert_int_equal(pk(&c, cell_fp16(0x3C08u)), 0x3C10); /* tie: up */
    assert_int_equal(pk(&c, cell_fp16(0x3C07u)), 0x3C00);
    assert_int_equal(pk(&c, cell_fp16(0xBC08u)), 0xBC10);
    assert_int_equal(pk(&c, cell_fp16(0x7FF7u)), 0x7FF0); /* 0x7FFF & 0xFFF0 */
    assert_int_equal(pk(&c, cell_fp16(0x7FF8u)), 0x7FF0); /* clamped: no carry out of the exponent */
    assert_int_equal(pk(&c, cell_fp16(0xFFFFu)), 0xFFF0);
    assert_int_equal(pk(&c, cell_fp16(0x03F8u)), 0x0400); /* rounds into the normals: kept */
    assert_int_equal(pk(&c, cell_fp16(0x03F7u)), 0x0000); /* 0x03F0, exponent 0: +0 */
    assert_int_equal(pk(&c, cell_fp16(0x8008u)), 0x0000);
    /* E5M7: drop 3 bits, no flush */
    c.read_raw = true;
    assert_int_equal(pk(&c, cell_fp16(0x3C0Fu)), 0x3C08);
    assert_int_equal(pk(&c, cell_fp16(0x0007u)), 0x0000);
    assert_int_equal(pk(&c, cell_fp16(0x83FFu)), 0x83F8);
    assert_int_equal(pk(&c, cell_fp16(0xFFFFu)), 0xFFF8);
}

/* ---- FP8 E5M2 (§5.2 truncation, §6.4 late), the codes 0x7F / 0xFF ---- */

static void test_pack_5_2_fp16_to_fp8_truncates(void **state)
{
    (void)state;
    tt_pack_conv_cfg c = cfg(false, TT_DF_FP8, TT_DF_FP8, TT_DF_FP8);
    c.read_raw = true;
    assert_int_equal(pk(&c, cell_fp16(0x3C00u)), 0x3C);
    assert_int_equal(pk(&c, cell_fp16(0x3CFFu)), 0x3C); /* no rounding */
    assert_int_equal(pk(&c, cell_fp16(0x7FFFu)), 0x7F); /* unpacks back to 0x7FFF (ERRATA 2) */
    assert_int_equal(pk(&c, cell_fp16(0xFFFFu)), 0xFF); /* unpacks back to 0xFFFF */
    assert_int_equal(pk(&c, cell_fp16(0x7C00u)), 0x7C); /* exponent 31: a number, not Inf */
    assert_int_equal(pk(&c, cell_fp16(0x00FFu)), 0x00);
    assert_int_equal(pk(&c, cell_fp16(0x8100u)), 0x81); /* denormal kept by truncation */
}

static void test_pack_6_4_fp16_to_e5m2_late_truncates(void **state)
{
    (void)state;
    tt_pack_conv_cfg c = cfg(false, TT_DF_FP16, TT_DF_FP16, TT_DF_FP8);
    assert_int_equal(pk(&c, cell_fp16(0x3FFFu)), 0x3F);
    assert_int_equal(pk(&c, cell_fp16(0x7FFFu)), 0x7F);
    assert_int_equal(pk(&c, cell_fp16(0xFFFFu)), 0xFF);
    assert_int_equal(pk(&c, cell_fp16(0x0401u)), 0x04);
    /* from 8-bit exponent data: ERRATA 1 to FP16, then the top byte */
    c = cfg(true, TT_DF_FP32, TT_DF_FP32, TT_DF_FP8);
    assert_int_equal(pk(&c, cell_32(0x3F800000u)), 0x3C); /* FP16 0x3C00 */
    assert_int_equal(pk(&c, cell_32(0x3FE00000u)), 0x3F); /* 1.75: FP16 0x3F00 */
    assert_int_equal(pk(&c, cell_32(0x7F800000u)), 0x7F); /* Inf saturates: 0x7FFF -> 0x7F */
    assert_int_equal(pk(&c, cell_32(0xC8000000u)), 0xFF); /* overflow: 0xFFFF -> 0xFF */
    assert_int_equal(pk(&c, cell_32(0x37800000u)), 0x00); /* e < 0: signed zero */
    assert_int_equal(pk(&c, cell_32(0xB7800000u)), 0x80);
}

/* ---- FP8 E4M3 (Pac_LF8_4b_exp; ttsim Blackhole rule, datapath_facts §1.2) ---- */

static void test_decision_fp16_to_e4m3(void **state)
{
    (void)state;
    tt_pack_conv_cfg c = cfg(false, TT_DF_FP16, TT_DF_FP16, TT_DF_FP8);
    c.fp8_e4m3 = true;
    /* e16 <= 8 -> sign only; e16 >= 24 -> sign | 0x7F; else sign | (e16 - 8) << 3 | m10 >> 7 */
    assert_int_equal(pk(&c, cell_fp16(0x3C00u)), 0x38); /* 1.0: e 15 -> 7 << 3 */
    assert_int_equal(pk(&c, cell_fp16(0x2400u)), 0x08); /* e 9 -> 1 << 3 (2^-6) */
    assert_int_equal(pk(&c, cell_fp16(0x23FFu)), 0x00); /* e 8: flushed */
    assert_int_equal(pk(&c, cell_fp16(0xA000u)), 0x80); /* e 8, negative: sign kept */
    assert_int_equal(pk(&c, cell_fp16(0x3DFFu)), 0x3B); /* m 0x1FF >> 7 = 3, truncated */
    assert_int_equal(pk(&c, cell_fp16(0x5F00u)), 0x7E); /* 448: e 23 -> 15 << 3 | 0x300 >> 7 = 6 */
    assert_int_equal(pk(&c, cell_fp16(0x5FFFu)), 0x7F); /* the unpacker's image of 0x7F packs back to 0x7F */
    assert_int_equal(pk(&c, cell_fp16(0x6000u)), 0x7F); /* e 24: saturated */
    assert_int_equal(pk(&c, cell_fp16(0xFFFFu)), 0xFF);
    /* E4M3 from 8-bit exponent data or from BFP8a/FP8 data: unimplemented */
    c = cfg(true, TT_DF_FP32, TT_DF_FP32, TT_DF_FP8);
    c.fp8_e4m3 = true;
    expect_st(&c, 0, false, false, TT_UNIMPLEMENTED, "E4M3");
    c = cfg(false, TT_DF_BFP8A, TT_DF_BFP8A, TT_DF_FP8);
    c.fp8_e4m3 = true;
    expect_st(&c, 0, false, false, TT_UNIMPLEMENTED, "E4M3");
}

/* ---- Blackhole: Round_10b_mant with IntermediateFormat FP16 (ttsim; tt-llk "gasket") ---- */

static void test_decision_round10_fp16_from_bf16_dest(void **state)
{
    (void)state;
    tt_pack_conv_cfg c = cfg(false, TT_DF_FP16, TT_DF_FP16, TT_DF_FP16);
    c.round_10b = true;
    /* The Dst16b cell is BF16; ERRATA 1 on bf16 << 16: e = exp - 112 */
    assert_int_equal(pk(&c, cell_bf16(0x3F80u)), 0x3C00); /* 1.0 */
    assert_int_equal(pk(&c, cell_bf16(0x3F81u)), 0x3C08); /* m7 1 -> m10 8 */
    assert_int_equal(pk(&c, cell_bf16(0x4780u)), 0x7C00); /* exp 143 -> e 31, a number */
    assert_int_equal(pk(&c, cell_bf16(0x4800u)), 0x7FFF); /* exp 144 -> saturate */
    assert_int_equal(pk(&c, cell_bf16(0x7FC0u)), 0x7FFF); /* NaN -> saturate */
    assert_int_equal(pk(&c, cell_bf16(0x8001u)), 0x8000); /* exp 0 -> e < 0: signed zero */
    assert_int_equal(pk(&c, cell_bf16(0x3800u)), 0x0000); /* exp 112 -> e 0, m 0 */
    assert_int_equal(pk(&c, cell_bf16(0x3840u)), 0x0200); /* exp 112, m7 0x40 -> kept unshifted: 0x200 */
    /* and on to E4M3, the configuration tt-llk uses for BF16 -> Fp8_e4m3 */
    c.out_fmt = TT_DF_FP8;
    c.fp8_e4m3 = true;
    assert_int_equal(pk(&c, cell_bf16(0x3F80u)), 0x38);
}

static void test_decision_round10_fp16_from_fp32_dest(void **state)
{
    (void)state;
    tt_pack_conv_cfg c = cfg(true, TT_DF_FP16, TT_DF_FP16, TT_DF_FP16);
    c.round_10b = true;
    /* TF32 rounding, then ERRATA 1 */
    assert_int_equal(pk(&c, cell_32(0x3F801000u)), 0x3C01); /* tie -> 0x3F802000 -> m10 1 */
    assert_int_equal(pk(&c, cell_32(0x477FF000u)), 0x7C00); /* rounds to 0x47800000: exp 143 -> e 31 */
    assert_int_equal(pk(&c, cell_32(0x7F7FFFFFu)), 0x7FFF); /* rounds to Inf -> saturate */
    assert_int_equal(pk(&c, cell_32(0x38100000u)), 0x0080); /* exp 112: e 0, m10 0x80 kept */
    assert_int_equal(pk(&c, cell_32(0x80400000u)), 0x0000); /* denormal -> +0 (TF32 flush) */
    assert_int_equal(pk(&c, cell_32(0xB7800000u)), 0x8000); /* exp 111 -> signed zero */
    /* ReLU sees TF32 and reads the threshold as BF16 (ttsim): 0x3F80 = 1.0 (as FP16 it would be 1.875) */
    c.relu_mode = 3;
    c.relu_threshold = 0x3F80;
    assert_int_equal(pk(&c, cell_32(0x40400000u)), 0x3C00); /* 3.0 clamps to 1.0 */
    assert_int_equal(pk(&c, cell_32(0x3F000000u)), 0x3800); /* 0.5 passes */
    /* the edge mask's -inf is TF32 -inf, narrowed to 0xFFFF */
    c.relu_mode = 0;
    assert_int_equal(pk_m(&c, cell_32(0x3F800000u), true, true), 0xFFFF);
}

/* ---- ERRATA 1 as the late conversion to FP16 ---- */

static void test_errata1_pack_to_fp16(void **state)
{
    (void)state;
    tt_pack_conv_cfg c = cfg(true, TT_DF_FP32, TT_DF_FP32, TT_DF_FP16);
    assert_int_equal(pk(&c, cell_32(0x47800000u)), 0x7C00); /* e 31 passed through */
    assert_int_equal(pk(&c, cell_32(0x47FFE000u)), 0x7FFF);
    assert_int_equal(pk(&c, cell_32(0x48000000u)), 0x7FFF); /* e 32: saturate, not 0x7BFF */
    assert_int_equal(pk(&c, cell_32(0x7F800000u)), 0x7FFF); /* Inf */
    assert_int_equal(pk(&c, cell_32(0xFFC00000u)), 0xFFFF); /* -NaN */
    assert_int_equal(pk(&c, cell_32(0x38012000u)), 0x0009); /* e 0: mantissa kept unshifted */
    assert_int_equal(pk(&c, cell_32(0x37FFFFFFu)), 0x0000); /* e < 0: signed zero */
    assert_int_equal(pk(&c, cell_32(0xB7FFFFFFu)), 0x8000);
    assert_int_equal(pk(&c, cell_32(0x3F801FFFu)), 0x3C00); /* truncated, not rounded */
    /* from BF16 data: 1.0 -> 0x3C00; Inf (rounding keeps it) -> 0x7FFF */
    c = cfg(false, TT_DF_BF16, TT_DF_BF16, TT_DF_FP16);
    assert_int_equal(pk(&c, cell_bf16(0x3F80u)), 0x3C00);
    assert_int_equal(pk(&c, cell_bf16(0xFF80u)), 0xFFFF);
}

/* ---- §6.4 late conversions ---- */

static void test_pack_6_4_fp32_to_bf16_late_truncates_and_flushes(void **state)
{
    (void)state;
    tt_pack_conv_cfg c = cfg(true, TT_DF_FP32, TT_DF_FP32, TT_DF_BF16);
    assert_int_equal(pk(&c, cell_32(0x3F80FFFFu)), 0x3F80);
    assert_int_equal(pk(&c, cell_32(0x7F800001u)), 0x7F80); /* NaN truncated to Inf */
    assert_int_equal(pk(&c, cell_32(0x007FFFFFu)), 0x0000); /* mantissa narrows: denormal flushed */
    assert_int_equal(pk(&c, cell_32(0x807FFFFFu)), 0x0000); /* ... to +0 */
    assert_int_equal(pk(&c, cell_32(0x80000000u)), 0x0000);
    /* BF16 -> BF16 keeps denormals (mantissa stays the same width) */
    c = cfg(false, TT_DF_BF16, TT_DF_BF16, TT_DF_BF16);
    c.read_raw = true;
    assert_int_equal(pk(&c, cell_bf16(0x8040u)), 0x8040);
}

static void test_pack_6_4_fp16_widening(void **state)
{
    (void)state;
    tt_pack_conv_cfg c = cfg(false, TT_DF_FP16, TT_DF_FP16, TT_DF_FP32);
    c.read_raw = true;
    assert_int_equal(pk(&c, cell_fp16(0x3C00u)), 0x3F800000u); /* e 15 + 112 = 127 */
    assert_int_equal(pk(&c, cell_fp16(0x7FFFu)), 0x47FFE000u); /* (0x7FFF + 0x1C000) << 13 */
    assert_int_equal(pk(&c, cell_fp16(0xFC00u)), 0xC7800000u);
    assert_int_equal(pk(&c, cell_fp16(0x0001u)), 0x00002000u); /* exponent 0: mantissa as FP32 denormal */
    assert_int_equal(pk(&c, cell_fp16(0x8000u)), 0x80000000u);
    c.out_fmt = TT_DF_TF32; /* "all bits preserved": the same bits */
    assert_int_equal(pk(&c, cell_fp16(0x7FFFu)), 0x47FFE000u);
    c.out_fmt = TT_DF_BF16;
    assert_int_equal(pk(&c, cell_fp16(0x3C00u)), 0x3F80);
    assert_int_equal(pk(&c, cell_fp16(0x3C07u)), 0x3F80); /* m10 7 >> 3 = 0 */
    assert_int_equal(pk(&c, cell_fp16(0x3C08u)), 0x3F81);
    assert_int_equal(pk(&c, cell_fp16(0x83FFu)), 0x0000); /* exponent 0 -> +0 */
    assert_int_equal(pk(&c, cell_fp16(0xFFFFu)), 0xC7FF); /* 0x8000 | 143 << 7 | 0x7F */
}

static void test_pack_6_4_int16_and_int8_identity(void **state)
{
    (void)state;
    tt_pack_conv_cfg c = cfg(false, TT_DF_INT16, TT_DF_INT16, TT_DF_INT16);
    assert_int_equal(pk(&c, 0xFFFFu), 0xFFFF); /* the cell as is, no swizzle */
    assert_int_equal(pk(&c, 0x8001u), 0x8001);
    assert_int_equal(pk(&c, 0x12345u), 0x2345); /* a Dst16b cell is 16 bits */
    c.read_raw = true;
    assert_int_equal(pk(&c, 0x1234u), 0x1234);
}

static void test_pack_6_4_no_conversions_undefined(void **state)
{
    (void)state;
    tt_pack_conv_cfg c = cfg(true, TT_DF_FP32, TT_DF_FP32, TT_DF_TF32);
    expect_st(&c, 0, false, false, TT_UNDEFINED, "TF32"); /* "No (use early conversion)" */
    c = cfg(true, TT_DF_FP32, TT_DF_FP32, TT_DF_INT32);
    expect_st(&c, 0, false, false, TT_UNDEFINED, "No");
    c = cfg(true, TT_DF_INT32, TT_DF_INT32, TT_DF_FP32);
    expect_st(&c, 0, false, false, TT_UNDEFINED, "No");
    c = cfg(false, TT_DF_INT16, TT_DF_INT16, TT_DF_INT8);
    expect_st(&c, 0, false, false, TT_UNDEFINED, "No");
    c = cfg(true, TT_DF_FP32, TT_DF_FP32, 12);
    expect_st(&c, 0, false, false, TT_UNDEFINED, "reserved");
}

/* ---- §9 edge masking ---- */

static void test_pack_9_edge_mask_zero_and_neg_inf(void **state)
{
    (void)state;
    tt_pack_conv_cfg c = cfg(false, TT_DF_BF16, TT_DF_BF16, TT_DF_BF16);
    /* the Dest cell is not read: a NaN there does not matter */
    assert_int_equal(pk_m(&c, cell_bf16(0x7FC1u), true, false), 0x0000);
    assert_int_equal(pk_m(&c, cell_bf16(0x3F80u), true, true), 0xFF80);
    c.out_fmt = TT_DF_FP32;
    assert_int_equal(pk_m(&c, 0, true, true), 0xFF800000u);
    c = cfg(true, TT_DF_FP32, TT_DF_FP32, TT_DF_FP32);
    assert_int_equal(pk_m(&c, cell_32(0x3F800000u), true, false), 0);
    assert_int_equal(pk_m(&c, cell_32(0x3F800000u), true, true), 0xFF800000u);
    /* 5-bit exponent: Tensix FP16 has no Inf; -inf is sign | 0x7FFF cut to the type */
    c = cfg(false, TT_DF_FP16, TT_DF_FP16, TT_DF_FP16);
    assert_int_equal(pk_m(&c, 0, true, true), 0xFFFF);
    c.out_fmt = TT_DF_FP32;
    assert_int_equal(pk_m(&c, 0, true, true), 0xC7FFE000u);
    c = cfg(false, TT_DF_BFP8A, TT_DF_BFP8A, TT_DF_FP16);
    assert_int_equal(pk_m(&c, 0, true, true), 0xFFF0); /* E5M6 */
    c.read_raw = true;
    assert_int_equal(pk_m(&c, 0, true, true), 0xFFF8); /* E5M7 */
    c = cfg(false, TT_DF_FP8, TT_DF_FP8, TT_DF_FP8);
    c.read_raw = true;
    assert_int_equal(pk_m(&c, 0, true, true), 0xFF);
    /* integers: zero is 0, -inf has no bits */
    c = cfg(true, TT_DF_INT32, TT_DF_INT32, TT_DF_INT32);
    assert_int_equal(pk_m(&c, cell_32(7), true, false), 0);
    expect_st(&c, 0, true, true, TT_UNIMPLEMENTED, "-inf");
    /* the replacement goes through ReLU: -inf with ZERO_RELU becomes 0 */
    c = cfg(false, TT_DF_BF16, TT_DF_BF16, TT_DF_BF16);
    c.relu_mode = 1;
    assert_int_equal(pk_m(&c, 0, true, true), 0x0000);
}

/* ---- §8 ReLU ---- */

static void test_pack_8_relu_zero(void **state)
{
    (void)state;
    tt_pack_conv_cfg c = cfg(false, TT_DF_BF16, TT_DF_BF16, TT_DF_BF16);
    c.read_raw = true;
    c.relu_mode = 1;
    assert_int_equal(pk(&c, cell_bf16(0xBF80u)), 0x0000); /* -1 */
    assert_int_equal(pk(&c, cell_bf16(0x8000u)), 0x0000); /* -0 -> +0 */
    assert_int_equal(pk(&c, cell_bf16(0x8001u)), 0x0000);
    assert_int_equal(pk(&c, cell_bf16(0xFFC0u)), 0x0000); /* -NaN: sign set */
    assert_int_equal(pk(&c, cell_bf16(0x0001u)), 0x0001); /* +denormal > 0 */
    assert_int_equal(pk(&c, cell_bf16(0x3F80u)), 0x3F80);
    /* The threshold is not read in mode 1, even a negative one */
    c.relu_threshold = 0xBF80;
    assert_int_equal(pk(&c, cell_bf16(0x3F80u)), 0x3F80);
    /* integers: negative -> 0; UINT8 has no sign */
    c = cfg(true, TT_DF_INT32, TT_DF_INT32, TT_DF_INT32);
    c.relu_mode = 1;
    assert_int_equal(pk(&c, cell_32(0x80000005u)), 0);
    assert_int_equal(pk(&c, cell_32(5)), 5);
    c = cfg(true, TT_DF_INT8, TT_DF_INT8, TT_DF_INT8);
    c.relu_mode = 1;
    c.read_raw = true;
    assert_int_equal(pk(&c, cell_32(0x80000005u)), 0);
    c.read_unsigned = true;
    assert_int_equal(pk(&c, cell_32(0x80000085u)), 0x85);
    c = cfg(false, TT_DF_INT16, TT_DF_INT16, TT_DF_INT16);
    c.relu_mode = 1;
    assert_int_equal(pk(&c, 0x8001u), 0);
    assert_int_equal(pk(&c, 0x7FFFu), 0x7FFF);
}

static void test_pack_8_relu_min_threshold(void **state)
{
    (void)state;
    tt_pack_conv_cfg c = cfg(false, TT_DF_BF16, TT_DF_BF16, TT_DF_BF16);
    c.relu_mode = 2;
    c.relu_threshold = 0x3F80;                            /* BF16 1.0 */
    assert_int_equal(pk(&c, cell_bf16(0x3F80u)), 0x0000); /* x <= T */
    assert_int_equal(pk(&c, cell_bf16(0x3F81u)), 0x3F81);
    assert_int_equal(pk(&c, cell_bf16(0x3F00u)), 0x0000);
    assert_int_equal(pk(&c, cell_bf16(0xC000u)), 0x0000);
    assert_int_equal(pk(&c, cell_bf16(0x7F80u)), 0x7F80); /* +Inf > T */
    /* FP16 data: the threshold is FP16 */
    c = cfg(false, TT_DF_FP16, TT_DF_FP16, TT_DF_FP16);
    c.relu_mode = 2;
    c.relu_threshold = 0x3C00; /* FP16 1.0 */
    assert_int_equal(pk(&c, cell_fp16(0x3C00u)), 0x0000);
    assert_int_equal(pk(&c, cell_fp16(0x3C01u)), 0x3C01);
    /* FP32 data compares all 31 magnitude bits with T << 16 */
    c = cfg(true, TT_DF_FP32, TT_DF_FP32, TT_DF_FP32);
    c.relu_mode = 2;
    c.relu_threshold = 0x3F80;
    assert_int_equal(pk(&c, cell_32(0x3F800000u)), 0);
    assert_int_equal(pk(&c, cell_32(0x3F800001u)), 0x3F800001u);
}

static void test_pack_8_relu_max_threshold(void **state)
{
    (void)state;
    tt_pack_conv_cfg c = cfg(false, TT_DF_BF16, TT_DF_BF16, TT_DF_BF16);
    c.relu_mode = 3;
    c.relu_threshold = 0x4000;                            /* 2.0 */
    assert_int_equal(pk(&c, cell_bf16(0x4040u)), 0x4000); /* 3.0 -> 2.0 */
    assert_int_equal(pk(&c, cell_bf16(0x4000u)), 0x4000);
    assert_int_equal(pk(&c, cell_bf16(0x3F80u)), 0x3F80);
    assert_int_equal(pk(&c, cell_bf16(0xBF80u)), 0x0000);
    assert_int_equal(pk(&c, cell_bf16(0x7F80u)), 0x4000); /* +Inf clamps */
    /* docs/decisions.md (ttsim): FP32 data is compared on bits 30:13 only */
    c = cfg(true, TT_DF_FP32, TT_DF_FP32, TT_DF_FP32);
    c.relu_mode = 3;
    c.relu_threshold = 0x4000;
    assert_int_equal(pk(&c, cell_32(0x40001FFFu)), 0x40001FFFu); /* >> 13 equal: kept, though > 2.0 */
    assert_int_equal(pk(&c, cell_32(0x40002000u)), 0x40000000u);
    /* FP16 */
    c = cfg(false, TT_DF_FP16, TT_DF_FP16, TT_DF_FP16);
    c.relu_mode = 3;
    c.relu_threshold = 0x4000;
    assert_int_equal(pk(&c, cell_fp16(0x4001u)), 0x4000);
    assert_int_equal(pk(&c, cell_fp16(0x3FFFu)), 0x3FFF);
    assert_int_equal(pk(&c, cell_fp16(0xFFFFu)), 0x0000);
}

static void test_pack_8_relu_undefined_cases(void **state)
{
    (void)state;
    /* modes 2/3 with a threshold whose sign bit is set (ReLU.md: Threshold <= -0) */
    tt_pack_conv_cfg c = cfg(false, TT_DF_BF16, TT_DF_BF16, TT_DF_BF16);
    c.relu_mode = 2;
    c.relu_threshold = 0x8000;
    expect_st(&c, 0, false, false, TT_UNDEFINED, "threshold");
    c.relu_mode = 3;
    expect_st(&c, 0, false, false, TT_UNDEFINED, "threshold");
    /* modes 2/3 on integers */
    c = cfg(true, TT_DF_INT32, TT_DF_INT32, TT_DF_INT32);
    c.relu_mode = 2;
    expect_st(&c, 0, false, false, TT_UNDEFINED, "INT32");
    c.relu_mode = 7; /* only the low two bits of ApplyRelu count: 3 */
    expect_st(&c, 0, false, false, TT_UNDEFINED, "mode 3");
    c.relu_mode = 5; /* & 3 = 1 */
    assert_int_equal(pk(&c, cell_32(0x80000001u)), 0);
}

/* ---- §7 exponent thresholding ---- */

static void test_pack_7_exponent_thresholding(void **state)
{
    (void)state;
    tt_pack_conv_cfg c = cfg(true, TT_DF_FP32, TT_DF_FP32, TT_DF_FP32);
    c.exp_thr_en = true;
    c.exp_thr = 113;                                             /* cpack_common.h reconfigure_exp_threshold */
    assert_int_equal(pk(&c, cell_32(0x38800000u)), 0x38800000u); /* exp 113 kept */
    assert_int_equal(pk(&c, cell_32(0x387FFFFFu)), 0);           /* exp 112 -> 0 */
    assert_int_equal(pk(&c, cell_32(0xB8000000u)), 0);           /* -> +0 */
    c.exp_thr_en = false;
    assert_int_equal(pk(&c, cell_32(0x387FFFFFu)), 0x387FFFFFu);
    /* FP16 In_data_format: the 5-bit exponent, zero-extended */
    c = cfg(false, TT_DF_FP16, TT_DF_FP16, TT_DF_FP16);
    c.exp_thr_en = true;
    c.exp_thr = 2;
    assert_int_equal(pk(&c, cell_fp16(0x0800u)), 0x0800); /* e 2 */
    assert_int_equal(pk(&c, cell_fp16(0x07FFu)), 0x0000); /* e 1 */
    assert_int_equal(pk(&c, cell_fp16(0x8400u)), 0x0000);
    c.exp_thr = 32; /* above every 5-bit exponent */
    assert_int_equal(pk(&c, cell_fp16(0x7FFFu)), 0x0000);
    /* integers: no effect */
    c = cfg(true, TT_DF_INT32, TT_DF_INT32, TT_DF_INT32);
    c.exp_thr_en = true;
    c.exp_thr = 255;
    assert_int_equal(pk(&c, cell_32(1)), 1);
    /* after ReLU: a clamp to T is then thresholded */
    c = cfg(false, TT_DF_BF16, TT_DF_BF16, TT_DF_BF16);
    c.relu_mode = 3;
    c.relu_threshold = 0x3F80;
    c.exp_thr_en = true;
    c.exp_thr = 128;
    assert_int_equal(pk(&c, cell_bf16(0x4040u)), 0x0000); /* 3.0 -> 1.0 (exp 127) -> below 128 */
}

/* ---- ERRATA 4: BFP shared-exponent assembly ---- */

static void test_errata4_bfp8_one_keeps_implicit_bit(void **state)
{
    (void)state;
    tt_pack_conv_cfg c = cfg(false, TT_DF_BF16, TT_DF_BF16, TT_DF_BFP8);
    uint32_t d[16];
    uint8_t e, o[16];
    group(d, cell_bf16(0x3F80u), NULL, 0);
    bfp_m(&c, d, NULL, false, &e, o);
    /* shared 127; full 0x80, shift 0: (0x80 + 1) >> 1 = 0x40 (§18.3's & 0x7f would give 0) */
    assert_int_equal(e, 127);
    for (unsigned i = 0; i < 16; i++) assert_int_equal(o[i], 0x40);
}

static void test_errata4_round_half_up_and_saturate(void **state)
{
    (void)state;
    tt_pack_conv_cfg c = cfg(false, TT_DF_BF16, TT_DF_BF16, TT_DF_BFP8);
    uint32_t d[16];
    uint8_t e, o[16];
    const uint32_t first[] = {cell_bf16(0x4000u), cell_bf16(0x3F82u), cell_bf16(0xBF82u),
                              cell_bf16(0x3F81u), cell_bf16(0x3FFFu), cell_bf16(0x407Fu)};
    group(d, 0, first, 6);
    bfp_m(&c, d, NULL, false, &e, o);
    assert_int_equal(e, 128);     /* 0x4000 and 0x407F have exponent 128 */
    assert_int_equal(o[0], 0x40); /* full 0x80, shift 0 */
    assert_int_equal(o[1], 0x21); /* full 0x82, shift 1: (0x82 + 2) >> 2 = 0x21 (32.5 -> 33, half up) */
    assert_int_equal(o[2], 0xA1); /* the same magnitude, sign set */
    assert_int_equal(o[3], 0x20); /* full 0x81: (0x81 + 2) >> 2 = 0x20 (32.25 -> 32) */
    assert_int_equal(o[4], 0x40); /* full 0xFF, shift 1: (0xFF + 2) >> 2 = 0x40 */
    assert_int_equal(o[5], 0x7F); /* full 0xFF, shift 0: (0xFF + 1) >> 1 = 0x80 -> saturate 0x7F */
    for (unsigned i = 6; i < 16; i++) assert_int_equal(o[i], 0);
}

static void test_errata4_far_below_shared_is_zero(void **state)
{
    (void)state;
    tt_pack_conv_cfg c = cfg(false, TT_DF_BF16, TT_DF_BF16, TT_DF_BFP8);
    uint32_t d[16];
    uint8_t e, o[16];
    /* shared 136 (0x4400 = 512): 1.0 has shift 9 -> 0; 2.0 shift 8 -> 0; 4.0 (0x4080) shift 7:
     * (0x80 + 0x80) >> 8 = 1; -2.0 -> magnitude 0 -> no sign: 0x00 */
    const uint32_t first[] = {cell_bf16(0x4400u), cell_bf16(0x3F80u), cell_bf16(0x4000u), cell_bf16(0x4080u),
                              cell_bf16(0xC000u)};
    group(d, 0, first, 5);
    bfp_m(&c, d, NULL, false, &e, o);
    assert_int_equal(e, 136);
    assert_int_equal(o[0], 0x40);
    assert_int_equal(o[1], 0x00);
    assert_int_equal(o[2], 0x00);
    assert_int_equal(o[3], 0x01);
    assert_int_equal(o[4], 0x00);
}

static void test_errata4_sign_only_with_nonzero_magnitude(void **state)
{
    (void)state;
    tt_pack_conv_cfg c = cfg(false, TT_DF_BF16, TT_DF_BF16, TT_DF_BFP8);
    c.read_raw = true; /* so -0 reaches the assembler */
    uint32_t d[16];
    uint8_t e, o[16];
    group(d, cell_bf16(0x8000u), NULL, 0); /* sixteen -0 */
    bfp_m(&c, d, NULL, false, &e, o);
    assert_int_equal(e, 0);
    for (unsigned i = 0; i < 16; i++) assert_int_equal(o[i], 0x00); /* not 0x80: that unpacks as -Inf */
}

static void test_errata4_shared_exponent_0_and_255(void **state)
{
    (void)state;
    tt_pack_conv_cfg c = cfg(false, TT_DF_BF16, TT_DF_BF16, TT_DF_BFP8);
    c.read_raw = true; /* BF16 identity: denormals and NaN reach the assembler */
    uint32_t d[16];
    uint8_t e, o[16];
    /* all exponent 0: shared 0; full = mant7 with no implicit bit */
    const uint32_t den[] = {cell_bf16(0x0001u), cell_bf16(0x007Fu), cell_bf16(0x8003u)};
    group(d, 0, den, 3);
    bfp_m(&c, d, NULL, false, &e, o);
    assert_int_equal(e, 0);
    assert_int_equal(o[0], 0x01); /* (1 + 1) >> 1 */
    assert_int_equal(o[1], 0x40); /* (0x7F + 1) >> 1 */
    assert_int_equal(o[2], 0x82); /* (3 + 1) >> 1 = 2, negative */
    /* Inf and NaN have exponent 255: the shared exponent becomes 255, the rest vanish */
    const uint32_t big[] = {cell_bf16(0x7F80u), cell_bf16(0xFFC0u), cell_bf16(0x3F80u), cell_bf16(0x7F7Fu)};
    group(d, 0, big, 4);
    bfp_m(&c, d, NULL, false, &e, o);
    assert_int_equal(e, 255);
    assert_int_equal(o[0], 0x40); /* full 0x80 */
    assert_int_equal(o[1], 0xE0); /* full 0xC0: (0xC1) >> 1 = 0x60, negative */
    assert_int_equal(o[2], 0x00); /* shift 128 */
    assert_int_equal(o[3], 0x40); /* exponent 254, full 0xFF, shift 1: (0xFF + 2) >> 2 = 0x40 */
    /* all zero: shared 0, all fields 0 */
    group(d, 0, NULL, 0);
    bfp_m(&c, d, NULL, false, &e, o);
    assert_int_equal(e, 0);
    assert_int_equal(o[15], 0);
}

static void test_errata4_bfp4_bfp2_keep_top_bits(void **state)
{
    (void)state;
    uint32_t d[16];
    uint8_t e, o[16];
    /* 1.0 -> mag7 0x40; -1.0 -> 0x40 with sign; 0xBE70 (exp 124, full 0xF0, shift 3):
     * (0xF0 + 8) >> 4 = 0x0F; 0x3FFF (full 0xFF, shift 0) -> 0x7F */
    const uint32_t first[] = {cell_bf16(0x3F80u), cell_bf16(0xBF80u), cell_bf16(0xBE70u), cell_bf16(0x3FFFu)};
    group(d, 0, first, 4);
    tt_pack_conv_cfg c = cfg(false, TT_DF_BF16, TT_DF_BF16, TT_DF_BFP8);
    bfp_m(&c, d, NULL, false, &e, o);
    assert_int_equal(e, 127);
    assert_int_equal(o[0], 0x40);
    assert_int_equal(o[1], 0xC0);
    assert_int_equal(o[2], 0x8F);
    assert_int_equal(o[3], 0x7F);
    c.out_fmt = TT_DF_BFP4; /* >> 4, sign at bit 3 */
    bfp_m(&c, d, NULL, false, &e, o);
    assert_int_equal(e, 127);
    assert_int_equal(o[0], 0x4);
    assert_int_equal(o[1], 0xC);
    assert_int_equal(o[2], 0x0); /* 0x0F >> 4 = 0: no sign (not 0x8) */
    assert_int_equal(o[3], 0x7);
    c.out_fmt = TT_DF_BFP2; /* >> 6, sign at bit 1 */
    bfp_m(&c, d, NULL, false, &e, o);
    assert_int_equal(o[0], 0x1);
    assert_int_equal(o[1], 0x3);
    assert_int_equal(o[2], 0x0);
    assert_int_equal(o[3], 0x1);
}

/* docs/decisions.md: FP32 Dest to BFP flushes exponent-0 inputs to +0 (late table: mantissa narrows) */
static void test_decision_fp32_to_bfp_flushes_denormals(void **state)
{
    (void)state;
    tt_pack_conv_cfg c = cfg(true, TT_DF_FP32, TT_DF_FP32, TT_DF_BFP8);
    uint32_t d[16];
    uint8_t e, o[16];
    /* unflushed, 0x007FFFFF would be full 0x7F -> 0x40 */
    const uint32_t first[] = {cell_32(0x007FFFFFu), cell_32(0x807FFFFFu), cell_32(0x00400000u)};
    group(d, 0, first, 3);
    bfp_m(&c, d, NULL, false, &e, o);
    assert_int_equal(e, 0);
    for (unsigned i = 0; i < 16; i++) assert_int_equal(o[i], 0);
    /* normal FP32: truncated to BF16 first, not rounded: 0x3F80FFFF -> 0x3F80 -> 0x40 */
    const uint32_t n[] = {cell_32(0x3F80FFFFu), cell_32(0x3FFFFFFFu)};
    group(d, 0, n, 2);
    bfp_m(&c, d, NULL, false, &e, o);
    assert_int_equal(e, 127);
    assert_int_equal(o[0], 0x40);
    assert_int_equal(o[1], 0x7F);
}

/* docs/decisions.md: A-exponent BFP via E5M7 (ERRATA 1 exponent, 7-bit mantissa), shared 5-bit exponent */
/* FormatConversion.md's late table: same exponent width, narrower mantissa flushes denormals. From
 * In_data_format FP16 (raw identity from Dst16b): 0x03DF (exponent 0) to E5M2 gives 0x00, not 0x03;
 * to BFP8a it contributes field 0 next to 0x0C00 (exponent 3, full 0x80, shift 0 -> 0x40). From
 * BFP8a (E5M7, the mantissa does not narrow) the same cell keeps its bits: m7 0x7B -> field 0x3E
 * with shared exponent 0 ((0x7B + 1) >> 1). */
static void test_decision_fp16_late_narrowing_flushes_denormals(void **state)
{
    (void)state;
    tt_pack_conv_cfg c = cfg(false, TT_DF_FP16, TT_DF_FP16, TT_DF_FP8);
    c.read_raw = true;
    assert_int_equal(pk(&c, cell_fp16(0x03DFu)), 0x00);
    assert_int_equal(pk(&c, cell_fp16(0x0C00u)), 0x0C);
    uint32_t d[16];
    uint8_t e, o[16];
    c.out_fmt = TT_DF_BFP8A;
    const uint32_t a[] = {cell_fp16(0x03DFu), cell_fp16(0x0C00u)};
    group(d, 0, a, 2);
    bfp_m(&c, d, NULL, false, &e, o);
    assert_int_equal(e, 3);
    assert_int_equal(o[0], 0x00);
    assert_int_equal(o[1], 0x40);
    tt_pack_conv_cfg k = cfg(false, TT_DF_BFP8A, TT_DF_BFP8A, TT_DF_BFP8A);
    k.read_raw = true;
    group(d, 0, a, 1);
    bfp_m(&k, d, NULL, false, &e, o);
    assert_int_equal(e, 0);
    assert_int_equal(o[0], 0x3E);
}

static void test_decision_bfp_a_via_e5m7(void **state)
{
    (void)state;
    uint32_t d[16];
    uint8_t e, o[16];
    /* FP16 Dest, E5M7 (Read_raw): 1.0 0x3C00 -> e 15, full 0x80 -> 0x40; 0x3C0F -> E5M7 0x3C08 ->
     * m7 1 -> (0x81 + 1) >> 1 = 0x41; -2.0 0xC000 is e 16 -> shared 16: 1.0 then has shift 1 */
    tt_pack_conv_cfg c = cfg(false, TT_DF_BFP8A, TT_DF_BFP8A, TT_DF_BFP8A);
    c.read_raw = true;
    const uint32_t a[] = {cell_fp16(0x3C00u), cell_fp16(0x3C0Fu)};
    group(d, 0, a, 2);
    bfp_m(&c, d, NULL, false, &e, o);
    assert_int_equal(e, 15);
    assert_int_equal(o[0], 0x40);
    assert_int_equal(o[1], 0x41);
    const uint32_t b[] = {cell_fp16(0x3C00u), cell_fp16(0xC000u), cell_fp16(0x7FFFu)};
    group(d, 0, b, 2);
    bfp_m(&c, d, NULL, false, &e, o);
    assert_int_equal(e, 16);
    assert_int_equal(o[0], 0x20); /* (0x80 + 2) >> 2 */
    assert_int_equal(o[1], 0xC0);
    group(d, 0, b + 2, 1); /* 0x7FFF: e 31, m7 0x7F: full 0xFF -> saturate */
    bfp_m(&c, d, NULL, false, &e, o);
    assert_int_equal(e, 31);
    assert_int_equal(o[0], 0x7F);
    c.out_fmt = TT_DF_BFP4A;
    group(d, 0, a, 1);
    bfp_m(&c, d, NULL, false, &e, o);
    assert_int_equal(e, 15);
    assert_int_equal(o[0], 0x4);
    c.out_fmt = TT_DF_BFP2A;
    bfp_m(&c, d, NULL, false, &e, o);
    assert_int_equal(o[0], 0x1);
    /* FP32 Dest: ERRATA 1 narrows the exponent: 1.0 -> FP16 0x3C00; 0x48000000 saturates to
     * 0x7FFF -> E5M7 0x7FF8, e 31; the exponent-0 range keeps its mantissa: 0x38400000 -> FP16
     * 0x0200 -> e 0, m7 0x40, full 0x40 (no implicit bit) */
    c = cfg(true, TT_DF_FP32, TT_DF_FP32, TT_DF_BFP8A);
    const uint32_t f[] = {cell_32(0x3F800000u), cell_32(0x38400000u)};
    group(d, 0, f, 2);
    bfp_m(&c, d, NULL, false, &e, o);
    assert_int_equal(e, 15);
    assert_int_equal(o[0], 0x40);
    assert_int_equal(o[1], 0x00); /* shift 15 */
    group(d, 0, f + 1, 1);
    bfp_m(&c, d, NULL, false, &e, o);
    assert_int_equal(e, 0);
    assert_int_equal(o[0], 0x20); /* (0x40 + 1) >> 1 */
    /* tt-llk's threshold 113 removes that range before the narrowing */
    c.exp_thr_en = true;
    c.exp_thr = 113;
    bfp_m(&c, d, NULL, false, &e, o);
    assert_int_equal(e, 0);
    assert_int_equal(o[0], 0x00);
    const uint32_t s[] = {cell_32(0x48000000u)};
    group(d, 0, s, 1);
    c.exp_thr_en = false;
    bfp_m(&c, d, NULL, false, &e, o);
    assert_int_equal(e, 31);
    assert_int_equal(o[0], 0x7F);
}

static void test_pack_6_2_bfp_b_from_fp16_data(void **state)
{
    (void)state;
    /* E5M6 data to BFP8 (ttsim's BFP8a -> BFP8 mode): FP16 -> BF16 (exponent + 112), then ERRATA 4 */
    tt_pack_conv_cfg c = cfg(false, TT_DF_BFP8A, TT_DF_BFP8A, TT_DF_BFP8);
    uint32_t d[16];
    uint8_t e, o[16];
    const uint32_t a[] = {cell_fp16(0x3C00u), cell_fp16(0x3E00u), cell_fp16(0x0001u)};
    group(d, 0, a, 3);
    bfp_m(&c, d, NULL, false, &e, o);
    assert_int_equal(e, 127);
    assert_int_equal(o[0], 0x40);
    assert_int_equal(o[1], 0x60); /* 1.5: BF16 0x3FC0, full 0xC0 -> 0x60 */
    assert_int_equal(o[2], 0x00); /* denormal flushed in the early E5M6 rounding */
}

static void test_pack_9_edge_mask_in_bfp_group(void **state)
{
    (void)state;
    tt_pack_conv_cfg c = cfg(false, TT_DF_BF16, TT_DF_BF16, TT_DF_BFP8);
    uint32_t d[16];
    bool m[16] = {false};
    uint8_t e, o[16];
    group(d, cell_bf16(0x3F80u), NULL, 0);
    m[3] = true;
    bfp_m(&c, d, m, false, &e, o);
    assert_int_equal(e, 127);
    assert_int_equal(o[3], 0x00);
    assert_int_equal(o[4], 0x40);
    /* -inf: BF16 0xFF80, exponent 255: the others vanish, -inf itself is full 0x80 -> 0xC0 */
    bfp_m(&c, d, m, true, &e, o);
    assert_int_equal(e, 255);
    assert_int_equal(o[3], 0xC0);
    assert_int_equal(o[4], 0x00);
}

/* ---- Statuses ---- */

/* docs/decisions.md "Packer stochastic rounding": the discarded bits against the draw's top bits,
 * >= (so a draw of 0 rounds up even an exact value, the documented bias); E8M6 unimplemented. */
static void test_decision_stochastic_rounding(void **state)
{
    (void)state;
    tt_pack_conv_cfg c = cfg(true, TT_DF_BF16, TT_DF_BF16, TT_DF_BF16);
    c.gasket_srnd_en = true;
    c.srnd_rand[0] = 0;
    assert_int_equal(pk(&c, cell_32(0x3F800000)), 0x3F81);  /* nothing discarded, still up */
    assert_int_equal(pk(&c, cell_32(0x7F800000)), 0x7F80);  /* Inf is not rounded */
    c.srnd_rand[0] = 0xFFFF0000u;                           /* threshold 0xFFFF */
    assert_int_equal(pk(&c, cell_32(0x3F80FFFF)), 0x3F81);
    assert_int_equal(pk(&c, cell_32(0x3F80FFFE)), 0x3F80);
    c.srnd_rand[0] = 0x12340000u;
    assert_int_equal(pk(&c, cell_32(0xBF801234)), 0xBF81);  /* on the magnitude */
    assert_int_equal(pk(&c, cell_32(0xBF801233)), 0xBF80);
    c.gasket_srnd_en = false;                               /* deterministic: the draw is not read */
    assert_int_equal(pk(&c, cell_32(0x3F807FFF)), 0x3F80);
    assert_int_equal(pk(&c, cell_32(0x3F808000)), 0x3F81);
    /* Packer_srnd_en on BFP8: 1.0 and 0.75 (shift 0 and 1), draws' low bytes */
    c = cfg(false, TT_DF_BF16, TT_DF_BF16, TT_DF_BFP8);
    c.packer_srnd_en = true;
    uint32_t d[16] = {0};
    d[0] = cell_bf16(0x3F80);
    d[1] = cell_bf16(0x3F40);   /* full 0xC0, shift 1: lo = 0 (2 bits), t = draw & 0xFF >> 6 */
    d[2] = cell_bf16(0x3F41);   /* full 0xC1: lo = 1 */
    c.srnd_rand[1] = 0x3F;      /* t = 0: 0xC0 >> 2 = 0x30, up -> 0x31 */
    c.srnd_rand[2] = 0x7F;      /* t = 1: lo 1 >= 1 -> 0x31 */
    c.srnd_rand[0] = 0xFF;      /* shift 0, n 1: t = 1, lo = 0 -> 0x40 */
    for (int i = 3; i < 16; i++) c.srnd_rand[i] = 0x80; /* zeros: t >= 1 for n <= 8, stay 0 */
    uint8_t e, o[16];
    bfp_m(&c, d, NULL, false, &e, o);
    assert_int_equal(e, 127);
    assert_int_equal(o[0], 0x40);
    assert_int_equal(o[1], 0x31);
    assert_int_equal(o[2], 0x31);
    assert_int_equal(o[3], 0x00);
    c.srnd_rand[2] = 0xBF;      /* t = 2: lo 1 < 2 -> 0x30 */
    bfp_m(&c, d, NULL, false, &e, o);
    assert_int_equal(o[2], 0x30);
    /* E8M6 with Gasket_srnd_en: no source gives the compared bits */
    c = cfg(true, TT_DF_BFP8, TT_DF_BFP8, TT_DF_BFP8);
    c.gasket_srnd_en = true;
    expect_bfp_st(&c, TT_UNIMPLEMENTED, "Gasket_srnd_en");
}

static void test_decision_stochastic_and_unknown_rounding_bits(void **state)
{
    (void)state;
    tt_pack_conv_cfg c = cfg(false, TT_DF_BF16, TT_DF_BF16, TT_DF_BF16);
    c.gs_lf = true;
    expect_st(&c, 0, false, false, TT_UNIMPLEMENTED, "GS_LF");
    c.gs_lf = false;
    c.bfp8_hf = true;
    expect_st(&c, 0, false, false, TT_UNIMPLEMENTED, "Bfp8_HF");
}

static void test_pack_5_2_early_statuses(void **state)
{
    (void)state;
    /* "No" in the early table */
    tt_pack_conv_cfg c = cfg(false, TT_DF_FP32, TT_DF_FP32, TT_DF_FP32);
    expect_st(&c, 0, false, false, TT_UNDEFINED, "No");
    c = cfg(false, TT_DF_INT32, TT_DF_INT32, TT_DF_INT32);
    expect_st(&c, 0, false, false, TT_UNDEFINED, "No");
    c = cfg(true, TT_DF_INT16, TT_DF_INT16, TT_DF_INT16);
    expect_st(&c, 0, false, false, TT_UNDEFINED, "No");
    c = cfg(true, TT_DF_FP16, TT_DF_FP16, TT_DF_FP16); /* FP32 -> FP16 early without Round_10b_mant */
    expect_st(&c, 0, false, false, TT_UNDEFINED, "No");
    /* (‡) and reserved codes */
    c = cfg(true, TT_DF_BFP4, TT_DF_BF16, TT_DF_BF16);
    expect_st(&c, 0, false, false, TT_UNDEFINED, "LateToFormat");
    c = cfg(true, 13, TT_DF_BF16, TT_DF_BF16);
    expect_st(&c, 0, false, false, TT_UNDEFINED, "reserved");
    /* unimplemented cells */
    c = cfg(false, TT_DF_INT8, TT_DF_INT8, TT_DF_INT8);
    c.read_raw = true;
    expect_st(&c, 0, false, false, TT_UNIMPLEMENTED, "Integer");
    c = cfg(true, TT_DF_BF16, TT_DF_BF16, TT_DF_BF16);
    c.read_raw = c.round_10b = true;
    expect_st(&c, 0, false, false, TT_UNIMPLEMENTED, "Round_10b_mant");
    c = cfg(false, TT_DF_FP8, TT_DF_FP8, TT_DF_FP8);
    expect_st(&c, 0, false, false, TT_UNIMPLEMENTED, "Read_raw");
}

static void test_pack_6_1_late_from_statuses(void **state)
{
    (void)state;
    /* In_data_format must name the early result */
    tt_pack_conv_cfg c = cfg(true, TT_DF_BF16, TT_DF_FP32, TT_DF_FP32);
    expect_st(&c, 0, false, false, TT_UNDEFINED, "BF16");
    c = cfg(false, TT_DF_FP16, TT_DF_BF16, TT_DF_BF16);
    expect_st(&c, 0, false, false, TT_UNDEFINED, "FP16");
    /* BFP4/BFP2/BFP4a/BFP2a are LateToFormat only */
    c = cfg(false, TT_DF_BF16, TT_DF_BFP4, TT_DF_BF16);
    expect_st(&c, 0, false, false, TT_UNDEFINED, "LateToFormat");
    c = cfg(false, TT_DF_BFP8A, TT_DF_BFP2A, TT_DF_FP16);
    expect_st(&c, 0, false, false, TT_UNDEFINED, "LateToFormat");
    /* BF16+Round_10b_mant makes TF32, which In_data_format FP16 does not name (tt-llk's BF16 -> E4M3
     * setting: docs/decisions.md) */
    c = cfg(false, TT_DF_BF16, TT_DF_FP16, TT_DF_FP8);
    c.round_10b = true;
    c.fp8_e4m3 = true;
    expect_st(&c, 0, false, false, TT_UNDEFINED, "TF32");
}

static void test_pack_6_3_dis_shared_exp_assembler(void **state)
{
    (void)state;
    tt_pack_conv_cfg c = cfg(false, TT_DF_BF16, TT_DF_BF16, TT_DF_BFP8);
    c.dis_shared_exp = true;
    expect_bfp_st(&c, TT_UNIMPLEMENTED, "Dis_shared_exp_assembler");
    /* no effect on a non-BFP output */
    c.out_fmt = TT_DF_BF16;
    assert_int_equal(pk(&c, cell_bf16(0x3F80u)), 0x3F80);
}

static void test_pack_convert_api_guards(void **state)
{
    (void)state;
    tt_pack_conv_cfg c = cfg(false, TT_DF_BF16, TT_DF_BF16, TT_DF_BFP8);
    expect_st(&c, 0, false, false, TT_ERROR, "tt_pack_convert_bfp"); /* BFP through the scalar entry */
    c.out_fmt = TT_DF_BF16;
    expect_bfp_st(&c, TT_ERROR, "tt_pack_convert");
    c.in_fmt = 16;
    expect_st(&c, 0, false, false, TT_UNDEFINED, "4 bits");
    assert_int_equal(tt_pack_convert(NULL, 0, false, false, NULL, NULL, 0), TT_ERROR);
    /* NULL out and msg are allowed */
    c = cfg(false, TT_DF_BF16, TT_DF_BF16, TT_DF_BF16);
    assert_int_equal(tt_pack_convert(&c, 0, false, false, NULL, NULL, 0), TT_OK);
    c.relu_mode = 2;
    c.relu_threshold = 0x8000;
    assert_int_equal(tt_pack_convert(&c, 0, false, false, NULL, NULL, 0), TT_UNDEFINED);
}

/* Every configuration answers, with a message when it fails; the status is the same for every
 * datum (only the -inf edge mask on integer data depends on the datum); outputs fit their width. */
static void test_pack_convert_every_configuration_answers(void **state)
{
    (void)state;
    static const uint32_t probe[] = {0, 0xFFFFFFFFu, 0x80000000u, 0x3F800000u, 0x0000FFFFu, 0x7F800001u};
    unsigned ok = 0;
    for (unsigned bits = 0; bits < 64; bits++)
        for (unsigned inter = 0; inter < 16; inter++)
            for (unsigned in = 0; in < 16; in++)
                for (unsigned out = 0; out < 16; out++) {
                    tt_pack_conv_cfg c = cfg(bits & 1, inter, in, out);
                    c.read_raw = (bits >> 1) & 1;
                    c.round_10b = (bits >> 2) & 1;
                    c.read_unsigned = (bits >> 3) & 1;
                    c.fp8_e4m3 = (bits >> 4) & 1;
                    c.relu_mode = (bits >> 5) ? 3 : 0;
                    c.relu_threshold = 0x3F80;
                    const unsigned w = tt_pack_fmt_bits(out);
                    for (unsigned k = 0; k < 2; k++) { /* unmasked, masked to 0 */
                        tt_status first = TT_OK;
                        for (unsigned i = 0; i < sizeof probe / sizeof probe[0]; i++) {
                            char msg[200] = "";
                            tt_status s;
                            if (tt_pack_fmt_is_bfp(out)) {
                                uint32_t d[16];
                                bool m[16];
                                uint8_t e = 0, o[16];
                                for (unsigned j = 0; j < 16; j++) {
                                    d[j] = probe[(i + j) % (sizeof probe / sizeof probe[0])];
                                    m[j] = k;
                                }
                                s = tt_pack_convert_bfp(&c, d, m, false, &e, o, msg, sizeof msg);
                                if (s == TT_OK) {
                                    if (out == TT_DF_BFP8A || out == TT_DF_BFP4A || out == TT_DF_BFP2A)
                                        assert_true(e < 32);
                                    for (unsigned j = 0; j < 16; j++) assert_true(o[j] < (1u << w));
                                }
                            } else {
                                uint32_t v = 0;
                                s = tt_pack_convert(&c, probe[i], k, false, &v, msg, sizeof msg);
                                if (s == TT_OK && w < 32) assert_true(v < (1u << w));
                            }
                            if (i == 0) first = s;
                            if (s != first)
                                fail_msg("status changes with the datum: %u %u %u %u", bits, inter, in, out);
                            if (s != TT_OK && strlen(msg) == 0)
                                fail_msg("no message: %u %u %u %u", bits, inter, in, out);
                            if (s == TT_OK) ok++;
                        }
                    }
                }
    assert_true(ok > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pack_14_output_widths),
        cmocka_unit_test(test_pack_5_2_fp32_identity_keeps_every_bit),
        cmocka_unit_test(test_decision_bf16_rounding_ties_away),
        cmocka_unit_test(test_pack_5_3_fp32_to_bf16_rounding_nan_denormal_minus_zero),
        cmocka_unit_test(test_pack_5_2_fp32_to_bf16_read_raw_truncates),
        cmocka_unit_test(test_pack_5_2_fp32_to_tf32_rounds),
        cmocka_unit_test(test_decision_fp32_to_e8m6_truncates_then_rounds),
        cmocka_unit_test(test_pack_5_2_int32_identity_and_bitcast),
        cmocka_unit_test(test_pack_5_2_int8_read_raw_sign_and_low_bits),
        cmocka_unit_test(test_pack_5_2_int8_shift_round_saturate),
        cmocka_unit_test(test_errata3_bf16_exp0_flushes_to_plus_zero),
        cmocka_unit_test(test_pack_5_2_bf16_to_e8m6_and_tf32),
        cmocka_unit_test(test_pack_5_2_fp16_flush_and_identity),
        cmocka_unit_test(test_pack_5_2_fp16_to_e5m6_rounds_e5m7_truncates),
        cmocka_unit_test(test_pack_5_2_fp16_to_fp8_truncates),
        cmocka_unit_test(test_pack_6_4_fp16_to_e5m2_late_truncates),
        cmocka_unit_test(test_decision_fp16_to_e4m3),
        cmocka_unit_test(test_decision_round10_fp16_from_bf16_dest),
        cmocka_unit_test(test_decision_round10_fp16_from_fp32_dest),
        cmocka_unit_test(test_errata1_pack_to_fp16),
        cmocka_unit_test(test_pack_6_4_fp32_to_bf16_late_truncates_and_flushes),
        cmocka_unit_test(test_pack_6_4_fp16_widening),
        cmocka_unit_test(test_pack_6_4_int16_and_int8_identity),
        cmocka_unit_test(test_pack_6_4_no_conversions_undefined),
        cmocka_unit_test(test_pack_9_edge_mask_zero_and_neg_inf),
        cmocka_unit_test(test_pack_8_relu_zero),
        cmocka_unit_test(test_pack_8_relu_min_threshold),
        cmocka_unit_test(test_pack_8_relu_max_threshold),
        cmocka_unit_test(test_pack_8_relu_undefined_cases),
        cmocka_unit_test(test_pack_7_exponent_thresholding),
        cmocka_unit_test(test_errata4_bfp8_one_keeps_implicit_bit),
        cmocka_unit_test(test_errata4_round_half_up_and_saturate),
        cmocka_unit_test(test_errata4_far_below_shared_is_zero),
        cmocka_unit_test(test_errata4_sign_only_with_nonzero_magnitude),
        cmocka_unit_test(test_errata4_shared_exponent_0_and_255),
        cmocka_unit_test(test_errata4_bfp4_bfp2_keep_top_bits),
        cmocka_unit_test(test_decision_fp32_to_bfp_flushes_denormals),
        cmocka_unit_test(test_decision_fp16_late_narrowing_flushes_denormals),
        cmocka_unit_test(test_decision_bfp_a_via_e5m7),
        cmocka_unit_test(test_pack_6_2_bfp_b_from_fp16_data),
        cmocka_unit_test(test_pack_9_edge_mask_in_bfp_group),
        cmocka_unit_test(test_decision_stochastic_and_unknown_rounding_bits),
        cmocka_unit_test(test_decision_stochastic_rounding),
        cmocka_unit_test(test_pack_5_2_early_statuses),
        cmocka_unit_test(test_pack_6_1_late_from_statuses),
        cmocka_unit_test(test_pack_6_3_dis_shared_exp_assembler),
        cmocka_unit_test(test_pack_convert_api_guards),
        cmocka_unit_test(test_pack_convert_every_configuration_answers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
