#!/usr/bin/env python3
"""gen_llk_math_tests.py: end-to-end tests of tt-llk's Blackhole eltwise-binary and matmul sequences
for one 32x32 tile (issue 26): L1 -> unpack (TRISC0) -> math (TRISC1) -> pack (TRISC2) -> L1, the L1
result checked against tools/mx_ref.py.

Writes tests/directed/llk_eltwise_{add,sub,mul}_*.tts and llk_matmul_*.tts. The thread programs are
rebuilt from tenstorrent/tt-llk (facts carried over: register values, instruction fields, MOP and
ADDR_MOD programs; no code):
  math:   tt_llk_blackhole/llk_lib/llk_math_eltwise_binary.h (eltwise_binary_configure_addrmod,
          eltwise_binary_configure_mop, _llk_math_eltwise_binary_init_, _llk_math_eltwise_binary_),
          llk_lib/llk_math_matmul.h (matmul_configure_addrmod, matmul_configure_mop, _llk_math_matmul_init_,
          _llk_math_matmul_), llk_lib/llk_math_common.h (_llk_math_pack_sync_init_, _llk_math_hw_configure_,
          _llk_math_wait_for_dest_available_, _llk_math_dest_section_done_), common/inc/cmath_common.h
          (set_dst_write_addr, clear_dst_reg_addr, math_dest_wait, set_math_semaphores, dest_section_flip,
          replay_buf_offset 16, get_math_fidelity_increment), common/inc/ckernel_template.h (MOP words);
  unpack: llk_lib/llk_unpack_AB.h (_llk_unpack_AB_, as tests/directed/llk_unpack_ab_tiles.tts),
          llk_lib/llk_unpack_AB_matmul.h (_llk_unpack_AB_matmul_hw_configure_, _llk_unpack_AB_matmul_init_,
          _llk_unpack_AB_matmul_mop_config_, _llk_unpack_AB_matmul_), common/inc/cunpack_common.h
          (configure_unpack_AB), common/inc/ckernel_gpr_map.h (p_gpr_unpack);
  pack:   tools/gen_llk_pack_tests.py's rebuild of llk_pack.h / llk_pack_common.h / cpack_common.h.
Expected L1: Dest from tools/mx_ref.py following the instruction sequence (RWCs and ADDR_MODs as the
contract says), then the packer's datum rules (gen_tile_stream.r16: Dst16b BF16 -> BF16, NaN -> Inf,
exponent 0 -> +0; Dst32b FP32 -> FP32 unchanged). Never from the model or the RTL.

Usage: tools/gen_llk_math_tests.py
"""
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mx_ref as M  # noqa: E402
from gen_mx_tests import Test, sval  # noqa: E402
from gen_tile_stream import dec16, r16, src_bf16  # noqa: E402
from gen_llk_pack_tests import pack_init, pack_tile, a_line, u16_lines  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'tests', 'directed')
A_ADDR, B_ADDR, O_ADDR = 0x10000, 0x20000, 0x30000
NOP = 0x02000000


def elw_word(opc, clear, accum, mod, am, dst):
    return (opc << 24) | (clear << 22) | (accum << 21) | (mod << 19) | (am << 14) | dst


def mvmul_word(clear, am):
    return (0x26 << 24) | (clear << 22) | (am << 14)


def setrwc_word(clear_ab, cr, d, b, a, mask):
    return (0x37 << 24) | (clear_ab << 22) | (cr << 18) | (d << 14) | (b << 10) | (a << 6) | mask


def replay_word(index, count, exec_, load):
    return (0x04 << 24) | (index << 14) | (count << 4) | (exec_ << 1) | load


def ab_word(a=0, a_cr=0, a_clr=0, b=0, b_cr=0, b_clr=0):
    return a | (a_cr << 6) | (a_clr << 7) | (b << 8) | (b_cr << 14) | (b_clr << 15)


def dst_word(d=0, d_cr=0, d_clr=0, c2cr=0, fid=0, fid_clr=0):
    return d | (d_cr << 10) | (d_clr << 11) | (c2cr << 12) | (fid << 13) | (fid_clr << 15)


def rnd_tile(rng, lo=118, hi=134, specials=True):
    """1024 BF16 bit patterns, face-major (face f row r col c at 256f + 16r + c)."""
    v = [(rng.getrandbits(1) << 15) | (rng.randrange(lo, hi) << 7) | rng.getrandbits(7) for _ in range(1024)]
    if specials:
        for i in range(0, 1024, 97):
            v[i] = 0x0000                 # +0
        for i in range(5, 1024, 131):
            v[i] = 0x8000                 # -0
        for i in range(9, 1024, 151):
            v[i] = 0x0005                 # a denormal: read as zero
    return v


def l1_tile_lines(addr, bits):
    vals = ["raw:0x%04x" % b if (b & 0x7F80) == 0 and (b & 0x7F) else sval(src_bf16(b), 'bf16') for b in bits]
    L = ["l1 tile 0x%x bf16" % addr]
    for f in range(4):
        L.append("  # face %d" % f)
        for r in range(16):
            L.append("  " + " ".join(vals[256 * f + 16 * r:256 * f + 16 * r + 16]))
    return L


