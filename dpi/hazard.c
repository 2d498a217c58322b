/* hazard.c: the race detector's words (hazard.h). */
#include "hazard.h"

#include <stdio.h>
#include <string.h>

#include "ttisa.h"
#include "tttiming.h"

const char *hazard_adc_set_name(unsigned set)
{
    static const char *const sets[TT_ADC_SETS] = {"unpacker 0", "unpacker 1", "packer"};
    return set < TT_ADC_SETS ? sets[set] : "?";
}

const char *hazard_unit_cond(uint32_t insn)
{
    switch (tt_timing_unit(insn)) {
    case TT_U_THCON: return "C0 (THCON)";
    case TT_U_UNPACK0: return "C1 (UNPACK0)";
    case TT_U_UNPACK1: return "C2 (UNPACK1)";
    case TT_U_PACK: return "C3 (PACK)";
    case TT_U_MATH: return "C4 (MATH)";
    case TT_U_CFG: return "C12 (CFGEXU)";
    case TT_U_SFPU: return "C11 (SFPU)";
    default: return "a condition on its unit";
    }
}

const char *hazard_unit_block(uint32_t insn)
{
    switch (tt_timing_unit(insn)) {
    case TT_U_TDMA: return "B0";
    case TT_U_SYNC: return "B1 (SYNC)";
    case TT_U_PACK: return "B2 (PACK)";
    case TT_U_UNPACK0:
    case TT_U_UNPACK1: return "B3 (UNPACK)";
    case TT_U_XMOV: return "B4 (XMOV)";
    case TT_U_THCON: return "B5 (THCON)";
    case TT_U_MATH: return "B6 (MATH)";
    case TT_U_CFG: return "B7 (CFG)";
    case TT_U_SFPU: return "B8 (SFPU)";
    default: return "the block bit of its unit";
    }
}

bool hazard_src_owner(const tt_bank_state *b, uint32_t insn, uint8_t src_rd, uint8_t src_wr, char *element,
                      size_t element_len, char *fix, size_t fix_len)
{
    const uint8_t opc = (uint8_t)(insn >> 24);
    if (opc == TT_OPC_ZEROSRC) return false; /* clears banks whatever their owner (ZEROSRC.md) */
    const int unit = tt_timing_unit(insn);
    const bool unpacker = unit == TT_U_UNPACK0 || unit == TT_U_UNPACK1;
    if (!unpacker && unit != TT_U_MATH) return false;
    const uint8_t want = unpacker ? TT_CLIENT_UNPACKERS : TT_CLIENT_MATRIX;
    const uint8_t acc = src_rd | src_wr;
    for (int i = 0; i < 4; i++) {
        if (!(acc >> i & 1u)) continue;
        const int file = i / 2, bank = i % 2;
        const uint8_t client = file ? b->srcb_client[bank] : b->srca_client[bank];
        if (client == want) continue;
        snprintf(element, element_len, "%s bank %d (AllowedClient: %s)", file ? "SrcB" : "SrcA", bank,
                 client == TT_CLIENT_MATRIX ? "the matrix unit" : "the unpackers");
        snprintf(fix, fix_len, "the %s %s a bank it does not own: bank ownership (dvalid) is what orders Src rows "
                               "between the unpackers and the matrix unit, so this is a broken invariant of the "
                               "model or the RTL, not of the program",
                 unpacker ? "unpacker" : "matrix unit", src_wr >> i & 1u ? "wrote" : "read");
        return true;
    }
    return false;
}
