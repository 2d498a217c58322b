/* test_matrix_arith.c: the matrix unit's numerics (ISA documentation ELWADD.md, ELWMUL.md, MVMUL.md;
 * the bits of Tenstorrent's simulator, docs/decisions.md "Matrix unit arithmetic"). Every expected
 * value is worked out by hand in the comment above it from the rules, never from a run.
 * Operands are in the multiplier's layout: [18] sign, [17:10] exponent, [9:0] mantissa. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "matrix_arith.h"
#include "model_fixture.h"

/* a BF16/FP16-like operand: sign, biased exponent, 10-bit mantissa */
static uint32_t op(unsigned s, unsigned e, unsigned man) { return (s << 18) | (e << 10) | man; }
static const tt_mx_mode BF16D = {false, true, 0}, FP32D = {true, true, 0}, FP16D = {false, false, 0};

/* ELWADD.md: 1.0 + 1.0 = 2.0 (sum 0x800 at exponent 127 renormalises to exponent 128). */
static void test_elwadd_bf16_exact(void **state)
{
    (void)state;
    assert_int_equal(tt_mx_elwadd(op(0, 127, 0), op(0, 127, 0), 0, false, false, false, BF16D), 0x40000000);
    /* 1.0 + (-1.0): exact cancellation gives +0, never -0 */
    assert_int_equal(tt_mx_elwadd(op(0, 127, 0), op(1, 127, 0), 0, false, false, false, BF16D), 0);
    /* |b| > |a| swaps: -3 + 1 = -2 (0xC0000000) */
    assert_int_equal(tt_mx_elwadd(op(0, 127, 0), op(1, 128, 0x200), 0, false, false, false, BF16D), 0xC0000000);
}

/* Alignment rounds half up, then the 16-bit Dest rounds half up: 1 + 2^-8 is halfway between BF16
 * 1.0 and 1 + 2^-7: mb = (0x400 + 0x80) >> 8 = 4, sum 0x404 << 13 = 0x808000, to 8 bits
 * (0x808000 + 0x8000) >> 16 = 0x81: 0x3F810000. 1 + 2^-9: mb = (0x400 + 0x100) >> 9 = 2, sum
 * 0x804000 -> 0x80: 1.0. */
static void test_elwadd_bf16_rounding(void **state)
{
    (void)state;
    assert_int_equal(tt_mx_elwadd(op(0, 127, 0), op(0, 119, 0), 0, false, false, false, BF16D), 0x3F810000);
    assert_int_equal(tt_mx_elwadd(op(0, 127, 0), op(0, 118, 0), 0, false, false, false, BF16D), 0x3F800000);
    /* FP32 Dest keeps 1 + 2^-9 exactly: 0x3F800000 | 1 << 14 */
    assert_int_equal(tt_mx_elwadd(op(0, 127, 0), op(0, 118, 0), 0, false, false, false, FP32D), 0x3F804000);
}

/* dest_accum_en: Dest 1.0 + (1.0 + 1.0) = 3.0 in FP32 (0x1000000 + 0x800000 at exponent 127). Without
 * accumulation the Dest value is ignored. */
static void test_elwadd_dest_accum(void **state)
{
    (void)state;
    assert_int_equal(tt_mx_elwadd(op(0, 127, 0), op(0, 127, 0), 0x3F800000, false, false, true, FP32D), 0x40400000);
    assert_int_equal(tt_mx_elwadd(op(0, 127, 0), op(0, 127, 0), 0x3F800000, false, false, false, FP32D), 0x40000000);
    /* a zero operand (its exponent is 0, flushed): 1.0 + 0 = 1.0 */
    assert_int_equal(tt_mx_elwadd(op(0, 127, 0), op(0, 0, 5), 0, false, true, false, FP32D), 0x3F800000);
}

/* FP16 Dest saturates: 65504 + 65504 = 131008 (exponent 31, mantissa 0x3FF: Tensix FP16 has no
 * infinity); 131008 + 131008 overflows to exponent 32 and saturates to 131008. */
static void test_elwadd_fp16_saturates(void **state)
{
    (void)state;
    const uint32_t max16 = (31u << 23) | (0x3FFu << 13);
    assert_int_equal(tt_mx_elwadd(op(0, 30, 0x3FF), op(0, 30, 0x3FF), 0, false, false, false, FP16D), max16);
    assert_int_equal(tt_mx_elwadd(op(0, 31, 0x3FF), op(0, 31, 0x3FF), 0, false, false, false, FP16D), max16);
    assert_int_equal(tt_mx_elwadd(op(1, 31, 0x3FF), op(1, 31, 0x3FF), 0, false, false, false, FP16D),
                     0x80000000u | max16);
}

