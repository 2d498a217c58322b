/* forever_t1.c (a negative test's kernel): TRISC1 pushes a NOP, then waits for semaphore 7,
 * which nobody posts: the run must end at the cycle budget naming the core's pc
 * (tests/kernels/neg_forever.tts).
 * expect-push: ttnop
 * expect-store: 0xffe8003c 1 */
#include "ckernel.h"

int main(void)
{
    TTI_NOP;
    sem_wait_take(7);
    return 0;
}
