/* reduce_col.c: the column sums of one 32x32 BF16 tile (tt-llk's reduce, PoolType SUM, REDUCE_COL,
 * LoFi), 16-bit (BF16) Dest, in tt-llk's three threads (kernels/include/llk_mx.h): TRISC0 unpacks
 * the tile (L1 0x10000) a face at a time to SrcA and the scaler's first row (0x20000) to SrcB row 0
 * with each face, TRISC1 pools (GAPOOL: Dest += SrcB @ SrcA) faces 0 and 2 into Dest rows 0..3 and
 * faces 1 and 3 into rows 16..19, TRISC2 packs the Dest tile to BF16 at 0x30000: face 0 row 0 and
 * face 1 row 0 hold scaler x the column sums of the left and right halves.
 * Test: tests/kernels/reduce_col.tts (expected L1 from tools/kernel_ref_mx.py).
 * The pushes, per TRISC, in order (tools/check_kernel_elf.py):
 * expect-push: ttseminit 2,0,32 (TRISC_ID 0)
 * expect-push: ttsetadcxy 3,0,0,0,0,11 (TRISC_ID 0)
 * expect-push: ttsetadczw 3,0,0,0,0,15 (TRISC_ID 0)
 * expect-push: ttsetc16 5,4 (TRISC_ID 0)
 * expect-push: ttsetc16 41,0 (TRISC_ID 0)
 * expect-push: ttsemwait 8,128,1 (TRISC_ID 0)
 * expect-push: ttsemget 128 (TRISC_ID 0)
 * expect-push: ttrmwcib1 1,0,72 (TRISC_ID 0)
 * expect-push: ttsetadcxx 3,255,0 (TRISC_ID 0)
 * expect-push: ttsetadczw 3,0,0,0,0,15 (TRISC_ID 0)
 * expect-push: ttsetadcxx 2,15,0 (TRISC_ID 0)
 * expect-push: ttstallwait 8,1024 (TRISC_ID 0)
 * expect-push: ttmop 1,0,0 (TRISC_ID 0)
 * expect-push: ttsetadcxx 2,255,0 (TRISC_ID 0)
 * expect-push: ttsemget 32 (TRISC_ID 0)
 * expect-push: ttsetc16 41,257 (TRISC_ID 0)
 * expect-push: ttseminit 2,0,2 (TRISC_ID 1)
 * expect-push: ttsetc16 1,0 (TRISC_ID 1)
 * expect-push: ttstallwait 128,16 (TRISC_ID 1)
 * expect-push: ttsetc16 12,0 (TRISC_ID 1)
 * expect-push: ttsetc16 28,0x8000 (TRISC_ID 1)
 * expect-push: ttsetc16 47,0 (TRISC_ID 1)
 * expect-push: ttsetc16 13,0x0100 (TRISC_ID 1)
 * expect-push: ttsetc16 29,1 (TRISC_ID 1)
 * expect-push: ttsetc16 48,0 (TRISC_ID 1)
 * expect-push: ttsetc16 14,0x0800 (TRISC_ID 1)
 * expect-push: ttsetc16 30,8 (TRISC_ID 1)
 * expect-push: ttsetc16 49,0 (TRISC_ID 1)
 * expect-push: ttsetc16 7,0 (TRISC_ID 1)
 * expect-push: ttsetrwc 0,0,0,0,0,15 (TRISC_ID 1)
 * expect-push: ttsemwait 322,2,2 (TRISC_ID 1)
 * expect-push: ttsetc16 1,0 (TRISC_ID 1)
 * expect-push: ttgapool 0,1,0,0,0 (TRISC_ID 1)
 * expect-push: ttsetrwc 0,4,8,0,0,4 (TRISC_ID 1)
 * expect-push: ttsetrwc 3,4,8,0,0,4 (TRISC_ID 1)
 * expect-push: ttgapool 0,1,0,0,0 (TRISC_ID 1)
 * expect-push: ttsetrwc 3,0,0,0,0,5 (TRISC_ID 1)
 * expect-push: ttgapool 0,1,0,0,0 (TRISC_ID 1)
 * expect-push: ttsetrwc 0,4,8,0,0,4 (TRISC_ID 1)
 * expect-push: ttsetrwc 3,4,8,0,0,4 (TRISC_ID 1)
 * expect-push: ttgapool 0,1,0,0,0 (TRISC_ID 1)
 * expect-push: ttsetrwc 3,0,0,0,0,5 (TRISC_ID 1)
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

#define RD_IN 0x10000u
#define RD_SCALER 0x20000u
#define RD_OUT 0x30000u

int main(void)
{
#if TRISC_ID == 0
    llk_unpack_hw_configure();
    llk_unpack_reduce_init();
    llk_unpack_reduce(RD_IN, RD_SCALER);
#elif TRISC_ID == 1
    llk_math_pack_sync_init();
    llk_math_reduce_col_init();
    llk_math_reduce_col();
    llk_math_dest_section_done();
#else
    llk_pack_hw_configure();
    llk_pack_init();
    llk_pack_tile(RD_OUT);
#endif
    return 0;
}
