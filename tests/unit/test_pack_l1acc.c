/* test_pack_l1acc.c: the packer's L1 accumulation lanes (pack-data-path §13; docs/decisions.md
 * "PACR L1 accumulation"). Each expected value is worked out by hand in the comment next to it. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "pack_l1acc.h"
#include "unpack_convert.h"

static uint32_t bf(uint32_t a, uint32_t b) { return tt_pack_l1acc_lane(TT_DF_BF16, a, b); }
static uint32_t h(uint32_t a, uint32_t b) { return tt_pack_l1acc_lane(TT_DF_FP16, a, b); }
static uint32_t f(uint32_t a, uint32_t b) { return tt_pack_l1acc_lane(TT_DF_FP32, a, b); }
static uint32_t i32(uint32_t a, uint32_t b) { return tt_pack_l1acc_lane(TT_DF_INT32, a, b); }

static void test_formats(void **state)
{
    (void)state;
    assert_true(tt_pack_l1acc_fmt_ok(TT_DF_FP32) && tt_pack_l1acc_fmt_ok(TT_DF_FP16) && tt_pack_l1acc_fmt_ok(TT_DF_BF16));
    assert_true(tt_pack_l1acc_fmt_ok(TT_DF_INT32));
    assert_false(tt_pack_l1acc_fmt_ok(TT_DF_BFP8) || tt_pack_l1acc_fmt_ok(TT_DF_TF32));
    /* no INT16 / INT8 (UINT8) lanes in L1.md's accumulate */
    assert_false(tt_pack_l1acc_fmt_ok(TT_DF_INT16) || tt_pack_l1acc_fmt_ok(TT_DF_INT8));
}

static void test_bf16_round_to_even(void **state)
{
    (void)state;
    assert_int_equal(bf(0x3F80, 0x3B80), 0x3F80); /* 1 + 2^-8: a tie, to the even 1.0 */
    assert_int_equal(bf(0x3F81, 0x3B80), 0x3F82); /* (1 + 2^-7) + 2^-8: a tie, up to the even 0x3F82 */
    assert_int_equal(bf(0x3F80, 0x3B81), 0x3F81); /* just above the tie: up */
    assert_int_equal(bf(0x7F7F, 0x7F7F), 0x7F80); /* 2 x max: Inf */
}

static void test_bf16_specials(void **state)
{
    (void)state;
    assert_int_equal(bf(0x8000, 0x8000), 0x8000); /* -0 + -0 = -0 */
    assert_int_equal(bf(0x3F80, 0xBF80), 0x0000); /* x + -x = +0 */
    assert_int_equal(bf(0x807F, 0x3F80), 0x3F80); /* exponent 0 in L1: a zero */
    assert_int_equal(bf(0x7F80, 0xFF80), 0x7FC0); /* Inf - Inf */
    assert_int_equal(bf(0xFFC1, 0x3F80), 0xFF80); /* NaN in L1: its sign's Inf */
    assert_int_equal(bf(0xFFC1, 0x7F80), 0x7F80); /* ... unless the datum is Inf */
    /* NaN datum 0x7FC0 = 1.5 x 2^128; L1 -1.5 x 2^127 (0xFF40): 0.75 x 2^128 = 1.5 x 2^127 = 0x7F40 */
    assert_int_equal(bf(0xFF40, 0x7FC0), 0x7F40);
}

static void test_fp16(void **state)
{
    (void)state;
    assert_int_equal(h(0x3C00, 0x1000), 0x3C00); /* 1 + 2^-11: a tie, to even */
    assert_int_equal(h(0x3C01, 0x1000), 0x3C02); /* odd + tie: up */
    assert_int_equal(h(0x7FFF, 0x7FFF), 0x7FFF); /* overflow saturates */
    assert_int_equal(h(0x7800, 0xF800), 0x7FFF); /* cancellation with L1 exponent 30: max */
    assert_int_equal(h(0x3C00, 0xBC00), 0x0000); /* cancellation below: +0 */
    assert_int_equal(h(0x0400, 0x8401), 0xFFFF); /* 2^-14 - (2^-14 + 2^-24) = -2^-24: below exponent 0, saturates */
    assert_int_equal(h(0x0800, 0x8401), 0x0000); /* 2^-13 - 2^-14(1 + 2^-10) = 2^-14 (1 - 2^-10): exponent 0, +0 */
}