# ------------------------------------------------------------------ unpack thread programs

def unpack_config(stride_a=0x200, stride_b=0x200):
    """configure_unpack_AB (BF16 -> BF16 for both operands, face_r_dim 16, 4 faces): the TRISC's
    config stores, as in tests/directed/llk_unpack_ab_tiles.tts."""
    return [
        "ttsetadcxy 3,0,0,0,0,11                  # unpacker_addr_counter_init",
        "ttsetadczw 3,0,0,0,0,15",
        "store cfg 0 57 0x%08x                # UNP0 ch1 Zstride = 256 * 2 (BF16)" % stride_a,
        "store cfg 0 59 0x%08x                # UNP1 ch1 Zstride = 256 * 2 (BF16)" % stride_b,
        "store cfg 0 64 0x00000015                # SEC0 tile descriptor: BF16, uncompressed, x_dim 0",
        "store cfg 0 65 0x00040001                # y_dim 1, z_dim 4",
        "store cfg 0 66 0",
        "store cfg 0 67 0",
        "store cfg 0 112 0x01000015               # SEC1 tile descriptor: BF16, uncompressed, x_dim 256",
        "store cfg 0 113 0x00040001",
        "store cfg 0 114 0",
        "store cfg 0 115 0",
        "store cfg 0 72 0x00000025                # SEC0: out BF16 (the bank's implied format), throttle 2",
        "store cfg 0 73 0x000F000F                # uncompress_cntx0_3, uncompress_cntx4_7",
        "store cfg 0 74 0",
        "store cfg 0 75 0",
        "store cfg 0 120 0x00000025               # SEC1: out BF16, throttle 2",
        "store cfg 0 121 0x000F000F",
        "store cfg 0 122 0",
        "store cfg 0 123 0",
        "store cfg 0 84 0x00400040                # Dest_cntx0/1_address = 4*16",
        "store cfg 0 86 0x01000100                # Tile_x_dim_cntx0/1 = 256",
        "ttsetc16 5,4                             # SRCA_SET: SetOvrdWithAddr",
        "store cfg 0 50 0x00000100                # add_dest_addr_cntr",
        "ttsetc16 41,0                            # reset_config_context"]


def unpack_ab_eltwise():
    """_llk_unpack_hw_configure_ + _llk_unpack_AB_init_<NONE> + _llk_unpack_AB_ (llk_unpack_AB.h):
    one UNPACR per face and operand, FlipSrc each."""
    return ["thread 0",
            "# ---- _llk_unpack_hw_configure_ -> configure_unpack_AB(A, B: BF16 -> BF16, face_r_dim 16, 4 faces)",
            "ttsetadcxx 1,255,0",
            "ttsetadcxx 2,255,0"] + unpack_config() + [
            "# ---- _llk_unpack_AB_init_<NONE>(32x32, transpose 0)",
            "ttrmwcib1 1,0,72                         # Haloize_mode = 0",
            "ttsetadcxx 3,255,0                       # config_unpacker_x_end<UNP_AB>(16)",
            "store mop 0 2                            # outer = num_faces_r_dim",
            "store mop 1 2                            # inner = num_faces_c_dim",
            "store mop 2 0x02000000                   # no start op",
            "store mop 3 0x02000000",
            "store mop 4 0x02000000",
            "store mop 5 0x420080c1                   # loop op 0: UNPACR SrcA, Ch0ZInc 1, OvrdThreadId, SetDatValid",
            "store mop 6 0x428080c1                   # loop op 1: UNPACR SrcB, same",
            "store mop 7 0x428080c1                   # last instrs = loop op 1",
            "store mop 8 0x428080c1",
            "# ---- _llk_unpack_AB_(A >> 4, B >> 4), unp_cfg_context 0",
            "ttsetadczw 3,0,0,0,0,15                  # reset counters",
            "store cfg 0 76 0x%x                    # _llk_unpack_configure_addresses_: SEC0 Base_address (A)" % (A_ADDR >> 4),
            "store cfg 0 124 0x%x                   # SEC1 Base_address (B)" % (B_ADDR >> 4),
            "store sem 5 post                         # semaphore_post(UNPACK_SYNC)",
            "ttstallwait 8,1024                       # STALL_UNPACK, TRISC_CFG",
            "ttmop 1,0,0",
            "ttsemget 32                              # t6_semaphore_get(UNPACK_SYNC)",
            "ttsetc16 41,257                          # switch_config_context -> 1",
            "drain"]


