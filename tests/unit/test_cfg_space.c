/* Unit tests for the configuration unit: WRCFG, RDCFG, RMWCIB0-3, SETC16, CFG_STATE_ID and the
 * config MMIO window. Each test is named after the ISA page / spec rule it checks
 * (research/isa_semantics.md §3; pack-unpack-registers §4). Public API only (ttmodel.h, ttisa.h). */
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

/* WRCFG 32-bit: Config[StateID][CfgIndex] = GPR[thread][InputReg]; the effect record names it. */
static void test_wrcfg_32bit_writes_gpr_to_config(void **state)
{
    tt_model *m = *state;
    tt_model_gpr_set(m, 1, 45, 0x89ABCDEFu);
    tt_model_gpr_set(m, 0, 45, 0x11111111u); /* other thread, same index: must not be used */
    tt_model_cfg_set(m, 0, 99, 0x55u);
    tt_model_cfg_set(m, 0, 101, 0x66u);
    tt_exec_result r = run(m, 1, "ttwrcfg 45,0,100");
    assert_int_equal(r.status, TT_OK);
    assert_int_equal(cfg(m, 0, 100), 0x89ABCDEFu);
    assert_int_equal(cfg(m, 0, 99), 0x55u);
    assert_int_equal(cfg(m, 0, 101), 0x66u);
    assert_int_equal(cfg(m, 1, 100), 0);
    assert_true(r.eff.kinds & TT_EFF_CFG);
    assert_int_equal(r.eff.cfg_we, 0x1);
    assert_int_equal(r.eff.cfg_state, 0);
    assert_int_equal(r.eff.cfg_addr, 100);
    assert_int_equal(r.eff.cfg_data[0], 0x89ABCDEFu);
    run_ok(m, 1, "ttwrcfg 45,0,223"); /* highest index */
    assert_int_equal(cfg(m, 0, 223), 0x89ABCDEFu);
}

/* WRCFG 128-bit: both CfgIndex and InputReg are aligned down to 4; four words written. */
static void test_wrcfg_128bit_aligns_indices_down(void **state)
{
    tt_model *m = *state;
    for (int i = 0; i < TT_NUM_GPRS; i++) tt_model_gpr_set(m, 0, i, 0x1000u + (uint32_t)i);
    static const struct { const char *line; int base; int gbase; } cases[] = {
        {"ttwrcfg 8,1,64", 64, 8},    /* aligned */
        {"ttwrcfg 13,1,75", 72, 12},  /* both misaligned */
        {"ttwrcfg 7,1,81", 80, 4},    /* GPR 7 -> 4, index 81 -> 80 */
        {"ttwrcfg 63,1,223", 220, 60} /* top of both */
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        tt_model_reset(m);
        for (int i = 0; i < TT_NUM_GPRS; i++) tt_model_gpr_set(m, 0, i, 0x1000u + (uint32_t)i);
        for (int i = 0; i < TT_CFG_WORDS; i++) tt_model_cfg_set(m, 0, i, 0xEEEEEEEEu);
        tt_exec_result r = run(m, 0, cases[c].line);
        assert_int_equal(r.status, TT_OK);
        for (int i = 0; i < TT_CFG_WORDS; i++) {
            uint32_t want = (i >= cases[c].base && i < cases[c].base + 4)
                                ? 0x1000u + (uint32_t)(cases[c].gbase + i - cases[c].base)
                                : 0xEEEEEEEEu;
            if (cfg(m, 0, i) != want) fail_msg("%s: cfg[0][%d] = 0x%x, want 0x%x", cases[c].line, i, cfg(m, 0, i), want);
        }
        assert_int_equal(r.eff.cfg_we, 0xF);
        assert_int_equal(r.eff.cfg_addr, cases[c].base);
        for (int k = 0; k < 4; k++) assert_int_equal(r.eff.cfg_data[k], 0x1000u + (uint32_t)(cases[c].gbase + k));
    }
}

