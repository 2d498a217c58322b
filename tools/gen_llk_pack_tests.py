#!/usr/bin/env python3
"""gen_llk_pack_tests.py: directed pack tests rebuilt from tt-llk's Blackhole pack thread
(tenstorrent/tt-llk tt_llk_blackhole/llk_lib/llk_pack.h _llk_pack_configure_addrmod_,
_llk_pack_mop_config_, _llk_pack_; llk_pack_common.h _llk_packer_wait_for_math_done_,
_llk_pack_dest_section_done_, _llk_init_packer_dest_offset_registers_; common/inc/cpack_common.h
program_packer_destination, select_packer_dest_registers, set_packer_strides; pack-data-path §16, §17).
Expected L1 bytes come from the datum rules of gen_tile_stream.py / gen_pack_tests.py (WriteDstBF16,
ERRATA 3 BF16 rounding, ERRATA 4 BFP assembly), never from an implementation.
Usage: tools/gen_llk_pack_tests.py (writes tests/directed/llk_pack_*.tts)"""
import os, random, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_tile_stream import bfp_group, byte_lines, dst_bf16, r16  # noqa: E402
from gen_pack_tests import dst_fp32, fp32_to_bf16_early  # noqa: E402

OUT = os.path.join(os.path.dirname(__file__), '..', 'tests', 'directed')
HALF = 0x200       # DEST_REGISTER_HALF_SIZE (rows): the SyncHalf offset in DEST_OFFSET_HI