def unpack_ab_matmul():
    """_llk_unpack_AB_matmul_hw_configure_ + _llk_unpack_AB_matmul_init_ + _llk_unpack_AB_matmul_ for
    ct = rt = kt = 1 (reuse_a): in0 (operand A, at A_ADDR) -> SrcB by unpacker 1, in1 (operand B, at
    B_ADDR) -> SrcA by unpacker 0, each a whole tile (x_end 1023: 64 rows) with SetDatValid."""
    unp = "0,0,0,0,0,1,1,0,0,0,0,0,1"
    return ["thread 0",
            "# ---- _llk_unpack_AB_matmul_hw_configure_ -> configure_unpack_AB(BF16 -> BF16, 16, 4 faces)"] + \
        unpack_config() + [
            "ttsetadcxx 1,1023,0                      # unpA_x_end = 4 * 16 * 16 - 1",
            "ttsetadcxx 2,1023,0                      # unpB_x_end",
            "store gpr 36 128                         # regfile[TILE_SIZE_A] = tile size (16-byte units)",
            "store gpr 37 128                         # regfile[TILE_SIZE_B]",
            "# ---- _llk_unpack_AB_matmul_init_(transpose 0, ct 1, rt 1, kt 1)",
            "ttrmwcib1 1,0,72                         # Haloize_mode = transpose (0)",
            "ttsetadczw 3,0,0,0,0,15",
            "ttsetadcxx 1,1023,0",
            "ttsetadcxx 2,1023,0",
            "ttsetdmareg 0,1,0,76                     # GPR KT_DIM (38) low = kt_dim 1",
            "# _llk_unpack_AB_matmul_mop_config_ (reuse_a): replay buffer 0..11 = two 6-instruction halves,",
            "# UNPACR SrcA then Base_address (cntx0 / cntx1) += TILE_SIZE_A",
            "# NOT in tt-llk: a STALLWAIT(THCON, CFGEXU) between RDCFG and ADDDMAREG (7 per half, not 6): this",
            "# project's timing lets ADDDMAREG read GPR TMP0 before RDCFG's write lands (race detector).",
            "ttreplay 0,14,0,1                        # load 14 (no exec)",
            "ttunpacr " + unp + "        # UNPACR SrcA: OvrdThreadId, SetDatValid, Last",
            "ttrdcfg 12,76                            # TMP0 = THCON_SEC0_REG3_Base_address",
            "ttstallwait 32,4096                      # (not in tt-llk) THCON until RDCFG retired (C12 CFGEXU)",
            "ttadddmareg 0,12,12,36                   # TMP0 += TILE_SIZE_A",
            "ttstallwait 128,1                        # STALL_CFG, THCON",
            "ttwrcfg 12,0,76",
            "ttnop",
            "ttunpacr " + unp,
            "ttrdcfg 12,77                            # Base_cntx1_address",
            "ttstallwait 32,4096                      # (not in tt-llk)",
            "ttadddmareg 0,12,12,36",
            "ttstallwait 128,1",
            "ttwrcfg 12,0,77",
            "ttnop",
            "# ckernel_unpack_template(B 0, halo 0, A0 = REPLAY(0, 6), skipA = REPLAY(6, 6)); 7 here (see above)",
            "store mop 1 0",
            "store mop 2 0",
            "store mop 3 0x%08x                   # A0: REPLAY 0, 7 (context 0)" % replay_word(0, 7, 0, 0),
            "store mop 4 0",
            "store mop 5 0",
            "store mop 6 0",
            "store mop 7 0x%08x                   # skip A: REPLAY 7, 7 (context 1)" % replay_word(7, 7, 0, 0),
            "store mop 8 0",
            "# ---- _llk_unpack_AB_matmul_(in0 A >> 4, in1 B >> 4, tile 0, 0), context 0",
            "# (wait_for_next_context(2) polls UNPACK_SYNC below 2: it is 0 here)",
            "store cfg 0 76 0x%x                    # SEC0 Base_address = in1 (SrcA)" % (B_ADDR >> 4),
            "store cfg 0 124 0x%x                   # SEC1 Base_address = in0 (SrcB)" % (A_ADDR >> 4),
            "store sem 5 post                         # semaphore_post(UNPACK_SYNC)",
            "# tt-llk: STALLWAIT(STALL_UNPACK, TRISC_CFG): it holds the UNPACR, and the replayed RDCFG of",
            "# Base_address behind it, until the store lands (the in-order gate; docs/decisions.md \"Race detector\")",
            "ttstallwait 8,1024                       # STALL_UNPACK, TRISC_CFG",
            "ttunpacr 1,0,0,0,0,1,1,0,0,0,0,0,1       # UNPACR SrcB (in0): OvrdThreadId, SetDatValid, Last",
            "ttmop 0,0,0                              # the template once, zmask 0: A0 (context 0)",
            "ttsemget 32                              # t6_semaphore_get(UNPACK_SYNC)",
            "ttsetc16 41,257                          # switch_config_context -> 1",
            "drain"]


# ------------------------------------------------------------------ math thread programs

def math_prologue(fp32):
    return ["thread 1",
            "# ---- _llk_math_pack_sync_init_<SyncHalf>: SEMINIT(2, 0, MATH_PACK); set_dest_section_base<StartZero>",
            "ttseminit 2,0,2",
            "ttsetc16 1,0                             # DEST_TARGET_REG_CFG_MATH_Offset = 0",
            "# ---- _llk_math_hw_configure_: the DEST_ACCESS_CFG RMWs (untilize 0) leave remap/swizzle 0;",
            "# zeroacc_absolute_tile_mode only changes ZEROACC's 16-row form, unused here; the RMW of",
            "# ALU_ACC_CTRL_INT8_math_enabled = 0 (word 1 bit 31, its reset value) is left out: the unpackers",
            "# read word 1 while they run and nothing in this three-thread program orders the two.",
            "ttstallwait 128,16                       # STALL_CFG, MATH"]


