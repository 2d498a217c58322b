/* Unit tests for the ISA table, encoder, disassembler and assembler (ttisa.h). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "ttisa.h"

/* Fixed-seed generator so failures reproduce. */
static uint32_t rng_state = 0x2545f491u;
static uint32_t rng(void)
{
    uint32_t x = rng_state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return rng_state = x;
}

static uint32_t fmask(const tt_field *f) { return (1u << f->width) - 1u; }

static void assert_disasm(uint32_t word, const char *want)
{
    char buf[128];
    int n = tt_disasm(word, buf, sizeof buf);
    assert_string_equal(buf, want);
    assert_int_equal(n, (int)strlen(want));
}

static void assert_asm(const char *line, uint32_t want)
{
    char err[256] = "";
    uint32_t w = 0;
    int rc = tt_asm_line(line, &w, err, sizeof err);
    if (rc != 0)
        print_error("asm failed for \"%s\": %s\n", line, err);
    assert_int_equal(rc, 0);
    assert_int_equal(w, want);
}

/* The assembler must reject line; err must contain want. */
static void assert_asm_error(const char *line, const char *want)
{
    char err[256] = "";
    uint32_t w = 0xdeadbeefu;
    int rc = tt_asm_line(line, &w, err, sizeof err);
    if (rc != -1 || strstr(err, want) == NULL)
        print_error("line \"%s\": rc %d, err \"%s\", expected \"%s\"\n", line, rc, err, want);
    assert_int_equal(rc, -1);
    assert_non_null(strstr(err, want));
    assert_int_equal(w, 0xdeadbeefu); /* untouched on error */
}

static void test_isa_table_has_137_instructions(void **state)
{
    (void)state;
    assert_int_equal(tt_isa_count(), 137);
    assert_int_equal(TT_ISA_COUNT, 137);
    assert_null(tt_isa_at(137));
    for (size_t i = 0; i < tt_isa_count(); i++) {
        const tt_op_info *op = tt_isa_at(i);
        assert_non_null(op);
        if (i)
            assert_true(tt_isa_at(i - 1)->opcode < op->opcode); /* sorted, unique */
        assert_ptr_equal(tt_isa_by_opcode(op->opcode), op);
        assert_ptr_equal(tt_isa_by_name(op->name), op);
        assert_true((unsigned)op->res < TT_RES_COUNT);
        for (const char *p = op->name; *p; p++)
            assert_true(isupper((unsigned char)*p) || isdigit((unsigned char)*p) || *p == '_');
    }
    /* spot checks against assembly.yaml / ttsim */
    const tt_op_info *op = tt_isa_by_name("SFP_STOCH_RND");
    assert_non_null(op);
    assert_int_equal(op->opcode, 0x8e);
    assert_int_equal(op->res, TT_RES_SFPU);
    assert_false(op->ttsim_unsupported);
    op = tt_isa_by_name("UNPACR_NOP");
    assert_non_null(op);
    assert_int_equal(op->opcode, 0x43);
    assert_int_equal(op->res, TT_RES_UNPACK);
    op = tt_isa_by_opcode(0x51);
    assert_string_equal(op->name, "SETADCXY");
    assert_int_equal(op->res, TT_RES_TDMA);
    assert_int_equal(TT_OPC_SETADCXY, 0x51);
    assert_int_equal(TT_OPC_WRCFG, 0xb0);
    assert_int_equal(TT_OPC_NOP, 0x02);
    assert_true(tt_isa_by_name("XMOV")->ttsim_unsupported);
    assert_int_equal(tt_isa_by_name("XMOV")->res, TT_RES_XMOV);
    assert_int_equal(tt_isa_by_name("UNPACR")->nfields, 13);
}

