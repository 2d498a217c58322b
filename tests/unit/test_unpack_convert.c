/* test_unpack_convert.c: the unpackers' per-datum format conversion (unpack-data-path §3.2-§3.4,
 * data-formats §4/§6, ERRATA 1 and 2; UNPACR_Regular.md FormatConversion). Each test is named
 * after the rule it checks. Expected values are worked out by hand from the spec, the arithmetic in
 * the comment next to them; none is computed by the code under test.
 *
 * Notation: Src = the 19-bit SrcA/SrcB cell {sign[18], man10[17:8], exp8[7:0]}; Dest = the 16-bit
 * cell {sign[15], man[14:.], exp[.:0]} (FP16: man10[14:5] exp5[4:0]; BF16: man7[14:8] exp8[7:0]);
 * Dest32 = WriteDstBF16(hi16) << 16 | lo16. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "unpack_convert.h"

enum { SRC = 0, DST = 1 };

/* A conversion that must be defined: returns the cell. */
static uint32_t conv_m(unsigned in, unsigned out, uint32_t d, uint8_t e, tt_unpack_conv_mode m)
{
    uint32_t v = 0xDEADBEEFu;
    char msg[200] = "";
    tt_status s = tt_unpack_convert(in, out, d, e, &m, &v, msg, sizeof msg);
    if (s != TT_OK)
        fail_msg("%s -> %s datum 0x%x exp %u: %s (%s)", tt_df_name(in), tt_df_name(out), d, e, tt_status_name(s), msg);
    return v;
}

static uint32_t conv(unsigned in, unsigned out, uint32_t d, uint8_t e, int where)
{
    tt_unpack_conv_mode m = {where == DST, false, false};
    return conv_m(in, out, d, e, m);
}

/* Same format in and out, the usual case for everything but FP32. */
static uint32_t same(unsigned fmt, uint32_t d, uint8_t e, int where) { return conv(fmt, fmt, d, e, where); }

/* A conversion that must fail with status want; the message must name each of the given words. */
static void expect_fail_m(tt_status want, unsigned in, unsigned out, uint32_t d, uint8_t e, tt_unpack_conv_mode m,
                          const char *word1, const char *word2)
{
    uint32_t v = 0xDEADBEEFu;
    char msg[200] = "";
    tt_status s = tt_unpack_convert(in, out, d, e, &m, &v, msg, sizeof msg);
    if (s != want)
        fail_msg("%s -> %s datum 0x%x exp %u %s: got %s (0x%x), want %s", tt_df_name(in), tt_df_name(out), d, e,
                 m.to_dest ? "Dest" : "Src", tt_status_name(s), v, tt_status_name(want));
    assert_true(strlen(msg) > 0);
    if (word1 && !strstr(msg, word1)) fail_msg("message \"%s\" does not name %s", msg, word1);
    if (word2 && !strstr(msg, word2)) fail_msg("message \"%s\" does not name %s", msg, word2);
}

static void expect_undef(unsigned in, unsigned out, uint32_t d, uint8_t e, int where, const char *w1, const char *w2)
{
    tt_unpack_conv_mode m = {where == DST, false, false};
    expect_fail_m(TT_UNDEFINED, in, out, d, e, m, w1, w2);
}

/* ---- data-formats §6 / UNPACR_Regular.md DatumSizeBytes: the format table ---- */

static void test_data_formats_6_code_table(void **state)
{
    (void)state;
    static const struct {
        unsigned code;
        const char *name;
        unsigned bits;
        bool bfp, wide;
    } want[16] = {
        {0, "FP32", 32, false, true},   {1, "FP16", 16, false, false}, {2, "BFP8a", 8, true, false},
        {3, "BFP4a", 4, true, false},   {4, "TF32", 32, false, true},  {5, "BF16", 16, false, false},
        {6, "BFP8", 8, true, false},    {7, "BFP4", 4, true, false},   {8, "INT32", 32, false, true},
        {9, "INT16", 16, false, false}, {10, "FP8", 8, false, false},  {11, "BFP2a", 2, true, false},
        {12, "fmt12", 0, false, false}, {13, "fmt13", 0, false, false}, {14, "INT8", 8, false, false},
        {15, "BFP2", 2, true, false},
    };
    for (unsigned i = 0; i < 16; i++) {
        assert_string_equal(tt_df_name(want[i].code), want[i].name);
        assert_int_equal(tt_df_bits(want[i].code), want[i].bits);
        assert_int_equal(tt_df_is_bfp(want[i].code), want[i].bfp);
        assert_int_equal(tt_df_is_32bit(want[i].code), want[i].wide);
    }
    /* Not a 4-bit code: no size, and never aliased onto code & 15 (16 would look like FP32). */
    assert_int_equal(tt_df_bits(16), 0);
    assert_false(tt_df_is_32bit(16));
    assert_false(tt_df_is_bfp(22));
    assert_string_equal(tt_df_name(16), "invalid");
}

/* ---- ERRATA 1: FP32 -> FP16, e = exp32 - 112, m = bits 22:13 ---- */

static void test_errata1_fp32_to_fp16_exp31_passthrough(void **state)
{
    (void)state;
    /* 0x47800000: exp32 0x8F = 143 -> e 31, m 0 -> 31 << 10 = 0x7C00 (an ordinary value, not Inf) */
    assert_int_equal(tt_fp32_to_fp16(0x47800000u), 0x7C00);
    /* 0x47FFE000: exp32 143, m 0x7FE000 >> 13 = 0x3FF -> 0x7C00 | 0x3FF = 0x7FFF (not NaN) */
    assert_int_equal(tt_fp32_to_fp16(0x47FFE000u), 0x7FFF);
    /* 0xC7A00000: sign, exp32 143, m 0x200000 >> 13 = 0x100 -> 0x8000 | 0x7C00 | 0x100 = 0xFD00 */
    assert_int_equal(tt_fp32_to_fp16(0xC7A00000u), 0xFD00);
    /* Through the unpacker, Dest: WriteDstFP16(0x7C00) = 0 | 0 << 5 | 0x7C00 >> 10 = 0x001F;
     * Src: WriteSrcFP16(0xFD00) = 0x40000 | 0x100 << 8 | 0x1F = 0x40000 | 0x10000 | 0x1F = 0x5001F */
    assert_int_equal(conv(TT_DF_FP32, TT_DF_FP16, 0x47800000u, 0, DST), 0x001F);
    assert_int_equal(conv(TT_DF_FP32, TT_DF_FP16, 0xC7A00000u, 0, SRC), 0x5001F);
}

static void test_errata1_fp32_to_fp16_overflow_saturates_0x7fff(void **state)
{
    (void)state;
    /* 0x48000000: exp32 144 -> e 32 > 31 -> 0x7FFF (not 0x7BFF, not Inf 0x7C00) */
    assert_int_equal(tt_fp32_to_fp16(0x48000000u), 0x7FFF);
    /* 0x7F7FFFFF, the largest finite FP32: exp32 254 -> e 142 -> 0x7FFF; negative -> 0xFFFF */
    assert_int_equal(tt_fp32_to_fp16(0x7F7FFFFFu), 0x7FFF);
    assert_int_equal(tt_fp32_to_fp16(0xC8000000u), 0xFFFF);
    /* Dest: WriteDstFP16(0xFFFF) = 0x8000 | 0x3FF << 5 | 0x1F = 0xFFFF;
     * Src: WriteSrcFP16(0x7FFF) = 0x3FF << 8 | 0x1F = 0x3FF1F */
    assert_int_equal(conv(TT_DF_FP32, TT_DF_FP16, 0xC8000000u, 0, DST), 0xFFFF);
    assert_int_equal(conv(TT_DF_FP32, TT_DF_FP16, 0x48000000u, 0, SRC), 0x3FF1F);
}

