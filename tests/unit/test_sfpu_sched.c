/* test_sfpu_sched.c: the SFPU's read / write sets and automatic stalls as the model's table holds
 * them (ref_model/src/sfpu_sched.c; docs/decisions.md S21, S22), on instruction words worked out by
 * hand from the pages (SFPMAD.md "Instruction scheduling" and its CAUTION list, SFPLUTFP32.md's
 * Mod1Mirror, SFPSWAP.md, SFPSHFT2.md, SFPCONFIG.md). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "sfpu_sched.h"

/* words: opcode << 24 | fields (blackhole-assembly.yaml) */
#define MAD(va, vb, vc, vd, m) (0x84000000u | (va) << 16 | (vb) << 12 | (vc) << 8 | (vd) << 4 | (m))
#define IADD(imm, vc, vd, m) (0x79000000u | (imm) << 12 | (vc) << 8 | (vd) << 4 | (m))
#define AND(vb, vc, vd, m) (0x7E000000u | (vb) << 12 | (vc) << 8 | (vd) << 4 | (m))
#define MOV(vc, vd) (0x7C000000u | (vc) << 8 | (vd) << 4)
#define SWAP(vc, vd, m) (0x92000000u | (vc) << 8 | (vd) << 4 | (m))
#define SHFT2(vb, vc, vd, m) (0x94000000u | (vb) << 12 | (vc) << 8 | (vd) << 4 | (m))
#define LUTFP32(mirror, vd, m) (0x95000000u | (mirror) << 16 | (vd) << 4 | (m))
#define CONFIG(imm, vd, m) (0x91000000u | (imm) << 8 | (vd) << 4 | (m))
#define STORE(vd0) (0x72000000u | (vd0) << 20 | 3u << 16)
#define NOP 0x8F000000u

/* SFPMAD L3 = L0 * L1 + L9: a reader of L3 is held, a reader of L0 is not */
static void mad_result_held(void **state)
{
    (void)state;
    assert_int_equal(tt_sfpu_hold(MAD(0, 1, 9, 3, 0), MOV(3, 4)), TT_SR_MAD);
    assert_int_equal(tt_sfpu_hold(MAD(0, 1, 9, 3, 0), MOV(0, 4)), TT_SR_NONE);
    assert_int_equal(tt_sfpu_hold(MAD(0, 1, 9, 3, 0), NOP), TT_SR_NONE);
    assert_int_equal(tt_sfpu_hold(MOV(0, 3), MOV(3, 4)), TT_SR_NONE); /* a one-cycle result */
}

/* INDIRECT_VD writes every LReg, INDIRECT_VA reads every LReg, as the stalling logic sees them */
static void indirect_conservative(void **state)
{
    (void)state;
    assert_int_equal(tt_sfpu_hold(MAD(0, 1, 9, 5, 8), MOV(1, 2)), TT_SR_MAD);
    assert_int_equal(tt_sfpu_hold(MAD(0, 1, 9, 6, 0), MAD(2, 1, 9, 4, 4)), TT_SR_MAD);
    assert_int_equal(tt_sfpu_hold(MAD(0, 1, 9, 6, 0), MAD(2, 1, 9, 4, 0)), TT_SR_NONE);
}

/* the CAUTION list: missed reads are undefined, not held */
static void missed_reads_undefined(void **state)
{
    (void)state;
    char why[400];
    /* SFPIADD reads VD = L3 unseen */
    assert_int_equal(tt_sfpu_hold(MAD(0, 1, 9, 3, 0), IADD(0, 2, 3, 0)), TT_SR_NONE);
    assert_true(tt_sfpu_undefined_after(MAD(0, 1, 9, 3, 0), IADD(0, 2, 3, 0), why, sizeof why));
    assert_non_null(strstr(why, "SFPMAD.md"));
    /* ... with ARG_IMM it reads VC only: defined */
    assert_false(tt_sfpu_undefined_after(MAD(0, 1, 9, 3, 0), IADD(5, 2, 3, 1), why, sizeof why));
    /* SFPAND USE_VB: VB = L3 unseen; without USE_VB it reads VD = L3, seen: held */
    assert_true(tt_sfpu_undefined_after(MAD(0, 1, 9, 3, 0), AND(3, 2, 4, 1), why, sizeof why));
    assert_int_equal(tt_sfpu_hold(MAD(0, 1, 9, 3, 0), AND(0, 2, 3, 0)), TT_SR_MAD);
    /* SFPSWAP VEC_MIN_MAX reads VC / VD in a first cycle the logic misses; SWAP mode is seen */
    assert_true(tt_sfpu_undefined_after(MAD(3, 2, 2, 3, 0), SWAP(10, 3, 1), why, sizeof why));
    assert_int_equal(tt_sfpu_hold(MAD(3, 2, 2, 3, 0), SWAP(10, 3, 0)), TT_SR_MAD);
    /* SFPSHFT2 mode 6 (SHFT_IMM) reads VB, seen as VD */
    assert_true(tt_sfpu_undefined_after(MAD(0, 1, 9, 3, 0), SHFT2(3, 0, 5, 6), why, sizeof why));
    assert_int_equal(tt_sfpu_hold(MAD(0, 1, 9, 3, 0), SHFT2(5, 0, 3, 6)), TT_SR_MAD);
    /* SFPCONFIG reads LReg[0] unseen */
    assert_true(tt_sfpu_undefined_after(MAD(1, 2, 9, 0, 0), CONFIG(0, 11, 0), why, sizeof why));
}

