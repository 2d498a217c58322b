/* test_pack_rules.c: one rule of the packer model per test, named after its spec section
 * (pack-data-path §3.2 input address, §12 output address, §7 exponent threshold, §8 ReLU, §9 edge
 * masking, §13 L1 accumulation, §14.10 tile header; ERRATA 4 BFP assembly). Expected values are worked out by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "model_fixture.h"

/* BF16 Dest -> out_fmt L1 (Dstacc and In BF16), uncompressed, header line skipped unless `sub`,
 * every edge mask all ones, packer 0 X range x0..x1, output at L1 unit dest16. */
static void setup_pack(tt_model *m, uint32_t out_fmt, uint32_t dest16, bool sub, uint32_t x0, uint32_t x1)
{
    tt_model_cfg_set(m, 0, 1, 5u << 25);
    tt_model_cfg_set(m, 0, 69, dest16);
    tt_model_cfg_set(m, 0, 70, 1u | out_fmt << 4 | 5u << 8 | (uint32_t)sub << 15);
    for (int k = 0; k < 4; k++) tt_model_cfg_set(m, 0, 24 + k, 0xFFFF);
    tt_adc_channel c = {0};
    c.x = x0;
    tt_model_adc_set(m, 0, 2, 0, &c);
    c.x = x1;
    tt_model_adc_set(m, 0, 2, 1, &c);
}

/* Dest cell (row, col) from BF16 bits b (WriteDstBF16: sign | man7 << 8 | exp8). */
static void dest_bf16(tt_model *m, int row, int col, uint32_t b)
{
    tt_model_rf_set(m, TT_RF_DEST, 0, row, col, (b & 0x8000u) | (b & 0x7Fu) << 8 | (b >> 7 & 0xFFu));
}

/* Row r holds BF16 (r + 1) * 256 + col: distinct, exactly representable (exponent >= 135). */
static uint32_t bf16_of(int v)
{
    float f = (float)v;
    uint32_t b;
    memcpy(&b, &f, 4);
    return b >> 16;
}

static void fill_rows(tt_model *m, int from, int n)
{
    for (int r = from; r < from + n; r++)
        for (int col = 0; col < 16; col++) dest_bf16(m, r, col, bf16_of((r + 1) * 256 + col * 16));
}

static uint16_t l1_u16(tt_model *m, uint32_t a)
{
    const uint8_t *l1 = tt_model_l1(m);
    return (uint16_t)(l1[a] | l1[a + 1] << 8);
}

static uint32_t first_line(tt_model *m)
{
    size_t n;
    const tt_l1_write *lw = tt_model_l1_writes(m, &n);
    assert_true(n >= 1);
    return lw[0].addr;
}

/* §3.2: the datum index is (Addr / BytesPerDatum) with the low ADC_X_Mask bits (7 for 16-bit data)
 * replaced by channel 0 X's, plus DEST_TARGET_REG_CFG_PACK_SEC0_Offset rows. Base 70 bytes = datum
 * 35 -> 32 + (X0 = 9 & 7) = 33 (row 2, column 1), + 4 rows of offset: row 6, columns 1..4. */
static void test_pack_3_2_adc_x_mask_and_dest_target(void **state)
{
    tt_model *m = *state;
    setup_pack(m, 5, 0x100, true, 9, 12);
    fill_rows(m, 0, 8);
    tt_model_cfg_set(m, 0, 16, 70);  /* PCK0_ADDR_BASE_REG_0_Base (bytes) */
    tt_model_cfg_set(m, 0, 180, 4);  /* DEST_TARGET offset: 4 rows */
    run_ok(m, 0, "ttpacr 0,0,0,0,0,0,1,0,0,0,0,1");
    for (int k = 0; k < 4; k++) assert_int_equal(l1_u16(m, 0x1000 + 2 * k), bf16_of(7 * 256 + (1 + k) * 16));
}

/* §3.2: Y, Z and W of channel 0 times their strides (bytes) move the start: Y 3 x 32 bytes = row 3. */
static void test_pack_3_2_ystride(void **state)
{
    tt_model *m = *state;
    setup_pack(m, 5, 0x100, true, 0, 0);
    fill_rows(m, 0, 8);
    tt_model_cfg_set(m, 0, 12, 32u << 16); /* PCK0_ADDR_CTRL_XY_REG_0_Ystride 32 */
    tt_adc_channel c = {0};
    c.y = 3;
    tt_model_adc_set(m, 0, 2, 0, &c);
    run_ok(m, 0, "ttpacr 0,0,0,0,0,0,1,0,0,0,0,1");
    assert_int_equal(l1_u16(m, 0x1000), bf16_of(4 * 256));
}

