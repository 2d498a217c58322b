"""random_pack.py: the pack-stream mode of tools/gen_random.py (--pack).

Thread 2 (the pack thread, TRISC2 in tt-llk) runs blocks over random Dest contents preloaded in the
test: drain, TRISC stores of the packer's whole configuration (formats, Dest read control, input and
output strides and bases, ReLU, exponent threshold, edge masks and their row/face maps, tile header
(Sub_l1_tile_header_size, Add_tile_header_size), exponent section, zero compression with its RSI
section and the override bit, downsampling mask, L1 accumulation, FIFO limit and size, DEST_TARGET
offset), now and then L1_Dest_addr again through SETDMAREG + WRCFG (tt-llk's
program_packer_destination), SETC16 of the pack AddrMods, ADC setup (SETADCXX, SETADC with and
without ThreadOverride), then 1..8 PACRs with random ReadIntfSel, AddrMode,
OvrdThreadId/AddrCntContext, ZeroWrite, Concat, Flush and Last, some followed by a PACR_SETREG; the
block's last PACR has Last or Flush. Threads 0 and 1 run GPR arithmetic and NOPs. In lockstep every
L1 line, ADC change and Dest row is compared, so no expected bytes are needed.

What a block draws (issue 16 widened it; weights: tools/gen_weights.py):
* zero compression (Disable_zero_compress 0) in 30 % of the blocks whose output is not BFP2/BFP2a,
  Row_start_section_size 0..31 (0: the RSI and data streams share their first line), the override
  bit All_pack_disable_zero_compress_ovrd in 30 % of those; with Concat, Last mid-block, Flush,
  ZeroWrite, edge masks, BFP and 32-bit outputs as any block (docs/decisions.md "PACR zero
  compression");
* Downsample_mask: 0 or 0xFFFF (every datum), in 30 % a pattern or a random mask (decisions.md
  "PACR downsampling"), with compression, BFP groups and L1 accumulation alike;
* Pack_L1_Acc in 40 % of the blocks with FP32, FP16, BF16 or INT32 output (decisions.md "PACR L1
  accumulation", "... in INT32"); 128 random bytes are preloaded where such a block starts writing;
* Add_tile_header_size (cfg 70 [22]) in 30 % (decisions.md "Packer fields no source defines");
* PACR_SETREG after 10 % of the PACRs: the ModeSel load of either half of the write data (Last
  random), or Push = Flush = 0 with random AddrSel / StreamId (decisions.md "PACR_SETREG").

Constraints (away from what the model reports as undefined or unimplemented; pack-data-path and
docs/decisions.md "PACR, first slice"):
* format chains are the ones the early table (§5.2), the LateFromFormat table and the late table
  (§6, FormatConversion.md) accept, written out below as FORMAT_CHAINS; no Gasket_srnd_en with an
  E8M6/E5M6/INT8 intermediate (stochastic rounding otherwise drawn in 20 %), no GS_LF, Bfp8_HF, INT_DESCALE, Dis_shared_exp_assembler with BFP output, FP8 E4M3 except from FP16;
  ReLU modes 2 and 3 only on float data with a positive threshold; the -inf edge mask only on float
  data; no pack_yz_transposed with a mask;
* no CfgContext, RowPadZero, DstAccessMode, CtxtCtrl, L1 source, Add_l1_dest_addr_offset (reported
  unimplemented), Downsample_rate or pack_start_intf_pos (unsupported); PACR_SETREG never with Push
  or Flush (unimplemented) nor ModeSel with them (undefined);
* zero compression never of BFP2/BFP2a output nor with Pack_L1_Acc, and never the override bit
  with Disable_zero_compress 1 (all undefined); compression stays the same within a block, whose
  last PACR has Last or Flush (a switch with streams open is undefined); L1 accumulation only in the
  four formats L1 accumulates (others unsupported); the lines it reads back are whatever L1 holds,
  random or earlier blocks' output;
* every PACR that reads datums has channel 1 X >= channel 0 X, reads at most 16 - StartColumn
  datums a row and a ReadIntfSel that stays inside its aligned group of four Dest rows (Blackhole
  PACR.md): the generator tracks the ADCs (SETADC*, AddrMod) to know the start row and column;
* output addresses stay inside L1: ADC channel 1 Y/Z/W are reset before they grow past 512, strides
  and bases are bounded (the RSI and exponent sections counted); a FIFO limit sometimes makes the
  address wrap (§12.3), by at most itself;
* only thread 2 touches the packer's ADCs, config and tile region; a block's config stores follow a
  drain and precede a STALLWAIT(B2 PACK, C10 TRISC_CFG) before its first PACR (tt-llk; "danger one"), and its last PACR has Last or Flush, so no BFP group or stream address outlives its config.
"""

