/* Unit tests for the .tts loader (tb/test_loader.h, format in docs/test_format.md): every parse
 * error names FILE:LINE and what was expected; a field-name preload writes only the field's bits;
 * `l1 file` paths are relative to the test file; TRISC actions turn into the MMIO addresses of
 * docs/design.md; expectations report FILE:LINE on failure. */
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
        {"l1 words 0x100 1\n", 1, "expected bytes, u16, u32, fill or file after 'l1', got 'words'"},
        {"l1 bytes 0x100\n", 1, "expected at least one value after the address"},
        {"l1 file 0 missing.bin\n", 1, "cannot open binary file"},
        {"thread 0\nstore 0xFFE00002 1\n", 2, "store address 0xffe00002 is not word aligned"},
        {"thread 0\nstore sem 0 inc\n", 2, "expected 'post' or 'get', got 'inc'"},
        {"thread 0\nstore mop 9 1\n", 2, "MOP config word 9 is out of range (0..8)"},
        {"thread 0\nstore cfg 2 0 1\n", 2, "config state 2 is out of range (0..1)"},
        {"thread 0\nidle\n", 2, "expected 'idle CYCLES'"},
        {"thread 0\ndrain now\n", 2, "expected 'drain'"},
        {"thread 0\nttnop\nexpect\n", 3, "expected 'expect cfg|tcfg|gpr|sem|adc|l1|srca|srcb|dest|dest32 ...'"},
        {"thread 0\nttnop\nexpect mop 0 0\n", 3, "expected cfg, tcfg, gpr, sem, adc, l1, srca, srcb, dest or dest32 after 'expect', got 'mop'"},
        {"max_cycles -5\n", 1, "expected cycle count"},
        {"# nothing\n\ngpr 0 0 1\n", 3, "expected at least one instruction, action or expectation"},
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_loader_parse_errors_name_file_line_and_expectation),
        cmocka_unit_test(test_loader_field_preload_writes_only_field_bits),
        cmocka_unit_test(test_loader_l1_file_relative_to_test_file),
        cmocka_unit_test(test_loader_actions_encode_mmio_addresses),
        cmocka_unit_test(test_loader_sem_max_optional),
        cmocka_unit_test(test_cfg_field_lookup),
    };
    return cmocka_run_group_tests(tests, make_dir, remove_dir);
}
