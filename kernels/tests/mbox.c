/* mbox.c: the three TRISCs talk through RISC-V-side FIFOs (BabyRISCV/Mailboxes.md, PCBufs.md) and
 * read the debug wall clock (DebugTimestamper.md); tests/kernels/mbox.tts checks what lands in L1.
 *   TRISC0: pops its PCBuf (RISCV B wrote 41: the test's brisc stream), sends 41 + 1 to TRISC1;
 *   TRISC1: waits (polling the has-data query) for TRISC0's value, sends it doubled (84) to TRISC2;
 *   TRISC2: pops TRISC1's value and B's mailbox message, stores both to L1 0x2000 and 0x2004, and
 *           whether two wall-clock reads 0x2008 (a later read is later: 1) and the first read's
 *           high half (0: the run is short) to 0x200c.
 * No pushes: the coprocessor is idle.
 * pushes-checked-by: tests/kernels/mbox.tts */
#include "ckernel.h"

#define L1_WORD(a) CKERNEL_REG32(a)

int main(void)
{
#if TRISC_ID == 0
    mailbox_write(TT_MAILBOX_T1, pcbuf_read() + 1u);
#elif TRISC_ID == 1
    while (!mailbox_has_data(TT_MAILBOX_T0)) {
    }
    mailbox_write(TT_MAILBOX_T2, 2u * mailbox_read(TT_MAILBOX_T0));
#else
    const uint64_t t0 = wall_clock_read();
    L1_WORD(0x2000) = mailbox_read(TT_MAILBOX_T1);
    L1_WORD(0x2004) = mailbox_read(TT_MAILBOX_B);
    const uint64_t t1 = wall_clock_read();
    L1_WORD(0x2008) = t1 > t0 ? 1u : 0u;
    L1_WORD(0x200c) = (uint32_t)(t0 >> 32);
#endif
    return 0;
}
