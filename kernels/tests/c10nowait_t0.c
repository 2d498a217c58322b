/* c10nowait_t0.c: c10_t0.c without the STALLWAIT (tests/kernels/neg_c10_nowait.tts): the RDCFG
 * pushed right after the config store passes the gate while the store is still in flight (it lands
 * 4 steps after leaving the store queue: docs/decisions.md "Kernels in lockstep"); nothing orders
 * the two, and the race detector reports them ("danger one", BackendConfiguration.md,
 * MemoryOrdering.md).
 * expect-push: ttrdcfg 5,60
 * expect-store: 0xffef00f0 0xcafe0001
 * expect-store: 0xffe80004 0 */
#include "ckernel.h"

int main(void)
{
    __asm__ volatile("sw %[v], 0(%[cfg])\n\t"
                     "sw %[w2], 0(%[push])"
                     :
                     : [v] "r"(0xCAFE0001u), [cfg] "r"(TT_CFG_BASE + 4u * 60u), [w2] "r"(TT_OP_RDCFG(5, 60)),
                       [push] "r"(TT_INSTRN_BUF_BASE)
                     : "memory");
    tensix_sync();
    CKERNEL_REG32(0x1000u) = gpr_read(5);
    return 0;
}