/* §14.10: Sub_l1_tile_header_size 0 skips one 16-byte line after L1_Dest_addr; 1 does not. */
static void test_pack_14_10_tile_header_line(void **state)
{
    tt_model *m = *state;
    setup_pack(m, 5, 0x100, false, 0, 15);
    fill_rows(m, 0, 1);
    run_ok(m, 0, "ttpacr 0,0,0,0,0,0,1,0,0,0,0,1");
    assert_int_equal(first_line(m), 0x1010);
    setup_pack(m, 5, 0x100, true, 0, 15);
    run_ok(m, 0, "ttpacr 0,0,0,0,0,0,1,0,0,0,0,1");
    assert_int_equal(first_line(m), 0x1000);
}

/* §12.1, §12.3: channel 1's Y x Ystride (bytes) adds whole lines; an address above
 * Pack_limit_address * 2 + 1 wraps back by Pack_fifo_size * 2; one equal to it does not. */
static void test_pack_12_3_fifo_wrap(void **state)
{
    tt_model *m = *state;
    setup_pack(m, 5, 0x100, true, 0, 7);
    fill_rows(m, 0, 1);
    tt_model_cfg_set(m, 0, 100, 0x80); /* limit: 0x101 is the last line not wrapped */
    tt_model_cfg_set(m, 0, 101, 0x40); /* wrap by 0x80 lines */
    run_ok(m, 0, "ttpacr 0,0,0,0,0,0,1,0,0,0,0,1");
    assert_int_equal(first_line(m), 0x1000);
    tt_model_cfg_set(m, 0, 14, 16u << 16); /* PCK0_ADDR_CTRL_XY_REG_1_Ystride: 16 bytes = one line */
    tt_adc_channel c = {0};
    c.x = 7;
    c.y = 1;
    tt_model_adc_set(m, 0, 2, 1, &c);
    run_ok(m, 0, "ttpacr 0,0,0,0,0,0,1,0,0,0,0,1");
    assert_int_equal(first_line(m), 0x1010); /* 0x101: equal to the limit, kept */
    c.y = 2;
    tt_model_adc_set(m, 0, 2, 1, &c);
    run_ok(m, 0, "ttpacr 0,0,0,0,0,0,1,0,0,0,0,1");
    assert_int_equal(first_line(m), 0x820); /* 0x102 - 0x80 */
}

/* §12.4, §6: BFP output: the exponent stream at the address, the data stream Exp_section_size lines
 * on. ERRATA 4: shared exponent 128 (3.0); 1.0 (e 127) -> (0x80 + 2) >> 2 = 0x20, 3.0 -> (0xC0 + 1)
 * >> 1 = 0x60, -0.75 (e 126) -> (0xC0 + 4) >> 3 = 0x18 with the sign, 2^-10 (shift 11) -> 0, -0 -> 0
 * without a sign. */
static void test_pack_errata4_bfp8_group_and_streams(void **state)
{
    tt_model *m = *state;
    setup_pack(m, 6, 0x100, true, 0, 15);
    tt_model_cfg_set(m, 0, 68, 2u << 16); /* Exp_section_size 2 lines */
    static const uint32_t v[16] = {0x3F80, 0x4040, 0xBF40, 0x3A80, 0x8000};
    for (int col = 0; col < 16; col++) dest_bf16(m, 0, col, v[col]);
    run_ok(m, 0, "ttpacr 0,0,0,0,0,0,1,0,0,0,0,1");
    const uint8_t *l1 = tt_model_l1(m);
    assert_int_equal(l1[0x1000], 128);
    assert_int_equal(l1[0x1020], 0x20);
    assert_int_equal(l1[0x1021], 0x60);
    assert_int_equal(l1[0x1022], 0x80 | 0x18);
    assert_int_equal(l1[0x1023], 0);
    assert_int_equal(l1[0x1024], 0);
}

