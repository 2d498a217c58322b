/* Unit tests for the TRISC interpreter (ref_model/src/trisc.c) and the ELF loader (tb/elf_loader.c),
 * issue 29 part 1. Tests are named after the page / section they check: the RISC-V unprivileged
 * spec (RV32I, "M", "Zicsr") and tt-isa-documentation's BabyRISCV pages. Instruction words are
 * encoded here from the spec's formats; expected values are worked by hand in the comments. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "elf_loader.h"
#include "tttrisc.h"

/* ---- encoders (RISC-V unprivileged spec, "Base Instruction Formats") ---- */
static uint32_t R(unsigned f7, unsigned rs2, unsigned rs1, unsigned f3, unsigned rd, unsigned op)
{
    return (f7 << 25) | (rs2 << 20) | (rs1 << 15) | (f3 << 12) | (rd << 7) | op;
}
static uint32_t I(int32_t imm, unsigned rs1, unsigned f3, unsigned rd, unsigned op)
{
    return ((uint32_t)imm << 20) | (rs1 << 15) | (f3 << 12) | (rd << 7) | op;
}
static uint32_t S(int32_t imm, unsigned rs2, unsigned rs1, unsigned f3)
{
    uint32_t u = (uint32_t)imm;
    return ((u >> 5 & 0x7F) << 25) | (rs2 << 20) | (rs1 << 15) | (f3 << 12) | ((u & 31) << 7) | 0x23;
}
static uint32_t B(int32_t imm, unsigned rs2, unsigned rs1, unsigned f3)
{
    uint32_t u = (uint32_t)imm;
    return ((u >> 12 & 1) << 31) | ((u >> 5 & 0x3F) << 25) | (rs2 << 20) | (rs1 << 15) | (f3 << 12) |
           ((u >> 1 & 0xF) << 8) | ((u >> 11 & 1) << 7) | 0x63;
}
static uint32_t J(int32_t imm, unsigned rd)
{
    uint32_t u = (uint32_t)imm;
    return ((u >> 20 & 1) << 31) | ((u >> 1 & 0x3FF) << 21) | ((u >> 11 & 1) << 20) | ((u >> 12 & 0xFF) << 12) |
           (rd << 7) | 0x6F;
}
#define OP 0x33u
#define OPIMM 0x13u
#define EBREAK 0x00100073u
#define NOP 0x00000013u
static uint32_t CSRR(unsigned f3, unsigned csr, unsigned rs1, unsigned rd) { return (csr << 20) | (rs1 << 15) | (f3 << 12) | (rd << 7) | 0x73; }

/* ---- a test bus: 64 KiB of L1, a log of other stores, optional stalls ---- */
#define L1N 65536u
typedef struct {
    uint8_t l1[L1N];
    int n_st;
    uint32_t st_addr[16], st_val[16];
    tt_rv_region_kind st_kind[16];
    int stall_left; /* stall this many accesses outside L1 first */
} tbus;

static tt_rv_mem_status bload(void *ctx, const tt_rv_region *rg, uint32_t addr, unsigned size, bool fetch,
                              uint32_t *v)
{
    tbus *b = ctx;
    (void)fetch;
    if (rg->kind == TT_RV_REG_L1) {
        if (addr + size > L1N) return TT_RV_MEM_FAULT;
        uint32_t r = 0;
        for (unsigned i = 0; i < size; i++) r |= (uint32_t)b->l1[addr + i] << (8 * i);
        *v = r;
        return TT_RV_MEM_OK;
    }
    if (b->stall_left > 0) {
        b->stall_left--;
        return TT_RV_MEM_STALL;
    }
    *v = 0x5EA0u;
    return TT_RV_MEM_OK;
}

static tt_rv_mem_status bstore(void *ctx, const tt_rv_region *rg, uint32_t addr, unsigned size, uint32_t v)
{
    tbus *b = ctx;
    if (rg->kind == TT_RV_REG_L1) {
        if (addr + size > L1N) return TT_RV_MEM_FAULT;
        for (unsigned i = 0; i < size; i++) b->l1[addr + i] = (uint8_t)(v >> (8 * i));
        return TT_RV_MEM_OK;
    }
    if (b->stall_left > 0) {
        b->stall_left--;
        return TT_RV_MEM_STALL;
    }
    if (b->n_st < 16) {
        b->st_addr[b->n_st] = addr;
        b->st_val[b->n_st] = v;
        b->st_kind[b->n_st] = rg->kind;
        b->n_st++;
    }
    return TT_RV_MEM_OK;
}

typedef struct {
    tbus bus;
    tt_rv_core core;
} fixture;

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    if (!f) return -1;
    tt_rv_init(&f->core, 0, 0, (tt_rv_bus){&f->bus, bload, bstore});
    *state = f;
    return 0;
}
static int teardown(void **state)
{
    free(*state);
    return 0;
}