/* ELWMUL fidelity (MVMUL.md "Fidelity"): (1 + 2^-7) * 1.0 with SrcA mantissa 0x408. Phase 0: SrcA
 * bits [10:6] = 16, SrcB bits [10:4] = 64: 1024 << 13 = 0x800000 at exponent 127: 1.0. Phase 1:
 * SrcA bits [5:1] = 4, 4 * 64 = 256 << 13 at exponent 127 - 5: 2^-7 (0x3C000000). Phases 2 and 3
 * (SrcB's low 4 bits, here 0) give 0. The four phases summed are the exact product. */
static void test_elwmul_fidelity_phases(void **state)
{
    (void)state;
    tt_mx_mode md = FP32D;
    const uint32_t a = op(0, 127, 0x008), one = op(0, 127, 0);
    md.phase = 0;
    assert_int_equal(tt_mx_elwmul(a, one, 0, false, false, md), 0x3F800000);
    md.phase = 1;
    assert_int_equal(tt_mx_elwmul(a, one, 0, false, false, md), 0x3C000000);
    md.phase = 2;
    assert_int_equal(tt_mx_elwmul(a, one, 0, false, false, md), 0);
    /* accumulating phase 1 onto phase 0's result: 1 + 2^-7 */
    md.phase = 1;
    assert_int_equal(tt_mx_elwmul(a, one, 0x3F800000, false, false, md), 0x3F810000);
    /* 1.5 * 1.5 at phase 0: 24 * 96 = 2304 = 0x900 -> 2.25 */
    md.phase = 0;
    assert_int_equal(tt_mx_elwmul(op(0, 127, 0x200), op(0, 127, 0x200), 0, false, false, md), 0x40100000);
    /* SrcB's low bits at phase 2: b = 1 + 2^-10 (mantissa 0x001): bits [3:0] << 3 = 8, a = 1.0's
     * 16: 128 << 13 at exponent 127 - 7 = 2^-10 */
    md.phase = 2;
    assert_int_equal(tt_mx_elwmul(one, op(0, 127, 0x001), 0, false, false, md), 0x3A800000);
}

/* Products whose exponent falls to 0 or below are zero; exponent 255 and above is infinity
 * (8-bit exponents): 2^127 * 2^2 -> +inf; -2^127 * 2^2 -> -inf. */
static void test_elwmul_range(void **state)
{
    (void)state;
    assert_int_equal(tt_mx_elwmul(op(0, 27, 0), op(0, 27, 0), 0, false, false, FP32D), 0);
    assert_int_equal(tt_mx_elwmul(op(0, 254, 0), op(0, 129, 0), 0, false, false, FP32D), 0x7F800000);
    assert_int_equal(tt_mx_elwmul(op(1, 254, 0), op(0, 129, 0), 0, false, false, BF16D), 0xFF800000);
}

/* MVMUL.md: 16 products in two groups of 8. All 1.0 x 1.0: each group sums 8 * 1024 at exponent
 * 127, the two groups 16.0 (0x41800000). A lone 2^-20 in a group with 1.0: shifted by 20,
 * ((1024 << 1) + (1 << 20)) >> 21 = 0: lost, while in the other group alone it is kept. */
static void test_mvmul_groups(void **state)
{
    (void)state;
    uint32_t a[16], bv[16];
    for (int k = 0; k < 16; k++) a[k] = bv[k] = op(0, 127, 0);
    assert_int_equal(tt_mx_dot16(a, bv, 0, FP32D), 0x41800000);
    for (int k = 0; k < 16; k++) a[k] = op(0, 0, 0); /* zero */
    a[0] = op(0, 127, 0);
    a[1] = op(0, 107, 0); /* 2^-20 in group 0 beside 1.0: rounded away */
    assert_int_equal(tt_mx_dot16(a, bv, 0, FP32D), 0x3F800000);
    a[1] = op(0, 0, 0);
    a[8] = op(0, 107, 0); /* 2^-20 alone in group 1: kept, 1 + 2^-20 in FP32 */
    assert_int_equal(tt_mx_dot16(a, bv, 0, FP32D), 0x3F800008);
    /* accumulating onto Dest -1.0 cancels group 0 exactly: 2^-20 left (0x35800000) */
    assert_int_equal(tt_mx_dot16(a, bv, 0xBF800000, FP32D), 0x35800000);
}

