/* Unit tests for tb/tile_codec.c, the encoders behind the .tts typed forms (docs/test_format.md
 * "Typed values"). Each test is named after the spec section it checks; expected bit patterns are
 * worked out by hand in the comments. The last tests compare the codec with the model's own
 * converter (ref_model/src/unpack_convert.c), which was written separately. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "tile_codec.h"
#include "ttmodel.h"
#include "unpack_convert.h"

/* encode must succeed with exactly `want`, and decode must give v back. */
static void enc_ok(tt_codec_fmt f, double v, uint32_t want)
{
    uint32_t b = 0xDEADBEEF;
    char why[300] = "";
    tt_codec_status st = tt_codec_encode(f, v, &b, why, sizeof why);
    if (st != TT_CODEC_OK || b != want)
        fail_msg("%s %.17g: status %d (%s), bits 0x%x, want 0x%x", tt_codec_name(f), v, st, why, b, want);
    double back = tt_codec_decode(f, b);
    if (!(back == v && signbit(back) == signbit(v)))
        fail_msg("%s 0x%x decodes to %.17g, want %.17g", tt_codec_name(f), b, back, v);
}

static void enc_bad(tt_codec_fmt f, double v, tt_codec_status want, const char *why_part)
{
    uint32_t b = 0xDEADBEEF;
    char why[300] = "";
    tt_codec_status st = tt_codec_encode(f, v, &b, why, sizeof why);
    if (st != want || b != 0xDEADBEEF || (why_part && !strstr(why, why_part)))
        fail_msg("%s %.17g: status %d (%s), want %d with '%s'", tt_codec_name(f), v, st, why, want,
                 why_part ? why_part : "");
}

/* data-formats §2, FloatBitPatterns.md BF16: FP32's top 16 bits; Inf at exponent 255. */
static void test_data_formats_s2_bf16(void **state)
{
    (void)state;
    enc_ok(TT_CODEC_BF16, 1.0, 0x3F80);           /* exponent 127, mantissa 0 */
    enc_ok(TT_CODEC_BF16, -2.5, 0xC020);          /* -1.25 * 2^1: exponent 128, mantissa 0x20 */
    enc_ok(TT_CODEC_BF16, 0.0, 0x0000);
    enc_ok(TT_CODEC_BF16, -0.0, 0x8000);
    enc_ok(TT_CODEC_BF16, INFINITY, 0x7F80);
    enc_ok(TT_CODEC_BF16, -INFINITY, 0xFF80);
    enc_ok(TT_CODEC_BF16, ldexp(255, 120), 0x7F7F); /* largest: 1.9921875 * 2^127 */
    enc_ok(TT_CODEC_BF16, ldexp(1, -126), 0x0080);  /* smallest normal */
    enc_ok(TT_CODEC_BF16, ldexp(1, -133), 0x0001);  /* smallest denormal: 2^-126 * 2^-7 */
    enc_ok(TT_CODEC_BF16, ldexp(127, -133), 0x007F); /* largest denormal */
    enc_bad(TT_CODEC_BF16, 1.0 + ldexp(1, -8), TT_CODEC_INEXACT, "7 mantissa bits");
    enc_bad(TT_CODEC_BF16, ldexp(1, -134), TT_CODEC_INEXACT, "smallest bf16 denormal");
    enc_bad(TT_CODEC_BF16, ldexp(1, 128), TT_CODEC_INEXACT, "larger than the largest bf16");
    enc_bad(TT_CODEC_BF16, NAN, TT_CODEC_INEXACT, "NaN");
}

/* data-formats §3 and the TF32 decision: 4 bytes in L1, FP32 with the low 13 mantissa bits 0. */
static void test_data_formats_s3_tf32_is_fp32_with_13_zero_bits(void **state)
{
    (void)state;
    enc_ok(TT_CODEC_TF32, 1.0, 0x3F800000);
    enc_ok(TT_CODEC_TF32, 1.0 + ldexp(1, -10), 0x3F802000); /* mantissa LSB of 10 = bit 13 */
    enc_ok(TT_CODEC_TF32, -0.0, 0x80000000);
    enc_ok(TT_CODEC_TF32, INFINITY, 0x7F800000);
    enc_ok(TT_CODEC_TF32, ldexp(1, -136), 0x00002000); /* smallest TF32 denormal: 2^-126 * 2^-10 */
    enc_ok(TT_CODEC_TF32, ldexp(2047, 117), 0x7F7FE000); /* largest: (2 - 2^-10) * 2^127 */
    enc_bad(TT_CODEC_TF32, 1.0 + ldexp(1, -11), TT_CODEC_INEXACT, "10 mantissa bits");
    enc_bad(TT_CODEC_TF32, ldexp(1, -137), TT_CODEC_INEXACT, NULL);
}

