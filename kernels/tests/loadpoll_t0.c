/* loadpoll_t0.c: MMIO loads the RTL answers in lockstep (docs/decisions.md "Kernels in lockstep"),
 * each polled while the instruction that writes the register is in flight, so that a unit committing
 * at another edge than its retire's would make the RTL's load port and the model differ:
 * SEMPOST of semaphore 3 (SyncUnit.md: Value 0 -> 1) polled by semaphore loads; SETDMAREG of GPR
 * 10's low half (halfreg 20, SIZE 0, PAYLOAD 0x1234: 0x1234) polled by GPR loads; GPR 11 stored by
 * MMIO, WRCFG copies it to config word 50 (WRCFG.md), polled by config loads. The values go to L1
 * 0x2000.. by word stores, then a byte store (0xAB at 0x200C) and a halfword store (0x1234 at
 * 0x200E) through the TRISC L1 store port: u32 at 0x200C = 0x123400AB.
 * expect-push: ttsempost 8
 * expect-push: ttsetdmareg 0,0x1234,0,20
 * expect-push: ttwrcfg 11,0,50
 * expect-store: 0xffe0002c 0xcafe0000 */
#include "ckernel.h"

#define L1_WORD(a) CKERNEL_REG32(a)

int main(void)
{
    TTI_SEMPOST(CKERNEL_SEM_MASK(3));
    while (sem_read(3) == 0) {
    }
    L1_WORD(0x2000) = sem_read(3);
    TTI_SETDMAREG(0, 0x1234, 0, 20);
    while (gpr_read(10) != 0x1234u) {
    }
    /* store, load back, consume: the WRCFG pushed next must not pass the GPR store, which is still
     * in flight when the push reaches the FIFO (BabyRISCV/MemoryOrdering.md; the race detector
     * reported the plain store once the store queue made it land 4 cycles late) */
    gpr_write_sync(11, 0xCAFE0000u);
    TTI_WRCFG(11, 0, 50);
    while (cfg_read(50) != 0xCAFE0000u) {
    }
    L1_WORD(0x2004) = gpr_read(10);
    L1_WORD(0x2008) = cfg_read(50);
    *(volatile uint8_t *)0x200Cu = 0xABu;
    *(volatile uint16_t *)0x200Eu = 0x1234u;
    return 0;
}