static void test_errata1_fp32_inf_nan_saturate(void **state)
{
    (void)state;
    /* FP32 exponent 255, whatever the mantissa: sign | 0x7FFF */
    assert_int_equal(tt_fp32_to_fp16(0x7F800000u), 0x7FFF); /* +Inf */
    assert_int_equal(tt_fp32_to_fp16(0xFF800000u), 0xFFFF); /* -Inf */
    assert_int_equal(tt_fp32_to_fp16(0x7FC00000u), 0x7FFF); /* quiet NaN */
    assert_int_equal(tt_fp32_to_fp16(0x7F800001u), 0x7FFF); /* signalling NaN, m >> 13 = 0 */
    assert_int_equal(tt_fp32_to_fp16(0xFFFFFFFFu), 0xFFFF); /* -NaN, all ones */
}

static void test_errata1_fp32_to_fp16_exp0_keeps_mantissa(void **state)
{
    (void)state;
    /* e == 0 means exp32 112 = 0x70 -> 0x38000000 | m << 13. No implicit-1 shift into a subnormal. */
    assert_int_equal(tt_fp32_to_fp16(0x38012000u), 0x0009); /* m = 0x12000 >> 13 = 9 */
    assert_int_equal(tt_fp32_to_fp16(0x387FE000u), 0x03FF); /* m = 0x3FF */
    assert_int_equal(tt_fp32_to_fp16(0x38001FFFu), 0x0000); /* m = 0x1FFF >> 13 = 0: truncated */
    assert_int_equal(tt_fp32_to_fp16(0xB8000000u), 0x8000); /* sign | 0 */
    assert_int_equal(tt_fp32_to_fp16(0xB8400000u), 0x8200); /* sign | 0x400000 >> 13 = 0x200 */
    /* Dest: WriteDstFP16(0x0009) = 9 << 5 = 0x0120; Src: WriteSrcFP16(0x8200) = 0x40000 | 0x200 << 8 = 0x60000 */
    assert_int_equal(conv(TT_DF_FP32, TT_DF_FP16, 0x38012000u, 0, DST), 0x0120);
    assert_int_equal(conv(TT_DF_FP32, TT_DF_FP16, 0xB8400000u, 0, SRC), 0x60000);
}

static void test_errata1_fp32_to_fp16_underflow_signed_zero(void **state)
{
    (void)state;
    /* e < 0: exp32 <= 111 (0x37FFFFFF is exp32 111 with every mantissa bit) -> signed zero */
    assert_int_equal(tt_fp32_to_fp16(0x37FFFFFFu), 0x0000);
    assert_int_equal(tt_fp32_to_fp16(0xB7FFFFFFu), 0x8000);
    /* FP32 denormals (exp32 0 -> e -112) and zeros */
    assert_int_equal(tt_fp32_to_fp16(0x00000001u), 0x0000);
    assert_int_equal(tt_fp32_to_fp16(0x807FFFFFu), 0x8000);
    assert_int_equal(tt_fp32_to_fp16(0x00000000u), 0x0000);
    assert_int_equal(tt_fp32_to_fp16(0x80000000u), 0x8000);
    /* -0 in Dest: WriteDstFP16(0x8000) = 0x8000; in Src: 0x8000 << 3 = 0x40000 */
    assert_int_equal(conv(TT_DF_FP32, TT_DF_FP16, 0x80000000u, 0, DST), 0x8000);
    assert_int_equal(conv(TT_DF_FP32, TT_DF_FP16, 0xB7FFFFFFu, 0, SRC), 0x40000);
}

static void test_data_formats_4_fp32_to_fp16_normal_truncates(void **state)
{
    (void)state;
    /* 1.0 = 0x3F800000: exp32 127 -> e 15 -> 15 << 10 = 0x3C00 */
    assert_int_equal(tt_fp32_to_fp16(0x3F800000u), 0x3C00);
    /* 0x3F801FFF: the 13 dropped bits do not round: 0x3C00 */
    assert_int_equal(tt_fp32_to_fp16(0x3F801FFFu), 0x3C00);
    /* 0x3FFFFFFF: exp32 127, m 0x7FFFFF >> 13 = 0x3FF -> 0x3FFF (1.999..., not 2.0) */
    assert_int_equal(tt_fp32_to_fp16(0x3FFFFFFFu), 0x3FFF);
    /* Smallest e, 1: exp32 113 = 0x71 -> 0x38800000 -> 0x0400 */
    assert_int_equal(tt_fp32_to_fp16(0x38800000u), 0x0400);
    /* Src: WriteSrcFP16(0x3FFF) = 0x3FF << 8 | 0x0F = 0x3FF0F; Dest: WriteDstFP16(0x3C00) = 0x000F */
    assert_int_equal(conv(TT_DF_FP32, TT_DF_FP16, 0x3FFFFFFFu, 0, SRC), 0x3FF0F);
    assert_int_equal(conv(TT_DF_FP32, TT_DF_FP16, 0x3F800000u, 0, DST), 0x000F);
}

/* ---- ERRATA 2 and unpack-data-path §3.2: FP8 E5M2 -> FP16 is code << 8 ---- */

static void test_errata2_e5m2_0x7f(void **state)
{
    (void)state;
    /* 0x7F (exp 31, man 3) -> 0x7FFF, not 0x7F00.
     * Src: WriteSrcFP16(0x7FFF) = 0x3FF << 8 | 0x1F = 0x3FF1F; Dest: 0x3FF << 5 | 0x1F = 0x7FFF */
    assert_int_equal(same(TT_DF_FP8, 0x7F, 0, SRC), 0x3FF1F);
    assert_int_equal(same(TT_DF_FP8, 0x7F, 0, DST), 0x7FFF);
}

static void test_errata2_e5m2_0xff(void **state)
{
    (void)state;
    /* 0xFF -> 0xFFFF. Src: 0x40000 | 0x3FF1F = 0x7FF1F; Dest: 0x8000 | 0x7FE0 | 0x1F = 0xFFFF */
    assert_int_equal(same(TT_DF_FP8, 0xFF, 0, SRC), 0x7FF1F);
    assert_int_equal(same(TT_DF_FP8, 0xFF, 0, DST), 0xFFFF);
}

static void test_errata2_e5m2_other_exp31_codes_shift(void **state)
{
    (void)state;
    /* 0x7C (IEEE +Inf) -> 0x7C00: man 0, exp 0x1F -> Dest 0x001F, Src 0x0001F */
    assert_int_equal(same(TT_DF_FP8, 0x7C, 0, DST), 0x001F);
    assert_int_equal(same(TT_DF_FP8, 0x7C, 0, SRC), 0x0001F);
    /* 0xFC (IEEE -Inf) -> 0xFC00: Dest 0x8000 | 0x1F = 0x801F, Src 0x40000 | 0x1F = 0x4001F */
    assert_int_equal(same(TT_DF_FP8, 0xFC, 0, DST), 0x801F);
    assert_int_equal(same(TT_DF_FP8, 0xFC, 0, SRC), 0x4001F);
    /* 0x7D -> 0x7D00: man 0x100 -> Dest 0x100 << 5 | 0x1F = 0x201F */
    assert_int_equal(same(TT_DF_FP8, 0x7D, 0, DST), 0x201F);
    /* 0x7E -> 0x7E00: man 0x200 -> Dest 0x4000 | 0x1F = 0x401F; Src 0x200 << 8 | 0x1F = 0x2001F */
    assert_int_equal(same(TT_DF_FP8, 0x7E, 0, DST), 0x401F);
    assert_int_equal(same(TT_DF_FP8, 0x7E, 0, SRC), 0x2001F);
    /* 0xFE -> 0xFE00: Dest 0x8000 | 0x4000 | 0x1F = 0xC01F */
    assert_int_equal(same(TT_DF_FP8, 0xFE, 0, DST), 0xC01F);
}

