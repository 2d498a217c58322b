/* cfgrw_t0.c: TRISC0 writes a config word through a pushed WRCFG and reads it back by an MMIO
 * load; builds a GPR from two pushed SETDMAREGs and reads it back by an MMIO load; stores both
 * values to L1 (0x1000, 0x1004) for tests/kernels/cfgrw.tts to check.
 * GPR 4 = 0x12345678 by MMIO (ScalarUnit.md "RISCV access to GPRs"), WRCFG copies it to config
 * word 50 (WRCFG.md); SETDMAREG writes one 16-bit half of a GPR (halfreg = 2 * GPR + high):
 * 0x5678 is SIZE 1, PAYLOAD 0x1678; 0xABCD is SIZE 2, PAYLOAD 0x2BCD (docs/test_format.md).
 * expect-push: ttwrcfg 4,0,50
 * expect-push: ttnop
 * expect-push: ttnop
 * expect-push: ttsetdmareg 1,0x1678,0,12
 * expect-push: ttsetdmareg 2,0x2bcd,0,13
 * expect-store: 0xffe00010 0x12345678
 * expect-store: 0xffe80004 0
 * expect-store: 0xffe80004 0 */
#include "ckernel.h"

#define L1_WORD(a) CKERNEL_REG32(a)

int main(void)
{
    gpr_write_sync(4, 0x12345678u);
    TTI_WRCFG(4, 0, 50);
    TTI_NOP; /* WRCFG.md: an instruction between a WRCFG and a use of the word */
    TTI_NOP;
    tensix_sync();
    L1_WORD(0x1000) = cfg_read(50);
    TTI_SETDMAREG(1, 0x1678, 0, 12);
    TTI_SETDMAREG(2, 0x2BCD, 0, 13);
    tensix_sync();
    L1_WORD(0x1004) = gpr_read(6);
    return 0;
}
