/* test_cosim.c: the lockstep checker itself (dpi/cosim.h, docs/design.md "Lockstep contract"). A
 * checker that lets a wrong RTL result pass makes every lockstep run worthless, so each kind of
 * disagreement is fed in by hand here and must be caught. */
#define _POSIX_C_SOURCE 200809L /* mkstemp, unlink */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "cosim.h"
#include "model_fixture.h"

typedef struct {
    cosim_test test; /* no preload, no expectations */
    cosim *c;
} fixture;

static int cosim_setup(void **state)
{
    static fixture f;
    memset(&f, 0, sizeof f);
    f.test.path = "unit.tts";
    cosim_opts o = {.repro = "unit", .report_json = NULL, .check = true};
    f.c = cosim_create(&f.test, &o);
    if (!f.c) return -1;
    *state = &f;
    return 0;
}

static int cosim_teardown(void **state)
{
    fixture *f = *state;
    cosim_destroy(f->c);
    return 0;
}

/* An RTL retire that matches the model exactly: ttsetdmareg writes the low half of GPR 3. */
static cosim_retire_rec setdmareg_retire(void)
{
    cosim_retire_rec r = {.cycle = 10, .thread = 0, .seq = 0, .insn = w("ttsetdmareg 0,0x1234,0,6")};
    r.gpr_we = 1ull << 3;
    r.gpr[3] = 0x1234;
    return r;
}

/* The RTL reports an edge's retires lane by lane; the checker takes them in thread and program
 * order at the end of the edge (the next L1 write, store or cycle end). */
static void retire_edge(cosim *c, const cosim_retire_rec *r)
{
    cosim_retire(c, r);
    cosim_cycle_end(c, r->cycle, NULL, false);
}

/* One cycle in which thread th dispatches insn, its instruction number seq (tt_core's dispatch
 * report), everything else idle: no timing trace, as with +timing=0 or a tied-off timing_o. */
static void dispatch_edge(cosim *c, uint64_t cycle, int th, uint32_t seq, uint32_t insn)
{
    cosim_dispatch(c, cycle, th, seq, insn);
    cosim_cycle_end(c, cycle, NULL, false);
}

static void test_cosim_matching_retire_passes(void **state)
{
    fixture *f = *state;
    cosim_push(f->c, 1, 0, w("ttsetdmareg 0,0x1234,0,6"), 1, false);
    cosim_retire_rec r = setdmareg_retire();
    retire_edge(f->c, &r);
    assert_false(cosim_failed(f->c));
    assert_int_equal(cosim_finish(f->c, 20, 0.0), 0);
}

/* SFPU write reports (docs/decisions.md "SFPU in lockstep" S14): ttsfploadi 2,0,0x3f80 (SFPLOADI.md
 * MOD0_FLOATB: BF16 0x3F80 -> FP32 0x3F800000 in every enabled lane; all lanes are enabled at reset). */
static void sfpu_case(fixture *f, bool report, void (*spoil)(cosim_sfpu_rec *), bool fails)
{
    const uint32_t insn = w("ttsfploadi 2,0,0x3f80");
    cosim_push(f->c, 1, 1, insn, 1, false);
    cosim_sfpu_rec s = {.cycle = 10, .lreg_we = 1u << 2};
    for (unsigned l = 0; l < TT_SFPU_NUM_LANES; l++) s.lreg[2][l] = 0x3F800000u;
    if (spoil) spoil(&s);
    if (report) cosim_sfpu_write(f->c, &s);
    cosim_retire_rec r = {.cycle = 10, .thread = 1, .seq = 0, .insn = insn, .unit = 8};
    retire_edge(f->c, &r);
    assert_int_equal(cosim_failed(f->c), fails);
    assert_int_equal(cosim_finish(f->c, 20, 0.0), fails ? 1 : 0);
}
static void spoil_lane(cosim_sfpu_rec *s) { s->lreg[2][17] = 0x3F800001u; }
static void spoil_mask(cosim_sfpu_rec *s) { s->lreg_we = 1u << 3; }
static void spoil_flags(cosim_sfpu_rec *s) { s->flags = 1u << 5; }
static void spoil_depth(cosim_sfpu_rec *s) { s->depth[31] = 1; }
static void spoil_config(cosim_sfpu_rec *s) { s->lane_config[0] = 1; }
static void spoil_extra(cosim_sfpu_rec *s) { s->lreg_we |= 1u << 9; } /* LReg[9] reads 0 at reset: stays 0 */
/* SFPLOADMACRO (docs/decisions.md "SFPLOADMACRO" L14): an SFPLOADI schedules nothing and is never
 * discarded; an RTL that reports a scheduled instruction or a discard with it is wrong. */
