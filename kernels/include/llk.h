/* llk.h: a small LLK-like library on ckernel.h (issue 29 part 3), in tt-llk's shape: one kernel
 * source is compiled three times (TRISC_ID 0 unpack, 1 math, 2 pack; the Makefile builds
 * kernels/tests/NAME.c for all three) and each thread calls its own part:
 *
 *   unpack (TRISC0)  llk_unpack_hw_configure, llk_unpack_AB_init, llk_unpack_tile_{A,AB},
 *                    llk_unpack_AB_mop_config / llk_unpack_tile_AB_mop (MOP-driven),
 *                    llk_unpack_set_bases (base addresses by GPR + WRCFG);
 *   math   (TRISC1)  llk_math_pack_sync_init, llk_math_datacopy_init / llk_math_datacopy_tile,
 *                    llk_math_eltwise_binary_init / llk_math_eltwise_binary_tile (LoFi),
 *                    llk_math_eltwise_mul_hifi_init / llk_math_eltwise_mul_hifi_tile (HiFi),
 *                    llk_math_eltwise_binary_init_replay (a MOP over a REPLAY recording),
 *                    llk_math_set_dst_write_addr, llk_math_wait_for_dest_available,
 *                    llk_math_dest_section_done;
 *   pack   (TRISC2)  llk_pack_hw_configure, llk_pack_init, llk_pack_dest_init,
 *                    llk_packer_wait_for_math_done, llk_pack_tile, llk_pack_dest_section_done;
 *   every thread     llk_end (TTSync: the thread's Tensix instructions are done).
 *
 * Handshakes, as tt-llk's: unpack -> math through the Src banks' data-valid (UNPACR SetDatValid
 * hands a bank to the matrix unit; MOVA2D / ELW* wait at the wait gate until they own it; SETRWC
 * CLR_A / CLR_AB hands it back, and the unpacker's next UNPACR to that bank waits for it);
 * math -> pack through the MATH_PACK semaphore (SEMINIT max 2; math SEMWAITs while it is at its
 * max, SEMPOSTs when a Dest half is written; pack SEMWAITs while it is zero, SEMGETs when the
 * half is packed and cleared); pack configuration -> unpack through semaphore 3
 * (LLK_SEM_CFG_SYNC). Values are tt-llk's (tenstorrent/tt-llk tt_llk_blackhole: facts
 * only, no code); each is named with its source: a tt-llk function, an ISA page (tt-isa-
 * documentation TensixCoprocessor pages) or a spec section (the shared spec). Config word
 * numbers and fields: pack-unpack-registers.md and tb/cfg_regs_table.h (ttsim's register table).
 * docs/decisions.md "Kernels (issue 29 part 3)" lists the rules. */
#ifndef LLK_H
#define LLK_H

#include "ckernel.h"

/* ---- data formats (data-formats.md §2, the 4-bit format codes) ---------------------------- */
#define LLK_FMT_FP32 0u
#define LLK_FMT_FP16 1u
#define LLK_FMT_BF16 5u

/* ---- one 32x32 tile (data-formats.md §7: four 16x16 faces, face by face, row by row) ------- */
#define LLK_FACES 4u
#define LLK_FACE_DATUMS 256u
/* Dest rows per tile (16-bit Dest: one face = 16 rows of 16; Dst.md) and per half (tt-llk
 * DEST_REGISTER_HALF_SIZE, 1024 rows / 2). */
#define LLK_DEST_TILE_ROWS 64u
#define LLK_DEST_HALF_ROWS 512u

/* ---- semaphores (tt-llk ckernel_structs.h `semaphore`): MATH_PACK = 1 ------------------------ */
#define LLK_SEM_MATH_PACK 1u
/* SEMINIT max for MATH_PACK under SyncHalf: two Dest halves (tt-llk _llk_math_pack_sync_init_) */
#define LLK_SEM_MATH_PACK_MAX 2u
/* SEMWAIT conditions (SEMWAIT.md): 1 = wait while Value == 0, 2 = wait while Value == Max */
/* The packer's configuration is shared with the unpackers (THCON_SEC0_REG1 word 70 is read by
 * UNPACR too; word 1 holds both sides' formats): the pack thread's hw_configure stores finish
 * before any UNPACR runs. Ordered by a semaphore: TRISC2 completes its stores (store, load,
 * consume), then pushes SEMPOST; the unpack thread's SEMWAIT (blocking UNPACR and the sync unit
 * while the value is 0) and SEMGET come before its first UNPACR (SEMPOST.md, SEMWAIT.md,
 * SEMGET.md). Semaphore 3 (tt-llk's UNPACK_OPERAND_SYNC, unused by these kernels); tt-llk has the
 * firmware order the threads' start instead (docs/decisions.md "Kernels (issue 29 part 3)"). */
#define LLK_SEM_CFG_SYNC 3u
#define LLK_SEMWAIT_ZERO 1u
#define LLK_SEMWAIT_MAX 2u

/* ---- STALLWAIT / SEMWAIT block and wait masks: blocks B0..B8 (STALLWAIT.md); conditions in the
 * Blackhole numbering (tt-llk ckernel_defs.h p_stall; docs/decisions.md "Race detector" 5: C0
 * THCON, C1 UNPACK0, C2 UNPACK1, C3 PACK, C4 MATH, C10 TRISC_CFG, C11 SFPU), not Wormhole's --- */
