/* llk.h: a small LLK-like library on ckernel.h (issue 29 part 3), in tt-llk's shape: one kernel
 * source is compiled three times (TRISC_ID 0 unpack, 1 math, 2 pack; the Makefile builds
 * kernels/tests/NAME.c for all three) and each thread calls its own part:
 *
 *   unpack (TRISC0)  llk_unpack_hw_configure, llk_unpack_AB_init, llk_unpack_tile_{A,AB},
 *                    llk_unpack_AB_mop_config / llk_unpack_tile_AB_mop (MOP-driven),
 *                    llk_unpack_set_bases (base addresses by GPR + WRCFG),
 *                    llk_unpack_AB_matmul_init / llk_unpack_tile_AB_matmul,
 *                    llk_unpack_reduce_init / llk_unpack_tile_reduce;
 *   math   (TRISC1)  llk_math_pack_sync_init, llk_math_datacopy_init / llk_math_datacopy_tile,
 *                    llk_math_eltwise_binary_init / llk_math_eltwise_binary_tile (LoFi),
 *                    llk_math_eltwise_mul_hifi_init / llk_math_eltwise_mul_hifi_tile (HiFi),
 *                    llk_math_eltwise_binary_init_replay (a MOP over a REPLAY recording),
 *                    llk_math_matmul_init / llk_math_matmul_tile (LoFi, HiFi4),
 *                    llk_math_reduce_col_init / llk_math_reduce_col_tile (SUM LoFi/HiFi4, MAX),
 *                    llk_math_reduce_row_tile, llk_math_reduce_scalar_tile (SUM LoFi),
 *                    llk_math_set_dst_write_addr, llk_math_wait_for_dest_available,
 *                    llk_math_dest_section_done;
 *   pack   (TRISC2)  llk_pack_hw_configure (_fp32_dest: FP32 Dest), llk_pack_init, llk_pack_dest_init,
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
#define LLK_ADDR_MOD_4 4u
#define LLK_ADDR_MOD_5 5u
#define LLK_CLR_NONE 0u
#define LLK_CLR_A 1u  /* SETRWC clear_ab_vld bit 0: hand SrcA's bank back to the unpackers */
#define LLK_CLR_B 2u  /* bit 1: SrcB */
#define LLK_CLR_AB 3u /* bits 0 and 1: SrcA and SrcB */
#define LLK_CR_AB 3u  /* rwc_cr: SrcA and SrcB counters from their CR (tt-llk p_setrwc::CR_AB) */
#define LLK_CR_B 2u   /* rwc_cr: the SrcB counter from its CR (p_setrwc::CR_B) */
#define LLK_CR_D 4u   /* rwc_cr: the Dest counter from its CR (p_setrwc::CR_D) */
#define LLK_SET_A 1u  /* bit_mask: SrcA counter */
#define LLK_SET_AB 3u /* SrcA and SrcB counters */
#define LLK_SET_D 4u  /* Dest counter */
#define LLK_SET_B 2u  /* SrcB counter */
#define LLK_SET_AD 5u /* SrcA and Dest counters */
#define LLK_SET_BD 6u /* SrcB and Dest counters */
#define LLK_SET_ABD_F 15u
/* GAPOOL / GMPOOL instr_mod19 = 1: the 16x16 pool (tt-llk p_gpool::DIM_16X16; docs/decisions.md
 * "Matrix unit arithmetic" M5) */
#define LLK_POOL_DIM_16X16 1u
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

/* A kernel's reduce parameters, seen by all three TRISCs (a variant's -D values compare against them
 * in #if, where an undefined name would silently read 0). */
/* ReduceDim (tt-llk): COL sums or maxima down the columns, ROW along the rows, SCALAR the whole
 * tile (unpacked as COL; the math side's llk_math_reduce_scalar_tile) */
#define LLK_REDUCE_COL 0u
#define LLK_REDUCE_ROW 1u
#define LLK_REDUCE_SCALAR 2u

/* PoolType (tt-llk): SUM pools with GAPOOL, MAX with GMPOOL */
#define LLK_POOL_SUM 0u
#define LLK_POOL_MAX 1u

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

/* The UNPACR of a whole block without a Z step (UNPACR.md): unpacker `which`, AddrMode 0,
 * OvrdThreadId, SetDatValid, Last; how many datums it writes is the unpacker's X end. */
