/* unmapped_t0.c (a negative test's kernel): after one push, a store to 0xFFD00000, which no
 * region of the TRISC memory map holds (BabyRISCV/README.md "Memory map": nothing between Tensix
 * Dst's window and the GPRs at 0xFFE00000). The run must stop naming the address, the core and
 * the pc (tests/kernels/neg_unmapped.tts).
 * expect-push: ttnop
 * expect-store: 0xffd00000 1 */
#include "ckernel.h"

int main(void)
{
    TTI_NOP;
    CKERNEL_REG32(0xFFD00000u) = 1u;
    return 0;
}
