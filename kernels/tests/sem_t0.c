/* sem_t0.c: the producer half of a semaphore pair between TRISC0 and TRISC1 (with sem_t1.c).
 * TRISC0 pushes its work (a SETC16), waits for its thread's instructions to finish (TTSync
 * CoprocessorDoneCheck), then posts semaphore 1 by an MMIO store (SyncUnit.md: an even value
 * stored is a post). TRISC1 polls the semaphore before pushing its own instruction.
 * expect-push: ttsetc16 12,7
 * expect-store: 0xffe80004 0
 * expect-store: 0xffe80024 0 */
#include "ckernel.h"

int main(void)
{
    TTI_SETC16(12, 7);
    tensix_sync();
    sem_post(1);
    return 0;
}
