/* test_unpack.c: UNPACR, UNPACR_NOP and the bank hand-off in the model (unpack-data-path §2, §8;
 * ISA documentation UNPACR_Regular.md, SrcASrcB.md, SETDVALID.md, CLEARDVALID.md, STALLWAIT.md). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "model_fixture.h"
#include "model_state.h" /* unp_ev_on: the datum loop's event log */
#include "unpack.h"      /* tt_unpack_batch_cycle */
#include "l1_read_log.h" /* tt_l1_read_log */

/* A BF16 tile for unpacker 0 of n datums at L1 0x1010 (base 0x100), 1.0, 2.0, 3.0 ... (exact),
 * OutAddr out_bytes. */
static void bf16_setup(tt_model *m, unsigned n, unsigned out_bytes)
{
    tt_model_cfg_set(m, 0, 64, (n << 16) | 0x15);
    tt_model_cfg_set(m, 0, 65, 0x00010001);
    tt_model_cfg_set(m, 0, 66, 1);
    tt_model_cfg_set(m, 0, 72, 0x25);
    tt_model_cfg_set(m, 0, 76, 0x100);
    tt_model_cfg_set(m, 0, 49, out_bytes);
    tt_adc_channel c = {0};
    c.x = n - 1;
    tt_model_adc_set(m, 0, 0, 1, &c);
    uint8_t *l1 = tt_model_l1(m);
    for (unsigned i = 0; i < n; i++) {
        /* BF16 of i + 1: exact for small integers */
        float f = (float)(i + 1);
        uint32_t b;
        memcpy(&b, &f, 4);
        l1[0x1010 + 2 * i] = (uint8_t)(b >> 16);
        l1[0x1011 + 2 * i] = (uint8_t)(b >> 24);
    }
}

static uint32_t src_bf16_of(unsigned i)
{
    float f = (float)i;
    uint32_t b;
    memcpy(&b, &f, 4);
    b >>= 16;
    return ((b & 0x8000u) << 3) | ((b & 0x7Fu) << 3 << 8) | ((b >> 7) & 0xFFu);
}

/* §2.4/§2.6: OutAddr row 3 is a header row of SrcA: its 16 datums are dropped; row 4 is SrcA row 0.
 * The row writes are logged in order, one record per row. */
static void test_unpack_2_6_srca_header_rows_skipped(void **state)
{
    tt_model *m = *state;
    bf16_setup(m, 32, 3 * 16 * 2);
    tt_exec_result r = run_ok(m, 0, "ttunpacr 0,0,0,0,0,0,0,0,0,0,0,0,0");
    size_t n;
    const tt_rf_write *wr = tt_model_rf_writes(m, &n);
    assert_int_equal(n, 1);
    assert_true(r.eff.kinds & TT_EFF_RF);
    assert_int_equal(wr[0].file, TT_RF_SRCA);
    assert_int_equal(wr[0].row, 0);
    assert_int_equal(wr[0].mask, 0xFFFF);
    assert_int_equal(wr[0].writer, TT_RF_BY_UNPACK0);
    assert_int_equal(wr[0].cell[0], src_bf16_of(17)); /* the 17th datum: the first past the header */
    uint32_t v;
    assert_true(tt_model_rf_get(m, TT_RF_SRCA, 0, 0, 15, &v));
    assert_int_equal(v, src_bf16_of(32));
}

/* §13 (docs/decisions.md "Unpacker and packer bandwidth", "Model-only scheduler"): the datum loop's
 * batches stepped one cycle at a time over the logged events. BF16 (16-bit datums): at most 8 datums
 * a cycle at x1 (16 bytes), 16 at x2 and x4; a cycle never crosses a 16-datum input row. 64 datums,
 * 4 rows: 8 cycles at x1, 4 at x2 or x4, as tt_unpack_work counts them. Grants x1, x4 (the rest of
 * row 0), x1, x1 (row 1), x4, x4 (rows 2, 3): 6 cycles. */