/* IEEE FP32 (FloatBitPatterns.md FP32) */
static void test_data_formats_fp32(void **state)
{
    (void)state;
    enc_ok(TT_CODEC_FP32, 1.0, 0x3F800000);
    enc_ok(TT_CODEC_FP32, -1.5, 0xBFC00000);
    enc_ok(TT_CODEC_FP32, ldexp(1, -149), 0x00000001);
    enc_ok(TT_CODEC_FP32, ldexp(0xFFFFFF, 104), 0x7F7FFFFF);
    enc_ok(TT_CODEC_FP32, -INFINITY, 0xFF800000);
    enc_bad(TT_CODEC_FP32, 1.0 + ldexp(1, -24), TT_CODEC_INEXACT, "23 mantissa bits");
    enc_bad(TT_CODEC_FP32, ldexp(1, -150), TT_CODEC_INEXACT, "smallest fp32 denormal, 2^-149");
}

/* data-formats §4 with ERRATA 1 and FloatBitPatterns.md FP16: Tensix FP16 has no Inf; exponent 31
 * is ordinary, so 65536 is 0x7C00 and the largest magnitude is 0x7FFF = 131008. */
static void test_errata1_fp16_exponent31_ordinary(void **state)
{
    (void)state;
    enc_ok(TT_CODEC_FP16, 1.0, 0x3C00);
    enc_ok(TT_CODEC_FP16, -2.0, 0xC000);
    enc_ok(TT_CODEC_FP16, 65504.0, 0x7BFF);
    enc_ok(TT_CODEC_FP16, 65536.0, 0x7C00);
    enc_ok(TT_CODEC_FP16, 131008.0, 0x7FFF);
    enc_ok(TT_CODEC_FP16, -131008.0, 0xFFFF);
    enc_ok(TT_CODEC_FP16, ldexp(1, -24), 0x0001); /* smallest denormal */
    enc_ok(TT_CODEC_FP16, ldexp(1023, -24), 0x03FF);
    enc_ok(TT_CODEC_FP16, -0.0, 0x8000);
    enc_bad(TT_CODEC_FP16, INFINITY, TT_CODEC_INEXACT, "has no Inf");
    enc_bad(TT_CODEC_FP16, 131072.0, TT_CODEC_INEXACT, "larger than the largest fp16, 131008");
    enc_bad(TT_CODEC_FP16, ldexp(1, -25), TT_CODEC_INEXACT, "2^-24");
    assert_true(tt_codec_decode(TT_CODEC_FP16, 0x7C00) == 65536.0);
}

/* unpack-data-path §3.2 (FP8: code << 8) with ERRATA 2: 0x7F / 0xFF unpack as 0x7FFF / 0xFFFF. */
static void test_errata2_fp8_e5m2_top_codes(void **state)
{
    (void)state;
    enc_ok(TT_CODEC_FP8, 1.0, 0x3C);          /* 0x3C00 >> 8 */
    enc_ok(TT_CODEC_FP8, 1.25, 0x3D);
    enc_ok(TT_CODEC_FP8, -0.0, 0x80);
    enc_ok(TT_CODEC_FP8, ldexp(1, -16), 0x01); /* 0x0100: FP16 denormal 256 * 2^-24 */
    enc_ok(TT_CODEC_FP8, 65536.0, 0x7C);      /* exponent 31 ordinary */
    enc_ok(TT_CODEC_FP8, 98304.0, 0x7E);      /* 1.5 * 2^16 */
    enc_ok(TT_CODEC_FP8, 131008.0, 0x7F);     /* ERRATA 2 */
    enc_ok(TT_CODEC_FP8, -131008.0, 0xFF);
    enc_bad(TT_CODEC_FP8, 114688.0, TT_CODEC_INEXACT, "ERRATA 2"); /* 0x7F read literally */
    enc_bad(TT_CODEC_FP8, 1.125, TT_CODEC_INEXACT, "2 mantissa bits");
    enc_bad(TT_CODEC_FP8, -INFINITY, TT_CODEC_INEXACT, "no Inf");
}