import random

from gen_weights import DF_NAMES, WEIGHTS, wchoice, wflag
from random_unpack import c10_waits, gpr_filler

# Format codes (data-formats §6).
FP32, FP16, BFP8A, BFP4A, TF32, BF16, BFP8, BFP4, INT32, INT16, FP8, BFP2A, INT8, BFP2 = (
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 14, 15)
BFPS = (BFP8, BFP4, BFP2, BFP8A, BFP4A, BFP2A)

# Early conversion (§5.2, FormatConversion.md early table): (Read_32b, IntermediateFormat, Read_raw,
# Round_10b) -> the type of its result, and the type ReLU sees when that differs (FP16 from Dst32b
# goes through TF32). None: either value.
EARLY = [
    (1, FP32, None, 0, "fp32"), (1, FP32, 1, 1, "fp32"), (1, FP32, 0, 1, "tf32"),
    (1, TF32, 0, None, "tf32"), (1, TF32, 1, None, "fp32"),
    (1, BF16, 0, 0, "bf16"), (1, BF16, 0, 1, "tf32"), (1, BF16, 1, 0, "bf16"),
    (1, BFP8, 0, 0, "e8m6"), (1, BFP8, 1, 0, "bf16"),
    (1, INT32, None, None, "int32"), (1, INT8, None, None, "int8"), (1, FP16, 0, 1, "fp16/tf32"),
    (0, BF16, 0, 0, "bf16"), (0, BF16, 0, 1, "tf32"), (0, BF16, 1, 0, "bf16"),
    (0, TF32, 0, None, "tf32"), (0, FP32, 0, 1, "tf32"),
    (0, BFP8, 0, 0, "e8m6"), (0, BFP8, 1, 0, "bf16"),
    (0, FP16, 0, 0, "fp16"), (0, FP16, 1, 0, "fp16"), (0, FP16, 0, 1, "fp16"),
    (0, BFP8A, 0, 0, "e5m6"), (0, BFP8A, 1, 0, "e5m7"), (0, FP8, 1, 0, "fp8"),
    (0, INT16, None, None, "int16"),
]
# In_data_format (LateFromFormat): the early results it takes and the class it reads them as.
LATE_FROM = {FP32: ({"fp32", "tf32", "int32"}, "f8"), TF32: ({"tf32"}, "f8"), BF16: ({"bf16", "e8m6"}, "f8"),
             BFP8: ({"bf16", "e8m6"}, "f8"), FP16: ({"fp16"}, "f5"), BFP8A: ({"e5m7", "e5m6"}, "f5"),
             FP8: ({"fp8"}, "f5"), INT32: ({"int32", "fp32"}, "i32"), INT16: ({"int16"}, "i16"),
             INT8: ({"int8"}, "i8")}
FLOAT_OUT = (FP32, TF32, BF16, FP16, FP8) + BFPS
TYPE_CLASS = {"fp32": "f8", "tf32": "f8", "bf16": "f8", "e8m6": "f8", "fp16": "f5", "e5m6": "f5", "e5m7": "f5",
              "fp8": "f5", "int32": "i32", "int16": "i16", "int8": "i8"}


