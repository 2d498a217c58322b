/* Unit tests for the scalar unit's memory instructions: LOADIND (L1 to GPR), LOADREG and STOREREG.
 * Named after the ISA documentation pages WormholeB0 TensixCoprocessor {LOADIND,LOADREG,STOREREG}.md
 * (Blackhole L1 size 0x180000). LOADIND syntax: ttloadind SIZE,OFFSETHALF,INC,RESULT,ADDR.
 * Public API only. */
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

static void l1_put(tt_model *m, uint32_t a, const uint8_t *b, size_t n) { memcpy(tt_model_l1(m) + a, b, n); }

/* LOADIND.md: address = GPR[Addr] * 16 + half[Offset]; Size 0 = 16 bytes into GPRs
 * (Result & 0x3C)..+3, 1 = 32-bit, 2 = low 16 bits, 3 = low 8 bits (upper bits kept); the address
 * is aligned down to the size; the offset post-increments by 0/2/4/16 (16-bit wrap). */
static void test_loadind_sizes_and_postinc(void **state)
{
    tt_model *m = *state;
    uint8_t bytes[48];
    for (int i = 0; i < 48; i++)
        bytes[i] = (uint8_t)(0x10 + i);
    l1_put(m, 0x2000, bytes, sizeof bytes);
    tt_model_gpr_set(m, 0, 0, 0x200);        /* 0x200 * 16 = 0x2000 */
    tt_model_gpr_set(m, 0, 20, 0xBEEF0000u); /* offset = half 40 = 0 */

    run_ok(m, 0, "ttloadind 0,40,3,9,0"); /* 128-bit into r8..r11 (9 & 0x3C); offset += 16 */
    assert_int_equal(gpr(m, 0, 8), 0x13121110u);
    assert_int_equal(gpr(m, 0, 11), 0x1F1E1D1Cu);
    assert_int_equal(gpr(m, 0, 20), 0xBEEF0010u);

    run_ok(m, 0, "ttloadind 1,40,2,12,0"); /* 32-bit at 0x2010 */
    assert_int_equal(gpr(m, 0, 12), 0x23222120u);
    assert_int_equal(gpr(m, 0, 20), 0xBEEF0014u);

    tt_model_gpr_set(m, 0, 13, 0xAAAAAAAAu);
    run_ok(m, 0, "ttloadind 2,40,1,13,0"); /* 16-bit at 0x2014, high half kept */
    assert_int_equal(gpr(m, 0, 13), 0xAAAA2524u);
    assert_int_equal(gpr(m, 0, 20), 0xBEEF0016u);

    tt_model_gpr_set(m, 0, 14, 0xBBBBBBBBu);
    run_ok(m, 0, "ttloadind 3,40,0,14,0"); /* 8-bit at 0x2016, upper 24 bits kept, no increment */
    assert_int_equal(gpr(m, 0, 14), 0xBBBBBB26u);
    assert_int_equal(gpr(m, 0, 20), 0xBEEF0016u);

    tt_model_gpr_set(m, 0, 20, 0xBEEF0027u); /* misaligned: 0x2027 */
    run_ok(m, 0, "ttloadind 1,40,0,15,0");   /* aligned down to 0x2024 */
    assert_int_equal(gpr(m, 0, 15), 0x37363534u);
    run_ok(m, 0, "ttloadind 2,40,0,16,0");   /* aligned down to 0x2026 */
    assert_int_equal(gpr(m, 0, 16), 0x3736u);
    run_ok(m, 0, "ttloadind 0,40,0,17,0");   /* aligned down to 0x2020 into r16..r19 */
    assert_int_equal(gpr(m, 0, 16), 0x33323130u);
    assert_int_equal(gpr(m, 0, 19), 0x3F3E3D3Cu);

    tt_model_gpr_set(m, 0, 1, 0);
    tt_model_gpr_set(m, 0, 22, 0x0000FFF8u); /* +16 wraps to 0x0008; the high half is kept */
    run_ok(m, 0, "ttloadind 1,44,3,23,1");
    assert_int_equal(gpr(m, 0, 22), 0x00000008u);
}

/* LOADIND.md: a LOADIND writes its result GPR and, with OffsetIncrement != 0, the offset
 * half-register's GPR; the effects list both, ascending, with their values after. */
static void test_loadind_reports_offset_and_loaded_gpr(void **state)
{
    tt_model *m = *state;
    const uint8_t b[4] = {1, 2, 3, 4};
    l1_put(m, 0x100, b, 4);
    tt_model_gpr_set(m, 1, 0, 0x10);
    tt_exec_result r = run_ok(m, 1, "ttloadind 1,10,1,7,0"); /* offset half 10 = r5 low, += 2 */
    assert_int_equal(r.eff.kinds & TT_EFF_GPR, TT_EFF_GPR);
    assert_int_equal(r.eff.kinds & TT_EFF_L1, 0);
    assert_int_equal(r.eff.n_gpr, 2);
    assert_int_equal(r.eff.gpr_idx[0], 5);
    assert_int_equal(r.eff.gpr_data[0], 2);
    assert_int_equal(r.eff.gpr_idx[1], 7);
    assert_int_equal(r.eff.gpr_data[1], 0x04030201u);
    r = run_ok(m, 1, "ttloadind 1,10,0,7,0"); /* no increment: the loaded GPR only */
    assert_int_equal(r.eff.n_gpr, 1);
    assert_int_equal(r.eff.gpr_idx[0], 7);
}

