/* push.c: the smallest kernel, one per TRISC (built as push_t0/1/2.elf with -DTRISC_ID=i).
 * Each thread writes a ThreadConfig word with SETC16 and pushes a NOP. The expected words are
 * written as assembly text; `make kernels` assembles them with build/ttmodel asm and compares
 * them with the words the compiled code stores to INSTRN_BUF_BASE (tools/check_kernel_elf.py).
 * expect-push: ttsetc16 41,257      (TRISC_ID 0)
 * expect-push: ttsetc16 41,258      (TRISC_ID 1)
 * expect-push: ttsetc16 41,259      (TRISC_ID 2)
 * expect-push: ttnop
 * The checker keeps the line whose "(TRISC_ID n)" matches and every line without one. */
#include "ckernel.h"

int main(void)
{
    TTI_SETC16(41, 257 + TRISC_ID);
    TTI_NOP;
    return 0;
}