static void spoil_sched(cosim_sfpu_rec *s)
{
    s->sched = 1u << 0;
    s->sched_word[0] = w("ttsfpabs 0,2,2,1");
}
static void spoil_discarded(cosim_sfpu_rec *s) { s->discarded = true; }
static void test_cosim_sfpu_right_passes(void **state) { sfpu_case(*state, true, NULL, false); }
static void test_cosim_sfpu_sched_extra_fails(void **state) { sfpu_case(*state, true, spoil_sched, true); }
static void test_cosim_sfpu_discarded_extra_fails(void **state) { sfpu_case(*state, true, spoil_discarded, true); }
static void test_cosim_sfpu_equal_extra_write_passes(void **state) { sfpu_case(*state, true, spoil_extra, false); }
static void test_cosim_sfpu_missing_report_fails(void **state) { sfpu_case(*state, false, NULL, true); }
static void test_cosim_sfpu_wrong_lane_fails(void **state) { sfpu_case(*state, true, spoil_lane, true); }
static void test_cosim_sfpu_wrong_lreg_fails(void **state) { sfpu_case(*state, true, spoil_mask, true); }
static void test_cosim_sfpu_wrong_flags_fails(void **state) { sfpu_case(*state, true, spoil_flags, true); }
static void test_cosim_sfpu_wrong_depth_fails(void **state) { sfpu_case(*state, true, spoil_depth, true); }
static void test_cosim_sfpu_wrong_lane_config_fails(void **state) { sfpu_case(*state, true, spoil_config, true); }

/* A report with no SFP instruction retiring: an RTL whose SFPU writes by itself. */
static void test_cosim_sfpu_report_without_retire_fails(void **state)
{
    fixture *f = *state;
    cosim_sfpu_rec s = {.cycle = 5, .lreg_we = 1u << 0};
    cosim_sfpu_write(f->c, &s);
    cosim_cycle_end(f->c, 5, NULL, false);
    assert_int_equal(cosim_finish(f->c, 20, 0.0), 1);
}

/* A record of scheduled work only (sched != 0, no SFP retire) is legal in itself (L14), but here the
 * model has nothing scheduled: the RTL executed an instruction no SFPLOADMACRO scheduled. */
static void test_cosim_sfpu_sched_without_macro_fails(void **state)
{
    fixture *f = *state;
    cosim_sfpu_rec s = {.cycle = 5, .sched = 1u << 1};
    s.sched_word[1] = w("ttsfpmad 0,0,0,0,0");
    cosim_sfpu_write(f->c, &s);
    cosim_cycle_end(f->c, 5, NULL, false);
    assert_true(cosim_failed(f->c));
    assert_int_equal(cosim_finish(f->c, 20, 0.0), 1);
}

static void test_cosim_wrong_gpr_value_fails(void **state)
{
    fixture *f = *state;
    cosim_push(f->c, 1, 0, w("ttsetdmareg 0,0x1234,0,6"), 1, false);
    cosim_retire_rec r = setdmareg_retire();
    r.gpr[3] = 0x1235;
    retire_edge(f->c, &r);
    assert_true(cosim_failed(f->c));
    assert_int_equal(cosim_finish(f->c, 20, 0.0), 1);
}

static void test_cosim_missing_gpr_write_fails(void **state)
{
    fixture *f = *state;
    cosim_push(f->c, 1, 0, w("ttsetdmareg 0,0x1234,0,6"), 1, false);
    cosim_retire_rec r = setdmareg_retire();
    r.gpr_we = 0;
    retire_edge(f->c, &r);
    assert_true(cosim_failed(f->c));
}

static void test_cosim_wrong_instruction_fails(void **state)
{
    fixture *f = *state;
    cosim_push(f->c, 1, 0, w("ttnop"), 1, false);
    cosim_retire_rec r = {.cycle = 10, .thread = 0, .seq = 0, .insn = w("ttdmanop")};
    retire_edge(f->c, &r);
    assert_true(cosim_failed(f->c));
}

static void test_cosim_extra_retire_fails(void **state)
{
    fixture *f = *state;
    cosim_retire_rec r = {.cycle = 10, .thread = 1, .seq = 0, .insn = w("ttnop")};
    retire_edge(f->c, &r);
    assert_true(cosim_failed(f->c));
}