def math_epilogue():
    return ["# ---- _llk_math_dest_section_done_<SyncHalf>: set_math_semaphores, dest_section_flip",
            "ttstallwait 2,0x810                      # STALL_SYNC until MATH, SFPU done",
            "ttsempost 2                              # MATH_PACK += 1: the tile is in Dest half 0",
            "ttstallwait 128,0x810                    # STALL_CFG, MATH | SFPU1",
            "ttsetc16 1,512                           # MATH_Offset = DEST_REGISTER_HALF_SIZE (next half)",
            "drain"]


ELW_OPC = dict(add=0x28, sub=0x30, mul=0x27)


def math_eltwise(op, fid_inc=1, hifi=False):
    """_llk_math_eltwise_binary_init_<op, NONE, LoFi or HiFi4> and _llk_math_eltwise_binary_<..., SyncHalf>(4 faces, 0)."""
    opc = ELW_OPC[op]
    lw = elw_word(opc, 0, 0, 0, 0, 0)
    end = setrwc_word(3, 3, 0, 0, 0, 3)
    if hifi:
        return math_eltwise_mul_hifi(fid_inc)
    return [
        "# ---- _llk_math_eltwise_binary_init_<ELW%s, NONE, LoFi>: eltwise_binary_configure_addrmod" % op.upper()
    ] + addrmod_lines_eltwise(fid_inc) + [
        "# eltwise_binary_configure_mop: ckernel_template(outer 4 faces, inner 2, ELW%s(0, 0, 0, ADDR_MOD_0, 0))," % op.upper(),
        "# end op SETRWC(CLR_AB, CR_AB, 0, 0, 0, SET_AB)",
        "store mop 0 4",
        "store mop 1 2",
        "store mop 2 0x%08x                   # start op: NOP" % NOP,
        "store mop 3 0x%08x                   # end op 0: SETRWC CLR_AB, CR_AB, SET_AB" % end,
        "store mop 4 0x%08x                   # end op 1: NOP" % NOP,
        "store mop 5 0x%08x                   # loop op 0: ELW%s ADDR_MOD_0" % (lw, op.upper()),
        "store mop 6 0x%08x                   # loop op 1: NOP" % NOP,
        "store mop 7 0x%08x                   # last outer-loop instr = loop op" % lw,
        "store mop 8 0x%08x                   # last inner-loop instr = loop op" % lw,
        "ttsetc16 7,0                             # CLR_DVALID_SrcA_Disable = 0",
        "ttsetrwc 0,0,0,0,0,15                    # reset_counters(SET_ABD_F)",
        "# ---- _llk_math_wait_for_dest_available_<SyncHalf>: math_dest_wait",
        "ttsemwait 322,2,2                        # STALL_MATH|SFPU|SYNC while MATH_PACK is at its max",
        "# ---- _llk_math_eltwise_binary_<ELW%s, NONE, SyncHalf>(4 faces, dst_index 0)" % op.upper(),
        "ttsetc16 1,0                             # set_dst_write_addr(0): MATH_Offset = 0 + half base 0",
        "ttmop 1,0,0                              # 4 faces x (2 x ELW%s, SETRWC)" % op.upper(),
        "ttsetrwc 0,0,0,0,0,4                     # clear_dst_reg_addr: SET_D"]


def addrmod_lines_eltwise(fid_inc):
    return [
        "ttsetc16 12,0x%04x                       # ADDR_MOD_0: SrcA += 8, SrcB += 8" % ab_word(a=8, b=8),
        "ttsetc16 28,0x%04x                       # ADDR_MOD_0: Dest += 8" % dst_word(d=8),
        "ttsetc16 47,0                            # ADDR_MOD_0: bias 0",
        "ttsetc16 13,0                            # ADDR_MOD_1: all 0",
        "ttsetc16 29,0",
        "ttsetc16 48,0",
        "ttsetc16 14,0x%04x                       # ADDR_MOD_2: SrcA, SrcB clear" % ab_word(a_clr=1, b_clr=1),
        "ttsetc16 30,0x%04x                       # ADDR_MOD_2: Dest CR, Fidelity += %d" % (dst_word(d_cr=1, fid=fid_inc), fid_inc),
        "ttsetc16 49,0",
        "ttsetc16 15,0x%04x                       # ADDR_MOD_3: SrcA, SrcB clear" % ab_word(a_clr=1, b_clr=1),
        "ttsetc16 31,0x%04x                       # ADDR_MOD_3: Dest += 8 CToCR, Fidelity clear" % dst_word(d=8, c2cr=1, fid_clr=1),
        "ttsetc16 50,0"]