#define LLK_OP_UNPACR_BLOCK(which) TT_OP_UNPACR((which), 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 1)

/* _llk_unpack_AB_matmul_init_ (transpose 0, ct = rt = kt = 1): Haloize_mode 0 and both unpackers'
 * X end 1023 (tt-llk unpA_x_end / unpB_x_end = 4 faces x 256 - 1): one UNPACR moves a whole tile,
 * face f to Src rows 16f..16f+15. */
static inline void llk_unpack_AB_matmul_init(void)
{
    TTI_RMWCIB1(1, 0, LLK_CFG_UNP_SEC(0) + 8u);
    TTI_SETADCXX(3, 1023, 0);
}

/* _llk_unpack_AB_matmul_ of one tile pair: in0 (the left operand) to SrcB by unpacker 1, in1 (the
 * right operand) to SrcA by unpacker 0, SrcB first as tt-llk does (MVMUL.md: Dst += SrcB @ SrcA,
 * so Dest = in0 @ in1). tt-llk unpacks SrcA from a replay buffer that also steps the base address
 * for the next tile of a block; one tile needs the UNPACR alone. */
static inline void llk_unpack_tile_AB_matmul(uint32_t in0_addr, uint32_t in1_addr)
{
    llk_unpack_tile_begin();
    llk_unpack_set_bases(2, in1_addr, in0_addr);
    ckernel_push(LLK_OP_UNPACR_BLOCK(1));
    ckernel_push(LLK_OP_UNPACR_BLOCK(0));
}

/* _llk_unpack_reduce_init_<type, dim>: Haloize_mode = 1 for REDUCE_ROW (the unpacker transposes
 * each face, so the matrix unit's column pool sums the rows), 0 for REDUCE_COL; X end 255 (a face),
 * and the MOP: outer 2, inner 2 (four faces), loop ops UNPACR SrcA of the next face (Ch0 Z += 1)
 * and UNPACR SrcB without a Z step (the scaler tile's first datums again). tt-llk uses the unpack
 * template there, whose halo slot first zeroes SrcA (UNPACR_NOP): a whole face writes all 16 SrcA
 * rows, so the zeroing changes nothing for 32x32 tiles (docs/decisions.md "Kernels: matmul and
 * reduce"). */
static inline void llk_unpack_reduce_init(uint32_t dim)
{
    TTI_RMWCIB1(1, dim == LLK_REDUCE_ROW ? 1u : 0u, LLK_CFG_UNP_SEC(0) + 8u);
    TTI_SETADCXX(3, 255, 0);
    llk_mop_template(2, 2, LLK_NOP, LLK_NOP, LLK_NOP, LLK_OP_UNPACR_FACE(0), LLK_OP_UNPACR_BLOCK(1),
                     LLK_OP_UNPACR_BLOCK(1), LLK_OP_UNPACR_BLOCK(1));
}

/* _llk_unpack_reduce_: the tile at a_addr to SrcA a face at a time, with each face the first 16
 * datums of the scaler tile at scaler_addr to SrcB row 0 (unpacker 1's X end 15 while the MOP
 * runs, 255 again after). SrcB rows 1..3, which GAPOOL also reads, are never written: 0 from
 * reset. */
