/* fuzz_disasm.c: libFuzzer target for the disassembler and the field decoder: every 32-bit word,
 * defined opcode or not, disassembles without a crash into a bounded buffer, also a short one; a
 * defined one assembles back to itself (issue 8 part 2). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ttisa.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 4) return 0;
    uint32_t w;
    memcpy(&w, data, 4);
    char dis[128], tiny[8], err[256];
    tt_disasm(w, dis, sizeof dis);
    tt_disasm(w, tiny, sizeof tiny);
    const tt_op_info *op = tt_isa_by_word(w);
    if (op) {
        for (int i = 0; i < op->nfields; i++) (void)tt_isa_get(w, op, i);
        uint32_t back;
        if (tt_asm_line(dis, &back, err, sizeof err) == 0 && back != w) abort();
    }
    return 0;
}
