/* Unit tests for CFGSHIFTMASK (configuration unit), named after the ISA documentation page
 * BlackholeA0 TensixCoprocessor CFGSHIFTMASK.md. Syntax:
 * ttcfgshiftmask MASKMODE,ALUMODE,MASKWIDTH,ROTATE,SCRATCH,CFGINDEX. SCRATCH_SEC[i].val is config
 * ADDR32 209 + i. Public API only. */
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

static uint32_t rotr(uint32_t v, unsigned n) { return n ? (v >> n) | (v << (32 - n)) : v; }

/* Mask = MaskWidth + 1 low bits; the scratch value is masked then rotated right; MaskMode 0 clears
 * the rotated mask's bits of the old value first. */
static void test_cfgshiftmask_rotate_and_mask(void **state)
{
    tt_model *m = *state;
    tt_model_cfg_set(m, 0, 209, 0x123456ABu);
    tt_model_cfg_set(m, 0, 40, 0xFFFFFFFFu);
    tt_exec_result r = run_ok(m, 0, "ttcfgshiftmask 0,0,7,8,0,40"); /* 8 bits, rotr 8, OR */
    assert_int_equal(cfg(m, 0, 40), 0xABFFFFFFu);
    assert_true(r.eff.kinds & TT_EFF_CFG);
    assert_int_equal(r.eff.cfg_we, 1);
    assert_int_equal(r.eff.cfg_addr, 40);
    assert_int_equal(r.eff.cfg_data[0], 0xABFFFFFFu);
    tt_model_cfg_set(m, 0, 41, 0x00000000u);
    run_ok(m, 0, "ttcfgshiftmask 0,0,3,2,0,41"); /* 4 bits 0xB, rotr 2: 0xC0000002 */
    assert_int_equal(cfg(m, 0, 41), 0xC0000002u);
    tt_model_cfg_set(m, 0, 42, 0x0F0F0F0Fu);
    run_ok(m, 0, "ttcfgshiftmask 0,0,31,0,0,42"); /* width 31: whole word replaced */
    assert_int_equal(cfg(m, 0, 42), 0x123456ABu);
    tt_model_cfg_set(m, 0, 43, 0xFFFF0000u);
    run_ok(m, 0, "ttcfgshiftmask 1,0,3,0,0,43"); /* MaskMode 1: old bits kept, OR 0xB */
    assert_int_equal(cfg(m, 0, 43), 0xFFFF000Bu);
    tt_model_cfg_set(m, 0, 44, 0xFFFFFFFFu);
    run_ok(m, 0, "ttcfgshiftmask 0,0,0,31,0,44"); /* 1 bit (1) rotr 31 = bit 1; clears bit 1 first */
    assert_int_equal(cfg(m, 0, 44), 0xFFFFFFFFu);
}

/* AluMode: 0 OR, 1 AND, 2 XOR, 3 ADD, 4 OR NOT, 5 AND NOT, 6 XOR NOT, 7 SUB (MaskMode 1: no clear). */
static void test_cfgshiftmask_alu_modes(void **state)
{
    tt_model *m = *state;
    const uint32_t old = 0xF00F1234u, sv = rotr(0x00FFu & 0xFFFu, 4); /* width 11, rot 4 */
    const uint32_t want[8] = {old | sv, old & sv, old ^ sv, old + sv, old | ~sv, old & ~sv, old ^ ~sv, old - sv};
    tt_model_cfg_set(m, 0, 210, 0xAB0000FFu); /* scratch 1; bits above the mask are dropped */
    for (int alu = 0; alu < 8; alu++) {
        char line[64];
        tt_model_cfg_set(m, 0, 7, old);
        snprintf(line, sizeof line, "ttcfgshiftmask 1,%d,11,4,1,7", alu);
        run_ok(m, 1, line);
        assert_int_equal(cfg(m, 0, 7), want[alu]);
    }
}

/* ScratchIndex 3 means SCRATCH_SEC[CurrentThread]; the config state is the thread's StateID. */
static void test_cfgshiftmask_scratch3_thread_and_state(void **state)
{
    tt_model *m = *state;
    /* SCRATCH_SEC is global (ADDR32 >= 180, BackendConfiguration.md): one value per index, set
     * through state 1 and seen from both states. */
    for (int t = 0; t < 3; t++) tt_model_cfg_set(m, 1, 209 + t, 0x10u << t);
    run_ok(m, 2, "ttcfgshiftmask 0,0,31,0,3,50");
    assert_int_equal(cfg(m, 0, 50), 0x40u);
    run_ok(m, 1, "ttsetc16 0,1"); /* thread 1 uses state 1 */
    run_ok(m, 1, "ttcfgshiftmask 0,0,31,0,3,50");
    assert_int_equal(cfg(m, 1, 50), 0x20u);
    assert_int_equal(cfg(m, 0, 50), 0x40u);
}

static void test_cfgshiftmask_index_224_undefined(void **state)
{
    tt_model *m = *state;
    tt_exec_result r = run(m, 0, "ttcfgshiftmask 0,0,7,0,0,224");
    assert_int_equal(r.status, TT_UNDEFINED);
    assert_non_null(strstr(r.msg, "CFGSHIFTMASK config index 224"));
    run_ok(m, 0, "ttcfgshiftmask 0,0,7,0,0,223");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_cfgshiftmask_rotate_and_mask, setup, teardown),
        cmocka_unit_test_setup_teardown(test_cfgshiftmask_alu_modes, setup, teardown),
        cmocka_unit_test_setup_teardown(test_cfgshiftmask_scratch3_thread_and_state, setup, teardown),
        cmocka_unit_test_setup_teardown(test_cfgshiftmask_index_224_undefined, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