/* data-formats §5: sign-magnitude integers (-0 is the sign alone); uint8; int16 as 16 opaque bits. */
static void test_data_formats_s5_integers(void **state)
{
    (void)state;
    enc_ok(TT_CODEC_INT8, -5, 0x85);
    enc_ok(TT_CODEC_INT8, 127, 0x7F);
    enc_ok(TT_CODEC_INT8, -127, 0xFF);
    enc_ok(TT_CODEC_INT8, -0.0, 0x80);
    enc_ok(TT_CODEC_UINT8, 255, 0xFF);
    enc_ok(TT_CODEC_INT16, 65535, 0xFFFF);
    enc_ok(TT_CODEC_INT32, -1, 0x80000001);
    enc_ok(TT_CODEC_INT32, -2147483647.0, 0xFFFFFFFF);
    enc_ok(TT_CODEC_INT32, 2147483647.0, 0x7FFFFFFF);
    enc_bad(TT_CODEC_INT8, 128, TT_CODEC_RANGE, "-127..127");
    enc_bad(TT_CODEC_UINT8, -1, TT_CODEC_RANGE, "0..255");
    enc_bad(TT_CODEC_INT16, -1, TT_CODEC_RANGE, "0..65535");
    enc_bad(TT_CODEC_INT32, 2147483648.0, TT_CODEC_RANGE, NULL);
    enc_bad(TT_CODEC_INT8, 1.5, TT_CODEC_NOTINT, NULL);
    enc_bad(TT_CODEC_INT32, INFINITY, TT_CODEC_NOTINT, NULL);
}

static void bfp_ok(tt_codec_fmt f, const double v[16], uint8_t want_exp, const uint32_t want[16])
{
    uint8_t exp = 0xEE;
    uint32_t d[16];
    int bad = 99;
    char why[300] = "";
    tt_codec_status st = tt_codec_bfp_encode(f, v, &exp, d, &bad, why, sizeof why);
    if (st) fail_msg("%s: status %d at %d: %s", tt_codec_name(f), st, bad, why);
    assert_int_equal(exp, want_exp);
    for (int i = 0; i < 16; i++) {
        if (d[i] != want[i]) fail_msg("%s datum %d: 0x%x, want 0x%x", tt_codec_name(f), i, d[i], want[i]);
        double back = tt_codec_bfp_decode(f, d[i], exp);
        if (!(back == v[i] || (v[i] == 0 && back == 0))) fail_msg("datum %d decodes to %.17g", i, back);
    }
}

static void bfp_bad(tt_codec_fmt f, const double v[16], int want_bad, const char *why_part)
{
    uint8_t exp;
    uint32_t d[16];
    int bad = 99;
    char why[300] = "";
    assert_int_equal(tt_codec_bfp_encode(f, v, &exp, d, &bad, why, sizeof why), TT_CODEC_INEXACT);
    if (bad != want_bad || !strstr(why, why_part))
        fail_msg("%s: bad %d (%s), want %d with '%s'", tt_codec_name(f), bad, why, want_bad, why_part);
}

/* ERRATA 4: the shared exponent is the largest exponent field of the 16; FloatBitPatterns.md BFP8:
 * a datum is Mag/2^6 * 2^(Exp-127). Largest value 2 -> Exp 128, step 2^(128-133) = 1/32. */
static void test_errata4_bfp8_shared_exponent_is_largest(void **state)
{
    (void)state;
    const double v[16] = {1, 2, 0.5, -1, 0, -INFINITY, 63.0 / 32, 3.96875, 1.0 / 32, -2, 0, 0, 0, 0, 0, 0.25};
    const uint32_t d[16] = {0x20, 0x40, 0x10, 0xA0, 0, 0x80, 0x3F, 0x7F, 0x01, 0xC0, 0, 0, 0, 0, 0, 0x08};
    bfp_ok(TT_CODEC_BFP8, v, 128, d);
    /* All zero: exponent 0, datums 0. */
    const double z[16] = {0};
    const uint32_t dz[16] = {0};
    bfp_ok(TT_CODEC_BFP8, z, 0, dz);
}

/* ERRATA 4 exactness: each value a multiple of the group's step, within 7 bits; -0 has no code
 * (sign with magnitude 0 unpacks as -inf); values below BF16's normal range would underflow. */
static void test_errata4_bfp8_inexact_names_the_datum(void **state)
{
    (void)state;
    double v[16] = {64, 1, 2, 3, 4, 5, 6, 0.5, 0, 0, 0, 0, 0, 0, 0, 0}; /* step 1 (Exp 133) */
    bfp_bad(TT_CODEC_BFP8, v, 7, "multiple of 1 up to 127");
    v[7] = 128; /* now the largest: Exp 134, step 2: 1, 3 and 5 no longer fit */
    bfp_bad(TT_CODEC_BFP8, v, 1, "multiple of 2 up to 254");
    double m[16] = {1, 2, 3, -0.0};
    bfp_bad(TT_CODEC_BFP8, m, 3, "unpacks as -inf");
    double tiny[16] = {ldexp(1, -127)};
    bfp_bad(TT_CODEC_BFP8, tiny, 0, "underflow");
    double inf[16] = {0, INFINITY};
    bfp_bad(TT_CODEC_BFP8, inf, 1, "no +inf");
}

