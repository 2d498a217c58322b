/* test_movement.c: the matrix unit's row counters and data movement in the model (ISA documentation
 * RWCs.md, SETRWC.md, INCRWC.md, ZEROACC.md, MOVA2D.md, MOVB2D.md, MOVD2A.md; Blackhole encodings
 * from tt-llk's assembly.yaml, docs/decisions.md "Data movement"). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "model_fixture.h"

static uint32_t rwc(const tt_model *m, int t, int k)
{
    uint32_t v[8];
    assert_true(tt_model_rwc_get(m, t, v));
    return v[k];
}
enum { DST, DST_CR, SRCA, SRCA_CR, SRCB, SRCB_CR, FID, EXTRA };

/* SETRWC.md: values set counter and checkpoint; DstCtoCr adds the counter; INCRWC.md with and
 * without CR. */
static void test_setrwc_incrwc_counters(void **state)
{
    tt_model *m = *state;
    run_ok(m, 1, "ttsetrwc 0,0,5,0,3,0x7");     /* Dst 5, SrcA 3 */
    assert_int_equal(rwc(m, 1, DST), 5);
    assert_int_equal(rwc(m, 1, SRCA_CR), 3);
    run_ok(m, 1, "ttincrwc 0,2,1,4");            /* Dst += 2, SrcB += 1, SrcA += 4 */
    assert_int_equal(rwc(m, 1, DST), 7);
    assert_int_equal(rwc(m, 1, DST_CR), 5);
    assert_int_equal(rwc(m, 1, SRCA), 7);
    run_ok(m, 1, "ttincrwc 1,0,0,4");            /* SrcACr: SrcA_Cr += 4, SrcA = SrcA_Cr */
    assert_int_equal(rwc(m, 1, SRCA), 7);
    assert_int_equal(rwc(m, 1, SRCA_CR), 7);
    run_ok(m, 1, "ttsetrwc 0,8,1,0,0,0x4");      /* DstCtoCr ([21]): Dst = 1 + Dst (7) */
    assert_int_equal(rwc(m, 1, DST), 8);
    assert_int_equal(rwc(m, 1, DST_CR), 8);
    assert_int_equal(rwc(m, 0, DST), 0);         /* each thread has its own */
}

/* RWCs.md ApplyAddrMod with the Blackhole 3-bit index: section 6 Dst CR mode. */
static void test_addrmod_3bit_index(void **state)
{
    tt_model *m = *state;
    tt_model_tcfg_set(m, 1, 28 + 6, (1u << 10) | 3); /* ADDR_MOD_DST_SEC6: DestCR, DestIncr 3 */
    run_ok(m, 0, "ttsetdvalid 1");
    run_ok(m, 1, "ttzeroacc 0,0,0,6,0");          /* AddrMod 6 */
    assert_int_equal(rwc(m, 1, DST_CR), 3);
    assert_int_equal(rwc(m, 1, DST), 3);
    run_ok(m, 1, "ttzeroacc 0,0,0,6,0");
    assert_int_equal(rwc(m, 1, DST), 6);
}

/* MOVA2D.md: BF16 (8-bit exponent) SrcA cells lose their low 3 mantissa bits; a cell whose
 * exponent field is 0 flushes to 0 unless Zero_Flag_disabled_src. */
static void test_mova2d_layout_and_flush(void **state)
{
    tt_model *m = *state;
    tt_model_cfg_set(m, 0, 1, 5u << 17); /* SrcA BF16 */
    tt_model_tcfg_set(m, 1, 2, 1);       /* DISABLE_IMPLIED_SRCA_FMT_Base: SETDVALID leaves none */
    tt_model_rf_set(m, TT_RF_SRCA, 0, 2, 0, 0x7FF7F); /* -(1.99..) Src BF16-ish: sign, man 0x3FF, exp 0x7F */
    tt_model_rf_set(m, TT_RF_SRCA, 0, 2, 1, 0x3FF00); /* exponent 0: flushed */
    run_ok(m, 0, "ttsetdvalid 1");
    run_ok(m, 1, "ttmova2d 0,2,0,0,9");
    uint32_t v;
    tt_model_rf_get(m, TT_RF_DEST, 0, 9, 0, &v);
    assert_int_equal(v, 0x8000u | 0x7F00u | 0x7Fu); /* sign | man[9:3] << 8 | exp */
    tt_model_rf_get(m, TT_RF_DEST, 0, 9, 1, &v);
    assert_int_equal(v, 0);
}

/* MOVA2D waits until the matrix unit owns its SrcA bank. */
static void test_mova2d_waits_for_bank(void **state)
{
    tt_model *m = *state;
    assert_int_equal(tt_model_push(m, 1, w("ttmova2d 0,0,0,0,0")), TT_OK);
    char why[160] = "";
    assert_false(tt_model_can_issue(m, 1, why, sizeof why));
    assert_non_null(strstr(why, "not owned by the matrix unit"));
}

