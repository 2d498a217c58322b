/* loop_t1.c: TRISC1 pushes ADDDMAREG (GPR 10 += 1, the constant form: ADDDMAREG.md) 40 times in a
 * loop, more than the thread's FIFO holds, so the core stalls on full FIFO; waits for the thread
 * (TTSync), reads GPR 10 back by MMIO, branches on it and stores to L1 (tests/kernels/loop.tts):
 * 0x2000 = GPR 10 (40), 0x2004 = 1 when it is 40, else 2. The loop has one push store in the code.
 * expect-push: ttadddmareg 1,10,1,10
 * expect-store: 0xffe80004 0 */
#include "ckernel.h"

int main(void)
{
#pragma GCC unroll 1
    for (uint32_t i = 0; i < 40u; i++) {
        TTI_ADDDMAREG(1, 10, 1, 10);
    }
    tensix_sync();
    const uint32_t v = gpr_read(10);
    CKERNEL_REG32(0x2000u) = v;
    CKERNEL_REG32(0x2004u) = v == 40u ? 1u : 2u;
    return 0;
}
