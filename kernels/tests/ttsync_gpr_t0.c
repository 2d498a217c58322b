/* ttsync_gpr_t0.c: neg_gprrace's kernel (gprrace_t0.c) with the wait it lacks: the pushed WRCFG
 * reads GPR 4, then the kernel waits until thread 0 is idle (TTSync CoprocessorDoneCheck: store,
 * load, consume; TTSync.md) and only then rewrites GPR 4 by an MMIO store. The race detector takes
 * the completed TTSync load as a drain of thread 0 (docs/decisions.md "Kernels' RISC-V side"), so
 * the store comes after the WRCFG's read: no race (tests/kernels/ttsync_store.tts).
 * expect-push: ttwrcfg 4,0,180
 * expect-store: 0xffe80004 0
 * expect-store: 0xffe00010 0x200 */
#include "ckernel.h"

int main(void)
{
    TTI_WRCFG(4, 0, 180);
    tensix_sync();
    gpr_write(4, 0x200u);
    return 0;
}