static void put(fixture *f, uint32_t addr, uint32_t w)
{
    for (int i = 0; i < 4; i++) f->bus.l1[addr + i] = (uint8_t)(w >> (8 * i));
}
static uint32_t get(fixture *f, uint32_t addr)
{
    uint32_t r = 0;
    for (int i = 0; i < 4; i++) r |= (uint32_t)f->bus.l1[addr + i] << (8 * i);
    return r;
}

/* Load words at 0, then ebreak; run to the end; it must end well. */
static void run_prog(fixture *f, const uint32_t *w, int n)
{
    for (int i = 0; i < n; i++) put(f, 4u * (uint32_t)i, w[i]);
    put(f, 4u * (uint32_t)n, EBREAK);
    tt_status s = tt_rv_run(&f->core, 1000);
    if (s != TT_OK || !f->core.done) fail_msg("status %s: %s", tt_status_name(s), f->core.msg);
}

/* rd x3 = op(x1 = a, x2 = b) */
static uint32_t rr(fixture *f, uint32_t insn, uint32_t a, uint32_t b)
{
    tt_rv_init(&f->core, 0, 0, f->core.bus);
    f->core.x[1] = a;
    f->core.x[2] = b;
    run_prog(f, &insn, 1);
    return f->core.x[3];
}
#define ALU(f7, f3) R(f7, 2, 1, f3, 3, OP)

/* RV32I "Integer Register-Register Operations": ADD/SUB wrap modulo 2^32, no overflow trap. */
static void test_rv32i_add_sub_wrap(void **state)
{
    fixture *f = *state;
    assert_int_equal(rr(f, ALU(0, 0), 0x7FFFFFFFu, 1), 0x80000000u);
    assert_int_equal(rr(f, ALU(0, 0), 0xFFFFFFFFu, 1), 0);
    assert_int_equal(rr(f, ALU(0x20, 0), 0x80000000u, 1), 0x7FFFFFFFu);
    assert_int_equal(rr(f, ALU(0x20, 0), 0, 1), 0xFFFFFFFFu);
    /* ADDI sign-extends its 12-bit immediate: 5 + (-1) = 4 */
    assert_int_equal(rr(f, I(-1, 1, 0, 3, OPIMM), 5, 0), 4);
}

/* RV32I shifts: SRA fills with the sign bit, SRL with zeros; only the low 5 bits of rs2 count. */
static void test_rv32i_shifts_sra_sign(void **state)
{
    fixture *f = *state;
    assert_int_equal(rr(f, ALU(0x20, 5), 0x80000000u, 4), 0xF8000000u);
    assert_int_equal(rr(f, ALU(0, 5), 0x80000000u, 4), 0x08000000u);
    assert_int_equal(rr(f, ALU(0x20, 5), 0x80000000u, 36), 0xF8000000u); /* 36 & 31 = 4 */
    assert_int_equal(rr(f, ALU(0x20, 5), 0x40000000u, 4), 0x04000000u);   /* positive: zeros */
    assert_int_equal(rr(f, ALU(0, 1), 0x00000001u, 31), 0x80000000u);
    assert_int_equal(rr(f, I(0x400 | 31, 1, 5, 3, OPIMM), 0x80000000u, 0), 0xFFFFFFFFu); /* SRAI 31 */
    assert_int_equal(rr(f, I(31, 1, 5, 3, OPIMM), 0x80000000u, 0), 1);                   /* SRLI 31 */
}

/* RV32I SLT/SLTU/SLTIU: signed vs unsigned compare; SLTIU compares with the sign-extended immediate. */
static void test_rv32i_slt_sltu(void **state)
{
    fixture *f = *state;
    assert_int_equal(rr(f, ALU(0, 2), 0xFFFFFFFFu, 1), 1); /* -1 < 1 */
    assert_int_equal(rr(f, ALU(0, 3), 0xFFFFFFFFu, 1), 0); /* 0xFFFFFFFF > 1 unsigned */
    assert_int_equal(rr(f, ALU(0, 2), 1, 0xFFFFFFFFu), 0);
    assert_int_equal(rr(f, ALU(0, 3), 1, 0xFFFFFFFFu), 1);
    assert_int_equal(rr(f, I(-1, 1, 3, 3, OPIMM), 5, 0), 1); /* 5 < 0xFFFFFFFF */
    assert_int_equal(rr(f, I(-1, 1, 2, 3, OPIMM), 5, 0), 0); /* 5 < -1 signed: no */
}

/* "M" extension, division table: x/0 = -1 (DIV) or 2^32-1 (DIVU), x%0 = x, INT_MIN/-1 = INT_MIN
 * with remainder 0; quotients round toward zero, the remainder takes the dividend's sign. */
