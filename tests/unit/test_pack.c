/* test_pack.c: PACR on packer 0 in the model (docs/decisions.md "PACR, first slice: packer 0";
 * ISA documentation PACR.md, Packers/InputAddressGenerator.md, Packers/OutputAddressGenerator.md;
 * pack-data-path §3, §4.6, §12, §14). Expected bytes are worked out by hand in the comments. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "model_fixture.h"

/* BF16 Dest to BF16 L1 (Dstacc, In and Out format 5), uncompressed, no header word, every edge mask
 * all ones, packer X range 0..x_end, the output at L1 unit `dest16` (bytes dest16 * 16). */
static void bf16_setup(tt_model *m, uint32_t dest16, uint32_t x_end)
{
    tt_model_cfg_set(m, 0, 1, 5u << 25);                   /* ALU_FORMAT_SPEC_REG2_Dstacc BF16 */
    tt_model_cfg_set(m, 0, 69, dest16);                     /* L1_Dest_addr */
    tt_model_cfg_set(m, 0, 70, 1u | 5u << 4 | 5u << 8 | 1u << 15); /* uncompressed, BF16, no header */
    for (int k = 0; k < 4; k++) tt_model_cfg_set(m, 0, 24 + k, 0xFFFF);
    tt_adc_channel c = {0};
    c.x = x_end;
    tt_model_adc_set(m, 0, 2, 1, &c);
}

/* Dest row r holds the BF16 values 1 + r, 2 + r, ... in the Dest layout (WriteDstBF16). */
static void dest_row(tt_model *m, int r)
{
    for (int col = 0; col < 16; col++) {
        float f = (float)(col + 1 + r);
        uint32_t b;
        memcpy(&b, &f, 4);
        b >>= 16;
        tt_model_rf_set(m, TT_RF_DEST, 0, r, col, (b & 0x8000u) | (b & 0x7Fu) << 8 | (b >> 7 & 0xFFu));
    }
}

static uint16_t l1_u16(tt_model *m, uint32_t a)
{
    const uint8_t *l1 = tt_model_l1(m);
    return (uint16_t)(l1[a] | l1[a + 1] << 8);
}

/* OutputAddressGenerator.md: 16-byte lines, written when full, in order; the PACR's lines are in
 * its L1 write log with writer packer 0; Last flushes and the next PACR starts afresh. */
static void test_pack_12_lines_in_order_and_last(void **state)
{
    tt_model *m = *state;
    bf16_setup(m, 0x100, 15);
    dest_row(m, 0);
    tt_exec_result r = run_ok(m, 0, "ttpacr 0,0,0,0,0,0,1,0,0,0,0,1");
    size_t n;
    const tt_l1_write *lw = tt_model_l1_writes(m, &n);
    assert_int_equal(r.eff.n_l1_log, 2);
    assert_int_equal(n, 2);
    assert_int_equal(lw[0].addr, 0x1000);
    assert_int_equal(lw[1].addr, 0x1010);
    assert_int_equal(lw[0].writer, TT_L1_BY_PACK0);
    assert_int_equal(lw[0].be, 0xFFFF);
    assert_int_equal(l1_u16(m, 0x1000), 0x3F80); /* 1.0 */
    assert_int_equal(l1_u16(m, 0x101E), 0x4180); /* 16.0 */
    /* Last: the next PACR computes its address anew (same config: the same lines again) */
    run_ok(m, 0, "ttpacr 0,0,0,0,0,0,1,0,0,0,0,1");
    lw = tt_model_l1_writes(m, &n);
    assert_int_equal(lw[0].addr, 0x1000);
}

/* Without Last the data stream carries on where it stopped, and a partial line waits in its buffer
 * (OutputAddressGenerator.md "NeedsNewAddress", "Output alignment"). */
