/* Unit tests for the frontend (the 32-slot instruction FIFO per thread, coprocessor-pipeline
 * "Frontend Pipeline" / "FIFO Backpressure"), instruction dispatch (what is implemented,
 * unimplemented or unsupported), sequence numbers, reset and the TRISC MMIO windows
 * (docs/design.md "MMIO address map"). Public API (ttmodel.h, ttisa.h, tb/test_loader.h,
 * tb/model_run.h). */
#define _POSIX_C_SOURCE 200809L /* mkdtemp, rmdir */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "model_fixture.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "model_run.h"
#include "test_loader.h"
#include "ttisa.h"
#include "ttmodel.h"

/* The FIFO holds 32 instructions per thread (TT_FIFO_DEPTH). The model's frontend itself has room
 * for more (ttmodel.h: in lockstep it also holds what the RTL has in flight) and refuses a push
 * beyond that with TT_ERROR; the model-only scheduler (tb/model_run.c) pushes only while fewer than
 * 32 wait. That is checked through a run whose thread 0 is blocked for good behind a SEMWAIT with
 * 40 instructions to push: the watchdog report must say 32 are in the FIFO and that the stream
 * waits at the 33rd. */
static void test_fifo_32_entries(void **state)
{
    tt_model *m = *state;
    assert_int_equal(TT_FIFO_DEPTH, 32);
    int cap = 0;
    while (tt_model_push(m, 1, w("ttadddmareg 1,1,1,1")) == TT_OK) {
        cap++;
        assert_int_equal(tt_model_fifo_count(m, 1), cap);
        if (cap > 4096) fail_msg("the frontend never refuses a push");
    }
    assert_true(cap >= TT_FIFO_DEPTH);
    assert_int_equal(tt_model_fifo_count(m, 1), cap); /* the refused push left it as it was */
    assert_int_equal(tt_model_fifo_count(m, 0), 0);   /* per thread */
    assert_int_equal(tt_model_step(m, 1).status, TT_OK);
    assert_int_equal(tt_model_push(m, 1, w("ttadddmareg 1,1,1,1")), TT_OK); /* one slot freed */
    while (tt_model_fifo_count(m, 1) > 0) assert_int_equal(tt_model_step(m, 1).status, TT_OK);
    assert_int_equal(gpr(m, 1, 1), (uint32_t)cap + 1); /* every accepted push ran exactly once */

    /* The model-only scheduler stops pushing at 32. */
    char dir[] = "/tmp/tt_fifo_XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[600];
    snprintf(path, sizeof path, "%s/fifo.tts", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fprintf(f, "max_cycles 500\nthread 0\nttsemwait 0x20,0x01,1\n"); /* lines 1..3 */
    for (int i = 0; i < 40; i++) fprintf(f, "ttadddmareg 1,1,1,1\n");  /* lines 4..43 */
    fclose(f);
    tt_test t;
    char err[512];
    assert_int_equal(tt_test_load(path, &t, err, sizeof err), 0);
    FILE *out = tmpfile();
    assert_non_null(out);
    tt_run_stats st;
    assert_int_equal(tt_model_run(&t, m, t.max_cycles, TT_HAZARDS_ERROR, &st, out), 1);
    char text[4096] = "";
    rewind(out);
    size_t n = fread(text, 1, sizeof text - 1, out);
    text[n] = 0;
    fclose(out);
    char want[700];
    snprintf(want, sizeof want, "thread 0: 32 in FIFO, stream at %s:36,", path); /* 33rd ADDDMAREG */
    if (!strstr(text, want)) fail_msg("report lacks '%s':\n%s", want, text);
    assert_non_null(strstr(text, "watchdog"));
    tt_test_free(&t);
    remove(path);
    rmdir(dir);
}

/* In order, through several wrap-arounds of the ring; sequence numbers count per thread from 0. */
static void test_fifo_order_and_sequence_numbers(void **state)
{
    tt_model *m = *state;
    uint32_t next = 0;
    for (int round = 0; round < 5; round++) {
        for (int i = 0; i < 20; i++) {
            char line[64];
            uint32_t v = (uint32_t)(round * 20 + i);
            snprintf(line, sizeof line, "ttsetdmareg 0,%u,0,0", v);
            assert_int_equal(tt_model_push(m, 2, w(line)), TT_OK);
        }
        for (int i = 0; i < 20; i++) {
            tt_exec_result r = tt_model_step(m, 2);
            assert_int_equal(r.status, TT_OK);
            assert_int_equal(r.seq, next);
            assert_int_equal(r.insn, 0x45000000u | (next << 8));
            assert_int_equal(gpr(m, 2, 0), next);
            next++;
        }
    }
    assert_int_equal(tt_model_retired(m, 2), 100);
    assert_int_equal(tt_model_retired(m, 0), 0);
    tt_exec_result r;
    assert_int_equal(tt_model_push(m, 0, w("ttnop")), TT_OK);
    r = tt_model_step(m, 0);
    assert_int_equal(r.seq, 0);
}

/* Stepping a thread with an empty FIFO: TT_BLOCKED, nothing retired. */
static void test_step_empty_fifo_blocked(void **state)
{
    tt_model *m = *state;
    char why[160] = "";
    assert_false(tt_model_can_issue(m, 0, why, sizeof why));
    assert_non_null(strstr(why, "FIFO empty"));
    tt_exec_result r = tt_model_step(m, 0);
    assert_int_equal(r.status, TT_BLOCKED);
    assert_int_equal(tt_model_retired(m, 0), 0);
}

/* Every ISA-table instruction the model does not execute is reported as unimplemented (with its
 * name), never ignored; the implemented ones are not. */
static void test_unimplemented_reported(void **state)
{
    tt_model *m = *state;
    static const char *const implemented[] = {"NOP", "DMANOP", "SEMINIT", "SEMPOST", "SEMGET", "SEMWAIT",
                                              "STALLWAIT", "WRCFG", "RDCFG", "SETC16", "RMWCIB0", "RMWCIB1",
                                              "RMWCIB2", "RMWCIB3", "SETDMAREG", "ADDDMAREG", "STOREIND",
                                              /* ThCon, config, mutexes (test_thcon_*.c; LOADREG and
                                               * STOREREG of address 0 are undefined) */
                                              "SUBDMAREG", "MULDMAREG", "BITWOPDMAREG", "SHIFTDMAREG",
                                              "CMPDMAREG", "LOADIND", "LOADREG", "STOREREG", "ATGETM",
                                              "ATRELM", "CFGSHIFTMASK",
                                              /* address counters (test_adc.c) */
                                              "SETADC", "SETADCXY", "SETADCZW", "SETADCXX", "INCADCXY",
                                              "INCADCZW", "ADDRCRXY", "ADDRCRZW",
                                              /* consumed by the MOP / replay expanders (test_mop_expander.c) */
                                              "MOP", "MOP_CFG", "REPLAY",
                                              /* unpackers, bank hand-off (test_unpack.c; an all-zero
                                               * UNPACR/UNPACR_NOP is reported as unimplemented or
                                               * undefined there) */
                                              "UNPACR", "UNPACR_NOP", "SETDVALID", "CLEARDVALID", "ZEROSRC",
                                              /* data movement (test_movement.c) */
                                              "SETRWC", "INCRWC", "ZEROACC", "MOVA2D", "MOVB2D", "MOVD2A",
                                              "MOVD2B", "MOVB2A",
                                              /* packer 0 (tests/directed/pack_*.tts; an all-zero PACR
                                               * compresses with the reset config, whose early
                                               * conversion is undefined) */
                                              "PACR",
                                              /* the all-zero PACR_SETREG triggers nothing (docs/decisions.md
                                               * "PACR_SETREG"); its write form is unimplemented */
                                              "PACR_SETREG",
                                              /* matrix-unit arithmetic (test_matrix_arith.c, mx_*.tts) */
                                              "ELWADD", "ELWSUB", "ELWMUL", "MVMUL", "GAPOOL", "GMPOOL",
                                              "GATESRCRST", "TRNSPSRCB",
                                              /* the SFPU (test_sfpu.c, sfpu_*.tts; an all-zero SFPPOPC
                                               * pops an empty stack: undefined; SFPLOADMACRO: test_sfpu_lm.c) */
                                              "SFPLOAD", "SFPLOADI", "SFPSTORE", "SFPLUT", "SFPMULI", "SFPADDI",
                                              "SFPDIVP2", "SFPEXEXP", "SFPEXMAN", "SFPIADD", "SFPSHFT",
                                              "SFPSETCC", "SFPMOV", "SFPABS", "SFPAND", "SFPOR", "SFPNOT",
                                              "SFPLZ", "SFPSETEXP", "SFPSETMAN", "SFPMAD", "SFPADD", "SFPMUL",
                                              "SFPPUSHC", "SFPPOPC", "SFPSETSGN", "SFPENCC", "SFPCOMPC",
                                              "SFPTRANSP", "SFPXOR", "SFP_STOCH_RND", "SFPNOP", "SFPCAST",
                                              "SFPCONFIG", "SFPSWAP", "SFPSHFT2", "SFPLUTFP32", "SFPLE", "SFPGT",
                                              "SFPMUL24", "SFPARECIP", "SFPLOADMACRO"};
    /* matrix-unit opcodes no source defines: reported as undefined or unsupported, by name with the
     * source (docs/decisions.md "Matrix unit arithmetic") */
    static const struct {
        const char *name;
        tt_status status;
    } reported[] = {{"DOTPV", TT_UNSUPPORTED},     {"SHIFTXA", TT_UNDEFINED},    {"SHIFTXB", TT_UNSUPPORTED},
                    {"TRNSPSRCA", TT_UNSUPPORTED}, {"SETASHRMH0", TT_UNSUPPORTED}, {"SETASHRMH1", TT_UNSUPPORTED},
                    {"SETASHRMH", TT_UNSUPPORTED}, {"SETASHRMV", TT_UNSUPPORTED}, {"CONV3S1", TT_UNDEFINED},
                    {"CONV3S2", TT_UNDEFINED},     {"MPOOL3S1", TT_UNDEFINED},   {"MPOOL3S2", TT_UNDEFINED},
                    {"APOOL3S1", TT_UNDEFINED},    {"APOOL3S2", TT_UNDEFINED},   {"MFCONV3S1", TT_UNDEFINED}};
    for (size_t k = 0; k < sizeof reported / sizeof reported[0]; k++) {
        tt_model_reset(m);
        assert_int_equal(tt_model_push(m, 1, (uint32_t)tt_isa_by_name(reported[k].name)->opcode << 24), TT_OK);
        tt_exec_result r = tt_model_step(m, 1);
        if (r.status != reported[k].status)
            fail_msg("%s: status %s, want %s", reported[k].name, tt_status_name(r.status),
                     tt_status_name(reported[k].status));
        if (!strstr(r.msg, reported[k].name)) fail_msg("%s: message '%s' does not name it", reported[k].name, r.msg);
    }
    int n_unimpl = 0;
    for (size_t i = 0; i < tt_isa_count(); i++) {
        const tt_op_info *op = tt_isa_at(i);
        bool impl = false;
        for (size_t k = 0; k < sizeof implemented / sizeof implemented[0]; k++)
            impl |= strcmp(op->name, implemented[k]) == 0;
        for (size_t k = 0; k < sizeof reported / sizeof reported[0]; k++)
            impl |= strcmp(op->name, reported[k].name) == 0;
        if (impl) continue;
        tt_model_reset(m);
        assert_int_equal(tt_model_push(m, 0, (uint32_t)op->opcode << 24), TT_OK);
        tt_exec_result r = tt_model_step(m, 0);
        if (r.status != TT_UNIMPLEMENTED) fail_msg("%s: status %s, want unimplemented", op->name, tt_status_name(r.status));
        if (!strstr(r.msg, op->name)) fail_msg("%s: message '%s' does not name it", op->name, r.msg);
        assert_int_equal(r.eff.kinds, 0);
        n_unimpl++;
    }
    /* every name listed above is an ISA instruction, so the rest are exactly the unimplemented */
    assert_int_equal(n_unimpl, 137 - (int)(sizeof implemented / sizeof implemented[0]) -
                                   (int)(sizeof reported / sizeof reported[0]));
    /* DOTPV as the assembler writes it. */
    tt_model_reset(m);
    assert_int_equal(tt_model_push(m, 1, w("ttdotpv 0,0,0,0,0")), TT_OK);
    assert_int_equal(tt_model_step(m, 1).status, TT_UNSUPPORTED);
}

/* A word whose opcode is not a Blackhole instruction is unsupported. */
static void test_unsupported_opcode_reported(void **state)
{
    tt_model *m = *state;
    int n = 0;
    for (uint32_t opc = 0; opc < 256; opc++) {
        if (tt_isa_by_opcode((uint8_t)opc)) continue;
        tt_model_reset(m);
        assert_int_equal(tt_model_push(m, 2, opc << 24 | 0x123u), TT_OK);
        tt_exec_result r = tt_model_step(m, 2);
        if (r.status != TT_UNSUPPORTED) fail_msg("opcode 0x%02x: %s", opc, tt_status_name(r.status));
        assert_int_equal(r.insn, opc << 24 | 0x123u);
        n++;
    }
    assert_int_equal(n, 256 - 137);
    tt_model_reset(m);
    assert_int_equal(tt_model_push(m, 0, w(".word 0xff000000")), TT_OK);
    tt_exec_result r = tt_model_step(m, 0);
    assert_int_equal(r.status, TT_UNSUPPORTED);
    assert_non_null(strstr(r.msg, "0xff"));
}

/* The TRISC MMIO windows: config (both states), own-thread GPRs, own-thread MOP config,
 * semaphores; an unaligned or unmapped address is rejected with a message. */
static void test_mmio_windows(void **state)
{
    tt_model *m = *state;
    char msg[160];
    uint32_t v;
    assert_int_equal(tt_model_mmio_store(m, 1, 0xFFEF0000u + 4 * 5, 0x55u, msg, sizeof msg), TT_OK);
    assert_true(tt_model_cfg_get(m, 0, 5, &v));
    assert_int_equal(v, 0x55u);
    assert_int_equal(tt_model_mmio_store(m, 1, 0xFFEF0000u + 4 * (224 + 5), 0x66u, msg, sizeof msg), TT_OK);
    assert_true(tt_model_cfg_get(m, 1, 5, &v));
    assert_int_equal(v, 0x66u);
    /* GPRs: the storing thread's own. */
    assert_int_equal(tt_model_mmio_store(m, 2, 0xFFE00000u + 4 * 63, 0x77u, msg, sizeof msg), TT_OK);
    assert_int_equal(gpr(m, 2, 63), 0x77u);
    assert_int_equal(gpr(m, 0, 63), 0);
    assert_int_equal(gpr(m, 1, 63), 0);
    assert_int_not_equal(tt_model_mmio_store(m, 2, 0xFFE00000u + 4 * 64, 1, msg, sizeof msg), TT_OK);
    /* MOP config: 9 words per thread. */
    assert_int_equal(tt_model_mmio_store(m, 0, 0xFFB80000u, 0xA0u, msg, sizeof msg), TT_OK);
    assert_int_equal(tt_model_mmio_store(m, 1, 0xFFB80000u + 4 * 8, 0xA8u, msg, sizeof msg), TT_OK);
    assert_true(tt_model_mop_cfg_get(m, 0, 0, &v));
    assert_int_equal(v, 0xA0u);
    assert_true(tt_model_mop_cfg_get(m, 1, 8, &v));
    assert_int_equal(v, 0xA8u);
    assert_true(tt_model_mop_cfg_get(m, 1, 0, &v));
    assert_int_equal(v, 0);
    assert_false(tt_model_mop_cfg_get(m, 0, 9, &v));
    assert_int_not_equal(tt_model_mmio_store(m, 0, 0xFFB80000u + 4 * 9, 1, msg, sizeof msg), TT_OK);
    /* Semaphores. */
    uint32_t mx;
    assert_int_equal(tt_model_mmio_store(m, 0, 0xFFE80020u + 4 * 3, 0, msg, sizeof msg), TT_OK);
    assert_true(tt_model_sem_get(m, 3, &v, &mx));
    assert_int_equal(v, 1);
    /* Unaligned / unmapped. */
    msg[0] = 0;
    assert_int_equal(tt_model_mmio_store(m, 0, 0xFFE00002u, 1, msg, sizeof msg), TT_UNSUPPORTED);
    assert_non_null(strstr(msg, "aligned"));
    msg[0] = 0;
    assert_int_equal(tt_model_mmio_store(m, 0, 0x00001000u, 1, msg, sizeof msg), TT_UNSUPPORTED);
    assert_true(strlen(msg) > 0);
    assert_int_equal(tt_model_mmio_store(m, 3, 0xFFE00000u, 1, msg, sizeof msg), TT_ERROR);
}

/* Bad thread numbers and indices are refused, not out-of-bounds accesses. */
static void test_bad_thread_and_index_refused(void **state)
{
    tt_model *m = *state;
    uint32_t v, mx;
    assert_int_equal(tt_model_push(m, 3, 0x02000000u), TT_ERROR);
    assert_int_equal(tt_model_push(m, -1, 0x02000000u), TT_ERROR);
    assert_int_equal(tt_model_step(m, 3).status, TT_ERROR);
    assert_false(tt_model_cfg_get(m, 2, 0, &v));
    assert_false(tt_model_cfg_get(m, 0, TT_CFG_WORDS, &v));
    assert_false(tt_model_tcfg_get(m, 0, TT_TCFG_WORDS, &v));
    assert_false(tt_model_gpr_set(m, 0, TT_NUM_GPRS, 1));
    assert_false(tt_model_sem_get(m, 8, &v, &mx));
    assert_false(tt_model_sem_set(m, 0, 16, 0));
    assert_false(tt_model_sem_set(m, 0, 0, 16));
}

/* Reset clears every piece of state, FIFOs and sequence numbers included. */
static void test_reset_clears_state(void **state)
{
    tt_model *m = *state;
    tt_model_cfg_set(m, 1, 7, 1);
    tt_model_tcfg_set(m, 2, 0, 1);
    tt_model_gpr_set(m, 0, 9, 1);
    tt_model_sem_set(m, 2, 3, 4);
    tt_model_l1(m)[TT_L1_BYTES - 1] = 0x5A;
    assert_int_equal(tt_model_push(m, 0, w("ttsemwait 0x1ff,1,1")), TT_OK);
    tt_model_step(m, 0);
    assert_int_equal(tt_model_push(m, 0, w("ttnop")), TT_OK);
    tt_model_reset(m);
    uint32_t v, mx;
    assert_true(tt_model_cfg_get(m, 1, 7, &v));
    assert_int_equal(v, 0);
    assert_true(tt_model_tcfg_get(m, 2, 0, &v));
    assert_int_equal(v, 0);
    assert_int_equal(gpr(m, 0, 9), 0);
    assert_true(tt_model_sem_get(m, 2, &v, &mx));
    assert_int_equal(v + mx, 0);
    assert_int_equal(tt_model_l1(m)[TT_L1_BYTES - 1], 0);
    assert_int_equal(tt_model_fifo_count(m, 0), 0);
    assert_int_equal(tt_model_retired(m, 0), 0);
    char why[160];
    assert_int_equal(tt_model_push(m, 0, w("ttnop")), TT_OK);
    assert_true(tt_model_can_issue(m, 0, why, sizeof why)); /* the wait latch is gone */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_fifo_32_entries, setup, teardown),
        cmocka_unit_test_setup_teardown(test_fifo_order_and_sequence_numbers, setup, teardown),
        cmocka_unit_test_setup_teardown(test_step_empty_fifo_blocked, setup, teardown),
        cmocka_unit_test_setup_teardown(test_unimplemented_reported, setup, teardown),
        cmocka_unit_test_setup_teardown(test_unsupported_opcode_reported, setup, teardown),
        cmocka_unit_test_setup_teardown(test_mmio_windows, setup, teardown),
        cmocka_unit_test_setup_teardown(test_bad_thread_and_index_refused, setup, teardown),
        cmocka_unit_test_setup_teardown(test_reset_clears_state, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