static void test_m_division_corner_cases(void **state)
{
    fixture *f = *state;
    assert_int_equal(rr(f, ALU(1, 4), 1234, 0), 0xFFFFFFFFu);
    assert_int_equal(rr(f, ALU(1, 5), 1234, 0), 0xFFFFFFFFu);
    assert_int_equal(rr(f, ALU(1, 6), 0xFFFFFF85u, 0), 0xFFFFFF85u); /* REM -123 by 0 = -123 */
    assert_int_equal(rr(f, ALU(1, 7), 1234, 0), 1234);
    assert_int_equal(rr(f, ALU(1, 4), 0x80000000u, 0xFFFFFFFFu), 0x80000000u);
    assert_int_equal(rr(f, ALU(1, 6), 0x80000000u, 0xFFFFFFFFu), 0);
    assert_int_equal(rr(f, ALU(1, 4), (uint32_t)-7, 2), (uint32_t)-3);
    assert_int_equal(rr(f, ALU(1, 6), (uint32_t)-7, 2), (uint32_t)-1);
    assert_int_equal(rr(f, ALU(1, 5), 0xFFFFFFFFu, 10), 429496729u);
    assert_int_equal(rr(f, ALU(1, 7), 0xFFFFFFFFu, 10), 5); /* 4294967295 = 429496729*10 + 5 */
}

/* "M" extension multiplies: MUL low 32 bits; MULH signed x signed, MULHSU signed x unsigned,
 * MULHU unsigned x unsigned, high 32 bits of the 64-bit product. */
static void test_m_mul_high_extremes(void **state)
{
    fixture *f = *state;
    assert_int_equal(rr(f, ALU(1, 0), 0x80000000u, 2), 0);
    assert_int_equal(rr(f, ALU(1, 1), 0x80000000u, 0x80000000u), 0x40000000u); /* 2^62 */
    assert_int_equal(rr(f, ALU(1, 1), 0xFFFFFFFFu, 0xFFFFFFFFu), 0);           /* -1*-1 = 1 */
    assert_int_equal(rr(f, ALU(1, 1), 0x80000000u, 0x7FFFFFFFu), 0xC0000000u); /* -2^62+2^31 */
    assert_int_equal(rr(f, ALU(1, 3), 0xFFFFFFFFu, 0xFFFFFFFFu), 0xFFFFFFFEu); /* 2^64-2^33+1 */
    assert_int_equal(rr(f, ALU(1, 2), 0xFFFFFFFFu, 0xFFFFFFFFu), 0xFFFFFFFFu); /* -(2^32-1) */
    assert_int_equal(rr(f, ALU(1, 2), 0x80000000u, 0xFFFFFFFFu), 0x80000000u); /* -2^63+2^31 */
    assert_int_equal(rr(f, ALU(1, 2), 0x7FFFFFFFu, 0xFFFFFFFFu), 0x7FFFFFFEu); /* (2^31-1)(2^32-1) */
}

/* RV32I loads: LB/LH sign-extend, LBU/LHU zero-extend (local data RAM, little-endian). */
static void test_rv32i_load_extension(void **state)
{
    fixture *f = *state;
    f->core.local[0] = 0x80;
    f->core.local[2] = 0x01;
    f->core.local[3] = 0x80;
    f->core.x[1] = TT_RV_LOCAL_BASE;
    const uint32_t p[] = {I(0, 1, 0, 3, 3), I(0, 1, 4, 4, 3), I(2, 1, 1, 5, 3), I(2, 1, 5, 6, 3), I(0, 1, 2, 7, 3)};
    run_prog(f, p, 5);
    assert_int_equal(f->core.x[3], 0xFFFFFF80u);
    assert_int_equal(f->core.x[4], 0x80u);
    assert_int_equal(f->core.x[5], 0xFFFF8001u);
    assert_int_equal(f->core.x[6], 0x8001u);
    assert_int_equal(f->core.x[7], 0x80010080u);
}

/* WormholeB0 BabyRISCV README.md "Faults / exceptions": misaligned accesses are rounded down to the
 * nearest aligned address (decisions: taken for Blackhole, whose pages we have say nothing). */
static void test_faults_misaligned_rounded_down(void **state)
{
    fixture *f = *state;
    f->core.x[1] = TT_RV_LOCAL_BASE;
    f->core.x[2] = 0xA1B2C3D4u;
    const uint32_t p[] = {S(7, 2, 1, 2),       /* sw to +7 writes +4..+7 */
                          I(6, 1, 2, 3, 3),    /* lw from +6 reads +4 */
                          S(3, 2, 1, 1),       /* sh to +3 writes +2..+3 */
                          I(3, 1, 5, 4, 3)};   /* lhu from +3 reads +2 */
    run_prog(f, p, 4);
    assert_int_equal(f->core.local[4], 0xD4);
    assert_int_equal(f->core.local[7], 0xA1);
    assert_int_equal(f->core.x[3], 0xA1B2C3D4u);
    assert_int_equal(f->core.local[2], 0xD4);
    assert_int_equal(f->core.local[3], 0xC3);
    assert_int_equal(f->core.x[4], 0xC3D4u);
}

