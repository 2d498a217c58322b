/* thcon.c: the scalar unit (ThCon). Semantics: ISA documentation ScalarUnit, SETDMAREG_Immediate,
 * SETDMAREG_Special, ADDDMAREG, SUBDMAREG, MULDMAREG, BITWOPDMAREG, SHIFTDMAREG, CMPDMAREG,
 * LOADIND, STOREIND_L1, LOADREG, STOREREG (Wormhole pages; Blackhole has none of its own), see
 * docs/decisions.md "ThCon". */
#include "thcon.h"

#include "l1_read_log.h"

#include "ttisa.h"

static uint16_t half_get(tt_model *m, int t, uint32_t h)
{
    /* Half-register h: bits [15:0] of GPR h/2 when h is even, [31:16] when odd. */
    return (uint16_t)(tt_gpr_read(m, t, h >> 1) >> (16 * (h & 1u)));
}

static uint32_t half_set(tt_model *m, int t, uint32_t h, uint16_t v)
{
    uint32_t sh = 16 * (h & 1u);
    uint32_t *g = &m->gpr[t][h >> 1];
    *g = (*g & ~(0xFFFFu << sh)) | ((uint32_t)v << sh);
    return *g;
}

static void record_gpr(tt_exec_result *r, uint32_t idx, uint32_t v)
{
    tt_effects_gpr(&r->eff, idx, v);
}

/* ---------------------------------------------------------------------------------------------
 * SETDMAREG
 * ------------------------------------------------------------------------------------------- */

/* SETDMAREG_Special InputSource values that read packer state (0..9); 10..15 leave Values[] at
 * its initial zero. */
static const char *const special_source_name[10] = {
    "packer AccTileSize/LastTileSize", "packer AllZeroFlags", "packer 0 tile header",
    "packer 1 tile header", "packer 2 tile header", "packer 3 tile header",
    "exponent histogram, low half", "exponent histogram, high half",
    "AllZeroFlags bit 0 with AccTileSize reset", "max exponent"};

static void setdmareg_special(tt_model *m, int t, uint32_t insn, tt_exec_result *r)
{
    uint32_t res_half = tt_bits(insn, 0, 7), src = tt_bits(insn, 11, 4);
    uint32_t size = tt_bits(insn, 22, 2);
    if (src < 10) {
        tt_result_fail(r, TT_UNIMPLEMENTED,
                       "SETDMAREG set-signals form (bit 7) is not implemented for InputSource %u (%s): "
                       "the packers are not modelled",
                       src, special_source_name[src]);
        return;
    }
    /* Values[4] = 0: the instruction writes zeros (SETDMAREG_Special "set four GPRs to zero"). */
    switch (size) {
    case 0:
        record_gpr(r, res_half >> 1, half_set(m, t, res_half, 0));
        break;
    case 1:
        m->gpr[t][res_half >> 1] = 0;
        record_gpr(r, res_half >> 1, 0);
        break;
    case 2: {
        uint32_t g = (res_half >> 1) & 0x3Cu;
        for (uint32_t k = 0; k < 4; k++) {
            m->gpr[t][g + k] = 0;
            record_gpr(r, g + k, 0);
        }
        break;
    }
    default: {
        /* Tile-header merge: TileSize (word 0 [15:0]), DataFormat/DisableZeroCompression/SpareBits
         * (word 1 [23:16]) and AllZeroFlags (word 2) take the (zero) values; the rest is kept. */
        uint32_t g = (res_half >> 1) & 0x3Cu;
        m->gpr[t][g] &= ~0xFFFFu;
        m->gpr[t][g + 1] &= ~0x00FF0000u;
        m->gpr[t][g + 2] = 0;
        /* The three words holding merged fields are written (the fourth is untouched). */
        for (uint32_t k = 0; k < 3; k++)
            record_gpr(r, g + k, m->gpr[t][g + k]);
        break;
    }
    }
}

void tt_exec_setdmareg(tt_model *m, int thread, uint32_t insn, tt_exec_result *r)
{
    if (tt_bits(insn, 7, 1)) {
        setdmareg_special(m, thread, insn, r);
        return;
    }
    uint32_t h = tt_bits(insn, 0, 7);
    record_gpr(r, h >> 1, half_set(m, thread, h, (uint16_t)tt_bits(insn, 8, 16)));
}

