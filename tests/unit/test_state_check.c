/* test_state_check.c: the state read-back's counters and latches (dpi/state_check.c targets 11..14,
 * docs/design.md "State read-back"): a stand-in RTL answers every item of a drained point's pass
 * from the model's own state, encoded as tt_core's bdr_data_o documents it, and one element is
 * then made wrong at a time; the comparison must name exactly that element with both values. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "model_fixture.h"
#include "state_check.h"

/* The RTL's answer for one item, from the model (the encodings of docs/design.md). */
static void answer(const tt_model *m, int target, int unit, uint32_t addr, uint32_t d[4])
{
    memset(d, 0, 4 * sizeof *d);
    uint32_t v = 0, x = 0;
    switch (target) {
    case SC_CFG: tt_model_cfg_get(m, unit, (int)addr, &d[0]); break;
    case SC_TCFG: tt_model_tcfg_get(m, unit, (int)addr, &d[0]); break;
    case SC_GPR: tt_model_gpr_get(m, unit, (int)addr, &d[0]); break;
    case SC_SEM: tt_model_sem_get(m, (int)addr, &v, &x); d[0] = v | x << 4; break;
    case SC_ADC: {
        tt_adc_channel ch;
        tt_model_adc_get(m, unit, (int)(addr / 16), (int)(addr / 8 % 2), &ch);
        d[0] = (&ch.x)[addr % 8];
        break;
    }
    case SC_BANKS: {
        tt_bank_state b;
        tt_model_banks_get(m, &b);
        d[0] = tt_bank_pack(&b);
        break;
    }
    case SC_MUTEX: {
        int h = tt_model_mutex_holder(m, (int)addr);
        d[0] = h < 0 ? TT_MUTEX_FREE : (uint32_t)h;
        break;
    }
    case SC_PACK: d[0] = tt_model_pack_setreg_data(m); break;
    case SC_DVALID:
        for (unsigned k = 0; k < 4; k++)
            for (unsigned b = 0; b < 32; b++) d[k] |= (uint32_t)tt_model_dest_valid_get(m, (int)(128 * addr + 32 * k + b)) << b;
        break;
    case SC_RWC: {
        uint32_t r[8];
        tt_model_rwc_get(m, unit, r);
        d[0] = r[addr];
        break;
    }
    case SC_UNPCNT:
        tt_model_unpacker_get(m, unit, (int)addr, &v, &x);
        d[0] = v | x << 8;
        break;
    case SC_MOP:
        if (addr < TT_MOP_CFG_WORDS)
            tt_model_mop_cfg_get(m, unit, (int)addr, &d[0]);
        else
            tt_model_mop_mask_hi_get(m, unit, &d[0]);
        break;
    case SC_WAIT: {
        tt_wait_state w;
        tt_model_wait_get(m, unit, &w);
        d[0] = (uint32_t)w.valid << 31 | (uint32_t)w.semwait << 30 | (uint32_t)w.block << 21 | (uint32_t)w.cond << 8 | w.semmask;
        break;
    }
    case SC_SFPU: tt_model_sfpu_item(m, addr, d); break;
    default: break; /* no register-file rows or L1 lines in these passes */
    }
}

typedef struct {
    int n;
    char element[96];
    uint64_t model, rtl;
} seen;

static void report(void *ctx, const char *element, uint64_t model, uint64_t rtl)
{
    seen *s = ctx;
    if (!s->n++) {
        snprintf(s->element, sizeof s->element, "%s", element);
        s->model = model;
        s->rtl = rtl;
    }
}

/* One drained point's pass against the model, with the item (target, unit, addr) answered with
 * `bad` instead when `target` >= 0 (xor_bits: the answer's bits flipped). */
static seen pass(const tt_model *m, int target, int unit, uint32_t addr, uint32_t xor_bits)
{
    state_check *s = state_check_create(m);
    assert_non_null(s);
    unsigned n = state_check_begin(s, SC_DRAIN);
    assert_true(n > 0);
    bool hit = target < 0;
    for (unsigned i = 0; i < n; i++) {
        int t, u;
        uint32_t a, d[4];
        assert_true(state_check_item(s, i, &t, &u, &a));
        answer(m, t, u, a, d);
        if (t == target && u == unit && a == addr) {
            d[0] ^= xor_bits;
            hit = true;
        }
        state_check_data(s, i, d);
    }
    assert_true(hit);
    seen r = {0};
    state_check_compare(s, m, report, &r, 12);
    state_check_destroy(s);
    return r;
}

static tt_model *fresh(void)
{
    tt_model *m = tt_model_create();
    assert_non_null(m);
    tt_model_reset(m);
    return m;
}

/* The SFPU's state (target 15): read at a drained point only after an SFP instruction ran (and
 * always after the run); an LReg lane the RTL kept wrong is named with both values. SFPLOADI.md
 * MOD0_FLOATB: 0x3F80 -> 1.0 (0x3F800000) in every lane of LReg[2]. */