/* MOVD2A.md ShuffleBF16: Dest16 {sign, man7, exp8} -> Src {sign, man7, 000, exp8}; in 16-bit mode
 * a TF32 SrcA format is undefined. */
static void test_movd2a_shuffle(void **state)
{
    tt_model *m = *state;
    tt_model_cfg_set(m, 0, 1, 5u << 17);
    tt_model_tcfg_set(m, 1, 2, 1); /* DISABLE_IMPLIED_SRCA_FMT_Base: SETDVALID leaves no implied format */
    tt_model_rf_set(m, TT_RF_DEST, 0, 4, 3, 0xABCD);
    run_ok(m, 0, "ttsetdvalid 1");
    run_ok(m, 1, "ttmovd2a 0,10,0,0,4");
    uint32_t v;
    tt_model_rf_get(m, TT_RF_SRCA, 0, 10, 3, &v);
    assert_int_equal(v, (0xABu << 11) | 0xCDu);
    tt_model_cfg_set(m, 0, 1, 4u << 17);
    tt_exec_result r = run(m, 1, "ttmovd2a 0,10,0,0,4");
    assert_int_equal(r.status, TT_UNDEFINED);
}

/* ZEROACC.md (the DstRowValid page), Dst.md: ZEROACC marks rows invalid and keeps their cells; an
 * invalid row reads as 0; Revert (clear_zero_flags, Blackhole bit 17) is undefined except in the
 * 32-bit 16-row mode, where it marks the rows valid (Tenstorrent's simulator; docs/decisions.md
 * "Dest zero flags"). */
static void test_zeroacc_modes(void **state)
{
    tt_model *m = *state;
    tt_model_rf_set(m, TT_RF_DEST, 0, 47, 5, 0x1234);
    run_ok(m, 1, "ttzeroacc 1,0,0,0,2");          /* rows 32..47 */
    size_t n;
    const tt_rf_write *w = tt_model_rf_writes(m, &n);
    assert_int_equal(n, 16);
    assert_int_equal(w[15].zf, TT_ZF_INVALID);   /* flag records: no data */
    assert_int_equal(w[15].row, 47);
    assert_int_equal(w[15].mask, 0);
    uint32_t v;
    tt_model_rf_get(m, TT_RF_DEST, 0, 47, 5, &v);
    assert_int_equal(v, 0x1234);                 /* the cell is kept */
    assert_false(tt_model_dest_valid_get(m, 47));
    assert_true(tt_model_dest_valid_get(m, 48));
    assert_int_equal(tt_model_dest_read(m, TT_RF_DEST, 47, 5), 0); /* read as 0 */
    /* Revert with the 32-bit 16-row mode: Dst32b rows 16..31, flags of DstBits 32..39 and 48..55 */
    run_ok(m, 1, "ttzeroacc 3,0,0,0,0");         /* all invalid */
    run_ok(m, 1, "ttzeroacc 1,1,1,0,1");
    assert_true(tt_model_dest_valid_get(m, 32));
    assert_true(tt_model_dest_valid_get(m, 39));
    assert_false(tt_model_dest_valid_get(m, 40));
    assert_true(tt_model_dest_valid_get(m, 55));
    assert_false(tt_model_dest_valid_get(m, 56));
    assert_int_equal(run(m, 1, "ttzeroacc 3,0,1,0,0").status, TT_UNDEFINED);
    assert_int_equal(run(m, 1, "ttzeroacc 1,0,1,0,0").status, TT_UNDEFINED); /* 16-bit 16 rows */
    assert_int_equal(run(m, 1, "ttzeroacc 0,0,1,0,0").status, TT_UNDEFINED); /* one row */
}

/* Audit D12 (Tenstorrent's simulator, tt-llk _llk_math_hw_configure_): with
 * DEST_ACCESS_CFG_zeroacc_absolute_tile_mode (cfg 220 [3]) 0, ZEROACC's 16-row block moves to Dest's
 * upper half when MATH_Offset + RWC.Dst has bit 9 (16-bit: + 32 blocks) or bit 8 or 9 (32-bit: + 16). */
