/* gprrace_t0.c: a kernel with a race (tests/kernels/neg_gprrace.tts): it pushes a WRCFG that reads
 * GPR 4, then rewrites GPR 4 by an MMIO store without waiting, so the pushed instruction may read
 * it before or after the store lands (docs/decisions.md "Race detector", GPRs; the file-stream
 * twin is tests/hazard/gpr_store_after_push.tts).
 * expect-push: ttwrcfg 4,0,180
 * expect-store: 0xffe00010 0x200 */
#include "ckernel.h"

int main(void)
{
    TTI_WRCFG(4, 0, 180);
    gpr_write(4, 0x200u);
    return 0;
}