#define LLK_STALL_TDMA 0x001u   /* block: ThCon/unpack/pack instructions (STALLWAIT.md B0) */
#define LLK_STALL_SYNC 0x002u   /* block: sync unit instructions (B1) */
#define LLK_STALL_PACK 0x004u   /* block: PACR (B2) */
#define LLK_STALL_UNPACK 0x008u /* block: UNPACR (B3) */
#define LLK_STALL_MATH 0x040u   /* block: matrix unit instructions (B6) */
#define LLK_STALL_CFG 0x080u    /* block: config unit instructions (B7) */
#define LLK_STALL_SFPU 0x100u   /* block: vector unit instructions (B8) */
#define LLK_WAIT_THCON 0x001u   /* condition C0: ThCon busy */
#define LLK_WAIT_UNPACK0 0x002u /* C1: unpacker 0 busy */
#define LLK_WAIT_UNPACK1 0x004u /* C2: unpacker 1 busy */
#define LLK_WAIT_PACK 0x008u    /* C3: packer busy */
#define LLK_WAIT_MATH 0x010u    /* C4: matrix unit busy */
#define LLK_WAIT_SFPU 0x800u    /* C11: vector unit busy */
#define LLK_WAIT_TRISC_CFG 0x400u /* C10: this thread's TRISC config stores pending */

/* ---- ADDR_MOD slots and SETRWC fields (RWCs.md, SETRWC.md) -------------------------------- */
#define LLK_ADDR_MOD_0 0u
#define LLK_ADDR_MOD_1 1u
#define LLK_ADDR_MOD_2 2u
#define LLK_ADDR_MOD_3 3u
#define LLK_CLR_A 1u  /* SETRWC clear_ab_vld bit 0: hand SrcA's bank back to the unpackers */
#define LLK_CLR_AB 3u /* bits 0 and 1: SrcA and SrcB */
#define LLK_CR_AB 3u  /* rwc_cr: SrcA and SrcB counters from their CR (tt-llk p_setrwc::CR_AB) */
#define LLK_SET_A 1u  /* bit_mask: SrcA counter */
#define LLK_SET_AB 3u /* SrcA and SrcB counters */
#define LLK_SET_D 4u  /* Dest counter */
#define LLK_SET_ABD_F 15u
/* MOVA2D instr_mod: 2 = eight rows (MOVA2D.md; tt-llk p_mova2d::MOV_8_ROWS) */
#define LLK_MOV_8_ROWS 2u
/* MOP expander: the "unpack / ckernel_template" MOP type (MOP.md, MOPExpander.md; tt-llk
 * ckernel_template::run: TTI_MOP(1, 0, 0)) */
#define LLK_MOP_TEMPLATE 1u

/* ---- thread config words written by SETC16 (tb/cfg_regs_table.h, ttsim's register table) ---- */
#define LLK_TCFG_DEST_TARGET_REG_CFG_MATH 1u /* DEST_TARGET_REG_CFG_MATH_Offset */
#define LLK_TCFG_SRCA_SET 5u                 /* SRCA_SET_Base / SetOvrdWithAddr (bit 2) */
#define LLK_TCFG_CLR_DVALID 7u               /* CLR_DVALID_SrcA_Disable (bit 0), SrcB (bit 1) */
#define LLK_TCFG_ADDR_MOD_AB(i) (12u + (i))  /* ADDR_MOD_AB_SECi: SrcA incr/cr/clr, SrcB ... */
#define LLK_TCFG_ADDR_MOD_DST(i) (28u + (i)) /* ADDR_MOD_DST_SECi: Dest incr/cr/clr/ctocr, fidelity */
#define LLK_TCFG_ADDR_MOD_BIAS(i) (47u + (i))
#define LLK_TCFG_ADDR_MOD_PACK(i) (37u + (i)) /* ADDR_MOD_PACK_SECi */
#define LLK_TCFG_UNPACK_MISC_CFG 41u         /* UNPACK_MISC_CFG_CfgContextOffset_0/1 (tt-llk reset_config_context) */

/* ---- backend config words (pack-unpack-registers.md; tb/cfg_regs_table.h) ------------------- */
#define LLK_CFG_ALU_FORMAT 1u          /* ALU_FORMAT_SPEC_REG0_SrcA [20:17], REG2_Dstacc [28:25] */
#define LLK_CFG_PCK0_XY_STRIDE 12u     /* PCK0_ADDR_CTRL_XY_REG_0 Xstride [15:0], Ystride [31:16] */
#define LLK_CFG_PCK0_ZW_STRIDE 13u     /* PCK0_ADDR_CTRL_ZW_REG_0 Zstride, Wstride */
#define LLK_CFG_PCK_EDGE_MASK(i) (24u + (i)) /* PCK_EDGE_OFFSET_SECi_mask [15:0] */
#define LLK_CFG_UNP_ADD_DEST_ADDR 50u  /* UNP0_ADD_DEST_ADDR_CNTR_add_dest_addr_cntr (bit 8) */
#define LLK_CFG_UNP_ZW_STRIDE(u) (57u + 2u * (u)) /* UNPu_ADDR_CTRL_ZW_REG_1 Zstride [15:0] */
#define LLK_CFG_UNP_SEC(u) (64u + 48u * (u)) /* THCON_SEC0 / SEC1 first word: the tile descriptor */
#define LLK_CFG_PACK_L1_DEST 69u       /* THCON_SEC0_REG1_L1_Dest_addr */
#define LLK_CFG_PACK_FORMATS 70u       /* THCON_SEC0_REG1: Disable_zero_compress [0], Out [7:4], In [11:8] */
#define LLK_CFG_UNP_DEST_CNTX 84u      /* THCON_SEC0_REG5_Dest_cntx0/1_address */
#define LLK_CFG_UNP_TILE_X_DIM 86u     /* THCON_SEC0_REG5_Tile_x_dim_cntx0/1 */
#define LLK_CFG_PACK_DEST_OFFSET 180u  /* DEST_TARGET_REG_CFG_PACK_SEC0..3_Offset (WRCFG 128b) */
/* ThCon GPRs the packer uses (tt-llk ckernel_gpr_map.h p_gpr_pack): DEST_OFFSET_LO r4..r7,
 * DEST_OFFSET_HI r8..r11, OUTPUT_ADDR r12. */