static void test_zeroacc_block_follows_dest_half(void **state)
{
    tt_model *m = *state;
    tt_model_tcfg_set(m, 1, 1, 512);              /* MATH_Offset 512 */
    run_ok(m, 1, "ttzeroacc 1,0,0,0,2");          /* block 2 + 32: rows 544..559 */
    assert_false(tt_model_dest_valid_get(m, 544));
    assert_false(tt_model_dest_valid_get(m, 559));
    assert_true(tt_model_dest_valid_get(m, 32));
    tt_model_tcfg_set(m, 1, 1, 256);              /* 32-bit: 256 & 768 */
    run_ok(m, 1, "ttzeroacc 1,1,0,0,1");          /* block 1 + 16: Dst32b rows 272..287, DstBits 544.. */
    assert_false(tt_model_dest_valid_get(m, 544)); /* adj(272) = (272 & 0x1f8) << 1 */
    assert_false(tt_model_dest_valid_get(m, 567)); /* adj(287) = 560 | 7 */
    assert_true(tt_model_dest_valid_get(m, 568));  /* its low half's row keeps its flag */
    tt_model_cfg_set(m, 0, 220, 8);               /* absolute */
    tt_model_tcfg_set(m, 1, 1, 512);
    run_ok(m, 1, "ttzeroacc 1,0,0,0,5");          /* block 5: rows 80..95 */
    assert_false(tt_model_dest_valid_get(m, 80));
    assert_true(tt_model_dest_valid_get(m, 592));
}

/* Banks 0 of SrcA and SrcB owned by the matrix unit, with these implied formats. */
static void own_banks(tt_model *m, unsigned srca_fmt, unsigned srcb_fmt)
{
    tt_bank_state b;
    tt_model_banks_get(m, &b);
    b.srca_client[0] = b.srcb_client[0] = TT_CLIENT_MATRIX;
    b.srca_fmt[0] = (uint8_t)srca_fmt;
    b.srcb_fmt[0] = (uint8_t)srcb_fmt;
    tt_model_banks_set(m, &b);
}

static uint32_t dest_cell(const tt_model *m, int row, int col)
{
    uint32_t v = 0xDEADu;
    assert_true(tt_model_rf_get(m, TT_RF_DEST, 0, row, col, &v));
    return v;
}

/* pack-unpack-registers §3 (SrcA format "auto-inferred from tile"); MOVA2D.md Blackhole branch: the
 * move takes ImpliedSrcAFmt of the matrix unit's bank, not ALU_FORMAT_SPEC_REG0_SrcA, unless the
 * thread's DISABLE_IMPLIED_SRCA_FMT_Base (thread config 2) is set. The issue's example: FP16 0x3C01
 * (SrcA 0x0010F) with config word 1 = 0 (FP32) keeps its mantissa: Dest 0x002F, not 0x000F. */
static void test_pur_3_mova2d_takes_the_implied_srca_format(void **state)
{
    tt_model *m = *state;
    own_banks(m, 1 /* FP16 */, 0);
    tt_model_rf_set(m, TT_RF_SRCA, 0, 0, 0, 0x0010F);
    run_ok(m, 1, "ttmova2d 0,0,0,0,0");
    assert_int_equal(dest_cell(m, 0, 0), 0x002F);   /* RemoveHighExponent */
    tt_model_tcfg_set(m, 2, 2, 1);                  /* thread 2 disables it: the configured FP32 */
    run_ok(m, 2, "ttmova2d 0,0,0,0,1");
    assert_int_equal(dest_cell(m, 1, 0), 0x000F);   /* RemoveLowMantissa */
    own_banks(m, 4 /* TF32 */, 0);                  /* TF32: the 32-bit view, low mantissa kept */
    tt_model_rf_set(m, TT_RF_SRCA, 0, 0, 0, 0x0017F); /* 1 + 2^-10 in TF32: sign 0, man 1, exp 127 */
    run_ok(m, 1, "ttmova2d 0,0,0,0,2");
    assert_int_equal(dest_cell(m, 2, 0), 0x007F);   /* Dst32b row 2: high half at Dest row 2 (Dst.md) */
    assert_int_equal(dest_cell(m, 10, 0), 0x2000);  /* low half at row 10: LoMan 1 << 13 */
}

/* MOVA2D.md: FP16A_FORCE_Enable (thread config 55) makes Use8bExponent false whatever the format. */
static void test_mova2d_fp16a_force(void **state)
{
    tt_model *m = *state;
    own_banks(m, 5 /* BF16 */, 0);
    tt_model_rf_set(m, TT_RF_SRCA, 0, 0, 0, 0x50080); /* BF16 -2.5: sign, m7 0x20 << 11, exp 0x80 */
    run_ok(m, 1, "ttmova2d 0,0,0,0,0");
    assert_int_equal(dest_cell(m, 0, 0), 0xA080);
    tt_model_tcfg_set(m, 1, 55, 1);
    run_ok(m, 1, "ttmova2d 0,0,0,0,1");
    assert_int_equal(dest_cell(m, 1, 0), 0xA000);   /* exponent cut to 5 bits */
}

