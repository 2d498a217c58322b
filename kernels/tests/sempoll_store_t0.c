/* sempoll_store_t0.c: TRISC0 polls semaphore 2 until thread 1 has posted it (SyncUnit.md "RISCV
 * access to semaphores": a load reads Value), takes it (an odd value stored is a get), then
 * stores config word 181, which thread 1's WRCFG wrote before the post: the poll orders the store
 * after the WRCFG (docs/decisions.md "Kernels' RISC-V side"; tests/kernels/sempoll_store.tts).
 * expect-push: ttnop
 * expect-store: 0xffe80028 1
 * expect-store: 0xffef02d4 0x55 */
#include "ckernel.h"

int main(void)
{
    TTI_NOP; /* a push of its own: the thread has one instruction */
    sem_wait_take(2);
    cfg_write(181, 0x55u);
    return 0;
}