/* FloatBitPatterns.md BFP4 (Mag/2^2 * 2^(Exp-127)) and BFP2 (2^(Exp-127)). */
static void test_floatbitpatterns_bfp4_bfp2(void **state)
{
    (void)state;
    const double v4[16] = {1, 0.75, -1.75, 0.25, 0, -0.5};
    const uint32_t d4[16] = {0x4, 0x3, 0xF, 0x1, 0x0, 0xA};
    bfp_ok(TT_CODEC_BFP4, v4, 127, d4);
    const double v2[16] = {1, -1, 0, 1, -INFINITY};
    const uint32_t d2[16] = {0x1, 0x3, 0x0, 0x1, 0x2};
    bfp_ok(TT_CODEC_BFP2, v2, 127, d2);
    double b2[16] = {1, 0.5};
    bfp_bad(TT_CODEC_BFP2, b2, 1, "multiple of 1 up to 1");
    double b4[16] = {1, 0.125};
    bfp_bad(TT_CODEC_BFP4, b4, 1, "multiple of 0.25 up to 1.75");
}

/* FloatBitPatterns.md BFP8a: Mag/2^6 * 2^(Exp-15), a 5-bit exponent; sign with magnitude 0 is
 * -65536, so -inf has no code. The largest exponent field is 31 (Tensix FP16 has no Inf). */
static void test_floatbitpatterns_bfp8a_a_exponent(void **state)
{
    (void)state;
    const double v[16] = {1, -0.5, 1.984375};
    const uint32_t d[16] = {0x40, 0xA0, 0x7F};
    bfp_ok(TT_CODEC_BFP8A, v, 15, d);
    const double big[16] = {65536, 130048}; /* 2^16: Exp 31; 127 * 2^10 */
    const uint32_t dbig[16] = {0x40, 0x7F};
    bfp_ok(TT_CODEC_BFP8A, big, 31, dbig);
    double over[16] = {131072};
    bfp_bad(TT_CODEC_BFP8A, over, 0, "above the FP16 range");
    double ninf[16] = {1, -INFINITY};
    bfp_bad(TT_CODEC_BFP4A, ninf, 1, "-65536");
    double small[16] = {ldexp(1, -15)};
    bfp_bad(TT_CODEC_BFP2A, small, 0, "underflow");
}

/* unpack-data-path §1.1/§1.2 and data-formats §7/§8: sizes without the header, exponent section
 * padded to 16 bytes, BFP4/BFP2 datums from the lowest bits of a byte (the ERRATA gap decision). */
static void test_unpack_s1_tile_layout(void **state)
{
    (void)state;
    assert_int_equal(tt_codec_tile_bytes(TT_CODEC_FP32, 1024), 4096);
    assert_int_equal(tt_codec_tile_bytes(TT_CODEC_TF32, 1024), 4096);
    assert_int_equal(tt_codec_tile_bytes(TT_CODEC_BF16, 1024), 2048);
    assert_int_equal(tt_codec_tile_bytes(TT_CODEC_FP8, 1024), 1024);
    assert_int_equal(tt_codec_tile_bytes(TT_CODEC_BFP8, 1024), 1088);
    assert_int_equal(tt_codec_tile_bytes(TT_CODEC_BFP4A, 1024), 576);
    assert_int_equal(tt_codec_tile_bytes(TT_CODEC_BFP2, 1024), 320);
    assert_int_equal(tt_codec_exp_bytes(TT_CODEC_BFP8, 32), 16); /* 2 exponents, padded */
    assert_int_equal(tt_codec_exp_bytes(TT_CODEC_BFP8, 272), 32); /* 17 exponents */
    assert_int_equal(tt_codec_exp_bytes(TT_CODEC_INT8, 1024), 0);

    uint32_t d[32];
    uint8_t exp[2] = {0x7F, 0x80}, out[64], e;
    for (int i = 0; i < 32; i++) d[i] = (uint32_t)(i & 0xF);
    tt_codec_tile_pack(TT_CODEC_BFP4, d, exp, 32, out);
    assert_int_equal(out[0], 0x7F);
    assert_int_equal(out[1], 0x80);
    assert_int_equal(out[2], 0x00); /* padding */
    assert_int_equal(out[16], 0x10); /* datum 0 low nibble, datum 1 high */
    assert_int_equal(out[17], 0x32);
    assert_int_equal(tt_codec_datum_offset(TT_CODEC_BFP4, 32, 3), 17);
    uint32_t got;
    tt_codec_tile_get(TT_CODEC_BFP4, out, 32, 19, &got, &e);
    assert_int_equal(got, 3);
    assert_int_equal(e, 0x80);

    const uint32_t d2[16] = {1, 2, 3, 0, 3, 3, 3, 3};
    uint8_t o2[32];
    tt_codec_tile_pack(TT_CODEC_BFP2, d2, exp, 16, o2);
    assert_int_equal(o2[16], 0x39); /* 1 | 2 << 2 | 3 << 4 | 0 << 6 */
    assert_int_equal(o2[17], 0xFF);

    const uint32_t d16[16] = {0x3F80, 0xC020};
    uint8_t o16[32];
    tt_codec_tile_pack(TT_CODEC_BF16, d16, NULL, 16, o16);
    assert_int_equal(o16[0], 0x80); /* little-endian */
    assert_int_equal(o16[1], 0x3F);
    assert_int_equal(o16[3], 0xC0);
}