/* SFPLUTFP32: the stalling logic keys on Mod1Mirror ([19:16]), not Mod1 */
static void lutfp32_mirror(void **state)
{
    (void)state;
    char why[400];
    /* Mod1 INDIRECT_VD without the mirror: seen as writing VD = L4 only; a reader of L2 is not held,
     * but the true target is per lane: undefined */
    assert_int_equal(tt_sfpu_hold(LUTFP32(0, 4, 8), MOV(2, 5)), TT_SR_NONE);
    assert_true(tt_sfpu_undefined_after(LUTFP32(0, 4, 8), MOV(2, 5), why, sizeof why));
    /* with the mirror set: every LReg written, held */
    assert_int_equal(tt_sfpu_hold(LUTFP32(8, 4, 8), MOV(2, 5)), TT_SR_MAD);
    /* as a reader: every LReg but L7 without the mirror */
    assert_int_equal(tt_sfpu_hold(MAD(0, 1, 9, 7, 0), LUTFP32(0, 4, 0)), TT_SR_NONE);
    assert_int_equal(tt_sfpu_hold(MAD(0, 1, 9, 6, 0), LUTFP32(0, 4, 0)), TT_SR_MAD);
}

/* SFPSWAP, SFPSHFT2 modes 2..4: only SFPNOP the next cycle */
static void nop_only(void **state)
{
    (void)state;
    assert_int_equal(tt_sfpu_hold(SWAP(1, 0, 0), MOV(5, 6)), TT_SR_NOP_ONLY);
    assert_int_equal(tt_sfpu_hold(SWAP(1, 0, 0), NOP), TT_SR_NONE);
    assert_int_equal(tt_sfpu_hold(SHFT2(0, 1, 3, 3), MOV(5, 6)), TT_SR_NOP_ONLY);
    assert_int_equal(tt_sfpu_hold(SHFT2(0, 1, 3, 5), MOV(5, 6)), TT_SR_NONE);
}

/* SFPCONFIG of LaneConfig, then VD >= 12 */
static void config_backdoor(void **state)
{
    (void)state;
    char why[400];
    assert_true(tt_sfpu_undefined_after(CONFIG(2, 15, 1), STORE(12), why, sizeof why));
    assert_non_null(strstr(why, "SFPCONFIG.md"));
    assert_false(tt_sfpu_undefined_after(CONFIG(2, 15, 1), STORE(11), why, sizeof why));
    assert_false(tt_sfpu_undefined_after(CONFIG(2, 15, 1), NOP, why, sizeof why));
    assert_false(tt_sfpu_undefined_after(CONFIG(2, 14, 1), STORE(12), why, sizeof why));
    /* Imm16 ORing a 0 into bit 1 cannot change DISABLE_BACKDOOR_LOAD */
    assert_false(tt_sfpu_undefined_after(CONFIG(1, 15, 3), STORE(12), why, sizeof why));
    assert_true(tt_sfpu_undefined_after(CONFIG(2, 15, 3), STORE(12), why, sizeof why));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(mad_result_held),   cmocka_unit_test(indirect_conservative),
        cmocka_unit_test(missed_reads_undefined), cmocka_unit_test(lutfp32_mirror),
        cmocka_unit_test(nop_only),          cmocka_unit_test(config_backdoor),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