static void test_unpack_13_batches_stepped_by_grant(void **state)
{
    tt_model *m = *state;
    bf16_setup(m, 64, 4 * 16 * 2);
    m->unp_ev_on = true;
    run_ok(m, 0, "ttunpacr 0,0,0,0,0,0,0,0,0,0,0,0,0");
    const tt_unpack_work *w = tt_model_unpack_work(m, 0);
    assert_true(w->runs);
    assert_int_equal(w->budget[0], 8);
    assert_int_equal(w->budget[1], 16);
    assert_int_equal(w->budget[2], 16);
    const uint32_t want[3] = {8, 4, 4};
    for (int t = 0; t < 3; t++) {
        assert_int_equal(w->cycles[t], want[t]);
        size_t i = 0;
        uint32_t c = 0;
        while (i < m->n_unp_ev) i = tt_unpack_batch_cycle(m->unp_ev, m->n_unp_ev, i, w->budget[t]), c++;
        assert_int_equal(c, want[t]);
    }
    /* datums finished by the end of each cycle (the log's "finished" events, kind 2): x4 after a
     * half row at x1 takes the other half only, not 16 */
    static const int grant[6] = {0, 2, 0, 0, 2, 2};
    static const unsigned done_after[6] = {8, 16, 24, 32, 48, 64};
    size_t i = 0;
    for (int c = 0; c < 6; c++) {
        assert_true(i < m->n_unp_ev);
        i = tt_unpack_batch_cycle(m->unp_ev, m->n_unp_ev, i, w->budget[grant[c]]);
        unsigned done = 0;
        for (size_t k = 0; k < i; k++) done += (m->unp_ev[k] & 3u) == 2u;
        assert_int_equal(done, done_after[c]);
    }
    assert_int_equal(i, m->n_unp_ev);
}

/* §2.7 FlipSrc: the bank goes to the matrix unit, the unpacker flips, SrcRow = SRCA_SET_Base << 4;
 * the effects carry the new bank state. */
static void test_unpack_2_7_flipsrc_hands_bank_over(void **state)
{
    tt_model *m = *state;
    bf16_setup(m, 16, 4 * 16 * 2);
    tt_model_tcfg_set(m, 0, 5, 2); /* SRCA_SET_Base 2: SrcRow 32 after the flip */
    tt_exec_result r = run_ok(m, 0, "ttunpacr 0,0,0,0,0,0,1,0,0,0,0,0,0");
    tt_bank_state b;
    tt_model_banks_get(m, &b);
    assert_int_equal(b.srca_client[0], TT_CLIENT_MATRIX);
    assert_int_equal(b.unp_bank[0], 1);
    assert_true(r.eff.kinds & TT_EFF_BANKS);
    assert_int_equal(r.eff.banks_state, tt_bank_pack(&b));
    uint32_t row, ctr;
    assert_true(tt_model_unpacker_get(m, 0, 0, &row, &ctr));
    assert_int_equal(row, 32);
    /* the next UNPACR writes bank 1 at SrcRow 32 */
    run_ok(m, 0, "ttunpacr 0,0,0,0,0,0,0,0,0,0,0,0,0");
    size_t n;
    const tt_rf_write *wr = tt_model_rf_writes(m, &n);
    assert_int_equal(wr[0].bank, 1);
    assert_int_equal(wr[0].row, 32);
}

/* §2.6: with SRCA_SET_SetOvrdWithAddr the raw SrcA row is used and wraps at 64
 * (`SrcA[Bank][Row & 0x3f]`): OutAddr rows 68 and 69 (raw 64, 65) are SrcA rows 0 and 1. */
static void test_unpack_2_6_srca_row_wraps_with_ovrd_addr(void **state)
{
    tt_model *m = *state;
    bf16_setup(m, 32, 68 * 16 * 2);
    tt_model_tcfg_set(m, 0, 5, 4); /* SRCA_SET_SetOvrdWithAddr */
    run_ok(m, 0, "ttunpacr 0,0,0,0,0,0,0,0,0,0,0,0,0");
    size_t n;
    const tt_rf_write *wr = tt_model_rf_writes(m, &n);
    assert_int_equal(n, 2);
    assert_int_equal(wr[0].row, 0);
    assert_int_equal(wr[1].row, 1);
    assert_int_equal(wr[0].cell[0], src_bf16_of(1));
    assert_int_equal(wr[1].cell[15], src_bf16_of(32));
}

/* pack-unpack-registers §3 ("auto-inferred from tile"), §2.7 FlipSrc: the bank handed over takes
 * the UNPACR's OutDataFormat as its implied format (SrcASrcB.md "Implied data format"); the effects
 * carry it in tt_bank_pack [11:8]. Unpacker 1 writes SrcB's. */