/* WRCFG/RDCFG: CfgIndex >= 224 is undefined behaviour, reported and without effect. */
static void test_wrcfg_rdcfg_index_224_undefined(void **state)
{
    tt_model *m = *state;
    tt_model_gpr_set(m, 0, 0, 0x12345678u);
    static const char *const lines[] = {"ttwrcfg 0,0,224", "ttwrcfg 0,1,224", "ttwrcfg 0,0,2047", "ttrdcfg 0,224",
                                        "ttrdcfg 0,1000"};
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        tt_exec_result r = run(m, 0, lines[i]);
        if (r.status != TT_UNDEFINED) fail_msg("'%s': status %s, want undefined", lines[i], tt_status_name(r.status));
        assert_true(strlen(r.msg) > 0);
        assert_int_equal(r.eff.kinds, 0);
    }
    assert_int_equal(gpr(m, 0, 0), 0x12345678u);
    for (int i = 0; i < TT_CFG_WORDS; i++) assert_int_equal(cfg(m, 0, i), 0);
}

/* RDCFG: GPR[thread][ResultReg] = Config[StateID][CfgIndex]. */
static void test_rdcfg_reads_state_of_thread_into_gpr(void **state)
{
    tt_model *m = *state;
    tt_model_cfg_set(m, 0, 7, 0xA0A0A0A0u);
    tt_model_cfg_set(m, 1, 7, 0xB1B1B1B1u);
    tt_exec_result r = run(m, 2, "ttrdcfg 63,7");
    assert_int_equal(r.status, TT_OK);
    assert_int_equal(gpr(m, 2, 63), 0xA0A0A0A0u);
    assert_int_equal(gpr(m, 0, 63), 0);
    assert_true(r.eff.kinds & TT_EFF_GPR);
    assert_int_equal(r.eff.n_gpr, 1);
    assert_int_equal(r.eff.gpr_idx[0], 63);
    assert_int_equal(r.eff.gpr_data[0], 0xA0A0A0A0u);
    run_ok(m, 2, "ttsetc16 0,1");
    run_ok(m, 2, "ttrdcfg 5,7");
    assert_int_equal(gpr(m, 2, 5), 0xB1B1B1B1u);
}

/* RMWCIBn: byte n of the word = (NewValue & Mask) | (old & ~Mask); other bytes kept. */
static void test_rmwcib_lane_mask_semantics(void **state)
{
    tt_model *m = *state;
    static const uint32_t olds[] = {0x00000000u, 0xFFFFFFFFu, 0x12345678u, 0xA5C3E1F0u};
    static const uint8_t masks[] = {0x00, 0xFF, 0xF0, 0x0F, 0x81, 0x5A};
    static const uint8_t datas[] = {0x00, 0xFF, 0xAB, 0x3C};
    for (int lane = 0; lane < 4; lane++)
        for (size_t o = 0; o < 4; o++)
            for (size_t k = 0; k < sizeof masks; k++)
                for (size_t d = 0; d < sizeof datas; d++) {
                    char line[64];
                    snprintf(line, sizeof line, "ttrmwcib%d %u,%u,200", lane, masks[k], datas[d]);
                    tt_model_cfg_set(m, 0, 200, olds[o]);
                    tt_exec_result r = run(m, 0, line);
                    assert_int_equal(r.status, TT_OK);
                    uint32_t sh = 8u * (uint32_t)lane;
                    uint32_t byte = (olds[o] >> sh) & 0xFFu;
                    byte = (datas[d] & masks[k]) | (byte & (uint32_t)~masks[k] & 0xFFu);
                    uint32_t want = (olds[o] & ~(0xFFu << sh)) | (byte << sh);
                    if (cfg(m, 0, 200) != want)
                        fail_msg("%s on 0x%08x: got 0x%08x, want 0x%08x", line, olds[o], cfg(m, 0, 200), want);
                    assert_int_equal(r.eff.cfg_we, 1);
                    assert_int_equal(r.eff.cfg_addr, 200);
                    assert_int_equal(r.eff.cfg_data[0], want);
                }
    /* A worked example: pack-unpack-registers §4.3 style field update. */
    tt_model_cfg_set(m, 0, 100, 0x12345678u);
    run_ok(m, 0, "ttrmwcib0 0xf0,0xab,100");
    run_ok(m, 0, "ttrmwcib1 0xff,0x00,100");
    run_ok(m, 0, "ttrmwcib2 0x00,0xff,100");
    run_ok(m, 0, "ttrmwcib3 0x81,0xff,100");
    assert_int_equal(cfg(m, 0, 100), 0x933400A8u);
}