static void test_cosim_unretired_instruction_fails_at_finish(void **state)
{
    fixture *f = *state;
    cosim_push(f->c, 1, 2, w("ttnop"), 1, false);
    assert_false(cosim_failed(f->c));
    assert_int_equal(cosim_finish(f->c, 20, 0.0), 1);
}

/* An L1 write the model never makes must fail by the end of the run. */
static void test_cosim_rtl_only_l1_write_fails_at_finish(void **state)
{
    fixture *f = *state;
    uint8_t line[16] = {1};
    cosim_l1_write(f->c, 5, 0, 0x100, 0x0001, line);
    assert_false(cosim_failed(f->c));
    assert_int_equal(cosim_finish(f->c, 20, 0.0), 1);
}

/* The RTL running far ahead of the model with L1 writes is reported at once, never dropped. */
static void test_cosim_l1_queue_overflow_fails(void **state)
{
    fixture *f = *state;
    uint8_t line[16] = {0};
    for (int i = 0; i < 400 && !cosim_failed(f->c); i++) cosim_l1_write(f->c, 5, 0, 0x100, 0x0001, line);
    assert_true(cosim_failed(f->c));
}

/* Model STOREIND of GPR 1 (128-bit form from GPRs 0..3) to L1; the RTL writes other data. */
static void test_cosim_l1_data_mismatch_fails(void **state)
{
    fixture *f = *state;
    cosim_push(f->c, 1, 0, w("ttstoreind 1,0,0,40,0,0,1"), 1, false);
    cosim_retire_rec r = {.cycle = 10, .thread = 0, .seq = 0, .insn = w("ttstoreind 1,0,0,40,0,0,1")};
    retire_edge(f->c, &r);
    assert_false(cosim_failed(f->c));
    uint8_t line[16] = {0xEE};
    cosim_l1_write(f->c, 11, 0, 0x0, 0xFFFF, line);
    assert_true(cosim_failed(f->c));
}

/* SEMWAIT latched with its semaphore at 0: the RTL may not issue the held instruction. */
/* The overlay pop's store (UNPACR_NOP, pop 3, stream 2, count 5) is part of the retire record: a
 * missing store, another address or another value each fail; the right one passes. */
static void mmio_case(fixture *f, bool we, uint32_t addr, uint32_t data, bool want_fail)
{
    uint32_t insn = w("ttunpacr_nop 0,2,5,0,0,0,0,0,3");
    cosim_push(f->c, 1, 0, insn, 1, false);
    cosim_retire_rec r = {.cycle = 10, .thread = 0, .seq = 0, .insn = insn, .unit = 5};
    r.mmio_we = we;
    r.mmio_addr = addr;
    r.mmio_data = data;
    retire_edge(f->c, &r);
    assert_int_equal(cosim_failed(f->c), want_fail);
}
static void test_cosim_mmio_store_right_passes(void **state) { mmio_case(*state, true, 0xFFB42428u, 5, false); }
static void test_cosim_mmio_store_missing_fails(void **state) { mmio_case(*state, false, 0, 0, true); }
static void test_cosim_mmio_store_wrong_addr_fails(void **state) { mmio_case(*state, true, 0xFFB43428u, 5, true); }
static void test_cosim_mmio_store_wrong_data_fails(void **state) { mmio_case(*state, true, 0xFFB42428u, 1, true); }

static void test_cosim_issue_past_wait_gate_fails(void **state)
{
    fixture *f = *state;
    cosim_push(f->c, 1, 1, w("ttsemwait 0x20,1,1"), 1, false);
    cosim_push(f->c, 1, 1, w("ttsetdmareg 0,5,0,0"), 2, false);
    /* the SEMWAIT (semaphore 0 is 0: wait) latches as it dispatches; the next instruction, a
     * ThCon one (block B5), may not pass the gate */
    dispatch_edge(f->c, 9, 1, 0, w("ttsemwait 0x20,1,1"));
    cosim_retire_rec r = {.cycle = 10, .thread = 1, .seq = 0, .insn = w("ttsemwait 0x20,1,1"), .unit = 1};
    retire_edge(f->c, &r);
    assert_false(cosim_failed(f->c));
    dispatch_edge(f->c, 11, 1, 1, w("ttsetdmareg 0,5,0,0"));
    assert_true(cosim_failed(f->c));
}

/* The same program, the ThCon instruction dispatched only after the SEMWAIT's semaphore was posted
 * by a store: the gate has let it pass, no failure (the check above is not one that always fails). */