def math_eltwise_mul_hifi(fid_inc):
    """ELWMUL with MathFidelity HiFi4 (4 phases, increment 1): ckernel_template(outer 4 phases, inner 2,
    ELWMUL(ADDR_MOD_0)), last inner-loop instr ELWMUL(ADDR_MOD_2: SrcA/SrcB clear, Dest back to its
    checkpoint, Fidelity += 1), last outer-loop instr ELWMUL(CLR_AB, ADDR_MOD_3: Dest += 8 into the
    checkpoint, Fidelity clear); _llk_math_eltwise_binary_ runs it once per face."""
    lw = elw_word(0x27, 0, 0, 0, 0, 0)
    l_in = elw_word(0x27, 0, 0, 0, 2, 0)
    l_out = elw_word(0x27, 3, 0, 0, 3, 0)
    return ["# ---- _llk_math_eltwise_binary_init_<ELWMUL, NONE, HiFi4>: eltwise_binary_configure_addrmod"] + \
        addrmod_lines_eltwise(fid_inc) + [
        "# eltwise_binary_configure_mop<ELWMUL, NONE, 4 phases>: ckernel_template(4, 2, ELWMUL(ADDR_MOD_0)),",
        "# set_last_inner_loop_instr(ELWMUL ADDR_MOD_2), set_last_outer_loop_instr(ELWMUL CLR_AB, ADDR_MOD_3)",
        "store mop 0 4",
        "store mop 1 2",
        "store mop 2 0x%08x                   # start op: NOP" % NOP,
        "store mop 3 0x%08x                   # end op 0: NOP" % NOP,
        "store mop 4 0x%08x                   # end op 1: NOP" % NOP,
        "store mop 5 0x%08x                   # loop op 0: ELWMUL ADDR_MOD_0" % lw,
        "store mop 6 0x%08x                   # loop op 1: NOP" % NOP,
        "store mop 7 0x%08x                   # last outer-loop instr: ELWMUL CLR_AB, ADDR_MOD_3" % l_out,
        "store mop 8 0x%08x                   # last inner-loop instr: ELWMUL ADDR_MOD_2" % l_in,
        "ttsetc16 7,0                             # CLR_DVALID_SrcA_Disable = 0",
        "ttsetrwc 0,0,0,0,0,15                    # reset_counters(SET_ABD_F)",
        "# ---- _llk_math_wait_for_dest_available_<SyncHalf>: math_dest_wait",
        "ttsemwait 322,2,2",
        "# ---- _llk_math_eltwise_binary_<ELWMUL, NONE, SyncHalf, 4 phases>(4 faces, dst_index 0)",
        "ttsetc16 1,0                             # set_dst_write_addr(0)"] + \
        ["ttmop 1,0,0                              # face %d: 4 phases x 2 ELWMUL" % f for f in range(4)] + [
        "ttsetrwc 0,0,0,0,0,4                     # clear_dst_reg_addr: SET_D"]


def sim_eltwise_mul_hifi(a_bits, b_bits, fp32):
    t = Test("sim", [], srca_fmt=M.BF16, fp32=fp32)
    t.addr_mod(0, a=8, b=8, d=8)
    t.addr_mod(2, a_clr=1, b_clr=1, d_cr=1, fid=1)
    t.addr_mod(3, a_clr=1, b_clr=1, d=8, c_to_cr=1, fid_clr=1)
    for f in range(4):
        bank = f & 1
        t.srca[bank] = {r: [src_bf16(a_bits[256 * f + 16 * r + c]) for c in range(16)] for r in range(16)}
        t.srcb[bank] = {r: [src_bf16(b_bits[256 * f + 16 * r + c]) for c in range(16)] for r in range(16)}
        for p in range(4):
            t.op('elwmul', dst=0, am=0)
            if p < 3:
                t.op('elwmul', dst=0, am=2)
            else:
                t.op('elwmul', dst=0, am=3, clear=3)
    return t


def sim_eltwise(op, a_bits, b_bits, fp32):
    """Dest after the eltwise MOP: face f (SrcA/SrcB bank rows 0..15) -> Dest rows 16f.. (Dst16b or
    Dst32b logical rows), two 8-row instructions per face."""
    cfg_fmt = M.BF16
    t = Test("sim", [], srca_fmt=cfg_fmt, fp32=fp32)
    t.addr_mod(0, a=8, b=8, d=8)
    for f in range(4):
        bank = f & 1
        t.srca[bank] = {r: [src_bf16(a_bits[256 * f + 16 * r + c]) for c in range(16)] for r in range(16)}
        t.srcb[bank] = {r: [src_bf16(b_bits[256 * f + 16 * r + c]) for c in range(16)] for r in range(16)}
        t.op('elw' + op, dst=0, am=0)
        t.op('elw' + op, dst=0, am=0)
        # end op: SETRWC CLR_AB, CR_AB (SrcA/SrcB = checkpoint 0), SET_AB
        t.setrwc(clear_ab=3, cr=3, a=0, b=0, mask=3)
    return t


MM_AM = {0: dict(a=0, b=8, d=8),
         1: dict(a=16, b_cr=1, d=8),
         2: dict(a_cr=1, b=32, b_cr=1, d=8),
         4: dict(a=32, a_cr=1, b=48, b_cr=1, d_cr=1)}
MM_SEQ = [0, 1, 0, 2, 0, 1, 0, 4, 0, 1, 0, 2, 0, 1, 0, 5]