static void test_isa_lookup_by_name_and_fields(void **state)
{
    (void)state;
    const tt_op_info *op = tt_isa_by_opcode(TT_OPC_SETADCXY);
    assert_ptr_equal(tt_isa_by_name("ttsetadcxy"), op);
    assert_ptr_equal(tt_isa_by_name("SETADCXY"), op);
    assert_ptr_equal(tt_isa_by_name("TtSetAdcXy"), op);
    assert_null(tt_isa_by_name("setadcx"));
    assert_null(tt_isa_by_name("tt"));
    assert_null(tt_isa_by_name(""));
    assert_null(tt_isa_by_name(NULL));
    assert_null(tt_isa_by_opcode(0x00));
    assert_null(tt_isa_by_opcode(0xff));

    assert_string_equal(tt_res_name(TT_RES_SYNC), "SYNC");
    assert_string_equal(tt_res_name(TT_RES_SFPU), "SFPU");
    assert_string_equal(tt_res_name(TT_RES_NONE), "NONE");
    assert_string_equal(tt_res_name(TT_RES_COUNT), "?");

    op = tt_isa_by_name("wrcfg");
    assert_int_equal(op->nfields, 3);
    assert_int_equal(tt_isa_field_index(op, "gpr_address"), 0);
    assert_int_equal(tt_isa_field_index(op, "wr128b"), 1);
    assert_int_equal(tt_isa_field_index(op, "cfg_reg"), 2);
    assert_int_equal(tt_isa_field_index(op, "CfgReg"), -1);
    assert_int_equal(tt_isa_field_index(NULL, "cfg_reg"), -1);
    assert_int_equal(op->fields[2].lsb, 0);
    assert_int_equal(op->fields[2].width, 11);
    assert_int_equal(op->fields[0].lsb, 16);
    assert_int_equal(op->fields[0].width, 6);
    assert_null(op->fields[op->nfields].name);

    /* STALLWAIT's condition mask is 13 bits on Blackhole (ttsim says 11:0). */
    op = tt_isa_by_name("ttstallwait");
    int wr = tt_isa_field_index(op, "wait_res");
    assert_true(wr >= 0);
    assert_int_equal(op->fields[wr].lsb, 0);
    assert_int_equal(op->fields[wr].width, 13);

    assert_true(tt_isa_field_index(tt_isa_by_name("GATESRCRST"), "reset_srca_gate_control") >= 0);
    assert_true(tt_isa_field_index(tt_isa_by_name("SETRWC"), "bit_mask") >= 0);
    assert_true(tt_isa_field_index(tt_isa_by_name("SETADCXY"), "ch0_x") >= 0);

    uint32_t w = (0x51u << 24) | (3u << 21) | (5u << 6) | 11u;
    op = tt_isa_by_word(w);
    assert_int_equal(tt_isa_get(w, op, tt_isa_field_index(op, "cnt_set_mask")), 3);
    assert_int_equal(tt_isa_get(w, op, tt_isa_field_index(op, "ch0_x")), 5);
    assert_int_equal(tt_isa_get(w, op, tt_isa_field_index(op, "bit_mask")), 11);
    assert_int_equal(tt_isa_get(w, op, -1), 0);
    assert_int_equal(tt_isa_get(w, op, op->nfields), 0);
}