#define LLK_GPR_PACK_DEST_OFFSET_LO 4u
#define LLK_GPR_PACK_DEST_OFFSET_HI 8u
#define LLK_GPR_PACK_OUTPUT_ADDR 12u

/* Datum size in L1 of the formats these kernels use (data-formats.md §2). */
static inline uint32_t llk_datum_bytes(uint32_t fmt)
{
    return fmt == LLK_FMT_FP32 ? 4u : 2u;
}

/* Wait until this thread's Tensix instructions are done (TTSync CoprocessorDoneCheck), so the
 * core ends only after its work: the last call of every kernel (tt-llk: the firmware's end). */
static inline void llk_end(void)
{
    tensix_sync();
}

/* Write the MOP expander's template (MOPExpander.md "Configuration", MopCfg[0..8]; tt-llk
 * ckernel_template::program): outer and inner counts, start op, end ops 0/1, loop ops 0/1, the
 * last instruction of the outer and inner loop. mop_sync() first: MopCfg must not change while an
 * expansion is in progress (MOPExpander.md). */
static inline void llk_mop_template(uint32_t outer, uint32_t inner, uint32_t start_op, uint32_t end_op0,
                                    uint32_t end_op1, uint32_t loop_op0, uint32_t loop_op1,
                                    uint32_t last_outer, uint32_t last_inner)
{
    mop_sync();
    mop_cfg_write(0, outer);
    mop_cfg_write(1, inner);
    mop_cfg_write(2, start_op);
    mop_cfg_write(3, end_op0);
    mop_cfg_write(4, end_op1);
    mop_cfg_write(5, loop_op0);
    mop_cfg_write(6, loop_op1);
    mop_cfg_write(7, last_outer);
    mop_cfg_write(8, last_inner);
}
#define LLK_NOP TT_OP_NOP

/* =============================== unpack (TRISC0) ============================================ */
#if TRISC_ID == 0
/* _llk_unpack_hw_configure_ / configure_unpack_AB (tt-llk cunpack_common.h) for one 32x32 tile
 * per operand, formats in = out (the unpacker's identity conversion, unpack-data-path §3):
 *   - address counters: X end of both unpackers 255 (a face is 256 datums, SETADCXX), all
 *     counters 0 (SETADCXY / SETADCZW bit masks 0b1011 / 0b1111, as tt-llk's
 *     unpacker_addr_counter_init);
 *   - UNPu ch1 Zstride = one face in the Src bank's units (256 x datum bytes);
 *   - tile descriptors (THCON_SEC0/1_REG0, unpack-data-path §1.2): format [3:0], uncompressed
 *     [4], x_dim [31:16] (SEC1: 256; SEC0 takes Tile_x_dim_cntx0 instead), y_dim 1, z_dim 4 faces;
 *   - THCON_SECu_REG2: out format [3:0] = in, Throttle_mode [5:4] = 2 (tt-llk's default),
 *     Disable_zero_compress_cntx0..7 (word +1: 0x000F000F, tt-llk's "uncompress" contexts);
 *   - Dest_cntx0/1_address = 4 x 16 (tt-llk: SrcA writes start after the 4 halo rows);
 *     Tile_x_dim_cntx0/1 = 256; SRCA_SET SetOvrdWithAddr (SETC16); add_dest_addr_cntr;
 *   - unpacker config context 0 for both unpackers (SETC16 UNPACK_MISC_CFG 0, tt-llk
 *     reset_config_context; these kernels never switch contexts).
 * The config stores are completed (store, load, consume: ckernel_store_complete) before any
 * push that reads them (BackendConfiguration.md race notes). */
static inline void llk_unpack_hw_configure(uint32_t fmt_a, uint32_t fmt_b)
{
    /* the packer's configuration is written (LLK_SEM_CFG_SYNC) */
    TTI_SEMWAIT(LLK_STALL_UNPACK | LLK_STALL_SYNC, CKERNEL_SEM_MASK(LLK_SEM_CFG_SYNC), LLK_SEMWAIT_ZERO);
    TTI_SEMGET(CKERNEL_SEM_MASK(LLK_SEM_CFG_SYNC));
    TTI_SETADCXX(1, 255, 0);
    TTI_SETADCXX(2, 255, 0);
    TTI_SETADCXY(3, 0, 0, 0, 0, 11);
    TTI_SETADCZW(3, 0, 0, 0, 0, 15);
    uint32_t fmt[2] = {fmt_a, fmt_b};
    for (uint32_t u = 0; u < 2u; u++) {
        uint32_t sec = LLK_CFG_UNP_SEC(u);
        cfg_write(LLK_CFG_UNP_ZW_STRIDE(u), LLK_FACE_DATUMS * llk_datum_bytes(fmt[u]));
        cfg_write(sec + 0u, (u == 1u ? (256u << 16) : 0u) | (1u << 4) | fmt[u]);
        cfg_write(sec + 1u, (LLK_FACES << 16) | 1u);
        cfg_write(sec + 2u, 0u);
        cfg_write(sec + 3u, 0u);
        cfg_write(sec + 8u, (2u << 4) | fmt[u]);
        cfg_write(sec + 9u, 0x000F000Fu);
        cfg_write(sec + 10u, 0u);
        cfg_write(sec + 11u, 0u);
    }
    cfg_write(LLK_CFG_UNP_DEST_CNTX, (64u << 16) | 64u);
    cfg_write(LLK_CFG_UNP_TILE_X_DIM, (256u << 16) | 256u);
    cfg_write(LLK_CFG_UNP_ADD_DEST_ADDR, 1u << 8);
    ckernel_store_complete(TT_CFG_BASE + 4u * LLK_CFG_UNP_ADD_DEST_ADDR);
    TTI_STALLWAIT(LLK_STALL_UNPACK, LLK_WAIT_TRISC_CFG);
    TTI_SETC16(LLK_TCFG_SRCA_SET, 1u << 2);
    TTI_SETC16(LLK_TCFG_UNPACK_MISC_CFG, 0);
}