/* ---------------------------------------------------------------------------------------------
 * ADDDMAREG, SUBDMAREG, MULDMAREG, BITWOPDMAREG, SHIFTDMAREG, CMPDMAREG
 * Encoding: [23] OpBisConst, [20:18] Mode (BITWOP/SHIFT/CMP), [17:12] ResultReg,
 * [11:6] RightReg or RightImm6 (SHIFTDMAREG: RightImm5 in [10:6]), [5:0] LeftReg.
 * ------------------------------------------------------------------------------------------- */

typedef enum { ALU_ADD, ALU_SUB, ALU_MUL, ALU_BITWOP, ALU_SHIFT, ALU_CMP } alu_kind;

static const struct {
    uint8_t opcode;
    alu_kind kind;
    const char *name;
    uint8_t modes;         /* defined Mode values 0..modes-1; 0: no Mode field */
    const char *mode_names;
} alu_ops[] = {
    {TT_OPC_ADDDMAREG, ALU_ADD, "ADDDMAREG", 0, ""},
    {TT_OPC_SUBDMAREG, ALU_SUB, "SUBDMAREG", 0, ""},
    {TT_OPC_MULDMAREG, ALU_MUL, "MULDMAREG", 0, ""},
    {TT_OPC_BITWOPDMAREG, ALU_BITWOP, "BITWOPDMAREG", 3, "0 AND, 1 OR, 2 XOR"},
    {TT_OPC_SHIFTDMAREG, ALU_SHIFT, "SHIFTDMAREG", 2, "0 left, 1 right"},
    {TT_OPC_CMPDMAREG, ALU_CMP, "CMPDMAREG", 3, "0 GT, 1 LT, 2 EQ"},
};

static uint32_t alu(alu_kind k, uint32_t mode, uint32_t l, uint32_t rv)
{
    switch (k) {
    case ALU_ADD: return l + rv;                                  /* uint32 wrap-around */
    case ALU_SUB: return l - rv;                                  /* Left - Right, wraps */
    case ALU_MUL: return (l & 0xFFFFu) * (rv & 0xFFFFu);          /* 16 x 16 -> 32, unsigned */
    case ALU_BITWOP: return mode == 0 ? (l & rv) : mode == 1 ? (l | rv) : (l ^ rv);
    case ALU_SHIFT: return mode == 0 ? l << rv : l >> rv;         /* rv < 32 */
    case ALU_CMP: return (mode == 0 ? l > rv : mode == 1 ? l < rv : l == rv) ? 1u : 0u;
    }
    return 0;
}

void tt_exec_dmareg_alu(tt_model *m, int thread, uint32_t insn, tt_exec_result *r)
{
    uint8_t opc = (uint8_t)(insn >> 24);
    size_t i = 0;
    while (alu_ops[i].opcode != opc)
        i++; /* the exec table sends only these opcodes here */
    uint32_t a = tt_bits(insn, 0, 6), b = tt_bits(insn, 6, 6), d = tt_bits(insn, 12, 6);
    uint32_t mode = tt_bits(insn, 18, 3);
    bool is_const = tt_bits(insn, 23, 1);
    if (alu_ops[i].modes && mode >= alu_ops[i].modes) {
        tt_result_fail(r, TT_UNDEFINED, "%s mode %u is undefined (defined: %s)", alu_ops[i].name, mode,
                       alu_ops[i].mode_names);
        return;
    }
    uint32_t rv;
    if (alu_ops[i].kind == ALU_SHIFT)
        /* Register form: the amount is GPR & 0x1F; immediate form: the 5-bit field [10:6]. */
        rv = is_const ? tt_bits(insn, 6, 5) : tt_gpr_read(m, thread, b) & 0x1Fu;
    else
        rv = is_const ? b : tt_gpr_read(m, thread, b);
    uint32_t v = alu(alu_ops[i].kind, mode, tt_gpr_read(m, thread, a), rv);
    m->gpr[thread][d] = v;
    record_gpr(r, d, v);
}