static void test_pack_12_stream_carries_on_between_pacrs(void **state)
{
    tt_model *m = *state;
    bf16_setup(m, 0x100, 3); /* 4 datums = 8 bytes a PACR */
    dest_row(m, 0);
    tt_exec_result r = run_ok(m, 0, "ttpacr 0,0,0,0,0,0,1,0,0,0,0,0");
    assert_int_equal(r.eff.n_l1_log, 0); /* half a line: nothing written yet */
    tt_model_cfg_set(m, 0, 69, 0x200);   /* a new L1_Dest_addr is not taken: no new address needed */
    r = run_ok(m, 0, "ttpacr 0,0,0,0,0,0,1,0,0,0,0,0");
    size_t n;
    const tt_l1_write *lw = tt_model_l1_writes(m, &n);
    assert_int_equal(n, 1);
    assert_int_equal(lw[0].addr, 0x1000);
    assert_int_equal(l1_u16(m, 0x1008), 0x3F80); /* the second PACR's first datum: 1.0 again */
}

/* InputAddressGenerator.md / OutputAddressGenerator.md: AddrMod steps channel 0 Y (src fields) and
 * channel 1 Y (dst fields) of the ADC used after the addresses; with OvrdThreadId the ADC is the
 * instruction's AddrCntContext (Blackhole assembly.yaml), reported as that thread's ADC. */
static void test_pack_4_6_addrmod_and_adc_context(void **state)
{
    tt_model *m = *state;
    bf16_setup(m, 0x100, 15);
    tt_model_tcfg_set(m, 0, 38, 2u | 3u << 6); /* ADDR_MOD_PACK_SEC1: YsrcIncr 2, YdstIncr 3 */
    tt_adc_channel c = {0};
    c.x = 15;
    tt_model_adc_set(m, 2, 2, 1, &c); /* thread 2's packer channel 1: X range 0..15 */
    tt_exec_result r = run_ok(m, 0, "ttpacr 0,0,0,1,2,0,1,1,0,0,0,1"); /* AddrMode 1, ADC 2, Ovrd */
    assert_true(r.eff.kinds & TT_EFF_ADC);
    assert_int_equal(r.eff.adc_thread, 2);
    assert_int_equal(r.eff.adc_we, 0x30);
    tt_adc_channel c0, c1;
    tt_model_adc_get(m, 2, 2, 0, &c0);
    tt_model_adc_get(m, 2, 2, 1, &c1);
    assert_int_equal(c0.y, 2);
    assert_int_equal(c1.y, 3);
    tt_model_adc_get(m, 0, 2, 0, &c0);
    assert_int_equal(c0.y, 0); /* thread 0's own ADC is untouched */
}

/* Blackhole PACR.md: ReadIntfSel enables Dst read interfaces, each reading one row (interface i the
 * row StartRow + i) and packing the X range of it; 0 enables all four. */
static void test_pack_bh_read_interfaces(void **state)
{
    tt_model *m = *state;
    bf16_setup(m, 0x100, 3); /* X 0..3 of each row */
    for (int row = 0; row < 4; row++) dest_row(m, row);
    tt_exec_result r = run_ok(m, 0, "ttpacr 0,0,0,0,0,0,10,0,0,0,0,1"); /* interfaces 1 and 3 */
    assert_int_equal(r.eff.n_l1_log, 1);
    /* row 1 (2, 3, 4, 5) then row 3 (4, 5, 6, 7): 8 BF16 datums, one line */
    assert_int_equal(l1_u16(m, 0x1000), 0x4000);
    assert_int_equal(l1_u16(m, 0x1006), 0x40A0);
    assert_int_equal(l1_u16(m, 0x1008), 0x4080);
    assert_int_equal(l1_u16(m, 0x100E), 0x40E0);
    r = run_ok(m, 0, "ttpacr 0,0,0,0,0,0,0,0,0,0,0,1"); /* 0: all four rows, 16 datums */
    assert_int_equal(r.eff.n_l1_log, 2);
    bf16_setup(m, 0x100, 19); /* X 0..19: past the row's 16 datums */
    r = run(m, 0, "ttpacr 0,0,0,0,0,0,1,0,0,0,0,1");
    assert_int_equal(r.status, TT_UNDEFINED);
}

