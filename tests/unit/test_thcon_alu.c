/* Unit tests for the scalar unit's GPR arithmetic: SUBDMAREG, MULDMAREG, BITWOPDMAREG, SHIFTDMAREG,
 * CMPDMAREG (both operand forms) and SETDMAREG's set-signals form with a zero InputSource. Each
 * test is named after the ISA documentation page it checks (WormholeB0 TensixCoprocessor
 * {SUBDMAREG,MULDMAREG,BITWOPDMAREG,SHIFTDMAREG,CMPDMAREG,SETDMAREG_Special}.md). Syntax:
 * ttXXXdmareg ISCONST,[MODE,]RESULT,RIGHT,LEFT; result = LEFT op RIGHT. Public API only. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "model_fixture.h"

#include <stdio.h>
#include <string.h>

#include "ttisa.h"
#include "ttmodel.h"

/* SUBDMAREG.md: Left - Right, uint32 wrap-around; the constant form subtracts the 6-bit field. */
static void test_subdmareg_left_minus_right_wraps(void **state)
{
    tt_model *m = *state;
    tt_model_gpr_set(m, 0, 1, 5);
    tt_model_gpr_set(m, 0, 2, 7);
    tt_exec_result r = run_ok(m, 0, "ttsubdmareg 0,3,2,1");
    assert_int_equal(gpr(m, 0, 3), 0xFFFFFFFEu);
    assert_true(r.eff.kinds & TT_EFF_GPR);
    assert_int_equal(r.eff.n_gpr, 1);
    assert_int_equal(r.eff.gpr_idx[0], 3);
    assert_int_equal(r.eff.gpr_data[0], 0xFFFFFFFEu);
    run_ok(m, 0, "ttsubdmareg 0,4,1,2"); /* 7 - 5 */
    assert_int_equal(gpr(m, 0, 4), 2);
    run_ok(m, 0, "ttsubdmareg 1,5,63,1"); /* 5 - 63 */
    assert_int_equal(gpr(m, 0, 5), (uint32_t)(5 - 63));
    assert_int_equal(gpr(m, 1, 5), 0); /* other threads untouched */
}

/* MULDMAREG.md: only the low 16 bits of each operand; the 32-bit product is kept whole. */
static void test_muldmareg_low16_operands(void **state)
{
    tt_model *m = *state;
    tt_model_gpr_set(m, 1, 1, 0xFFFFFFFFu);
    tt_model_gpr_set(m, 1, 6, 0x1234FFFFu);
    run_ok(m, 1, "ttmuldmareg 0,2,6,1");
    assert_int_equal(gpr(m, 1, 2), 0xFFFE0001u); /* 0xFFFF * 0xFFFF */
    run_ok(m, 1, "ttmuldmareg 1,3,63,1");
    assert_int_equal(gpr(m, 1, 3), 0xFFFFu * 63u);
    tt_model_gpr_set(m, 1, 7, 0x00030000u); /* low half 0: product 0 */
    run_ok(m, 1, "ttmuldmareg 0,4,7,1");
    assert_int_equal(gpr(m, 1, 4), 0);
}

/* BITWOPDMAREG.md: Mode [20:18] 0 AND, 1 OR, 2 XOR; other modes are undefined. */
static void test_bitwopdmareg_ops(void **state)
{
    tt_model *m = *state;
    tt_model_gpr_set(m, 0, 1, 0xF0F0A5A5u);
    tt_model_gpr_set(m, 0, 2, 0x0FF0FF00u);
    run_ok(m, 0, "ttbitwopdmareg 0,0,3,2,1");
    assert_int_equal(gpr(m, 0, 3), 0x00F0A500u);
    run_ok(m, 0, "ttbitwopdmareg 0,1,3,2,1");
    assert_int_equal(gpr(m, 0, 3), 0xFFF0FFA5u);
    run_ok(m, 0, "ttbitwopdmareg 0,2,3,2,1");
    assert_int_equal(gpr(m, 0, 3), 0xFF005AA5u);
    run_ok(m, 0, "ttbitwopdmareg 1,2,4,0x3F,1"); /* XOR with the constant 63 */
    assert_int_equal(gpr(m, 0, 4), 0xF0F0A5A5u ^ 0x3Fu);
    for (int mode = 3; mode < 8; mode++) {
        char line[64];
        snprintf(line, sizeof line, "ttbitwopdmareg 0,%d,5,2,1", mode);
        tt_exec_result r = run(m, 0, line);
        assert_int_equal(r.status, TT_UNDEFINED);
        assert_non_null(strstr(r.msg, "BITWOPDMAREG mode"));
        assert_int_equal(gpr(m, 0, 5), 0);
    }
}