static void test_unpack_2_7_flipsrc_records_the_implied_format(void **state)
{
    tt_model *m = *state;
    bf16_setup(m, 16, 4 * 16 * 2); /* Out_data_format BF16 (5) */
    tt_exec_result r = run_ok(m, 0, "ttunpacr 0,0,0,0,0,0,1,0,0,0,0,0,0");
    tt_bank_state b;
    tt_model_banks_get(m, &b);
    assert_int_equal(b.srca_fmt[0], 5);
    assert_int_equal(b.srca_fmt[1], 0);
    assert_int_equal(r.eff.banks_state >> 8 & 0xF, 5);
    tt_model_cfg_set(m, 0, 120, 0x1); /* unpacker 1: Out_data_format FP16; an empty UNPACR */
    run_ok(m, 0, "ttunpacr 1,0,0,0,0,0,1,0,0,0,0,0,0");
    tt_model_banks_get(m, &b);
    assert_int_equal(b.srcb_fmt[0], 1);
}

/* §8.2, UNPACR_NOP_SETDVALID.md (Blackhole): a set dvalid records THCON_SECn_REG2_Out_data_format;
 * SETDVALID.md: a SETDVALID leaves it unpredictable (not compared with an RTL's: tt_bank_cmp_mask);
 * CLEARDVALID.md Reset sets every implied format to 0. */
static void test_unpack_8_2_set_dvalid_implied_formats(void **state)
{
    tt_model *m = *state;
    tt_model_cfg_set(m, 0, 72, 0x4);                       /* unpacker 0: Out_data_format TF32 */
    run_ok(m, 0, "ttunpacr_nop 0,0,0,1,0,0,0,0,1");        /* clear, then set dvalid */
    tt_model_cfg_set(m, 0, 120, 0x1);                      /* unpacker 1: FP16 */
    run_ok(m, 0, "ttunpacr_nop 1,0,0,0,3,0,0,0,2");        /* set dvalid only */
    tt_exec_result r = run_ok(m, 0, "ttsetdvalid 1");      /* SrcA bank 1: unpredictable */
    tt_bank_state b;
    tt_model_banks_get(m, &b);
    assert_int_equal(b.srca_fmt[0], 4);
    assert_int_equal(b.srcb_fmt[0], 1);
    assert_int_equal(b.srca_fmt[1], TT_IMPLIED_UNKNOWN);
    assert_int_equal(r.eff.banks_state >> 24, 1u << 1);    /* SrcA bank 1's flag */
    assert_int_equal(tt_bank_cmp_mask(r.eff.banks_state), 0xFF0FFFu); /* its nibble [15:12] masked */
    run_ok(m, 1, "ttcleardvalid 0,1");
    tt_model_banks_get(m, &b);
    assert_int_equal(tt_bank_pack(&b), 0);
}

/* UNPACR_Regular.md main loop: an UNPACR waits while its bank is owned by the matrix unit; the
 * wait gate holds it (the model-only scheduler and the lockstep check both use it). */
static void test_unpack_2_6_waits_for_its_bank(void **state)
{
    tt_model *m = *state;
    bf16_setup(m, 16, 4 * 16 * 2);
    run_ok(m, 0, "ttsetdvalid 1");
    run_ok(m, 0, "ttsetdvalid 1"); /* both SrcA banks to the matrix unit */
    assert_int_equal(tt_model_push(m, 0, w("ttunpacr 0,0,0,0,0,0,0,0,0,0,0,0,0")), TT_OK);
    char why[160] = "";
    assert_false(tt_model_can_issue(m, 0, why, sizeof why));
    assert_non_null(strstr(why, "owned by the matrix unit"));
    run_ok(m, 1, "ttcleardvalid 1,0"); /* math gives bank 0 back */
    assert_true(tt_model_can_issue(m, 0, why, sizeof why));
}

/* §8.3 and Blackhole's Stall_Clr_Cntrl [5] (docs/decisions.md "Audit of shared readings"): an
 * UNPACR_NOP clear with 0 waits until the matrix unit's current bank is not its own any more, with 1
 * until the unpacker's own bank is free. SrcA bank 0 is the matrix unit's, the unpacker is on bank 1
 * (free): 0 holds, 1 does not; once the matrix unit gives bank 0 back (and moves to bank 1, free),
 * 0 goes too. */