/* docs/decisions.md "PACR edge masking": the tile row steps every 16 datums read, here every read
 * interface of 16; TILE_ROW_SET_MAPPING_0 sends odd rows to mask 1 (all ones) and even rows to mask
 * 0 (0x00FF: columns 8..15 become 0, or -inf with PCK_EDGE_MODE_mode). */
static void test_pack_9_edge_mask_rows(void **state)
{
    tt_model *m = *state;
    bf16_setup(m, 0x100, 15);
    for (int row = 0; row < 4; row++) dest_row(m, row);
    tt_model_cfg_set(m, 0, 24, 0x00FF);     /* PCK_EDGE_OFFSET_SEC0_mask, mode 0, row-set select 0 */
    tt_model_cfg_set(m, 0, 20, 0x44444444); /* TILE_ROW_SET_MAPPING_0: row y -> mask y & 1 */
    run_ok(m, 0, "ttpacr 0,0,0,0,0,0,3,0,0,0,0,1"); /* rows 0 (tile row 0) and 1 (tile row 1) */
    assert_int_equal(l1_u16(m, 0x100E), 0x4100); /* row 0 col 7: 8.0 kept */
    assert_int_equal(l1_u16(m, 0x1010), 0x0000); /* row 0 col 8: masked to 0 */
    assert_int_equal(l1_u16(m, 0x103E), 0x4188); /* row 1 col 15: 17.0 kept */
    tt_model_cfg_set(m, 0, 24, 0x00FF | 1u << 16); /* -inf */
    run_ok(m, 0, "ttpacr 0,0,0,0,0,0,1,0,0,0,0,1"); /* one interface, tile row 2 (even): masked */
    assert_int_equal(l1_u16(m, 0x1010), 0xFF80);
    run_ok(m, 0, "ttpacr 0,0,0,0,0,0,1,0,0,0,0,1"); /* tile row 3 (odd): all kept */
    assert_int_equal(l1_u16(m, 0x1010), 0x4110);
}

/* What this slice does not model is reported, before anything changes (docs/decisions.md). */
static void test_pack_unimplemented_forms_change_nothing(void **state)
{
    tt_model *m = *state;
    bf16_setup(m, 0x100, 15);
    tt_model_cfg_set(m, 0, 25, 0x00FF); /* an edge mask that masks... */
    tt_model_cfg_set(m, 0, 28, 1u << 23); /* ...with pack_yz_transposed: no Blackhole description */
    tt_exec_result r = run(m, 0, "ttpacr 0,0,0,0,0,0,1,0,0,0,0,1");
    assert_int_equal(r.status, TT_UNIMPLEMENTED);
    assert_non_null(strstr(r.msg, "pack_yz_transposed"));
    size_t n;
    (void)tt_model_l1_writes(m, &n);
    assert_int_equal(n, 0);
    tt_model_cfg_set(m, 0, 25, 0xFFFF);
    tt_model_cfg_set(m, 0, 28, 0);
    tt_adc_channel c = {0};
    c.x = 4; /* channel 0 X 4 past channel 1 X 0: a negative count */
    tt_model_adc_set(m, 0, 2, 0, &c);
    c.x = 0;
    tt_model_adc_set(m, 0, 2, 1, &c);
    r = run(m, 0, "ttpacr 0,0,0,0,0,0,1,0,0,0,0,1");
    assert_int_equal(r.status, TT_UNDEFINED);
}

/* Push a raw instruction word into thread 0 and execute it. */
static tt_exec_result run_word(tt_model *m, uint32_t word)
{
    assert_int_equal(tt_model_push(m, 0, word), TT_OK);
    return tt_model_step(m, 0);
}

/* ISA "PACR_SETREG" (Blackhole assembly.yaml; docs/decisions.md "PACR_SETREG"): ModeSel [22] loads
 * [18:3] into the half of the packer-local write data that [2] picks, keeping the other half. */