/* LOADIND.md, 128-bit: four result GPRs (ResultReg & 0x3C)..+3 plus the post-incremented offset,
 * five writes, all reported ascending. An offset inside the loaded group is written twice; it is
 * reported once, with the loaded word (the load lands after the increment). */
static void test_loadind_128_reports_all_gpr_writes(void **state)
{
    tt_model *m = *state;
    uint8_t bytes[32];
    for (int i = 0; i < 32; i++)
        bytes[i] = (uint8_t)(0x40 + i);
    l1_put(m, 0x3000, bytes, sizeof bytes);
    tt_model_gpr_set(m, 2, 1, 0x300);          /* 0x300 * 16 = 0x3000 */
    tt_model_gpr_set(m, 2, 2, 0x77770000u);    /* offset half 4 = r2 low = 0 */
    tt_exec_result r = run_ok(m, 2, "ttloadind 0,4,3,13,1"); /* r12..r15; offset += 16 */
    assert_int_equal(r.eff.n_gpr, 5);
    const uint8_t want_idx[5] = {2, 12, 13, 14, 15};
    const uint32_t want[5] = {0x77770010u, 0x43424140u, 0x47464544u, 0x4B4A4948u, 0x4F4E4D4Cu};
    for (int k = 0; k < 5; k++) {
        assert_int_equal(r.eff.gpr_idx[k], want_idx[k]);
        assert_int_equal(r.eff.gpr_data[k], want[k]);
    }

    tt_model_gpr_set(m, 2, 14, 0x00000010u);   /* offset half 28 = r14 low = 0x10 */
    r = run_ok(m, 2, "ttloadind 0,28,1,12,1"); /* 0x3010 into r12..r15; r14 += 2, then loaded */
    assert_int_equal(r.eff.n_gpr, 4);
    for (int k = 0; k < 4; k++) {
        assert_int_equal(r.eff.gpr_idx[k], 12 + k);
        assert_int_equal(r.eff.gpr_data[k], gpr(m, 2, 12 + k));
    }
    assert_int_equal(r.eff.gpr_data[2], 0x5B5A5958u);
}

/* LOADIND.md: the increment happens when the instruction completes and the data arrives later,
 * so a result GPR that holds the offset ends with the loaded data. */
static void test_loadind_increment_then_load_when_aliased(void **state)
{
    tt_model *m = *state;
    const uint8_t b[4] = {0x99, 0x88, 0x77, 0x66};
    l1_put(m, 0x40, b, 4);
    tt_model_gpr_set(m, 0, 0, 0x4);
    tt_model_gpr_set(m, 0, 5, 0x12340000u); /* half 10 = r5 low = offset 0 */
    run_ok(m, 0, "ttloadind 3,11,3,5,0");   /* offset half 11 = r5 high (0x1234 -> address 0x1274) */
    /* address 0x40 + 0x1234 = 0x1274 reads 0; high half incremented to 0x1244, low byte loaded */
    assert_int_equal(gpr(m, 0, 5), 0x12440000u);
    tt_model_gpr_set(m, 0, 5, 0);
    run_ok(m, 0, "ttloadind 1,10,3,5,0");   /* offset r5 low = 0, result r5: the load wins */
    assert_int_equal(gpr(m, 0, 5), 0x66778899u);
}

static void test_loadind_past_l1_undefined(void **state)
{
    tt_model *m = *state;
    tt_model_gpr_set(m, 0, 0, 0x18000); /* 0x180000 */
    tt_exec_result r = run(m, 0, "ttloadind 1,10,3,7,0");
    assert_int_equal(r.status, TT_UNDEFINED);
    assert_non_null(strstr(r.msg, "past L1"));
    assert_int_equal(gpr(m, 0, 5), 0); /* no increment either */
    tt_model_gpr_set(m, 0, 0, 0x17FFF);
    tt_model_gpr_set(m, 0, 5, 0xF);
    run_ok(m, 0, "ttloadind 3,10,0,7,0"); /* the last byte is fine */
}

/* LOADREG.md / STOREREG.md: address 0xFFB00000 + AddrLo * 4; below 0xFFB11000 undefined; the
 * window above holds devices this model does not keep: unimplemented, naming the region. */
static void test_loadreg_storereg_address_window(void **state)
{
    tt_model *m = *state;
    tt_exec_result r = run(m, 0, "ttloadreg 1,0x43FF"); /* 0xFFB10FFC */
    assert_int_equal(r.status, TT_UNDEFINED);
    assert_non_null(strstr(r.msg, "0xffb10ffc"));
    r = run(m, 0, "ttstorereg 1,0x4400"); /* 0xFFB11000 TDMA-RISC */
    assert_int_equal(r.status, TT_UNIMPLEMENTED);
    assert_non_null(strstr(r.msg, "TDMA-RISC"));
    r = run(m, 0, "ttloadreg 1,0x8000"); /* 0xFFB20000 NoC 0 */
    assert_int_equal(r.status, TT_UNIMPLEMENTED);
    assert_non_null(strstr(r.msg, "NoC 0"));
    assert_int_equal(gpr(m, 0, 1), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_loadind_sizes_and_postinc, setup, teardown),
        cmocka_unit_test_setup_teardown(test_loadind_reports_offset_and_loaded_gpr, setup, teardown),
        cmocka_unit_test_setup_teardown(test_loadind_128_reports_all_gpr_writes, setup, teardown),
        cmocka_unit_test_setup_teardown(test_loadind_increment_then_load_when_aliased, setup, teardown),
        cmocka_unit_test_setup_teardown(test_loadind_past_l1_undefined, setup, teardown),
        cmocka_unit_test_setup_teardown(test_loadreg_storereg_address_window, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