static void test_cosim_issue_after_wait_gate_opens_passes(void **state)
{
    fixture *f = *state;
    cosim_push(f->c, 1, 1, w("ttsemwait 0x20,1,1"), 1, false);
    cosim_push(f->c, 1, 1, w("ttsetdmareg 0,5,0,0"), 2, false);
    dispatch_edge(f->c, 9, 1, 0, w("ttsemwait 0x20,1,1"));
    cosim_retire_rec r = {.cycle = 10, .thread = 1, .seq = 0, .insn = w("ttsemwait 0x20,1,1"), .unit = 1};
    retire_edge(f->c, &r);
    cosim_mmio(f->c, 11, 0, 0xFFE80020u, 0, 3); /* semaphore 0 += 1 */
    cosim_cycle_end(f->c, 11, NULL, false);
    cosim_cycle_end(f->c, 12, NULL, false);
    dispatch_edge(f->c, 13, 1, 1, w("ttsetdmareg 0,5,0,0"));
    assert_false(cosim_failed(f->c));
}

/* The RTL numbers its dispatches as the model does (0 after reset, one more each): a dispatch
 * report whose sequence number is not the model's fails. */
static void test_cosim_dispatch_seq_mismatch_fails(void **state)
{
    fixture *f = *state;
    cosim_push(f->c, 1, 0, w("ttwrcfg 1,0,30"), 1, false);
    dispatch_edge(f->c, 3, 0, 1, w("ttwrcfg 1,0,30"));
    assert_true(cosim_failed(f->c));
    assert_int_equal(cosim_finish(f->c, 20, 0.0), 1);
}

/* An internal error the RTL reports (tt_core err_valid_o) fails the run like a mismatch. */
static void test_cosim_rtl_error_fails(void **state)
{
    fixture *f = *state;
    cosim_cycle_end(f->c, 3, NULL, false);
    assert_false(cosim_failed(f->c));
    cosim_rtl_error(f->c, 4, 1, 7);
    assert_true(cosim_failed(f->c));
    assert_int_equal(cosim_finish(f->c, 20, 0.0), 1);
}

/* An SFP instruction of a form its page leaves undefined (docs/decisions.md S17d; mutation sample
 * K's #271): the RTL must report ERR_SFPU_UNDEFINED (code 2, info: the word) in the retire cycle, and
 * the checker judges that report at the retire against the model. SFPLOADI.md defines Mod0 0, 1, 2,
 * 4, 8, 10 only: ttsfploadi 0,3,0x1234 (0x71031234) is undefined by its own form. The failure's
 * kind and text are read from the JSON report (+report). */
typedef struct {
    cosim_test test;
    cosim *c;
    char path[64];
} json_fixture;

static int json_setup(void **state)
{
    static json_fixture f;
    memset(&f, 0, sizeof f);
    f.test.path = "unit.tts";
    snprintf(f.path, sizeof f.path, "/tmp/test_cosim_XXXXXX");
    const int fd = mkstemp(f.path);
    if (fd < 0) return -1;
    close(fd);
    cosim_opts o = {.repro = "unit", .report_json = f.path, .check = true};
    f.c = cosim_create(&f.test, &o);
    if (!f.c) return -1;
    *state = &f;
    return 0;
}

static int json_teardown(void **state)
{
    json_fixture *f = *state;
    cosim_destroy(f->c);
    unlink(f->path);
    return 0;
}

/* The JSON report after cosim_finish: it must contain each of the NULL-ended strings. */
static void report_has(const json_fixture *f, ...)
{
    static char buf[1 << 16];
    FILE *fp = fopen(f->path, "r");
    assert_non_null(fp);
    const size_t n = fread(buf, 1, sizeof buf - 1, fp);
    fclose(fp);
    buf[n] = 0;
    va_list ap;
    va_start(ap, f);
    for (const char *want = va_arg(ap, const char *); want; want = va_arg(ap, const char *)) {
        if (!strstr(buf, want)) fail_msg("the report lacks '%s':\n%s", want, buf);
    }
    va_end(ap);
}

/* err: the RTL raises ERR_SFPU_UNDEFINED with info err_info in the retire's edge (before it, as
 * tb_top reports it); retire: the SFPU retires insn in that edge. */
static void sfpu_undef_case(json_fixture *f, uint32_t insn, bool err, uint32_t err_info, bool retire)
{
    cosim_push(f->c, 1, 1, insn, 1, false);
    cosim_cycle_end(f->c, 9, NULL, false);
    if (err) cosim_rtl_error(f->c, 10, COSIM_ERR_SFPU_UNDEFINED, err_info);
    assert_false(cosim_failed(f->c)); /* judged at the retire, not before */
    if (retire) {
        cosim_retire_rec r = {.cycle = 10, .thread = 1, .seq = 0, .insn = insn, .unit = 8};
        cosim_retire(f->c, &r);
    }
    cosim_cycle_end(f->c, 10, NULL, false);
    assert_true(cosim_failed(f->c));
    assert_int_equal(cosim_finish(f->c, 20, 0.0), 1);
}