/* RV32I "Conditional Branches": BLT signed, BLTU unsigned; offsets relative to the branch. */
static void test_rv32i_branches(void **state)
{
    fixture *f = *state;
    f->core.x[1] = 0xFFFFFFFFu;
    f->core.x[2] = 1;
    const uint32_t p[] = {B(8, 2, 1, 4),          /* 0: blt -1,1: taken -> 8 */
                          I(1, 0, 0, 3, OPIMM),   /* 4: skipped */
                          B(8, 2, 1, 6),          /* 8: bltu 0xFFFFFFFF,1: not taken */
                          I(2, 0, 0, 4, OPIMM),   /* 12: x4 = 2 */
                          B(8, 1, 1, 0),          /* 16: beq x1,x1: taken -> 24 */
                          I(3, 0, 0, 5, OPIMM),   /* 20: skipped */
                          B(-8, 0, 0, 1)};        /* 24: bne x0,x0: not taken */
    run_prog(f, p, 7);
    assert_int_equal(f->core.x[3], 0);
    assert_int_equal(f->core.x[4], 2);
    assert_int_equal(f->core.x[5], 0);
    assert_int_equal(f->core.pc, 28); /* the ebreak */
}

/* RV32I JAL / JALR: rd = pc + 4; JALR's target is (rs1 + imm) with bit 0 cleared. */
static void test_rv32i_jal_jalr(void **state)
{
    fixture *f = *state;
    f->core.x[2] = 0x11; /* odd: bit 0 cleared -> 0x10 */
    const uint32_t p[] = {J(8, 1),                 /* 0: jal x1, 8 */
                          I(1, 0, 0, 9, OPIMM),    /* 4: skipped */
                          I(0, 2, 0, 6, 0x67),     /* 8: jalr x6, 0(x2) -> 0x10 */
                          I(1, 0, 0, 9, OPIMM),    /* 12: skipped */
                          I(7, 0, 0, 5, OPIMM)};   /* 16: x5 = 7 */
    run_prog(f, p, 5);
    assert_int_equal(f->core.x[1], 4);
    assert_int_equal(f->core.x[6], 12);
    assert_int_equal(f->core.x[5], 7);
    assert_int_equal(f->core.x[9], 0);
}

/* No compressed instructions: a jump to pc 0x12 (bit 1 set) is undefined behaviour, reported there. */
static void test_rv32i_jalr_to_unaligned_pc_undefined(void **state)
{
    fixture *f = *state;
    f->core.x[2] = 0x13; /* bit 0 cleared by JALR -> 0x12 */
    put(f, 0, I(0, 2, 0, 1, 0x67));
    assert_int_equal(tt_rv_run(&f->core, 10), TT_UNDEFINED);
    assert_int_equal(f->core.x[1], 4);
    assert_non_null(strstr(f->core.msg, "pc 0x00000012"));
    assert_non_null(strstr(f->core.msg, "not 4-byte aligned"));
}

/* RV32I LUI / AUIPC: upper immediate; AUIPC adds it to its own pc. x0 stays zero. */
static void test_rv32i_lui_auipc_x0(void **state)
{
    fixture *f = *state;
    const uint32_t p[] = {0xFFFFF1B7u,            /* lui x3, 0xFFFFF */
                          NOP,
                          0x00001217u,            /* 8: auipc x4, 1 -> 0x1008 */
                          I(5, 0, 0, 0, OPIMM)};  /* addi x0, x0, 5: no effect */
    run_prog(f, p, 4);
    assert_int_equal(f->core.x[3], 0xFFFFF000u);
    assert_int_equal(f->core.x[4], 0x1008u);
    assert_int_equal(f->core.x[0], 0);
}

/* CSRs.md: cycle (0xC00) is a read/write alias of mcycle; cycleh the high half. The counter counts
 * completed cycles (decisions): the third instruction reads 2. */
static void test_csrs_cycle_counter_read_write(void **state)
{
    fixture *f = *state;
    f->core.x[1] = 100;
    f->core.x[2] = 5;
    const uint32_t p[] = {NOP, NOP,
                          CSRR(2, 0xC00, 0, 3),  /* 2: csrrs x3, cycle, x0 -> 2 */
                          CSRR(1, 0xB00, 1, 0),  /* 3: csrrw x0, mcycle, x1 (=100) */
                          CSRR(2, 0xC00, 0, 4),  /* 4: reads 101 */
                          CSRR(1, 0xC80, 2, 0),  /* 5: cycleh = 5 */
                          CSRR(2, 0xB80, 0, 5),  /* 6: mcycleh -> 5 */
                          CSRR(2, 0xC02, 0, 6),  /* 7: instret -> 7 retired before */
                          CSRR(2, 0x301, 0, 7),  /* 8: misa */
                          CSRR(1, 0x301, 1, 8),  /* 9: write misa (read-only), old value to x8 */
                          CSRR(2, 0x301, 0, 9)}; /* 10: still the fixed value */
    run_prog(f, p, 11);
    assert_int_equal(f->core.x[3], 2);
    assert_int_equal(f->core.x[4], 101);
    assert_int_equal(f->core.x[5], 5);
    assert_int_equal(f->core.x[6], 7);
    assert_int_equal(f->core.x[7], 0x40201123u);
    assert_int_equal(f->core.x[9], 0x40201123u);
}