/* §8: mode 3 (MAX_THRESHOLD_RELU) clamps x > threshold to the threshold, zeroes x <= 0 (-0 too). */
static void test_pack_8_relu_max_threshold(void **state)
{
    tt_model *m = *state;
    setup_pack(m, 5, 0x100, true, 0, 3);
    tt_model_cfg_set(m, 0, 2, 3u << 2 | 0x4000u << 6); /* ApplyRelu 3, threshold 2.0 (BF16) */
    static const uint32_t v[4] = {0x4040, 0x3F80, 0xBF80, 0x8000}; /* 3.0, 1.0, -1.0, -0 */
    for (int col = 0; col < 4; col++) dest_bf16(m, 0, col, v[col]);
    run_ok(m, 0, "ttpacr 0,0,0,0,0,0,1,0,0,0,0,1");
    assert_int_equal(l1_u16(m, 0x1000), 0x4000);
    assert_int_equal(l1_u16(m, 0x1002), 0x3F80);
    assert_int_equal(l1_u16(m, 0x1004), 0);
    assert_int_equal(l1_u16(m, 0x1006), 0);
}

/* §7: with Exp_threshold_en, a datum whose exponent is below Exp_threshold becomes 0; equal stays. */
static void test_pack_7_exp_threshold(void **state)
{
    tt_model *m = *state;
    setup_pack(m, 5, 0x100, true, 0, 2);
    tt_model_cfg_set(m, 0, 71, 1u << 20 | 127u << 24); /* Exp_threshold_en, Exp_threshold 127 */
    static const uint32_t v[3] = {0x3F00, 0x3F80, 0xBF00}; /* 0.5 (e 126), 1.0 (e 127), -0.5 */
    for (int col = 0; col < 3; col++) dest_bf16(m, 0, col, v[col]);
    run_ok(m, 0, "ttpacr 0,0,0,0,0,0,1,0,0,0,0,1");
    assert_int_equal(l1_u16(m, 0x1000), 0);
    assert_int_equal(l1_u16(m, 0x1002), 0x3F80);
    assert_int_equal(l1_u16(m, 0x1004), 0);
}

/* §9: columns whose mask bit is 0 become 0 (PCK_EDGE_MODE 0) or -inf (mode 1). */
static void test_pack_9_edge_mask_columns(void **state)
{
    tt_model *m = *state;
    setup_pack(m, 5, 0x100, true, 0, 3);
    fill_rows(m, 0, 1);
    tt_model_cfg_set(m, 0, 24, 0x0005); /* mask 0 (every row maps to it): columns 0 and 2 kept */
    run_ok(m, 0, "ttpacr 0,0,0,0,0,0,1,0,0,0,0,1");
    assert_int_equal(l1_u16(m, 0x1000), bf16_of(256));
    assert_int_equal(l1_u16(m, 0x1002), 0);
    assert_int_equal(l1_u16(m, 0x1004), bf16_of(256 + 32));
    tt_model_cfg_set(m, 0, 24, 0x0005 | 1u << 16);
    run_ok(m, 0, "ttpacr 0,0,0,0,0,0,1,0,0,0,0,1");
    assert_int_equal(l1_u16(m, 0x1006), 0xFF80);
}

/* PACR DstAccessMode (Blackhole PACR.md; docs/decisions.md "PACR strided Dest read"): with
 * DEST_ACCESS_CFG remap_addrs and swizzle_32b set, read interface i reads row StartRow + 16 i, and
 * StartRow need not be a multiple of four. Y 3 x 32 bytes: rows 3 and 19, X 0..1 of each. */
static void test_pack_strided_dest_rows_16_apart(void **state)
{
    tt_model *m = *state;
    setup_pack(m, 5, 0x100, true, 0, 1);
    fill_rows(m, 0, 24);
    tt_model_cfg_set(m, 0, 220, 3);        /* DEST_ACCESS_CFG_swizzle_32b, _remap_addrs */
    tt_model_cfg_set(m, 0, 12, 32u << 16); /* Ystride: one row */
    tt_adc_channel c = {0};
    c.y = 3;
    tt_model_adc_set(m, 0, 2, 0, &c);
    run_ok(m, 0, "ttpacr 0,0,1,0,0,0,3,0,0,0,0,1");
    assert_int_equal(l1_u16(m, 0x1000), bf16_of(4 * 256));
    assert_int_equal(l1_u16(m, 0x1002), bf16_of(4 * 256 + 16));
    assert_int_equal(l1_u16(m, 0x1004), bf16_of(20 * 256));
    assert_int_equal(l1_u16(m, 0x1006), bf16_of(20 * 256 + 16));
    assert_int_equal(l1_u16(m, 0x1008), 0); /* Last pads the line with zeros */
}

/* Strided without both DEST_ACCESS_CFG bits, or with a ReadIntfSel that skips an interface, and
 * the L1 source (Source_interface_selection) stay reported (docs/decisions.md). */
