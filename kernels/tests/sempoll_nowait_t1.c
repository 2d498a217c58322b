/* sempoll_nowait_t1.c: sempoll_post_t1.c without its STALLWAIT (tests/kernels/
 * neg_sempoll_nowait.tts): the SEMPOST may finish before the WRCFG's two cycles (WRCFG.md), so a
 * poller that sees the post is not ordered after the config write.
 * expect-push: ttwrcfg 4,0,181
 * expect-push: ttsempost 4 */
#include "ckernel.h"

int main(void)
{
    TTI_WRCFG(4, 0, 181);
    TTI_SEMPOST(CKERNEL_SEM_MASK(2));
    return 0;
}