static void test_unpack_8_3_clear_waits_by_stall_clr_cntrl(void **state)
{
    tt_model *m = *state;
    run_ok(m, 0, "ttsetdvalid 1"); /* SrcA bank 0 to the matrix unit; the unpacker to bank 1 */
    char why[160] = "";
    assert_true(tt_model_unit_holds(m, 0, w("ttunpacr_nop 0,0,0,0,0,0,0,0,1"), why, sizeof why));
    assert_non_null(strstr(why, "SrcA bank 0 (the matrix unit's)"));
    assert_false(tt_model_unit_holds(m, 0, w("ttunpacr_nop 0,0,0,0,0,1,0,0,1"), why, sizeof why));
    assert_false(tt_model_unit_holds(m, 0, w("ttunpacr_nop 1,0,0,0,0,0,0,0,1"), why, sizeof why)); /* SrcB */
    run_ok(m, 1, "ttcleardvalid 1,0");
    assert_false(tt_model_unit_holds(m, 0, w("ttunpacr_nop 0,0,0,0,0,0,0,0,1"), why, sizeof why));
}

/* STALLWAIT C7 (Blackhole numbering; STALLWAIT.md C10 on Wormhole): held while the matrix unit's
 * SrcA bank is not owned by it; released once the unpackers hand one over. */
static void test_stallwait_c7_srca_valid(void **state)
{
    tt_model *m = *state;
    run_ok(m, 1, "ttstallwait 64,128");
    assert_int_equal(tt_model_push(m, 1, w("ttcleardvalid 1,0")), TT_OK);
    char why[160] = "";
    tt_model_tick(m);
    assert_false(tt_model_can_issue(m, 1, why, sizeof why));
    assert_non_null(strstr(why, "C7"));
    run_ok(m, 0, "ttsetdvalid 1");
    tt_model_tick(m); /* released one cycle after the condition clears */
    tt_model_tick(m);
    assert_true(tt_model_can_issue(m, 1, why, sizeof why));
}

/* CLEARDVALID.md: KeepReadingSameSrc returns the bank without flipping; Reset returns everything. */
static void test_cleardvalid_keep_and_reset(void **state)
{
    tt_model *m = *state;
    run_ok(m, 0, "ttsetdvalid 3");
    run_ok(m, 1, "ttcleardvalid 1,2");
    tt_bank_state b;
    tt_model_banks_get(m, &b);
    assert_int_equal(b.srca_client[0], TT_CLIENT_UNPACKERS);
    assert_int_equal(b.math_srca_bank, 0);
    assert_int_equal(b.srcb_client[0], TT_CLIENT_MATRIX);
    run_ok(m, 1, "ttcleardvalid 0,1");
    tt_model_banks_get(m, &b);
    assert_int_equal(tt_bank_pack(&b), 0);
}

/* §8.3 UNPACR_NOP clear (UNP_CLR_SRC) in Blackhole's layout (assembly.yaml; operands: unpacker,
 * stream, count, set_dvalid, one_fmt, stall, all_banks, clear value, pop): all banks clears
 * 2 x 64 rows (each logged); -inf writes all-ones 19-bit cells on SrcA. */
static void test_unpack_8_3_zerosrc(void **state)
{
    tt_model *m = *state;
    tt_model_rf_set(m, TT_RF_SRCB, 1, 63, 15, 0x12345);
    run_ok(m, 0, "ttunpacr_nop 1,0,0,0,0,0,1,0,1");
    size_t n;
    const tt_rf_write *wr = tt_model_rf_writes(m, &n);
    assert_int_equal(n, 128);
    assert_int_equal(wr[127].bank, 1);
    assert_int_equal(wr[127].row, 63);
    uint32_t v;
    tt_model_rf_get(m, TT_RF_SRCB, 1, 63, 15, &v);
    assert_int_equal(v, 0);
    run_ok(m, 0, "ttunpacr_nop 0,0,0,0,0,0,0,1,1");
    tt_model_rf_get(m, TT_RF_SRCA, 0, 7, 3, &v);
    assert_int_equal(v, 0x7FFFF);
    tt_model_rf_get(m, TT_RF_SRCA, 1, 7, 3, &v); /* one bank only */
    assert_int_equal(v, 0);
}