static void test_unpack_3_2_e5m2_zero_denormal_normal(void **state)
{
    (void)state;
    assert_int_equal(same(TT_DF_FP8, 0x00, 0, DST), 0x0000);
    /* 0x80 -> 0x8000: Dest 0x8000, Src 0x40000 */
    assert_int_equal(same(TT_DF_FP8, 0x80, 0, DST), 0x8000);
    assert_int_equal(same(TT_DF_FP8, 0x80, 0, SRC), 0x40000);
    /* 0x01 (denormal) -> 0x0100: man 0x100, exp 0 -> Dest 0x2000, Src 0x10000 */
    assert_int_equal(same(TT_DF_FP8, 0x01, 0, DST), 0x2000);
    assert_int_equal(same(TT_DF_FP8, 0x01, 0, SRC), 0x10000);
    /* 0x3C (1.0) -> 0x3C00: Dest 0x000F; 0x04 (smallest normal, exp 1) -> 0x0400: Dest 0x0001 */
    assert_int_equal(same(TT_DF_FP8, 0x3C, 0, DST), 0x000F);
    assert_int_equal(same(TT_DF_FP8, 0x04, 0, DST), 0x0001);
    /* The shared-exponent argument means nothing for FP8 */
    assert_int_equal(same(TT_DF_FP8, 0x3C, 0xFF, DST), 0x000F);
}

static void test_errata2_e5m2_every_other_code_is_shift8(void **state)
{
    (void)state;
    /* For every code but 0x7F/0xFF: FP16 = code << 8, i.e. sign = bit 7, exp5 = bits 6:2, man10 =
     * bits 1:0 << 8; so Dest = sign << 15 | man10 << 5 | exp5. */
    for (unsigned c = 0; c < 256; c++) {
        if ((c & 0x7F) == 0x7F) continue;
        uint32_t want = ((c & 0x80u) << 8) | (((c & 3u) << 8) << 5) | ((c >> 2) & 0x1Fu);
        assert_int_equal(same(TT_DF_FP8, c, 0, DST), want);
    }
}

/* ---- unpack-data-path §3.3: register layouts ---- */

static void test_unpack_3_3_write_src_tf32_swaps_fields(void **state)
{
    (void)state;
    /* {sign[18], exp[17:10], man[9:0]} -> {sign[18], man[17:8], exp[7:0]} */
    assert_int_equal(tt_write_src_tf32(0x3FC00), 0x000FF); /* exp 0xFF alone */
    assert_int_equal(tt_write_src_tf32(0x003FF), 0x3FF00); /* man 0x3FF alone */
    assert_int_equal(tt_write_src_tf32(0x40000), 0x40000); /* sign stays */
    assert_int_equal(tt_write_src_tf32(0x7FFFF), 0x7FFFF);
    assert_int_equal(tt_write_src_tf32(0xFFF80000u), 0); /* only 19 bits */
}

static void test_unpack_3_2_fp32_to_tf32_src_drops_13_bits(void **state)
{
    (void)state;
    /* 1.0: 0x3F800000 >> 13 = 0x1FC00 -> exp 0x7F -> 0x0007F */
    assert_int_equal(conv(TT_DF_FP32, TT_DF_TF32, 0x3F800000u, 0, SRC), 0x0007F);
    /* 0xBF801FFF >> 13 = 0x5FC00 -> 0x40000 | 0x7F (the 13 low bits gone, no rounding) */
    assert_int_equal(conv(TT_DF_FP32, TT_DF_TF32, 0xBF801FFFu, 0, SRC), 0x4007F);
    /* +Inf 0x7F800000 >> 13 = 0x3FC00 -> 0x000FF; NaN 0x7FFFFFFF >> 13 = 0x3FFFF -> 0x3FFFF */
    assert_int_equal(conv(TT_DF_FP32, TT_DF_TF32, 0x7F800000u, 0, SRC), 0x000FF);
    assert_int_equal(conv(TT_DF_FP32, TT_DF_TF32, 0x7FFFFFFFu, 0, SRC), 0x3FFFF);
    /* No denormal flush on this path: 0x807FE000 >> 13 = 0x403FF -> 0x40000 | 0x3FF << 8 = 0x7FF00 */
    assert_int_equal(conv(TT_DF_FP32, TT_DF_TF32, 0x807FE000u, 0, SRC), 0x7FF00);
    assert_int_equal(conv(TT_DF_FP32, TT_DF_TF32, 0x00001FFFu, 0, SRC), 0x00000);
}

static void test_unpack_3_3_write_src_bf16_and_fp16(void **state)
{
    (void)state;
    /* BF16 << 3: 0x3F80 -> 0x1FC00 -> 0x0007F */
    assert_int_equal(tt_write_src_bf16(0x3F80), 0x0007F);
    /* 0xC0A0 (-5.0): << 3 = 0x60500: sign 0x40000, exp 0x20400 >> 10 = 0x81, man 0x100 << 8 -> 0x50081 */
    assert_int_equal(tt_write_src_bf16(0xC0A0), 0x50081);
    /* FP16: 0x3C00 -> exp 0x0F -> 0x0000F; 0x8001 -> 0x40000 | 1 << 8 = 0x40100 */
    assert_int_equal(tt_write_src_fp16(0x3C00), 0x0000F);
    assert_int_equal(tt_write_src_fp16(0x8001), 0x40100);
    assert_int_equal(tt_write_src_fp16(0xFFFF), 0x7FF1F);
}

static void test_unpack_3_3_write_dst_bf16_and_fp16(void **state)
{
    (void)state;
    /* BF16 {s, e8, m7} -> {s, m7 << 8, e8} */
    assert_int_equal(tt_write_dst_bf16(0x3F80), 0x007F);
    assert_int_equal(tt_write_dst_bf16(0xFF80), 0x80FF);
    assert_int_equal(tt_write_dst_bf16(0x7FFF), 0x7FFF); /* m 0x7F << 8 | e 0xFF */
    assert_int_equal(tt_write_dst_bf16(0x0001), 0x0100);
    /* FP16 {s, e5, m10} -> {s, m10 << 5, e5} */
    assert_int_equal(tt_write_dst_fp16(0x3C00), 0x000F);
    assert_int_equal(tt_write_dst_fp16(0x0001), 0x0020);
    assert_int_equal(tt_write_dst_fp16(0x8000), 0x8000);
    assert_int_equal(tt_write_dst_fp16(0x7C01), 0x003F); /* 1 << 5 | 0x1F */
}

