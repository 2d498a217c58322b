/* stall_name.c: see stall_name.h. */
#include "stall_name.h"

#include <stdio.h>

void tb_stall_name(int code, char *buf, unsigned len)
{
    static const char *const units[] = {"NONE", "SYNC", "CFG", "THCON", "TDMA", "UNPACK0",
                                        "UNPACK1", "MATH", "SFPU", "PACK", "XMOV"};
    static const char *const conds[] = {"THCON", "UNPACK0", "UNPACK1", "PACK", "MATH", "SRCA_CLR", "SRCB_CLR",
                                        "SRCA_VLD", "SRCB_VLD", "XMOV", "TRISC_CFG", "SFPU", "CFGEXU"};
    int kind = (code >> 4) & 15, d = code & 15;
    switch (kind) {
    case 0: snprintf(buf, len, "NONE"); break;
    case 1: snprintf(buf, len, "FIFO_EMPTY"); break;
    case 2: snprintf(buf, len, "WAIT_GATE %s", d < 13 ? conds[d] : "?"); break;
    case 3: snprintf(buf, len, "UNIT_BUSY %s", d < 11 ? units[d] : "?"); break;
    case 4: snprintf(buf, len, "SEM_WAIT sem%d", d); break;
    case 5: snprintf(buf, len, "MUTEX m%d", d); break;
    case 6: snprintf(buf, len, "BANK_WAIT %s%s", d >= 2 ? "math " : "", d & 1 ? "SrcB" : "SrcA"); break;
    case 7: { /* tt_pkg mrule_e: the matrix unit's acceptance rule that holds the thread */
        static const char *const rules[] = {"DST_READ", "AFTER_MOVD2A", "AFTER_MOVD2B", "AFTER_SHIFTXB"};
        snprintf(buf, len, "MATH_RULE %s", d < 4 ? rules[d] : "?");
        break;
    }
    case 8: snprintf(buf, len, "UNP_ADDR UNPACK%s", d == 0 ? "0" : d == 1 ? "1" : "?"); break;
    case 9: snprintf(buf, len, "ARB_LOST %s", d < 11 ? units[d] : "?"); break;
    case 10: snprintf(buf, len, "SFPU_RULE %s", d == 0 ? "MAD_RESULT" : d == 1 ? "NOP_ONLY" : "?"); break;
    default: snprintf(buf, len, "UNKNOWN_%02x", code & 0xFF); break;
    }
}