/* §8.3 on Blackhole: clear to one in FP16, BF16 or INT8 (as WriteSrcFP16/BF16 store 1.0, and the
 * INT8 overlay of +1), or to the UNPn_NOP_REG_CLR_VAL word; Set_Dvalid [8] hands the bank over
 * after the clear; [7:6] = 3 only sets dvalid (no rows written). */
static void test_unpack_8_3_clear_values_and_set_dvalid(void **state)
{
    tt_model *m = *state;
    uint32_t v;
    run_ok(m, 0, "ttunpacr_nop 0,0,0,0,0,0,0,2,1");
    tt_model_rf_get(m, TT_RF_SRCA, 0, 0, 0, &v);
    assert_int_equal(v, 0x0000F);
    run_ok(m, 0, "ttunpacr_nop 0,0,0,0,1,0,0,2,1");
    tt_model_rf_get(m, TT_RF_SRCA, 0, 63, 15, &v);
    assert_int_equal(v, 0x0007F);
    run_ok(m, 0, "ttunpacr_nop 1,0,0,0,2,0,0,2,1");
    tt_model_rf_get(m, TT_RF_SRCB, 0, 1, 1, &v);
    assert_int_equal(v, 0x00110);
    tt_model_cfg_set(m, 0, 63, 0xFFF12345u); /* UNP1_NOP_REG_CLR_VAL: the cell's 19 bits */
    run_ok(m, 0, "ttunpacr_nop 1,0,0,1,0,0,0,3,1");
    tt_model_rf_get(m, TT_RF_SRCB, 0, 2, 2, &v);
    assert_int_equal(v, 0x12345);
    tt_bank_state b;
    tt_model_banks_get(m, &b);
    assert_int_equal(b.srcb_client[0], TT_CLIENT_MATRIX);
    assert_int_equal(b.unp_bank[1], 1);
    size_t n;
    tt_exec_result r = run(m, 0, "ttunpacr_nop 0,0,0,0,3,0,0,0,2");
    assert_int_equal(r.status, TT_OK);
    (void)tt_model_rf_writes(m, &n);
    assert_int_equal(n, 0);
    tt_model_banks_get(m, &b);
    assert_int_equal(b.srca_client[0], TT_CLIENT_MATRIX);
}

/* §8.4 OverlayClear as Blackhole's UNP_POP: one store of the message count to the stream's
 * message-clear register, 0xFFB40000 + 0x1000 * stream + 4 * 266 (noc_overlay_parameters.h);
 * stream and count from thread config (pop 0) or the instruction (pop 3). */
static void test_unpack_8_4_overlay_pop_mmio_store(void **state)
{
    tt_model *m = *state;
    tt_model_tcfg_set(m, 0, 43, (3u << 8) | 5u); /* NOC_OVERLAY_MSG_CLEAR_*_1: MsgNum 3, StreamId 5 */
    tt_exec_result r = run(m, 0, "ttunpacr_nop 1,0,0,0,0,0,0,0,0");
    assert_int_equal(r.status, TT_OK);
    assert_true(r.eff.kinds & TT_EFF_MMIO);
    assert_int_equal(r.eff.mmio_addr, 0xFFB45428u);
    assert_int_equal(r.eff.mmio_data, 3);
    r = run(m, 0, "ttunpacr_nop 0,63,7,0,0,0,0,0,3");
    assert_int_equal(r.eff.mmio_addr, 0xFFB7F428u);
    assert_int_equal(r.eff.mmio_data, 7);
    r = run(m, 0, "ttunpacr_nop 0,1,0,0,0,0,0,1,3"); /* bit 2 with pop 3: the enhanced form */
    assert_int_equal(r.status, TT_UNIMPLEMENTED);
    r = run(m, 0, "ttunpacr_nop 0,0,0,0,0,0,0,0,2"); /* UNP_NOP: no effect */
    assert_int_equal(r.status, TT_OK);
    assert_false(r.eff.kinds & TT_EFF_MMIO);
}

/* §2.2: ContextNumber + CfgContextOffset selects the context; unpacker 1 has contexts 0 and 1
 * only (undefined beyond); ContextADC 3 is undefined. */
static void test_unpack_2_2_context_limits(void **state)
{
    tt_model *m = *state;
    tt_exec_result r = run(m, 0, "ttunpacr 1,0,0,2,0,1,0,0,0,0,0,0,0");
    assert_int_equal(r.status, TT_UNDEFINED);
    assert_non_null(strstr(r.msg, "context 2"));
    r = run(m, 0, "ttunpacr 0,0,0,0,3,1,0,0,0,0,0,0,0");
    assert_int_equal(r.status, TT_UNDEFINED);
    assert_non_null(strstr(r.msg, "ContextADC 3"));
}