/* Values are read exactly: a decimal that is not exactly a double is refused, never rounded. */
static void test_parse_values_exactly(void **state)
{
    (void)state;
    static const struct { const char *txt; double v; } ok[] = {
        {"1.5", 1.5}, {"-2.5", -2.5}, {"0x1.8p3", 12}, {"-0x1p-149", -0x1p-149}, {"1e3", 1000}, {"+7", 7},
        {"inf", INFINITY}, {"-inf", -INFINITY}, {"+inf", INFINITY}, {"0x10", 16}, {".5", 0.5},
        {"100000000000000000000", 1e20}, {"0x1.0000000000001p0", 1 + 0x1p-52}, {"0x1p-1074", 0x1p-1074},
        {"0.000030517578125", 0x1p-15}, {"1.52587890625e-05", 0x1p-16}, {"2251799813685248.5", 0x1p51 + 0.5},
        {"0.00000762939453125", 0x1p-17},
    };
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        double v = 0;
        char why[200] = "";
        if (tt_codec_parse(ok[i].txt, &v, why, sizeof why) != TT_CODEC_OK || v != ok[i].v)
            fail_msg("'%s': %s, %.17g", ok[i].txt, why, v);
    }
    double v;
    assert_int_equal(tt_codec_parse("-0", &v, NULL, 0), TT_CODEC_OK);
    assert_true(v == 0 && signbit(v));
    static const char *const inexact[] = {"0.1", "1e400", "1e-400", "1.00000000000000000001",
                                          "123456789012345678901", "0x1.00000000000001p0", "4.9406564584124654e-324",
                                          /* read as 2^51 + 0.5: one binary decimal, as the text has one decimal
                                           * (the integer comparison of a short text, model_speed2) */
                                          "2251799813685248.4"};
    for (size_t i = 0; i < sizeof inexact / sizeof inexact[0]; i++)
        if (tt_codec_parse(inexact[i], &v, NULL, 0) != TT_CODEC_INEXACT) fail_msg("'%s' is not exact", inexact[i]);
    /* the short path for short texts against the full expansion (glibc prints it exactly): random
     * doubles of every size read back from their full expansion, from %.17e exactly when that is
     * the full expansion, and never with one more digit on the end */
    uint64_t x = 0x9e3779b97f4a7c15u;
    for (int i = 0; i < 20000; i++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        uint64_t bits = x & 0x7fffffffffffffffu;
        if (i % 4 == 1) bits &= 0xffffffffff000000u;   /* short mantissas: short decimals */
        if (i % 4 == 2) bits = (bits & 0x000fff0000000000u) | ((uint64_t)(1023 + (int)(x >> 58) % 40 - 12) << 52);
        double d;
        memcpy(&d, &bits, sizeof d);
        if (isnan(d) || isinf(d)) continue;
        char full[900], short17[40], longer[920];
        snprintf(full, sizeof full, "%.800e", d);
        snprintf(short17, sizeof short17, "%.17e", d);
        char *e = strchr(full, 'e'), *p = e;
        while (p[-1] == '0') p--;                      /* trim the expansion's trailing zeros */
        char trimmed[900];
        snprintf(trimmed, sizeof trimmed, "%.*s%s", (int)(p - full), full, e);
        if (tt_codec_parse(trimmed, &v, NULL, 0) != TT_CODEC_OK || v != d) fail_msg("'%s' not read exactly", trimmed);
        bool short_is_full = strlen(trimmed) <= strlen(short17);
        double w;
        tt_codec_status st = tt_codec_parse(short17, &w, NULL, 0);
        if ((st == TT_CODEC_OK) != short_is_full) fail_msg("'%s' for %a: status %d", short17, d, (int)st);
        char *te = strchr(trimmed, 'e');
        snprintf(longer, sizeof longer, "%.*s%s7%s", (int)(te - trimmed), trimmed, strchr(trimmed, '.') ? "" : ".", te);
        /* one more digit below a fraction's last one (not 0 or 5) is never a double */
        if (d != floor(d) && tt_codec_parse(longer, &w, NULL, 0) != TT_CODEC_INEXACT)
            fail_msg("'%s' read as exact", longer);
    }
    static const char *const syntax[] = {"", "nan", "infinity", "--1", "1.5.2", "0x", "1e", "x", "1-2", "0x1p", "raw:1"};
    for (size_t i = 0; i < sizeof syntax / sizeof syntax[0]; i++)
        if (tt_codec_parse(syntax[i], &v, NULL, 0) != TT_CODEC_SYNTAX) fail_msg("'%s' parsed", syntax[i]);
    char buf[40];
    tt_codec_show(1.5, buf, sizeof buf);
    assert_string_equal(buf, "1.5");
    tt_codec_show(-0.0, buf, sizeof buf);
    assert_string_equal(buf, "-0");
    tt_codec_show(-INFINITY, buf, sizeof buf);
    assert_string_equal(buf, "-inf");
    tt_codec_show(0x1p-149, buf, sizeof buf);
    assert_string_equal(buf, "1.401298464324817e-45");
}

