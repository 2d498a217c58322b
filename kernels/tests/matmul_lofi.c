/* matmul_lofi.c: C = A @ B for one pair of 32x32 BF16 tiles, LoFi: one fidelity phase, 16-bit (BF16) Dest, in
 * tt-llk's three threads (kernels/include/llk_mx.h): TRISC0 unpacks A (in0, L1 0x10000) to SrcB and
 * B (in1, 0x20000) to SrcA, TRISC1 runs the matmul MOP, TRISC2 packs Dest to BF16 at 0x30000.
 * Test: tests/kernels/matmul_lofi.tts (expected L1 from tools/kernel_ref_mx.py).
 * The pushes, per TRISC, in order (tools/check_kernel_elf.py; the sequences of
 * tests/directed/llk_matmul_lofi_bf16.tts, plus TRISC0's SEMINIT of UNPACK_SYNC):
 * expect-push: ttseminit 2,0,32 (TRISC_ID 0)
 * expect-push: ttsetadcxy 3,0,0,0,0,11 (TRISC_ID 0)
 * expect-push: ttsetadczw 3,0,0,0,0,15 (TRISC_ID 0)
 * expect-push: ttsetc16 5,4 (TRISC_ID 0)
 * expect-push: ttsetc16 41,0 (TRISC_ID 0)
 * expect-push: ttsemwait 8,128,1 (TRISC_ID 0)
 * expect-push: ttsemget 128 (TRISC_ID 0)
 * expect-push: ttsetadcxx 1,1023,0 (TRISC_ID 0)
 * expect-push: ttsetadcxx 2,1023,0 (TRISC_ID 0)
 * expect-push: ttrmwcib1 1,0,72 (TRISC_ID 0)
 * expect-push: ttsetadczw 3,0,0,0,0,15 (TRISC_ID 0)
 * expect-push: ttsetadcxx 1,1023,0 (TRISC_ID 0)
 * expect-push: ttsetadcxx 2,1023,0 (TRISC_ID 0)
 * expect-push: ttsetdmareg 0,1,0,76 (TRISC_ID 0)
 * expect-push: ttreplay 0,14,0,1 (TRISC_ID 0)
 * expect-push: ttunpacr 0,0,0,0,0,1,1,0,0,0,0,0,1 (TRISC_ID 0)
 * expect-push: ttrdcfg 12,76 (TRISC_ID 0)
 * expect-push: ttstallwait 32,4096 (TRISC_ID 0)
 * expect-push: ttadddmareg 0,12,12,36 (TRISC_ID 0)
 * expect-push: ttstallwait 128,1 (TRISC_ID 0)
 * expect-push: ttwrcfg 12,0,76 (TRISC_ID 0)
 * expect-push: ttnop (TRISC_ID 0)
 * expect-push: ttunpacr 0,0,0,0,0,1,1,0,0,0,0,0,1 (TRISC_ID 0)
 * expect-push: ttrdcfg 12,77 (TRISC_ID 0)
 * expect-push: ttstallwait 32,4096 (TRISC_ID 0)
 * expect-push: ttadddmareg 0,12,12,36 (TRISC_ID 0)
 * expect-push: ttstallwait 128,1 (TRISC_ID 0)
 * expect-push: ttwrcfg 12,0,77 (TRISC_ID 0)
 * expect-push: ttnop (TRISC_ID 0)
 * expect-push: ttstallwait 8,1024 (TRISC_ID 0)
 * expect-push: ttunpacr 1,0,0,0,0,1,1,0,0,0,0,0,1 (TRISC_ID 0)
 * expect-push: ttmop 0,0,0 (TRISC_ID 0)
 * expect-push: ttsemget 32 (TRISC_ID 0)
 * expect-push: ttsetc16 41,257 (TRISC_ID 0)
 * expect-push: ttseminit 2,0,2 (TRISC_ID 1)
 * expect-push: ttsetc16 1,0 (TRISC_ID 1)
 * expect-push: ttstallwait 128,16 (TRISC_ID 1)
 * expect-push: ttsetc16 12,0x0800 (TRISC_ID 1)
 * expect-push: ttsetc16 28,0x0008 (TRISC_ID 1)
 * expect-push: ttsetc16 47,0 (TRISC_ID 1)
 * expect-push: ttsetc16 17,0xc0c0 (TRISC_ID 1)
 * expect-push: ttsetc16 33,0x0c00 (TRISC_ID 1)
 * expect-push: ttsetc16 52,0 (TRISC_ID 1)
 * expect-push: ttsetc16 13,0x4010 (TRISC_ID 1)
 * expect-push: ttsetc16 29,0x0008 (TRISC_ID 1)
 * expect-push: ttsetc16 48,0 (TRISC_ID 1)
 * expect-push: ttsetc16 14,0x6040 (TRISC_ID 1)
 * expect-push: ttsetc16 30,0x0008 (TRISC_ID 1)
 * expect-push: ttsetc16 49,0 (TRISC_ID 1)
 * expect-push: ttsetc16 16,0x7060 (TRISC_ID 1)
 * expect-push: ttsetc16 32,0x0400 (TRISC_ID 1)
 * expect-push: ttsetc16 51,0 (TRISC_ID 1)
 * expect-push: ttreplay 16,16,0,1 (TRISC_ID 1)
 * expect-push: ttmvmul 0,0,0,0 (TRISC_ID 1)
 * expect-push: ttmvmul 0,0,1,0 (TRISC_ID 1)
 * expect-push: ttmvmul 0,0,0,0 (TRISC_ID 1)
 * expect-push: ttmvmul 0,0,2,0 (TRISC_ID 1)
 * expect-push: ttmvmul 0,0,0,0 (TRISC_ID 1)
 * expect-push: ttmvmul 0,0,1,0 (TRISC_ID 1)
 * expect-push: ttmvmul 0,0,0,0 (TRISC_ID 1)
 * expect-push: ttmvmul 0,0,4,0 (TRISC_ID 1)
 * expect-push: ttmvmul 0,0,0,0 (TRISC_ID 1)
 * expect-push: ttmvmul 0,0,1,0 (TRISC_ID 1)
 * expect-push: ttmvmul 0,0,0,0 (TRISC_ID 1)
 * expect-push: ttmvmul 0,0,2,0 (TRISC_ID 1)
 * expect-push: ttmvmul 0,0,0,0 (TRISC_ID 1)
 * expect-push: ttmvmul 0,0,1,0 (TRISC_ID 1)
 * expect-push: ttmvmul 0,0,0,0 (TRISC_ID 1)
 * expect-push: ttmvmul 1,0,5,0 (TRISC_ID 1)
 * expect-push: ttsetrwc 0,0,0,0,0,15 (TRISC_ID 1)
 * expect-push: ttsemwait 322,2,2 (TRISC_ID 1)
 * expect-push: ttsetc16 1,0 (TRISC_ID 1)
 * expect-push: ttmop 1,0,0 (TRISC_ID 1)
 * expect-push: ttsetrwc 2,0,0,0,0,15 (TRISC_ID 1)
 * expect-push: ttstallwait 2,0x810 (TRISC_ID 1)
 * expect-push: ttsempost 2 (TRISC_ID 1)
 * expect-push: ttstallwait 128,0x810 (TRISC_ID 1)
 * expect-push: ttsetc16 1,512 (TRISC_ID 1)
 * expect-push: ttsetc16 37,260 (TRISC_ID 2)
 * expect-push: ttsetc16 38,10272 (TRISC_ID 2)
 * expect-push: ttsetc16 39,4384 (TRISC_ID 2)
 * expect-push: ttsetadcxx 4,15,0 (TRISC_ID 2)
 * expect-push: ttsetadcxy 4,0,0,0,0,11 (TRISC_ID 2)
 * expect-push: ttsetadczw 4,0,0,0,0,15 (TRISC_ID 2)
 * expect-push: ttsetdmareg 0,0,0,8 (TRISC_ID 2)
 * expect-push: ttsetdmareg 0,512,0,16 (TRISC_ID 2)
 * expect-push: ttstallwait 128,1 (TRISC_ID 2)
 * expect-push: ttwrcfg 4,1,180 (TRISC_ID 2)
 * expect-push: ttdmanop (TRISC_ID 2)
 * expect-push: ttdmanop (TRISC_ID 2)
 * expect-push: ttsemwait 1,2,1 (TRISC_ID 2)
 * expect-push: ttsetadc 4,0,3,0 (TRISC_ID 2)
 * expect-push: ttsetdmareg 0,12287,0,24 (TRISC_ID 2)
 * expect-push: ttsetdmareg 2,0,0,25 (TRISC_ID 2)
 * expect-push: ttstallwait 128,9 (TRISC_ID 2)
 * expect-push: ttwrcfg 12,0,69 (TRISC_ID 2)
 * expect-push: ttsetdmareg 0,0,0,25 (TRISC_ID 2)
 * expect-push: ttdmanop (TRISC_ID 2)
 * expect-push: ttmop 1,0,0 (TRISC_ID 2)
 * expect-push: ttsetadczw 4,0,0,0,0,5 (TRISC_ID 2)
 * expect-push: ttstallwait 64,8 (TRISC_ID 2)
 * expect-push: ttzeroacc 2,0,0,1,0 (TRISC_ID 2)
 * expect-push: ttsemget 2 (TRISC_ID 2)
 * expect-push: ttwrcfg 8,1,180 (TRISC_ID 2)
 * expect-push: ttdmanop (TRISC_ID 2)
 * expect-push: ttdmanop (TRISC_ID 2) */
#include "llk_mx.h"

#define MM_IN0 0x10000u
#define MM_IN1 0x20000u
#define MM_OUT 0x30000u
#define MM_PHASES 1u

int main(void)
{
#if TRISC_ID == 0
    llk_unpack_hw_configure();
    llk_unpack_ab_matmul_init();
    llk_unpack_ab_matmul(MM_IN0, MM_IN1);
#elif TRISC_ID == 1
    llk_math_pack_sync_init();
    llk_math_matmul_init(MM_PHASES);
    llk_math_matmul();
    llk_math_dest_section_done();
#else
    llk_pack_hw_configure();
    llk_pack_init();
    llk_pack_tile(MM_OUT);
#endif
    return 0;
}