/* §2.7: Ch0/Ch1 Y and Z increments land on the current thread's ADCs and are reported. */
static void test_unpack_2_7_adc_increments(void **state)
{
    tt_model *m = *state;
    bf16_setup(m, 16, 4 * 16 * 2);
    /* addr_mode = Ch1Y 1 << 6 | Ch1Z 2 << 4 | Ch0Y 3 << 2 | Ch0Z 1 = 0x6D */
    tt_exec_result r = run_ok(m, 0, "ttunpacr 0,0x6d,0,0,0,0,0,0,0,0,0,0,0");
    tt_adc_channel c0, c1;
    tt_model_adc_get(m, 0, 0, 0, &c0);
    tt_model_adc_get(m, 0, 0, 1, &c1);
    assert_int_equal(c0.y, 3);
    assert_int_equal(c0.z, 1);
    assert_int_equal(c1.y, 1);
    assert_int_equal(c1.z, 2);
    assert_int_equal(r.eff.adc_we, 3);
    assert_int_equal(r.eff.adc_thread, 0);
}

/* UNPACR_Regular.md (Blackhole) RowSearch with BlobsPerXYPlane: Ch0 Y is the first blob, Ch0 X the
 * last; XPos = BlobsYStart[Y & 7] << 4, YPos 0, XEnd = BlobsYStart[X + 1] << 4 or, for the last
 * blob, XDim & 0x1F0. BlobsYStart is descriptor [111:80] (word 66 [31:16], word 67 [15:0]). */
static void test_unpack_2_3_rowsearch_blobs(void **state)
{
    tt_model *m = *state;
    bf16_setup(m, 136, 4 * 16 * 2);                    /* XDim 136: the last blob ends at 128 */
    tt_model_cfg_set(m, 0, 64, (136u << 16) | (3u << 8) | 0x15); /* BlobsPerXYPlane 3 */
    tt_model_cfg_set(m, 0, 65, 0x00010002);            /* YDim 2: YPos must be 0, not ADC Y */
    tt_model_cfg_set(m, 0, 66, 0x06310001);            /* BlobsYStart 1, 3, 6, 0 ... */
    tt_model_cfg_set(m, 0, 67, 0x00000007);            /* BlobsYStart[4] 7: past the 3 blobs */
    tt_adc_channel c = {0};
    c.x = 1;
    c.y = 1;
    tt_model_adc_set(m, 0, 0, 0, &c);
    /* blob 1 only: XPos 3 << 4 = 48, XEnd 6 << 4 = 96: datums 48..95 (values 49..96), 3 rows */
    run_ok(m, 0, "ttunpacr 0,0,0,0,0,0,0,0,0,0,1,0,0");
    size_t n;
    const tt_rf_write *wr = tt_model_rf_writes(m, &n);
    assert_int_equal(n, 3);
    assert_int_equal(wr[0].row, 0);
    assert_int_equal(wr[0].cell[0], src_bf16_of(49));
    assert_int_equal(wr[2].row, 2);
    assert_int_equal(wr[2].mask, 0xFFFF);
    assert_int_equal(wr[2].cell[15], src_bf16_of(96));
    /* Y 10 & 7 = blob 2, X 2: the last blob: XEnd 136 & 0x1F0 = 128: datums 96..127, 2 rows */
    c.x = 2;
    c.y = 10;
    tt_model_adc_set(m, 0, 0, 0, &c);
    run_ok(m, 0, "ttunpacr 0,0,0,0,0,0,0,0,0,0,1,0,0");
    wr = tt_model_rf_writes(m, &n);
    assert_int_equal(n, 2);
    assert_int_equal(wr[0].cell[0], src_bf16_of(97));
    assert_int_equal(wr[1].cell[15], src_bf16_of(128));
    /* X 7: BlobsYStart[8] does not exist: undefined */
    c.x = 7;
    tt_model_adc_set(m, 0, 0, 0, &c);
    tt_exec_result r = run(m, 0, "ttunpacr 0,0,0,0,0,0,0,0,0,0,1,0,0");
    assert_int_equal(r.status, TT_UNDEFINED);
    assert_non_null(strstr(r.msg, "BlobsYStart[8]"));
}