static void cell_ok(int file, tt_cell_fmt c, double v, uint32_t want)
{
    uint32_t cell = 0xDEADBEEF;
    char why[300] = "";
    if (tt_codec_cell_encode(file, c, v, &cell, why, sizeof why) != TT_CODEC_OK || cell != want)
        fail_msg("file %d %s %.17g: cell 0x%x (%s), want 0x%x", file, tt_codec_cell_name(c), v, cell, why, want);
    double back;
    assert_true(tt_codec_cell_decode(file, c, cell, &back));
    if (!(back == v && signbit(back) == signbit(v))) fail_msg("cell 0x%x decodes to %.17g", cell, back);
}

/* unpack-data-path §3.3 WriteSrc*: {sign[18], mantissa[17:8], exponent[7:0]}; WriteDst*: {sign,
 * mantissa, exponent}; WriteDstFP32 = WriteDstBF16(high half) : low half. */
static void test_unpack_s3_3_register_cells(void **state)
{
    (void)state;
    cell_ok(TT_RF_SRCA, TT_CELL_BF16, 1.0, 0x0007F);       /* exp 0x7F */
    cell_ok(TT_RF_SRCB, TT_CELL_BF16, -2.5, 0x50080);      /* sign | (0x20 << 3) << 8 | 0x80 */
    cell_ok(TT_RF_DEST, TT_CELL_BF16, -2.5, 0xA080);       /* 0x8000 | 0x20 << 8 | 0x80 */
    cell_ok(TT_RF_SRCA, TT_CELL_TF32, 1.0 + 0x1p-10, 0x0017F);
    cell_ok(TT_RF_SRCA, TT_CELL_TF32, -INFINITY, 0x400FF);
    cell_ok(TT_RF_SRCA, TT_CELL_FP16, 1.0, 0x0000F);       /* FP16 exponent 15, zero-extended */
    cell_ok(TT_RF_SRCA, TT_CELL_FP16, 131008.0, 0x3FF1F);  /* 0x3FF << 8 | 31 */
    cell_ok(TT_RF_DEST, TT_CELL_FP16, 1.0, 0x000F);
    cell_ok(TT_RF_DEST, TT_CELL_FP16, -1.5, 0xC00F);       /* 0x8000 | 0x200 << 5 | 15 */
    /* Integer 8 (SrcASrcB.md; §3.2 INT8): sign, magnitude in the mantissa, exponent 16 or 0 */
    cell_ok(TT_RF_SRCA, TT_CELL_INT8, -5, 0x40510);        /* 1 << 18 | 5 << 8 | 16 */
    cell_ok(TT_RF_SRCA, TT_CELL_INT8, 1023, 0x3FF10);
    cell_ok(TT_RF_SRCA, TT_CELL_INT8, 0, 0x00000);
    cell_ok(TT_RF_SRCA, TT_CELL_INT8, -0.0, 0x40000);
    cell_ok(TT_RF_DEST, TT_CELL_INT8, -5, 0x80B0);         /* 0x8000 | 5 << 5 | 16 */
    /* Integer 16: opaque, Src ((v & 0xff00) << 3) | (v & 0xff) */
    cell_ok(TT_RF_SRCB, TT_CELL_INT16, 0x1234, 0x9034);
    cell_ok(TT_RF_DEST, TT_CELL_INT16, 0x1234, 0x1234);
    /* Dest32: FP32 1.0 = 0x3F800000, high half 0x3F80 -> 0x007F */
    cell_ok(TT_RF_DEST32, TT_CELL_FP32, 1.0, 0x007F0000);
    cell_ok(TT_RF_DEST32, TT_CELL_FP32, -1.5, 0xC07F0000);  /* 0xBFC0 -> 0x8000 | 0x40 << 8 | 0x7F */
    cell_ok(TT_RF_DEST32, TT_CELL_FP32, 0x1p-149, 0x00000001);
    cell_ok(TT_RF_DEST32, TT_CELL_INT32, -5, 0x80000005);  /* 0x80000005, high half 0x8000 kept */
    cell_ok(TT_RF_DEST32, TT_CELL_INT32, 305419896, 0x34245678); /* 0x12345678: 0x1234 -> 0x3424 */

    uint32_t cell;
    char why[300];
    assert_int_equal(tt_codec_cell_encode(TT_RF_SRCA, TT_CELL_INT8, 1024, &cell, why, sizeof why), TT_CODEC_RANGE);
    assert_string_equal(why, "-1023..1023");
    assert_int_equal(tt_codec_cell_encode(TT_RF_DEST, TT_CELL_FP16, INFINITY, &cell, why, sizeof why), TT_CODEC_INEXACT);
    assert_int_equal(tt_codec_cell_lookup(TT_RF_DEST, "tf32"), -1);
    assert_int_equal(tt_codec_cell_lookup(TT_RF_DEST32, "bf16"), -1);
    assert_int_equal(tt_codec_cell_lookup(TT_RF_SRCA, "int8"), TT_CELL_INT8);
    double v;
    assert_false(tt_codec_cell_decode(TT_RF_SRCA, TT_CELL_BF16, 0x0017F, &v)); /* low mantissa bits set */
    assert_false(tt_codec_cell_decode(TT_RF_SRCA, TT_CELL_FP16, 0x0007F, &v)); /* exponent > 31 */
    assert_false(tt_codec_cell_decode(TT_RF_SRCA, TT_CELL_INT8, 0x00511, &v)); /* exponent 17 */
}