def math_matmul(hifi):
    """_llk_math_matmul_init_<LoFi or HiFi4, RowMajor>() and _llk_math_matmul_<...>(0), 32x32 tiles,
    no transpose, ct = rt = kt = 1 (reuse_a)."""
    fid = 1 if hifi else 0
    last_clear = 0 if hifi else 1
    L = ["# ---- _llk_math_matmul_init_<%s>: matmul_configure_addrmod" % ("HiFi4" if hifi else "LoFi"),
         "ttsetc16 12,0x%04x                       # ADDR_MOD_0: SrcA += 0, SrcB += 8" % ab_word(b=8),
         "ttsetc16 28,0x%04x                       # ADDR_MOD_0: Dest += 8" % dst_word(d=8),
         "ttsetc16 47,0",
         "ttsetc16 17,0x%04x                       # ADDR_MOD_5: SrcA, SrcB clear (+CR)" % ab_word(a_clr=1, a_cr=1, b_clr=1, b_cr=1),
         "ttsetc16 33,0x%04x                       # ADDR_MOD_5: Dest clear (+CR), Fidelity += %d" % (
             dst_word(d_clr=1, d_cr=1, fid=fid), fid),
         "ttsetc16 52,0",
         "ttsetc16 13,0x%04x                       # ADDR_MOD_1: SrcA += 16, SrcB CR += 0" % ab_word(a=16, b_cr=1),
         "ttsetc16 29,0x%04x                       # ADDR_MOD_1: Dest += 8" % dst_word(d=8),
         "ttsetc16 48,0",
         "ttsetc16 14,0x%04x                       # ADDR_MOD_2: SrcA CR += 0, SrcB CR += 32" % ab_word(a_cr=1, b=32, b_cr=1),
         "ttsetc16 30,0x%04x                       # ADDR_MOD_2: Dest += 8" % dst_word(d=8),
         "ttsetc16 49,0",
         "ttsetc16 16,0x%04x                       # ADDR_MOD_4: SrcA CR += 32, SrcB CR += 48 (wraps to 16)" % ab_word(a=32, a_cr=1, b=48, b_cr=1),
         "ttsetc16 32,0x%04x                       # ADDR_MOD_4: Dest CR += 0" % dst_word(d_cr=1),
         "ttsetc16 51,0",
         "# matmul_configure_mop: replay buffer 16..31 = 16 MVMULs (D = B * A, 8 rows each), faces",
         "# B0A0 B0A0 B0A1 B0A1 B2A0 B2A0 B2A1 B2A1 B1A2 B1A2 B1A3 B1A3 B3A2 B3A2 B3A3 B3A3",
         "ttreplay 16,16,0,1                       # load_replay_buf(replay_buf_offset 16, 16, no exec)"]
    for i, am in enumerate(MM_SEQ):
        clr = last_clear if i == 15 else 0
        L.append("ttmvmul %d,0,%d,0                          # ADDR_MOD_%d%s" % (
            clr, am, am, " (reset RWCs%s%s)" % (", Fidelity += 1" if hifi else "", ", CLR_A" if clr else "") if am == 5 else ""))
    loop = replay_word(16, 16, 0, 0)
    end = setrwc_word(1, 0, 0, 0, 0, 15) if hifi else NOP
    L += ["# ckernel_template(outer 1, inner %d, REPLAY(16, 16))%s" % (
              4 if hifi else 1, ", end op SETRWC(CLR_A, 0, 0, 0, 0, SET_ABD_F)" if hifi else ""),
          "store mop 0 1",
          "store mop 1 %d" % (4 if hifi else 1),
          "store mop 2 0x%08x                   # start op: NOP" % NOP,
          "store mop 3 0x%08x                   # end op 0%s" % (end, ": SETRWC CLR_A, SET_ABD_F" if hifi else ": NOP"),
          "store mop 4 0x%08x                   # end op 1: NOP" % NOP,
          "store mop 5 0x%08x                   # loop op: REPLAY 16, 16" % loop,
          "store mop 6 0x%08x                   # loop op 1: NOP" % NOP,
          "store mop 7 0x%08x" % loop,
          "store mop 8 0x%08x" % loop,
          "ttsetrwc 0,0,0,0,0,15                    # reset_counters(SET_ABD_F)",
          "# ---- _llk_math_wait_for_dest_available_<SyncHalf>",
          "ttsemwait 322,2,2",
          "# ---- _llk_math_matmul_(dst_index 0)",
          "ttsetc16 1,0                             # set_dst_write_addr(0)",
          "ttmop 1,0,0                              # %s" % ("4 phases x 16 MVMULs" if hifi else "16 MVMULs"),
          "ttsetrwc 2,0,0,0,0,15                    # end of re-use: SETRWC(CLR_B, SET_ABD_F)"]
    return L