/* ---------------------------------------------------------------------------------------------
 * STOREIND / LOADIND (L1). Address = GPR[AddrReg] * 16 + half[OffsetHalfReg]; the offset
 * half-register post-increments by {0, 2, 4, 16}; sizes 0 = 128-bit (four GPRs), 1 = 32-bit,
 * 2 = 16-bit, 3 = 8-bit; the address is aligned down to the size.
 * ------------------------------------------------------------------------------------------- */

static const uint16_t post_inc[4] = {0, 2, 4, 16};
static const uint32_t size_bytes[4] = {16, 4, 2, 1};

/* The L1 address of a LOADIND/STOREIND, or false (with the result failed) when it is past L1. */
static bool l1_address(tt_model *m, int t, const char *name, uint32_t areg, uint32_t offh,
                       uint32_t *addr, tt_exec_result *r)
{
    *addr = tt_gpr_read(m, t, areg) * 16u + half_get(m, t, offh);
    if (*addr >= TT_L1_BYTES) {
        tt_result_fail(r, TT_UNDEFINED, "%s L1 address 0x%x is past L1 (0x%x bytes)", name, *addr,
                       TT_L1_BYTES);
        return false;
    }
    return true;
}

void tt_exec_storeind(tt_model *m, int thread, uint32_t insn, tt_exec_result *r)
{
    if (!tt_bits(insn, 23, 1)) {
        tt_result_fail(r, TT_UNIMPLEMENTED, "STOREIND to %s (bit 23 = 0) is not implemented",
                       tt_bits(insn, 22, 1) ? "MMIO" : "SrcA/SrcB");
        return;
    }
    uint32_t areg = tt_bits(insn, 0, 6), dreg = tt_bits(insn, 6, 6);
    uint32_t inc = tt_bits(insn, 12, 2), offh = tt_bits(insn, 14, 7), size = tt_bits(insn, 21, 2);
    if ((offh >> 1) == areg || (offh >> 1) == dreg ||
        (size == 0 && (offh >> 1) >= (dreg & 0x3Cu) && (offh >> 1) < (dreg & 0x3Cu) + 4)) {
        tt_result_fail(r, TT_UNDEFINED, "STOREIND offset half-register %u aliases its address or data GPR",
                       offh);
        return;
    }
    uint32_t addr;
    if (!l1_address(m, thread, "STOREIND", areg, offh, &addr, r)) return;
    uint16_t off = half_get(m, thread, offh);
    if (post_inc[inc]) record_gpr(r, offh >> 1, half_set(m, thread, offh, (uint16_t)(off + post_inc[inc])));

    uint32_t n = size_bytes[size], a = addr & ~(n - 1u);
    uint8_t data[16];
    for (uint32_t i = 0; i < n; i++) {
        uint32_t g = size == 0 ? (dreg & 0x3Cu) + i / 4 : dreg;
        data[i] = (uint8_t)(tt_gpr_read(m, thread, g) >> (8 * (i % 4)));
    }
    uint8_t *line = m->l1 + (a & ~15u);
    for (uint32_t i = 0; i < n; i++)
        line[(a & 15u) + i] = data[i];
    r->eff.kinds |= TT_EFF_L1;
    r->eff.n_l1 = 1;
    r->eff.l1_addr[0] = a & ~15u;
    r->eff.l1_be[0] = (uint16_t)(((1u << n) - 1u) << (a & 15u));
    for (int i = 0; i < 16; i++)
        r->eff.l1_line[0][i] = line[i];
}

/* LOADIND: [23:22] Size, [20:14] OffsetHalfReg, [13:12] OffsetIncrement, [11:6] ResultReg,
 * [5:0] AddrReg. The result GPR is ResultReg (Size != 0) or ResultReg & 0x3C (128-bit). The
 * address and offset are taken and the offset incremented first; the loaded data is written after
 * (LOADIND "captured, and then at some later point"), so it wins over an aliasing increment. The
 * model executes at retire, where the RTL reads L1 too (docs/design.md ordering contract). */