/* _llk_unpack_AB_init_ (no broadcast, no transpose): Haloize_mode 0 (RMWCIB1 of SEC0_REG2 byte
 * 1), both unpackers' X end 255 (tt-llk config_unpacker_x_end: one face per UNPACR). */
static inline void llk_unpack_AB_init(void)
{
    TTI_RMWCIB1(1, 0, LLK_CFG_UNP_SEC(0) + 8u);
    TTI_SETADCXX(3, 255, 0);
}

/* The UNPACR of one face (UNPACR.md; tt-llk unpack_srca / unpack_srcb of llk_unpack_AB.h):
 * unpacker `which` (0: SrcA, 1: SrcB), AddrMode 1 = Ch0 Z += 1 (the next face), OvrdThreadId,
 * SetDatValid (hands the bank to the matrix unit), Last. */
#define LLK_OP_UNPACR_FACE(which) TT_OP_UNPACR((which), 1, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 1)

/* ThCon GPRs of the unpack thread holding the operands' base addresses (each thread has its own
 * 64, ScalarUnit.md; tt-llk ckernel_gpr_map.h keeps p_gpr_unpack operand addresses in the
 * thread's GPRs too). */
#define LLK_GPR_UNPACK_BASE(u) (8u + (u))

/* _llk_unpack_configure_addresses_: THCON_SECu_REG3_Base_address = L1 address / 16 (16-byte
 * units; unpack-data-path "Base address"). Written by the thread itself, GPR then WRCFG (ThCon
 * SETDMAREG of the two 16-bit halves, WRCFG.md), so it is ordered with the UNPACRs in the thread:
 * a STALLWAIT holds the WRCFGs until both unpackers are idle (block CFG, conditions C1, C2: the
 * previous tile's UNPACRs read the address while they run) and ThCon has written the GPRs (C0);
 * a second STALLWAIT holds the next UNPACRs until the config writes are done (block UNPACK,
 * condition C0). A TRISC store would need the TRISC to wait for the unpacker between tiles
 * (tt-llk's UNPACK_SYNC semaphore and two config contexts); docs/decisions.md "Kernels". */
static inline void llk_unpack_set_bases(uint32_t n, uint32_t a_addr, uint32_t b_addr)
{
    uint32_t addr[2] = {a_addr >> 4, b_addr >> 4};
    for (uint32_t u = 0; u < n; u++) {
        ckernel_push(TT_OP_SETDMAREG(0, addr[u] & 0xFFFFu, 0, 2u * LLK_GPR_UNPACK_BASE(u)));
        ckernel_push(TT_OP_SETDMAREG(0, addr[u] >> 16, 0, 2u * LLK_GPR_UNPACK_BASE(u) + 1u));
    }
    TTI_STALLWAIT(LLK_STALL_CFG, LLK_WAIT_THCON | LLK_WAIT_UNPACK0 | LLK_WAIT_UNPACK1);
    for (uint32_t u = 0; u < n; u++) {
        ckernel_push(TT_OP_WRCFG(LLK_GPR_UNPACK_BASE(u), 0, LLK_CFG_UNP_SEC(u) + 12u));
    }
    TTI_STALLWAIT(LLK_STALL_UNPACK, LLK_WAIT_THCON);
}

/* A tile's unpack starts from counters 0 (unpacker_addr_counter_init: SETADCZW both). */
static inline void llk_unpack_tile_begin(void)
{
    TTI_SETADCZW(3, 0, 0, 0, 0, 15);
}

/* One tile of A to SrcA, face by face (the unpacker of a datacopy). */
static inline void llk_unpack_tile_A(uint32_t a_addr)
{
    llk_unpack_tile_begin();
    llk_unpack_set_bases(1, a_addr, 0);
#pragma GCC unroll 1
    for (uint32_t f = 0; f < LLK_FACES; f++) {
        ckernel_push(LLK_OP_UNPACR_FACE(0));
    }
}

/* One tile of A to SrcA and one of B to SrcB, face by face: A, B per face (_llk_unpack_AB_). */
static inline void llk_unpack_tile_AB(uint32_t a_addr, uint32_t b_addr)
{
    llk_unpack_tile_begin();
    llk_unpack_set_bases(2, a_addr, b_addr);
#pragma GCC unroll 1
    for (uint32_t f = 0; f < LLK_FACES; f++) {
        ckernel_push(LLK_OP_UNPACR_FACE(0));
        ckernel_push(LLK_OP_UNPACR_FACE(1));
    }
}

/* The same driven by the MOP expander (_llk_unpack_AB_init_'s ckernel_template: outer =
 * num_faces_r_dim 2, inner = num_faces_c_dim 2, loop ops UNPACR A then UNPACR B, no start or end
 * op): one MOP instruction unpacks a whole tile pair. */
static inline void llk_unpack_AB_mop_config(void)
{
    llk_mop_template(2, 2, LLK_NOP, LLK_NOP, LLK_NOP, LLK_OP_UNPACR_FACE(0), LLK_OP_UNPACR_FACE(1),
                     LLK_OP_UNPACR_FACE(1), LLK_OP_UNPACR_FACE(1));
}
static inline void llk_unpack_tile_AB_mop(uint32_t a_addr, uint32_t b_addr)
{
    llk_unpack_tile_begin();
    llk_unpack_set_bases(2, a_addr, b_addr);
    TTI_MOP(LLK_MOP_TEMPLATE, 0, 0);
}
#endif /* TRISC_ID == 0 */