static void test_unpack_3_3_write_dst_fp32_halves(void **state)
{
    (void)state;
    /* 0x3F800001: hi WriteDstBF16(0x3F80) = 0x007F, lo 0x0001 */
    assert_int_equal(tt_write_dst_fp32(0x3F800001u), 0x007F0001u);
    /* 0xC0A01234: hi WriteDstBF16(0xC0A0) = 0x8000 | 0x20 << 8 | 0x81 = 0xA081, lo 0x1234 */
    assert_int_equal(tt_write_dst_fp32(0xC0A01234u), 0xA0811234u);
    /* FP32 -> FP32 in Dest: 0xFFFFFFFF -> WriteDstBF16(0xFFFF) = 0xFFFF, lo 0xFFFF */
    assert_int_equal(conv(TT_DF_FP32, TT_DF_FP32, 0xFFFFFFFFu, 0, DST), 0xFFFFFFFFu);
    /* A denormal is not flushed on this path: hi 0x807F -> 0x8000 | 0x7F << 8 = 0xFF00, lo 0xFFFF */
    assert_int_equal(conv(TT_DF_FP32, TT_DF_FP32, 0x807FFFFFu, 0, DST), 0xFF00FFFFu);
    /* FP32 -> TF32 in Dest means FP32: nothing dropped. hi 0x3F80 -> 0x007F, lo 0x1FFF */
    assert_int_equal(conv(TT_DF_FP32, TT_DF_TF32, 0x3F801FFFu, 0, DST), 0x007F1FFFu);
}

static void test_unpack_3_2_int32_and_tf32_dest_use_write_dst_fp32(void **state)
{
    (void)state;
    /* INT32 0x12345678: hi 0x1234 -> exp (0x1234 & 0x7F80) >> 7 = 0x24, man 0x34 << 8 = 0x3400 ->
     * 0x3424; lo 0x5678. The integer is shuffled like an FP32, as the doc says. */
    assert_int_equal(same(TT_DF_INT32, 0x12345678u, 0, DST), 0x34245678u);
    /* Sign-magnitude -5, 0x80000005: hi 0x8000 -> 0x8000, lo 0x0005 */
    assert_int_equal(same(TT_DF_INT32, 0x80000005u, 0, DST), 0x80000005u);
    /* TF32 input (4 bytes in L1), Dest only: same shuffle */
    assert_int_equal(same(TT_DF_TF32, 0x12345678u, 0, DST), 0x34245678u);
    assert_int_equal(same(TT_DF_TF32, 0x3F800001u, 0, DST), 0x007F0001u);
}

/* ---- unpack-data-path §3.2: FP32 -> BF16 ---- */

static void test_unpack_3_2_fp32_to_bf16_flushes_exp0(void **state)
{
    (void)state;
    /* Exponent field 0 -> sign only, then >> 16 */
    assert_int_equal(conv(TT_DF_FP32, TT_DF_BF16, 0x00400000u, 0, DST), 0x0000);
    assert_int_equal(conv(TT_DF_FP32, TT_DF_BF16, 0x007FFFFFu, 0, SRC), 0x00000);
    /* -denormal -> 0x8000: Dest 0x8000, Src 0x8000 << 3 = 0x40000 */
    assert_int_equal(conv(TT_DF_FP32, TT_DF_BF16, 0x80400000u, 0, DST), 0x8000);
    assert_int_equal(conv(TT_DF_FP32, TT_DF_BF16, 0x80000001u, 0, SRC), 0x40000);
    assert_int_equal(conv(TT_DF_FP32, TT_DF_BF16, 0x80000000u, 0, DST), 0x8000);
}

static void test_unpack_3_2_fp32_to_bf16_truncates(void **state)
{
    (void)state;
    /* 0x3F80FFFF -> 0x3F80 (no rounding) -> Dest 0x007F */
    assert_int_equal(conv(TT_DF_FP32, TT_DF_BF16, 0x3F80FFFFu, 0, DST), 0x007F);
    /* Smallest normal 0x00800000 -> 0x0080: exp 1 -> Dest 0x0001, Src 0x00001 */
    assert_int_equal(conv(TT_DF_FP32, TT_DF_BF16, 0x00800000u, 0, DST), 0x0001);
    assert_int_equal(conv(TT_DF_FP32, TT_DF_BF16, 0x00800000u, 0, SRC), 0x00001);
    /* Largest finite 0x7F7FFFFF -> 0x7F7F: man 0x7F << 8 | exp 0xFE -> Dest 0x7FFE */
    assert_int_equal(conv(TT_DF_FP32, TT_DF_BF16, 0x7F7FFFFFu, 0, DST), 0x7FFE);
    /* +Inf 0x7F800000 -> 0x7F80 -> Dest 0x00FF, Src 0x000FF */
    assert_int_equal(conv(TT_DF_FP32, TT_DF_BF16, 0x7F800000u, 0, DST), 0x00FF);
    assert_int_equal(conv(TT_DF_FP32, TT_DF_BF16, 0x7F800000u, 0, SRC), 0x000FF);
    /* -NaN 0xFFC00000 -> 0xFFC0: Dest 0x8000 | 0x40 << 8 | 0xFF = 0xC0FF;
     * Src 0x40000 | (0x40 << 3) << 8 | 0xFF = 0x600FF */
    assert_int_equal(conv(TT_DF_FP32, TT_DF_BF16, 0xFFC00000u, 0, DST), 0xC0FF);
    assert_int_equal(conv(TT_DF_FP32, TT_DF_BF16, 0xFFC00000u, 0, SRC), 0x600FF);
}

static void test_unpack_3_2_bf16_fp16_in_place(void **state)
{
    (void)state;
    /* BF16 -> BF16: the layout only. 0xC0A0: Dest 0xA081, Src 0x50081 */
    assert_int_equal(same(TT_DF_BF16, 0xC0A0, 0, DST), 0xA081);
    assert_int_equal(same(TT_DF_BF16, 0xC0A0, 0, SRC), 0x50081);
    /* FP16 -> FP16: 0x7C00 (exp 31) is ordinary: Dest 0x001F; 0x03FF (denormal) Src 0x3FF00 */
    assert_int_equal(same(TT_DF_FP16, 0x7C00, 0, DST), 0x001F);
    assert_int_equal(same(TT_DF_FP16, 0x03FF, 0, SRC), 0x3FF00);
    /* Bits above the 16-bit datum are not part of it */
    assert_int_equal(same(TT_DF_FP16, 0xABCD3C00u, 0, DST), 0x000F);
}

/* ---- unpack-data-path §3.4: BFP8/4/2 -> BF16 (exp 0x80 unless said) ---- */

static void test_unpack_3_4_bfp8_to_bf16_normalises(void **state)
{
    (void)state;
    /* Mag = datum << 1 (8 bits); LZ = leading zeros of Mag; exp -= LZ; BF16 = s<<15 | exp<<7 | (Mag<<LZ)&0x7E.
     * LZ 0: 0x40 -> Mag 0x80 -> 0x80 << 7 = 0x4000 (2.0) -> Dest 0x0080 */
    assert_int_equal(same(TT_DF_BFP8, 0x40, 0x80, DST), 0x0080);
    /* LZ 0: 0x7F -> Mag 0xFE, & 0x7E = 0x7E -> 0x407E -> Dest 0x7E << 8 | 0x80 = 0x7E80 */
    assert_int_equal(same(TT_DF_BFP8, 0x7F, 0x80, DST), 0x7E80);
    /* LZ 1: 0x20 -> Mag 0x40 -> exp 0x7F -> 0x3F80 (1.0) -> Dest 0x007F */
    assert_int_equal(same(TT_DF_BFP8, 0x20, 0x80, DST), 0x007F);
    /* LZ 1: 0x3F -> Mag 0x7E << 1 = 0xFC, & 0x7E = 0x7C -> 0x3FFC -> Dest 0x7C00 | 0x7F = 0x7C7F */
    assert_int_equal(same(TT_DF_BFP8, 0x3F, 0x80, DST), 0x7C7F);
    /* LZ 2: 0x10 -> Mag 0x20 -> exp 0x7E -> Dest 0x007E */
    assert_int_equal(same(TT_DF_BFP8, 0x10, 0x80, DST), 0x007E);
    /* LZ 3: 0x0F -> Mag 0x1E << 3 = 0xF0, & 0x7E = 0x70, exp 0x7D -> Dest 0x7000 | 0x7D = 0x707D */
    assert_int_equal(same(TT_DF_BFP8, 0x0F, 0x80, DST), 0x707D);
    /* LZ 4: 0x04 -> Mag 0x08 -> exp 0x7C -> Dest 0x007C */
    assert_int_equal(same(TT_DF_BFP8, 0x04, 0x80, DST), 0x007C);
    /* LZ 5: 0x03 -> Mag 0x06 << 5 = 0xC0, & 0x7E = 0x40, exp 0x7B -> Dest 0x4000 | 0x7B = 0x407B */
    assert_int_equal(same(TT_DF_BFP8, 0x03, 0x80, DST), 0x407B);
    /* LZ 6: 0x01 -> Mag 0x02 -> exp 0x7A -> 0x3D00 (2^-6 * 2^1 = 2^-5) -> Dest 0x007A;
     * Src: 0x3D00 << 3 = 0x1E800 -> exp 0x7A -> 0x0007A */
    assert_int_equal(same(TT_DF_BFP8, 0x01, 0x80, DST), 0x007A);
    assert_int_equal(same(TT_DF_BFP8, 0x01, 0x80, SRC), 0x0007A);
    /* Sign: 0xC0 -> 0xC000 -> Dest 0x8080, Src 0x40080 */
    assert_int_equal(same(TT_DF_BFP8, 0xC0, 0x80, DST), 0x8080);
    assert_int_equal(same(TT_DF_BFP8, 0xC0, 0x80, SRC), 0x40080);
}

