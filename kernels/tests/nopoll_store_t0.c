/* nopoll_store_t0.c: sempoll_store_t0.c without the poll (tests/kernels/neg_sempoll_nopoll.tts):
 * TRISC0 stores config word 181 while thread 1's WRCFG of it is unordered with the store: a race.
 * expect-push: ttnop
 * expect-store: 0xffef02d4 0x55 */
#include "ckernel.h"

int main(void)
{
    TTI_NOP; /* a push of its own: the thread has one instruction */
    cfg_write(181, 0x55u);
    return 0;
}