/* CSRs.md cfg0 resets with StMergeTimer (bits 13..17) = 16; cfg1 is scratch: CSRRS / CSRRC set and
 * clear bits. */
static void test_csrs_cfg0_reset_scratch_set_clear(void **state)
{
    fixture *f = *state;
    f->core.x[1] = 0xF0;
    f->core.x[2] = 0x30;
    const uint32_t p[] = {CSRR(2, 0x7C0, 0, 3), CSRR(2, 0x7C3, 1, 0), CSRR(3, 0x7C3, 2, 0),
                          CSRR(6, 0x7C3, 1, 4) /* csrrsi x4, cfg1, 1: old value */, CSRR(2, 0x7C3, 0, 5)};
    run_prog(f, p, 5);
    assert_int_equal(f->core.x[3], 0x20000u);
    assert_int_equal(f->core.x[4], 0xC0u);
    assert_int_equal(f->core.x[5], 0xC1u);
}

static void expect_stop(fixture *f, uint32_t at, uint32_t insn, tt_status want, const char *text)
{
    for (uint32_t a = 0; a < at; a += 4) put(f, a, NOP);
    put(f, at, insn);
    put(f, at + 4, EBREAK);
    tt_status s = tt_rv_run(&f->core, 100);
    char pc[32];
    snprintf(pc, sizeof pc, "pc 0x%08x", at);
    if (s != want || f->core.done || !strstr(f->core.msg, pc) || !strstr(f->core.msg, text))
        fail_msg("insn 0x%08x: status %s, msg '%s'; want %s with '%s' and '%s'", insn, tt_status_name(s),
                 f->core.msg, tt_status_name(want), pc, text);
    assert_int_equal(f->core.stop_pc, at);
}

/* Blackhole README.md "Instruction set": invalid instructions are UndefinedBehavior; what Blackhole
 * has and we do not model (Zaamo, F, V, Zbb) is unimplemented; privileged returns are unsupported. */
static void test_instruction_set_illegal_by_category(void **state)
{
    fixture *f = *state;
    expect_stop(f, 8, 0xFFFFFFFFu, TT_UNDEFINED, "undefined behaviour");
}
static void test_instruction_set_zaamo_unimplemented(void **state)
{
    expect_stop(*state, 4, 0x0020A1AFu /* amoadd.w x3,x2,(x1) */, TT_UNIMPLEMENTED, "unimplemented");
}
static void test_instruction_set_zbb_unimplemented(void **state)
{
    expect_stop(*state, 0, R(0x05, 2, 1, 4, 3, OP) /* min */, TT_UNIMPLEMENTED, "Zba/Zbb");
}
static void test_instruction_set_mret_unsupported(void **state)
{
    expect_stop(*state, 0, 0x30200073u, TT_UNSUPPORTED, "unsupported");
}
static void test_csrs_unknown_csr_undefined(void **state)
{
    expect_stop(*state, 4, CSRR(2, 0x7FF, 0, 3), TT_UNDEFINED, "CSR 0x7ff");
}
static void test_csrs_fcsr_unimplemented(void **state)
{
    expect_stop(*state, 0, CSRR(2, 0x003, 0, 3), TT_UNIMPLEMENTED, "CSR 0x003");
}

/* PushTensixInstruction.md ".ttinsn": a word whose low two bits are not 0b11 stores itself rotated
 * right by two to INSTRN_BUF_BASE. .ttinsn 0x02000000 is encoded 0x08000000; 0x40000001 -> 0x00000005. */
static void test_push_ttinsn_stores_rotated_word(void **state)
{
    fixture *f = *state;
    f->core.x[1] = TT_RV_INSTRN_BUF_BASE;
    f->core.x[2] = 0x12345678u;
    const uint32_t p[] = {0x08000000u, 0x00000005u, S(0, 2, 1, 2)};
    run_prog(f, p, 3);
    assert_int_equal(f->bus.n_st, 3);
    assert_int_equal(f->bus.st_addr[0], 0xFFE40000u);
    assert_int_equal(f->bus.st_val[0], 0x02000000u);
    assert_int_equal(f->bus.st_val[1], 0x40000001u);
    assert_int_equal(f->bus.st_val[2], 0x12345678u);
    assert_int_equal(f->bus.st_kind[2], TT_RV_REG_PUSH);
}

/* A stalled access (a full FIFO) retries: pc and registers unchanged, the cycle counter advances. */
static void test_bus_stall_retries_and_counts_cycles(void **state)
{
    fixture *f = *state;
    f->core.x[1] = TT_RV_INSTRN_BUF_BASE;
    put(f, 0, S(0, 0, 1, 2));
    put(f, 4, CSRR(2, 0xC00, 0, 3));
    put(f, 8, EBREAK);
    f->bus.stall_left = 3;
    for (int i = 0; i < 3; i++) {
        assert_int_equal(tt_rv_step(&f->core), TT_BLOCKED);
        assert_int_equal(f->core.pc, 0);
    }
    assert_int_equal(f->bus.n_st, 0);
    assert_int_equal(tt_rv_step(&f->core), TT_OK);
    assert_int_equal(f->bus.n_st, 1);
    assert_int_equal(tt_rv_run(&f->core, 10), TT_OK);
    assert_int_equal(f->core.x[3], 4); /* 3 stalled cycles + the store */
    assert_int_equal(f->core.instret, 3);
}

