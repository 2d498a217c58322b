/* thcon.c: the scalar unit (ThCon). Semantics: ISA documentation SETDMAREG_Immediate, ADDDMAREG,
 * STOREIND_L1 (Wormhole pages; Blackhole has no page of its own), see docs/decisions.md. */
#include "thcon.h"

static uint16_t half_get(const tt_model *m, int t, uint32_t h)
{
    /* Half-register h: bits [15:0] of GPR h/2 when h is even, [31:16] when odd. */
    return (uint16_t)(m->gpr[t][h >> 1] >> (16 * (h & 1u)));
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
    r->eff.kinds |= TT_EFF_GPR;
    r->eff.gpr_idx = (uint8_t)idx;
    r->eff.gpr_data = v;
}

void tt_exec_setdmareg(tt_model *m, int thread, uint32_t insn, tt_exec_result *r)
{
    if (tt_bits(insn, 7, 1)) {
        /* The special form reads packer state; Blackhole's single packer leaves it undocumented. */
        tt_result_fail(r, TT_UNIMPLEMENTED, "SETDMAREG set-signals form (bit 7) is not implemented");
        return;
    }
    uint32_t h = tt_bits(insn, 0, 7);
    record_gpr(r, h >> 1, half_set(m, thread, h, (uint16_t)tt_bits(insn, 8, 16)));
}

void tt_exec_adddmareg(tt_model *m, int thread, uint32_t insn, tt_exec_result *r)
{
    uint32_t a = tt_bits(insn, 0, 6), b = tt_bits(insn, 6, 6), d = tt_bits(insn, 12, 6);
    uint32_t rhs = tt_bits(insn, 23, 1) ? b : m->gpr[thread][b];
    uint32_t v = m->gpr[thread][a] + rhs; /* uint32 wrap-around */
    m->gpr[thread][d] = v;
    record_gpr(r, d, v);
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
    uint16_t off = half_get(m, thread, offh);
    uint32_t addr = m->gpr[thread][areg] * 16u + off;
    if (addr >= TT_L1_BYTES) {
        tt_result_fail(r, TT_UNDEFINED, "STOREIND L1 address 0x%x is past L1 (0x%x bytes)", addr,
                       TT_L1_BYTES);
        return;
    }
    static const uint16_t incs[4] = {0, 2, 4, 16};
    if (incs[inc]) record_gpr(r, offh >> 1, half_set(m, thread, offh, (uint16_t)(off + incs[inc])));

    /* Size 0 = 128-bit from GPRs (data & 0x3C)..+3; 1 = 32-bit; 2 = 16-bit; 3 = 8-bit. Misaligned low
     * address bits are dropped. */
    static const uint32_t bytes[4] = {16, 4, 2, 1};
    uint32_t n = bytes[size], a = addr & ~(n - 1u);
    uint8_t data[16];
    for (uint32_t i = 0; i < n; i++) {
        uint32_t g = size == 0 ? (dreg & 0x3Cu) + i / 4 : dreg;
        data[i] = (uint8_t)(m->gpr[thread][g] >> (8 * (i % 4)));
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