static void test_sfpu_state_named(void **state)
{
    (void)state;
    tt_model *m = fresh();
    run_ok(m, 1, "ttsfploadi 2,0,0x3f80");
    state_check *s = state_check_create(m);
    assert_non_null(s);
    const unsigned plain = state_check_begin(s, SC_DRAIN);
    state_check_touch_sfpu(s);
    const unsigned n = state_check_begin(s, SC_DRAIN);
    assert_int_equal(n, plain + TT_SFPU_ITEMS);
    for (unsigned i = 0; i < n; i++) {
        int t, u;
        uint32_t a, d[4];
        assert_true(state_check_item(s, i, &t, &u, &a));
        answer(m, t, u, a, d);
        if (t == SC_SFPU && a == 2 * 8 + 1) d[1] = 0x3F800001u; /* LReg[2], lanes 4..7: lane 5 */
        state_check_data(s, i, d);
    }
    seen r = {0};
    state_check_compare(s, m, report, &r, 12);
    assert_int_equal(r.n, 1);
    assert_string_equal(r.element, "sfpu LReg[2][lane 5]");
    assert_int_equal(r.model, 0x3F800000u);
    assert_int_equal(r.rtl, 0x3F800001u);
    state_check_destroy(s);
    tt_model_destroy(m);
}

static void test_all_equal_after_reset(void **state)
{
    (void)state;
    tt_model *m = fresh();
    assert_int_equal(pass(m, -1, 0, 0, 0).n, 0);
    tt_model_destroy(m);
}

static void test_rwc_srcb_cr_named(void **state)
{
    (void)state;
    tt_model *m = fresh();
    run_ok(m, 1, "ttincrwc 2,0,8,0"); /* SrcBCr: SrcB_Cr += 8, SrcB = 8 */
    assert_int_equal(pass(m, -1, 0, 0, 0).n, 0);
    seen r = pass(m, SC_RWC, 1, 5, 8); /* the RTL's SrcB_Cr 0 */
    assert_int_equal(r.n, 1);
    assert_string_equal(r.element, "thread 1 RWC SrcB_Cr");
    assert_int_equal(r.model, 8);
    assert_int_equal(r.rtl, 0);
    r = pass(m, SC_RWC, 2, 7, 1);
    assert_string_equal(r.element, "thread 2 RWC ExtraAddrModBit");
    tt_model_destroy(m);
}

static void test_unpacker_counters_named(void **state)
{
    (void)state;
    tt_model *m = fresh();
    seen r = pass(m, SC_UNPCNT, 1, 2, 5 << 8);
    assert_int_equal(r.n, 1);
    assert_string_equal(r.element, "unpacker 1 thread 2 context counter");
    assert_int_equal(r.rtl, 5);
    r = pass(m, SC_UNPCNT, 0, 1, 33);
    assert_string_equal(r.element, "unpacker 0 thread 1 SrcRow");
    assert_int_equal(r.rtl, 33);
    tt_model_destroy(m);
}

static void test_mop_config_named(void **state)
{
    (void)state;
    tt_model *m = fresh();
    char msg[160];
    assert_int_equal(tt_model_mmio_store(m, 2, TT_MMIO_MOP_BASE + 4u * 3, 0x58801041u, msg, sizeof msg), TT_OK);
    assert_int_equal(tt_model_push(m, 2, w("ttmop_cfg 0x8001")), TT_OK); /* taken in at its push */
    assert_int_equal(pass(m, -1, 0, 0, 0).n, 0);
    seen r = pass(m, SC_MOP, 2, 3, 0x10000u);
    assert_string_equal(r.element, "thread 2 MOP config word 3");
    assert_int_equal(r.model, 0x58801041u);
    r = pass(m, SC_MOP, 2, 9, 0x8000u);
    assert_string_equal(r.element, "thread 2 MOP_CFG MaskHi");
    assert_int_equal(r.model, 0x8001u);
    assert_int_equal(r.rtl, 0x0001u);
    tt_model_destroy(m);
}

static void test_wait_latch_named(void **state)
{
    (void)state;
    tt_model *m = fresh();
    uint32_t seq;
    char why[160];
    /* a SEMWAIT on semaphore 3 while it is 0 latches as it dispatches and stays */
    assert_int_equal(tt_model_push(m, 0, w("ttsemwait 64,8,1")), TT_OK);
    assert_true(tt_model_dispatch(m, 0, w("ttsemwait 64,8,1"), &seq, why, sizeof why));
    tt_wait_state ws;
    assert_true(tt_model_wait_get(m, 0, &ws));
    assert_true(ws.valid && ws.semwait);
    assert_int_equal(pass(m, -1, 0, 0, 0).n, 0);
    seen r = pass(m, SC_WAIT, 0, 0, 1u << 31); /* the RTL released it */
    assert_string_equal(r.element, "thread 0 wait latch valid");
    assert_int_equal(r.model, 1);
    r = pass(m, SC_WAIT, 0, 0, 1u << 21); /* B0 too */
    assert_string_equal(r.element, "thread 0 wait latch block mask");
    r = pass(m, SC_WAIT, 0, 0, 1u << 1); /* semaphore 1 too */
    assert_string_equal(r.element, "thread 0 wait latch semaphores");
    /* released on both sides: the stale fields are not compared */
    assert_int_equal(pass(m, SC_WAIT, 1, 0, 0x1FFFFFu).n, 0);
    tt_model_destroy(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_all_equal_after_reset), cmocka_unit_test(test_rwc_srcb_cr_named),
        cmocka_unit_test(test_unpacker_counters_named), cmocka_unit_test(test_mop_config_named),
        cmocka_unit_test(test_wait_latch_named), cmocka_unit_test(test_sfpu_state_named),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