/* SHIFTDMAREG.md: register amount = GPR & 0x1F; immediate amount = 5-bit field [10:6]; 0 left,
 * 1 right (logical); other modes undefined. */
static void test_shiftdmareg_amount_masked(void **state)
{
    tt_model *m = *state;
    tt_model_gpr_set(m, 0, 1, 0x80000001u);
    tt_model_gpr_set(m, 0, 2, 33); /* & 0x1F = 1 */
    run_ok(m, 0, "ttshiftdmareg 0,0,3,2,1");
    assert_int_equal(gpr(m, 0, 3), 0x00000002u);
    run_ok(m, 0, "ttshiftdmareg 0,1,3,2,1");
    assert_int_equal(gpr(m, 0, 3), 0x40000000u); /* logical, not arithmetic */
    tt_model_gpr_set(m, 0, 2, 0xFFFFFFE0u); /* & 0x1F = 0: unchanged */
    run_ok(m, 0, "ttshiftdmareg 0,0,3,2,1");
    assert_int_equal(gpr(m, 0, 3), 0x80000001u);
    run_ok(m, 0, "ttshiftdmareg 1,0,4,31,1");
    assert_int_equal(gpr(m, 0, 4), 0x80000000u);
    run_ok(m, 0, "ttshiftdmareg 1,1,4,0x3F,1"); /* field bit 11 is not part of RightImm5: 31 */
    assert_int_equal(gpr(m, 0, 4), 1u);
    tt_exec_result r = run(m, 0, "ttshiftdmareg 0,2,5,2,1");
    assert_int_equal(r.status, TT_UNDEFINED);
}