static void test_rmwcib_index_224_undefined(void **state)
{
    tt_model *m = *state;
    for (int lane = 0; lane < 4; lane++) {
        char line[64];
        snprintf(line, sizeof line, "ttrmwcib%d 255,255,%d", lane, 224 + lane * 10);
        tt_exec_result r = run(m, 0, line);
        assert_int_equal(r.status, TT_UNDEFINED);
        assert_int_equal(r.eff.kinds, 0);
    }
    tt_exec_result r = run(m, 0, "ttrmwcib0 255,255,223");
    assert_int_equal(r.status, TT_OK);
    assert_int_equal(cfg(m, 0, 223), 0xFFu);
}

/* SETC16: ThreadConfig[issuing thread][idx] = 16-bit value, replacing the old word. */
static void test_setc16_writes_issuing_thread_only(void **state)
{
    tt_model *m = *state;
    tt_model_tcfg_set(m, 1, 41, 0x2222u);
    tt_model_tcfg_set(m, 0, 41, 0x7777u);
    tt_exec_result r = run(m, 1, "ttsetc16 41,257");
    assert_int_equal(r.status, TT_OK);
    assert_int_equal(tcfg(m, 1, 41), 0x0101u); /* replaced, not ORed with 0x2222 */
    assert_int_equal(tcfg(m, 0, 41), 0x7777u);
    assert_int_equal(tcfg(m, 2, 41), 0);
    assert_true(r.eff.kinds & TT_EFF_TCFG);
    assert_int_equal(r.eff.tcfg_addr, 41);
    assert_int_equal(r.eff.tcfg_data, 0x0101u);
    for (int i = 0; i < TT_CFG_WORDS; i++) assert_int_equal(cfg(m, 0, i), 0); /* not backend config */
    run_ok(m, 2, "ttsetc16 67,0xffff"); /* highest index, full 16-bit value */
    assert_int_equal(tcfg(m, 2, 67), 0xFFFFu);
    run_ok(m, 1, "ttsetc16 41,0");
    assert_int_equal(tcfg(m, 1, 41), 0);
}

static void test_setc16_index_68_undefined(void **state)
{
    tt_model *m = *state;
    static const char *const lines[] = {"ttsetc16 68,1", "ttsetc16 255,1"};
    for (size_t i = 0; i < 2; i++) {
        tt_exec_result r = run(m, 0, lines[i]);
        assert_int_equal(r.status, TT_UNDEFINED);
        assert_int_equal(r.eff.kinds, 0);
        assert_non_null(strstr(r.msg, "SETC16"));
    }
}

/* CFG_STATE_ID (ThreadConfig word 0 bit 0) selects the state for WRCFG, RDCFG and RMWCIB of that
 * thread only. */
static void test_cfg_state_id_selects_state_per_thread(void **state)
{
    tt_model *m = *state;
    tt_model_gpr_set(m, 0, 1, 0xAAAA0001u);
    tt_model_gpr_set(m, 1, 1, 0xBBBB0001u);
    run_ok(m, 0, "ttsetc16 0,1");
    run_ok(m, 0, "ttwrcfg 1,0,10");
    run_ok(m, 1, "ttwrcfg 1,0,10");
    assert_int_equal(cfg(m, 1, 10), 0xAAAA0001u);
    assert_int_equal(cfg(m, 0, 10), 0xBBBB0001u);
    tt_exec_result r = run(m, 0, "ttrmwcib3 0xff,0x42,10");
    assert_int_equal(r.eff.cfg_state, 1);
    assert_int_equal(cfg(m, 1, 10), 0x42AA0001u);
    assert_int_equal(cfg(m, 0, 10), 0xBBBB0001u);
    run_ok(m, 0, "ttrdcfg 2,10");
    assert_int_equal(gpr(m, 0, 2), 0x42AA0001u);
    /* Only bit 0 of word 0 counts: value 2 selects state 0. */
    run_ok(m, 0, "ttsetc16 0,2");
    run_ok(m, 0, "ttrdcfg 3,10");
    assert_int_equal(gpr(m, 0, 3), 0xBBBB0001u);
}