/* The model stops on it undefined, the RTL retired it without the report: a mismatch (before, a model
 * stop, which a negative test accepted whatever the RTL did). */
static void test_cosim_sfpu_undefined_without_rtl_error_fails(void **state)
{
    json_fixture *f = *state;
    sfpu_undef_case(f, 0x71031234u, false, 0, true);
    report_has(f, "\"kind\":\t\"MISMATCH (undefined SFP instruction)\"",
               "the model finds it undefined (undefined behaviour: SFPLOADI Mod0 3 is undefined (SFPLOADI.md)) but "
               "the RTL retired it without ERR_SFPU_UNDEFINED", "\"thread\":\t1", NULL);
}

/* Both sides find it undefined: the expected stop, RTL ERROR with the model's reason. */
static void test_cosim_sfpu_undefined_with_rtl_error_agrees(void **state)
{
    json_fixture *f = *state;
    sfpu_undef_case(f, 0x71031234u, true, 0x71031234u, true);
    report_has(f, "\"kind\":\t\"RTL ERROR\"", "code 2 (ERR_SFPU_UNDEFINED), info 0x71031234",
               "ERR_SFPU_UNDEFINED: the model agrees: undefined behaviour: SFPLOADI Mod0 3", NULL);
}

/* The RTL reports a defined instruction (SFPLOADI Mod0 0) undefined: a mismatch. */
static void test_cosim_sfpu_rtl_error_on_defined_fails(void **state)
{
    json_fixture *f = *state;
    const uint32_t insn = w("ttsfploadi 2,0,0x3f80");
    sfpu_undef_case(f, insn, true, insn, true);
    report_has(f, "\"kind\":\t\"MISMATCH (undefined SFP instruction)\"",
               "the RTL reported ERR_SFPU_UNDEFINED for it, but the model executes it", NULL);
}

/* The report's info names another word than the instruction retiring with it. */
static void test_cosim_sfpu_rtl_error_wrong_info_fails(void **state)
{
    json_fixture *f = *state;
    sfpu_undef_case(f, 0x71031234u, true, 0x71031235u, true);
    report_has(f, "\"kind\":\t\"MISMATCH (undefined SFP instruction)\"", "with info 0x71031235", NULL);
}

/* ERR_SFPU_UNDEFINED in an edge with no SFP retire: an RTL error as any other. */
static void test_cosim_sfpu_rtl_error_without_retire_fails(void **state)
{
    json_fixture *f = *state;
    sfpu_undef_case(f, 0x71031234u, true, 0x71031234u, false);
    report_has(f, "\"kind\":\t\"RTL ERROR\"", "no SFP instruction retired in that cycle", NULL);
}

/* Instructions of a thread retire out of program order (different units); the model executes each
 * at its retire. */
static void test_cosim_out_of_order_retire_passes(void **state)
{
    fixture *f = *state;
    cosim_push(f->c, 1, 0, w("ttwrcfg 1,0,30"), 1, false);
    cosim_push(f->c, 2, 0, w("ttsetdmareg 0,0x1234,0,6"), 2, false);
    dispatch_edge(f->c, 3, 0, 0, w("ttwrcfg 1,0,30"));
    dispatch_edge(f->c, 4, 0, 1, w("ttsetdmareg 0,0x1234,0,6"));
    /* both retire at the edge of cycle 5, reported later instruction first */
    cosim_retire_rec a = setdmareg_retire();
    a.cycle = 5;
    a.seq = 1;
    a.unit = 3;
    cosim_retire(f->c, &a);
    cosim_retire_rec b = {.cycle = 5, .thread = 0, .seq = 0, .insn = w("ttwrcfg 1,0,30"), .unit = 2};
    b.cfg_we = 1;
    b.cfg_addr = 30;
    retire_edge(f->c, &b);
    assert_false(cosim_failed(f->c));
    assert_int_equal(cosim_finish(f->c, 20, 0.0), 0);
}

/* A unit executes a thread's instructions in order: a later seq before an earlier one from the same
 * unit is a failure, as is a sequence number retired twice. */