static void test_isa_disasm_examples(void **state)
{
    (void)state;
    static const struct {
        const char *name;
        uint32_t values[4];
        size_t n;
        uint32_t word;
        const char *text;
    } ex[] = {
        { "SETADCXY", { 0 }, 0, (0x51u << 24) | (3u << 21) | 11u, "ttsetadcxy 3,0,0,0,0,11" },
        { "WRCFG", { 12, 0, 69 }, 3, (0xb0u << 24) | (12u << 16) | 69u, "ttwrcfg 12,0,69" },
        { "SETC16", { 41, 257 }, 2, (0xb2u << 24) | (41u << 16) | 257u, "ttsetc16 41,257" },
        { "STALLWAIT", { 8, 1024 }, 2, (0xa2u << 24) | (8u << 15) | 1024u, "ttstallwait 8,1024" },
        { "SEMGET", { 32 }, 1, (0xa5u << 24) | (32u << 2), "ttsemget 32" },
        { "NOP", { 0 }, 0, 0x02000000u, "ttnop" },
    };
    for (size_t i = 0; i < sizeof ex / sizeof ex[0]; i++) {
        const tt_op_info *op = tt_isa_by_name(ex[i].name);
        uint32_t vals[TT_ISA_MAX_FIELDS] = { 0 };
        size_t n = ex[i].n;
        if (i == 0) { /* SETADCXY: cnt_set_mask 3, ch1_y..ch0_x 0, bit_mask 11 */
            vals[0] = 3;
            vals[5] = 11;
            n = 6;
        } else {
            memcpy(vals, ex[i].values, sizeof ex[i].values);
        }
        uint32_t w = 0;
        char err[256] = "";
        assert_int_equal(tt_isa_encode(op, vals, n, &w, err, sizeof err), 0);
        assert_int_equal(w, ex[i].word);
        assert_disasm(w, ex[i].text);
        assert_disasm(ex[i].word, ex[i].text);
        assert_asm(ex[i].text, ex[i].word);
    }

    /* snprintf semantics */
    char small[8];
    int n = tt_disasm(ex[1].word, small, sizeof small);
    assert_int_equal(n, (int)strlen("ttwrcfg 12,0,69"));
    assert_string_equal(small, "ttwrcfg");
    assert_int_equal(tt_disasm(ex[1].word, NULL, 0), n);
}

static void test_isa_disasm_stray_bits_is_word(void **state)
{
    (void)state;
    /* SETADCXY bit_mask is 4 bits: bit 4 belongs to no field. */
    assert_disasm((0x51u << 24) | (1u << 4), ".word 0x51000010");
    /* wait_res is 12:0: bit 12 decodes, bit 13 does not. */
    assert_disasm((0xa2u << 24) | (1u << 12), "ttstallwait 0,4096");
    assert_disasm((0xa2u << 24) | (1u << 13), ".word 0xa2002000");
    assert_disasm(0x02000001u, ".word 0x02000001");
    assert_asm(".word 0x51000010", 0x51000010u);
}

static void test_isa_undefined_opcode_is_word(void **state)
{
    (void)state;
    size_t defined = 0;
    for (unsigned opc = 0; opc < 256; opc++) {
        const tt_op_info *op = tt_isa_by_opcode((uint8_t)opc);
        if (op) {
            defined++;
            assert_int_equal(op->opcode, opc);
            continue;
        }
        uint32_t w = ((uint32_t)opc << 24) | (rng() & 0xffffffu);
        char want[32];
        snprintf(want, sizeof want, ".word 0x%08x", (unsigned)w);
        assert_null(tt_isa_by_word(w));
        assert_disasm(w, want);
        assert_asm(want, w);
    }
    assert_int_equal(defined, 137);
    assert_disasm(0x00000000u, ".word 0x00000000");
    assert_disasm(0xffffffffu, ".word 0xffffffff");
    assert_asm(".word 4294967295", 0xffffffffu);
    assert_asm("  .WORD 0 # zero", 0u);
}