def sim_matmul(a_bits, b_bits, fp32, hifi):
    """in0 = operand A (L1 A_ADDR) in SrcB rows 0..63 (face f at 16f), in1 = operand B in SrcA."""
    t = Test("sim", [], srca_fmt=M.BF16, fp32=fp32)
    for i, am in MM_AM.items():
        t.addr_mod(i, **am)
    t.addr_mod(5, a_clr=1, a_cr=1, b_clr=1, b_cr=1, d_clr=1, d_cr=1, fid=1 if hifi else 0)
    t.srcb[0] = {r: [src_bf16(a_bits[16 * r + c]) for c in range(16)] for r in range(64)}
    t.srca[0] = {r: [src_bf16(b_bits[16 * r + c]) for c in range(16)] for r in range(64)}
    for p in range(4 if hifi else 1):
        for i, am in enumerate(MM_SEQ):
            t.op('mvmul', dst=0, am=am)
    return t


# ------------------------------------------------------------------ expected values / test files

def dest_tile(t, fp32):
    """The 64 Dest rows (16 cells each) as the packer reads them: BF16 bits (Dst16b) or FP32 words."""
    out = []
    for r in range(64):
        view, inv = t._view([r])
        cells = [0] * 16 if r in inv else view[r]
        out += [M.d32_to_f32(c) if fp32 else dec16(c) for c in cells]
    return out


def write_test(name, header, a_bits, b_bits, unpack_lines, math_lines, t, fp32):
    L = ["# " + h if h else "#" for h in header]
    L += ["# Generated by tools/gen_llk_math_tests.py; expected L1 from tools/mx_ref.py and the packer rules.", "",
          "sem 5 0 2                                # semaphore::UNPACK_SYNC",
          "max_cycles 200000"]
    if fp32:
        L.append("cfg 0 ALU_ACC_CTRL_Fp32_enabled 1         # configure_unpack_AB: is_fp32_dest_acc_en (alu_payload)")
        L.append("cfg 0 ALU_ACC_CTRL_SFPU_Fp32_enabled 1")
    L += l1_tile_lines(A_ADDR, a_bits) + l1_tile_lines(B_ADDR, b_bits)
    size = 4096 if fp32 else 2048
    L.append("l1 fill 0x%x %d 0x5a" % (O_ADDR - 16, size + 32))
    init = pack_init(0, 0, 4) if fp32 else pack_init(5, 5, 2)
    k = init.index("thread 2")
    pre, pk = init[:k], init[k:]
    if fp32:
        pre.append("cfg 0 PCK_DEST_RD_CTRL_Read_32b_data 1     # is_fp32_dest_acc_en: Dst32b read")
    L += pre + [""] + unpack_lines + [""] + math_lines + [""] + pk
    L += pack_tile(0, a_line(O_ADDR), 0, int(fp32)) + ["drain", ""]
    res = dest_tile(t, fp32)
    if fp32:
        L += ["expect l1 u32 0x%x %s" % (O_ADDR + 64 * i, " ".join("0x%08x" % v for v in res[16 * i:16 * i + 16]))
              for i in range(64)]
    else:
        L += u16_lines(O_ADDR, [r16(v) for v in res])
    L += ["expect l1 bytes 0x%x %s" % (O_ADDR - 16, " ".join(["0x5a"] * 16)),
          "expect l1 bytes 0x%x %s" % (O_ADDR + size, " ".join(["0x5a"] * 16)),
          "expect sem 1 0", "expect sem 5 0"]
    with open(os.path.join(OUT, name + '.tts'), 'w') as f:
        f.write("\n".join(L) + "\n")


def eltwise_test(op, fp32, seed, hifi=False):
    rng = random.Random(seed)
    a = rnd_tile(rng)
    b = rnd_tile(rng)
    if op in ('add', 'sub'):
        # exact cancellations: B = -A (add) or B = A (sub) in face 1 row 3
        for c in range(16):
            i = 256 + 48 + c
            b[i] = a[i] ^ 0x8000 if op == 'add' else a[i]
    t = sim_eltwise_mul_hifi(a, b, fp32) if hifi else sim_eltwise(op, a, b, fp32)
    name = "llk_eltwise_%s_%s%s" % (op, "hifi4_" if hifi else "", "fp32dest" if fp32 else "bf16")
    hdr = ["%s.tts: tt-llk's Blackhole eltwise binary ELW%s (BroadcastType NONE, %s, SyncHalf) for one" % (
               name, op.upper(), "HiFi4" if hifi else "LoFi"),
           "32x32 tile, end to end: L1 (two BF16 tiles) -> _llk_unpack_AB_ (TRISC0: per face UNPACR A, UNPACR B,",
           "FlipSrc) -> _llk_math_eltwise_binary_ (TRISC1: MOP of 4 faces x 2 ELW%s of 8 rows with ADDR_MOD_0" % op.upper(),
           "(SrcA/SrcB/Dest += 8) and the end op SETRWC CLR_AB, which hands both banks back) -> pack (TRISC2)",
           "-> L1 %s." % ("FP32 (Dst32b: Fp32_enabled, Read_32b_data)" if fp32 else "BF16 (Dst16b BF16)"),
           "Sources (facts only): tenstorrent/tt-llk tt_llk_blackhole/llk_lib/llk_math_eltwise_binary.h,",
           "llk_math_common.h, common/inc/cmath_common.h, common/inc/ckernel_template.h, llk_lib/llk_unpack_AB.h,",
           "common/inc/cunpack_common.h; pack as tools/gen_llk_pack_tests.py (llk_pack.h, llk_pack_common.h).",
           "Checks: the arithmetic (contract \"What each computes\"; %s), the MOP expansion and" % (
               "D = A * B at fidelity phase 0, accumulated onto Dest 0" if op == 'mul' else
               "D = A %s B, dest_accum_en 0" % ('+' if op == 'add' else '-')),
           "RWC stepping, the ELW* hold until the unpackers hand both banks over, the bank hand-back per face,",
           "the MATH_PACK semaphore hand-over to the packer.",
           ] + (["HiFi4: per face the MOP runs 4 phases x 2 ELWMUL: ADDR_MOD_2 (last inner) sends Dest back to its",
                 "checkpoint and steps the fidelity phase, ADDR_MOD_3 with CLR_AB (last outer) moves Dest to the",
                 "next face, clears the phase and hands both banks back; the four phases accumulate in Dest."]
                if hifi else []) + [
           "Values: BF16 with exponents 118..133 plus +0, -0, denormals (read as 0)%s." % (
               "; face 1 row 3 cancels exactly" if op != 'mul' else ""),
           "Expected: Dest from tools/mx_ref.py (face f -> Dest rows 16f..16f+15), then the packer: %s." % (
               "FP32 words unchanged" if fp32 else "Dst16b BF16 -> BF16 (r16: exponent 0 -> +0)")]
    write_test(name, hdr, a, b, unpack_ab_eltwise(), math_prologue(fp32) + math_eltwise(op, hifi=hifi) + math_epilogue(),
               t, fp32)


