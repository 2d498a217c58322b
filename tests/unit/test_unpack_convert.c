/* test_unpack_convert.c: the unpackers' datum conversion (unpack-data-path §3; ERRATA 1, 2), with
 * the bit patterns that break converters. Expected values are worked out by hand in comments. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "unpack_convert.h"

static uint32_t conv(unsigned in, unsigned out, uint32_t d, uint8_t e, bool dest, bool uns)
{
    tt_unpack_conv_mode m = {dest, uns, false};
    uint32_t v = 0xDEADBEEF;
    char msg[160];
    tt_status s = tt_unpack_convert(in, out, d, e, &m, &v, msg, sizeof msg);
    if (s != TT_OK) fail_msg("%u->%u 0x%x: %s (%s)", in, out, d, tt_status_name(s), msg);
    return v;
}

static tt_status conv_status(unsigned in, unsigned out, uint32_t d, uint8_t e, bool dest, char *msg)
{
    tt_unpack_conv_mode m = {dest, false, false};
    uint32_t v;
    return tt_unpack_convert(in, out, d, e, &m, &v, msg, 160);
}

/* ERRATA 1: e = exp32 - 112; e == 31 passes through (no Inf on Tensix). 65536.0 = 0x47800000:
 * exp32 143 -> e 31, m 0 -> 0x7C00. */
static void test_errata1_fp32_to_fp16_exp31_passthrough(void **s)
{
    (void)s;
    assert_int_equal(tt_fp32_to_fp16(0x47800000u), 0x7C00);
    assert_int_equal(tt_fp32_to_fp16(0xC7FFE000u), 0xFFFF); /* -131008: e 31, m 0x3FF */
}

/* ERRATA 1: e > 31 and FP32 Inf/NaN saturate to sign | 0x7FFF (not 0x7BFF). */
static void test_errata1_fp32_to_fp16_saturates(void **s)
{
    (void)s;
    assert_int_equal(tt_fp32_to_fp16(0x48000000u), 0x7FFF); /* 131072: e 32 */
    assert_int_equal(tt_fp32_to_fp16(0x7F800000u), 0x7FFF); /* +Inf */
    assert_int_equal(tt_fp32_to_fp16(0xFF800000u), 0xFFFF); /* -Inf */
    assert_int_equal(tt_fp32_to_fp16(0x7FC00000u), 0x7FFF); /* NaN */
}

/* ERRATA 1: e == 0 keeps the truncated mantissa (0x38012000: exp32 112, m = 0x012000 >> 13 = 9);
 * e < 0 gives a signed zero. */
static void test_errata1_fp32_to_fp16_e0_and_underflow(void **s)
{
    (void)s;
    assert_int_equal(tt_fp32_to_fp16(0x38012000u), 0x0009);
    assert_int_equal(tt_fp32_to_fp16(0x37FFFFFFu), 0x0000);
    assert_int_equal(tt_fp32_to_fp16(0xB7800000u), 0x8000);
    assert_int_equal(tt_fp32_to_fp16(0x00000001u), 0x0000); /* FP32 denormal */
}

/* ERRATA 2: E5M2 0x7F and 0xFF become 0x7FFF / 0xFFFF; 0x7C (exp 31, m 0) is 0x7C00. In Src:
 * WriteSrcFP16(0x7FFF) = {0, m 0x3FF, e 0x1F} = 0x3FF1F; in Dest WriteDstFP16(0x7FFF) = 0x7FFF. */
static void test_errata2_e5m2_0x7f_0xff(void **s)
{
    (void)s;
    assert_int_equal(conv(TT_DF_FP8, TT_DF_FP8, 0x7F, 0, false, false), 0x3FF1F);
    assert_int_equal(conv(TT_DF_FP8, TT_DF_FP8, 0xFF, 0, false, false), 0x7FF1F);
    assert_int_equal(conv(TT_DF_FP8, TT_DF_FP8, 0x7F, 0, true, false), 0x7FFF);
    assert_int_equal(conv(TT_DF_FP8, TT_DF_FP8, 0xFF, 0, true, false), 0xFFFF);
    /* 0x7C << 8 = 0x7C00: Dest {0, m 0, e 0x1F} = 0x001F; 0x7E -> 0x7E00: m 0x200 -> 0x401F */
    assert_int_equal(conv(TT_DF_FP8, TT_DF_FP8, 0x7C, 0, true, false), 0x001F);
    assert_int_equal(conv(TT_DF_FP8, TT_DF_FP8, 0x7E, 0, true, false), 0x401F);
}