static void test_cosim_unit_out_of_order_fails(void **state)
{
    fixture *f = *state;
    cosim_push(f->c, 1, 0, w("ttwrcfg 1,0,30"), 1, false);
    cosim_push(f->c, 2, 0, w("ttwrcfg 1,0,31"), 2, false);
    cosim_retire_rec b = {.cycle = 5, .thread = 0, .seq = 1, .insn = w("ttwrcfg 1,0,31"), .unit = 2};
    b.cfg_we = 1;
    b.cfg_addr = 31;
    retire_edge(f->c, &b);
    assert_false(cosim_failed(f->c));
    cosim_retire_rec a = {.cycle = 6, .thread = 0, .seq = 0, .insn = w("ttwrcfg 1,0,30"), .unit = 2};
    a.cfg_we = 1;
    a.cfg_addr = 30;
    retire_edge(f->c, &a);
    assert_true(cosim_failed(f->c));
}

static void test_cosim_seq_retired_twice_fails(void **state)
{
    fixture *f = *state;
    cosim_push(f->c, 1, 0, w("ttsetdmareg 0,0x1234,0,6"), 1, false);
    cosim_retire_rec r = setdmareg_retire();
    r.unit = 3;
    retire_edge(f->c, &r);
    assert_false(cosim_failed(f->c));
    r.cycle = 11;
    r.unit = 4; /* from another unit, so the unit-order rule does not see it first */
    retire_edge(f->c, &r);
    assert_true(cosim_failed(f->c));
}

/* The RTL's answer to read-back item (target, unit, addr) when it holds the model's state: the
 * data bits of tt_core's bdr_data_o (docs/design.md "Backdoor preload port"). */
static void model_item(const tt_model *m, int target, int unit, uint32_t addr, uint32_t d[4])
{
    d[0] = d[1] = d[2] = d[3] = 0;
    uint32_t v = 0, x = 0;
    switch (target) {
    case 0: tt_model_cfg_get(m, unit, (int)addr, &d[0]); break;
    case 1: tt_model_tcfg_get(m, unit, (int)addr, &d[0]); break;
    case 2: tt_model_gpr_get(m, unit, (int)addr, &d[0]); break;
    case 3:
        tt_model_sem_get(m, (int)addr, &v, &x);
        d[0] = v | x << 4;
        break;
    case 4: memcpy(d, tt_model_l1_const(m) + addr, 16); break;
    case 5: {
        tt_adc_channel ch;
        tt_model_adc_get(m, unit, (int)(addr / 16), (int)(addr / 8 % 2), &ch);
        d[0] = (&ch.x)[addr % 8];
        break;
    }
    case 6:
        for (int k = 0; k < 4; k++)
            tt_model_rf_get(m, unit, unit < 2 ? (int)(addr >> 12) : 0, (int)(addr >> 2 & 0x3FF),
                            (int)(4 * (addr & 3) + (unsigned)k), &d[k]);
        break;
    case 7: {
        tt_bank_state b;
        tt_model_banks_get(m, &b);
        d[0] = tt_bank_pack(&b);
        break;
    }
    case 8: {
        int h = tt_model_mutex_holder(m, (int)addr);
        d[0] = h < 0 ? TT_MUTEX_FREE : (uint32_t)h;
        break;
    }
    case 10: /* Dest's zero flags, rows 128 addr .. + 127 */
        for (unsigned r = 0; r < 128; r++) d[r / 32] |= (uint32_t)tt_model_dest_valid_get(m, (int)(128 * addr + r)) << (r % 32);
        break;
    default: break;
    }
}

/* A due read-back of n items, answered from the model's state except GPR `bad` of thread 0,
 * which reads as 0xBAD (bad < 0: none). Returns the number of items. */
static unsigned drain_readback(cosim *c, int bad)
{
    unsigned n = cosim_readback_begin(c, false);
    for (unsigned i = 0; i < n; i++) {
        int target, unit;
        uint32_t addr, d[4];
        assert_true(cosim_readback_item(c, i, &target, &unit, &addr));
        model_item(cosim_model(c), target, unit, addr, d);
        if (target == 2 && unit == 0 && (int)addr == bad) d[0] = 0xBAD;
        cosim_readback_data(c, i, d);
    }
    cosim_readback_end(c, 0.0);
    return n;
}

/* Small state at a drained point: 448 config + 204 thread config + 192 GPR + 8 semaphores +
 * 144 ADC fields + banks + 4 mutexes + the PACR_SETREG data word + 8 items of Dest's zero flags +
 * the counters and latches: 24 RWC fields, 6 unpacker counters, 30 MOP config words, 3 wait
 * latches (docs/design.md "State read-back"; the stand-in RTL answers 0 for them, the model's
 * values after reset). */