/* The cells agree with the model's own Write* functions (unpack_convert.h) for every BF16 and FP16
 * pattern that is a number. */
static void test_unpack_s3_3_cells_match_model_write_functions(void **state)
{
    (void)state;
    for (uint32_t b = 0; b < 0x10000; b++) {
        uint32_t cell;
        double v = tt_codec_decode(TT_CODEC_BF16, b);
        if (!isnan(v)) {
            assert_int_equal(tt_codec_cell_encode(TT_RF_SRCA, TT_CELL_BF16, v, &cell, NULL, 0), TT_CODEC_OK);
            if (cell != tt_write_src_bf16(b)) fail_msg("bf16 0x%04x: Src 0x%x, model 0x%x", b, cell, tt_write_src_bf16(b));
            assert_int_equal(tt_codec_cell_encode(TT_RF_DEST, TT_CELL_BF16, v, &cell, NULL, 0), TT_CODEC_OK);
            assert_int_equal(cell, tt_write_dst_bf16((uint16_t)b));
            assert_int_equal(tt_codec_cell_encode(TT_RF_DEST32, TT_CELL_FP32, v, &cell, NULL, 0), TT_CODEC_OK);
            assert_int_equal(cell, tt_write_dst_fp32(b << 16));
        }
        v = tt_codec_decode(TT_CODEC_FP16, b);
        assert_int_equal(tt_codec_cell_encode(TT_RF_SRCA, TT_CELL_FP16, v, &cell, NULL, 0), TT_CODEC_OK);
        if (cell != tt_write_src_fp16(b)) fail_msg("fp16 0x%04x: Src 0x%x, model 0x%x", b, cell, tt_write_src_fp16(b));
        assert_int_equal(tt_codec_cell_encode(TT_RF_DEST, TT_CELL_FP16, v, &cell, NULL, 0), TT_CODEC_OK);
        assert_int_equal(cell, tt_write_dst_fp16((uint16_t)b));
    }
}

/* Every BFP datum and exponent: the codec's decode (FloatBitPatterns.md routines) equals what the
 * model's converter writes to SrcA, read back as a BF16/FP16 cell; and every L1 datum of the
 * non-BFP formats likewise (FP8 includes ERRATA 2). */