/* Config MMIO: 0xFFEF0000 + 4*i, state i / 224 (state 1 at +0x380); past 448 words: rejected. */
static void test_cfg_mmio_two_states(void **state)
{
    tt_model *m = *state;
    char msg[160];
    assert_int_equal(tt_model_mmio_store(m, 0, 0xFFEF0000u, 1, msg, sizeof msg), TT_OK);
    assert_int_equal(tt_model_mmio_store(m, 2, 0xFFEF037Cu, 2, msg, sizeof msg), TT_OK);
    assert_int_equal(cfg(m, 0, 223), 2);
    assert_int_equal(tt_model_mmio_store(m, 1, 0xFFEF0380u, 3, msg, sizeof msg), TT_OK);
    assert_int_equal(tt_model_mmio_store(m, 1, 0xFFEF064Cu, 5, msg, sizeof msg), TT_OK);
    assert_int_equal(tt_model_mmio_store(m, 0, 0xFFEF06FCu, 4, msg, sizeof msg), TT_OK);
    assert_int_equal(cfg(m, 0, 0), 1);
    assert_int_equal(cfg(m, 1, 0), 3);
    assert_int_equal(cfg(m, 1, 179), 5);
    assert_int_equal(cfg(m, 0, 179), 0);
    /* The last word of state 1; ADDR32 223 is global, so state 0 sees it too (BackendConfiguration). */
    assert_int_equal(cfg(m, 1, 223), 4);
    assert_int_equal(cfg(m, 0, 223), 4);
    /* Past ConfigDualWrite (word 448 + 224) comes ThreadConfig, which RISCV cannot write. */
    msg[0] = 0;
    assert_int_not_equal(tt_model_mmio_store(m, 0, 0xFFEF0A80u, 5, msg, sizeof msg), TT_OK);
    assert_true(strlen(msg) > 0);
}

/* BackendConfiguration.md "Special cases": a write to Config[i][j] with j >= GLOBAL_CFGREG_BASE_ADDR32
 * (180 on Blackhole, tt-metal blackhole/cfg_defines.h) writes Config[0][j] and Config[1][j]; below
 * 180 only Config[i][j]. Checked for every writer: WRCFG 32/128-bit, RMWCIB, CFGSHIFTMASK, RISCV
 * stores and the state setter (the preload path). */
static void test_backendconfiguration_global_words_write_both_states(void **state)
{
    tt_model *m = *state;
    char msg[160];
    for (int i = 0; i < 8; i++) tt_model_gpr_set(m, 0, i, 0x5000u + (uint32_t)i);
    /* WRCFG 32-bit from state 0, at 175 (not global) and 180 (global). */
    run_ok(m, 0, "ttwrcfg 1,0,175");
    run_ok(m, 0, "ttwrcfg 2,0,180");
    assert_int_equal(cfg(m, 0, 175), 0x5001u);
    assert_int_equal(cfg(m, 1, 175), 0);
    assert_int_equal(cfg(m, 0, 180), 0x5002u);
    assert_int_equal(cfg(m, 1, 180), 0x5002u);
    /* WRCFG 128-bit from state 1: words 176..179 one state, 220..223 both. */
    run_ok(m, 0, "ttsetc16 0,1");
    run_ok(m, 0, "ttwrcfg 4,1,177");
    run_ok(m, 0, "ttwrcfg 4,1,221");
    for (int k = 0; k < 4; k++) {
        assert_int_equal(cfg(m, 1, 176 + k), 0x5004u + (uint32_t)k);
        assert_int_equal(cfg(m, 0, 176 + k), 0);
        assert_int_equal(cfg(m, 1, 220 + k), 0x5004u + (uint32_t)k);
        assert_int_equal(cfg(m, 0, 220 + k), 0x5004u + (uint32_t)k);
    }
    /* RMWCIB from state 1 on a global word. */
    tt_exec_result r = run_ok(m, 0, "ttrmwcib2 0xff,0x7e,200");
    assert_int_equal(r.eff.cfg_state, 1);
    assert_int_equal(cfg(m, 0, 200), 0x007E0000u);
    assert_int_equal(cfg(m, 1, 200), 0x007E0000u);
    /* CFGSHIFTMASK from state 1 on a global word; SCRATCH_SEC0 (209) written from state 0 before. */
    tt_model_gpr_set(m, 1, 3, 0x0000000Fu);
    run_ok(m, 1, "ttwrcfg 3,0,209"); /* thread 1 is in state 0 */
    run_ok(m, 0, "ttcfgshiftmask 1,0,31,0,0,201"); /* OR scratch 0 into word 201 */
    assert_int_equal(cfg(m, 1, 201), 0xFu);
    assert_int_equal(cfg(m, 0, 201), 0xFu);
    /* RISCV stores: to state 1's word 190 and to state 0's word 170. */
    assert_int_equal(tt_model_mmio_store(m, 0, 0xFFEF0380u + 4u * 190u, 0x190u, msg, sizeof msg), TT_OK);
    assert_int_equal(tt_model_mmio_store(m, 0, 0xFFEF0000u + 4u * 170u, 0x170u, msg, sizeof msg), TT_OK);
    assert_int_equal(cfg(m, 0, 190), 0x190u);
    assert_int_equal(cfg(m, 1, 190), 0x190u);
    assert_int_equal(cfg(m, 0, 170), 0x170u);
    assert_int_equal(cfg(m, 1, 170), 0);
    /* The state setter (preload): one value for a global word. */
    assert_true(tt_model_cfg_set(m, 1, 215, 0x215u));
    assert_true(tt_model_cfg_set(m, 1, 5, 0x5u));
    assert_int_equal(cfg(m, 0, 215), 0x215u);
    assert_int_equal(cfg(m, 0, 5), 0);
}