static inline void llk_unpack_tile_reduce(uint32_t a_addr, uint32_t scaler_addr)
{
    llk_unpack_tile_begin();
    llk_unpack_set_bases(2, a_addr, scaler_addr);
    TTI_SETADCXX(2, 15, 0);
    TTI_MOP(LLK_MOP_TEMPLATE, 0, 0);
    TTI_SETADCXX(2, 255, 0);
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

/* The end of every math init (tt-llk's _llk_math_*_init_): the Src banks handed back by the
 * instructions' CLR bits (CLR_DVALID_SrcA_Disable = 0, SETC16), the counters reset (SETRWC). */
static inline void llk_math_init_done(void)
{
    TTI_SETC16(LLK_TCFG_CLR_DVALID, 0);
    TTI_SETRWC(0, 0, 0, 0, 0, LLK_SET_ABD_F);
}

/* eltwise_unary_configure_addrmod<A2D> (tt-llk llk_math_eltwise_unary_datacopy.h): ADDR_MOD_0
 * SrcA += 1, Dest += 1; ADDR_MOD_2 SrcA += 8, Dest += 8 (the eight-row MOVA2D's step); ADDR_MOD_3
 * all 0. The bank hand-back is CLR_DVALID_SrcA_Disable = 0 (SETC16), counters reset. */
static inline void llk_math_datacopy_init(void)
{
    llk_set_addr_mod(LLK_ADDR_MOD_0, 0x0001u, 0x0001u, 0);
    llk_set_addr_mod(LLK_ADDR_MOD_2, 0x0008u, 0x0008u, 0);
    llk_set_addr_mod(LLK_ADDR_MOD_3, 0, 0, 0);
    llk_math_init_done();
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

/* eltwise_binary_configure_addrmod: the four ADDR_MODs every element-wise init sets (described at
 * llk_math_eltwise_binary_init, below). */
static inline void llk_math_eltwise_binary_addrmods(void)
{
    llk_set_addr_mod(LLK_ADDR_MOD_0, 0x0808u, 0x0008u, 0);
    llk_set_addr_mod(LLK_ADDR_MOD_1, 0, 0, 0);
    llk_set_addr_mod(LLK_ADDR_MOD_2, 0x8080u, 0x2400u, 0);
    llk_set_addr_mod(LLK_ADDR_MOD_3, 0x8080u, 0x9008u, 0);
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
    llk_math_eltwise_binary_addrmods();
    uint32_t elw = llk_op_elw(op, LLK_ADDR_MOD_0);
    llk_mop_template(LLK_FACES, 2, LLK_NOP, TT_OP_SETRWC(LLK_CLR_AB, LLK_CR_AB, 0, 0, 0, LLK_SET_AB), LLK_NOP,
                     elw, LLK_NOP, elw, elw);
    llk_math_init_done();
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
    llk_math_eltwise_binary_addrmods();
    llk_mop_template(phases, 2, LLK_NOP, LLK_NOP, LLK_NOP, TT_OP_ELWMUL(0, 0, 0, LLK_ADDR_MOD_0, 0), LLK_NOP,
                     TT_OP_ELWMUL(LLK_CLR_AB, 0, 0, LLK_ADDR_MOD_3, 0), TT_OP_ELWMUL(0, 0, 0, LLK_ADDR_MOD_2, 0));
    llk_math_init_done();
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
    llk_math_eltwise_binary_addrmods();
    uint32_t elw = llk_op_elw(op, LLK_ADDR_MOD_0);
    TTI_REPLAY(0, 2, 0, 1);
    ckernel_push(elw);
    ckernel_push(elw);
    uint32_t replay = TT_OP_REPLAY(0, 2, 0, 0);
    llk_mop_template(LLK_FACES, 1, LLK_NOP, TT_OP_SETRWC(LLK_CLR_AB, LLK_CR_AB, 0, 0, 0, LLK_SET_AB), LLK_NOP,
                     replay, LLK_NOP, replay, replay);
    llk_math_init_done();
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

/* The first 7 MVMULs of a K half of llk_math_matmul_init's sequence (below): B0A0 B0A0 B0A1 B0A1
 * B2A0 B2A0 B2A1, or the same with B1/B3 and A2/A3; the 8th differs (ADDR_MOD_4 after the first
 * half, ADDR_MOD_5 at the end). */
static inline void llk_math_matmul_k_half(void)
{
    TTI_MVMUL(0, 0, LLK_ADDR_MOD_0, 0);
    TTI_MVMUL(0, 0, LLK_ADDR_MOD_1, 0);
    TTI_MVMUL(0, 0, LLK_ADDR_MOD_0, 0);
    TTI_MVMUL(0, 0, LLK_ADDR_MOD_2, 0);
    TTI_MVMUL(0, 0, LLK_ADDR_MOD_0, 0);
    TTI_MVMUL(0, 0, LLK_ADDR_MOD_1, 0);
    TTI_MVMUL(0, 0, LLK_ADDR_MOD_0, 0);
}

/* matmul_configure_addrmod + matmul_configure_mop (tt-llk llk_math_matmul.h, 32x32 tiles, no
 * transpose, ct = rt = kt = 1) for `phases` fidelity phases (1: LoFi, 4: HiFi4). One MVMUL is 8
 * Dest rows += 8 SrcB rows @ 16 SrcA rows (MVMUL.md); the 16 of a phase, recorded in the replay
 * buffer at 16 (tt-llk replay_buf_offset), walk Dest faces 0..3 = B0A0 + B1A2, B0A1 + B1A3,
 * B2A0 + B3A2, B2A1 + B3A3 (SrcB faces Bi = in0, SrcA faces Ai = in1) in the order
 * B0A0 B0A0 B0A1 B0A1 B2A0 B2A0 B2A1 B2A1 B1A2 B1A2 B1A3 B1A3 B3A2 B3A2 B3A3 B3A3 with
 *   ADDR_MOD_0: SrcB += 8, Dest += 8 (the next 8 rows);
 *   ADDR_MOD_1: SrcA += 16, SrcB back to its CR, Dest += 8 (the next SrcA face);
 *   ADDR_MOD_2: SrcA back to its CR, SrcB CR += 32, Dest += 8 (the next SrcB face row);
 *   ADDR_MOD_4: SrcA CR += 32, SrcB CR += 48 (wraps to 16), Dest back to its CR (the second K half);
 *   ADDR_MOD_5: SrcA, SrcB, Dest cleared with their CRs (the end of a phase); Fidelity += 1 at
 *     HiFi (RWCs.md: the phase the next MVMULs use).
 * The last MVMUL hands SrcA's bank back (CLR_A) at LoFi; at HiFi the MOP's end op does, once the
 * four phases are done (SETRWC CLR_A, SET_ABD_F, which also clears the phase). MOP: outer 1, inner
 * `phases`, loop op REPLAY(16, 16). */
static inline void llk_math_matmul_init(uint32_t phases)
{
    const uint32_t hifi = phases > 1u;
    llk_set_addr_mod(LLK_ADDR_MOD_0, 0x0800u, 0x0008u, 0);
    llk_set_addr_mod(LLK_ADDR_MOD_5, 0xC0C0u, hifi ? 0x2C00u : 0x0C00u, 0);
    llk_set_addr_mod(LLK_ADDR_MOD_1, 0x4010u, 0x0008u, 0);
    llk_set_addr_mod(LLK_ADDR_MOD_2, 0x6040u, 0x0008u, 0);
    llk_set_addr_mod(LLK_ADDR_MOD_4, 0x7060u, 0x0400u, 0);
    TTI_REPLAY(16, 16, 0, 1);
    llk_math_matmul_k_half();
    TTI_MVMUL(0, 0, LLK_ADDR_MOD_4, 0);
    llk_math_matmul_k_half();
    ckernel_push(TT_OP_MVMUL(hifi ? LLK_CLR_NONE : LLK_CLR_A, 0, LLK_ADDR_MOD_5, 0));
    uint32_t replay = TT_OP_REPLAY(16, 16, 0, 0);
    llk_mop_template(1, phases, LLK_NOP, hifi ? TT_OP_SETRWC(LLK_CLR_A, 0, 0, 0, 0, LLK_SET_ABD_F) : LLK_NOP,
                     LLK_NOP, replay, LLK_NOP, replay, replay);
    TTI_SETRWC(0, 0, 0, 0, 0, LLK_SET_ABD_F);
}

/* _llk_math_matmul_ of one tile pair into Dest tile `dst_index` of the current half: the MOP,
 * then SETRWC CLR_B (tt-llk's end of SrcB re-use: its bank back to the unpacker) and the counters
 * reset. */
static inline void llk_math_matmul_tile(uint32_t dst_index)
{
    llk_math_set_dst_write_addr(dst_index);
    TTI_MOP(LLK_MOP_TEMPLATE, 0, 0);
    TTI_SETRWC(LLK_CLR_B, 0, 0, 0, 0, LLK_SET_ABD_F);
}

/* _llk_math_reduce_init_<type, REDUCE_COL, fidelity> (reduce_configure_addrmod): ADDR_MOD_0 no step,
 * Fidelity cleared; ADDR_MOD_1 SrcB += 1, Dest += 1 and ADDR_MOD_2 SrcB += 8, Dest += 8 (tt-llk
 * sets them for REDUCE_ROW's transpose; unused by REDUCE_COL); for SUM with more than one fidelity
 * phase (HiFi4: 4) ADDR_MOD_3 Fidelity += 1 and the MOP (reduce_configure_mop): outer 1, inner `phases`,
 * loop op GAPOOL with ADDR_MOD_3, the last of both loops GAPOOL with ADDR_MOD_0: one face pooled
 * at each phase, the phase cleared after the last. CLR_DVALID_SrcA_Disable = 0; counters reset. */
static inline void llk_math_reduce_col_init(uint32_t type, uint32_t phases)
{
    llk_set_addr_mod(LLK_ADDR_MOD_0, 0, 0x8000u, 0);
    llk_set_addr_mod(LLK_ADDR_MOD_1, 0x0100u, 0x0001u, 0);
    llk_set_addr_mod(LLK_ADDR_MOD_2, 0x0800u, 0x0008u, 0);
    if (type == LLK_POOL_SUM && phases > 1u) {
        llk_set_addr_mod(LLK_ADDR_MOD_3, 0, 0x2000u, 0);
        uint32_t pool = TT_OP_GAPOOL(LLK_CLR_NONE, LLK_POOL_DIM_16X16, LLK_ADDR_MOD_3, 0, 0);
        uint32_t last = TT_OP_GAPOOL(LLK_CLR_NONE, LLK_POOL_DIM_16X16, LLK_ADDR_MOD_0, 0, 0);
        llk_mop_template(1, phases, LLK_NOP, LLK_NOP, LLK_NOP, pool, LLK_NOP, last, last);
    }
    llk_math_init_done();
}

/* The pool of one face. SUM (GAPOOL.md: Dest(4x16) += SrcB(4x16) @ SrcA(16x16); SrcB row 0 the
 * scaler, rows 1..3 zero): one GAPOOL at LoFi, the MOP of `phases` GAPOOLs otherwise (tt-llk
 * ckernel_template::run). MAX (GMPOOL.md): Dest row = max(Dest row, each column's largest SrcA
 * value scaled by SrcB row 0's exponents: 1.0 for no scaling), the next 3 rows 0; no fidelity. */
static inline void llk_math_reduce_pool(uint32_t type, uint32_t phases)
{
    if (type == LLK_POOL_MAX) {
        TTI_GMPOOL(LLK_CLR_NONE, LLK_POOL_DIM_16X16, LLK_ADDR_MOD_0, 0, 0);
    } else if (phases > 1u) {
        TTI_MOP(LLK_MOP_TEMPLATE, 0, 0);
    } else {
        TTI_GAPOOL(LLK_CLR_NONE, LLK_POOL_DIM_16X16, LLK_ADDR_MOD_0, 0, 0);
    }
}

/* One row of faces of _llk_math_reduce_<SUM, REDUCE_COL>: the left face pooled into the Dest rows
 * at the counter, Dest += 16 (two SETRWC CR_D 8), both banks back (CLR_AB), the right face
 * pooled, both banks back and SrcA, Dest counters to 0 (SET_AD). */
static inline void llk_math_reduce_col_row(uint32_t type, uint32_t phases)
{
    llk_math_reduce_pool(type, phases);
    TTI_SETRWC(LLK_CLR_NONE, LLK_CR_D, 8, 0, 0, LLK_SET_D);
    TTI_SETRWC(LLK_CLR_AB, LLK_CR_D, 8, 0, 0, LLK_SET_D);
    llk_math_reduce_pool(type, phases);
    TTI_SETRWC(LLK_CLR_AB, 0, 0, 0, 0, LLK_SET_AD);
}

/* _llk_math_reduce_<type, REDUCE_COL> of one tile into Dest tile `dst_index` (`type` and `phases`
 * as given to the init): faces 0 and 2 accumulate into Dest rows 0..3, faces 1 and 3 into rows
 * 16..19 (tt-llk's loop of two rows of faces); row 0 of each gets scaler x the column sums (SUM)
 * or the column maxima (MAX). */
static inline void llk_math_reduce_col_tile(uint32_t dst_index, uint32_t type, uint32_t phases)
{
    llk_math_set_dst_write_addr(dst_index);
    llk_math_reduce_col_row(type, phases);
    llk_math_reduce_col_row(type, phases);
}

/* The end of a row of faces of _llk_math_reduce_<SUM, REDUCE_ROW> (16-bit Dest): Dest row 0 of the
 * block holds the 16 row sums (the pooled transposed faces); turn them into a column. SrcA and
 * SrcB counters to 0; MOVD2B Dest row 0 -> SrcB row 16 (rows 16..31 as scratch: tt-llk keeps the
 * scaler in rows 0..15); TRNSPSRCB (rows 16..31 transposed, TRNSPSRCB.md: row 16's sums go down
 * column 0); MOVD2B again (row 16 = the sums, tt-llk's "for reducing across tiles"); SrcB counter
 * to 16 (two SETRWC CR_B 8); ZEROSRC of the matrix unit's SrcA bank; two ELWADD (0 + SrcB rows
 * 16..31, ADDR_MOD_2: SrcB += 8, Dest += 8) write Dest rows 0..15: column 0 = the sums, row 0 =
 * the sums, the rest what TRNSPSRCB moved from SrcB rows 17..31 column 0 (0 in these kernels). */
static inline void llk_math_reduce_row_to_column(void)
{
    TTI_SETRWC(LLK_CLR_NONE, LLK_CR_D, 0, 0, 0, LLK_SET_AB);
    TTI_MOVD2B(0, 16, LLK_ADDR_MOD_0, 0, 0);
    TTI_TRNSPSRCB;
    TTI_MOVD2B(0, 16, LLK_ADDR_MOD_0, 0, 0);
    TTI_SETRWC(LLK_CLR_NONE, LLK_CR_B, 0, 8, 0, LLK_SET_B);
    TTI_SETRWC(LLK_CLR_NONE, LLK_CR_B, 0, 8, 0, LLK_SET_B);
    TTI_ZEROSRC(0, 1, 0, 1);
    TTI_ELWADD(0, 0, 0, LLK_ADDR_MOD_2, 0);
    TTI_ELWADD(0, 0, 0, LLK_ADDR_MOD_2, 0);
}

/* _llk_math_reduce_<SUM, REDUCE_SCALAR, LoFi> of one tile into Dest tile `dst_index` (init:
 * llk_math_reduce_col_init(LLK_POOL_SUM, 1)): the four faces GAPOOLed into Dest row 4 (the first
 * three with CLR_AB), so row 4 holds scaler x the column sums of all four faces; SrcA/SrcB counters
 * to 0; MOVD2B row 4 -> SrcB row 16; TRNSPSRCB (row 16 down column 0 of rows 16..31); MOVB2A of
 * SrcB rows 16..31 to SrcA rows 0..15 (four moves of 4 rows); GATESRCRST between, as tt-llk gates
 * the matrix unit after each Src update (GATESRCRST.md: no architectural effect); ZEROACC of row 4
 * (the scratch row; CLR_SPECIFIC); a last GAPOOL (CLR_AB) into Dest row 0: column 0 = scaler x the
 * sum of SrcA's column 0, the 16 column sums. */
static inline void llk_math_reduce_scalar_tile(uint32_t dst_index)
{
    llk_math_set_dst_write_addr(dst_index);
    TTI_GAPOOL(LLK_CLR_AB, LLK_POOL_DIM_16X16, LLK_ADDR_MOD_0, 0, 4);
    TTI_GAPOOL(LLK_CLR_AB, LLK_POOL_DIM_16X16, LLK_ADDR_MOD_0, 0, 4);
    TTI_GAPOOL(LLK_CLR_AB, LLK_POOL_DIM_16X16, LLK_ADDR_MOD_0, 0, 4);
    TTI_GAPOOL(LLK_CLR_NONE, LLK_POOL_DIM_16X16, LLK_ADDR_MOD_0, 0, 4);
    TTI_SETRWC(LLK_CLR_NONE, LLK_CR_D, 0, 0, 0, LLK_SET_AB);
    TTI_MOVD2B(0, 16, LLK_ADDR_MOD_0, 0, 4);
    TTI_GATESRCRST(1, 1);
    TTI_TRNSPSRCB;
    TTI_GATESRCRST(1, 1);
    TTI_MOVB2A(0, LLK_ADDR_MOD_0, 2, 16);
    TTI_MOVB2A(4, LLK_ADDR_MOD_0, 2, 20);
    TTI_MOVB2A(8, LLK_ADDR_MOD_0, 2, 24);
    TTI_MOVB2A(12, LLK_ADDR_MOD_0, 2, 28);
    TTI_GATESRCRST(1, 1);
    TTI_ZEROACC(0, 0, 0, LLK_ADDR_MOD_0, 4);
    TTI_GAPOOL(LLK_CLR_AB, LLK_POOL_DIM_16X16, LLK_ADDR_MOD_0, 0, 0);
}

/* One row of faces of _llk_math_reduce_<SUM, REDUCE_ROW, LoFi>: GAPOOL of the left (transposed)
 * face with CLR_AB (both banks back), GAPOOL of the right one onto the same Dest rows, then the
 * row-to-column step above. */
static inline void llk_math_reduce_row_faces(void)
{
    TTI_GAPOOL(LLK_CLR_AB, LLK_POOL_DIM_16X16, LLK_ADDR_MOD_0, 0, 0);
    TTI_GAPOOL(LLK_CLR_NONE, LLK_POOL_DIM_16X16, LLK_ADDR_MOD_0, 0, 0);
    llk_math_reduce_row_to_column();
}

/* _llk_math_reduce_<SUM, REDUCE_ROW, LoFi> of one tile into Dest tile `dst_index` (init:
 * llk_math_reduce_col_init(LLK_POOL_SUM, 1), the same ADDR_MODs): per row of faces, GAPOOL of the
 * left (transposed) face with CLR_AB (both banks back), GAPOOL of the right one onto the same Dest
 * rows, the row-to-column step above; then Dest += 32 (three SETRWC CR_D 8 and one with CLR_AB,
 * SET_BD) for faces 2 and 3, and the counters reset with CLR_AB at the end. Dest faces 0 and 2:
 * column 0 (and row 0) = scaler x the row sums of tile rows 0..15 and 16..31. */
static inline void llk_math_reduce_row_tile(uint32_t dst_index)
{
    llk_math_set_dst_write_addr(dst_index);
    llk_math_reduce_row_faces();
    TTI_SETRWC(LLK_CLR_NONE, LLK_CR_D, 8, 0, 0, LLK_SET_D);
    TTI_SETRWC(LLK_CLR_NONE, LLK_CR_D, 8, 0, 0, LLK_SET_D);
    TTI_SETRWC(LLK_CLR_NONE, LLK_CR_D, 8, 0, 0, LLK_SET_D);
    TTI_SETRWC(LLK_CLR_AB, LLK_CR_D, 8, 0, 0, LLK_SET_BD);
    llk_math_reduce_row_faces();
    TTI_SETRWC(LLK_CLR_AB, 0, 0, 0, 0, LLK_SET_BD);
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

/* The same for a 32-bit (FP32) Dest packed to the 16-bit `fmt_out` (tt-llk's is_fp32_dest_acc_en):
 * ALU_ACC_CTRL_Fp32_enabled = 1 in word 1 [29] with Dstacc = fmt_out (the matrix unit then
 * accumulates in FP32, MVMUL.md UseDst32b; this thread is word 1's only writer), and
 * PCK_DEST_RD_CTRL_Read_32b_data = 1 (word 18 [0]; Read_raw 0: the early conversion rounds,
 * pack-data-path §3.3 set_packer_config, §5.2 "BF16 (round)"). The packer's input and output are
 * fmt_out (tt-llk's pack_src_format for a 16-bit output), so the strides stay in 2-byte datums. */
#define LLK_CFG_ALU_ACC_FP32 (1u << 29)
#define LLK_CFG_PCK_DEST_RD_CTRL 18u
static inline void llk_pack_hw_configure_fp32_dest(uint32_t fmt_out)
{
    uint32_t w1 = cfg_read(LLK_CFG_ALU_FORMAT);
    cfg_write(LLK_CFG_ALU_FORMAT, (w1 & ~(0xFu << 25)) | (fmt_out << 25) | LLK_CFG_ALU_ACC_FP32);
    cfg_write(LLK_CFG_PCK_DEST_RD_CTRL, 1u);
    llk_pack_hw_configure(fmt_out, fmt_out);
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

/* The pack thread of a kernel whose math makes `ntiles` Dest tiles in half 0 (after
 * llk_pack_hw_configure*): wait for math, pack tile t to l1_addr + t * l1_stride, hand the half back
 * (tt-llk's tests' pack main: init, dest init, wait, pack_tile per tile, dest section done). */
static inline void llk_pack_tiles(uint32_t ntiles, uint32_t l1_addr, uint32_t l1_stride)
{
    llk_pack_init();
    llk_pack_dest_init();
    llk_packer_wait_for_math_done();
    for (uint32_t t = 0; t < ntiles; t++) llk_pack_tile(t, l1_addr + t * l1_stride);
    llk_pack_dest_section_done(0);
}
#endif /* TRISC_ID == 2 */

#endif /* LLK_H */