static void test_unpack_s3_4_decode_matches_model_converter(void **state)
{
    (void)state;
    static const struct { tt_codec_fmt f; unsigned df; tt_cell_fmt c; } bfp[] = {
        {TT_CODEC_BFP8, TT_DF_BFP8, TT_CELL_BF16}, {TT_CODEC_BFP4, TT_DF_BFP4, TT_CELL_BF16},
        {TT_CODEC_BFP2, TT_DF_BFP2, TT_CELL_BF16}, {TT_CODEC_BFP8A, TT_DF_BFP8A, TT_CELL_FP16},
        {TT_CODEC_BFP4A, TT_DF_BFP4A, TT_CELL_FP16}, {TT_CODEC_BFP2A, TT_DF_BFP2A, TT_CELL_FP16},
    };
    for (size_t k = 0; k < sizeof bfp / sizeof bfp[0]; k++)
        for (uint32_t d = 0; d < (1u << tt_codec_bits(bfp[k].f)); d++)
            for (unsigned e = 0; e < 256; e++) {
                uint32_t cell = 0;
                tt_status st = tt_unpack_convert(bfp[k].df, bfp[k].df, d, (uint8_t)e, NULL, &cell, NULL, 0);
                double mine = tt_codec_bfp_decode(bfp[k].f, d, (uint8_t)e), model;
                if (st != TT_OK) {
                    if (!isnan(mine)) fail_msg("%s 0x%x exp %u: model undefined, codec %.17g", tt_codec_name(bfp[k].f), d, e, mine);
                    continue;
                }
                assert_true(tt_codec_cell_decode(TT_RF_SRCA, bfp[k].c, cell, &model));
                if (!(mine == model || (isnan(mine) && isnan(model))))
                    fail_msg("%s 0x%x exp %u: codec %.17g, model %.17g", tt_codec_name(bfp[k].f), d, e, mine, model);
            }
    static const struct { tt_codec_fmt f; unsigned df; tt_cell_fmt c; } flat[] = {
        {TT_CODEC_FP8, TT_DF_FP8, TT_CELL_FP16}, {TT_CODEC_FP16, TT_DF_FP16, TT_CELL_FP16},
        {TT_CODEC_BF16, TT_DF_BF16, TT_CELL_BF16}, {TT_CODEC_INT8, TT_DF_INT8, TT_CELL_INT8},
        {TT_CODEC_INT16, TT_DF_INT16, TT_CELL_INT16},
    };
    for (size_t k = 0; k < sizeof flat / sizeof flat[0]; k++)
        for (uint32_t d = 0; d < (1u << tt_codec_bits(flat[k].f)); d++) {
            uint32_t cell = 0;
            assert_int_equal(tt_unpack_convert(flat[k].df, flat[k].df, d, 0, NULL, &cell, NULL, 0), TT_OK);
            double mine = tt_codec_decode(flat[k].f, d), model;
            if (!tt_codec_cell_decode(TT_RF_SRCA, flat[k].c, cell, &model))
                fail_msg("%s 0x%x: model cell 0x%x is not a %s cell", tt_codec_name(flat[k].f), d, cell,
                         tt_codec_cell_name(flat[k].c));
            if (!(mine == model || (isnan(mine) && isnan(model))) || signbit(mine) != signbit(model))
                fail_msg("%s 0x%x: codec %.17g, model %.17g", tt_codec_name(flat[k].f), d, mine, model);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_data_formats_s2_bf16),
        cmocka_unit_test(test_data_formats_s3_tf32_is_fp32_with_13_zero_bits),
        cmocka_unit_test(test_data_formats_fp32),
        cmocka_unit_test(test_errata1_fp16_exponent31_ordinary),
        cmocka_unit_test(test_errata2_fp8_e5m2_top_codes),
        cmocka_unit_test(test_data_formats_s5_integers),
        cmocka_unit_test(test_errata4_bfp8_shared_exponent_is_largest),
        cmocka_unit_test(test_errata4_bfp8_inexact_names_the_datum),
        cmocka_unit_test(test_floatbitpatterns_bfp4_bfp2),
        cmocka_unit_test(test_floatbitpatterns_bfp8a_a_exponent),
        cmocka_unit_test(test_unpack_s1_tile_layout),
        cmocka_unit_test(test_parse_values_exactly),
        cmocka_unit_test(test_unpack_s3_3_register_cells),
        cmocka_unit_test(test_unpack_s3_3_cells_match_model_write_functions),
        cmocka_unit_test(test_unpack_s3_4_decode_matches_model_converter),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