def _chains():
    out = []
    for r32, inter, raw, r10, ty in EARLY:
        relu_ty = ty.split("/")[-1]
        ty = ty.split("/")[0]
        for rw in ((0, 1) if raw is None else (raw,)):
            for rt in ((0, 1) if r10 is None else (r10,)):
                for fin, (acc, cls) in LATE_FROM.items():
                    if ty not in acc:
                        continue
                    outs = FLOAT_OUT if cls in ("f8", "f5") else {"i32": (INT32,), "i16": (INT16,), "i8": (INT8,)}[cls]
                    for fout in outs:
                        if fout == TF32 and fin == FP32:
                            continue      # "No (use early conversion)"
                        out.append((r32, inter, rw, rt, fin, fout, TYPE_CLASS[relu_ty]))
    return out


FORMAT_CHAINS = _chains()


def _chain_knobs(c):
    """Knobs of a format chain (tools/gen_weights.py): its In->Out pair, its early conversion, and
    Read_32b / Read_raw when set; their weights multiply."""
    r32, inter, raw, _r10, fin, fout, _cls = c
    k = [f"pack.fmt.{DF_NAMES[fin]}->{DF_NAMES[fout]}", f"pack.inter.{'dst32b' if r32 else 'dst16b'}:{DF_NAMES[inter]}"]
    return k + (["pack.read_32b"] if r32 else []) + (["pack.read_raw"] if raw else [])
BITS = {FP32: 32, TF32: 32, INT32: 32, FP16: 16, BF16: 16, INT16: 16, FP8: 8, INT8: 8, BFP8: 8, BFP8A: 8,
        BFP4: 4, BFP4A: 4, BFP2: 2, BFP2A: 2}
Y_MASK = Z_MASK = (1 << 13) - 1
CFG = dict(alu0=0, alu1=1, relu=2, xy0=12, zw0=13, xy1=14, zw1=15, base0=16, base1=17, dest_rd=18, face_sel=19,
           row_map=20, edge=24, counters=28, face_map=36, w0=68, w1=69, w2=70, w3=71, limit=100, fifo=101,
           dest_target=180)


class Adc:
    """One ADC's packer channels as the model keeps them (adc.c, pack.c addr_mod)."""

    def __init__(self):
        self.ch = [dict(x=0, y=0, ycr=0, z=0, zcr=0, w=0) for _ in range(2)]