static void test_unpack_3_4_bfp4_bfp2_align_to_bfp8(void **state)
{
    (void)state;
    /* BFP4 0x7 << 4 = 0x70 -> Mag 0xE0, & 0x7E = 0x60 -> 0x4060 (3.5 = 7/4 * 2) -> Dest 0x6080 */
    assert_int_equal(same(TT_DF_BFP4, 0x7, 0x80, DST), 0x6080);
    /* BFP4 0x1 << 4 = 0x10 -> Mag 0x20, LZ 2 -> exp 0x7E -> 0x3F00 (0.5) -> Dest 0x007E */
    assert_int_equal(same(TT_DF_BFP4, 0x1, 0x80, DST), 0x007E);
    /* BFP4 0xF (sign, mag 7) -> 0xC060 -> Dest 0xE080 */
    assert_int_equal(same(TT_DF_BFP4, 0xF, 0x80, DST), 0xE080);
    /* BFP2 0x1 << 6 = 0x40 -> 0x4000 (2^(128-127)) -> Dest 0x0080; 0x3 -> 0xC000 -> Dest 0x8080 */
    assert_int_equal(same(TT_DF_BFP2, 0x1, 0x80, DST), 0x0080);
    assert_int_equal(same(TT_DF_BFP2, 0x3, 0x80, DST), 0x8080);
    /* Only the datum's own bits count: BFP2 0x5 is 0x1, BFP4 0xF1 is 0x1 */
    assert_int_equal(same(TT_DF_BFP2, 0x5, 0x80, DST), 0x0080);
    assert_int_equal(same(TT_DF_BFP4, 0xF1, 0x80, DST), 0x007E);
}

static void test_unpack_3_4_bfp_sign_with_zero_magnitude(void **state)
{
    (void)state;
    /* Mag 0 with the sign: BF16 0xFF80 (-2^128 / -Inf) -> Dest 0x8000 | 0xFF = 0x80FF;
     * Src 0xFF80 << 3 = 0x7FC00 -> 0x40000 | 0xFF = 0x400FF. The shared exponent is not used. */
    assert_int_equal(same(TT_DF_BFP8, 0x80, 0x80, DST), 0x80FF);
    assert_int_equal(same(TT_DF_BFP8, 0x80, 0x00, SRC), 0x400FF);
    assert_int_equal(same(TT_DF_BFP4, 0x8, 0x12, DST), 0x80FF);
    assert_int_equal(same(TT_DF_BFP2, 0x2, 0xFF, DST), 0x80FF);
    /* Without the sign: +0 */
    assert_int_equal(same(TT_DF_BFP8, 0x00, 0xFF, DST), 0x0000);
    assert_int_equal(same(TT_DF_BFP2, 0x0, 0x80, SRC), 0x00000);
    /* A formats: FP16 0xFC00 -> Dest 0x8000 | 0x1F = 0x801F, Src 0x4001F; defined even for a shared
     * exponent that would be undefined with a non-zero magnitude (the check comes after). */
    assert_int_equal(same(TT_DF_BFP8A, 0x80, 0x0F, DST), 0x801F);
    assert_int_equal(same(TT_DF_BFP8A, 0x80, 0xFF, SRC), 0x4001F);
    assert_int_equal(same(TT_DF_BFP4A, 0x8, 0xFF, DST), 0x801F);
    assert_int_equal(same(TT_DF_BFP2A, 0x2, 0x20, DST), 0x801F);
    assert_int_equal(same(TT_DF_BFP8A, 0x00, 0xFF, DST), 0x0000);
}

static void test_unpack_3_4_bfp_shared_exp_0_and_255(void **state)
{
    (void)state;
    /* exp 255, LZ 0: 0x40 -> 0xFF << 7 = 0x7F80 -> Dest 0x00FF, Src 0x000FF */
    assert_int_equal(same(TT_DF_BFP8, 0x40, 0xFF, DST), 0x00FF);
    assert_int_equal(same(TT_DF_BFP8, 0x40, 0xFF, SRC), 0x000FF);
    /* exp 255: 0x7F -> 0x7F80 | 0x7E = 0x7FFE -> Dest 0x7E00 | 0xFF = 0x7EFF */
    assert_int_equal(same(TT_DF_BFP8, 0x7F, 0xFF, DST), 0x7EFF);
    /* exp 255, LZ 6: 0x81 -> 0x8000 | 0xF9 << 7 = 0xFC80 -> Dest 0x8000 | 0xF9 = 0x80F9 */
    assert_int_equal(same(TT_DF_BFP8, 0x81, 0xFF, DST), 0x80F9);
    /* exp 0, LZ 0: 0x40 -> 0x0000; 0x60 -> Mag 0xC0, & 0x7E = 0x40 -> 0x0040 -> Dest 0x4000 */
    assert_int_equal(same(TT_DF_BFP8, 0x40, 0x00, DST), 0x0000);
    assert_int_equal(same(TT_DF_BFP8, 0x60, 0x00, DST), 0x4000);
}

/* docs/decisions.md "BFP exponent underflow": ExpBits -= LZ in uint8_t, as the doc's C does. */
static void test_decision_bfp_exponent_underflow_wraps(void **state)
{
    (void)state;
    /* 0x01 exp 0: LZ 6 -> 0 - 6 = 0xFA -> 0xFA << 7 = 0x7D00 -> Dest 0x00FA; Src 0x3E800 -> 0x000FA */
    assert_int_equal(same(TT_DF_BFP8, 0x01, 0x00, DST), 0x00FA);
    assert_int_equal(same(TT_DF_BFP8, 0x01, 0x00, SRC), 0x000FA);
    /* 0x81 exp 3: 3 - 6 = 0xFD -> 0x8000 | 0x7E80 -> Dest 0x80FD */
    assert_int_equal(same(TT_DF_BFP8, 0x81, 0x03, DST), 0x80FD);
    /* 0x01 exp 5: 0xFF -> 0x7F80 -> Dest 0x00FF; exp 6: exactly 0 -> 0x0000 */
    assert_int_equal(same(TT_DF_BFP8, 0x01, 0x05, DST), 0x00FF);
    assert_int_equal(same(TT_DF_BFP8, 0x01, 0x06, DST), 0x0000);
    /* BFP2 can only have LZ 0: no wrap. 0x1 exp 0 -> 0x0000 */
    assert_int_equal(same(TT_DF_BFP2, 0x1, 0x00, DST), 0x0000);
    /* BFP4 0x1 exp 1: Mag 0x20, LZ 2 -> 1 - 2 = 0xFF -> Dest 0x00FF */
    assert_int_equal(same(TT_DF_BFP4, 0x1, 0x01, DST), 0x00FF);
}

