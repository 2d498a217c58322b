/* badpush_t2.c (a negative test's kernel): TRISC2 pushes a NOP, then a word whose opcode 0xFF is
 * no Blackhole instruction; the run's failure report must name the pc of the store that pushed it
 * (the second sw of main, which tests/kernels/run_kernel_tests.sh finds with objdump).
 * expect-push: ttnop
 * expect-push: .word 0xff000000 */
#include "ckernel.h"

int main(void)
{
    TTI_NOP;
    ckernel_push(0xFF000000u);
    return 0;
}
