/* cfgpoll_wrcfg_t1.c: thread 1 writes config word 181 from its GPR 4 (WRCFG), polled by
 * cfgpoll_store_t0.c (tests/kernels/cfgpoll_store.tts).
 * expect-push: ttwrcfg 4,0,181 */
#include "ckernel.h"

int main(void)
{
    TTI_WRCFG(4, 0, 181);
    return 0;
}