/* =============================== math (TRISC1) ============================================== */
#if TRISC_ID == 1
/* _llk_math_pack_sync_init_<SyncHalf>: MATH_PACK = 0 with max 2 (SEMINIT), Dest section base 0
 * (set_dest_section_base<StartZero>: DEST_TARGET_REG_CFG_MATH_Offset = 0). */
static inline void llk_math_pack_sync_init(void)
{
    TTI_SEMINIT(LLK_SEM_MATH_PACK_MAX, 0, CKERNEL_SEM_MASK(LLK_SEM_MATH_PACK));
    TTI_SETC16(LLK_TCFG_DEST_TARGET_REG_CFG_MATH, 0);
}

/* One ADDR_MOD slot (ADDR_MOD_AB_SECi, ADDR_MOD_DST_SECi, ADDR_MOD_BIAS_SECi by SETC16; RWCs.md
 * ApplyAddrMod; tt-llk addr_mod_t::set). */
static inline void llk_set_addr_mod(uint32_t slot, uint32_t ab, uint32_t dst, uint32_t bias)
{
    ckernel_push(TT_OP_SETC16(LLK_TCFG_ADDR_MOD_AB(slot), ab));
    ckernel_push(TT_OP_SETC16(LLK_TCFG_ADDR_MOD_DST(slot), dst));
    ckernel_push(TT_OP_SETC16(LLK_TCFG_ADDR_MOD_BIAS(slot), bias));
}

/* set_dst_write_addr (tt-llk cmath_common.h): MATH_Offset = tile x 64 rows (the half's base is
 * 0 here: these kernels use half 0 only). The matrix unit reads MATH_Offset at each instruction's
 * retire (ELWADD.md, MOVA2D.md DstRow), so the SETC16 waits until the earlier ones have retired
 * (STALLWAIT block CFG, condition MATH; STALLWAIT.md), else a previous tile's last rows could land
 * at the new offset. */
static inline void llk_math_set_dst_write_addr(uint32_t dst_index)
{
    TTI_STALLWAIT(LLK_STALL_CFG, LLK_WAIT_MATH);
    ckernel_push(TT_OP_SETC16(LLK_TCFG_DEST_TARGET_REG_CFG_MATH, dst_index * LLK_DEST_TILE_ROWS));
}

/* eltwise_unary_configure_addrmod<A2D> (tt-llk llk_math_eltwise_unary_datacopy.h): ADDR_MOD_0
 * SrcA += 1, Dest += 1; ADDR_MOD_2 SrcA += 8, Dest += 8 (the eight-row MOVA2D's step); ADDR_MOD_3
 * all 0. The bank hand-back is CLR_DVALID_SrcA_Disable = 0 (SETC16), counters reset. */
static inline void llk_math_datacopy_init(void)
{
    llk_set_addr_mod(LLK_ADDR_MOD_0, 0x0001u, 0x0001u, 0);
    llk_set_addr_mod(LLK_ADDR_MOD_2, 0x0008u, 0x0008u, 0);
    llk_set_addr_mod(LLK_ADDR_MOD_3, 0, 0, 0);
    TTI_SETC16(LLK_TCFG_CLR_DVALID, 0);
    TTI_SETRWC(0, 0, 0, 0, 0, LLK_SET_ABD_F);
}

/* _llk_math_eltwise_unary_datacopy_<A2D> for one tile (tt-llk's MOP: outer 4 faces, inner 2,
 * MOVA2D 8 rows with ADDR_MOD_2, end op SETRWC): here pushed one by one, per face two MOVA2Ds
 * (each waits at the gate until the unpacker has handed SrcA's bank over, MOVA2D.md) and SETRWC
 * CLR_A, SET_A (hand the bank back, SrcA counter to 0, Dest keeps its +16). tt-llk's end op is
 * CLR_AB because its unpack_A also sets SrcB's data-valid; this unpacker fills SrcA only.
 * Dest rows: tile `dst_index` x 64 of the current half (set_dst_write_addr). */
static inline void llk_math_datacopy_tile(uint32_t dst_index)
{
    llk_math_set_dst_write_addr(dst_index);
#pragma GCC unroll 1
    for (uint32_t f = 0; f < LLK_FACES; f++) {
        TTI_MOVA2D(0, 0, LLK_ADDR_MOD_2, LLK_MOV_8_ROWS, 0);
        TTI_MOVA2D(0, 0, LLK_ADDR_MOD_2, LLK_MOV_8_ROWS, 0);
        TTI_SETRWC(LLK_CLR_A, 0, 0, 0, 0, LLK_SET_A);
    }
    TTI_SETRWC(0, 0, 0, 0, 0, LLK_SET_D); /* clear_dst_reg_addr */
}

/* The element-wise ops (ELWADD.md, ELWMUL.md): opcode field of TT_OP_ELWADD / TT_OP_ELWMUL. */
#define LLK_ELWADD 0u
#define LLK_ELWMUL 1u
static inline uint32_t llk_op_elw(uint32_t op, uint32_t addr_mod)
{
    return op == LLK_ELWMUL ? TT_OP_ELWMUL(0, 0, 0, addr_mod, 0) : TT_OP_ELWADD(0, 0, 0, addr_mod, 0);
}

