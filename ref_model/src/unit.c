/* unit.c: the execution unit of an instruction (ttunit.h). */
#include "ttunit.h"

#include "frontend.h" /* tt_fe_is_frontend_op */
#include "ttisa.h"

int tt_timing_unit(uint32_t insn)
{
    const tt_op_info *op = tt_isa_by_word(insn);
    if (!op || tt_fe_is_frontend_op(insn)) return TT_U_NONE;
    switch (op->res) {
    case TT_RES_SYNC: return TT_U_SYNC;
    case TT_RES_CFG: return TT_U_CFG;
    case TT_RES_THCON: return TT_U_THCON;
    case TT_RES_TDMA: return TT_U_TDMA;
    case TT_RES_UNPACK: return (insn >> 23 & 1u) ? TT_U_UNPACK1 : TT_U_UNPACK0;
    case TT_RES_MATH: return TT_U_MATH;
    case TT_RES_SFPU: return TT_U_SFPU;
    case TT_RES_PACK: return TT_U_PACK;
    case TT_RES_XMOV: return TT_U_XMOV;
    default: return TT_U_NONE;
    }
}