/* After an overflow (docs/decisions.md M12): a product of zero above exponent 255 is the zero
 * operand's term. 2^127 * 2^127 at phase 1: SrcA bits [5:1] of 1.0 are 0, exponent 254 + 254 - 127 -
 * 5 = 376: Dest inf (0x7F800000, BF16 Dest) is not shifted and stays inf at phases 1, 2 (SrcB's low
 * 4 bits 0) and 3 (ELWMUL.md: a zero product adds nothing). The same for -inf and an FP32 Dest. */
static void test_elwmul_after_overflow(void **state)
{
    (void)state;
    const uint32_t big = op(0, 254, 0);
    for (unsigned ph = 1; ph < 4; ph++) {
        tt_mx_mode md = BF16D;
        md.phase = ph;
        assert_int_equal(tt_mx_elwmul(big, big, 0x7F800000, false, false, md), 0x7F800000);
        assert_int_equal(tt_mx_elwmul(op(1, 254, 0), big, 0xFF800000, false, false, md), 0xFF800000);
        md = FP32D;
        md.phase = ph;
        assert_int_equal(tt_mx_elwmul(big, big, 0x7F800000, false, false, md), 0x7F800000);
    }
    /* phase 0 overflows to inf from a zero Dest */
    assert_int_equal(tt_mx_elwmul(big, big, 0, false, false, BF16D), 0x7F800000);
    /* Below 255 nothing changes (the simulator's bits): a zero product keeps its exponent and still
     * aligns a smaller Dest: FP32 Dest 1 + 2^-23 (0x3F800001), 2^10 * 2^10 at phase 1 (slice 0,
     * exponent 137 + 137 - 132 = 142): Dest shifted 15 places, (0x800001 + 0x4000) >> 15 = 0x100,
     * renormalised: 1.0 (0x3F800000). */
    tt_mx_mode md = FP32D;
    md.phase = 1;
    assert_int_equal(tt_mx_elwmul(op(0, 137, 0), op(0, 137, 0), 0x3F800001, false, false, md), 0x3F800000);
}

/* MVMUL after an overflow (M12). Product 0 is 2^127 * 2^127, the others zero operands. Phase 0 from
 * Dest 0: exponent 381 -> inf. Phase 1: its slice product is 0 at 376: group 0 sums to 0 above 255,
 * the zero operand's term: inf stays inf. */
static void test_mvmul_after_overflow(void **state)
{
    (void)state;
    uint32_t a[16], bv[16];
    for (int k = 0; k < 16; k++) a[k] = bv[k] = op(0, 0, 0);
    a[0] = bv[0] = op(0, 254, 0);
    assert_int_equal(tt_mx_dot16(a, bv, 0, BF16D), 0x7F800000);
    tt_mx_mode md = BF16D;
    md.phase = 1;
    assert_int_equal(tt_mx_dot16(a, bv, 0x7F800000, md), 0x7F800000);
    md = FP32D;
    md.phase = 3;
    assert_int_equal(tt_mx_dot16(a, bv, 0xFF800000, md), 0xFF800000);
    /* below 255 the simulator's alignment stays: a group that cancels exactly (+1.0 and -1.0 at
     * exponent 127) still aligns Dest 2^-30 (0x30800000) to 127: shifted 30 places, (0x800000 +
     * 2^29) >> 30 = 0: +0 */
    a[0] = op(0, 127, 0), bv[0] = op(0, 127, 0);
    a[1] = op(1, 127, 0), bv[1] = op(0, 127, 0);
    assert_int_equal(tt_mx_dot16(a, bv, 0x30800000, FP32D), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_elwadd_bf16_exact),
        cmocka_unit_test(test_elwadd_bf16_rounding),
        cmocka_unit_test(test_elwadd_dest_accum),
        cmocka_unit_test(test_elwadd_fp16_saturates),
        cmocka_unit_test(test_elwmul_fidelity_phases),
        cmocka_unit_test(test_elwmul_range),
        cmocka_unit_test(test_mvmul_groups),
        cmocka_unit_test(test_elwmul_after_overflow),
        cmocka_unit_test(test_mvmul_after_overflow),
    };
    (void)setup, (void)teardown;
    return cmocka_run_group_tests(tests, NULL, NULL);
}