/* README.md "Memory map": an address in no region is an error naming address and pc. 0xFFB01000 is
 * past T0's 4 KiB local RAM; 0xFFE50000 (INSTRN1_BUF_BASE) is unmapped for T cores. */
static void test_memory_map_unmapped_is_error(void **state)
{
    fixture *f = *state;
    f->core.x[1] = 0xFFB01000u;
    expect_stop(f, 4, S(0, 0, 1, 2), TT_ERROR, "0xffb01000");
    tt_rv_init(&f->core, 1, 0, f->core.bus);
    f->core.x[1] = 0xFFE50000u;
    expect_stop(f, 0, I(0, 1, 2, 3, 3), TT_ERROR, "0xffe50000");
    assert_non_null(strstr(f->core.msg, "TRISC1"));
}

/* README.md "Frontend": instructions come from L1 only. */
static void test_frontend_fetch_outside_l1_is_error(void **state)
{
    fixture *f = *state;
    tt_rv_init(&f->core, 0, TT_RV_LOCAL_BASE, f->core.bus);
    assert_int_equal(tt_rv_step(&f->core), TT_ERROR);
    assert_non_null(strstr(f->core.msg, "L1 only"));
}

/* The memory map table: ascending, no overlap, the T-side regions where the page puts them. */
static void test_memory_map_table(void **state)
{
    (void)state;
    size_t n = 0;
    const tt_rv_region *m = tt_rv_memory_map(&n);
    assert_true(n >= 15);
    for (size_t i = 1; i < n; i++) assert_true((uint64_t)m[i - 1].base + m[i - 1].size <= m[i].base);
    assert_int_equal(tt_rv_region_of(0x0017FFFFu)->kind, TT_RV_REG_L1);
    assert_null(tt_rv_region_of(0x00180000u));
    assert_int_equal(tt_rv_region_of(0xFFB00FFFu)->kind, TT_RV_REG_LOCAL);
    assert_int_equal(tt_rv_region_of(0xFFB80020u)->kind, TT_RV_REG_MOP_CFG);
    assert_null(tt_rv_region_of(0xFFB80024u));
    assert_int_equal(tt_rv_region_of(0xFFE00FFCu)->kind, TT_RV_REG_GPR);
    assert_int_equal(tt_rv_region_of(0xFFE4FFFCu)->kind, TT_RV_REG_PUSH);
    assert_int_equal(tt_rv_region_of(0xFFE80000u)->kind, TT_RV_REG_PCBUF);
    assert_int_equal(tt_rv_region_of(0xFFE80004u)->kind, TT_RV_REG_TTSYNC);
    assert_int_equal(tt_rv_region_of(0xFFE80020u)->kind, TT_RV_REG_SEM);
    assert_int_equal(tt_rv_region_of(0xFFEC3FFCu)->kind, TT_RV_REG_MAILBOX);
    assert_int_equal(tt_rv_region_of(0xFFEF0000u)->kind, TT_RV_REG_CFG);
    assert_null(tt_rv_region_of(0xFFE90000u));
}

/* A core that never reaches ebreak: tt_rv_run reports it did not finish. */
static void test_run_never_finishes_is_error(void **state)
{
    fixture *f = *state;
    put(f, 0, J(0, 0)); /* j . */
    assert_int_equal(tt_rv_run(&f->core, 50), TT_ERROR);
    assert_non_null(strstr(f->core.msg, "did not finish"));
}

/* ---- ELF loader ---- */
/* A one-segment ELF32: header, one program header, payload of `n` bytes at paddr (memsz n + bss). */
static size_t make_elf(uint8_t *b, uint8_t cls, uint8_t data, uint16_t machine, uint32_t flags, uint32_t paddr,
                       const uint8_t *payload, uint32_t n, uint32_t bss)
{
    memset(b, 0, 52 + 32 + n);
    memcpy(b, "\177ELF", 4);
    b[4] = cls;
    b[5] = data;
    b[6] = 1;
#define W16(o, v) (b[o] = (uint8_t)(v), b[(o) + 1] = (uint8_t)((v) >> 8))
#define W32(o, v) (W16(o, (v) & 0xFFFF), W16((o) + 2, (v) >> 16))
    W16(16, 2);
    W16(18, machine);
    W32(20, 1);
    W32(24, paddr);
    W32(28, 52);
    W32(36, flags);
    W16(40, 52);
    W16(42, 32);
    W16(44, 1);
    W32(52, 1);
    W32(56, 84);
    W32(60, paddr);
    W32(64, paddr);
    W32(68, n);
    W32(72, n + bss);
    memcpy(b + 84, payload, n);
    return 84 + n;
}