/* UNPACR_Regular.md (Blackhole) RowSearch without blobs: row Ch0 Y from datum 0 (Ch0 X ignored),
 * XEnd = Ch1 X with no + 1. */
static void test_unpack_2_3_rowsearch_no_blobs(void **state)
{
    tt_model *m = *state;
    bf16_setup(m, 64, 4 * 16 * 2);
    tt_model_cfg_set(m, 0, 64, (32u << 16) | 0x15);   /* XDim 32, YDim 2: row 1 is datums 32..63 */
    tt_model_cfg_set(m, 0, 65, 0x00010002);
    tt_adc_channel c0 = {0}, c1 = {0};
    c0.x = 9;
    c0.y = 1;
    c1.x = 20;
    tt_model_adc_set(m, 0, 0, 0, &c0);
    tt_model_adc_set(m, 0, 0, 1, &c1);
    run_ok(m, 0, "ttunpacr 0,0,0,0,0,0,0,0,0,0,1,0,0");
    size_t n;
    const tt_rf_write *wr = tt_model_rf_writes(m, &n);
    assert_int_equal(n, 2);
    assert_int_equal(wr[0].cell[0], src_bf16_of(33));
    assert_int_equal(wr[1].mask, 0x000F);              /* 20 datums: 16 + 4 */
    assert_int_equal(wr[1].cell[3], src_bf16_of(52));
}

/* The race detector's field granularity (docs/decisions.md "Race detector", field-granular readers):
 * a BF16 UNPACR logs the descriptor bits UNPACR_Regular.md's functional model reads in its mode, and
 * no bit of ALU_FORMAT_SPEC (word 1: SrcAUnsigned is read for INT8 input only). */
static void test_unpack_race_detector_logs_fields_read(void **state)
{
    tt_model *m = *state;
    bf16_setup(m, 16, 4 * 16 * 2);
    run_ok(m, 0, "ttunpacr 0,0,0,0,0,0,0,0,0,0,0,0,0");
    const tt_read_set *rs = tt_model_last_reads(m);
    /* word 0: InDataFormat [3:0], IsUncompressed [4], XDim [31:16] (no NoBFPExpSection: not BFP; no
     * BlobsPerXYPlane: uncompressed, no RowSearch) */
    assert_int_equal(tt_model_cfg_read_mask(rs, 0, 64), 0xFFFF001Fu);
    assert_int_equal(tt_model_cfg_read_mask(rs, 0, 65), 0x00FF00FFu); /* YDim, ZDim: 8 bits each */
    assert_int_equal(tt_model_cfg_read_mask(rs, 0, 66), 0x000000FFu); /* WDim; BlobsYStart not read */
    assert_int_equal(tt_model_cfg_read_mask(rs, 0, 67), 0xFF000000u); /* DigestSize */
    assert_int_equal(tt_model_cfg_read_mask(rs, 0, 1), 0);            /* ALU_FORMAT_SPEC */
    assert_int_equal(tt_model_cfg_read_mask(rs, 0, 76), 0xFFFFFFFFu); /* Base_address, whole */
    assert_int_equal(tt_model_cfg_read_mask(rs, 0, 73), 0);           /* REG2 word 1: not BFP, one context */
}

/* The read set's bookkeeping (model_state.h tt_cfg_read_bits): parts of one word add up; a whole read
 * of the word wins, before or after; past the 48 part entries a word is logged whole (more bits,
 * never fewer). */
static void test_read_set_parts_union_whole_and_overflow(void **state)
{
    tt_model *m = *state;
    memset(&m->rd, 0, sizeof m->rd);
    tt_cfg_read_bits(m, 0, 10, 0x0Fu);
    tt_cfg_read_bits(m, 0, 10, 0xF0u);
    tt_cfg_read_bits(m, 1, 10, 0x100u); /* the other state: its own entry */
    assert_int_equal(tt_model_cfg_read_mask(&m->rd, 0, 10), 0xFFu);
    assert_int_equal(tt_model_cfg_read_mask(&m->rd, 1, 10), 0x100u);
    tt_cfg_read(m, 0, 10);
    tt_cfg_read_bits(m, 0, 10, 0x1u);
    assert_int_equal(tt_model_cfg_read_mask(&m->rd, 0, 10), 0xFFFFFFFFu);
    assert_int_equal(tt_model_cfg_read_mask(&m->rd, 0, 11), 0);
    memset(&m->rd, 0, sizeof m->rd);
    for (unsigned i = 0; i < 49; i++) tt_cfg_read_bits(m, 0, 100 + i, 1u << (i % 32));
    assert_int_equal(tt_model_cfg_read_mask(&m->rd, 0, 147), 1u << 15);
    assert_int_equal(tt_model_cfg_read_mask(&m->rd, 0, 148), 0xFFFFFFFFu); /* the 49th */
}