/* ---- unpack-data-path §3.4: BFP8a/4a/2a -> FP16 ---- */

static void test_unpack_3_4_bfp8a_to_fp16_normalises(void **state)
{
    (void)state;
    /* FP16 = s<<15 | exp<<10 | ((Mag<<LZ)&0x7E)<<3.
     * 0x40 exp 15: LZ 0 -> 0x3C00 (1.0) -> Dest 0x000F, Src 0x0000F */
    assert_int_equal(same(TT_DF_BFP8A, 0x40, 15, DST), 0x000F);
    assert_int_equal(same(TT_DF_BFP8A, 0x40, 15, SRC), 0x0000F);
    /* 0x7F exp 15: 0x7E << 3 = 0x3F0 -> 0x3FF0 -> Dest 0x3F0 << 5 | 0xF = 0x7E0F; Src 0x3F000 | 0xF */
    assert_int_equal(same(TT_DF_BFP8A, 0x7F, 15, DST), 0x7E0F);
    assert_int_equal(same(TT_DF_BFP8A, 0x7F, 15, SRC), 0x3F00F);
    /* LZ 1: 0x20 exp 16 -> 15 -> Dest 0x000F; LZ 6: 0x01 exp 15 -> 9 -> 0x2400 -> Dest 0x0009 */
    assert_int_equal(same(TT_DF_BFP8A, 0x20, 16, DST), 0x000F);
    assert_int_equal(same(TT_DF_BFP8A, 0x01, 15, DST), 0x0009);
    /* LZ 6 down to exactly 0: 0x01 exp 6 -> 0x0000 */
    assert_int_equal(same(TT_DF_BFP8A, 0x01, 6, DST), 0x0000);
    /* Largest exponent, 31: 0x40 -> 0x7C00 -> Dest 0x001F; 0xC0 -> 0xFC00 -> 0x801F */
    assert_int_equal(same(TT_DF_BFP8A, 0x40, 31, DST), 0x001F);
    assert_int_equal(same(TT_DF_BFP8A, 0xC0, 31, DST), 0x801F);
    /* BFP4a 0x7 << 4 = 0x70 -> Mag 0xE0 & 0x7E = 0x60 << 3 = 0x300, exp 15 -> 0x3F00 -> Dest
     * 0x300 << 5 | 0xF = 0x600F; BFP2a 0x1 << 6 = 0x40 -> 0x3C00 -> 0x000F */
    assert_int_equal(same(TT_DF_BFP4A, 0x7, 15, DST), 0x600F);
    assert_int_equal(same(TT_DF_BFP2A, 0x1, 15, DST), 0x000F);
}

static void test_unpack_3_4_bfp8a_exponent_over_5_bits_undefined(void **state)
{
    (void)state;
    /* ExpBits & 0xE0 after the subtraction: undefined */
    expect_undef(TT_DF_BFP8A, TT_DF_BFP8A, 0x40, 32, DST, "BFP8a", "5 bits"); /* 32 & 0xE0 */
    expect_undef(TT_DF_BFP8A, TT_DF_BFP8A, 0x40, 0xFF, SRC, "BFP8a", NULL);
    expect_undef(TT_DF_BFP8A, TT_DF_BFP8A, 0x01, 5, DST, "BFP8a", NULL);  /* 5 - 6 wraps to 0xFF */
    expect_undef(TT_DF_BFP8A, TT_DF_BFP8A, 0x02, 4, DST, "BFP8a", NULL);  /* LZ 5: 4 - 5 = 0xFF */
    expect_undef(TT_DF_BFP4A, TT_DF_BFP4A, 0x1, 1, DST, "BFP4a", NULL);   /* LZ 2: 1 - 2 = 0xFF */
    expect_undef(TT_DF_BFP2A, TT_DF_BFP2A, 0x1, 32, SRC, "BFP2a", NULL);
    /* 0x02 exp 5: LZ 5 -> 0: defined */
    assert_int_equal(same(TT_DF_BFP8A, 0x02, 5, DST), 0x0000);
}

/* ---- unpack-data-path §3.2: INT8 overlaid on FP16, dummy exponent 16 ---- */

static void test_unpack_3_2_int8_signed_minus_zero(void **state)
{
    (void)state;
    /* 0x80 signed: sign 0x80, magnitude 0 -> no exponent -> 0x80 << 8 = 0x8000: Dest 0x8000, Src 0x40000 */
    assert_int_equal(same(TT_DF_INT8, 0x80, 0, DST), 0x8000);
    assert_int_equal(same(TT_DF_INT8, 0x80, 0, SRC), 0x40000);
    assert_int_equal(same(TT_DF_INT8, 0x00, 0, DST), 0x0000);
}

static void test_unpack_3_2_int8_unsigned_0x80(void **state)
{
    (void)state;
    tt_unpack_conv_mode ud = {true, true, false}, us = {false, true, false};
    /* 0x80 unsigned = 128: 0x80 | 16 << 10 = 0x4080 -> Dest 0x80 << 5 | 0x10 = 0x1010; Src 0x8000 | 0x10 */
    assert_int_equal(conv_m(TT_DF_INT8, TT_DF_INT8, 0x80, 0, ud), 0x1010);
    assert_int_equal(conv_m(TT_DF_INT8, TT_DF_INT8, 0x80, 0, us), 0x08010);
    /* 0xFF unsigned = 255: 0x40FF -> Dest 0xFF << 5 | 0x10 = 0x1FF0; Src 0xFF00 | 0x10 = 0x0FF10 */
    assert_int_equal(conv_m(TT_DF_INT8, TT_DF_INT8, 0xFF, 0, ud), 0x1FF0);
    assert_int_equal(conv_m(TT_DF_INT8, TT_DF_INT8, 0xFF, 0, us), 0x0FF10);
    /* 0 stays 0: no dummy exponent */
    assert_int_equal(conv_m(TT_DF_INT8, TT_DF_INT8, 0x00, 0, ud), 0x0000);
}

static void test_unpack_3_2_int8_signed_values(void **state)
{
    (void)state;
    /* 0x85 = -5: 5 | 0x4000 | 0x8000 = 0xC005 -> Dest 0x8000 | 5 << 5 | 0x10 = 0x80B0; Src 0x40000 | 0x500 | 0x10 */
    assert_int_equal(same(TT_DF_INT8, 0x85, 0, DST), 0x80B0);
    assert_int_equal(same(TT_DF_INT8, 0x85, 0, SRC), 0x40510);
    /* 0x7F = 127: 0x407F -> Dest 0x7F << 5 | 0x10 = 0x0FF0; Src 0x7F00 | 0x10 = 0x07F10 */
    assert_int_equal(same(TT_DF_INT8, 0x7F, 0, DST), 0x0FF0);
    assert_int_equal(same(TT_DF_INT8, 0x7F, 0, SRC), 0x07F10);
    /* 0xFF = -127: 0xC07F -> Dest 0x8FF0; Src 0x47F10 */
    assert_int_equal(same(TT_DF_INT8, 0xFF, 0, DST), 0x8FF0);
    assert_int_equal(same(TT_DF_INT8, 0xFF, 0, SRC), 0x47F10);
    /* 0x01: 0x4001 -> Dest 0x20 | 0x10 = 0x0030 */
    assert_int_equal(same(TT_DF_INT8, 0x01, 0, DST), 0x0030);
}