/* CMPDMAREG.md: unsigned; 0 GT, 1 LT, 2 EQ; the result GPR is 1 or 0; other modes undefined. */
static void test_cmpdmareg_modes(void **state)
{
    tt_model *m = *state;
    static const struct { uint32_t l, r; uint32_t gt, lt, eq; } cases[] = {
        {5, 7, 0, 1, 0}, {7, 5, 1, 0, 0}, {9, 9, 0, 0, 1},
        {0x80000000u, 1, 1, 0, 0}, /* unsigned: not a negative number */
        {0, 0xFFFFFFFFu, 0, 1, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tt_model_gpr_set(m, 2, 1, cases[i].l);
        tt_model_gpr_set(m, 2, 2, cases[i].r);
        tt_model_gpr_set(m, 2, 3, 0xABCDu);
        run_ok(m, 2, "ttcmpdmareg 0,0,3,2,1");
        assert_int_equal(gpr(m, 2, 3), cases[i].gt);
        run_ok(m, 2, "ttcmpdmareg 0,1,3,2,1");
        assert_int_equal(gpr(m, 2, 3), cases[i].lt);
        run_ok(m, 2, "ttcmpdmareg 0,2,3,2,1");
        assert_int_equal(gpr(m, 2, 3), cases[i].eq);
    }
    tt_model_gpr_set(m, 2, 1, 63);
    run_ok(m, 2, "ttcmpdmareg 1,2,4,63,1");
    assert_int_equal(gpr(m, 2, 4), 1);
    run_ok(m, 2, "ttcmpdmareg 1,0,4,62,1");
    assert_int_equal(gpr(m, 2, 4), 1);
    tt_exec_result r = run(m, 2, "ttcmpdmareg 0,3,4,2,1");
    assert_int_equal(r.status, TT_UNDEFINED);
    assert_non_null(strstr(r.msg, "CMPDMAREG mode 3"));
}

/* SETDMAREG_Special.md: Values[] starts at 0 and InputSources 10..15 leave it so: ResultSize 0
 * zeroes one half, 1 one GPR, 2 four aligned GPRs, 3 the tile-header fields of four GPRs. Sources
 * 0..9 read packer state, which is not modelled: unimplemented. Payload = src << 3 | halfreg. */
static void test_setdmareg_special_zero_sources(void **state)
{
    tt_model *m = *state;
    for (int k = 0; k < 8; k++)
        tt_model_gpr_set(m, 0, 8 + k, 0x11111111u * (uint32_t)(k + 1));
    run_ok(m, 0, "ttsetdmareg 0,0x50,1,17"); /* src 10, size 0, half 17 = r8 high */
    assert_int_equal(gpr(m, 0, 8), 0x00001111u);
    run_ok(m, 0, "ttsetdmareg 1,0x78,1,18"); /* src 15, size 1, GPR 9 */
    assert_int_equal(gpr(m, 0, 9), 0);
    tt_exec_result r = run_ok(m, 0, "ttsetdmareg 2,0x58,1,27"); /* src 11, size 2: GPRs 12..15 */
    for (int k = 12; k < 16; k++)
        assert_int_equal(gpr(m, 0, k), 0);
    assert_int_equal(r.eff.n_gpr, 4); /* all four reported, ascending */
    for (int k = 0; k < 4; k++) {
        assert_int_equal(r.eff.gpr_idx[k], 12 + k);
        assert_int_equal(r.eff.gpr_data[k], 0);
    }
    assert_int_equal(gpr(m, 0, 11), 0x44444444u);
    tt_model_gpr_set(m, 0, 8, 0xAAAABBBBu);
    tt_model_gpr_set(m, 0, 9, 0xCCDDEEFFu);
    tt_model_gpr_set(m, 0, 10, 0x12345678u);
    tt_model_gpr_set(m, 0, 11, 0x9ABCDEF0u);
    r = run_ok(m, 0, "ttsetdmareg 3,0x60,1,16"); /* src 12, size 3: tile-header merge into r8..r11 */
    assert_int_equal(r.eff.n_gpr, 3); /* the three words holding merged fields */
    assert_int_equal(r.eff.gpr_idx[0], 8);
    assert_int_equal(r.eff.gpr_data[0], 0xAAAA0000u);
    assert_int_equal(r.eff.gpr_idx[1], 9);
    assert_int_equal(r.eff.gpr_data[1], 0xCC00EEFFu);
    assert_int_equal(r.eff.gpr_idx[2], 10);
    assert_int_equal(r.eff.gpr_data[2], 0);
    assert_int_equal(gpr(m, 0, 8), 0xAAAA0000u);  /* TileSize cleared, reserved kept */
    assert_int_equal(gpr(m, 0, 9), 0xCC00EEFFu);  /* DataFormat/DisableZeroCompression/SpareBits */
    assert_int_equal(gpr(m, 0, 10), 0);           /* AllZeroFlags */
    assert_int_equal(gpr(m, 0, 11), 0x9ABCDEF0u); /* reserved word kept */
    for (int src = 0; src < 10; src++) {
        char line[64];
        snprintf(line, sizeof line, "ttsetdmareg 1,%d,1,2", src << 3);
        tt_model_gpr_set(m, 0, 1, 0x5555u);
        r = run(m, 0, line);
        assert_int_equal(r.status, TT_UNIMPLEMENTED);
        assert_non_null(strstr(r.msg, "packers are not modelled"));
        assert_int_equal(gpr(m, 0, 1), 0x5555u);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_subdmareg_left_minus_right_wraps, setup, teardown),
        cmocka_unit_test_setup_teardown(test_muldmareg_low16_operands, setup, teardown),
        cmocka_unit_test_setup_teardown(test_bitwopdmareg_ops, setup, teardown),
        cmocka_unit_test_setup_teardown(test_shiftdmareg_amount_masked, setup, teardown),
        cmocka_unit_test_setup_teardown(test_cmpdmareg_modes, setup, teardown),
        cmocka_unit_test_setup_teardown(test_setdmareg_special_zero_sources, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