void tt_exec_loadind(tt_model *m, int thread, uint32_t insn, tt_exec_result *r)
{
    uint32_t areg = tt_bits(insn, 0, 6), res = tt_bits(insn, 6, 6);
    uint32_t inc = tt_bits(insn, 12, 2), offh = tt_bits(insn, 14, 7), size = tt_bits(insn, 22, 2);
    uint32_t addr;
    if (!l1_address(m, thread, "LOADIND", areg, offh, &addr, r)) return;
    uint16_t off = half_get(m, thread, offh);
    if (post_inc[inc]) half_set(m, thread, offh, (uint16_t)(off + post_inc[inc]));

    uint32_t n = size_bytes[size], a = addr & ~(n - 1u);
    uint32_t g = size == 0 ? res & 0x3Cu : res;
    tt_l1_read_log(m, a);
    const uint8_t *p = m->l1 + a;
    if (size == 0) {
        for (uint32_t k = 0; k < 4; k++)
            m->gpr[thread][g + k] = (uint32_t)p[4 * k] | (uint32_t)p[4 * k + 1] << 8 |
                                    (uint32_t)p[4 * k + 2] << 16 | (uint32_t)p[4 * k + 3] << 24;
    } else {
        /* 16- and 8-bit loads keep the GPR's upper bits. */
        uint32_t v = 0, keep = n == 4 ? 0 : ~0u << (8 * n);
        for (uint32_t i = 0; i < n; i++)
            v |= (uint32_t)p[i] << (8 * i);
        m->gpr[thread][g] = (m->gpr[thread][g] & keep) | v;
    }
    /* Every GPR written is reported with its final value: the incremented offset (unless the
     * load overwrote it) and the loaded GPRs (docs/decisions.md "Multi-GPR retire effects"). */
    if (post_inc[inc]) record_gpr(r, offh >> 1, m->gpr[thread][offh >> 1]);
    for (uint32_t k = 0; k < (size == 0 ? 4u : 1u); k++)
        record_gpr(r, g + k, m->gpr[thread][g + k]);
}

/* ---------------------------------------------------------------------------------------------
 * LOADREG / STOREREG: [23:18] GPR, [17:0] AddrLo; address 0xFFB00000 + AddrLo * 4. Below
 * 0xFFB11000 is undefined; everything from there (TDMA-RISC, debug, PIC, NoC, overlay, Dst
 * window) is outside the state this model keeps (BH BabyRISCV memory map).
 * ------------------------------------------------------------------------------------------- */

static const struct {
    uint32_t lo, hi;
    const char *name;
} regwin[] = {
    {0xFFB11000u, 0xFFB11FFFu, "TDMA-RISC registers"},
    {0xFFB12000u, 0xFFB12FFFu, "tile control / debug / status registers"},
    {0xFFB13000u, 0xFFB13FFFu, "PIC registers / pc snapshots"},
    {0xFFB14000u, 0xFFB1DFFFu, "RISCV local data RAM (slow path)"},
    {0xFFB20000u, 0xFFB2FFFFu, "NoC 0 registers"},
    {0xFFB30000u, 0xFFB3FFFFu, "NoC 1 registers"},
    {0xFFB40000u, 0xFFB7FFFFu, "NoC overlay registers"},
    {0xFFB80000u, 0xFFB80023u, "MOP expander configuration (not mapped for the coprocessor)"},
    {0xFFBD8000u, 0xFFBDFFFFu, "Dst window"},
};

void tt_exec_loadstorereg(tt_model *m, int thread, uint32_t insn, tt_exec_result *r)
{
    (void)m, (void)thread;
    const char *name = (insn >> 24) == TT_OPC_LOADREG ? "LOADREG" : "STOREREG";
    uint32_t addr = 0xFFB00000u + tt_bits(insn, 0, 18) * 4u;
    if (addr < 0xFFB11000u) {
        tt_result_fail(r, TT_UNDEFINED, "%s address 0x%08x is below 0xFFB11000", name, addr);
        return;
    }
    const char *what = "an unmapped address";
    for (size_t i = 0; i < sizeof regwin / sizeof regwin[0]; i++)
        if (addr >= regwin[i].lo && addr <= regwin[i].hi) what = regwin[i].name;
    tt_result_fail(r, TT_UNIMPLEMENTED, "%s of 0x%08x (%s) is not implemented: not modelled", name, addr,
                   what);
}