class PackGen:
    def __init__(self, rng):
        self.r = rng
        self.adc = [Adc() for _ in range(3)]
        self.amod = [0, 0, 0, 0]       # thread 2's ADDR_MOD_PACK_SEC0..3
        self.l1 = []                   # preload lines: random L1 where L1-accumulating blocks write

    # ---- helpers ----
    def bits(self, n):
        return self.r.getrandbits(n)

    def store(self, name, value, why=""):
        return f"store cfg 0 {CFG[name] if isinstance(name, str) else name} 0x{value:x}" + (f"   # {why}" if why else "")

    def config(self):
        """Stores of one configuration; returns (lines, cfg dict the PACRs need)."""
        r = self.r
        r32, inter, raw, r10, fin, fout, relu_cls = wchoice(r, FORMAT_CHAINS, _chain_knobs)
        floaty = relu_cls in ("f8", "f5")
        c = dict(r32=r32, fin=fin, fout=fout)
        out = []
        # IntermediateFormat from the override (ALU_FORMAT_SPEC_REG) or from Dstacc (REG2)
        ovr = r.random() < 0.3
        alu0 = (1 << 14) | (inter << 10) if ovr else 0
        alu1 = ((r.randrange(16) if ovr else inter) << 25) | (self.bits(4) << 15)   # SrcA/SrcB bits, not read
        # stochastic rounding (decisions.md "Packer stochastic rounding"): Packer_srnd_en [2] (BFP
        # assembly) any time, Gasket_srnd_en [1] not with an E8M6/E5M6 (BFP8/BFP8a) or INT8
        # intermediate (unimplemented)
        srnd = int(wflag(r, 0.2, "pack.srnd_packer")) << 2
        if inter not in (BFP8, BFP8A, INT8):
            srnd |= int(wflag(r, 0.2, "pack.srnd_gasket")) << 1
        alu1 |= srnd
        out += [self.store("alu0", alu0, f"IntermediateFormat {inter}" + (" (override)" if ovr else "")),
                self.store("alu1", alu1)]
        mode = wchoice(r, [0, 0, 1, 2, 3] if floaty else [0, 0, 1], lambda m: [f"pack.relu.{m}"])
        thr = self.bits(16)
        if mode >= 2:
            thr &= 0x7FFF
            if r.random() < 0.6:     # a threshold among the data's magnitudes
                thr = (r.randrange(100, 140) << 7 | self.bits(7)) if relu_cls == "f8" else (r.randrange(8, 24) << 10 | self.bits(10))
        out.append(self.store("relu", (mode << 2) | (thr << 6), f"ReLU mode {mode}, threshold 0x{thr:04x}"))
        c["bpd"] = {0: 4, 1: 2}.get(fin & 3, 1)
        bpd = c["bpd"]
        # input strides (bytes) and base: mostly whole Dest rows, sometimes anything
        xs = r.choice([0, 0, bpd, self.bits(4)])
        ys = r.choice([16 * bpd, 16 * bpd, 64 * bpd, 32 * bpd, self.bits(9)])
        zs, ws = r.choice([0, 0, 16 * bpd * 16, self.bits(10)]), r.choice([0, 0, 16 * bpd * 64, self.bits(10)])
        row = r.choice([r.randrange(0, 96), r.randrange(512, 608), r.randrange(1024)])
        base0 = (row * 16 + r.choice([0, 0, 0, r.randrange(16)])) * bpd
        c.update(xs=xs, ys=ys, zs=zs, ws=ws, base0=base0)
        out += [self.store("xy0", (ys << 16) | xs), self.store("zw0", (ws << 16) | zs),
                self.store("base0", base0, f"input base: Dest row {row}")]
        # output: bytes; Y/Z/W of channel 1 stay below 512 (see reset_ch1)
        ys1, zs1, ws1 = (r.choice([0, 16, 64, 0x40 * r.randrange(4), self.bits(8)]) for _ in range(3))
        base1 = r.choice([0, 0, self.bits(14)])
        c.update(ys1=ys1, zs1=zs1, ws1=ws1, base1=base1)
        out += [self.store("xy1", (ys1 << 16) | self.bits(16)), self.store("zw1", (ws1 << 16) | zs1),
                self.store("base1", base1)]
        dest_rd = r32 | (r.randrange(2) << 1) | (raw << 2) | (r10 << 3)
        out.append(self.store("dest_rd", dest_rd, f"Read_32b {r32}, Read_raw {raw}, Round_10b {r10}"))
        # edge masks: mostly all ones, else random masks, maps and selects
        masking = wflag(r, 0.35, "pack.edge.zero")
        neg_inf = masking and floaty and wflag(r, 0.5, "pack.edge.neg_inf")
        masks = [0xFFFF] * 4
        if masking:
            masks = [r.choice([0xFFFF, self.bits(16), 0x00FF, 0, 0xFF00]) for _ in range(4)]
        out.append(self.store("face_sel", (r.randrange(2) << 8) | self.bits(8)))
        for k in range(4):
            out.append(self.store(CFG["row_map"] + k, self.bits(32)))
            out.append(self.store(CFG["face_map"] + k, self.bits(32)))
        out.append(self.store("edge", masks[0] | (int(neg_inf) << 16) | (self.bits(8) << 17), "edge mask 0, mode, row-set select"))
        for k in range(1, 4):
            out.append(self.store(CFG["edge"] + k, masks[k]))
        out.append(self.store("counters", (r.choice([0, 4, 8, 16, r.randrange(256)]) << 8) | self.bits(8),
                              "pack_reads_per_xy_plane (no yz_transposed)"))
        # packer 0's words
        exp_sec = r.choice([0, 1, 2, 4, r.randrange(64)]) if fout & 2 else r.randrange(4)
        # zero compression (docs/decisions.md "PACR zero compression"): not of BFP2 output, not with
        # L1 accumulation (both undefined); the RSI section before the exponent and data streams
        zc = BITS[fout] != 2 and wflag(r, 0.3, "pack.zc")
        rsi = r.choice([0, 1, 1, 2, 4, r.randrange(32)]) if zc else self.bits(16)
        out.append(self.store("w0", (exp_sec << 16) | rsi, f"Exp_section_size {exp_sec}, Row_start_section_size {rsi}"))
        dest_addr = r.randrange(0x1000, 0x8000)
        c.update(exp_sec=exp_sec, dest_addr=dest_addr, rsi=rsi if zc else 0)
        via_wrcfg = r.random() < 0.3
        if not via_wrcfg:
            out.append(self.store("w1", dest_addr, "L1_Dest_addr (16-byte units)"))
        sub = r.randrange(2)
        dis_shared = 0 if fout in BFPS else r.randrange(2)
        # All_pack_disable_zero_compress_ovrd [21] only with compression (with Disable_zero_compress
        # undefined); Add_tile_header_size [22] changes nothing the packer keeps (decisions.md
        # "Packer fields no source defines")
        ovrd = int(zc and r.random() < 0.3)
        hdr = int(r.random() < 0.3)
        w2 = int(not zc) | (r.randrange(2) << 2) | (fout << 4) | (fin << 8) | (dis_shared << 12) | (sub << 15)
        w2 |= (ovrd << 21) | (hdr << 22)
        out.append(self.store("w2", w2, f"In {fin}, Out {fout}, Sub_l1_tile_header_size {sub}, zero compression {int(zc)}"
                              f"{' (override bit)' if ovrd else ''}, Add_tile_header_size {hdr}"))
        e4m3 = int(fin == FP16 and fout == FP8 and wflag(r, 0.5, "pack.fp8_e4m3"))
        thr_en = int(wflag(r, 0.5, "pack.exp_threshold")) if "pack.exp_threshold" in WEIGHTS else r.randrange(2)
        # Downsample_mask [15:0] (decisions.md "PACR downsampling"): 0 and 0xFFFF keep every datum,
        # else bit j keeps the j-th datum of a row's X range; Downsample_rate [18:16] stays 0 (unsupported)
        ds = r.choice([0, 0xFFFF])
        if wflag(r, 0.3, "pack.downsample"):
            ds = r.choice([0x5555, 0xAAAA, 0x00FF, 0xFF00, 0x0001, 0x8000, self.bits(16), self.bits(16)])
        w3 = ds | (thr_en << 20) | (e4m3 << 23) | (self.bits(8) << 24)
        # L1 accumulation: FP32, FP16, BF16 and INT32 lanes only, never with compression (decisions.md
        # "PACR L1 accumulation"); the lines read back are whatever L1 holds
        l1acc = int(fout in (INT32, FP32, FP16, BF16) and not zc and wflag(r, 0.4, "pack.l1acc"))
        w3 |= l1acc << 19
        c["l1acc"] = l1acc
        out.append(self.store("w3", w3, f"Downsample_mask 0x{ds:04x}, Exp_threshold_en {thr_en}, Pac_LF8_4b_exp {e4m3}, "
                                        f"Pack_L1_Acc {l1acc}"))
        # FIFO: mostly no wrap (limit 0 subtracts fifo 0), sometimes a wrap by at most the limit
        if r.random() < 0.35:
            lim = max(1, (dest_addr + r.randrange(-0x100, 0x800)) // 2)
            fifo = r.randrange(0, lim + 1)
        else:
            lim, fifo = r.choice([(0, 0), (0x1FFFF, self.bits(17))])
        if via_wrcfg:
            # bit 31 of the WRCFG'd address (relative mode) is above any limit: it always wraps
            fifo = r.choice([0, r.randrange(0, dest_addr // 2 - 0x80)])
        out += [self.store("limit", lim, "Pack_0_2_limit_address"), self.store("fifo", fifo, "Pack_0_2_fifo_size")]
        dt = r.choice([0, 0, 0x200, r.randrange(0x40), self.bits(12)])
        c["dt"] = dt
        out.append(self.store("dest_target", dt | (self.bits(6) << 12), f"DEST_TARGET offset {dt} rows"))
        if via_wrcfg:
            # tt-llk program_packer_destination: GPR pair, STALLWAIT, WRCFG, bit 31 high half reset
            g = r.randrange(8, 28)
            out += [f"ttsetdmareg {dest_addr >> 14},{dest_addr & 0x3FFF},0,{2 * g}",
                    f"ttsetdmareg 2,0,0,{2 * g + 1}   # high half: bit 31 (relative mode)",
                    "ttstallwait 128,9",
                    f"ttwrcfg {g},0,{CFG['w1']}   # THCON_SEC0_REG1_L1_Dest_addr",
                    f"ttsetdmareg 0,0,0,{2 * g + 1}", "ttnop", "ttnop"]
        return out, c

    def addr_mods(self):
        out = []
        for k in range(4):
            if self.r.random() < 0.4:
                v = self.bits(16)
                if self.r.random() < 0.5:
                    v &= ~((1 << 5) | (1 << 11))           # fewer clears: let Y grow
                self.amod[k] = v
                out.append(f"ttsetc16 {37 + k},{v}   # ADDR_MOD_PACK_SEC{k}")
        return out

    def set_dim(self, out, a, ch, d, v, why=""):
        """SETADC of ADC a (thread 2's own, or another through ThreadOverride)."""
        ovr = 0 if a == 2 else a + 1
        out.append(f"ttsetadc 4,{ch},{d},{(ovr << 16) | v}" + (f"   # {why}" if why else ""))
        c = self.adc[a].ch[ch]
        if d == 0:
            c["x"] = (ovr << 16) | v      # X is 18 bits: the ThreadOverride bits land in it too
        elif d == 1:
            c["y"] = c["ycr"] = v
        elif d == 2:
            c["z"] = c["zcr"] = v
        else:
            c["w"] = v

    def reset_ch1(self, out, a, force=False):
        c = self.adc[a].ch[1]
        for d, k in ((1, "y"), (2, "z"), (3, "w")):
            if force or c[k] > 400 or self.r.random() < 0.3:
                self.set_dim(out, a, 1, d, self.r.randrange(32))

    def apply_amod(self, a, mod):
        def f(lsb, w):
            return (mod >> lsb) & ((1 << w) - 1)
        for ch, (yi, ycr, ycl, zi, zcl) in ((0, (f(0, 4), f(4, 1), f(5, 1), f(12, 1), f(13, 1))),
                                          (1, (f(6, 4), f(10, 1), f(11, 1), f(14, 1), f(15, 1)))):
            c = self.adc[a].ch[ch]
            if ycl:
                c["y"] = c["ycr"] = 0
            elif ycr:
                c["ycr"] = (c["ycr"] + yi) & Y_MASK
                c["y"] = c["ycr"]
            else:
                c["y"] = (c["y"] + yi) & Y_MASK
            if zcl:
                c["z"] = c["zcr"] = 0
            else:
                c["z"] = (c["z"] + zi) & Z_MASK

    def start(self, cf, a, x0):
        """Dest row and column a PACR starts at (§3.2 InputAddressGenerator, DEST_TARGET offset)."""
        c0 = self.adc[a].ch[0]
        in_addr = cf["base0"] + x0 * (cf["xs"] & 15) + c0["y"] * cf["ys"] + c0["z"] * cf["zs"] + c0["w"] * cf["ws"]
        xmask = {4: 3, 2: 7, 1: 15}[cf["bpd"]]
        first = (((in_addr // cf["bpd"]) & ~xmask) + (x0 & xmask) + (cf["dt"] << 4)) & 0x3FFF
        return first >> 4, first & 15

    def out_addr(self, cf, a):
        c1 = self.adc[a].ch[1]
        yzw = cf["base1"] + c1["y"] * cf["ys1"] + c1["z"] * cf["zs1"] + c1["w"] * cf["ws1"]
        return cf["dest_addr"] + 1 + (yzw >> 4) + cf["exp_sec"] + cf["rsi"]

    def block(self):
        r = self.r
        out = ["drain"]
        if r.random() < 0.1:   # tt-llk's pack thread clears the Dest half it packed (pack-data-path §16)
            out.append(f"ttzeroacc 0,0,0,{r.randrange(4)},{r.randrange(1024)}")
            # ZEROACC reads config word 1 (Fp32_enabled) at its retire: the config stores below wait
            # for it ("danger two", docs/decisions.md "Race detector", matrix unit)
            out.append("drain")
        lines, cf = self.config()
        out += lines
        out += self.addr_mods()
        adcs = set()
        npacr = r.choice([1, 2, 4, 4, 8])
        for i in range(npacr):
            ovrd = r.random() < 0.3
            ctx = r.randrange(4) if ovrd else 0
            a = (0 if ctx == 3 else ctx) if ovrd else 2
            if a not in adcs:
                self.reset_ch1(out, a, force=True)
                adcs.add(a)
            else:
                self.reset_ch1(out, a)
            if self.out_addr(cf, a) * 16 > 0x150000:
                self.reset_ch1(out, a, force=True)
            if cf["l1acc"] and i == 0:
                # L1 accumulation adds to what L1 holds: random lines where the block starts
                # writing (a FIFO wrap may move it; then it adds to whatever is there)
                at = self.out_addr(cf, a) * 16
                data = [self.bits(8) for _ in range(128)]
                self.l1 += [f"l1 bytes 0x{at + k:x} " + " ".join(f"0x{b:02x}" for b in data[k:k + 32])
                            for k in range(0, 128, 32)]
            last_one = i == npacr - 1
            flush = r.random() < (0.5 if last_one else 0.08)
            last = (not flush) if last_one else r.random() < 0.15
            if last_one and r.random() < 0.2:
                last = True
            c0, c1 = self.adc[a].ch
            if not flush or r.random() < 0.5:
                # X range: keep the current one if it still fits, else a new one
                row0, col0 = self.start(cf, a, c0["x"])
                n = c1["x"] - c0["x"] + 1
                if c1["x"] < c0["x"] or col0 + n > 16 or r.random() < 0.3:
                    x0 = r.choice([0, 0, r.randrange(16), r.randrange(1024)])
                    if r.random() < 0.3 and c0["y"] < 2000:
                        self.set_dim(out, a, 0, 1, r.randrange(64), "channel 0 Y")
                    row0, col0 = self.start(cf, a, x0)
                    n = r.choice([16 - col0, r.randrange(1, 17 - col0)])
                    if a == 2 and x0 + n - 1 < 1024 and r.random() < 0.7:
                        out.append(f"ttsetadcxx 4,{x0 + n - 1},{x0}")
                        c0["x"], c1["x"] = x0, x0 + n - 1
                    else:
                        self.set_dim(out, a, 0, 0, x0)
                        self.set_dim(out, a, 1, 0, x0 + n - 1)
                    row0, col0 = self.start(cf, a, c0["x"])
                    assert col0 + n <= 16
            row0, _ = self.start(cf, a, c0["x"])
            ok = [m for m in range(1, 16) if (m << (row0 & 3)) <= 15]
            mask = r.choice(ok)
            sel = 0 if (mask == 15 and r.random() < 0.5) else mask
            am = r.randrange(4)
            zw = int(wflag(r, 0.1, "pack.zero_write"))
            concat = r.randrange(8) if r.random() < 0.2 else 0
            out.append(f"ttpacr 0,0,0,{am},{ctx},{zw},{sel},{int(ovrd)},{concat},0,{int(flush)},{int(last)}")
            self.apply_amod(a, self.amod[am])
            if wflag(r, 0.1, "pack.setreg"):
                out.append(self.setreg())
        return out

    def setreg(self):
        """PACR_SETREG (docs/decisions.md "PACR_SETREG"): the ModeSel load of one half of the write
        data, or Push = Flush = 0 (no trigger); Last [0] is not used. Push / Flush are unimplemented."""
        r = self.r
        if r.random() < 0.75:
            data, half = self.bits(16), r.randrange(2)
            w = (0x4A << 24) | (1 << 22) | (data << 3) | (half << 2) | r.randrange(2)
            return f".word 0x{w:08x}   # PACR_SETREG ModeSel: {'high' if half else 'low'} half = 0x{data:04x}"
        w = (0x4A << 24) | (r.randrange(4) << 8) | (r.randrange(64) << 2) | r.randrange(2)
        return f".word 0x{w:08x}   # PACR_SETREG Push 0 Flush 0: no trigger"


def generate_pack(seed, length, rng, drop_waits=False):
    g = PackGen(rng)
    nblocks = max(1, length // 10)
    # --drop-waits: the drain before one block goes (block k of 1..nblocks-1; k = 0 drops none), so that
    # block's TRISC config stores (and ZEROACC) land while the previous block's PACRs, pushed before them,
    # still run: the race detector must report HAZARD (docs/decisions.md "Race detector"). A random
    # stream of its own, so the program is the seed's otherwise.
    drop_at = random.Random(seed * 7919 + 17).randrange(nblocks) if drop_waits else 0
    lines = [f"# random_pack_{seed}.tts: constrained-random pack streams (tools/gen_random.py --pack).",
             f"#   python3 tools/gen_random.py --pack{' --drop-waits' if drop_waits else ''} --seed {seed} "
             f"--length {length} -o FILE",
             "# No expectations: in lockstep every L1 line, ADC change and Dest row is compared.",
             f"# dropped waits: {int(drop_at > 0)}" if drop_waits else "#",
             f"max_cycles {400000 + 4000 * length}", ""]
    # Dest: two 96-row windows (tt-llk's halves) and a few rows anywhere, BF16-like cells with a
    # narrow exponent spread (BFP groups that round and saturate), raw cells and special values
    rows = list(range(0, 100)) + list(range(512, 612)) + [rng.randrange(1024) for _ in range(24)]
    specials = [0x0000, 0x8000, 0x00FF, 0x80FF, 0x7FFF, 0xFFFF, 0x0001, 0x7F00, 0x0080, 0x007F]
    for row in sorted(set(rows)):
        k = rng.random()
        base = rng.randrange(1, 255)
        cells = []
        for _ in range(16):
            if k < 0.4:
                cells.append(rng.getrandbits(16))
            elif k < 0.85:
                e = max(0, base - rng.randrange(10))
                cells.append((rng.getrandbits(1) << 15) | (rng.getrandbits(7) << 8) | e)
            else:
                cells.append(rng.choice(specials + [rng.getrandbits(16)]))
            if rng.random() < 0.04:
                cells[-1] = 0x8000    # -0: ReLU must give +0 (§8), visible with Read_raw
        lines.append(f"dest {row} " + " ".join(f"0x{v:04x}" for v in cells))
    for k in range(4):
        v = rng.getrandbits(16)
        lines.append(f"tcfg 2 {37 + k} 0x{v:x}   # ADDR_MOD_PACK_SEC{k}")
        g.amod[k] = v
    t2 = []
    for k in range(nblocks):
        b = g.block()
        if k and k == drop_at:
            assert b[0] == "drain"
            b = b[1:]
            if b[0].startswith("ttzeroacc"):   # and the drain after its ZEROACC
                assert b[1] == "drain"
                b = b[:1] + b[2:]
        t2 += c10_waits(b, 4)   # B2 (PACK)
    t2.append("drain")
    others = {}
    for t in (0, 1):
        others[t] = gpr_filler(rng, length // 4, 16)
    lines += g.l1
    lines += ["", "thread 0"] + others[0] + ["", "thread 1"] + others[1] + ["", "thread 2"] + t2
    return "\n".join(lines) + "\n"