/* eltwise_binary_configure_addrmod (tt-llk llk_math_eltwise_binary.h, BroadcastType NONE):
 * ADDR_MOD_0 SrcA += 8, SrcB += 8, Dest += 8 (one ELW* does 8 rows); ADDR_MOD_1 all 0;
 * ADDR_MOD_2 SrcA, SrcB clear, Dest from CR, Fidelity += 1; ADDR_MOD_3 SrcA, SrcB clear,
 * Dest += 8 with CToCR, Fidelity clear (the hi-fi phase loop). Then the MOP (eltwise_binary_
 * configure_mop, LoFi: `fidelity_phases` 1): outer 4 faces, inner 2 ELW* of 8 rows with ADDR_MOD_0,
 * end op SETRWC(CLR_AB, CR_AB, SET_AB) handing both banks back per face. With more fidelity
 * phases (ELWMUL only, tt-llk's high_fidelity) the inner loop is phases x ... : not used here;
 * the kernels run ELWADD and ELWMUL at phase 0 (LoFi), as tt-llk's ELWADD always does (docs/
 * decisions.md "Kernels"). CLR_DVALID_SrcA_Disable = 0, counters reset. */
static inline void llk_math_eltwise_binary_init(uint32_t op)
{
    llk_set_addr_mod(LLK_ADDR_MOD_0, 0x0808u, 0x0008u, 0);
    llk_set_addr_mod(LLK_ADDR_MOD_1, 0, 0, 0);
    llk_set_addr_mod(LLK_ADDR_MOD_2, 0x8080u, 0x2400u, 0);
    llk_set_addr_mod(LLK_ADDR_MOD_3, 0x8080u, 0x9008u, 0);
    uint32_t elw = llk_op_elw(op, LLK_ADDR_MOD_0);
    llk_mop_template(LLK_FACES, 2, LLK_NOP, TT_OP_SETRWC(LLK_CLR_AB, LLK_CR_AB, 0, 0, 0, LLK_SET_AB), LLK_NOP,
                     elw, LLK_NOP, elw, elw);
    TTI_SETC16(LLK_TCFG_CLR_DVALID, 0);
    TTI_SETRWC(0, 0, 0, 0, 0, LLK_SET_ABD_F);
}

/* ELWMUL at HiFi (tt-llk eltwise_binary_configure_mop with high fidelity: `phases` fidelity
 * phases, 4 = HiFi4): the MOP is one face, outer = phases, inner 2 ELWMUL (ADDR_MOD_0: 8 rows on);
 * the last of each phase's inner loop uses ADDR_MOD_2 (SrcA/SrcB counters clear, Dest back to its
 * CR, Fidelity += 1: the next phase reads the same rows), the very last ADDR_MOD_3 (Dest += 8 and
 * CR = Dest, Fidelity clear: the next face) with CLR_AB (both banks back). ADDR_MODs as
 * llk_math_eltwise_binary_init. ELWMUL.md: phase bit 0 takes SrcA's next 5 mantissa bits instead of
 * its top 4 (+ the implicit 1), bit 1 SrcB's next 4 instead of its top 6; the four phases' products
 * sum to the full product, each added to Dest (rounded to BF16 each time with a 16-bit Dest). */
static inline void llk_math_eltwise_mul_hifi_init(uint32_t phases)
{
    llk_set_addr_mod(LLK_ADDR_MOD_0, 0x0808u, 0x0008u, 0);
    llk_set_addr_mod(LLK_ADDR_MOD_1, 0, 0, 0);
    llk_set_addr_mod(LLK_ADDR_MOD_2, 0x8080u, 0x2400u, 0);
    llk_set_addr_mod(LLK_ADDR_MOD_3, 0x8080u, 0x9008u, 0);
    llk_mop_template(phases, 2, LLK_NOP, LLK_NOP, LLK_NOP, TT_OP_ELWMUL(0, 0, 0, LLK_ADDR_MOD_0, 0), LLK_NOP,
                     TT_OP_ELWMUL(LLK_CLR_AB, 0, 0, LLK_ADDR_MOD_3, 0), TT_OP_ELWMUL(0, 0, 0, LLK_ADDR_MOD_2, 0));
    TTI_SETC16(LLK_TCFG_CLR_DVALID, 0);
    TTI_SETRWC(0, 0, 0, 0, 0, LLK_SET_ABD_F);
}
/* One tile at HiFi: one MOP per face (tt-llk _llk_math_eltwise_binary_ with high fidelity). */
static inline void llk_math_eltwise_mul_hifi_tile(uint32_t dst_index)
{
    llk_math_set_dst_write_addr(dst_index);
#pragma GCC unroll 1
    for (uint32_t f = 0; f < LLK_FACES; f++) {
        TTI_MOP(LLK_MOP_TEMPLATE, 0, 0);
    }
    TTI_SETRWC(0, 0, 0, 0, 0, LLK_SET_D);
}

/* The same op with the MOP driving a REPLAY-recorded sequence (REPLAY.md; MOPExpander.md
 * template 1; tt-llk records math sequences with lltt::record and replays them from a MOP, as its
 * matmul does): the two ELW* of a face are recorded at replay index 0 (REPLAY Load, not Exec:
 * the two pushes that follow are stored, not run), and the MOP is outer 4 faces, inner 1, its
 * loop op (and both last-iteration overrides) REPLAY(0, 2) and its end op the SETRWC CLR_AB
 * hand-back. The replay expander sits after the MOP expander (REPLAY.md), so each REPLAY the MOP
 * emits expands to the two recorded ELW*. */
static inline void llk_math_eltwise_binary_init_replay(uint32_t op)
{
    llk_set_addr_mod(LLK_ADDR_MOD_0, 0x0808u, 0x0008u, 0);
    llk_set_addr_mod(LLK_ADDR_MOD_1, 0, 0, 0);
    llk_set_addr_mod(LLK_ADDR_MOD_2, 0x8080u, 0x2400u, 0);
    llk_set_addr_mod(LLK_ADDR_MOD_3, 0x8080u, 0x9008u, 0);
    uint32_t elw = llk_op_elw(op, LLK_ADDR_MOD_0);
    TTI_REPLAY(0, 2, 0, 1);
    ckernel_push(elw);
    ckernel_push(elw);
    uint32_t replay = TT_OP_REPLAY(0, 2, 0, 0);
    llk_mop_template(LLK_FACES, 1, LLK_NOP, TT_OP_SETRWC(LLK_CLR_AB, LLK_CR_AB, 0, 0, 0, LLK_SET_AB), LLK_NOP,
                     replay, LLK_NOP, replay, replay);
    TTI_SETC16(LLK_TCFG_CLR_DVALID, 0);
    TTI_SETRWC(0, 0, 0, 0, 0, LLK_SET_ABD_F);
}

