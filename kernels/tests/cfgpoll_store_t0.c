/* cfgpoll_store_t0.c: TRISC0 polls config word 181 until thread 1's WRCFG has written 0x77
 * there (TTSync.md "Common address space": a Tensix write, a RISC-V polling loop; the loaded value
 * is consumed by the branch), then stores the word itself: the poll orders the store after the
 * WRCFG (docs/decisions.md "Kernels' RISC-V side"; tests/kernels/cfgpoll_store.tts).
 * expect-push: ttnop
 * expect-store: 0xffef02d4 0x55 */
#include "ckernel.h"

int main(void)
{
    TTI_NOP; /* a push of its own: the thread has one instruction */
    while (cfg_read(181) != 0x77u) {
    }
    cfg_write(181, 0x55u);
    return 0;
}
