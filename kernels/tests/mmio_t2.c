/* mmio_t2.c: every MMIO helper of ckernel.h once, on TRISC2 (the addresses: tt_mmio.h). The
 * expected stores are the pages' addresses written out by hand, so a wrong constant in
 * tt_mmio.h or a wrong offset in a helper fails `make kernels`.
 * expect-store: 0xffe00014 0x1234
 * expect-store: 0xffef0028 0xabcd
 * expect-store: 0xffef0720 0x77
 * expect-store: 0xffb80004 3
 * expect-store: 0xffec0000 0x55
 * expect-store: 0xffe00018 ?
 * expect-store: 0xffe80008 0
 * expect-store: 0xffe80030 1
 * expect-push: ttnop */
#include "ckernel.h"

int main(void)
{
    gpr_write_sync(5, 0x1234);              /* ScalarUnit.md: GPRs[5] at REGFILE_BASE + 20 */
    cfg_write(10, 0xabcd);                  /* BackendConfiguration.md: Config word 10 */
    cfg_write_both(8, 0x77);                /* ConfigDualWrite: word 8 of both states */
    mop_cfg_write(1, 3);                    /* MOPExpander.md: MopCfg[1] */
    mailbox_write(TT_MAILBOX_B, 0x55);      /* Mailboxes.md: T2 to B */
    uint32_t v = 0;
    if (mailbox_has_data(TT_MAILBOX_T0)) {  /* Mailboxes.md: +4 asks, +0 pops */
        v = mailbox_read(TT_MAILBOX_T0);
    }
    v += pcbuf_read();                      /* PCBufs.md: PC_BUF_BASE pops */
    v += (uint32_t)wall_clock_read();       /* DebugTimestamper.md */
    v += cfg_read(10) + sem_read(3);
    gpr_write(6, v);                        /* a value known at run time only */
    mop_sync();                             /* TTSync.md: MOPExpanderDoneCheck */
    sem_get(4);                             /* SyncUnit.md: SemaphoreAccess[4], odd = get */
    TTI_NOP;
    return 0;
}