#define SMALL_ITEMS 1073u

/* A drained point reads back only if something changed since the last read-back, then the small
 * state in full; equal state passes. */
static void test_cosim_drained_point_reads_back_after_a_change(void **state)
{
    fixture *f = *state;
    cosim_cycle_end(f->c, 5, NULL, true);
    assert_false(cosim_readback_due(f->c)); /* nothing retired yet */
    cosim_push(f->c, 6, 0, w("ttsetdmareg 0,0x1234,0,6"), 1, false);
    cosim_retire_rec r = setdmareg_retire();
    retire_edge(f->c, &r);
    cosim_cycle_end(f->c, 10, NULL, false);
    assert_false(cosim_readback_due(f->c)); /* not drained */
    cosim_cycle_end(f->c, 11, NULL, true);
    assert_true(cosim_readback_due(f->c));
    assert_int_equal(drain_readback(f->c, -1), SMALL_ITEMS);
    assert_false(cosim_failed(f->c));
    cosim_cycle_end(f->c, 12, NULL, true);
    assert_false(cosim_readback_due(f->c)); /* read back, nothing changed since */
}

/* A GPR the RTL holds wrong at a drained point fails the run there, whatever the end state. */
static void test_cosim_drained_point_state_difference_fails(void **state)
{
    fixture *f = *state;
    cosim_push(f->c, 6, 0, w("ttsetdmareg 0,0x1234,0,6"), 1, false);
    cosim_retire_rec r = setdmareg_retire();
    retire_edge(f->c, &r);
    cosim_cycle_end(f->c, 11, NULL, true);
    drain_readback(f->c, 2);
    assert_true(cosim_failed(f->c));
}

/* Register-file rows and L1 lines written since the last read-back are read at a drained point,
 * and only those: an L1 line the RTL reports adds one item. */
static void test_cosim_drained_point_reads_written_lines(void **state)
{
    fixture *f = *state;
    cosim_push(f->c, 1, 0, w("ttstoreind 1,0,0,40,0,0,1"), 1, false);
    cosim_retire_rec r = {.cycle = 10, .thread = 0, .seq = 0, .insn = w("ttstoreind 1,0,0,40,0,0,1")};
    retire_edge(f->c, &r);
    uint8_t line[16] = {0};
    cosim_l1_write(f->c, 10, 0, 0x0, 0xFFFF, line);
    assert_false(cosim_failed(f->c));
    cosim_cycle_end(f->c, 11, NULL, true);
    assert_int_equal(drain_readback(f->c, -1), SMALL_ITEMS + 1);
    assert_false(cosim_failed(f->c));
}

