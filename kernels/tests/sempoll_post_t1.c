/* sempoll_post_t1.c: the poster of tests/kernels/sempoll_store.tts and neg_sempoll_nopoll.tts:
 * thread 1 writes config word 181 from its GPR 4 (WRCFG), then posts semaphore 2 once the
 * configuration unit is done (STALLWAIT block B1, condition C12 CFGEXU, then SEMPOST: TTSync.md
 * "Tensix semaphores", tt-llk's t6_semaphore_post), so the post carries the WRCFG's write.
 * expect-push: ttwrcfg 4,0,181
 * expect-push: ttstallwait 2,0x1000
 * expect-push: ttsempost 4 */
#include "ckernel.h"

int main(void)
{
    TTI_WRCFG(4, 0, 181);
    TTI_STALLWAIT(0x002u, 0x1000u);
    TTI_SEMPOST(CKERNEL_SEM_MASK(2));
    return 0;
}