def matmul_test(fp32, hifi, seed):
    rng = random.Random(seed)
    a = rnd_tile(rng, 120, 130)
    b = rnd_tile(rng, 120, 130)
    t = sim_matmul(a, b, fp32, hifi)
    name = "llk_matmul_%s_%s" % ("hifi4" if hifi else "lofi", "fp32dest" if fp32 else "bf16")
    hdr = ["%s.tts: tt-llk's Blackhole matmul (%s, 32x32 tiles, ct = rt = kt = 1, no transpose, SyncHalf)," % (
               name, "MathFidelity HiFi4: 4 phases, fidelity increment 1" if hifi else "MathFidelity LoFi"),
           "end to end: L1 in0 (A, BF16) and in1 (B, BF16) -> _llk_unpack_AB_matmul_ (TRISC0: UNPACR SrcB of in0,",
           "the unpack template's REPLAY of UNPACR SrcA of in1, each a whole tile: 64 rows, SetDatValid) ->",
           "_llk_math_matmul_ (TRISC1: MOP of %s the 16-MVMUL replay buffer; ADDR_MODs 0, 1, 2, 4, 5 walk" % (
               "4 x" if hifi else "1 x"),
           "Dest faces 0..3 = B0A0 + B1A2, B0A1 + B1A3, B2A0 + B3A2, B2A1 + B3A3 (in0 faces B, in1 faces A),",
           "ADDR_MOD_5 resets the RWCs%s) -> pack (TRISC2) -> L1 %s." % (
               " and steps the fidelity phase; the end op SETRWC clears it" if hifi else " and the last MVMUL gives SrcA back",
               "FP32 (Dst32b)" if fp32 else "BF16 (Dst16b BF16)"),
           "Sources (facts only): tenstorrent/tt-llk tt_llk_blackhole/llk_lib/llk_math_matmul.h, llk_math_common.h,",
           "common/inc/cmath_common.h (replay_buf_offset 16), common/inc/ckernel_template.h,",
           "llk_lib/llk_unpack_AB_matmul.h, common/inc/cunpack_common.h, common/inc/ckernel_gpr_map.h; pack as",
           "tools/gen_llk_pack_tests.py.",
           "Checks: MVMUL D = B * A with %s, the group-of-8 alignment, accumulation of the" % (
               "four fidelity phases (A's two 5-bit and B's two 7-bit significand slices)" if hifi else
               "fidelity phase 0 (A's top 5, B's top 7 significand bits)"),
           "second K half onto Dest, the replay/MOP expansion, bank hand-back (CLR_A, then SETRWC CLR_B).",
           "Values: BF16 with exponents 120..129 plus +0, -0, denormals (read as 0).",
           "Expected: Dest from tools/mx_ref.py, MVMUL by MVMUL in the order above; then the packer: %s." % (
               "FP32 words unchanged" if fp32 else "Dst16b BF16 -> BF16")]
    write_test(name, hdr, a, b, unpack_ab_matmul(), math_prologue(fp32) + math_matmul(hifi) + math_epilogue(), t, fp32)


def main():
    M.self_check() or sys.exit(1)
    eltwise_test('add', False, 2701)
    eltwise_test('sub', False, 2702)
    eltwise_test('mul', False, 2703)
    eltwise_test('add', True, 2704)
    eltwise_test('mul', True, 2705)
    eltwise_test('mul', False, 2710, hifi=True)
    eltwise_test('mul', True, 2711, hifi=True)
    matmul_test(False, False, 2706)
    matmul_test(False, True, 2707)
    matmul_test(True, False, 2708)
    matmul_test(True, True, 2709)


if __name__ == '__main__':
    main()