/* _llk_math_eltwise_binary_ for one tile into Dest tile `dst_index` of the current half: the MOP
 * (4 faces x 2 ELW*, SETRWC), then clear_dst_reg_addr (SETRWC SET_D). */
static inline void llk_math_eltwise_binary_tile(uint32_t dst_index)
{
    llk_math_set_dst_write_addr(dst_index);
    TTI_MOP(LLK_MOP_TEMPLATE, 0, 0);
    TTI_SETRWC(0, 0, 0, 0, 0, LLK_SET_D);
}

/* _llk_math_wait_for_dest_available_<SyncHalf> (math_dest_wait): block the matrix unit, SFPU and
 * sync instructions while MATH_PACK is at its max (both halves full). */
static inline void llk_math_wait_for_dest_available(void)
{
    TTI_SEMWAIT(LLK_STALL_MATH | LLK_STALL_SFPU | LLK_STALL_SYNC, CKERNEL_SEM_MASK(LLK_SEM_MATH_PACK),
                LLK_SEMWAIT_MAX);
}

/* _llk_math_dest_section_done_<SyncHalf>: wait until the matrix unit (and SFPU) are done
 * (STALLWAIT block SYNC, conditions MATH|SFPU1), SEMPOST MATH_PACK (the half is ready for the
 * packer), then flip to the other half (STALLWAIT CFG; MATH_Offset = 512, dest_section_flip). */
static inline void llk_math_dest_section_done(void)
{
    TTI_STALLWAIT(LLK_STALL_SYNC, LLK_WAIT_MATH | LLK_WAIT_SFPU);
    TTI_SEMPOST(CKERNEL_SEM_MASK(LLK_SEM_MATH_PACK));
    TTI_STALLWAIT(LLK_STALL_CFG, LLK_WAIT_MATH | LLK_WAIT_SFPU);
    TTI_SETC16(LLK_TCFG_DEST_TARGET_REG_CFG_MATH, LLK_DEST_HALF_ROWS);
}
#endif /* TRISC_ID == 1 */

/* =============================== pack (TRISC2) ============================================== */
#if TRISC_ID == 2
/* _llk_pack_hw_configure_ / configure_pack (tt-llk cpack_common.h), one 32x32 tile:
 *   - ALU_FORMAT_SPEC_REG2_Dstacc = the packer's input (IntermediateFormat, pack-data-path §2);
 *     a read-modify-write of word 1 (its other fields are the unpacker's and math's);
 *   - THCON_SEC0_REG1: In_data_format, Out_data_format, Disable_zero_compress 1 (tt-llk
 *     config.f.uncompress; pack-data-path §11), Sub_l1_tile_header_size 0, Exp_section_size 0;
 *   - PCK_EDGE_OFFSET_SEC0..3_mask = 0xFFFF (set_packer_config: no edge masking, §9);
 *   - PCK0_ADDR_CTRL strides in bytes of the input datum: X 2, Y 32 (a row of 16), Z 512 (a
 *     face), W 2048 (a tile) for 16-bit Dest. */
static inline void llk_pack_hw_configure(uint32_t fmt_in, uint32_t fmt_out)
{
    uint32_t w1 = cfg_read(LLK_CFG_ALU_FORMAT);
    cfg_write(LLK_CFG_ALU_FORMAT, (w1 & ~(0xFu << 25)) | (fmt_in << 25));
    cfg_write(LLK_CFG_PACK_FORMATS, (fmt_in << 8) | (fmt_out << 4) | 1u);
    for (uint32_t i = 0; i < 4u; i++) {
        cfg_write(LLK_CFG_PCK_EDGE_MASK(i), 0xFFFFu);
    }
    uint32_t d = llk_datum_bytes(fmt_in);
    cfg_write(LLK_CFG_PCK0_XY_STRIDE, ((16u * d) << 16) | d);
    cfg_write(LLK_CFG_PCK0_ZW_STRIDE, ((LLK_DEST_TILE_ROWS * 16u * d) << 16) | (LLK_FACE_DATUMS * d));
    ckernel_store_complete(TT_CFG_BASE + 4u * LLK_CFG_PCK0_ZW_STRIDE);
    TTI_STALLWAIT(LLK_STALL_PACK | LLK_STALL_SYNC, LLK_WAIT_TRISC_CFG);
    TTI_SEMPOST(CKERNEL_SEM_MASK(LLK_SEM_CFG_SYNC)); /* the unpacker may run now */
}

/* The PACR of four rows (PACR.md; tt-llk's pack MOP): ADDR_MOD `am`, ReadIntfSel 0b1111 (four
 * read interfaces: 4 rows of Dest), Last. */
#define LLK_OP_PACR(am, last) TT_OP_PACR(0, 0, 0, (am), 0, 0, 0xF, 0, 0, 0, 0, (last))

/* _llk_pack_init_ / _llk_pack_configure_addrmod_ (untilize 0): ADDR_MOD_PACK_SEC0 Y src += 4,
 * Y dst += 4; SEC1 Y src/dst clear, Z src += 1 (the next face); SEC2 Y src/dst clear... (the
 * three words tt-llk writes: 260, 10272, 4384); X end 15 (FACE_C_DIM - 1), counters 0. MOP
 * (tt-llk set_packer_mop): outer 4 faces, inner 4 (16 rows / 4 interfaces), loop op PACR
 * ADDR_MOD_0, last of the inner loop PACR ADDR_MOD_2, last of the outer loop PACR ADDR_MOD_1 with
 * Last; no tile header. */