/* The race detector's L1 read set (l1_read_log.c): an UNPACR logs each line it reads once (BF16, 32
 * datums from 0x1010: four lines, whole bytes a step); a line among the last four entries is not
 * logged again (a BFP unpack alternates between its datum and exponent lines: one entry per datum
 * before), one further back is. */
static void test_unpack_l1_read_log_lines(void **state)
{
    tt_model *m = *state;
    bf16_setup(m, 32, 4 * 16 * 2);
    run_ok(m, 0, "ttunpacr 0,0,0,0,0,0,0,0,0,0,0,0,0");
    size_t n;
    const uint32_t *l = tt_model_l1_reads(m, &n);
    assert_int_equal(n, 4);
    for (unsigned i = 0; i < 4; i++) assert_int_equal(l[i], 0x1010u + 16u * i);
    m->n_l1r = 0;
    static const uint32_t reads[] = {0x100, 0x200, 0x101, 0x201, 0x102, 0x202, 0x110, 0x300, 0x400, 0x500, 0x10F};
    for (size_t i = 0; i < sizeof reads / sizeof reads[0]; i++) tt_l1_read_log(m, reads[i]);
    static const uint32_t want[] = {0x100, 0x200, 0x110, 0x300, 0x400, 0x500, 0x100};
    l = tt_model_l1_reads(m, &n);
    assert_int_equal(n, sizeof want / sizeof want[0]);
    for (size_t i = 0; i < n; i++) assert_int_equal(l[i], want[i]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_unpack_2_6_srca_header_rows_skipped, setup, teardown),
        cmocka_unit_test_setup_teardown(test_unpack_2_7_flipsrc_hands_bank_over, setup, teardown),
        cmocka_unit_test_setup_teardown(test_unpack_2_6_waits_for_its_bank, setup, teardown),
        cmocka_unit_test_setup_teardown(test_unpack_2_6_srca_row_wraps_with_ovrd_addr, setup, teardown),
        cmocka_unit_test_setup_teardown(test_unpack_2_7_flipsrc_records_the_implied_format, setup, teardown),
        cmocka_unit_test_setup_teardown(test_unpack_8_2_set_dvalid_implied_formats, setup, teardown),
        cmocka_unit_test_setup_teardown(test_stallwait_c7_srca_valid, setup, teardown),
        cmocka_unit_test_setup_teardown(test_unpack_8_3_clear_waits_by_stall_clr_cntrl, setup, teardown),
        cmocka_unit_test_setup_teardown(test_cleardvalid_keep_and_reset, setup, teardown),
        cmocka_unit_test_setup_teardown(test_unpack_8_3_clear_values_and_set_dvalid, setup, teardown),
        cmocka_unit_test_setup_teardown(test_unpack_8_4_overlay_pop_mmio_store, setup, teardown),
        cmocka_unit_test_setup_teardown(test_unpack_8_3_zerosrc, setup, teardown),
        cmocka_unit_test_setup_teardown(test_unpack_2_2_context_limits, setup, teardown),
        cmocka_unit_test_setup_teardown(test_unpack_2_7_adc_increments, setup, teardown),
        cmocka_unit_test_setup_teardown(test_unpack_2_3_rowsearch_blobs, setup, teardown),
        cmocka_unit_test_setup_teardown(test_unpack_2_3_rowsearch_no_blobs, setup, teardown),
        cmocka_unit_test_setup_teardown(test_unpack_13_batches_stepped_by_grant, setup, teardown),
        cmocka_unit_test_setup_teardown(test_unpack_race_detector_logs_fields_read, setup, teardown),
        cmocka_unit_test_setup_teardown(test_read_set_parts_union_whole_and_overflow, setup, teardown),
        cmocka_unit_test_setup_teardown(test_unpack_l1_read_log_lines, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