static void test_isa_roundtrip_random_fields_all_opcodes(void **state)
{
    (void)state;
    rng_state = 0x12345678u;
    for (size_t i = 0; i < tt_isa_count(); i++) {
        const tt_op_info *op = tt_isa_at(i);
        for (int it = 0; it < 256; it++) {
            uint32_t vals[TT_ISA_MAX_FIELDS];
            for (int f = 0; f < op->nfields; f++) {
                uint32_t m = fmask(&op->fields[f]);
                vals[f] = it == 0 ? 0 : it == 1 ? m : (rng() & m);
            }
            uint32_t w = 0;
            char err[256] = "";
            int rc = tt_isa_encode(op, vals, op->nfields, &w, err, sizeof err);
            if (rc)
                print_error("%s: %s\n", op->name, err);
            assert_int_equal(rc, 0);
            assert_int_equal(w >> 24, op->opcode);
            for (int f = 0; f < op->nfields; f++)
                assert_int_equal(tt_isa_get(w, op, f), vals[f]);

            char text[256];
            tt_disasm(w, text, sizeof text);
            assert_int_equal(strncmp(text, "tt", 2), 0);
            assert_asm(text, w);

            /* The same operands in hex, with blanks, upper case, and a comment. */
            char alt[512];
            size_t j = (size_t)snprintf(alt, sizeof alt, "  TT%s ", op->name);
            for (int f = 0; f < op->nfields; f++)
                j += (size_t)snprintf(alt + j, sizeof alt - j, "%s0x%X", f ? " , " : "",
                                      (unsigned)vals[f]);
            snprintf(alt + j, sizeof alt - j, "\t# it %d", it);
            assert_asm(alt, w);
        }
    }
    /* Any word survives disasm -> asm, as an instruction or as .word. */
    for (int it = 0; it < 20000; it++) {
        uint32_t w = rng();
        if (it & 1) { /* a defined opcode, operand bits only inside its fields */
            const tt_op_info *op = tt_isa_at(rng() % tt_isa_count());
            w = ((uint32_t)op->opcode << 24) | (w & tt_isa_operand_mask(op));
            char text[256];
            tt_disasm(w, text, sizeof text);
            assert_int_equal(strncmp(text, "tt", 2), 0);
        }
        char text[256];
        tt_disasm(w, text, sizeof text);
        assert_asm(text, w);
    }
}

static void test_isa_asm_errors(void **state)
{
    (void)state;
    /* unknown mnemonic, with and without a suggestion */
    assert_asm_error("ttsetadcxz 1,2,3,4,5,6", "unknown mnemonic 'ttsetadcxz'");
    assert_asm_error("ttsetadcxz 1,2,3,4,5,6", "did you mean 'ttsetadcxy'?");
    assert_asm_error("ttsfp_stoch 1", "did you mean 'ttsfp_stoch_rnd'?");
    assert_asm_error("ttwrcgf 1,2,3", "did you mean 'ttwrcfg'?");
    assert_asm_error("ttfrobnicate 1", "unknown mnemonic 'ttfrobnicate'");
    {
        char err[256];
        uint32_t w;
        assert_int_equal(tt_asm_line("ttfrobnicate 1", &w, err, sizeof err), -1);
        assert_null(strstr(err, "did you mean"));
    }
    /* operand count */
    assert_asm_error("ttwrcfg 1,2", "ttwrcfg takes 3 operands (gpr_address,wr128b,cfg_reg), got 2");
    assert_asm_error("ttwrcfg 1,2,3,4", "got 4");
    assert_asm_error("ttsemget", "ttsemget takes 1 operand (sem_sel), got 0");
    assert_asm_error("ttnop 1", "ttnop takes no operands, got 1");
    assert_asm_error("ttunpacr 1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1", "got 16");
    assert_asm_error(".word", ".word takes 1 operand, got 0");
    assert_asm_error(".word 1,2", ".word takes 1 operand, got 2");
    /* out of range */
    assert_asm_error("ttwrcfg 0,0,4096",
                     "field 'cfg_reg' of ttwrcfg is 11 bits wide: value 4096 does not fit");
    assert_asm_error("ttwrcfg 0,0,0x800", "value 0x800 does not fit");
    assert_asm_error("ttwrcfg 64,0,0", "field 'gpr_address' of ttwrcfg is 6 bits wide");
    assert_asm_error("ttwrcfg 0,0,99999999999999999999", "value 99999999999999999999 does not fit");
    assert_asm_error(".word 0x100000000", "does not fit in 32 bits");
    assert_asm_error("ttsemget -1", "negative value");
    /* junk */
    assert_asm_error("ttsemget 3x", "unexpected character 'x' at column 11");
    assert_asm_error("ttsemget 3 4", "expected ','");
    assert_asm_error("ttsemget 3;", "unexpected character ';'");
    assert_asm_error("ttsemget 0x", "'0x' without hex digits");
    assert_asm_error("ttsemget abc", "expected a number");
    assert_asm_error("ttwrcfg 1,,2", "missing operand");
    assert_asm_error("ttwrcfg 1,2,", "missing operand");
    assert_asm_error("ttnop,", "after the mnemonic");
    assert_asm_error("$ttnop", "unexpected character '$'");
    assert_asm_error(".wurd 1", "unknown directive '.wurd'");
    assert_asm_error(".", "without a directive name");
    assert_asm_error("", "empty line");
    assert_asm_error("   # just a comment", "empty line");
    assert_true(tt_asm_line_is_blank("   # just a comment"));
    assert_true(tt_asm_line_is_blank(""));
    assert_false(tt_asm_line_is_blank("ttnop"));
    /* accepted forms */
    assert_asm("ttsemget 32 # comment", (0xa5u << 24) | (32u << 2));
    assert_asm("\tTTSEMGET   0x20  ", (0xa5u << 24) | (32u << 2));
    assert_asm("semget 32", (0xa5u << 24) | (32u << 2));
    assert_asm("ttnop#c", 0x02000000u);
    /* err may be NULL */
    uint32_t w;
    assert_int_equal(tt_asm_line("ttbogus", &w, NULL, 0), -1);
}