static inline void llk_pack_init(void)
{
    TTI_SETC16(LLK_TCFG_ADDR_MOD_PACK(0), 260);
    TTI_SETC16(LLK_TCFG_ADDR_MOD_PACK(1), 10272);
    TTI_SETC16(LLK_TCFG_ADDR_MOD_PACK(2), 4384);
    TTI_SETADCXX(4, 15, 0);
    TTI_SETADCXY(4, 0, 0, 0, 0, 11);
    TTI_SETADCZW(4, 0, 0, 0, 0, 15);
    llk_mop_template(LLK_FACES, 4, LLK_NOP, LLK_NOP, LLK_NOP, LLK_OP_PACR(0, 0), LLK_NOP, LLK_OP_PACR(1, 1),
                     LLK_OP_PACR(2, 0));
}

/* _llk_init_packer_dest_offset_registers_<SyncHalf> + select_packer_dest_registers: GPRs
 * DEST_OFFSET_LO (r4..r7) = 0, DEST_OFFSET_HI (r8..r11) = 512 (the second half), and WRCFG of the
 * LO set into DEST_TARGET_REG_CFG_PACK_SEC0..3 (128 bits) once ThCon is idle (STALLWAIT CFG,
 * THCON); two DMANOPs as tt-llk leaves after a WRCFG. */
static inline void llk_pack_dest_init(void)
{
    TTI_SETDMAREG(0, 0, 0, 2u * LLK_GPR_PACK_DEST_OFFSET_LO);
    TTI_SETDMAREG(0, LLK_DEST_HALF_ROWS, 0, 2u * LLK_GPR_PACK_DEST_OFFSET_HI);
    TTI_STALLWAIT(LLK_STALL_CFG, LLK_WAIT_THCON);
    TTI_WRCFG(LLK_GPR_PACK_DEST_OFFSET_LO, 1, LLK_CFG_PACK_DEST_OFFSET);
    TTI_DMANOP;
    TTI_DMANOP;
}

/* _llk_packer_wait_for_math_done_: block ThCon/pack instructions while MATH_PACK is zero. */
static inline void llk_packer_wait_for_math_done(void)
{
    TTI_SEMWAIT(LLK_STALL_TDMA, CKERNEL_SEM_MASK(LLK_SEM_MATH_PACK), LLK_SEMWAIT_ZERO);
}

/* _llk_pack_ of Dest tile `tile` (of the current half) to the L1 tile at `l1_addr`: W counter =
 * the tile (SETADC PAC ch0 W; Wstride = one tile), then program_packer_destination: OUTPUT_ADDR
 * (r12) = bit 31 | line by two SETDMAREGs, WRCFG to THCON_SEC0_REG1_L1_Dest_addr once ThCon and
 * the packer are idle, r12's high half set back, then the MOP (16 PACRs) and the Z counters back
 * to 0. The packer writes from one 16-byte line after the address it is given (pack-data-path
 * §14.10: tt-metal passes the tile's address - 1 line, the header); line = l1_addr / 16 puts the
 * datums at l1_addr + 16, after a 16-byte header the packer does not write (header 0 from
 * reset): the output is a tile in the unpacker's layout (`expect l1 tile l1_addr`). */
static inline void llk_pack_tile(uint32_t tile, uint32_t l1_addr)
{
    uint32_t line = l1_addr >> 4;
    ckernel_push(TT_OP_SETADC(4, 0, 3, tile));
    ckernel_push(TT_OP_SETDMAREG(0, line & 0xFFFFu, 0, 2u * LLK_GPR_PACK_OUTPUT_ADDR));
    ckernel_push(TT_OP_SETDMAREG(0, 0x8000u | (line >> 16), 0, 2u * LLK_GPR_PACK_OUTPUT_ADDR + 1u));
    TTI_STALLWAIT(LLK_STALL_CFG, LLK_WAIT_THCON | LLK_WAIT_PACK);
    TTI_WRCFG(LLK_GPR_PACK_OUTPUT_ADDR, 0, LLK_CFG_PACK_L1_DEST);
    ckernel_push(TT_OP_SETDMAREG(0, line >> 16, 0, 2u * LLK_GPR_PACK_OUTPUT_ADDR + 1u));
    TTI_DMANOP;
    TTI_MOP(LLK_MOP_TEMPLATE, 0, 0);
    TTI_SETADCZW(4, 0, 0, 0, 0, 5);
}

/* _llk_pack_dest_section_done_<SyncHalf>: wait until the packer is done (STALLWAIT MATH,
 * PACK), clear the packed Dest half (ZEROACC CLR_HALF, 16-bit, addressed half `half`), SEMGET
 * MATH_PACK (the half is free for math again), then switch to the other half's offsets (WRCFG
 * of DEST_OFFSET_HI; tt-llk flip_packer_dest_offset_id). */
static inline void llk_pack_dest_section_done(uint32_t half)
{
    TTI_STALLWAIT(LLK_STALL_MATH, LLK_WAIT_PACK);
    ckernel_push(TT_OP_ZEROACC(2, 0, 0, 1, half));
    TTI_SEMGET(CKERNEL_SEM_MASK(LLK_SEM_MATH_PACK));
    ckernel_push(TT_OP_WRCFG(half ? LLK_GPR_PACK_DEST_OFFSET_LO : LLK_GPR_PACK_DEST_OFFSET_HI, 1,
                             LLK_CFG_PACK_DEST_OFFSET));
    TTI_DMANOP;
    TTI_DMANOP;
}
#endif /* TRISC_ID == 2 */

#endif /* LLK_H */