/* ---- unpack-data-path §3.2: INT16 ---- */

static void test_unpack_3_2_int16_src_rearranged_dest_as_is(void **state)
{
    (void)state;
    /* Src: (d & 0xFF00) << 3 | (d & 0xFF). 0xABCD: 0xAB00 << 3 = 0x55800 | 0xCD = 0x558CD */
    assert_int_equal(same(TT_DF_INT16, 0xABCD, 0, SRC), 0x558CD);
    assert_int_equal(same(TT_DF_INT16, 0xABCD, 0, DST), 0xABCD);
    /* 0xFFFF: 0x7F800 | 0xFF = 0x7F8FF; 0x8000 -> 0x40000; 0x0100 -> 0x00800; 0x00FF stays */
    assert_int_equal(same(TT_DF_INT16, 0xFFFF, 0, SRC), 0x7F8FF);
    assert_int_equal(same(TT_DF_INT16, 0x8000, 0, SRC), 0x40000);
    assert_int_equal(same(TT_DF_INT16, 0x0100, 0, SRC), 0x00800);
    assert_int_equal(same(TT_DF_INT16, 0x00FF, 0, SRC), 0x000FF);
    assert_int_equal(same(TT_DF_INT16, 0xFFFF, 0, DST), 0xFFFF);
}

/* ---- Undefined combinations, one test per category ---- */

static void test_unpack_3_2_fp32_to_other_formats_undefined(void **state)
{
    (void)state;
    static const unsigned bad[] = {TT_DF_BFP8A, TT_DF_BFP4A, TT_DF_BFP8, TT_DF_BFP4, TT_DF_INT32, TT_DF_INT16,
                                   TT_DF_FP8,   TT_DF_BFP2A, 12,         13,         TT_DF_INT8,  TT_DF_BFP2};
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        expect_undef(TT_DF_FP32, bad[i], 0x3F800000u, 0, SRC, "FP32", tt_df_name(bad[i]));
        expect_undef(TT_DF_FP32, bad[i], 0x3F800000u, 0, DST, "FP32", tt_df_name(bad[i]));
    }
}

static void test_unpack_3_2_other_input_must_equal_output(void **state)
{
    (void)state;
    /* Only FP32 converts; the rest need out == in, even where a conversion looks natural. */
    expect_undef(TT_DF_BF16, TT_DF_FP16, 0x3F80, 0, SRC, "BF16", "FP16");
    expect_undef(TT_DF_FP16, TT_DF_BF16, 0x3C00, 0, DST, "FP16", "BF16");
    expect_undef(TT_DF_BFP8, TT_DF_BF16, 0x40, 0x80, DST, "BFP8", "BF16");
    expect_undef(TT_DF_BFP8A, TT_DF_FP16, 0x40, 15, SRC, "BFP8a", "FP16");
    expect_undef(TT_DF_FP8, TT_DF_FP16, 0x3C, 0, SRC, "FP8", "FP16");
    expect_undef(TT_DF_INT8, TT_DF_FP16, 0x01, 0, DST, "INT8", "FP16");
    expect_undef(TT_DF_TF32, TT_DF_FP32, 0, 0, DST, "TF32", "FP32");
    expect_undef(TT_DF_INT32, TT_DF_FP32, 0, 0, DST, "INT32", "FP32");
    expect_undef(TT_DF_INT16, TT_DF_INT32, 0, 0, DST, "INT16", "INT32");
}

static void test_unpack_3_2_32bit_data_into_src_undefined(void **state)
{
    (void)state;
    /* FP32 -> FP32, INT32 and TF32 input: Dest only (WriteDstFP32 has no Src form) */
    expect_undef(TT_DF_FP32, TT_DF_FP32, 0x3F800000u, 0, SRC, "FP32", "SrcA");
    expect_undef(TT_DF_INT32, TT_DF_INT32, 5, 0, SRC, "INT32", "SrcA");
    expect_undef(TT_DF_TF32, TT_DF_TF32, 0x3F800000u, 0, SRC, "TF32", "SrcA");
}

/* docs/decisions.md "reserved format codes": 12 and 13 have no size and no case in FormatConversion. */
static void test_decision_reserved_codes_12_13_undefined(void **state)
{
    (void)state;
    expect_undef(12, 12, 0, 0, SRC, "fmt12", "reserved");
    expect_undef(13, 13, 0, 0, DST, "fmt13", "reserved");
    expect_undef(12, TT_DF_FP16, 0, 0, DST, "fmt12", "FP16");
    expect_undef(TT_DF_FP16, 13, 0, 0, SRC, "FP16", "fmt13");
    /* Not a 4-bit code at all */
    expect_undef(16, 16, 0, 0, DST, "16", NULL);
    expect_undef(TT_DF_FP32, 0x100, 0, 0, DST, "256", NULL);
}

/* docs/decisions.md "FP8 E4M3" (unpack-data-path §3.2 leaves it open): bias 7 -> 15, exponent 0
 * kept unnormalised, 0x7F/0xFF -> mantissa all ones. Cells worked out by hand from that rule:
 * Src = WriteSrcFP16 (sign<<18 | man10<<8 | exp5), Dest = WriteDstFP16 (sign | man10<<5 | exp5). */
static void test_decision_fp8_e4m3_to_fp16(void **state)
{
    (void)state;
    tt_unpack_conv_mode e4s = {false, false, true}, e4d = {true, false, true};
    static const struct { uint8_t code; uint32_t src, dst; } v[] = {
        {0x00, 0x00000, 0x0000}, {0x80, 0x40000, 0x8000}, /* signed zeros */
        {0x01, 0x08000, 0x1000}, {0x07, 0x38000, 0x7000}, /* exponent 0: mantissa kept at [9:7] */
        {0x08, 0x00009, 0x0009},                          /* 2^-6: FP16 exponent 9 */
        {0x38, 0x0000F, 0x000F},                          /* 1.0 */
        {0xB8, 0x4000F, 0x800F},                          /* -1.0 */
        {0x78, 0x00017, 0x0017},                          /* 256: exponent 15 is ordinary */
        {0x7E, 0x30017, 0x6017},                          /* 448 */
        {0x7F, 0x3FF17, 0x7FF7}, {0xFF, 0x7FF17, 0xFFF7}, /* NaN codes: 511.75, mantissa all ones */
    };
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
        assert_int_equal(conv_m(TT_DF_FP8, TT_DF_FP8, v[i].code, 0, e4s), v[i].src);
        assert_int_equal(conv_m(TT_DF_FP8, TT_DF_FP8, v[i].code, 0, e4d), v[i].dst);
    }
    /* E5M2 of the same codes is unchanged by the existence of E4M3 (0x38 << 8 = FP16 0x3800) */
    assert_int_equal(same(TT_DF_FP8, 0x38, 0, SRC), (0x000u << 8) | 0x0E);
    /* The mode bit concerns FP8 only: BF16 and FP32 -> FP16 are unaffected (0x3F80 -> Dest 0x007F) */
    assert_int_equal(conv_m(TT_DF_BF16, TT_DF_BF16, 0x3F80, 0, e4d), 0x007F);
    assert_int_equal(conv_m(TT_DF_FP32, TT_DF_FP16, 0x3F800000u, 0, e4d), 0x000F);
    /* An FP8 -> FP16 pair stays undefined whatever the mode */
    expect_fail_m(TT_UNDEFINED, TT_DF_FP8, TT_DF_FP16, 0x38, 0, e4s, "FP8", "FP16");
}

