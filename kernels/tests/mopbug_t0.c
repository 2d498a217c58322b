/* mopbug_t0.c (a negative test's kernel, a kernel with a bug): TRISC0 pushes eight ADDDMAREGs
 * and a MOP behind them, then writes MOP config word 1 without waiting for the expander (the
 * missing mop_sync()): the MOP is still queued. MOPExpander.md "Configuration": software must not
 * change MopCfg while an expansion is in progress; the model reports the store as undefined and
 * the run names the pc of that store (main's last sw: tests/kernels/neg_mopbug.tts,
 * run_kernel_tests.sh).
 * expect-push: ttadddmareg 1,10,1,10
 * expect-push: ttmop 1,0,0
 * expect-store: 0xffb80004 1 */
#include "ckernel.h"

int main(void)
{
#pragma GCC unroll 1
    for (uint32_t i = 0; i < 8u; i++) {
        TTI_ADDDMAREG(1, 10, 1, 10);
    }
    TTI_MOP(1, 0, 0);
    mop_cfg_write(1, 1); /* bug: no mop_sync() before it */
    return 0;
}