static void test_pack_strided_and_l1_source_reported(void **state)
{
    tt_model *m = *state;
    setup_pack(m, 5, 0x100, true, 0, 15);
    tt_model_cfg_set(m, 0, 220, 1); /* swizzle_32b only */
    assert_int_equal(run(m, 0, "ttpacr 0,0,1,0,0,0,1,0,0,0,0,1").status, TT_UNIMPLEMENTED);
    tt_model_cfg_set(m, 0, 220, 3);
    assert_int_equal(run(m, 0, "ttpacr 0,0,1,0,0,0,5,0,0,0,0,1").status, TT_UNIMPLEMENTED);
    tt_model_cfg_set(m, 0, 70, 1u | 5u << 4 | 5u << 8 | 1u << 15 | 1u << 16);
    assert_int_equal(run(m, 0, "ttpacr 0,0,0,0,0,0,1,0,0,0,0,1").status, TT_UNIMPLEMENTED);
}

/* §13 with INT32 (docs/decisions.md "PACR L1 accumulation in INT32"): Dest INT32 -> INT32 L1 with
 * Pack_L1_Acc, one line of 4 sign-magnitude lanes: (2^31 - 16) + 256 saturates at 0x7FFFFFFF; -5 + 5
 * is +0; -0 + -0 stays -0; 3 + -9 = -6. Dst32b row 0: the high half WriteDstBF16-swizzled in Dest
 * row 0, the low half in row 8 (Dst.md). */
static void test_pack_13_l1acc_int32(void **state)
{
    tt_model *m = *state;
    static const uint32_t old[4] = {0x7FFFFFF0u, 0x80000005u, 0x80000000u, 0x00000003u};
    static const uint32_t add[4] = {0x00000100u, 0x00000005u, 0x80000000u, 0x80000009u};
    static const uint32_t sum[4] = {0x7FFFFFFFu, 0x00000000u, 0x80000000u, 0x80000006u};
    setup_pack(m, 8, 0x100, true, 0, 3);
    tt_model_cfg_set(m, 0, 1, 8u << 25);                       /* Dstacc INT32 */
    tt_model_cfg_set(m, 0, 70, 1u | 8u << 4 | 8u << 8 | 1u << 15); /* In, Out INT32, uncompressed */
    tt_model_cfg_set(m, 0, 18, 1);                             /* Read_32b_data */
    tt_model_cfg_set(m, 0, 71, 1u << 19);                      /* Pack_L1_Acc */
    uint8_t *l1 = tt_model_l1(m);
    for (int k = 0; k < 4; k++) {
        dest_bf16(m, 0, k, add[k] >> 16);
        tt_model_rf_set(m, TT_RF_DEST, 0, 8, k, add[k] & 0xFFFFu);
        for (int b = 0; b < 4; b++) l1[0x1000 + 4 * k + b] = (uint8_t)(old[k] >> (8 * b));
    }
    run_ok(m, 0, "ttpacr 0,0,0,0,0,0,1,0,0,0,0,1");
    for (int k = 0; k < 4; k++) {
        const uint32_t v = (uint32_t)l1_u16(m, 0x1000 + 4 * k) | (uint32_t)l1_u16(m, 0x1002 + 4 * k) << 16;
        assert_int_equal(v, sum[k]);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_pack_3_2_adc_x_mask_and_dest_target, setup, teardown),
        cmocka_unit_test_setup_teardown(test_pack_3_2_ystride, setup, teardown),
        cmocka_unit_test_setup_teardown(test_pack_14_10_tile_header_line, setup, teardown),
        cmocka_unit_test_setup_teardown(test_pack_12_3_fifo_wrap, setup, teardown),
        cmocka_unit_test_setup_teardown(test_pack_errata4_bfp8_group_and_streams, setup, teardown),
        cmocka_unit_test_setup_teardown(test_pack_8_relu_max_threshold, setup, teardown),
        cmocka_unit_test_setup_teardown(test_pack_7_exp_threshold, setup, teardown),
        cmocka_unit_test_setup_teardown(test_pack_9_edge_mask_columns, setup, teardown),
        cmocka_unit_test_setup_teardown(test_pack_strided_dest_rows_16_apart, setup, teardown),
        cmocka_unit_test_setup_teardown(test_pack_strided_and_l1_source_reported, setup, teardown),
        cmocka_unit_test_setup_teardown(test_pack_13_l1acc_int32, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