static void test_isa_encode_errors(void **state)
{
    (void)state;
    const tt_op_info *op = tt_isa_by_opcode(TT_OPC_WRCFG);
    uint32_t v[3] = { 0, 0, 4096 };
    uint32_t w = 7;
    char err[256];
    assert_int_equal(tt_isa_encode(op, v, 3, &w, err, sizeof err), -1);
    assert_string_equal(err, "field 'cfg_reg' of ttwrcfg is 11 bits wide: value 4096 does not fit");
    assert_int_equal(w, 7);
    assert_int_equal(tt_isa_encode(op, v, 2, &w, err, sizeof err), -1);
    assert_string_equal(err, "ttwrcfg takes 3 operands (gpr_address,wr128b,cfg_reg), got 2");
    assert_int_equal(tt_isa_encode(NULL, v, 0, &w, err, sizeof err), -1);
    assert_int_equal(tt_isa_encode(tt_isa_by_opcode(TT_OPC_NOP), NULL, 0, &w, err, sizeof err), 0);
    assert_int_equal(w, 0x02000000u);
}

static void test_isa_fields_do_not_overlap(void **state)
{
    (void)state;
    for (size_t i = 0; i < tt_isa_count(); i++) {
        const tt_op_info *op = tt_isa_at(i);
        uint32_t used = 0;
        assert_true(op->nfields <= TT_ISA_MAX_FIELDS);
        assert_null(op->fields[op->nfields].name);
        for (int f = 0; f < op->nfields; f++) {
            const tt_field *fl = &op->fields[f];
            assert_non_null(fl->name);
            assert_true(fl->width >= 1);
            assert_true(fl->lsb + fl->width <= 24); /* never into the opcode */
            if (f)
                assert_true(op->fields[f - 1].lsb > fl->lsb); /* MSB field first */
            uint32_t m = fmask(fl) << fl->lsb;
            if (used & m)
                print_error("%s.%s overlaps another field\n", op->name, fl->name);
            assert_int_equal(used & m, 0);
            used |= m;
            for (const char *p = fl->name; *p; p++)
                assert_true(islower((unsigned char)*p) || isdigit((unsigned char)*p) || *p == '_');
            for (int g = 0; g < f; g++)
                assert_string_not_equal(op->fields[g].name, fl->name);
        }
        assert_int_equal(tt_isa_operand_mask(op), used);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_isa_table_has_137_instructions),
        cmocka_unit_test(test_isa_lookup_by_name_and_fields),
        cmocka_unit_test(test_isa_disasm_examples),
        cmocka_unit_test(test_isa_disasm_stray_bits_is_word),
        cmocka_unit_test(test_isa_undefined_opcode_is_word),
        cmocka_unit_test(test_isa_roundtrip_random_fields_all_opcodes),
        cmocka_unit_test(test_isa_asm_errors),
        cmocka_unit_test(test_isa_encode_errors),
        cmocka_unit_test(test_isa_fields_do_not_overlap),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
