/* Unit tests for the .tts loader (tb/test_loader.h, format in docs/test_format.md): every parse
 * error names FILE:LINE and what was expected; a field-name preload writes only the field's bits;
 * `l1 file` paths are relative to the test file; TRISC actions turn into the MMIO addresses of
 * docs/design.md; expectations report FILE:LINE on failure; register-file lines and typed L1 tiles
 * (raw and typed, exact) are applied to the model and checked against it. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp, rmdir */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "test_loader.h"
#include "ttisa.h"
#include "ttmodel.h"

static char tmpdir[64];

static int mkdir_p_helper(const char *path)
{
    char cmd[300];
    snprintf(cmd, sizeof cmd, "mkdir -p '%s'", path);
    return system(cmd) == 0 ? 0 : -1;
}

static int make_dir(void **state)
{
    (void)state;
    snprintf(tmpdir, sizeof tmpdir, "/tmp/tt_loader_XXXXXX");
    return mkdtemp(tmpdir) ? 0 : -1;
}

static int remove_dir(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    return system(cmd) == 0 ? 0 : -1;
}

/* Write `text` to tmpdir/name; returns the path in a static buffer. */
static const char *put(const char *name, const char *text)
{
    static char path[256];
    snprintf(path, sizeof path, "%s/%s", tmpdir, name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
    return path;
}

static void load_ok(const char *text, tt_test *t)
{
    const char *path = put("ok.tts", text);
    char err[512] = "";
    if (tt_test_load(path, t, err, sizeof err) != 0) fail_msg("load failed: %s\n--\n%s", err, text);
}

/* Each malformed file must be refused with "FILE:LINE: " and a phrase saying what was expected. */
static void test_loader_parse_errors_name_file_line_and_expectation(void **state)
{
    (void)state;
    static const struct { const char *text; int line; const char *want; } cases[] = {
        {"thread 0\nttnop\nfrobnicate 1\n", 3, "expected an instruction (tt..., .word), an action"},
        {"thread 0\nttfoo 1,2\n", 2, "unknown mnemonic 'ttfoo'"},
        {"thread 0\nttsetc16 256,0\n", 2, "8 bits wide: value 256 does not fit"},
        {"thread 0\nttwrcfg 1,2\n", 2, "takes 3 operands"},
        {"# c\ngpr 0 1 12abc\n", 2, "expected value as a decimal or 0x hex number, got '12abc'"},
        {"ttnop\n", 1, "expected a 'thread N' line before the first instruction"},
        {"\n\nstore gpr 1 2\n", 3, "expected a 'thread N' line"},
        {"thread 3\n", 1, "thread number (0 unpack, 1 math, 2 pack) 3 is out of range (0..2)"},
        {"thread\n", 1, "expected 'thread N'"},
        {"thread 0\nttnop\nexpect retire 0 0 cycle 3 profile nosuch\n", 3,
         "expect retire: unknown timing profile 'nosuch' (known: house, cfg_alt, cfg_rr)"},
        {"thread 0\nttnop\nexpect retire 0 0 cycle 3 profile\n", 3, "[profile NAME]"},
        {"cfg 0 NO_SUCH_FIELD 1\n", 1, "unknown name 'NO_SUCH_FIELD'"},
        {"tcfg 0 THCON_SEC0_REG3_Base_address 1\n", 1, "unknown name 'THCON_SEC0_REG3_Base_address'"},
        {"cfg 0 STACC_RELU_ApplyRelu 16\n", 1, "value 16 is out of range (0..15)"},
        {"cfg 0 224 1\n", 1, "config ADDR32 index 224 is out of range (0..223)"},
        {"tcfg 0 68 1\n", 1, "thread config index 68 is out of range (0..67)"},
        {"cfg 0 1\n", 1, "expected 'cfg STATE REG VALUE'"},
        {"sem 8 0\n", 1, "semaphore index 8 is out of range (0..7)"},
        {"sem 0 1 16\n", 1, "semaphore max 16 is out of range (0..15)"},
        {"l1 fill 0x17FFF0 32 0\n", 1, "runs past the end of L1"},
        {"l1 u32 0x102 1\n", 1, "not 4-byte aligned"},
        {"l1 u16 0x100 0x10000\n", 1, "value 0x10000 is out of range (0..65535)"},
        {"l1 words 0x100 1\n", 1, "expected bytes, u16, u32, fill, file or tile after 'l1', got 'words'"},
        {"l1 bytes 0x100\n", 1, "expected at least one value after the address"},
        {"l1 file 0 missing.bin\n", 1, "cannot open binary file"},
        {"thread 0\nstore 0xFFE00002 1\n", 2, "store address 0xffe00002 is not word aligned"},
        {"thread 0\nstore sem 0 inc\n", 2, "expected 'post' or 'get', got 'inc'"},
        {"thread 0\nstore mop 9 1\n", 2, "MOP config word 9 is out of range (0..8)"},
        {"thread 0\nstore cfg 2 0 1\n", 2, "config state 2 is out of range (0..1)"},
        {"thread 0\nidle\n", 2, "expected 'idle CYCLES'"},
        {"thread 0\ndrain now\n", 2, "expected 'drain'"},
        {"dest_valid 1024 0\n", 1, "Dest row 1024 is out of range (0..1023)"},
        {"dest_valid 3 2\n", 1, "flag (0 invalid, 1 valid) 2 is out of range (0..1)"},
        {"dest_valid 3\n", 1, "dest_valid ROW 0|1"},
        {"thread 0\nttnop\nexpect\n", 3, "expected 'expect cfg|tcfg|gpr|sem|adc|l1|srca|srcb|dest|dest32|dest_valid|implied|pack ...'"},
        {"thread 0\nttnop\nexpect pack foo 1\n", 3, "expected 'setreg_data'"},
        {"thread 0\nttnop\nexpect pack setreg_data\n", 3, "expect pack setreg_data VALUE"},
        {"thread 0\nttnop\nexpect mop 0 0\n", 3, "expected cfg, tcfg, gpr, sem, adc, l1, srca, srcb, dest, dest32, dest_valid or implied after 'expect', got 'mop'"},
        {"max_cycles -5\n", 1, "expected cycle count"},
        {"# nothing\n\ngpr 0 0 1\n", 3, "expected at least one instruction, action or expectation"},
        /* register files, raw and typed */
        {"srca 0 0 1 2 3\n", 1, "expected 16 cells after 'srca', got 3"},
        {"srcb 2 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n", 1, "bank 2 is out of range (0..1)"},
        {"srca 1 64 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n", 1, "row 64 is out of range (0..63)"},
        {"dest32 1024 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n", 1, "row 1024 is out of range (0..1023)"},
        {"dest 0 0x10000 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n", 1, "cell 0x10000 is out of range (0..65535)"},
        {"srca 0 0 0x80000 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n", 1, "cell 0x80000 is out of range (0..524287)"},
        {"dest 0 - 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n", 1, "'-' is for expectations only"},
        {"dest32 0 bf16 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n", 1, "expected a format for dest32 cells (fp32, int32), got 'bf16'"},
        {"dest 0 tf32 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n", 1, "expected a format for dest cells (bf16, fp16, int8, int16), got 'tf32'"},
        {"srca 0 0 bf16 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0.3\n", 1, "value 0.3 is not exactly representable in bf16"},
        {"srca 0 0 bf16 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 257\n", 1, "value 257 is not exactly representable in bf16 (it needs more than the 7 mantissa bits of bf16)"},
        {"dest 0 fp16 inf 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n", 1, "value inf is not exactly representable in fp16 (Tensix fp16 has no Inf"},
        {"srcb 0 0 int8 -1024 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n", 1, "int8 value -1024 is out of range (-1023..1023)"},
        {"dest32 0 int32 1.5 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n", 1, "expected an integer for int32, got '1.5'"},
        {"srca 0 0 bf16 raw:0x80000 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n", 1, "raw cell 0x80000 is out of range (0..524287)"},
        {"srca 0 0 bf16 nan 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n", 1, "expected a number for bf16 (decimal, 0x1.8p3, inf, -inf or raw:0x...), got 'nan'"},
        /* typed L1 tiles */
        {"l1 tile 0x1000 fp64\n", 1, "expected a tile format (fp32, tf32, fp16, bf16, fp8, int8, uint8, int16, int32, bfp8"},
        {"l1 tile 0x1008 bf16\n", 1, "l1 tile address 0x1008 is not 16-byte aligned"},
        {"l1 tile 0x17FC00 bf16\n", 1, "the bf16 tile at 0x17fc00 (16-byte header + 2048 bytes) runs past the end of L1"},
        {"l1 tile 0x17FC00 fp32 faces=1 file x.txt\n", 1, "the fp32 tile at 0x17fc00 (16-byte header + 1024 bytes) runs past"},
        {"l1 tile 0 bf16 faces=17\n", 1, "expected faces=1..16, got 'faces=17'"},
        {"l1 tile 0 bf16 datums=24\n", 1, "expected datums=N, N a multiple of 16 (16..4096), got 'datums=24'"},
        {"l1 tile 0 bf16 datums=16 faces=1\n", 1, "expected one of faces= and datums=, once"},
        {"l1 tile 0 bf16 header=1,2,3\n", 1, "expected header=W0,W1,W2,W3 (four 32-bit words), got 'header=1,2,3'"},
        {"l1 tile 0 bf16 header=1,2,3,0x100000000\n", 1, "header word 0x100000000 is out of range"},
        {"l1 tile 0 bf16 file nope.txt\n", 1, "cannot open binary file"},
        {"l1 tile 0 bf16 datums=16 file a b\n", 1, "expected 'file PATH' to end the l1 tile line"},
        {"l1 tile 0 bf16 datums=16 1 2 3\n", 1, "expected 16 bf16 values for the l1 tile, got 3 before the end of the file"},
        {"l1 tile 0 bf16 datums=16 1 2 3\n4 5\nthread 0\nttnop\n", 3,
         "expected a number for bf16 (decimal, 0x1.8p3, inf, -inf or raw:0x...) for datum 5 of the l1 tile of line 1 (16 values), got 'thread'"},
        {"l1 tile 0 int8 datums=16\n 1 2 3 4 5 6 7 8\n 9 10 11 12 13 14 15 16 17\n", 3, "the l1 tile of line 1 takes 16 values; '17' is one too many"},
        {"l1 tile 0 int8 datums=16\n 1 2 3 4 5 6 7 8\n 9 10 11 128 13 14 15 16\n", 3, "int8 value 128 (datum 11) is out of range (-127..127)"},
        {"l1 tile 0 uint8 datums=16 1 2 -3\n", 1, "uint8 value -3 (datum 2) is out of range (0..255)"},
        {"l1 tile 0 fp8 datums=16 114688\n", 1, "value 114688 (datum 0) is not exactly representable in fp8 (its E5M2 code 0x7f is read by the unpacker as 131008 (ERRATA 2))"},
        {"l1 tile 0 fp16 datums=16 0.1\n", 1, "value 0.1 (datum 0) is not exactly representable in fp16"},
        {"l1 tile 0 bfp8 datums=16 raw:1\n", 1, "raw datums are not accepted in a bfp8 tile"},
        {"l1 tile 0 bf16 datums=16 raw:0x10000\n", 1, "raw datum 0x10000 is out of range for bf16 (0..65535)"},
        {"l1 tile 0 bfp8 datums=32\n 64 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n 0 0 0 0 0 0 0 0\n 2 0 0 0 0 0 0 0.015625\n", 4,
         "value 0.015625 (datum 31) is not exactly representable in bfp8: the 16 datums share exponent 128 (their largest), so a bfp8 value must be a multiple of 0.03125 up to 3.96875"},
        {"l1 tile 0 bfp8 datums=16 64 1 2 3 4 5 6 7 8 9 10 11 12 13 14 0.5\n", 1,
         "value 0.5 (datum 15) is not exactly representable in bfp8: the 16 datums share exponent 133 (their largest), so a bfp8 value must be a multiple of 1 up to 127"},
        {"l1 tile 0 bfp4 datums=16 -0 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1\n", 1, "value -0 (datum 0) is not exactly representable in bfp4: a set sign with magnitude 0 unpacks as -inf, not -0"},
        {"l1 tile 0 bfp2a datums=16 -inf 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1\n", 1, "unpacks as -65536 in the A formats, not -inf"},
        {"thread 0\nttnop\nexpect l1 tile 0 bf16 datums=16 1 2\n", 3, "expected 16 bf16 values for the l1 tile, got 2"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char name[32];
        snprintf(name, sizeof name, "bad%zu.tts", i);
        const char *path = put(name, cases[i].text);
        char want_prefix[400];
        snprintf(want_prefix, sizeof want_prefix, "%s:%d: ", path, cases[i].line);
        tt_test t;
        char err[512] = "";
        int rc = tt_test_load(path, &t, err, sizeof err);
        if (rc != -1 || strncmp(err, want_prefix, strlen(want_prefix)) != 0 || !strstr(err, cases[i].want))
            fail_msg("case %zu (%s): rc %d, err '%s'; want prefix '%s' and '%s'", i, cases[i].text, rc, err,
                     want_prefix, cases[i].want);
    }
    /* A file that does not exist. */
    tt_test t;
    char err[512] = "";
    assert_int_equal(tt_test_load("/nonexistent/x.tts", &t, err, sizeof err), -1);
    assert_non_null(strstr(err, "/nonexistent/x.tts"));
    assert_non_null(strstr(err, "cannot open test file"));
}

/* A field-name preload writes only the field's bits; a field-name expectation compares only them. */
static void test_loader_field_preload_writes_only_field_bits(void **state)
{
    (void)state;
    tt_test t;
    load_ok("cfg 0 1 0xFFFFFFFF\n"
            "cfg 0 ALU_FORMAT_SPEC_REG0_SrcA 5\n"       /* ADDR32 1, bits 20:17 */
            "cfg 1 2 0x12345678\n"
            "cfg 1 STACC_RELU_ApplyRelu 0\n"            /* ADDR32 2, bits 5:2 */
            "tcfg 2 41 0xFFFF\n"
            "tcfg 2 UNPACK_MISC_CFG_CfgContextOffset_1 0\n" /* ThreadConfig 41, bits 11:8 */
            "thread 0\nttnop\n"
            "expect cfg 0 ALU_FORMAT_SPEC_REG0_SrcA 5\n"
            "expect cfg 0 ALU_ACC_CTRL_INT8_math_enabled 0\n", /* bit 31 is 1: must fail */
            &t);
    assert_int_equal(t.npreload, 6);
    assert_int_equal(t.preload[1].index, 1);
    assert_int_equal(t.preload[1].shift, 17);
    assert_int_equal(t.preload[1].mask, 0xF);
    tt_model *m = tt_model_create();
    tt_model_reset(m);
    tt_test_apply_preload(&t, m);
    uint32_t v;
    assert_true(tt_model_cfg_get(m, 0, 1, &v));
    assert_int_equal(v, 0xFFEBFFFFu);
    assert_true(tt_model_cfg_get(m, 1, 2, &v));
    assert_int_equal(v, 0x12345640u);
    assert_true(tt_model_tcfg_get(m, 2, 41, &v));
    assert_int_equal(v, 0xF0FFu);
    assert_true(tt_model_cfg_get(m, 0, 0, &v));
    assert_int_equal(v, 0);
    FILE *out = tmpfile();
    assert_int_equal(tt_test_check(&t, m, out), 1);
    char text[1024] = "";
    rewind(out);
    text[fread(text, 1, sizeof text - 1, out)] = 0;
    fclose(out);
    char want[700];
    snprintf(want, sizeof want, "%s:10: expect cfg 0 ALU_ACC_CTRL_INT8_math_enabled: expected 0x0, got 0x1", t.path);
    if (!strstr(text, want)) fail_msg("check output '%s' lacks '%s'", text, want);
    tt_model_destroy(m);
    tt_test_free(&t);
}

/* `l1 file ADDR PATH`: a relative PATH is relative to the directory of the test file, not to the
 * current directory; an absolute PATH is taken as is. */
/* `implied srca|srcb BANK FORMAT` (docs/test_format.md "Implied formats"): a preload sets the bank's
 * implied format (by name or code), an expectation compares it and names both formats; an
 * unpredictable one (SETDVALID) is reported as such. */
static void test_loader_implied_format_preload_and_expect(void **state)
{
    (void)state;
    tt_test t;
    load_ok("implied srca 1 bf16\n"
            "implied srcb 0 14\n"
            "thread 0\nttnop\n"
            "expect implied srca 1 BF16\n"
            "expect implied srcb 0 int8\n"
            "expect implied srcb 1 tf32\n",     /* 0 after reset: must fail */
            &t);
    assert_int_equal(t.npreload, 2);
    assert_int_equal(t.preload[0].kind, TT_ITEM_IMPLIED);
    tt_model *m = tt_model_create();
    tt_model_reset(m);
    tt_test_apply_preload(&t, m);
    tt_bank_state b;
    tt_model_banks_get(m, &b);
    assert_int_equal(b.srca_fmt[1], 5);
    assert_int_equal(b.srcb_fmt[0], 14);
    FILE *out = tmpfile();
    assert_int_equal(tt_test_check(&t, m, out), 1);
    char text[1024] = "";
    rewind(out);
    text[fread(text, 1, sizeof text - 1, out)] = 0;
    char want[700];
    snprintf(want, sizeof want, "%s:7: expect implied srcb 1: expected tf32 (4), got fp32 (0)", t.path);
    if (!strstr(text, want)) fail_msg("check output '%s' lacks '%s'", text, want);
    b.srcb_fmt[1] = TT_IMPLIED_UNKNOWN;
    tt_model_banks_set(m, &b);
    rewind(out);
    assert_int_equal(tt_test_check(&t, m, out), 1);
    rewind(out);
    text[fread(text, 1, sizeof text - 1, out)] = 0;
    if (!strstr(text, "got unpredictable (set by SETDVALID)")) fail_msg("check output '%s'", text);
    fclose(out);
    tt_model_destroy(m);
    tt_test_free(&t);
}

static void test_loader_l1_file_relative_to_test_file(void **state)
{
    (void)state;
    char sub[128], bin[192], tts[192];
    snprintf(sub, sizeof sub, "%s/sub", tmpdir);
    assert_int_equal(mkdir_p_helper(sub), 0);
    snprintf(bin, sizeof bin, "%s/data.bin", sub);
    FILE *f = fopen(bin, "wb");
    assert_non_null(f);
    static const uint8_t data[5] = {0xDE, 0xAD, 0x00, 0xBE, 0xEF};
    fwrite(data, 1, sizeof data, f);
    fclose(f);
    snprintf(tts, sizeof tts, "%s/t.tts", sub);
    f = fopen(tts, "w");
    assert_non_null(f);
    fprintf(f, "l1 file 0x100 data.bin\nl1 file 0x200 %s\nthread 0\nttnop\nexpect l1 file 0x100 data.bin\n", bin);
    fclose(f);
    tt_test t;
    char err[512] = "";
    if (tt_test_load(tts, &t, err, sizeof err) != 0) fail_msg("%s", err);
    assert_int_equal(t.npreload, 2);
    assert_int_equal(t.preload[0].len, 5);
    tt_model *m = tt_model_create();
    tt_model_reset(m);
    tt_test_apply_preload(&t, m);
    assert_memory_equal(tt_model_l1(m) + 0x100, data, 5);
    assert_memory_equal(tt_model_l1(m) + 0x200, data, 5);
    assert_int_equal(tt_model_l1(m)[0x105], 0);
    assert_int_equal(tt_test_check(&t, m, stderr), 0);
    tt_model_destroy(m);
    tt_test_free(&t);
}

/* TRISC actions: each store form becomes the documented MMIO address and value. */
static void test_loader_actions_encode_mmio_addresses(void **state)
{
    (void)state;
    tt_test t;
    load_ok("thread 2\n"                          /* 1 */
            "store cfg 1 5 0x11\n"                /* 2 */
            "store cfg 0 THCON_SEC0_REG3_Base_address 0x22\n"
            "store gpr 63 0x33\n"
            "store mop 8 0x44\n"
            "store sem 2 post\n"
            "store sem 7 get\n"
            "store 0xFFE80024 0x55\n"
            "drain\n"
            "idle 7\n"                            /* 10 */
            "ttsetc16 41,257   # a comment\n"
            ".word 0x02000000\n"
            "max_cycles 1234\n",
            &t);
    assert_int_equal(t.max_cycles, 1234);
    assert_int_equal(t.nstream[0] + t.nstream[1], 0);
    assert_int_equal(t.nstream[2], 11);
    const tt_action *a = t.stream[2];
    static const struct { tt_action_kind k; uint32_t addr, value; int line; } want[] = {
        {TT_ACT_STORE, 0xFFEF0000u + 4 * (224 + 5), 0x11, 2},
        {TT_ACT_STORE, 0xFFEF0000u + 4 * 76, 0x22, 3},
        {TT_ACT_STORE, 0xFFE00000u + 4 * 63, 0x33, 4},
        {TT_ACT_STORE, 0xFFB80000u + 4 * 8, 0x44, 5},
        {TT_ACT_STORE, 0xFFE80020u + 4 * 2, 0, 6},
        {TT_ACT_STORE, 0xFFE80020u + 4 * 7, 1, 7},
        {TT_ACT_STORE, 0xFFE80024u, 0x55, 8},
        {TT_ACT_DRAIN, 0, 0, 9},
        {TT_ACT_IDLE, 0, 7, 10},
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        assert_int_equal(a[i].kind, want[i].k);
        if (want[i].k == TT_ACT_STORE) assert_int_equal(a[i].addr, want[i].addr);
        if (want[i].k != TT_ACT_DRAIN) assert_int_equal(a[i].value, want[i].value);
        assert_int_equal(a[i].line, want[i].line);
    }
    assert_int_equal(a[9].kind, TT_ACT_INSN);
    assert_int_equal(a[9].word, 0xB2290101u);
    assert_int_equal(a[9].line, 11);
    assert_int_equal(a[10].word, 0x02000000u);
    tt_test_free(&t);
}

/* sem preload/expect: MAX is optional; without it the preload keeps the current max and the
 * expectation checks the value only. */
static void test_loader_sem_max_optional(void **state)
{
    (void)state;
    tt_test t;
    load_ok("sem 3 4 9\nsem 3 5\nsem 6 2\nthread 1\nttnop\nexpect sem 3 5 9\nexpect sem 6 2\nexpect sem 6 2 1\n", &t);
    tt_model *m = tt_model_create();
    tt_model_reset(m);
    tt_test_apply_preload(&t, m);
    uint32_t v, mx;
    assert_true(tt_model_sem_get(m, 3, &v, &mx));
    assert_int_equal(v, 5);
    assert_int_equal(mx, 9);
    FILE *out = tmpfile();
    assert_int_equal(tt_test_check(&t, m, out), 1); /* only line 8 (max 1 vs 0) fails */
    char text[512] = "";
    rewind(out);
    text[fread(text, 1, sizeof text - 1, out)] = 0;
    fclose(out);
    assert_non_null(strstr(text, ":8: expect semaphore 6"));
    tt_model_destroy(m);
    tt_test_free(&t);
}

/* Read everything written to a tmpfile. */
static void slurp(FILE *out, char *text, size_t len)
{
    rewind(out);
    text[fread(text, 1, len - 1, out)] = 0;
    fclose(out);
}

/* Raw register-file lines: preloads land in the model's cells (Dst32b: high half at AdjRow, low half
 * at AdjRow + 8, Dst.md, ERRATA 5); `-` cells are not checked; a failed cell names FILE:LINE, the
 * line's words and the column. */
static void test_loader_rf_raw_preload_and_expect(void **state)
{
    (void)state;
    tt_test t;
    load_ok("srca 1 63 0 1 2 0x7FFFF 4 5 6 7 8 9 10 11 12 13 14 15\n"           /* 1 */
            "srcb 0 5 0x40000 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0x12345\n"
            "dest 1023 0xFFFF 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1\n"
            "dest32 9 0x12345678 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0xFFFFFFFF\n"      /* 4: AdjRow 17, 25 */
            "thread 0\nttnop\n"
            "expect srca 1 63 0 1 2 0x7FFFF - - - - - - - - - - - 15\n"          /* 7: passes */
            "expect srca 1 63 - - - 3 - - - - - - - - - - - -\n"                 /* 8: col 3 fails */
            "expect srcb 0 5 0x40000 - - - - - - - - - - - - - - 0x12345\n"
            "expect dest 17 0x1234 - - - - - - - - - - - - - - 0xFFFF\n"
            "expect dest 25 0x5678 - - - - - - - - - - - - - - 0xFFFF\n"
            "expect dest32 9 0x12345678 - - - - - - - - - - - - - - 0xFFFFFFFF\n"
            "expect dest32 9 - 0x1 - - - - - - - - - - - - - -\n",              /* 13: col 1 fails */
            &t);
    assert_int_equal(t.npreload, 4);
    assert_int_equal(t.preload[0].kind, TT_ITEM_RF);
    assert_int_equal(t.preload[0].rf_care, 0xFFFF);
    assert_int_equal(t.expect[0].rf_care, 0x800F);
    assert_int_equal(t.expect[0].typed, 0);
    tt_model *m = tt_model_create();
    tt_model_reset(m);
    tt_test_apply_preload(&t, m);
    uint32_t v;
    assert_true(tt_model_rf_get(m, TT_RF_SRCA, 1, 63, 3, &v));
    assert_int_equal(v, 0x7FFFF);
    assert_true(tt_model_rf_get(m, TT_RF_SRCB, 0, 5, 15, &v));
    assert_int_equal(v, 0x12345);
    assert_true(tt_model_rf_get(m, TT_RF_DEST, 0, 1023, 0, &v));
    assert_int_equal(v, 0xFFFF);
    assert_true(tt_model_rf_get(m, TT_RF_DEST, 0, 17, 0, &v));
    assert_int_equal(v, 0x1234);
    assert_true(tt_model_rf_get(m, TT_RF_DEST, 0, 25, 0, &v));
    assert_int_equal(v, 0x5678);
    assert_true(tt_model_rf_get(m, TT_RF_DEST, 0, 9, 0, &v));
    assert_int_equal(v, 0);
    FILE *out = tmpfile();
    assert_int_equal(tt_test_check(&t, m, out), 2);
    char text[2048], want[800];
    slurp(out, text, sizeof text);
    snprintf(want, sizeof want, "%s:8: expect srca 1 63 col 3: expected 0x3, got 0x7ffff\n", t.path);
    if (!strstr(text, want)) fail_msg("'%s' lacks '%s'", text, want);
    snprintf(want, sizeof want, "%s:13: expect dest32 9 col 1: expected 0x1, got 0x0\n", t.path);
    if (!strstr(text, want)) fail_msg("'%s' lacks '%s'", text, want);
    tt_model_destroy(m);
    tt_test_free(&t);
}

/* Typed register-file lines: the cells are what the unpacker writes (unpack-data-path §3.3), and a
 * failed typed cell also shows both cells as values of the line's format. */
static void test_loader_rf_typed_forms(void **state)
{
    (void)state;
    tt_test t;
    load_ok("srca 0 5 bf16 1.0 -2.5 0x1.8p3 inf -inf 0 -0 0x1p-133 1 1 1 1 1 1 1 raw:0x7\n" /* 1 */
            "srcb 1 0 fp16 1 131008 65536 0x1p-24 -0 0 0 0 0 0 0 0 0 0 0 0\n"
            "srca 1 1 int8 -5 1023 0 -0 0 0 0 0 0 0 0 0 0 0 0 0\n"
            "srca 1 2 int16 0x1234 0xFFFF 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n"
            "srca 1 3 tf32 0x1.004p0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n"
            "dest 7 bf16 -2.5 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n"
            "dest 8 fp16 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n"
            "dest 9 int8 -5 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n"
            "dest 10 int16 0x1234 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n"
            "dest32 0 fp32 -1.5 0x1p-149 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n"       /* 10 */
            "dest32 1 int32 -5 305419896 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n"
            "thread 0\nttnop\n"
            "expect srca 0 5 bf16 1 -2.5 12 inf -inf 0 -0 0x1p-133 - - - - - - - raw:7\n" /* 14: passes */
            "expect srca 0 5 bf16 - 1.5 - - - - - - - - - - - - - -\n"           /* 15: fails */
            "expect srca 0 5 fp16 - - - - - - - - - - - - - - - 1\n"             /* 16: fails, not fp16 */
            "expect dest32 0 fp32 -1.5 - - - - - - - - - - - - - - -\n",
            &t);
    static const struct { int item, col; uint32_t cell; } want[] = {
        {0, 0, 0x0007F},  {0, 1, 0x50080}, {0, 2, 0x20082}, {0, 3, 0x000FF}, {0, 4, 0x400FF}, {0, 5, 0},
        {0, 6, 0x40000},  {0, 7, 0x00800}, {0, 15, 0x7},    {1, 0, 0x0000F}, {1, 1, 0x3FF1F}, {1, 2, 0x0001F},
        {1, 3, 0x00100},  {1, 4, 0x40000}, {2, 0, 0x40510}, {2, 1, 0x3FF10}, {2, 2, 0},       {2, 3, 0x40000},
        {3, 0, 0x9034},   {3, 1, 0x7F8FF}, {4, 0, 0x0017F}, {5, 0, 0xA080},  {6, 0, 0x000F},  {7, 0, 0x80B0},
        {8, 0, 0x1234},   {9, 0, 0xC07F0000}, {9, 1, 0x00000001}, {10, 0, 0x80000005}, {10, 1, 0x34245678},
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        if (t.preload[want[i].item].rf_cells[want[i].col] != want[i].cell)
            fail_msg("line %d col %d: 0x%x, want 0x%x", want[i].item + 1, want[i].col,
                     t.preload[want[i].item].rf_cells[want[i].col], want[i].cell);
    tt_model *m = tt_model_create();
    tt_model_reset(m);
    tt_test_apply_preload(&t, m);
    uint32_t v;
    assert_true(tt_model_rf_get(m, TT_RF_DEST, 0, 0, 0, &v)); /* Dst32b row 0: high half at row 0 */
    assert_int_equal(v, 0xC07F);
    assert_true(tt_model_rf_get(m, TT_RF_DEST, 0, 8, 0, &v));
    assert_int_equal(v, 0);
    FILE *out = tmpfile();
    assert_int_equal(tt_test_check(&t, m, out), 2);
    char text[2048], w[800];
    slurp(out, text, sizeof text);
    snprintf(w, sizeof w, "%s:15: expect srca 0 5 col 1: expected 0x2007f (bf16 1.5), got 0x50080 (bf16 -2.5)\n", t.path);
    if (!strstr(text, w)) fail_msg("'%s' lacks '%s'", text, w);
    snprintf(w, sizeof w, "%s:16: expect srca 0 5 col 15: expected 0xf (fp16 1), got 0x7 (fp16 0.00390625)\n",
             t.path);
    if (!strstr(text, w)) fail_msg("'%s' lacks '%s'", text, w);
    tt_model_destroy(m);
    tt_test_free(&t);
}

/* The backdoor view the lockstep harness uses: file, bank, row, cells, mask. */
static void test_loader_rf_item_for_backdoor(void **state)
{
    (void)state;
    tt_test t;
    load_ok("srcb 1 7 bf16 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16\ngpr 0 1 2\nthread 0\nttnop\n"
            "expect dest32 700 fp32 - 1 - - - - - - - - - - - - - -\n", &t);
    int file, bank, row;
    uint32_t cells[TT_RF_COLS];
    uint16_t mask;
    assert_true(tt_test_rf_item(&t.preload[0], &file, &bank, &row, cells, &mask));
    assert_int_equal(file, TT_RF_SRCB);
    assert_int_equal(bank, 1);
    assert_int_equal(row, 7);
    assert_int_equal(cells[0], 0x0007F);
    assert_int_equal(mask, 0xFFFF);
    assert_false(tt_test_rf_item(&t.preload[1], &file, &bank, &row, cells, &mask));
    assert_true(tt_test_rf_item(&t.expect[0], &file, &bank, &row, cells, &mask));
    assert_int_equal(file, TT_RF_DEST32);
    assert_int_equal(bank, 0);
    assert_int_equal(row, 700);
    assert_int_equal(mask, 0x0002);
    assert_int_equal(cells[1], 0x007F0000);
    int hi, lo;
    tt_test_dst32_rows(9, &hi, &lo); /* 9 = 0b1001: (8 << 1) | 1 */
    assert_int_equal(hi, 17);
    assert_int_equal(lo, 25);
    tt_test_dst32_rows(700, &hi, &lo); /* 0x2BC: (0xB8 << 1) | 0x204 = 0x374 */
    assert_int_equal(hi, 0x374);
    assert_int_equal(lo, 0x37C);
    tt_test_dst32_rows(1023, &hi, &lo);
    assert_int_equal(hi, 0x3F7);
    assert_int_equal(lo, 0x3FF);
    tt_test_free(&t);
}

/* `l1 tile`: header (zeros or header=), BFP exponent section padded to 16 bytes, datums; values on
 * continuation lines and in a values file relative to the test; an expectation skips the header
 * unless given and reports datums with their values. */
static void test_loader_l1_tile_layout_and_expect(void **state)
{
    (void)state;
    char vals[256];
    snprintf(vals, sizeof vals, "%s/vals.txt", tmpdir);
    FILE *f = fopen(vals, "w");
    assert_non_null(f);
    fputs("# sixteen bf16 values\n1 2 3 4   # row 0\n5 6 7 8 9 10 11 12 13 14 15 -16\n", f);
    fclose(f);
    tt_test t;
    load_ok("l1 fill 0x1000 64 0xAA\n"                                        /* 1 */
            "l1 tile 0x1000 bfp8 datums=32 header=0x11223344,0,0,0xDEADBEEF\n"  /* 2 */
            "  1 2 0.5 -1 0 -inf 1.96875 3.96875   # largest 2: exponent 128, step 1/32\n"
            "  0.03125 -2 0 0 0 0 0 0.25\n"
            "\n"
            "  # comments and blank lines may come between the values\n"
            "  64 -64 1 0 0 0 0 0 0 0 0 0 0 0 0 0\n"                             /* 7: exponent 133 */
            "l1 tile 0x2000 bf16 datums=16 file vals.txt\n"                      /* 8 */
            "l1 tile 0x3000 bfp2 datums=16 1 -1 0 1 1 1 1 1 1 1 1 1 1 1 1 1\n"
            "thread 0\nttnop\n"
            "expect l1 tile 0x2000 bf16 datums=16 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 -16\n" /* 12: passes */
            "expect l1 tile 0x1000 bfp8 datums=32 1 2 0.5 -1 0 -inf 1.96875 3.96875 0.03125 -2 0 0 0 0 0 0.25\n"
            "  64 -64 1 0 0 0 0 0 0 0 0 0 0 0 0 0\n"                             /* 14: passes */
            "expect l1 tile 0x2000 bf16 datums=16 header=0,0,0,0 1 2.5 3 4 5 6 7 8 9 10 11 12 13 14 15 -16\n",
            &t);
    assert_int_equal(t.npreload, 4);
    const tt_item *it = &t.preload[1];
    assert_int_equal(it->kind, TT_ITEM_L1);
    assert_int_equal(it->addr, 0x1000);
    assert_int_equal(it->len, 16 + 16 + 32);
    assert_int_equal(it->tile_datums, 32);
    assert_int_equal(t.expect[0].addr, 0x2010); /* no header given: compared from the datums on */
    assert_int_equal(t.expect[0].len, 32);
    assert_int_equal(t.expect[2].addr, 0x2000);
    tt_model *m = tt_model_create();
    tt_model_reset(m);
    tt_test_apply_preload(&t, m);
    const uint8_t *l1 = tt_model_l1(m);
    static const uint8_t head[16] = {0x44, 0x33, 0x22, 0x11, 0, 0, 0, 0, 0, 0, 0, 0, 0xEF, 0xBE, 0xAD, 0xDE};
    assert_memory_equal(l1 + 0x1000, head, 16);
    static const uint8_t exps[16] = {128, 133};
    assert_memory_equal(l1 + 0x1010, exps, 16);
    static const uint8_t dat[32] = {0x20, 0x40, 0x10, 0xA0, 0, 0x80, 0x3F, 0x7F, 0x01, 0xC0, 0, 0, 0, 0, 0, 0x08,
                                    0x40, 0xC0, 0x01};
    assert_memory_equal(l1 + 0x1020, dat, 32);
    assert_int_equal(l1[0x2000], 0);          /* bf16 header: zeros */
    assert_int_equal(l1[0x2010], 0x80);       /* 1.0 = 0x3F80, little-endian */
    assert_int_equal(l1[0x2011], 0x3F);
    assert_int_equal(l1[0x202E], 0x80);       /* -16 = 0xC180 */
    assert_int_equal(l1[0x202F], 0xC1);
    assert_int_equal(l1[0x3010], 127);        /* bfp2: exponent 127, datums 1, 3, 0, 1 = 0x4D */
    assert_int_equal(l1[0x3020], 0x4D);
    FILE *out = tmpfile();
    assert_int_equal(tt_test_check(&t, m, out), 1);
    char text[2048], w[800];
    slurp(out, text, sizeof text);
    snprintf(w, sizeof w,
             "%s:15: expect l1 tile 0x2000 bf16: datum 1 (face 0 row 0 col 1) at 0x2012: expected 0x4020 (2.5), got 0x4000 (2)\n",
             t.path);
    if (!strstr(text, w)) fail_msg("'%s' lacks '%s'", text, w);
    /* A wrong shared exponent is reported as such. */
    tt_model_l1(m)[0x1011] = 134;
    tt_test ex;
    load_ok("thread 0\nttnop\nexpect l1 tile 0x1000 bfp8 datums=32 header=0x11223344,0,0,0xDEADBEEF\n"
            "1 2 0.5 -1 0 -inf 1.96875 3.96875 0.03125 -2 0 0 0 0 0 0.25 64 -64 1 0 0 0 0 0 0 0 0 0 0 0 0 0\n",
            &ex);
    out = tmpfile();
    assert_int_equal(tt_test_check(&ex, m, out), 1);
    slurp(out, text, sizeof text);
    snprintf(w, sizeof w, "%s:3: expect l1 tile 0x1000 bfp8: shared exponent of datums 16..31 at 0x1011: expected 0x85, got 0x86\n",
             ex.path);
    if (!strstr(text, w)) fail_msg("'%s' lacks '%s'", text, w);
    tt_test_free(&ex);
    tt_model_destroy(m);
    tt_test_free(&t);
}

/* A bad value inside a values file names the test line and the values file's line. */
static void test_loader_l1_tile_values_file_errors(void **state)
{
    (void)state;
    char vals[256];
    snprintf(vals, sizeof vals, "%s/badvals.txt", tmpdir);
    FILE *f = fopen(vals, "w");
    assert_non_null(f);
    fputs("1 2 3\n4 0.1 6\n", f);
    fclose(f);
    const char *path = put("tilefile.tts", "# x\nl1 tile 0x100 fp32 datums=16 file badvals.txt\n");
    tt_test t;
    char err[512] = "", want[600];
    assert_int_equal(tt_test_load(path, &t, err, sizeof err), -1);
    snprintf(want, sizeof want, "%s:2: badvals.txt:2: value 0.1 (datum 4) is not exactly representable in fp32", path);
    if (!strstr(err, want)) fail_msg("'%s' lacks '%s'", err, want);
    f = fopen(vals, "w");
    assert_non_null(f);
    fputs("1 2 3\n", f);
    fclose(f);
    assert_int_equal(tt_test_load(path, &t, err, sizeof err), -1);
    snprintf(want, sizeof want, "%s:2: 'badvals.txt' has 3 values; the l1 tile needs 16", path);
    if (!strstr(err, want)) fail_msg("'%s' lacks '%s'", err, want);
}

/* Field lookup: backend and thread config are separate name spaces; names are case-insensitive. */
static void test_cfg_field_lookup(void **state)
{
    (void)state;
    int addr;
    uint32_t shift, size;
    assert_true(tt_cfg_field_lookup("UNPACK_MISC_CFG_CfgContextOffset_1", true, &addr, &shift, &size));
    assert_int_equal(addr, 41);
    assert_int_equal(shift, 8);
    assert_int_equal(size, 4);
    assert_true(tt_cfg_field_lookup("cfg_state_id_stateid", true, &addr, &shift, &size));
    assert_int_equal(addr, 0);
    assert_int_equal(size, 1);
    assert_false(tt_cfg_field_lookup("CFG_STATE_ID_StateID", false, &addr, &shift, &size));
    assert_true(tt_cfg_field_lookup("THCON_SEC0_REG3_Base_address", false, &addr, &shift, &size));
    assert_int_equal(addr, 76);
    assert_int_equal(size, 32);
    assert_false(tt_cfg_field_lookup("NO_SUCH_FIELD", false, &addr, &shift, &size));
}

/* `expect retire ... profile NAME` (docs/test_format.md "Timing expectations"): an untagged line is
 * the house profile's; selecting a profile keeps its lines, in file order, and counts the others as
 * skipped. */
static void test_loader_expect_retire_profiles(void **state)
{
    (void)state;
    tt_test t;
    load_ok("thread 0\nttnop\nttnop\n"
            "expect retire 0 0 cycle 3\n"
            "expect retire 0 0 cycle 3 profile cfg_alt\n"
            "expect retire 0 1 cycle 4..5 profile house\n"
            "expect retire 0 1 cycle 6 profile cfg_alt\n",
            &t);
    assert_int_equal(t.nretire_expect, 4);
    assert_string_equal(t.retire_expect[0].profile, "house");
    assert_string_equal(t.retire_expect[1].profile, "cfg_alt");
    assert_int_equal(tt_test_select_retire_profile(&t, "cfg_alt"), 2);
    assert_int_equal(t.nretire_expect, 2);
    assert_int_equal(t.retire_expect[0].lo, 3);
    assert_int_equal(t.retire_expect[0].line, 5);
    assert_int_equal(t.retire_expect[1].seq, 1);
    assert_int_equal(t.retire_expect[1].lo, 6);
    tt_test_free(&t);
    load_ok("thread 0\nttnop\nexpect retire 0 0 cycle 3\nexpect retire 0 0 cycle 3 profile cfg_alt\n", &t);
    assert_int_equal(tt_test_select_retire_profile(&t, "house"), 1);
    assert_int_equal(t.nretire_expect, 1);
    assert_int_equal(t.retire_expect[0].line, 3);
    tt_test_free(&t);
}

/* The loader reads the file a block at a time (16 KiB) and copies a tile datum's text for its
 * messages without snprintf (model_speed2): lines across a block's edge, a last line without its
 * newline, an error's line number and a NUL byte past the first block, and a datum's text cut to 36
 * characters and "..." must come out as the byte-at-a-time read and snprintf gave them. */
static void test_loader_reads_past_a_block(void **state)
{
    (void)state;
    const size_t n = 4000; /* "ttnop\n" x 4000: 24,000 bytes, a line across 16,384 */
    char *text = malloc(16 + n * 6 + 32);
    assert_non_null(text);
    size_t k = (size_t)sprintf(text, "thread 0\n");
    for (size_t i = 0; i < n; i++) k += (size_t)sprintf(text + k, "ttnop\n");
    sprintf(text + k, "ttnop"); /* no newline at the end */
    tt_test t;
    load_ok(text, &t);
    assert_int_equal(t.nstream[0], n + 1);
    tt_test_free(&t);

    sprintf(text + k, "frobnicate 1\n");
    const char *path = put("big_bad.tts", text);
    char err[512] = "", want[320];
    assert_int_equal(tt_test_load(path, &t, err, sizeof err), -1);
    snprintf(want, sizeof want, "%s:%zu: expected an instruction", path, n + 2);
    if (strncmp(err, want, strlen(want)) != 0) fail_msg("err '%s', want '%s...'", err, want);

    char nulpath[256];
    snprintf(nulpath, sizeof nulpath, "%s/big_nul.tts", tmpdir);
    FILE *f = fopen(nulpath, "wb");
    assert_non_null(f);
    fwrite(text, 1, k, f);
    fwrite("tt\0nop\n", 1, 7, f);
    fclose(f);
    assert_int_equal(tt_test_load(nulpath, &t, err, sizeof err), -1);
    snprintf(want, sizeof want, "%s:%zu: binary data (a NUL byte at column 3)", nulpath, n + 2);
    if (strncmp(err, want, strlen(want)) != 0) fail_msg("err '%s', want '%s...'", err, want);
    free(text);

    path = put("long_datum.tts", "l1 tile 0 bfp8 datums=16 64 1 2 3 4 5 6 7 8 9 10 11 12 13 14 "
                                 "0.500000000000000000000000000000000000000000000000\n");
    assert_int_equal(tt_test_load(path, &t, err, sizeof err), -1);
    if (!strstr(err, "value 0.5000000000000000000000000000000000... (datum 15) is not exactly representable in bfp8"))
        fail_msg("err '%s'", err);
    /* 39 characters: the whole text, no cut */
    path = put("long_datum39.tts", "l1 tile 0 bfp8 datums=16 64 1 2 3 4 5 6 7 8 9 10 11 12 13 14 "
                                   "0.5000000000000000000000000000000000000\n");
    assert_int_equal(tt_test_load(path, &t, err, sizeof err), -1);
    if (!strstr(err, "value 0.5000000000000000000000000000000000000 (datum 15) is not exactly representable in bfp8"))
        fail_msg("err '%s'", err);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_loader_parse_errors_name_file_line_and_expectation),
        cmocka_unit_test(test_loader_field_preload_writes_only_field_bits),
        cmocka_unit_test(test_loader_implied_format_preload_and_expect),
        cmocka_unit_test(test_loader_l1_file_relative_to_test_file),
        cmocka_unit_test(test_loader_actions_encode_mmio_addresses),
        cmocka_unit_test(test_loader_sem_max_optional),
        cmocka_unit_test(test_cfg_field_lookup),
        cmocka_unit_test(test_loader_rf_raw_preload_and_expect),
        cmocka_unit_test(test_loader_rf_typed_forms),
        cmocka_unit_test(test_loader_rf_item_for_backdoor),
        cmocka_unit_test(test_loader_l1_tile_layout_and_expect),
        cmocka_unit_test(test_loader_l1_tile_values_file_errors),
        cmocka_unit_test(test_loader_expect_retire_profiles),
        cmocka_unit_test(test_loader_reads_past_a_block),
    };
    return cmocka_run_group_tests(tests, make_dir, remove_dir);
}