/* MOVD2B.md Blackhole branch (and MOVB2D by the same reading): SrcB's moves take ImpliedSrcBFmt in
 * SrcAFmt's place, gated by DISABLE_IMPLIED_SRCB_FMT_Base (thread config 3), not SrcA's bit. */
static void test_movb2d_movd2b_take_the_implied_srcb_format(void **state)
{
    tt_model *m = *state;
    tt_model_cfg_set(m, 0, 1, 5u << 17);              /* configured SrcA BF16 */
    own_banks(m, 0, 1 /* FP16 */);
    tt_model_rf_set(m, TT_RF_SRCB, 0, 0, 0, 0x0010F);
    tt_model_tcfg_set(m, 1, 2, 1);                    /* SrcA's bit: no effect on SrcB's moves */
    run_ok(m, 1, "ttmovb2d 0,0,0,0,0");
    assert_int_equal(dest_cell(m, 0, 0), 0x002F);
    tt_model_tcfg_set(m, 2, 3, 1);                    /* SrcB's bit: the configured BF16 */
    run_ok(m, 2, "ttmovb2d 0,0,0,0,1");
    assert_int_equal(dest_cell(m, 1, 0), 0x000F);
    tt_model_rf_set(m, TT_RF_DEST, 0, 8, 0, 0x7FFE);  /* Dest FP16 65504 */
    run_ok(m, 1, "ttmovd2b 0,8,0,0,8");               /* implied FP16: ShuffleFP16 */
    uint32_t v;
    tt_model_rf_get(m, TT_RF_SRCB, 0, 8, 0, &v);
    assert_int_equal(v, 0x3FF1E);
    run_ok(m, 2, "ttmovd2b 0,9,0,0,8");               /* configured BF16: ShuffleBF16 */
    tt_model_rf_get(m, TT_RF_SRCB, 0, 9, 0, &v);
    assert_int_equal(v, 0x3F8FE);
}

/* Undefined: an implied format SETDVALID left unpredictable (SETDVALID.md), one of a bank the
 * matrix unit does not own (MOVD2A.md: non-contractual), and MOVA2D's UseDst32bLo with TF32
 * (MOVA2D.md, HW erratum TEN-4245). Disabling the implied format, or FP16A_FORCE for MOVD2A (no
 * format read), makes the first two defined. */
static void test_implied_format_undefined_cases(void **state)
{
    tt_model *m = *state;
    tt_exec_result r = run(m, 1, "ttmovd2a 0,0,0,0,0");  /* both banks are the unpackers' */
    assert_int_equal(r.status, TT_UNDEFINED);
    assert_non_null(strstr(r.msg, "does not own"));
    tt_model_tcfg_set(m, 1, 55, 1);
    run_ok(m, 1, "ttmovd2a 0,0,0,0,0");
    tt_model_tcfg_set(m, 1, 55, 0);
    run_ok(m, 0, "ttsetdvalid 1");
    r = run(m, 1, "ttmova2d 0,0,0,0,0");
    assert_int_equal(r.status, TT_UNDEFINED);
    assert_non_null(strstr(r.msg, "unpredictable after SETDVALID"));
    tt_model_tcfg_set(m, 1, 2, 1);
    run_ok(m, 1, "ttmova2d 0,0,0,0,0");
    tt_model_tcfg_set(m, 1, 2, 0);
    own_banks(m, 4 /* TF32 */, 0);
    r = run(m, 1, "ttmova2d 1,0,0,0,0");
    assert_int_equal(r.status, TT_UNDEFINED);
    assert_non_null(strstr(r.msg, "TEN-4245"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_setrwc_incrwc_counters, setup, teardown),
        cmocka_unit_test_setup_teardown(test_addrmod_3bit_index, setup, teardown),
        cmocka_unit_test_setup_teardown(test_mova2d_layout_and_flush, setup, teardown),
        cmocka_unit_test_setup_teardown(test_mova2d_waits_for_bank, setup, teardown),
        cmocka_unit_test_setup_teardown(test_movd2a_shuffle, setup, teardown),
        cmocka_unit_test_setup_teardown(test_zeroacc_modes, setup, teardown),
        cmocka_unit_test_setup_teardown(test_zeroacc_block_follows_dest_half, setup, teardown),
        cmocka_unit_test_setup_teardown(test_pur_3_mova2d_takes_the_implied_srca_format, setup, teardown),
        cmocka_unit_test_setup_teardown(test_mova2d_fp16a_force, setup, teardown),
        cmocka_unit_test_setup_teardown(test_movb2d_movd2b_take_the_implied_srcb_format, setup, teardown),
        cmocka_unit_test_setup_teardown(test_implied_format_undefined_cases, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
