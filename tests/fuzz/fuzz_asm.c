/* fuzz_asm.c: libFuzzer target for the assembler (tt_asm_line) and, for every word it accepts, the
 * disassembler and the assembler again: the round trip must give the same word (issue 8 part 2). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ttisa.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *line = malloc(size + 1);
    if (!line) return 0;
    memcpy(line, data, size);
    line[size] = 0;
    uint32_t w, w2;
    char err[256], dis[128];
    if (tt_asm_line(line, &w, err, sizeof err) == 0 && !tt_asm_line_is_blank(line)) {
        tt_disasm(w, dis, sizeof dis);
        /* a defined opcode disassembles to a line that assembles to the same word */
        if (tt_isa_by_word(w) && tt_asm_line(dis, &w2, err, sizeof err) == 0 && w2 != w) abort();
    }
    free(line);
    return 0;
}
