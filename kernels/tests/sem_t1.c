/* sem_t1.c: the consumer half of the semaphore pair (with sem_t0.c). TRISC1 polls semaphore 1
 * (a load from SemaphoreAccess[1]) until TRISC0 has posted, takes it (an odd value stored is a
 * get), then pushes. A Tensix-side semaphore round trip follows: SEMPOST then SEMWAIT (block mask B1, condition C0: wait while Value == 0) on
 * semaphore 2 (sem_sel is a mask), which does not block, as the post comes first.
 * expect-store: 0xffe80024 1
 * expect-push: ttsetc16 13,9
 * expect-push: ttsempost 4
 * expect-push: ttsemwait 2,4,1 */
#include "ckernel.h"

int main(void)
{
    sem_wait_take(1);
    TTI_SETC16(13, 9);
    TTI_SEMPOST(CKERNEL_SEM_MASK(2));
    TTI_SEMWAIT(2, CKERNEL_SEM_MASK(2), 1);
    return 0;
}