/* +readback=end: no read-back at drained points. */
static void test_cosim_readback_end_only_skips_drained_points(void **state)
{
    fixture *f = *state;
    cosim_opts o = {.repro = "unit", .check = true, .readback_end_only = true};
    cosim *c = cosim_create(&f->test, &o);
    assert_non_null(c);
    cosim_push(c, 6, 0, w("ttsetdmareg 0,0x1234,0,6"), 1, false);
    cosim_retire_rec r = setdmareg_retire();
    cosim_retire(c, &r);
    cosim_cycle_end(c, 11, NULL, true);
    assert_false(cosim_readback_due(c));
    cosim_destroy(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_cosim_matching_retire_passes, cosim_setup, cosim_teardown),
        cmocka_unit_test_setup_teardown(test_cosim_sfpu_right_passes, cosim_setup, cosim_teardown),
        cmocka_unit_test_setup_teardown(test_cosim_sfpu_equal_extra_write_passes, cosim_setup, cosim_teardown),
        cmocka_unit_test_setup_teardown(test_cosim_sfpu_missing_report_fails, cosim_setup, cosim_teardown),
        cmocka_unit_test_setup_teardown(test_cosim_sfpu_wrong_lane_fails, cosim_setup, cosim_teardown),
        cmocka_unit_test_setup_teardown(test_cosim_sfpu_wrong_lreg_fails, cosim_setup, cosim_teardown),
        cmocka_unit_test_setup_teardown(test_cosim_sfpu_wrong_flags_fails, cosim_setup, cosim_teardown),
        cmocka_unit_test_setup_teardown(test_cosim_sfpu_wrong_depth_fails, cosim_setup, cosim_teardown),
        cmocka_unit_test_setup_teardown(test_cosim_sfpu_wrong_lane_config_fails, cosim_setup, cosim_teardown),
        cmocka_unit_test_setup_teardown(test_cosim_sfpu_report_without_retire_fails, cosim_setup, cosim_teardown),
        cmocka_unit_test_setup_teardown(test_cosim_sfpu_sched_extra_fails, cosim_setup, cosim_teardown),
        cmocka_unit_test_setup_teardown(test_cosim_sfpu_discarded_extra_fails, cosim_setup, cosim_teardown),
        cmocka_unit_test_setup_teardown(test_cosim_sfpu_sched_without_macro_fails, cosim_setup, cosim_teardown),
        cmocka_unit_test_setup_teardown(test_cosim_wrong_gpr_value_fails, cosim_setup, cosim_teardown),
        cmocka_unit_test_setup_teardown(test_cosim_missing_gpr_write_fails, cosim_setup, cosim_teardown),
        cmocka_unit_test_setup_teardown(test_cosim_wrong_instruction_fails, cosim_setup, cosim_teardown),
        cmocka_unit_test_setup_teardown(test_cosim_extra_retire_fails, cosim_setup, cosim_teardown),
        cmocka_unit_test_setup_teardown(test_cosim_unretired_instruction_fails_at_finish, cosim_setup,
                                        cosim_teardown),
        cmocka_unit_test_setup_teardown(test_cosim_rtl_only_l1_write_fails_at_finish, cosim_setup,
                                        cosim_teardown),
        cmocka_unit_test_setup_teardown(test_cosim_l1_queue_overflow_fails, cosim_setup, cosim_teardown),
        cmocka_unit_test_setup_teardown(test_cosim_l1_data_mismatch_fails, cosim_setup, cosim_teardown),
        cmocka_unit_test_setup_teardown(test_cosim_mmio_store_right_passes, cosim_setup, cosim_teardown),
        cmocka_unit_test_setup_teardown(test_cosim_mmio_store_missing_fails, cosim_setup, cosim_teardown),
        cmocka_unit_test_setup_teardown(test_cosim_mmio_store_wrong_addr_fails, cosim_setup, cosim_teardown),
        cmocka_unit_test_setup_teardown(test_cosim_mmio_store_wrong_data_fails, cosim_setup, cosim_teardown),
        cmocka_unit_test_setup_teardown(test_cosim_issue_past_wait_gate_fails, cosim_setup, cosim_teardown),
        cmocka_unit_test_setup_teardown(test_cosim_issue_after_wait_gate_opens_passes, cosim_setup, cosim_teardown),
        cmocka_unit_test_setup_teardown(test_cosim_dispatch_seq_mismatch_fails, cosim_setup, cosim_teardown),
        cmocka_unit_test_setup_teardown(test_cosim_rtl_error_fails, cosim_setup, cosim_teardown),
        cmocka_unit_test_setup_teardown(test_cosim_sfpu_undefined_without_rtl_error_fails, json_setup, json_teardown),
        cmocka_unit_test_setup_teardown(test_cosim_sfpu_undefined_with_rtl_error_agrees, json_setup, json_teardown),
        cmocka_unit_test_setup_teardown(test_cosim_sfpu_rtl_error_on_defined_fails, json_setup, json_teardown),
        cmocka_unit_test_setup_teardown(test_cosim_sfpu_rtl_error_wrong_info_fails, json_setup, json_teardown),
        cmocka_unit_test_setup_teardown(test_cosim_sfpu_rtl_error_without_retire_fails, json_setup, json_teardown),
        cmocka_unit_test_setup_teardown(test_cosim_out_of_order_retire_passes, cosim_setup, cosim_teardown),
        cmocka_unit_test_setup_teardown(test_cosim_unit_out_of_order_fails, cosim_setup, cosim_teardown),
        cmocka_unit_test_setup_teardown(test_cosim_seq_retired_twice_fails, cosim_setup, cosim_teardown),
        cmocka_unit_test_setup_teardown(test_cosim_drained_point_reads_back_after_a_change, cosim_setup,
                                        cosim_teardown),
        cmocka_unit_test_setup_teardown(test_cosim_drained_point_state_difference_fails, cosim_setup,
                                        cosim_teardown),
        cmocka_unit_test_setup_teardown(test_cosim_drained_point_reads_written_lines, cosim_setup, cosim_teardown),
        cmocka_unit_test_setup_teardown(test_cosim_readback_end_only_skips_drained_points, cosim_setup,
                                        cosim_teardown),
    };
    return cmocka_run_group_tests_name("cosim", tests, NULL, NULL);
}