/* BackendConfiguration.md (Blackhole): ConfigDualWrite follows Config in the RISCV map; a store to
 * ConfigDualWrite[j] writes Config[0][j] and Config[1][j], for every j, global or not. */
static void test_backendconfiguration_config_dual_write_window(void **state)
{
    tt_model *m = *state;
    char msg[160];
    assert_int_equal(tt_model_mmio_store(m, 1, 0xFFEF0700u, 0xD0u, msg, sizeof msg), TT_OK);
    assert_int_equal(tt_model_mmio_store(m, 1, 0xFFEF0700u + 4u * 179u, 0xD179u, msg, sizeof msg), TT_OK);
    assert_int_equal(tt_model_mmio_store(m, 1, 0xFFEF0A7Cu, 0xD223u, msg, sizeof msg), TT_OK);
    for (int s = 0; s < 2; s++) {
        assert_int_equal(cfg(m, s, 0), 0xD0u);
        assert_int_equal(cfg(m, s, 179), 0xD179u);
        assert_int_equal(cfg(m, s, 223), 0xD223u);
        assert_int_equal(cfg(m, s, 1), 0);
    }
}

/* BackendConfiguration.md: writing anything to Config[i][STATE_RESET_EN_ADDR32] (ADDR32 4) except
 * with RMWCIB zeroes Config[i][0..179]. Whether the written word survives that reset is not said,
 * so the model reports such a write as unimplemented (no state change); RMWCIB writes word 4
 * normally. */
static void test_backendconfiguration_state_reset_en_write_unimplemented(void **state)
{
    tt_model *m = *state;
    char msg[160];
    tt_model_gpr_set(m, 0, 0, 1u);
    tt_model_cfg_set(m, 0, 10, 0x10u);
    static const char *const lines[] = {"ttwrcfg 0,0,4", "ttwrcfg 0,1,6", "ttcfgshiftmask 1,0,31,0,0,4"};
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        tt_exec_result r = run(m, 0, lines[i]);
        if (r.status != TT_UNIMPLEMENTED)
            fail_msg("'%s': status %s, want unimplemented", lines[i], tt_status_name(r.status));
        assert_non_null(strstr(r.msg, "STATE_RESET_EN"));
        tt_model_reset(m);
        tt_model_gpr_set(m, 0, 0, 1u);
        tt_model_cfg_set(m, 0, 10, 0x10u);
    }
    assert_int_not_equal(tt_model_mmio_store(m, 0, 0xFFEF0010u, 1u, msg, sizeof msg), TT_OK);
    assert_non_null(strstr(msg, "STATE_RESET_EN"));
    assert_int_not_equal(tt_model_mmio_store(m, 0, 0xFFEF0710u, 1u, msg, sizeof msg), TT_OK);
    run_ok(m, 0, "ttrmwcib0 0xff,0x01,4");
    assert_int_equal(cfg(m, 0, 4), 1u);
    assert_int_equal(cfg(m, 0, 10), 0x10u);
}

/* PRNG_SEED_Seed_Val (word 186): a write seeds every SFPU lane's PRNG (docs/decisions.md S2, the
 * simulator's scheme: the seed advanced 32 times by VectorUnit.md's AdvancePRNG, then two more steps
 * per lane from lane 31 down to 0). Seed 0x12345678: lane 31 0x4E0D6479; two steps on (taps 31, 21,
 * 1, 0 hold one 1: new top 0 -> 0x2706B23C; then none: new top 1) lane 30's 0x9383591E; lane 0, 62
 * steps after lane 31, 0x837EE01D (tests/directed/sfpu_prng_seed.tts lists every lane). A preload
 * seeds nothing; any write does, an RMWCIB that leaves the word as it was, a RISC-V store too. */
