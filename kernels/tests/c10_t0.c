/* c10_t0.c: STALLWAIT C10 (TRISC_CFG) orders a TRISC config store before a pushed reader
 * (tests/kernels/c10_wait.tts; BabyRISCV/MemoryOrdering.md: "sw for the earlier store, followed by
 * sw of an appropriate STALLWAIT instruction, followed by sw for the desired instruction").
 * The three stores are back to back (asm: the compiler would put the words' lui/addi between them).
 * The config store (state 0 word 60) leaves the store queue at once and lands TT_KRUN_CFG_LATENCY
 * (4) steps later (docs/decisions.md "Kernels in lockstep"); the STALLWAIT (block B7 CFG, C10)
 * reaches the gate first and holds the RDCFG until it has landed, so GPR 5 reads the stored word.
 * The kernel then waits for the thread (TTSync) and copies GPR 5 to L1 0x1000.
 * expect-push: ttstallwait 0x80,0x400
 * expect-push: ttrdcfg 5,60
 * expect-store: 0xffef00f0 0xcafe0001
 * expect-store: 0xffe80004 0 */
#include "ckernel.h"

int main(void)
{
    __asm__ volatile("sw %[v], 0(%[cfg])\n\t"
                     "sw %[w1], 0(%[push])\n\t"
                     "sw %[w2], 0(%[push])"
                     :
                     : [v] "r"(0xCAFE0001u), [cfg] "r"(TT_CFG_BASE + 4u * 60u),
                       [w1] "r"(TT_OP_STALLWAIT(0x80u, 0x400u)), /* block B7, C10: Blackhole numbering */
                       [w2] "r"(TT_OP_RDCFG(5, 60)), [push] "r"(TT_INSTRN_BUF_BASE)
                     : "memory");
    tensix_sync();
    CKERNEL_REG32(0x1000u) = gpr_read(5);
    return 0;
}