static void elf_fails(const uint8_t *b, size_t len, tt_rv_core *core, uint8_t *l1, const char *text)
{
    tt_elf_target t = {l1, 4096, core};
    char err[300] = "";
    int r = tt_elf_load_mem("k.elf", b, len, &t, NULL, err, sizeof err);
    if (r == 0 || !strstr(err, "k.elf: ") || !strstr(err, text)) fail_msg("r=%d err '%s', want '%s'", r, err, text);
}

static void test_elf_bad_input_each_case(void **state)
{
    fixture *f = *state;
    uint8_t b[256], pl[8] = {0x13, 0, 0, 0, 0x73, 0, 0x10, 0};
    size_t n;
    elf_fails((const uint8_t *)"#!/bin/sh\n", 10, &f->core, f->bus.l1, "not an ELF file");
    n = make_elf(b, 1, 1, 243, 0, 0x100, pl, 8, 0);
    elf_fails(b, 40, &f->core, f->bus.l1, "truncated");                      /* header cut */
    elf_fails(b, 70, &f->core, f->bus.l1, "truncated");                      /* program header cut */
    elf_fails(b, n - 1, &f->core, f->bus.l1, "truncated");                   /* segment bytes cut */
    make_elf(b, 2, 1, 243, 0, 0x100, pl, 8, 0);
    elf_fails(b, n, &f->core, f->bus.l1, "expected ELFCLASS32");
    make_elf(b, 1, 2, 243, 0, 0x100, pl, 8, 0);
    elf_fails(b, n, &f->core, f->bus.l1, "expected little-endian");
    make_elf(b, 1, 1, 62, 0, 0x100, pl, 8, 0);
    elf_fails(b, n, &f->core, f->bus.l1, "expected EM_RISCV (243)");
    make_elf(b, 1, 1, 243, 0x2, 0x100, pl, 8, 0);
    elf_fails(b, n, &f->core, f->bus.l1, "expected ilp32");
    make_elf(b, 1, 1, 243, 0x1, 0x100, pl, 8, 0);
    elf_fails(b, n, &f->core, f->bus.l1, "RVC");
    make_elf(b, 1, 1, 243, 0, 4092, pl, 8, 0); /* crosses the end of the 4 KiB L1 given */
    elf_fails(b, n, &f->core, f->bus.l1, "outside the core's memory");
    make_elf(b, 1, 1, 243, 0, TT_RV_LOCAL_BASE + TT_RV_LOCAL_BYTES - 4, pl, 8, 0);
    elf_fails(b, n, &f->core, f->bus.l1, "outside the core's memory");
    make_elf(b, 1, 1, 243, 0, 0x20000000u, pl, 8, 0);
    elf_fails(b, n, &f->core, f->bus.l1, "outside the core's memory");
    /* nothing was written by the failed loads */
    for (int i = 0; i < 4096; i++) assert_int_equal(f->bus.l1[i], 0);
    char err[300] = "";
    tt_elf_target t = {f->bus.l1, 4096, &f->core};
    assert_int_not_equal(tt_elf_load_file("/nonexistent/k.elf", &t, NULL, err, sizeof err), 0);
    assert_non_null(strstr(err, "/nonexistent/k.elf: cannot open"));
}

static void test_elf_good_segment_and_bss(void **state)
{
    fixture *f = *state;
    uint8_t b[256], pl[8] = {0x13, 0, 0, 0, 0x73, 0, 0x10, 0};
    memset(f->core.local, 0xEE, 64);
    size_t n = make_elf(b, 1, 1, 243, 0, TT_RV_LOCAL_BASE + 8, pl, 8, 8);
    tt_elf_target t = {f->bus.l1, 4096, &f->core};
    tt_elf_info info = {0, 0};
    char err[300] = "";
    assert_int_equal(tt_elf_load_mem("k.elf", b, n, &t, &info, err, sizeof err), 0);
    assert_int_equal(info.n_load, 1);
    assert_int_equal(info.entry, TT_RV_LOCAL_BASE + 8);
    assert_int_equal(f->core.local[8], 0x13);
    assert_int_equal(f->core.local[14], 0x10);
    for (int i = 16; i < 24; i++) assert_int_equal(f->core.local[i], 0); /* bss zeroed */
    assert_int_equal(f->core.local[24], 0xEE);
    n = make_elf(b, 1, 1, 243, 0, 0x200, pl, 8, 0);
    assert_int_equal(tt_elf_load_mem("k.elf", b, n, &t, &info, err, sizeof err), 0);
    assert_int_equal(get(f, 0x204), EBREAK);
}

/* A real program from the Debian cross compiler (tests/unit/trisc_prog.c), run to its ebreak.
 * Worked by hand: checksum s = s*31 + d over 1..8: 1, 33, 1026, 31810, 986115, 30569571,
 * 947656708, 29377357956 mod 2^32 = 29377357956 - 6*2^32 = 3607554180 = 0xD706E884;
 * 10! = 3628800; -100/7 = -14 (0xFFFFFFF2), -100%7 = -2; 0xFFFFFFFF/10 = 429496729;
 * 0x89ABCDEF * 0x12345678 = 0x09CA39E0_E242D208. */