static uint32_t prng_of(const tt_model *m, unsigned lane)
{
    uint32_t d[4];
    assert_true(tt_model_sfpu_item(m, 136 + lane, d));
    return d[2];
}

static void test_prng_seed_on_every_write_of_word_186(void **state)
{
    tt_model *m = *state;
    char msg[160];
    tt_model_cfg_set(m, 0, 186, 0x12345678u); /* a preload: no seeding */
    assert_int_equal(prng_of(m, 31), 0);
    run_ok(m, 0, "ttrmwcib0 0xff,0x78,186");  /* the word unchanged, but written */
    assert_int_equal(cfg(m, 1, 186), 0x12345678u);
    assert_int_equal(prng_of(m, 31), 0x4E0D6479u);
    assert_int_equal(prng_of(m, 30), 0x9383591Eu);
    assert_int_equal(prng_of(m, 0), 0x837EE01Du);
    tt_model_gpr_set(m, 1, 4, 0);
    run_ok(m, 1, "ttwrcfg 4,0,186");          /* seed 0: lane 31 gets 0 advanced 34 times */
    const uint32_t zero31 = prng_of(m, 31);
    assert_int_not_equal(zero31, 0x4E0D6479u);
    tt_model_gpr_set(m, 1, 6, 0x12345678u);
    run_ok(m, 1, "ttwrcfg 4,1,184");          /* 128-bit: words 184..187, 186 from GPR 6 */
    assert_int_equal(prng_of(m, 31), 0x4E0D6479u);
    /* a RISC-V store to Config[1][186] (state 1's image: 0xFFEF0000 + 4 (224 + 186)) */
    assert_int_equal(tt_model_mmio_store(m, 0, 0xFFEF0000u + 4u * (224u + 186u), 0, msg, sizeof msg), TT_OK);
    assert_int_equal(prng_of(m, 31), zero31);
    /* and to ConfigDualWrite[186] (0xFFEF0000 + 4 (448 + 186)) */
    assert_int_equal(tt_model_mmio_store(m, 0, 0xFFEF0000u + 4u * (448u + 186u), 0x12345678u, msg, sizeof msg), TT_OK);
    assert_int_equal(prng_of(m, 31), 0x4E0D6479u);
    assert_int_equal(tt_model_mmio_store(m, 0, 0xFFEF0000u + 4u * (448u + 186u), 0, msg, sizeof msg), TT_OK);
    assert_int_equal(prng_of(m, 31), zero31);
    /* a neighbour's write seeds nothing */
    tt_model_gpr_set(m, 1, 4, 0x12345678u);
    run_ok(m, 1, "ttwrcfg 4,0,185");
    assert_int_equal(prng_of(m, 31), zero31);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_wrcfg_32bit_writes_gpr_to_config, setup, teardown),
        cmocka_unit_test_setup_teardown(test_wrcfg_128bit_aligns_indices_down, setup, teardown),
        cmocka_unit_test_setup_teardown(test_wrcfg_rdcfg_index_224_undefined, setup, teardown),
        cmocka_unit_test_setup_teardown(test_rdcfg_reads_state_of_thread_into_gpr, setup, teardown),
        cmocka_unit_test_setup_teardown(test_rmwcib_lane_mask_semantics, setup, teardown),
        cmocka_unit_test_setup_teardown(test_rmwcib_index_224_undefined, setup, teardown),
        cmocka_unit_test_setup_teardown(test_setc16_writes_issuing_thread_only, setup, teardown),
        cmocka_unit_test_setup_teardown(test_setc16_index_68_undefined, setup, teardown),
        cmocka_unit_test_setup_teardown(test_cfg_state_id_selects_state_per_thread, setup, teardown),
        cmocka_unit_test_setup_teardown(test_cfg_mmio_two_states, setup, teardown),
        cmocka_unit_test_setup_teardown(test_backendconfiguration_global_words_write_both_states, setup, teardown),
        cmocka_unit_test_setup_teardown(test_backendconfiguration_config_dual_write_window, setup, teardown),
        cmocka_unit_test_setup_teardown(test_backendconfiguration_state_reset_en_write_unimplemented, setup, teardown),
        cmocka_unit_test_setup_teardown(test_prng_seed_on_every_write_of_word_186, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