static void test_pacr_setreg_modesel_loads_write_data_halves(void **state)
{
    tt_model *m = *state;
    assert_int_equal(tt_model_pack_setreg_data(m), 0);
    assert_int_equal(run_word(m, 0x4A000000u | 1u << 22 | 0xBEEFu << 3).status, TT_OK);
    assert_int_equal(tt_model_pack_setreg_data(m), 0x0000BEEFu);
    assert_int_equal(run_word(m, 0x4A000000u | 1u << 22 | 0xCAFEu << 3 | 1u << 2).status, TT_OK);
    assert_int_equal(tt_model_pack_setreg_data(m), 0xCAFEBEEFu);
    /* [21:19] ("Unused") and Last [0] change nothing */
    tt_exec_result r = run_word(m, 0x4A000000u | 1u << 22 | 7u << 19 | 0x1234u << 3 | 1u);
    assert_int_equal(r.status, TT_OK);
    assert_int_equal(r.eff.kinds & (TT_EFF_MMIO | TT_EFF_L1), 0);
    assert_int_equal(tt_model_pack_setreg_data(m), 0xCAFE1234u);
    /* Push = Flush = 0: no write is triggered, whatever AddrSel and StreamId say */
    r = run_word(m, 0x4A000000u | 3u << 8 | 0x3Fu << 2);
    assert_int_equal(r.status, TT_OK);
    assert_int_equal(r.eff.kinds & TT_EFF_MMIO, 0);
    assert_int_equal(tt_model_pack_setreg_data(m), 0xCAFE1234u);
}

/* ISA "PACR_SETREG": the register write (Push, Flush) needs Blackhole's four TDMA address
 * registers, whose programming is not public: unimplemented; Push without Flush: undefined;
 * a load with Push or Flush: undefined. TBUFCMD ("reserved for future use"): unimplemented. */
static void test_pacr_setreg_write_flush_and_tbufcmd_reported(void **state)
{
    tt_model *m = *state;
    tt_exec_result r = run_word(m, 0x4A000000u | 1u << 23 | 1u << 8 | 5u << 2 | 1u << 1);
    assert_int_equal(r.status, TT_UNIMPLEMENTED);
    assert_non_null(strstr(r.msg, "register write"));
    tt_model_reset(m);
    r = run_word(m, 0x4A000000u | 1u << 1);
    assert_int_equal(r.status, TT_UNIMPLEMENTED);
    assert_non_null(strstr(r.msg, "Flush without Push"));
    tt_model_reset(m);
    assert_int_equal(run_word(m, 0x4A000000u | 1u << 23).status, TT_UNDEFINED);
    tt_model_reset(m);
    assert_int_equal(run_word(m, 0x4A000000u | 1u << 22 | 1u << 1).status, TT_UNDEFINED);
    assert_int_equal(tt_model_pack_setreg_data(m), 0);
    tt_model_reset(m);
    r = run_word(m, 0x4B000000u);
    assert_int_equal(r.status, TT_UNIMPLEMENTED);
    assert_non_null(strstr(r.msg, "reserved for future use"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_pack_12_lines_in_order_and_last, setup, teardown),
        cmocka_unit_test_setup_teardown(test_pack_12_stream_carries_on_between_pacrs, setup, teardown),
        cmocka_unit_test_setup_teardown(test_pack_4_6_addrmod_and_adc_context, setup, teardown),
        cmocka_unit_test_setup_teardown(test_pack_bh_read_interfaces, setup, teardown),
        cmocka_unit_test_setup_teardown(test_pack_9_edge_mask_rows, setup, teardown),
        cmocka_unit_test_setup_teardown(test_pack_unimplemented_forms_change_nothing, setup, teardown),
        cmocka_unit_test_setup_teardown(test_pacr_setreg_modesel_loads_write_data_halves, setup, teardown),
        cmocka_unit_test_setup_teardown(test_pacr_setreg_write_flush_and_tbufcmd_reported, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