static void test_elf_real_program_runs(void **state)
{
    fixture *f = *state;
    tt_elf_target t = {f->bus.l1, L1N, &f->core};
    tt_elf_info info = {0, 0};
    char err[300] = "";
    if (tt_elf_load_file(TRISC_PROG_ELF, &t, &info, err, sizeof err)) fail_msg("%s", err);
    tt_rv_init(&f->core, 0, info.entry, f->core.bus);
    tt_status s = tt_rv_run(&f->core, 100000);
    if (s != TT_OK || !f->core.done) fail_msg("%s: %s", tt_status_name(s), f->core.msg);
    assert_int_equal(get(f, 0x100), 0xD706E884u);
    assert_int_equal(get(f, 0x104), 3628800u);
    assert_int_equal(get(f, 0x108), 0xFFFFFFF2u);
    assert_int_equal(get(f, 0x10C), 0xFFFFFFFEu);
    assert_int_equal(get(f, 0x110), 429496729u);
    assert_int_equal(get(f, 0x114), 0x09CA39E0u);
    assert_int_equal(get(f, 0x118), 0xE242D208u);
    assert_int_equal(get(f, 0x11C), 0xC0FFEEu);
    assert_int_equal(f->core.x[2], 0xFFB01000u); /* sp back at the top of local RAM */
}

/* The real ELF cut at every length, and with each header byte flipped: never a crash, and every
 * cut that loses a needed byte is an error naming the file. The bytes past the last segment
 * (section headers, symbols) are not needed, so cuts there still load. */
static void test_elf_truncated_and_corrupted_never_crash(void **state)
{
    fixture *f = *state;
    FILE *fp = fopen(TRISC_PROG_ELF, "rb");
    assert_non_null(fp);
    static uint8_t img[1 << 16];
    size_t len = fread(img, 1, sizeof img, fp);
    fclose(fp);
    assert_true(len > 84 && len < sizeof img);
    /* the end of the last PT_LOAD's file bytes: worked from the image's own program headers */
    uint32_t phoff = (uint32_t)img[28] | (uint32_t)img[29] << 8, need = phoff + 32u * img[44];
    for (unsigned i = 0; i < img[44]; i++) {
        const uint8_t *ph = img + phoff + 32 * i;
        uint32_t off = ph[4] | ph[5] << 8 | (uint32_t)ph[6] << 16, fsz = ph[16] | ph[17] << 8 | (uint32_t)ph[18] << 16;
        if (ph[0] == 1 && off + fsz > need) need = off + fsz;
    }
    tt_elf_target t = {f->bus.l1, L1N, &f->core};
    char err[300];
    for (size_t n = 0; n < len; n++) {
        err[0] = 0;
        int r = tt_elf_load_mem("p.elf", img, n, &t, NULL, err, sizeof err);
        if ((n < need) != (r != 0)) fail_msg("cut at %zu (need %u): r=%d '%s'", n, need, r, err);
        if (r && strncmp(err, "p.elf: ", 7) != 0) fail_msg("cut at %zu: '%s'", n, err);
    }
    static uint8_t bad[1 << 16];
    for (size_t i = 0; i < 84; i++) {
        memcpy(bad, img, len);
        bad[i] ^= 0xFF;
        (void)tt_elf_load_mem("p.elf", bad, len, &t, NULL, err, sizeof err);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
#define T(fn) cmocka_unit_test_setup_teardown(fn, setup, teardown)
        T(test_rv32i_add_sub_wrap),
        T(test_rv32i_shifts_sra_sign),
        T(test_rv32i_slt_sltu),
        T(test_m_division_corner_cases),
        T(test_m_mul_high_extremes),
        T(test_rv32i_load_extension),
        T(test_faults_misaligned_rounded_down),
        T(test_rv32i_branches),
        T(test_rv32i_jal_jalr),
        T(test_rv32i_jalr_to_unaligned_pc_undefined),
        T(test_rv32i_lui_auipc_x0),
        T(test_csrs_cycle_counter_read_write),
        T(test_csrs_cfg0_reset_scratch_set_clear),
        T(test_instruction_set_illegal_by_category),
        T(test_instruction_set_zaamo_unimplemented),
        T(test_instruction_set_zbb_unimplemented),
        T(test_instruction_set_mret_unsupported),
        T(test_csrs_unknown_csr_undefined),
        T(test_csrs_fcsr_unimplemented),
        T(test_push_ttinsn_stores_rotated_word),
        T(test_bus_stall_retries_and_counts_cycles),
        T(test_memory_map_unmapped_is_error),
        T(test_frontend_fetch_outside_l1_is_error),
        T(test_memory_map_table),
        T(test_run_never_finishes_is_error),
        T(test_elf_bad_input_each_case),
        T(test_elf_good_segment_and_bss),
        T(test_elf_real_program_runs),
        T(test_elf_truncated_and_corrupted_never_crash),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