/* unpack-data-path §3.3: WriteSrcTF32 swaps exponent and mantissa; FP32 -> TF32 drops 13 bits:
 * 0x3F801FFF >> 13 = 0x1FC00 -> {0, m 0, e 0x7F} = 0x7F. */
static void test_unpack_3_3_src_tf32_layout(void **s)
{
    (void)s;
    assert_int_equal(conv(TT_DF_FP32, TT_DF_TF32, 0x3F801FFFu, 0, false, false), 0x7F);
    assert_int_equal(conv(TT_DF_FP32, TT_DF_TF32, 0xBFFFE000u, 0, false, false), 0x40000u | 0x3FF00u | 0x7F);
    assert_int_equal(tt_write_src_bf16(0x3F80), 0x7F);
    assert_int_equal(tt_write_src_bf16(0xC0A0), 0x40000u | (0x20u << 3 << 8) | 0x81);
}

/* §3.3 WriteDstFP32: the high half in the BF16 Dest layout, the low half unchanged:
 * 0x3F800001 -> hi WriteDstBF16(0x3F80) = 0x007F, lo 0x0001. */
static void test_unpack_3_3_dest_fp32_halves(void **s)
{
    (void)s;
    assert_int_equal(conv(TT_DF_FP32, TT_DF_FP32, 0x3F800001u, 0, true, false), 0x007F0001u);
    assert_int_equal(conv(TT_DF_FP32, TT_DF_TF32, 0xC0000000u, 0, true, false), 0x80800000u);
    assert_int_equal(conv(TT_DF_INT32, TT_DF_INT32, 0x80000005u, 0, true, false), 0x80000005u);
}

/* §3.2 FP32 -> BF16 flushes exponent-0 values to a signed zero, then truncates. */
static void test_unpack_3_2_fp32_to_bf16_flush(void **s)
{
    (void)s;
    assert_int_equal(conv(TT_DF_FP32, TT_DF_BF16, 0x00400000u, 0, false, false), 0);
    assert_int_equal(conv(TT_DF_FP32, TT_DF_BF16, 0x80400000u, 0, false, false), 0x40000);
    assert_int_equal(conv(TT_DF_FP32, TT_DF_BF16, 0x3F80FFFFu, 0, true, false), 0x007F); /* truncated */
}

/* §3.4 BFP8ToBF16: mag = datum << 1; normalised by its leading zeros, which come off the exponent.
 * 0x40, exp 0x80: mag 0x80, LZ 0 -> 0x4000 (2.0). 0x01, exp 0x80: mag 0x02, LZ 6 -> exp 0x7A,
 * 0x3D00. Magnitude 0: +0, or 0xFF80 for the sign alone. */
static void test_unpack_3_4_bfp8_to_bf16_normalises(void **s)
{
    (void)s;
    assert_int_equal(conv(TT_DF_BFP8, TT_DF_BFP8, 0x40, 0x80, true, false), tt_write_dst_bf16(0x4000));
    assert_int_equal(conv(TT_DF_BFP8, TT_DF_BFP8, 0x01, 0x80, true, false), tt_write_dst_bf16(0x3D00));
    assert_int_equal(conv(TT_DF_BFP8, TT_DF_BFP8, 0x00, 0xFF, true, false), 0);
    assert_int_equal(conv(TT_DF_BFP8, TT_DF_BFP8, 0x80, 0x00, true, false), tt_write_dst_bf16(0xFF80));
    /* BFP4 datum 0x4 -> 0x40 (top nibble), BFP2 0x1 -> 0x40: both 2.0 with exp 0x80 */
    assert_int_equal(conv(TT_DF_BFP4, TT_DF_BFP4, 0x4, 0x80, true, false), tt_write_dst_bf16(0x4000));
    assert_int_equal(conv(TT_DF_BFP2, TT_DF_BFP2, 0x1, 0x80, true, false), tt_write_dst_bf16(0x4000));
}

/* docs/decisions.md "BFP exponent underflow": 0x01 with exp 3: 3 - 6 wraps to 0xFD in 8 bits. */
static void test_decision_bfp_exponent_wraps(void **s)
{
    (void)s;
    assert_int_equal(conv(TT_DF_BFP8, TT_DF_BFP8, 0x01, 3, true, false), tt_write_dst_bf16(0x7E80));
    char msg[160];
    /* BFP8a: the wrapped exponent has bits in 0xE0: undefined */
    assert_int_equal(conv_status(TT_DF_BFP8A, TT_DF_BFP8A, 0x01, 3, false, msg), TT_UNDEFINED);
    assert_non_null(strstr(msg, "5 bits"));
    /* 0x40 with exp 0x10: FP16 0x4000 */
    assert_int_equal(conv(TT_DF_BFP8A, TT_DF_BFP8A, 0x40, 0x10, true, false), tt_write_dst_fp16(0x4000));
    assert_int_equal(conv(TT_DF_BFP8A, TT_DF_BFP8A, 0x80, 0x10, true, false), tt_write_dst_fp16(0xFC00));
}