def u16_lines(addr, vals):
    return ["expect l1 u16 0x%x %s" % (addr + 32 * i, " ".join("0x%04x" % v for v in vals[16 * i:16 * i + 16]))
            for i in range((len(vals) + 15) // 16)]


def bf16_tile(rng, narrow):
    """1024 BF16 values (face-major: face f row r col c at 256f + 16r + c); narrow: BFP-friendly
    groups (exponents within a few steps of each other)."""
    vals = []
    for g in range(64):
        base = rng.randrange(110, 140)
        for _ in range(16):
            e = base - rng.randrange(10) if narrow else rng.choice([rng.randrange(1, 255), rng.randrange(118, 136)])
            vals.append((rng.getrandbits(1) << 15) | (e << 7) | rng.getrandbits(7))
    for i, s in enumerate([0x0000, 0x8000, 0x0001, 0x807F, 0x7F80, 0xFF80, 0x7FC0, 0x3F80, 0xBF80, 0x7F7F]):
        vals[37 * i + 5] = s
    return vals


def dest_lines(base_row, vals):
    """A 32x32 tile in Dest as tt-llk's math leaves it (RowMajor face layout: face f at rows 16f..)."""
    return ["dest %d %s" % (base_row + r, " ".join("0x%04x" % dst_bf16(v) for v in vals[16 * r:16 * r + 16]))
            for r in range(64)]


def pack_init(fmt_in, fmt_out, bpd, exp_sec=0):
    """_llk_pack_hw_configure_ (configure_pack's TRISC config stores, as preloads) and _llk_pack_init_."""
    L = ["# --- _llk_pack_hw_configure_ -> configure_pack (cpack_common.h): the config words it stores ---",
         "cfg 0 ALU_FORMAT_SPEC_REG2_Dstacc %d            # pack_src_format: the packer's IntermediateFormat" % fmt_in,
         "cfg 0 THCON_SEC0_REG1_In_data_format %d" % fmt_in,
         "cfg 0 THCON_SEC0_REG1_Out_data_format %d" % fmt_out,
         "cfg 0 THCON_SEC0_REG1_Disable_zero_compress 1  # config.f.uncompress = 1",
         "cfg 0 THCON_SEC0_REG1_Sub_l1_tile_header_size 0 # +1 line: tt-metal passes fifo_wr_ptr - 1 (§14.10)",
         "cfg 0 THCON_SEC0_REG1_Exp_section_size %d" % exp_sec,
         "cfg 0 PCK_EDGE_OFFSET_SEC0_mask 0xFFFF         # set_packer_config: no edge masking",
         "cfg 0 PCK_EDGE_OFFSET_SEC1_mask 0xFFFF",
         "cfg 0 PCK_EDGE_OFFSET_SEC2_mask 0xFFFF",
         "cfg 0 PCK_EDGE_OFFSET_SEC3_mask 0xFFFF",
         "# set_packer_strides: x = datum bytes, y = a face row, z = a face, w = a tile",
         "cfg 0 PCK0_ADDR_CTRL_XY_REG_0_Xstride %d" % bpd,
         "cfg 0 PCK0_ADDR_CTRL_XY_REG_0_Ystride %d" % (16 * bpd),
         "cfg 0 PCK0_ADDR_CTRL_ZW_REG_0_Zstride %d" % (256 * bpd),
         "cfg 0 PCK0_ADDR_CTRL_ZW_REG_0_Wstride %d" % (1024 * bpd),
         "",
         "thread 2",
         "# _llk_pack_configure_addrmod_<untilize=false>: ADDR_MOD_0 Y src/dst += 4; ADDR_MOD_1 clear Y src/dst",
         "# and Z src; ADDR_MOD_2 clear Y src, Y dst += 4, Z src += 1 (the next face)",
         "ttsetc16 37,260                    # ADDR_MOD_PACK_SEC0",
         "ttsetc16 38,10272                  # ADDR_MOD_PACK_SEC1",
         "ttsetc16 39,4384                   # ADDR_MOD_PACK_SEC2",
         "# packer_addr_counter_init / configure_pack: X 0..15 (FACE_C_DIM), Y, Z, W = 0",
         "ttsetadcxx 4,15,0",
         "ttsetadcxy 4,0,0,0,0,11",
         "ttsetadczw 4,0,0,0,0,15",
         "# _llk_pack_mop_config_ (not untilize, face_r_dim 16, 4 faces): ckernel_template(outer = num_faces,",
         "# inner = face_r_dim / 4, PACR(ADDR_MOD_0, ALL_INTF_ACTIVE)); last inner: PACR(ADDR_MOD_2); last",
         "# outer: PACR(ADDR_MOD_1, Last). No tile-header end op (write_tile_header = false).",
         "store mop 0 4                      # outer loop: num_faces",
         "store mop 1 4                      # inner loop: 16 rows / 4 read interfaces",
         "store mop 2 0x02000000             # start op: NOP",
         "store mop 3 0x02000000             # end op 0: NOP",
         "store mop 4 0x02000000             # end op 1: NOP",
         "store mop 5 0x%08x             # loop op: PACR ADDR_MOD_0, ReadIntfSel 0b1111" % pacr(0, 15, 0),
         "store mop 6 0x02000000             # loop op 1: NOP",
         "store mop 7 0x%08x             # last outer-loop instr: PACR ADDR_MOD_1, Last" % pacr(1, 15, 1),
         "store mop 8 0x%08x             # last inner-loop instr: PACR ADDR_MOD_2" % pacr(2, 15, 0),
         "# _llk_init_packer_dest_offset_registers_<SyncHalf>: DEST_OFFSET_LO (GPRs 4..7) = 0, DEST_OFFSET_HI",
         "# (GPRs 8..11) = DEST_REGISTER_HALF_SIZE; select_packer_dest_registers: WRCFG 128b of the LO set",
         "ttsetdmareg 0,0,0,8                # r4 low = 0",
         "ttsetdmareg 0,%d,0,16              # r8 low = 0x200 rows" % HALF,
         "ttstallwait 128,1                  # config waits for ThCon",
         "ttwrcfg 4,1,180                    # DEST_TARGET_REG_CFG_PACK_SEC0..3_Offset <- r4..r7",
         "ttdmanop",
         "ttdmanop"]
    return L


def pacr(am, sel, last):
    """PACR word (assembly.yaml: opcode 0x41; [16:15] AddrMode, [11:8] ReadIntfSel, [0] Last)."""
    return (0x41 << 24) | (am << 15) | (sel << 8) | last


def program_packer_destination(l1_line, wait_units, wait_comment):
    """tt-llk's program_packer_destination(addr): OUTPUT_ADDR (r12) = (1 << 31) | addr, written to
    THCON_SEC0_REG1_L1_Dest_addr by WRCFG behind a STALLWAIT on wait_units, high half restored."""
    lo = l1_line & 0xFFFF
    hi = 0x8000 | (l1_line >> 16)
    return ["ttsetdmareg %d,%d,0,24             # r12 low = L1 line 0x%x" % (lo >> 14, lo & 0x3FFF, l1_line),
            "ttsetdmareg %d,%d,0,25             # r12 high = 0x%04x (bit 31: relative mode)" % (hi >> 14, hi & 0x3FFF, hi),
            "ttstallwait 128,%-2d                 # STALL_CFG until %s" % (wait_units, wait_comment),
            "ttwrcfg 12,0,69                    # THCON_SEC0_REG1_L1_Dest_addr",
            "ttsetdmareg 0,%d,0,25              # r12 high = addr's own high half" % (l1_line >> 16),
            "ttdmanop"]


def pack_tile(t, l1_line, half, fp32=0):
    """_llk_pack_<SyncHalf> for tile t: W = tile index, program_packer_destination, MOP, Z reset; then
    _llk_pack_dest_section_done_<SyncHalf>: STALLWAIT, ZEROACC half, SEMGET, flip and select."""
    return ["# tile %d: _llk_packer_wait_for_math_done_" % t,
            "ttsemwait 1,2,1                    # STALL_TDMA while MATH_PACK (semaphore 1) is zero",
            "ttsetadc 4,0,3,0                   # SETADC PAC CH_0 SET_W: tile_index 0 of this half",
            "# program_packer_destination(addr): OUTPUT_ADDR (r12) = (1 << 31) | addr, WRCFG, high half restored"] + \
        program_packer_destination(l1_line, 9, "ThCon and the packer are idle") + [
            "ttmop 1,0,0                        # mop_run(1, 1): 16 PACRs",
            "ttsetadczw 4,0,0,0,0,5             # reset the Z counters of both channels",
            "# _llk_pack_dest_section_done_<SyncHalf>",
            "ttstallwait 64,8                   # STALL_MATH until the packer is done",
            "ttzeroacc 2,%d,0,1,%d                # CLR_HALF, is_fp32_dest_acc_en, half %d (dest_offset_id)" % (fp32, half, half),
            "ttsemget 2                         # t6_semaphore_get(MATH_PACK)",
            "ttwrcfg %d,1,180                    # flip_packer_dest_offset_id + select_packer_dest_registers" % (8 if half == 0 else 4),
            "ttdmanop",
            "ttdmanop"]


def math_thread(ntiles):
    """The math thread only hands over Dest halves the test preloaded: SEMINIT (SyncHalf, max 2), one
    post per tile after a wait for a free half (math_dest_wait)."""
    L = ["", "thread 1", "ttseminit 2,0,2                    # _llk_math_pack_sync_init_<SyncHalf>: MATH_PACK max 2"]
    for t in range(ntiles):
        L += ["ttsemwait 64,2,2                   # math_dest_wait: while MATH_PACK is at its max",
              "idle 40", "ttsempost 2                        # set_math_semaphores: tile %d is in Dest" % t]
    return L


def write(name, lines):
    with open(os.path.join(OUT, name + '.tts'), 'w') as f:
        f.write("\n".join(lines) + "\n")


def fp32_tile(rng):
    vals = []
    for _ in range(1024):
        e = rng.choice([rng.randrange(1, 255), rng.randrange(118, 136)])
        vals.append((rng.getrandbits(1) << 31) | (e << 23) | rng.getrandbits(23))
    for i, s in enumerate([0x3F808000, 0xBF808000, 0x3F828000, 0x00000001, 0x807FFFFF, 0x7F800000,
                           0xFF800000, 0x7FC00000, 0x7F7FFFFF, 0x80000000, 0x3F7FFFFF]):
        vals[41 * i + 3] = s
    return vals


def add1_tiles(rng, name, ntiles, header, fmt_out="bf16", dest32=False):
    tiles = [fp32_tile(rng) if dest32 else bf16_tile(rng, fmt_out == "bfp8") for _ in range(ntiles)]
    bfp = fmt_out == "bfp8"
    size = (64 + 1024) if bfp else 2048
    addrs = [0x20000 + t * (size + 0x100) for t in range(ntiles)]
    L = list(header)
    for t in range(ntiles):
        if dest32:    # Dst32b view: logical row n at physical rows AdjRow(n) and AdjRow(n) + 8 (ERRATA 5)
            L += ["dest32 %d %s" % ((t % 2) * HALF + r, " ".join("0x%08x" % dst_fp32(v) for v in tiles[t][16 * r:16 * r + 16]))
                  for r in range(64)]
        else:
            L += dest_lines((t % 2) * HALF, tiles[t])
    for a in addrs:
        L.append("l1 fill 0x%x %d 0x5a" % (a - 16, size + 32))
    L += ["max_cycles %d" % (20000 * ntiles), ""]
    L += pack_init(5, 6 if bfp else 5, 2, exp_sec=4 if bfp else 0)
    if dest32:
        L[L.index("thread 2") - 1:L.index("thread 2") - 1] = [
            "cfg 0 PCK_DEST_RD_CTRL_Read_32b_data 1         # is_fp32_dest_acc_en: Dst32b read, rounded to BF16"]
    for t in range(ntiles):
        L += pack_tile(t, a_line(addrs[t]), t % 2, int(dest32))
    L.append("drain")
    L += math_thread(ntiles)
    L += ["drain", ""]
    for t in range(ntiles):
        if bfp:
            exps, data = [], []
            for g in range(64):
                s, f = bfp_group([r16(v) for v in tiles[t][16 * g:16 * g + 16]], 'bfp8')
                exps.append(s)
                data += f
            L += byte_lines(addrs[t], exps) + byte_lines(addrs[t] + 64, data)
        elif dest32:
            L += u16_lines(addrs[t], [fp32_to_bf16_early(v) for v in tiles[t]])
        else:
            L += u16_lines(addrs[t], [r16(v) for v in tiles[t]])
        L += byte_lines(addrs[t] - 16, [0x5a] * 16) + byte_lines(addrs[t] + size, [0x5a] * 16)
        # _llk_pack_dest_section_done_ cleared the half it packed
        base = (t % 2) * HALF
        L += ["expect dest %d %s" % (base + r, " ".join(["0x0000"] * 16)) for r in (0, 17, 63)]
    L += ["expect adc 2 pack 0 y 0", "expect adc 2 pack 0 z 0", "expect adc 2 pack 1 z 0",
          "expect sem 1 0"]
    write(name, L)


def a_line(addr):
    return addr // 16 - 1      # tt-metal: the address passed is fifo_wr_ptr - 1 (16-byte units)


def head(name, what, sect, rule):
    return ["# %s: tt-llk's Blackhole pack thread (TRISC2) for %s, rebuilt from" % (name, what),
            "# tenstorrent/tt-llk tt_llk_blackhole: llk_lib/llk_pack.h (_llk_pack_configure_addrmod_, _llk_pack_mop_config_,",
            "# _llk_pack_init_, _llk_pack_), llk_lib/llk_pack_common.h (_llk_packer_wait_for_math_done_,",
            "# _llk_pack_dest_section_done_<SyncHalf>, _llk_init_packer_dest_offset_registers_), common/inc/cpack_common.h",
            "# (configure_pack, set_packer_strides, program_packer_destination, select_packer_dest_registers);",
            "# pack-data-path §16, §17.%s. Per tile: SEMWAIT on MATH_PACK, SETADC W, WRCFG of L1_Dest_addr (bit 31 set:" % sect,
            "# relative mode for packers 1..3), the 16-PACR MOP (4 faces x 4 PACRs of all four read interfaces, the",
            "# last with Last), Z reset, STALLWAIT, ZEROACC of the packed half, SEMGET, DEST_TARGET flip (WRCFG 128b).",
            "# The math thread (TRISC1) only posts MATH_PACK for Dest halves the test preloads (rows 0.., 0x200..).",
            "# Expected bytes: %s. Generated by tools/gen_llk_pack_tests.py." % rule]


def pacr_strided(sel, last):
    """PACR with DstAccessMode [17] = DST_ACCESS_STRIDED_MODE, ADDR_MOD_0, ReadIntfSel sel."""
    return pacr(0, sel, last) | (1 << 17)


def untilize_tiles(rng, name, ct, fp32=False):
    """_llk_pack_untilize_ of one block of ct 32x32 tiles (block_ct_dim = full_ct_dim = ct, 4 faces,
    face_r_dim 16; tenstorrent/tt-llk tt_llk_blackhole/llk_lib/llk_pack_untilize.h). Dest holds tile
    t at rows 64t.. (faces at +16f), as math leaves a SyncHalf half; L1 gets the block row-major:
    output row R (0..31) is, for each tile, face 2(R // 16) row R % 16 then face 2(R // 16) + 1 row
    R % 16. Each PACR reads two read interfaces 16 rows apart (DstAccessMode strided, with
    DEST_ACCESS_CFG remap_addrs and swizzle_32b from _llk_math_reconfig_remap_)."""
    bpd = 4 if fp32 else 2
    tiles = [fp32_tile(rng) if fp32 else bf16_tile(rng, False) for _ in range(ct)]
    row_bytes = ct * 32 * bpd
    addr = 0x30000
    size = 32 * row_bytes
    L = ["# %s: tt-llk's Blackhole pack_untilize (TRISC2) of a block of %d %s tiles, rebuilt from" % (
             name, ct, "FP32 (Dst32b)" if fp32 else "BF16"),
         "# tenstorrent/tt-llk tt_llk_blackhole/llk_lib/llk_pack_untilize.h (_llk_pack_untilize_configure_addrmod_,",
         "# _llk_pack_untilize_mop_config_, _llk_pack_untilize_init_, _llk_pack_untilize_), llk_math_common.h",
         "# (_llk_math_reconfig_remap_), cpack_common.h (program_packer_destination). MOP: outer 16 rows, inner %d" % ct,
         "# tiles of INCADCZW (W += 1) + PACR(DstAccessMode strided, ReadIntfSel 0b0011: Dest rows StartRow and",
         "# StartRow + 16, i.e. faces 0 and 1 (or 2 and 3) of one tile row); start op SETADC W = 15 (W 16 wraps",
         "# the datum index to tile 0); the last tile's PACR has Last; end ops INCADCXY (Y += 1) and REPLAY of",
         "# ADDDMAREG OUTPUT_ADDR += OUTPUT_ADDR_OFFSET, STALLWAIT, WRCFG L1_Dest_addr, NOP. Two MOP runs: Z 0",
         "# (top faces), Z 1 (Zstride 2 faces: bottom faces). docs/decisions.md \"PACR strided Dest read\".",
         "# Expected bytes: the block row-major, %s. Generated by tools/gen_llk_pack_tests.py." % (
             "FP32 -> FP32 identity (Dst32b, no rounding)" if fp32 else
             "Dst16b BF16 early rounding (NaN -> Inf, exponent 0 -> +0, ERRATA 3)")]
    for t in range(ct):
        if fp32:
            L += ["dest32 %d %s" % (64 * t + r, " ".join("0x%08x" % dst_fp32(v) for v in tiles[t][16 * r:16 * r + 16]))
                  for r in range(64)]
        else:
            L += dest_lines(64 * t, tiles[t])
    L += ["l1 fill 0x%x %d 0x5a" % (addr - 16, size + 32), "max_cycles %d" % (40000 * ct), ""]
    init = pack_init(0 if fp32 else 5, 0 if fp32 else 5, bpd)
    L += init[:init.index("thread 2")]
    if fp32:
        L.insert(len(L) - 1, "cfg 0 PCK_DEST_RD_CTRL_Read_32b_data 1         # is_fp32_dest_acc_en: Dst32b read")
    z = 2 * 16 * 16 * bpd
    out_off = row_bytes // 16
    pw, pl = pacr_strided(3, 0), pacr_strided(3, 1)
    L += ["thread 2",
          "# _llk_pack_untilize_configure_addrmod_: ADDR_MOD_0 all zero (the MOP's ADC ops move Y and W)",
          "ttsetc16 37,0                      # ADDR_MOD_PACK_SEC0",
          "# configure_pack: X 0..15 (FACE_C_DIM), Y, Z, W = 0",
          "ttsetadcxx 4,15,0",
          "ttsetadcxy 4,0,0,0,0,11",
          "ttsetadczw 4,0,0,0,0,15",
          "# _llk_pack_untilize_mop_config_<%d>: ckernel_template(outer = face_r_dim, inner = block_ct_dim," % ct,
          "# INCADCZW(PAC, W0 += 1), PACR strided TWO_INTFS); start op SETADC(PAC, CH_0, SET_W, 15); end ops",
          "# INCADCXY(PAC, Y0 += 1), REPLAY(16, 4); last inner and last outer instr: the PACR with Last",
          "store mop 0 16                     # outer loop: face_r_dim rows",
          "store mop 1 %d                      # inner loop: block_ct_dim tiles" % ct,
          "store mop 2 0x508c000f             # start op: SETADC PAC CH_0 SET_W 15",
          "store mop 3 0x52800200             # end op 0: INCADCXY PAC ch0 Y += 1",
          "store mop 4 0x04040040             # end op 1: REPLAY start 16, len 4 (replay_insn)",
          "store mop 5 0x55800200             # loop op 0: INCADCZW PAC ch0 W += 1",
          "store mop 6 0x%08x             # loop op 1: PACR strided, ReadIntfSel 0b0011" % pw,
          "store mop 7 0x%08x             # last outer-loop instr: the PACR with Last" % pl,
          "store mop 8 0x%08x             # last inner-loop instr: the PACR with Last" % pl,
          "# load_replay_buf(replay_buf_offset 16, 4): the L1 address of the next block row",
          "ttreplay 16,4,0,1                  # record 4 instructions at slot 16 (no exec)",
          "ttadddmareg 0,12,12,50             # OUTPUT_ADDR += OUTPUT_ADDR_OFFSET",
          "ttstallwait 128,1                  # STALL_CFG until ThCon is idle",
          "ttwrcfg 12,0,69                    # THCON_SEC0_REG1_L1_Dest_addr <- OUTPUT_ADDR",
          "ttnop",
          "# _llk_pack_untilize_init_: Zstride = 2 faces (cfg_reg_rmw_tensix: RMWCIB0/1 of word 13)",
          "ttrmwcib0 255,%d,13" % (z & 0xFF),
          "ttrmwcib1 255,%d,13                 # PCK0_ADDR_CTRL_ZW_REG_0_Zstride = %d" % (z >> 8, z),
          "ttsetdmareg 0,%d,0,100              # OUTPUT_ADDR_OFFSET (r50) low = %d lines (one block row)" % (out_off, out_off),
          "# _llk_init_packer_dest_offset_registers_ + select_packer_dest_registers (DEST_OFFSET_LO = 0)",
          "ttsetdmareg 0,0,0,8                # r4 low = 0",
          "ttsetdmareg 0,%d,0,16              # r8 low = 0x200 rows" % HALF,
          "ttstallwait 128,1",
          "ttwrcfg 4,1,180                    # DEST_TARGET_REG_CFG_PACK_SEC0..3_Offset <- r4..r7",
          "ttdmanop",
          "ttdmanop",
          "# _llk_packer_wait_for_math_done_",
          "ttsemwait 1,2,1                    # STALL_TDMA while MATH_PACK (semaphore 1) is zero"]
    line = addr // 16 - 1
    L += ["# _llk_pack_untilize_(address): program_packer_destination (OUTPUT_ADDR = (1 << 31) | addr)"]
    L += program_packer_destination(line, 1, "ThCon is idle")
    L += ["ttsetadczw 4,0,0,0,0,3             # reset ch0 Z and W",
          "ttsetadcxy 4,0,0,0,0,3             # reset ch0 X and Y",
          "ttmop 1,0,0                        # top faces: 16 rows x %d tiles" % ct,
          "ttincadczw 4,0,0,0,1               # Z0 += 1: Zstride jumps two faces",
          "ttsetadcxy 4,0,0,0,0,2             # reset ch0 Y",
          "ttmop 1,0,0                        # bottom faces",
          "ttincadczw 4,0,0,0,1",
          "ttsetadcxy 4,0,0,0,0,2",
          "ttsetadczw 4,0,0,0,0,5             # reset the Z counters",
          "ttsetadc 4,0,3,0                   # W = tile_dst_offset 0",
          "# _llk_pack_dest_section_done_<SyncHalf>",
          "ttstallwait 64,8                   # STALL_MATH until the packer is done",
          "ttzeroacc 2,%d,0,1,0                # CLR_HALF, half 0" % int(fp32),
          "ttsemget 2                         # t6_semaphore_get(MATH_PACK)",
          "drain",
          "",
          "thread 1",
          "ttseminit 2,0,2                    # _llk_math_pack_sync_init_<SyncHalf>: MATH_PACK max 2",
          "# _llk_math_reconfig_remap_(true): DEST_ACCESS_CFG_remap_addrs and _swizzle_32b (RMWCIB0 of word 220)",
          "ttrmwcib0 2,2,220",
          "ttrmwcib0 1,1,220",
          "ttsemwait 64,2,2                   # math_dest_wait",
          "idle 40",
          "ttsempost 2                        # the block is in Dest half 0",
          "drain", ""]
    out = []
    for R in range(32):
        for t in range(ct):
            for f in (2 * (R // 16), 2 * (R // 16) + 1):
                out += tiles[t][256 * f + 16 * (R % 16):256 * f + 16 * (R % 16) + 16]
    if fp32:
        L += ["expect l1 u32 0x%x %s" % (addr + 64 * i, " ".join("0x%08x" % v for v in out[16 * i:16 * i + 16]))
              for i in range(len(out) // 16)]
    else:
        L += u16_lines(addr, [r16(v) for v in out])
    L += byte_lines(addr - 16, [0x5a] * 16) + byte_lines(addr + size, [0x5a] * 16)
    L += ["expect dest %d %s" % (r, " ".join(["0x0000"] * 16)) for r in (0, 17, 63)]
    L += ["expect adc 2 pack 0 y 0", "expect adc 2 pack 0 z 0", "expect adc 2 pack 0 w 0",
          "expect gpr 2 12 0x%x" % (line + 32 * out_off), "expect sem 1 0"]
    write(name, L)


if __name__ == '__main__':
    rng = random.Random(23)
    add1_tiles(rng, "llk_pack_add1_tiles", 2,
               head("llk_pack_add1_tiles", "two 32x32 BF16 tiles (the add1 kernel, SyncHalf)", "1",
                    "face-major BF16 rows, Dst16b BF16 early rounding (NaN -> Inf, exponent 0 -> +0, ERRATA 3)"))
    add1_tiles(rng, "llk_pack_matmul_tiles", 2,
               head("llk_pack_matmul_tiles", "two matmul output tiles accumulated in FP32 (Dst32b), one SEMWAIT per tile", "3",
                    "face-major BF16 rows, Dst32b FP32 -> BF16: NaN -> Inf, + 0x8000 (ties away), exponent 0 -> +0"),
               dest32=True)
    add1_tiles(rng, "llk_pack_bfp8_tile", 2,
               head("llk_pack_bfp8_tile", "two 32x32 tiles BF16 Dest -> BFP8 (exponent section 64 bytes)", "1",
                    "64 shared exponents (Exp_section_size 4 lines) then 1024 BFP8 datums, ERRATA 4 per group of 16"),
               fmt_out="bfp8")
    untilize_tiles(rng, "llk_pack_untilize", 2)
    untilize_tiles(rng, "llk_pack_untilize_fp32", 3, fp32=True)