static void test_fp32(void **state)
{
    (void)state;
    assert_int_equal(f(0x3F800000, 0x33800000), 0x3F800000); /* 1 + 2^-24: a tie, to even */
    assert_int_equal(f(0x3F800001, 0x33800000), 0x3F800002); /* odd + tie: up */
    assert_int_equal(f(0x7F7FFFFF, 0x7F7FFFFF), 0x7F800000); /* overflow: Inf */
    assert_int_equal(f(0x00800001, 0x80800000), 0x00000000); /* 2^-149: no denormals, +0 */
    assert_int_equal(f(0x80000000, 0x00000000), 0x00000000); /* -0 + +0 = +0 */
    assert_int_equal(f(0x7FC00001, 0x3F800000), 0x7FC00000); /* NaN: canonical */
    assert_int_equal(f(0x7F800000, 0xFF800000), 0x7FC00000); /* Inf - Inf */
}

/* pack-data-path §13, INT32 (docs/decisions.md "PACR L1 accumulation in INT32"): sign-magnitude,
 * saturating at magnitude 2^31 - 1. */
static void test_int32_saturation(void **state)
{
    (void)state;
    assert_int_equal(i32(0x7FFFFFFF, 0x00000001), 0x7FFFFFFF); /* max + 1: saturates */
    assert_int_equal(i32(0xFFFFFFFF, 0x80000001), 0xFFFFFFFF); /* -max - 1: saturates at -max */
    assert_int_equal(i32(0x40000000, 0x40000000), 0x7FFFFFFF); /* 2^30 + 2^30 = 2^31: one past max */
    assert_int_equal(i32(0x7FFFFFFE, 0x00000001), 0x7FFFFFFF); /* exactly max, no saturation needed */
    assert_int_equal(i32(0xFFFFFFFF, 0x7FFFFFFF), 0x00000000); /* -max + max = +0 */
    assert_int_equal(i32(0x00000001, 0xFFFFFFFF), 0xFFFFFFFE); /* 1 - max = -(max - 1) */
}

static void test_int32_signs_and_zero(void **state)
{
    (void)state;
    assert_int_equal(i32(0x00000003, 0x80000007), 0x80000004); /* 3 + -7 = -4 */
    assert_int_equal(i32(0x80000007, 0x00000003), 0x80000004); /* -7 + 3 = -4 */
    assert_int_equal(i32(0x00000007, 0x80000003), 0x00000004); /* 7 + -3 = 4 */
    assert_int_equal(i32(0x80000003, 0x80000004), 0x80000007); /* -3 + -4 = -7 */
    assert_int_equal(i32(0x80000005, 0x00000005), 0x00000000); /* -5 + 5 = +0 */
    assert_int_equal(i32(0x00000005, 0x80000005), 0x00000000); /* 5 + -5 = +0 */
    assert_int_equal(i32(0x80000000, 0x80000000), 0x80000000); /* -0 + -0 = -0 */
    assert_int_equal(i32(0x80000000, 0x00000000), 0x00000000); /* -0 + +0 = +0 */
    assert_int_equal(i32(0x80000000, 0x00000009), 0x00000009); /* -0 + 9 = 9 */
    assert_int_equal(i32(0x80000000, 0x80000009), 0x80000009); /* -0 + -9 = -9 */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_formats),     cmocka_unit_test(test_bf16_round_to_even),
        cmocka_unit_test(test_bf16_specials), cmocka_unit_test(test_fp16),
        cmocka_unit_test(test_fp32),
        cmocka_unit_test(test_int32_saturation), cmocka_unit_test(test_int32_signs_and_zero),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