/* §3.2 INT8: sign-magnitude (0x80 = -0: no exponent, FP16 0x8000) or unsigned (0x80 = 128:
 * exponent 16, FP16 0x4080). */
static void test_unpack_3_2_int8_signed_and_unsigned(void **s)
{
    (void)s;
    assert_int_equal(conv(TT_DF_INT8, TT_DF_INT8, 0x80, 0, false, false), tt_write_src_fp16(0x8000));
    assert_int_equal(conv(TT_DF_INT8, TT_DF_INT8, 0x80, 0, false, true), tt_write_src_fp16(0x4080));
    assert_int_equal(conv(TT_DF_INT8, TT_DF_INT8, 0x85, 0, true, false), tt_write_dst_fp16(0xC005));
    assert_int_equal(conv(TT_DF_INT8, TT_DF_INT8, 0x00, 0, true, true), 0);
}

/* §3.2 INT16: Dest as is; Src ((d & 0xff00) << 3) | (d & 0xff). */
static void test_unpack_3_2_int16_layouts(void **s)
{
    (void)s;
    assert_int_equal(conv(TT_DF_INT16, TT_DF_INT16, 0xABCD, 0, false, false), 0x558CD);
    assert_int_equal(conv(TT_DF_INT16, TT_DF_INT16, 0xABCD, 0, true, false), 0xABCD);
}

/* §3.2: undefined pairs are reported, by category, with the formats named. */
static void test_unpack_3_2_undefined_pairs(void **s)
{
    (void)s;
    char msg[160];
    assert_int_equal(conv_status(TT_DF_BF16, TT_DF_FP16, 0, 0, false, msg), TT_UNDEFINED);
    assert_non_null(strstr(msg, "BF16"));
    assert_int_equal(conv_status(TT_DF_FP32, TT_DF_FP32, 0, 0, false, msg), TT_UNDEFINED);
    assert_int_equal(conv_status(TT_DF_TF32, TT_DF_TF32, 0, 0, false, msg), TT_UNDEFINED);
    assert_int_equal(conv_status(TT_DF_INT32, TT_DF_INT32, 0, 0, false, msg), TT_UNDEFINED);
    assert_int_equal(conv_status(TT_DF_FP32, TT_DF_INT8, 0, 0, false, msg), TT_UNDEFINED);
    assert_int_equal(conv_status(12, 12, 0, 0, true, msg), TT_UNDEFINED);
    tt_unpack_conv_mode e4 = {false, false, true};
    uint32_t v;
    assert_int_equal(tt_unpack_convert(TT_DF_FP8, TT_DF_FP8, 0x40, 0, &e4, &v, msg, sizeof msg), TT_UNIMPLEMENTED);
}

/* Every code pair, both destinations: a value or a reason, never a crash or an empty message. */
static void test_unpack_3_2_every_pair_answers(void **s)
{
    (void)s;
    for (unsigned in = 0; in < 16; in++)
        for (unsigned out = 0; out < 16; out++)
            for (int d = 0; d < 2; d++) {
                char msg[160] = "";
                tt_status st = conv_status(in, out, 0x12345678u, 0x7F, d, msg);
                if (st != TT_OK) assert_true(strlen(msg) > 10);
            }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_errata1_fp32_to_fp16_exp31_passthrough),
        cmocka_unit_test(test_errata1_fp32_to_fp16_saturates),
        cmocka_unit_test(test_errata1_fp32_to_fp16_e0_and_underflow),
        cmocka_unit_test(test_errata2_e5m2_0x7f_0xff),
        cmocka_unit_test(test_unpack_3_3_src_tf32_layout),
        cmocka_unit_test(test_unpack_3_3_dest_fp32_halves),
        cmocka_unit_test(test_unpack_3_2_fp32_to_bf16_flush),
        cmocka_unit_test(test_unpack_3_4_bfp8_to_bf16_normalises),
        cmocka_unit_test(test_decision_bfp_exponent_wraps),
        cmocka_unit_test(test_unpack_3_2_int8_signed_and_unsigned),
        cmocka_unit_test(test_unpack_3_2_int16_layouts),
        cmocka_unit_test(test_unpack_3_2_undefined_pairs),
        cmocka_unit_test(test_unpack_3_2_every_pair_answers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
