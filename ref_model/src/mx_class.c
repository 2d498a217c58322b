/* mx_class.c: matrix-unit instruction classes (mx_class.h; the opcodes' pages ELWADD.md, ELWSUB.md,
 * ELWMUL.md, MVMUL.md, GAPOOL.md, GMPOOL.md). */
#include "mx_class.h"

#include "ttisa.h"

bool tt_mx_arith(uint32_t insn)
{
    switch ((uint8_t)(insn >> 24)) {
    case TT_OPC_ELWADD:
    case TT_OPC_ELWSUB:
    case TT_OPC_ELWMUL:
    case TT_OPC_MVMUL:
    case TT_OPC_GAPOOL:
    case TT_OPC_GMPOOL: return true;
    default: return false;
    }
}

unsigned tt_mx_arith_addr_mod(uint32_t insn)
{
    const uint8_t op = (uint8_t)(insn >> 24);
    return op == TT_OPC_GMPOOL || op == TT_OPC_GAPOOL ? (insn >> 15 & 7u) : (insn >> 14 & 7u);
}
