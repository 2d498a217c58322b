/* Unit tests for the scalar unit (ThCon): SETDMAREG (immediate), ADDDMAREG, STOREIND (L1), DMANOP.
 * Named after the ISA pages in research/isa_semantics.md §4, §5, §6. Public API only. */
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

static uint32_t l1_u32(tt_model *m, uint32_t a)
{
    const uint8_t *p = tt_model_l1(m) + a;
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* SETDMAREG immediate: half h = bits [15:0] of GPR h/2 (h even) or [31:16] (h odd); the 16-bit
 * value is instruction bits [23:8]; the other half is kept. Built with tt_isa_encode too. */
static void test_setdmareg_half_write(void **state)
{
    tt_model *m = *state;
    for (uint32_t h = 0; h < 128; h++) {
        tt_model_reset(m);
        uint32_t r = h >> 1, v = (0xA5C3u + h * 0x0101u) & 0xFFFFu;
        tt_model_gpr_set(m, 0, (int)r, 0x12345678u);
        const tt_op_info *op = tt_isa_by_name("SETDMAREG");
        assert_non_null(op);
        uint32_t vals[4] = {v >> 14, v & 0x3FFFu, 0, h}, word;
        assert_int_equal(tt_isa_encode(op, vals, 4, &word, NULL, 0), 0);
        assert_int_equal(word, 0x45000000u | v << 8 | h);
        assert_int_equal(tt_model_push(m, 0, word), TT_OK);
        tt_exec_result res = tt_model_step(m, 0);
        assert_int_equal(res.status, TT_OK);
        uint32_t want = (h & 1) ? (v << 16 | 0x5678u) : (0x12340000u | v);
        if (gpr(m, 0, (int)r) != want) fail_msg("half %u: 0x%08x, want 0x%08x", h, gpr(m, 0, (int)r), want);
        assert_true(res.eff.kinds & TT_EFF_GPR);
        assert_int_equal(res.eff.n_gpr, 1);
        assert_int_equal(res.eff.gpr_idx[0], r);
        assert_int_equal(res.eff.gpr_data[0], want);
        assert_int_equal(gpr(m, 1, (int)r), 0); /* other thread's GPR untouched */
    }
}

/* SETDMAREG with bit 7 set (set-signals form) is reported, not executed. */
static void test_setdmareg_special_form_unimplemented(void **state)
{
    tt_model *m = *state;
    tt_model_gpr_set(m, 0, 0, 0x11111111u);
    tt_exec_result r = run(m, 0, "ttsetdmareg 0,0x1234,1,0");
    assert_int_equal(r.status, TT_UNIMPLEMENTED);
    assert_int_equal(gpr(m, 0, 0), 0x11111111u);
}

/* ADDDMAREG: uint32 add, wrapping; constant form adds the zero-extended 6-bit field. */
static void test_adddmareg_wraps(void **state)
{
    tt_model *m = *state;
    tt_model_gpr_set(m, 1, 4, 0xFFFFFFFFu);
    tt_model_gpr_set(m, 1, 5, 2);
    tt_exec_result r = run(m, 1, "ttadddmareg 0,6,5,4");
    assert_int_equal(r.status, TT_OK);
    assert_int_equal(gpr(m, 1, 6), 1);
    assert_int_equal(r.eff.n_gpr, 1);
    assert_int_equal(r.eff.gpr_idx[0], 6);
    assert_int_equal(r.eff.gpr_data[0], 1);
    tt_model_gpr_set(m, 1, 7, 0x80000000u);
    run_ok(m, 1, "ttadddmareg 0,8,7,7");
    assert_int_equal(gpr(m, 1, 8), 0);
    tt_model_gpr_set(m, 1, 9, 0xFFFFFFC1u);
    run_ok(m, 1, "ttadddmareg 1,10,63,9"); /* 0xFFFFFFC1 + 63 = 0x1_0000_0000 */
    assert_int_equal(gpr(m, 1, 10), 0);
}

static void test_adddmareg_const_is_field_not_register(void **state)
{
    tt_model *m = *state;
    tt_model_gpr_set(m, 0, 1, 5);
    tt_model_gpr_set(m, 0, 63, 1000);
    run_ok(m, 0, "ttadddmareg 1,2,63,1");
    assert_int_equal(gpr(m, 0, 2), 68);
    run_ok(m, 0, "ttadddmareg 0,3,63,1");
    assert_int_equal(gpr(m, 0, 3), 1005);
    run_ok(m, 0, "ttadddmareg 1,1,1,1"); /* result = source */
    assert_int_equal(gpr(m, 0, 1), 6);
}

/* STOREIND L1: address = GPR[a]*16 + half[o]; 128/32/16/8-bit by Size [22:21], aligned down;
 * post-increment of the offset by {0,2,4,16}; the effect record carries the line, byte enables
 * and the whole line after the write. */
static void test_storeind_sizes_and_postinc(void **state)
{
    tt_model *m = *state;
    memset(tt_model_l1(m) + 0x4000, 0xEE, 0x40);
    tt_model_gpr_set(m, 0, 0, 0x400); /* 0x4000 */
    tt_model_gpr_set(m, 0, 8, 0x03020100u);
    tt_model_gpr_set(m, 0, 9, 0x07060504u);
    tt_model_gpr_set(m, 0, 10, 0x0B0A0908u);
    tt_model_gpr_set(m, 0, 11, 0x0F0E0D0Cu);
    tt_model_gpr_set(m, 0, 12, 0x44332211u);
    tt_model_gpr_set(m, 0, 13, 0x77776655u);
    tt_model_gpr_set(m, 0, 14, 0x123456A5u);
    tt_model_gpr_set(m, 0, 20, 0xBEEF0000u); /* offset: half 40 = r20.lo */

    tt_exec_result r = run(m, 0, "ttstoreind 1,0,0,40,3,11,0"); /* 128-bit, data 11 & 0x3C = 8 */
    assert_int_equal(r.status, TT_OK);
    for (int i = 0; i < 16; i++) assert_int_equal(tt_model_l1(m)[0x4000 + i], i);
    assert_int_equal(r.eff.n_l1, 1);
    assert_int_equal(r.eff.l1_addr[0], 0x4000);
    assert_int_equal(r.eff.l1_be[0], 0xFFFF);
    assert_memory_equal(r.eff.l1_line[0], tt_model_l1(m) + 0x4000, 16);
    assert_int_equal(gpr(m, 0, 20), 0xBEEF0010u); /* +16, high half kept */

    r = run(m, 0, "ttstoreind 1,0,1,40,2,12,0"); /* 32-bit at 0x4010, +4 */
    assert_int_equal(l1_u32(m, 0x4010), 0x44332211u);
    assert_int_equal(r.eff.l1_addr[0], 0x4010);
    assert_int_equal(r.eff.l1_be[0], 0x000F);
    assert_int_equal(gpr(m, 0, 20), 0xBEEF0014u);

    r = run(m, 0, "ttstoreind 1,1,0,40,1,13,0"); /* 16-bit at 0x4014, +2 */
    assert_int_equal(l1_u32(m, 0x4014), 0xEEEE6655u);
    assert_int_equal(r.eff.l1_be[0], 0x0030);
    assert_int_equal(gpr(m, 0, 20), 0xBEEF0016u);

    r = run(m, 0, "ttstoreind 1,1,1,40,0,14,0"); /* 8-bit at 0x4016, no increment */
    assert_int_equal(l1_u32(m, 0x4014), 0xEEA56655u);
    assert_int_equal(r.eff.l1_be[0], 0x0040);
    assert_int_equal(gpr(m, 0, 20), 0xBEEF0016u);
    assert_memory_equal(r.eff.l1_line[0], tt_model_l1(m) + 0x4010, 16);

    /* Misaligned: aligned down to the size. */
    tt_model_gpr_set(m, 0, 20, 0x2B);
    run_ok(m, 0, "ttstoreind 1,0,1,40,0,12,0"); /* 32-bit at 0x402B -> 0x4028 */
    assert_int_equal(l1_u32(m, 0x4028), 0x44332211u);
    tt_model_gpr_set(m, 0, 20, 0x3F);
    run_ok(m, 0, "ttstoreind 1,0,0,40,0,8,0"); /* 128-bit at 0x403F -> 0x4030 */
    assert_int_equal(l1_u32(m, 0x4030), 0x03020100u);
    assert_int_equal(l1_u32(m, 0x403C), 0x0F0E0D0Cu);
    tt_model_gpr_set(m, 0, 20, 0x25);
    run_ok(m, 0, "ttstoreind 1,1,0,40,0,13,0"); /* 16-bit at 0x4025 -> 0x4024 */
    assert_int_equal(l1_u32(m, 0x4024), 0xEEEE6655u);
    /* Offset wraps at 16 bits. */
    tt_model_gpr_set(m, 0, 21, 0x1234FFF8u);
    tt_model_gpr_set(m, 0, 2, 0);
    run_ok(m, 0, "ttstoreind 1,0,1,42,3,12,2"); /* 32-bit at 0xFFF8, offset += 16 -> 0x0008 */
    assert_int_equal(l1_u32(m, 0xFFF8), 0x44332211u);
    assert_int_equal(gpr(m, 0, 21), 0x12340008u);
}

/* STOREIND at or past the 1536 KiB of L1 is undefined behaviour; the last byte is fine. */
static void test_storeind_past_l1_undefined(void **state)
{
    tt_model *m = *state;
    tt_model_gpr_set(m, 0, 0, 0x17FFF);
    tt_model_gpr_set(m, 0, 1, 0x5A);
    tt_model_gpr_set(m, 0, 2, 0x000F); /* half 4 */
    tt_exec_result r = run(m, 0, "ttstoreind 1,1,1,4,1,1,0"); /* 8-bit at 0x17FFFF */
    assert_int_equal(r.status, TT_OK);
    assert_int_equal(tt_model_l1(m)[TT_L1_BYTES - 1], 0x5A);
    assert_int_equal(gpr(m, 0, 2), 0x0011);
    r = run(m, 0, "ttstoreind 1,1,1,4,0,1,0"); /* 0x17FFF0 + 0x11 = 0x180001 */
    assert_int_equal(r.status, TT_UNDEFINED);
    assert_int_equal(r.eff.n_l1, 0);
    tt_model_gpr_set(m, 0, 0, 0x18000);
    tt_model_gpr_set(m, 0, 2, 0);
    r = run(m, 0, "ttstoreind 1,0,0,4,0,8,0");
    assert_int_equal(r.status, TT_UNDEFINED);
    assert_non_null(strstr(r.msg, "past L1"));
}

/* An offset half-register that is part of the address or data GPR is undocumented: reported. */
static void test_storeind_offset_alias_undefined(void **state)
{
    tt_model *m = *state;
    static const char *const lines[] = {
        "ttstoreind 1,0,1,1,0,5,0",  /* half 1 = r0.hi, r0 is the address */
        "ttstoreind 1,0,1,10,0,5,0", /* half 10 = r5.lo, r5 is the data */
        "ttstoreind 1,0,0,18,0,8,0", /* half 18 = r9.lo, inside the 128-bit data r8..r11 */
    };
    for (size_t i = 0; i < 3; i++) {
        tt_exec_result r = run(m, 0, lines[i]);
        if (r.status != TT_UNDEFINED) fail_msg("'%s': %s", lines[i], tt_status_name(r.status));
    }
}

/* STOREIND with bit 23 clear (MMIO or SrcA/SrcB) is not implemented: reported. */
static void test_storeind_non_l1_unimplemented(void **state)
{
    tt_model *m = *state;
    assert_int_equal(run(m, 0, "ttstoreind 0,1,0,4,0,1,0").status, TT_UNIMPLEMENTED);
    assert_int_equal(run(m, 0, "ttstoreind 0,0,0,4,0,1,0").status, TT_UNIMPLEMENTED);
}

/* DMANOP and NOP: no architectural effect at all. */
static void test_dmanop_and_nop_have_no_effect(void **state)
{
    tt_model *m = *state;
    tt_model_gpr_set(m, 0, 3, 0x33u);
    tt_model_cfg_set(m, 0, 3, 0x44u);
    tt_model_sem_set(m, 3, 5, 6);
    static const char *const lines[] = {"ttdmanop", "ttnop"};
    for (size_t i = 0; i < 2; i++) {
        tt_exec_result r = run(m, 0, lines[i]);
        assert_int_equal(r.status, TT_OK);
        assert_int_equal(r.eff.kinds, 0);
    }
    uint32_t v, mx;
    assert_int_equal(gpr(m, 0, 3), 0x33u);
    assert_true(tt_model_cfg_get(m, 0, 3, &v));
    assert_int_equal(v, 0x44u);
    assert_true(tt_model_sem_get(m, 3, &v, &mx));
    assert_int_equal(v, 5);
    assert_int_equal(mx, 6);
    assert_int_equal(tt_model_retired(m, 0), 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_setdmareg_half_write, setup, teardown),
        cmocka_unit_test_setup_teardown(test_setdmareg_special_form_unimplemented, setup, teardown),
        cmocka_unit_test_setup_teardown(test_adddmareg_wraps, setup, teardown),
        cmocka_unit_test_setup_teardown(test_adddmareg_const_is_field_not_register, setup, teardown),
        cmocka_unit_test_setup_teardown(test_storeind_sizes_and_postinc, setup, teardown),
        cmocka_unit_test_setup_teardown(test_storeind_past_l1_undefined, setup, teardown),
        cmocka_unit_test_setup_teardown(test_storeind_offset_alias_undefined, setup, teardown),
        cmocka_unit_test_setup_teardown(test_storeind_non_l1_unimplemented, setup, teardown),
        cmocka_unit_test_setup_teardown(test_dmanop_and_nop_have_no_effect, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
