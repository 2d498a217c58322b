/* llk_copy.c: tile copy on the LLK library (kernels/include/llk.h), one source for the three
 * TRISCs (tests/kernels/llk_copy.tts): TRISC0 unpacks the BF16 tile at 0x10000 face by face to
 * SrcA; TRISC1 moves each face to Dest with MOVA2D (16-bit Dest, BF16) and hands the banks back;
 * TRISC2 waits on MATH_PACK and packs the tile to 0x30000 as BF16.
 * pushes-checked-by: tests/kernels/llk_copy.tts */
#include "llk.h"

#define A_ADDR 0x10000u
#define OUT_ADDR 0x30000u

int main(void)
{
#if TRISC_ID == 0
    llk_unpack_hw_configure(LLK_FMT_BF16, LLK_FMT_BF16);
    llk_unpack_AB_init();
    llk_unpack_tile_A(A_ADDR);
#elif TRISC_ID == 1
    llk_math_pack_sync_init();
    llk_math_datacopy_init();
    llk_math_wait_for_dest_available();
    llk_math_datacopy_tile(0);
    llk_math_dest_section_done();
#else
    llk_pack_hw_configure(LLK_FMT_BF16, LLK_FMT_BF16);
    llk_pack_init();
    llk_pack_dest_init();
    llk_packer_wait_for_math_done();
    llk_pack_tile(0, OUT_ADDR);
    llk_pack_dest_section_done(0);
#endif
    llk_end();
    return 0;
}