static void test_unpack_convert_msg_and_null_guards(void **state)
{
    (void)state;
    tt_unpack_conv_mode m = {false, false, false};
    uint32_t v = 0x1234;
    /* No message buffer: still the status, no write through NULL */
    assert_int_equal(tt_unpack_convert(TT_DF_BF16, TT_DF_FP16, 0, 0, &m, &v, NULL, 0), TT_UNDEFINED);
    assert_int_equal(tt_unpack_convert(TT_DF_BF16, TT_DF_FP16, 0, 0, &m, &v, NULL, 99), TT_UNDEFINED);
    /* A zero length leaves the buffer alone; a short one is truncated and terminated */
    char buf[8];
    memset(buf, 'x', sizeof buf);
    assert_int_equal(tt_unpack_convert(TT_DF_BF16, TT_DF_FP16, 0, 0, &m, &v, buf, 0), TT_UNDEFINED);
    assert_int_equal(buf[0], 'x');
    assert_int_equal(tt_unpack_convert(TT_DF_BF16, TT_DF_FP16, 0, 0, &m, &v, buf, 1), TT_UNDEFINED);
    assert_int_equal(buf[0], '\0');
    assert_int_equal(tt_unpack_convert(TT_DF_BF16, TT_DF_FP16, 0, 0, &m, &v, buf, sizeof buf), TT_UNDEFINED);
    assert_int_equal(strlen(buf), sizeof buf - 1);
    /* *out is left alone on failure */
    assert_int_equal(v, 0x1234);
    /* A NULL mode is all flags clear (Src, signed, E5M2): INT8 0x80 -> Src 0x40000 */
    assert_int_equal(tt_unpack_convert(TT_DF_INT8, TT_DF_INT8, 0x80, 0, NULL, &v, NULL, 0), TT_OK);
    assert_int_equal(v, 0x40000);
    /* A NULL out: the status only */
    assert_int_equal(tt_unpack_convert(TT_DF_INT8, TT_DF_INT8, 0x80, 0, &m, NULL, NULL, 0), TT_OK);
}

/* Every code pair x {Src, Dest} x INT8 modes x FP8 modes: a value of the right width, or a reason. */
static void test_unpack_convert_every_code_pair_answers(void **state)
{
    (void)state;
    static const uint32_t datums[] = {0x00000000u, 0xFFFFFFFFu, 0x80000000u, 0x3F800000u, 0x00000001u, 0x0000007Fu};
    static const uint8_t exps[] = {0x00, 0x0F, 0x7F, 0xFF};
    unsigned ok = 0;
    for (unsigned in = 0; in < 16; in++)
        for (unsigned out = 0; out < 16; out++)
            for (unsigned flags = 0; flags < 8; flags++)
                for (unsigned di = 0; di < sizeof datums / sizeof datums[0]; di++)
                    for (unsigned ei = 0; ei < sizeof exps; ei++) {
                        tt_unpack_conv_mode m = {(flags & 1) != 0, (flags & 2) != 0, (flags & 4) != 0};
                        uint32_t v = 0;
                        char msg[200];
                        memset(msg, 0, sizeof msg);
                        tt_status s = tt_unpack_convert(in, out, datums[di], exps[ei], &m, &v, msg, sizeof msg);
                        if (s != TT_OK) {
                            if (s != TT_UNDEFINED && s != TT_UNIMPLEMENTED)
                                fail_msg("%u -> %u: status %s", in, out, tt_status_name(s));
                            if (strlen(msg) == 0) fail_msg("%u -> %u: no message", in, out);
                            continue;
                        }
                        ok++;
                        /* Output widths: Src 19 bits, Dest16 16 bits, Dest32 for the 4-byte formats */
                        if (!m.to_dest) assert_true(v < (1u << 19));
                        else if (!tt_df_is_32bit(out)) assert_true(v <= 0xFFFFu);
                    }
    /* Defined pairs: FP32 -> {FP32 Dest, TF32, BF16, FP16}, and 13 in == out codes (not 12, 13). */
    assert_true(ok > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_data_formats_6_code_table),
        cmocka_unit_test(test_errata1_fp32_to_fp16_exp31_passthrough),
        cmocka_unit_test(test_errata1_fp32_to_fp16_overflow_saturates_0x7fff),
        cmocka_unit_test(test_errata1_fp32_inf_nan_saturate),
        cmocka_unit_test(test_errata1_fp32_to_fp16_exp0_keeps_mantissa),
        cmocka_unit_test(test_errata1_fp32_to_fp16_underflow_signed_zero),
        cmocka_unit_test(test_data_formats_4_fp32_to_fp16_normal_truncates),
        cmocka_unit_test(test_errata2_e5m2_0x7f),
        cmocka_unit_test(test_errata2_e5m2_0xff),
        cmocka_unit_test(test_errata2_e5m2_other_exp31_codes_shift),
        cmocka_unit_test(test_unpack_3_2_e5m2_zero_denormal_normal),
        cmocka_unit_test(test_errata2_e5m2_every_other_code_is_shift8),
        cmocka_unit_test(test_unpack_3_3_write_src_tf32_swaps_fields),
        cmocka_unit_test(test_unpack_3_2_fp32_to_tf32_src_drops_13_bits),
        cmocka_unit_test(test_unpack_3_3_write_src_bf16_and_fp16),
        cmocka_unit_test(test_unpack_3_3_write_dst_bf16_and_fp16),
        cmocka_unit_test(test_unpack_3_3_write_dst_fp32_halves),
        cmocka_unit_test(test_unpack_3_2_int32_and_tf32_dest_use_write_dst_fp32),
        cmocka_unit_test(test_unpack_3_2_fp32_to_bf16_flushes_exp0),
        cmocka_unit_test(test_unpack_3_2_fp32_to_bf16_truncates),
        cmocka_unit_test(test_unpack_3_2_bf16_fp16_in_place),
        cmocka_unit_test(test_unpack_3_4_bfp8_to_bf16_normalises),
        cmocka_unit_test(test_unpack_3_4_bfp4_bfp2_align_to_bfp8),
        cmocka_unit_test(test_unpack_3_4_bfp_sign_with_zero_magnitude),
        cmocka_unit_test(test_unpack_3_4_bfp_shared_exp_0_and_255),
        cmocka_unit_test(test_decision_bfp_exponent_underflow_wraps),
        cmocka_unit_test(test_unpack_3_4_bfp8a_to_fp16_normalises),
        cmocka_unit_test(test_unpack_3_4_bfp8a_exponent_over_5_bits_undefined),
        cmocka_unit_test(test_unpack_3_2_int8_signed_minus_zero),
        cmocka_unit_test(test_unpack_3_2_int8_unsigned_0x80),
        cmocka_unit_test(test_unpack_3_2_int8_signed_values),
        cmocka_unit_test(test_unpack_3_2_int16_src_rearranged_dest_as_is),
        cmocka_unit_test(test_unpack_3_2_fp32_to_other_formats_undefined),
        cmocka_unit_test(test_unpack_3_2_other_input_must_equal_output),
        cmocka_unit_test(test_unpack_3_2_32bit_data_into_src_undefined),
        cmocka_unit_test(test_decision_reserved_codes_12_13_undefined),
        cmocka_unit_test(test_decision_fp8_e4m3_to_fp16),
        cmocka_unit_test(test_unpack_convert_msg_and_null_guards),
        cmocka_unit_test(test_unpack_convert_every_code_pair_answers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
