#!/usr/bin/env python3
"""sfpu_ref.py: an independent Python reference of the Vector Unit (SFPU) instructions that tt-llk's
SFPU kernels use (issue 30), and the generator of the kernel tests tests/sfpu/*.tts (sfpu_recip_fast_7b_loadmacro_bf16.tts included: the SFPLOADMACRO kernel, whose
scheduling this reference does not model; its expected Dest is the macro-free sequence's).

Written from the tt-isa-documentation pages (BlackholeA0: VectorUnit.md, SFPLOAD.md, SFPSTORE.md,
SFPMAD.md / SFPADD.md / SFPMULI.md / SFPADDI.md and Miscellaneous/FMA/README.md, SFPARECIP.md,
SFPSWAP.md, SFPSHFT.md, SFPOR.md, SFPENCC.md, SFPPUSHC.md, SFPPOPC.md, SFPLUTFP32.md, SFPCONFIG.md,
SFPSTOCHRND_FloatFloat.md, SFPSTOCHRND_FloatInt.md, SFPCAST_IntFloat.md; the WormholeB0 pages the
Blackhole tree shares: SFPIADD, SFPLOADI, SFPSETCC, SFPCOMPC, SFPMOV, SFPEXEXP, SFPEXMAN, SFPSETEXP,
SFPSETMAN, SFPSETSGN, SFPDIVP2, SFPABS, SFPXOR, SFPNOT, SFPLZ) and Dst.md's cell layouts. Own code: nothing here
is taken from the model (ref_model/src/sfpu.c) or the RTL, nor from the pages' C.

State: 17 LRegs x 32 lanes, LaneFlags, UseLaneFlagsForLaneEnable, the flag stack, LaneConfig;
Dest as 1024 rows x 16 raw 16-bit cells (Dst16b), the 32-bit view Dst32b row r at Dest rows
AdjRow(r) (high half) and AdjRow(r) + 8 (low half), AdjRow(r) = ((r & 0x1f8) << 1) | (r & 0x207)
(Dst.md; docs/test_format.md); thread 1's Dst RWC, its checkpoint and the ADDR_MOD Dest increments
(SETC16 of ADDR_MOD_DST_SECn, INCRWC, SETRWC's Dst part) for the address of SFPLOAD / SFPSTORE.

Cell layouts (Dst.md): BF16 `sign | man7 << 8 | exp8`; FP16 `sign | man10 << 5 | exp5`; FP32 is a
BF16 cell of the high half and the low 16 bits as they are.

Decisions where a page leaves a choice (docs/decisions.md "SFPU kernels and their reference"):
  - SFPABS in float mode clears the sign of -Inf too (the project's S3: the prose and the simulator);
    the kernels here never feed it -Inf.
  - The FMA follows Miscellaneous/FMA's description of the Blackhole behaviour (see fma() below).

Usage:
  tools/sfpu_ref.py --self-test        hand-worked cases; exit 1 on any difference
  tools/sfpu_ref.py --write [DIR]      write the kernel tests (to DIR, default tests/sfpu)
  tools/sfpu_ref.py --check [DIR]      exit 1 when a checked-in test differs from what --write writes
"""
import os
import random
import re
import struct
import sys

import gen_files

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')
OUT_DIR = os.path.join(ROOT, 'tests', 'sfpu')
ISA_TABLE = os.path.join(ROOT, 'ref_model', 'src', 'isa_table.h')

M32 = 0xFFFFFFFF
LANES = 32


class Undefined(Exception):
    """A form a page calls undefined (or that this reference does not model)."""


# ---------------------------------------------------------------- the assembler's operand order

def load_isa_fields(path=ISA_TABLE):
    """{mnemonic: [(field, lsb, width), ...]} in the syntax's order (MSB field first), and opcodes."""
    fields, opcodes = {}, {}
    with open(path) as f:
        text = f.read()
    for m in re.finditer(r'OP\((\w+),\s*(0x[0-9a-fA-F]+),\s*\w+,\s*\d+,\s*\d+,\s*((?:F\([^)]*\)\s*)*)\)', text):
        name = 'tt' + m.group(1).lower()
        fl = [(g.group(1), int(g.group(2)), int(g.group(3)))
              for g in re.finditer(r'F\((\w+),(\d+),(\d+)\)', m.group(3))]
        fields[name] = fl
        opcodes[name] = int(m.group(2), 16)
    return fields, opcodes


ISA_FIELDS, ISA_OPCODES = load_isa_fields()


def encode(mn, ops):
    """The 32-bit word of one instruction (opcode in bits 31:24; fields as isa_table.h)."""
    fl = ISA_FIELDS[mn]
    if len(ops) != len(fl):
        raise ValueError('%s takes %d operands, got %d' % (mn, len(fl), len(ops)))
    w = ISA_OPCODES[mn] << 24
    for (name, lsb, width), v in zip(fl, ops):
        if v < 0 or v >= (1 << width):
            raise ValueError('%s field %s: %d does not fit %d bits' % (mn, name, v, width))
        w |= v << lsb
    return w


# ---------------------------------------------------------------- FP32 helpers

def f2u(x):
    return struct.unpack('<I', struct.pack('<f', x))[0]


def u2f(u):
    return struct.unpack('<f', struct.pack('<I', u & M32))[0]


def sext(v, bits):
    v &= (1 << bits) - 1
    return v - (1 << bits) if v >> (bits - 1) else v


def fma(a, b, c):
    """Blackhole's SFPMAD a * b + c on FP32 words (SFPMAD.md "IEEE754 conformance"; the Blackhole
    model that Miscellaneous/FMA/README.md describes). In words:
      - a denormal input is a zero of its sign;
      - NaN in, Inf x 0, or Inf - Inf give the one NaN 0x7FC00000; otherwise an Inf addend is the
        result, else an Inf product gives sign(a*b) Inf;
      - the product of the two 24-bit significands is kept with 3 extra low bits and then cut by 23
        bits into a sticky bit: a 27..28-bit significand at exponent ea + eb - 127; when that
        exponent alone is 255 or more the result is sign(a*b) Inf; when it is below 0, or a or b is
        zero, the product counts as exactly zero: the result is c unchanged, or (c zero) a zero
        that is negative only when c and a*b both are;
      - the addend's significand gets the same 3 extra bits; the term with the smaller exponent is
        shifted right to the larger, keeping a sticky bit only when something nonzero remains;
      - the magnitudes are added or subtracted, the sign is the larger term's (the product's on a
        tie); an exact zero is +0, -0 only when both terms are negative;
      - the sum is normalised to a leading one at bit 26 (a right shift keeps a sticky bit); an
        exponent of 255 or more is Inf; one of 0 or less is taken as exponent 0 with one place
        more to the right than the normalisation asked for;
      - one rounding to nearest, ties to even, on the 3 extra bits; a result that is denormal after
        rounding becomes a zero of its sign."""
    def parts(w):
        e = (w >> 23) & 0xFF
        return w >> 31, e, ((w & 0x7FFFFF) | 0x800000) if e else 0

    sa, ea, ma = parts(a)
    sb, eb, mb = parts(b)
    sc, ec, mc = parts(c)
    sp = sa ^ sb
    a_nan = ea == 255 and (a & 0x7FFFFF)
    b_nan = eb == 255 and (b & 0x7FFFFF)
    c_nan = ec == 255 and (c & 0x7FFFFF)
    a_inf = ea == 255 and not a_nan
    b_inf = eb == 255 and not b_nan
    c_inf = ec == 255 and not c_nan
    # The product's significand: 48 bits, 3 more below, then 23 cut off into a sticky bit.
    prod = ma * mb << 3
    pm = (prod >> 23) | (1 if prod & 0x7FFFFF else 0)
    pe = ea + eb - 127
    if ea == 255 or eb == 255 or ec == 255 or pe >= 255:
        if a_nan or b_nan or c_nan or (a_inf and mb == 0) or (b_inf and ma == 0):
            return 0x7FC00000
        if c_inf and (a_inf or b_inf) and sc != sp:
            return 0x7FC00000
        if c_inf:
            return c
        return (sp << 31) | 0x7F800000
    zm = mc << 3
    if pm == 0 or pe < 0:
        return c if zm else ((sc & sp) << 31)

    def align(m, places):
        if places >= 64:
            return 0
        kept = m >> places
        if kept and (kept << places) != m:
            kept |= 1
        return kept

    re_ = max(pe, ec)
    if pe < re_:
        pm = align(pm, re_ - pe)
    if ec < re_:
        zm = align(zm, re_ - ec)
    if sp == sc:
        rm, rs = pm + zm, sp
    elif pm >= zm:
        rm, rs = pm - zm, sp
    else:
        rm, rs = zm - pm, sc
    if rm == 0:
        return (sc & sp) << 31
    n = rm.bit_length() - 27
    re_ += n
    if re_ >= 255:
        return (rs << 31) | 0x7F800000
    if re_ <= 0:
        n += 1
        re_ = 0
    if n <= 0:
        rm <<= -n
    else:
        lost = rm & ((1 << n) - 1)
        rm = (rm >> n) | (1 if lost else 0)
    r = (re_ << 23) + ((rm >> 3) & 0x7FFFFF)
    low = rm & 7
    if low > 4 or (low == 4 and (r & 1)):
        r += 1
    if r >> 23 == 0:
        r = 0
    return (rs << 31) | r


# ---------------------------------------------------------------- Dest cells

def bf16_cell(h):
    """BF16 value bits (sign, exp8, man7) -> Dest cell sign | man7 << 8 | exp8."""
    return (h & 0x8000) | ((h & 0x7F) << 8) | ((h >> 7) & 0xFF)


def cell_bf16(c):
    return (c & 0x8000) | ((c & 0xFF) << 7) | ((c >> 8) & 0x7F)


def fp16_cell(h):
    """FP16 bits (sign, exp5, man10) -> Dest cell sign | man10 << 5 | exp5."""
    return (h & 0x8000) | ((h & 0x3FF) << 5) | ((h >> 10) & 0x1F)


def cell_fp16(c):
    return (c & 0x8000) | ((c & 0x1F) << 10) | ((c >> 5) & 0x3FF)


def fp32_dst32(w):
    """An FP32 (or 32-bit integer) word -> the Dst32b raw value: BF16 cell of the high half, low half."""
    return (bf16_cell(w >> 16) << 16) | (w & 0xFFFF)


def dst32_fp32(v):
    return (cell_bf16(v >> 16) << 16) | (v & 0xFFFF)


def adj_row(r):
    return ((r & 0x1F8) << 1) | (r & 0x207)


# ---------------------------------------------------------------- the unit

class Sfpu:
    def __init__(self):
        self.lreg = [[0] * LANES for _ in range(17)]
        # LReg.md: the fixed constants; 11..14 as the simulator resets them (decisions S2), which the
        # kernels here always program before they read them.
        for lane in range(LANES):
            self.lreg[8][lane] = 0x3F56594B
            self.lreg[10][lane] = 0x3F800000
            self.lreg[11][lane] = 0xBF800000
            self.lreg[12][lane] = 0x3B000000
            self.lreg[13][lane] = 0xBF2CC4C7
            self.lreg[14][lane] = 0xBEB08FF9
            self.lreg[15][lane] = 2 * lane
        self.flags = [False] * LANES
        self.use = [False] * LANES
        self.stack = [[] for _ in range(LANES)]
        self.lane_config = [0] * LANES
        self.prng = [0] * LANES
        self.dest = [[0] * 16 for _ in range(1024)]
        self.dst_rwc = 0
        self.dst_cr = 0
        self.addr_mod_dest_incr = [0] * 8
        self.fp32_enabled = False

    # -- Dest views
    def rd32(self, row, col):
        a = adj_row(row & 0x3FF)
        return (self.dest[a][col] << 16) | self.dest[a + 8][col]

    def wr32(self, row, col, v):
        a = adj_row(row & 0x3FF)
        self.dest[a][col] = v >> 16
        self.dest[a + 8][col] = v & 0xFFFF

    # -- lanes
    def enabled(self, lane):
        if (self.lane_config[lane & 7] >> 12) >> (lane // 8) & 1:
            return False
        return self.flags[lane] if self.use[lane] else True

    def advance_prng(self, lane):
        cur = self.prng[lane]
        taps = bin(cur & 0x80200003).count('1')
        self.prng[lane] = ((~taps & 1) << 31) | (cur >> 1)
        return cur

    # -- dispatch
    def run(self, mn, ops):
        """Execute one instruction given as its mnemonic and operands (the assembler's order)."""
        f = {name: v for (name, _, _), v in zip(ISA_FIELDS[mn], ops)}
        handler = getattr(self, 'op_' + mn[2:], None)
        if handler is None:
            raise Undefined('%s is not modelled by sfpu_ref.py' % mn)
        handler(f)

    # thread-side instructions the kernels use for addressing
    def op_setc16(self, f):
        reg, v = f['setc16_reg'], f['setc16_value']
        if 28 <= reg <= 35:
            if v & ~0x3FF:
                raise Undefined('ADDR_MOD_DST_SEC%d: only DestIncr is modelled' % (reg - 28))
            self.addr_mod_dest_incr[reg - 28] = v
        else:
            raise Undefined('setc16 %d is not modelled' % reg)

    def op_setrwc(self, f):
        """SETRWC.md, the Dst counter only: Dst = value (+ Dst_Cr with DstCr), and Dst_Cr = Dst."""
        if f['clear_ab_vld'] or f['rwc_cr'] & ~4 or f['bit_mask'] & ~4 or f['rwc_a'] or f['rwc_b']:
            raise Undefined('setrwc: only the Dst counter (and DstCr) is modelled')
        if f['bit_mask'] & 4:
            v = f['rwc_d'] + (self.dst_cr if f['rwc_cr'] & 4 else 0)
            self.dst_rwc = self.dst_cr = v & 0x3FF

    def op_incrwc(self, f):
        if f['rwc_cr'] or f['rwc_b'] or f['rwc_a']:
            raise Undefined('incrwc: only the Dst increment is modelled')
        self.dst_rwc = (self.dst_rwc + f['rwc_d']) & 0x3FF

    def op_stallwait(self, f):
        pass

    def op_nop(self, f):
        pass

    def op_sfpnop(self, f):
        pass

    # -- SFPLOAD / SFPSTORE (SFPLOAD.md, SFPSTORE.md; MATH_Offset, DEST_REGW_BASE, Sp all 0 here)
    def _resolve(self, mod0):
        if mod0 != 0:
            return mod0
        # SrcB format after reset is FP32, one of the formats that resolve to BF16.
        return 3 if self.fp32_enabled else 2

    def _addr(self, f):
        if f['instr_mod0'] == 10:
            raise Undefined('MOD0_FMT_INT32_ALL is not modelled')
        return (f['dest_reg_addr'] + self.dst_rwc) & 0x3FF

    def _lane_pos(self, addr, lane, exchange):
        col = (lane & 7) * 2 + (1 if (addr & 2) or exchange else 0)
        return (addr & ~3) + lane // 8, col

    def op_sfpload(self, f):
        vd, mod0 = f['lreg_ind'], self._resolve(f['instr_mod0'])
        addr = self._addr(f)
        if vd < 8:
            for lane in range(LANES):
                lc = self.lane_config[lane]
                if lc & 0x20 or not self.enabled(lane):
                    continue
                row, col = self._lane_pos(addr, lane, self.lane_config[lane & 7] & 0x40)
                c16 = self.dest[row][col]
                old = self.lreg[vd][lane]
                if mod0 == 1:
                    h = cell_fp16(c16)
                    s, e, m = h >> 15, (h >> 10) & 0x1F, h & 0x3FF
                    if lc & 1 and e == 31 and m == 0x3FF:
                        e8, m = 255, 0
                    else:
                        e8 = e + 112 if e else 0
                    v = (s << 31) | (e8 << 23) | (m << 13)
                elif mod0 == 2:
                    v = cell_bf16(c16) << 16
                elif mod0 in (3, 4, 12):
                    v = dst32_fp32(self.rd32(row, col))
                elif mod0 == 5:
                    v = ((c16 >> 15) << 31) | ((c16 >> 5) & 0xFF)
                elif mod0 == 13:
                    v = ((c16 >> 15) << 31) | ((c16 >> 5) & 0x3FF)
                elif mod0 == 14:
                    v = (old & 0xFFFF0000) | c16
                elif mod0 == 15:
                    v = (c16 << 16) | (old & 0xFFFF)
                elif mod0 == 8:
                    v = ((c16 >> 15) << 31) | (c16 & 0x7FFF)
                elif mod0 in (6, 9):
                    v = c16
                elif mod0 == 7:
                    v = c16 << 16
                else:  # 11 ZERO
                    v = 0
                self.lreg[vd][lane] = v
                if vd < 4 and lc & 4 and lc & 8:
                    self.lreg[vd + 4][lane] = (row << 4) | col
        self.dst_rwc = (self.dst_rwc + self.addr_mod_dest_incr[f['sfpu_addr_mode']]) & 0x3FF

    def op_sfpstore(self, f):
        vd, mod0 = f['lreg_ind'], self._resolve(f['instr_mod0'])
        addr = self._addr(f)
        for lane in range(LANES):
            lc = self.lane_config[lane]
            if lc & 0x10:
                continue
            if vd >= 12 and not lc & 2:
                raise Undefined('SFPSTORE VD >= 12: a backdoor template write, not modelled')
            if not self.enabled(lane):
                continue
            x = self.lreg[vd][lane]
            row, col = self._lane_pos(addr, lane, self.lane_config[lane & 7] & 0x80)
            s, e, m = x >> 31, (x >> 23) & 0xFF, x & 0x7FFFFF
            if mod0 == 1:    # ToFP16: flush, saturate, truncate
                e5 = e - 112
                if e5 <= 0:
                    e5, m = 0, 0
                elif e5 > 31:
                    e5, m = 31, 0x7FFFFF
                self.dest[row][col] = fp16_cell((s << 15) | (e5 << 10) | (m >> 13))
            elif mod0 == 2:  # ToBF16: flush denormals, truncate
                w = x & 0xFF800000 if e == 0 else x
                self.dest[row][col] = bf16_cell(w >> 16)
            elif mod0 == 3:  # ToFP32: flush denormals
                w = x & 0xFF800000 if e == 0 else x
                self.wr32(row, col, fp32_dst32(w))
            elif mod0 in (4, 12):
                self.wr32(row, col, fp32_dst32(x))
            elif mod0 in (5, 13):
                self.dest[row][col] = fp16_cell((s << 15) | (16 << 10) | (x & 0x3FF))
            elif mod0 in (14, 6):
                self.dest[row][col] = x & 0xFFFF
            elif mod0 == 15:
                self.dest[row][col] = x >> 16
            elif mod0 == 8:
                self.dest[row][col] = (s << 15) | (x & 0x7FFF)
            elif mod0 == 9:
                self.wr32(row, col, ((x << 16) | (x >> 16)) & M32)
            elif mod0 == 7:
                self.wr32(row, col, x)
            else:  # 11 ZERO
                self.dest[row][col] = 0
        self.dst_rwc = (self.dst_rwc + self.addr_mod_dest_incr[f['sfpu_addr_mode']]) & 0x3FF

    # -- helpers for the lanewise instructions
    def _lanes(self):
        return [lane for lane in range(LANES) if self.enabled(lane)]

    def _write(self, vd, lane, v):
        if vd < 8 or vd == 16:
            self.lreg[vd][lane] = v & M32

    def _backdoor(self, vd):
        """The pages' guard `VD < 12 || DISABLE_BACKDOOR_LOAD`: the kernels here never take the
        backdoor (a template write is SFPLOADMACRO's business, not modelled)."""
        if vd >= 12 and vd != 16 and any(not (lc & 2) for lc in self.lane_config):
            raise Undefined('VD %d with DISABLE_BACKDOOR_LOAD clear: a template write, not modelled' % vd)

    # -- SFPLOADI (SFPLOADI.md)
    def op_sfploadi(self, f):
        vd, mod0, imm = f['lreg_ind'], f['instr_mod0'], f['imm16']
        if mod0 not in (0, 1, 2, 4, 8, 10):
            raise Undefined('SFPLOADI Mod0 %d' % mod0)
        if vd >= 8:
            return
        for lane in self._lanes():
            old = self.lreg[vd][lane]
            if mod0 == 0:
                v = imm << 16
            elif mod0 == 1:
                v = ((imm >> 15) << 31) | ((((imm >> 10) & 0x1F) + 112) << 23) | ((imm & 0x3FF) << 13)
            elif mod0 == 2:
                v = imm
            elif mod0 == 4:
                v = sext(imm, 16) & M32
            elif mod0 == 8:
                v = (imm << 16) | (old & 0xFFFF)
            else:
                v = (old & 0xFFFF0000) | imm
            self.lreg[vd][lane] = v

    # -- SFPCONFIG (SFPCONFIG.md), the forms the kernels use: LReg[11..14] and LaneConfig
    def op_sfpconfig(self, f):
        imm, vd, mod1 = f['imm16_math'], f['config_dest'], f['instr_mod1']
        if vd < 11:
            raise Undefined('SFPCONFIG VD %d (LoadMacroConfig) is not modelled' % vd)
        src = [self.lreg[0][lane] for lane in range(8)]
        use = self.use[:8]
        flg = self.flags[:8]
        for lane in range(LANES):
            if mod1 & 8 and not (imm >> ((lane & 7) * 2)) & 1:
                continue
            if use[lane & 7] and not flg[lane & 7]:
                continue
            if vd <= 14:
                if mod1 & 1:
                    v = {11: 0xBF800000, 12: 0x37800000, 13: f2u(-0.67487759), 14: f2u(-0.34484843)}[vd]
                else:
                    v = src[lane & 7]
                self.lreg[vd][lane] = v
            else:
                orig = self.lane_config[lane]
                val = imm if mod1 & 1 else src[lane & 7]
                op = mod1 & 6
                if op == 0:
                    new = val
                elif op == 2:
                    new = orig | val
                elif op == 4:
                    new = orig & val
                else:
                    new = orig ^ val
                new &= 0x3FFFF
                if mod1 & 1:
                    new |= orig & ~0xFFFF & 0x3FFFF
                self.lane_config[lane] = new

    # -- lane-enable instructions
    def op_sfpencc(self, f):
        imm, vd, mod1 = f['imm12_math'], f['lreg_dest'], f['instr_mod1']
        self._backdoor(vd)
        for lane in range(LANES):
            if mod1 & 2:
                self.use[lane] = bool(imm & 1)
            elif mod1 & 1:
                self.use[lane] = not self.use[lane]
            self.flags[lane] = bool(imm & 2) if mod1 & 8 else True

    def op_sfpsetcc(self, f):
        imm, vc, vd, mod1 = f['imm12_math'], f['lreg_c'], f['lreg_dest'], f['instr_mod1']
        self._backdoor(vd)
        for lane in self._lanes():
            if not self.use[lane] or mod1 & 8:
                self.flags[lane] = False
            elif mod1 & 1:
                self.flags[lane] = bool(imm & 1)
            else:
                c = sext(self.lreg[vc][lane], 32)
                self.flags[lane] = {0: c < 0, 2: c != 0, 4: c >= 0, 6: c == 0}[mod1 & 6]

    @staticmethod
    def _bool_op(mod1, a, b):
        return {1: b, 2: not b, 3: a and b, 4: a or b, 5: a and not b, 6: a or not b,
                7: (not a) and b, 8: (not a) or b, 9: (not a) and (not b), 10: (not a) or (not b),
                11: a != b, 12: a == b}[mod1]

    def op_sfppushc(self, f):
        vd, mod1 = f['lreg_dest'], f['instr_mod1']
        self._backdoor(vd)
        for lane in range(LANES):
            st = self.stack[lane]
            if mod1 == 0:
                if len(st) >= 8:
                    raise Undefined('SFPPUSHC on a full stack')
                st.append((self.flags[lane], self.use[lane]))
                continue
            if not st:
                raise Undefined('SFPPUSHC Mod1 %d on an empty stack' % mod1)
            tf, tu = st[-1]
            if mod1 <= 12:
                tu, tf = self.use[lane], self._bool_op(mod1, tf, self.flags[lane])
            elif mod1 == 13:
                self.flags[lane] = not self.flags[lane]
                tu, tf = self.use[lane], self.flags[lane]
            else:
                tu, tf = True, mod1 == 14
            st[-1] = (tf, tu)

    def op_sfppopc(self, f):
        vd, mod1 = f['lreg_dest'], f['instr_mod1']
        self._backdoor(vd)
        for lane in range(LANES):
            st = self.stack[lane]
            tf, tu = st[-1] if st else (False, False)
            if mod1 == 0:
                if not st:
                    raise Undefined('SFPPOPC on an empty stack')
                st.pop()
                self.use[lane], self.flags[lane] = tu, tf
            elif mod1 <= 12:
                self.use[lane], self.flags[lane] = tu, self._bool_op(mod1, self.flags[lane], tf)
            elif mod1 == 13:
                self.flags[lane] = not self.flags[lane]
            else:
                self.use[lane], self.flags[lane] = True, mod1 == 14

    def op_sfpcompc(self, f):
        self._backdoor(f['lreg_dest'])
        for lane in range(LANES):
            tf, tu = self.stack[lane][-1] if self.stack[lane] else (True, True)
            self.flags[lane] = (tf and not self.flags[lane]) if (tu and self.use[lane]) else False

    # -- FMA family
    def _mad(self, va, vb, vc, vd, mod1):
        self._backdoor(vd)
        for lane in self._lanes():
            a_idx = self.lreg[7][lane] & 15 if mod1 & 4 else va
            a = self.lreg[a_idx][lane] if a_idx < 17 else 0
            b = self.lreg[vb][lane]
            c = self.lreg[vc][lane]
            if mod1 & 1:
                a ^= 0x80000000
            if mod1 & 2:
                c ^= 0x80000000
            d = fma(a, b, c)
            dst = self.lreg[7][lane] & 15 if (mod1 & 8) and vd != 16 else vd
            self._write(dst, lane, d)

    def op_sfpmad(self, f):
        self._mad(f['lreg_src_a'], f['lreg_src_b'], f['lreg_src_c'], f['lreg_dest'], f['instr_mod1'])

    op_sfpadd = op_sfpmad
    op_sfpmul = op_sfpmad

    def op_sfpmuli(self, f):
        imm, vd, mod1 = f['imm16_math'], f['lreg_dest'], f['instr_mod1']
        self._backdoor(vd)
        for lane in self._lanes():
            c = self.lreg[vd][lane] ^ (0x80000000 if mod1 & 2 else 0)
            dst = self.lreg[7][lane] & 15 if (mod1 & 8) and vd != 16 else vd
            self._write(dst, lane, fma(imm << 16, c, 0))

    def op_sfpaddi(self, f):
        imm, vd, mod1 = f['imm16_math'], f['lreg_dest'], f['instr_mod1']
        self._backdoor(vd)
        for lane in self._lanes():
            c = self.lreg[vd][lane] ^ (0x80000000 if mod1 & 2 else 0)
            dst = self.lreg[7][lane] & 15 if (mod1 & 8) and vd != 16 else vd
            self._write(dst, lane, fma(imm << 16, 0x3F800000, c))

    # -- SFPLUTFP32 (SFPLUTFP32.md)
    @staticmethod
    def _lut16(h):
        e = (h >> 10) & 0x1F
        return ((h >> 15) << 31) | ((0 if e == 31 else 112 + e) << 23) | ((h & 0x3FF) << 13)

    def op_sfplutfp32(self, f):
        vd, mod1 = f['lreg_dest'], f['instr_mod1']
        self._backdoor(vd)
        for lane in self._lanes():
            l3 = self.lreg[3][lane]
            b = l3 & 0x7FFFFFFF
            # The section of |LReg[3]|: compared on the bit pattern, which orders the non-negative
            # floats as their values (NaN above every finite value and Inf: the last section).
            i = 0 if b < 0x3F800000 else 1 if b < 0x40000000 else 2
            if mod1 & 2:
                if mod1 & 10 == 10:
                    a = self._lut16(self.lreg[i][lane] >> 16)
                    c = self._lut16(self.lreg[i][lane] & 0xFFFF)
                else:
                    cut = 0x40800000 if mod1 & 3 == 3 else 0x40400000
                    j = 0 if b < 0x3F000000 else 16 if b < 0x3F800000 else 0 if b < 0x3FC00000 \
                        else 16 if b < 0x40000000 else 0 if b < cut else 16
                    a = self._lut16((self.lreg[i][lane] >> j) & 0xFFFF)
                    c = self._lut16((self.lreg[4 + i][lane] >> j) & 0xFFFF)
            else:
                a, c = self.lreg[i][lane], self.lreg[4 + i][lane]
            d = fma(a, b, c)
            if mod1 & 4:
                d = (d & 0x7FFFFFFF) | (l3 & 0x80000000)
            dst = self.lreg[7][lane] & 15 if (mod1 & 8) and vd != 16 else vd
            self._write(dst, lane, d)

    # -- SFPARECIP (SFPARECIP.md): RECIP, COND_RECIP and EXP (Mod1 2 and the switch's default)
    # The page's 128 seven-bit mantissas of the reciprocal, one per top-7-bit mantissa bucket.
    RECIP_LUT = [
        127, 125, 123, 121, 119, 117, 116, 114, 112, 110, 109, 107, 105, 104, 102, 100, 99, 97, 96,
        94, 93, 91, 90, 88, 87, 85, 84, 83, 81, 80, 79, 77, 76, 75, 74, 72, 71, 70, 69, 68, 66, 65,
        64, 63, 62, 61, 60, 59, 58, 57, 56, 55, 54, 53, 52, 51, 50, 49, 48, 47, 46, 45, 44, 43, 42,
        41, 40, 40, 39, 38, 37, 36, 35, 35, 34, 33, 32, 31, 31, 30, 29, 28, 28, 27, 26, 25, 25, 24,
        23, 23, 22, 21, 21, 20, 19, 19, 18, 17, 17, 16, 15, 15, 14, 14, 13, 12, 12, 11, 11, 10, 9,
        9, 8, 8, 7, 7, 6, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1, 0]

    @classmethod
    def approx_recip(cls, m):
        """m: a non-negative FP32 pattern (the sign already removed)."""
        if m < 0x00800000:
            return 0x7F800000
        if m >= 0x7E800000:
            return 0
        return ((253 - (m >> 23)) << 23) | (cls.RECIP_LUT[(m >> 16) & 0x7F] << 16)

    # The page's ApproxExp table: entry i is bits [23:16] of the result for the inputs whose top
    # 16 bits are 0x3C80 + i (2^-6 <= x < 2); no formula gives it (docs/decisions.md S9).
    EXP_LUT = [
        2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
        2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
        2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
        2, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
        3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
        3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
        3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
        4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 5, 5, 5,
        5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5,
        5, 5, 5, 5, 5, 5, 5, 5, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6,
        6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 7,
        7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7,
        7, 7, 7, 7, 7, 7, 7, 7, 7, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8,
        8, 8, 8, 8, 8, 8, 8, 8, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9,
        9, 9, 9, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 11, 11, 11,
        11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 12, 12, 12, 12, 12, 12, 12, 12,
        12, 12, 12, 12, 12, 12, 12, 13, 13, 13, 13, 13, 13, 13, 13, 13, 13, 13, 13, 13,
        13, 14, 14, 14, 14, 14, 14, 14, 14, 14, 14, 14, 14, 14, 14, 15, 15, 15, 15, 15,
        15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
        16, 16, 16, 16, 17, 17, 17, 17, 17, 17, 17, 18, 18, 18, 18, 18, 18, 18, 19, 19,
        19, 19, 19, 19, 19, 20, 20, 20, 20, 20, 20, 20, 21, 21, 21, 21, 21, 21, 21, 22,
        22, 22, 22, 22, 22, 22, 23, 23, 23, 23, 23, 23, 24, 24, 24, 24, 24, 24, 24, 25,
        25, 25, 25, 25, 25, 25, 26, 26, 26, 26, 26, 26, 27, 27, 27, 27, 27, 27, 27, 28,
        28, 28, 28, 28, 28, 28, 29, 29, 29, 29, 29, 29, 30, 30, 30, 30, 30, 30, 30, 31,
        31, 31, 31, 31, 31, 32, 32, 32, 32, 32, 32, 33, 33, 33, 33, 33, 33, 33, 34, 34,
        34, 34, 34, 34, 35, 35, 35, 35, 35, 35, 36, 36, 36, 36, 36, 37, 37, 37, 38, 38,
        38, 39, 39, 39, 40, 40, 40, 41, 41, 41, 42, 42, 42, 43, 43, 43, 44, 44, 44, 45,
        45, 45, 46, 46, 46, 47, 47, 47, 48, 48, 49, 49, 49, 50, 50, 50, 51, 51, 51, 52,
        52, 52, 53, 53, 53, 54, 54, 54, 55, 55, 56, 56, 56, 57, 57, 57, 58, 58, 58, 59,
        59, 60, 60, 60, 61, 61, 61, 62, 62, 63, 63, 63, 64, 64, 64, 65, 65, 66, 66, 66,
        67, 67, 67, 68, 68, 69, 69, 69, 70, 70, 71, 71, 71, 72, 72, 72, 73, 73, 74, 74,
        74, 75, 75, 76, 76, 76, 77, 77, 78, 78, 78, 79, 79, 80, 80, 80, 81, 81, 82, 82,
        83, 83, 84, 85, 86, 87, 88, 88, 89, 90, 91, 92, 93, 94, 94, 95, 96, 97, 98, 99,
        100, 101, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 113, 114, 115, 116, 117,
        118, 119, 120, 121, 122, 123, 124, 125, 126, 127, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4,
        5, 5, 6, 6, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 15, 15,
        16, 16, 17, 17, 18, 19, 19, 20, 20, 21, 21, 22, 23, 23, 24, 24, 25, 26, 26, 27,
        27, 28, 29, 29, 30, 31, 31, 32, 32, 33, 34, 34, 35, 36, 36, 37, 38, 38, 39, 39,
        40, 41, 41, 42, 43, 43, 44, 45, 45, 47, 48, 50, 51, 52, 54, 55, 57, 58, 60, 61,
        63, 64, 66, 67, 69, 70, 72, 73, 75, 76, 78, 80, 81, 83, 85, 86, 88, 90, 91, 93,
        95, 97, 98, 100, 102, 104, 106, 107, 109, 111, 113, 115, 117, 119, 121, 123, 125, 127, 128, 129,
        130, 131, 132, 133, 134, 135, 136, 137, 139, 140, 141, 142, 143, 144, 145, 146, 147, 149, 150, 151,
        152, 153, 155, 156, 157, 158, 159, 161, 162, 163, 165, 166, 167, 168, 170, 171, 172, 174, 175, 177,
        178, 179, 181, 182, 184, 185, 187, 188, 189, 191, 192, 194, 196, 197, 199, 200, 202, 203, 205, 207,
        208, 210, 211, 213, 215, 216, 218, 220, 222, 223, 225, 227, 229, 230, 232, 234,
    ]

    @classmethod
    def approx_exp(cls, m):
        """m: a non-negative FP32 pattern (the sign already removed)."""
        low = m & 0xFFFF
        if m < 0x00800000:
            return 0x3F800000
        if m < 0x3C800000:
            return 0x3F810000 | low
        if m >= 0x40000000:
            return 0x40800000 | low
        top = 0x3F800000 if m < 0x3F320000 else 0x40000000
        return top | (cls.EXP_LUT[(m >> 16) - 0x3C80] << 16) | low

    def op_sfparecip(self, f):
        vb, vc, vd, mod1 = f['imm12_math'], f['lreg_c'], f['lreg_dest'], f['instr_mod1']
        if not (vd < 8 or vd == 16):
            return
        for lane in self._lanes():
            x = self.lreg[vc][lane]
            sign = x & 0x80000000
            if mod1 == 0:
                x = sign | self.approx_recip(x & 0x7FFFFFFF)
            elif mod1 >= 2:
                x = sign | self.approx_exp(x & 0x7FFFFFFF)
            elif sext(self.lreg[vb][lane], 32) < 0:
                x = self.approx_recip(x & 0x7FFFFFFF)
            self.lreg[vd][lane] = x

    # -- SFPSWAP (SFPSWAP.md), without ENABLE_DEST_INDEX / EXCHANGE_SRCB_SRCC
    @staticmethod
    def _key(v):
        """Sign-magnitude order as a two's-complement integer: a negative value's magnitude bits
        inverted (-NaN < -Inf < ... < -0 < +0 < ... < +Inf < +NaN)."""
        return sext(v ^ 0x7FFFFFFF if v >> 31 else v, 32)

    def op_sfpswap(self, f):
        vc, vd, mod1 = f['lreg_src_c'], f['lreg_dest'], f['instr_mod1']
        self._backdoor(vd)
        masks = {1: M32, 2: 0x0000FFFF, 3: 0x00FF00FF, 4: 0xFF0000FF, 5: 0x000000FF,
                 6: 0x0000FF00, 7: 0x00FF0000, 8: 0xFF000000, 9: 0}
        if mod1 != 0 and mod1 not in masks:
            raise Undefined('SFPSWAP Mod1 %d is non-contractual' % mod1)
        for lane in self._lanes():
            if self.lane_config[lane] & 0x104:
                raise Undefined('SFPSWAP with ENABLE_DEST_INDEX / EXCHANGE_SRCB_SRCC is not modelled')
            cv, dv = self.lreg[vc][lane], self.lreg[vd][lane]
            if mod1 == 0:
                swap = True
            elif (masks[mod1] >> lane) & 1:
                swap = self._key(cv) < self._key(dv)
            else:
                swap = not self._key(cv) < self._key(dv)
            if swap:
                if vc < 8:
                    self.lreg[vc][lane] = dv
                if vd < 8:
                    self.lreg[vd][lane] = cv

    # -- integer / bit instructions
    def op_sfpiadd(self, f):
        imm, vc, vd, mod1 = f['imm12_math'], f['lreg_c'], f['lreg_dest'], f['instr_mod1']
        if not (vd < 8 or vd == 16):
            return
        for lane in self._lanes():
            c, b = self.lreg[vc][lane], self.lreg[vd][lane]
            if mod1 & 1:
                r = c + sext(imm, 12)
            elif mod1 & 2:
                r = c - b
            else:
                r = c + b
            r &= M32
            self.lreg[vd][lane] = r
            if vd < 8:
                if not mod1 & 4:
                    self.flags[lane] = r >> 31 == 1
                if mod1 & 8:
                    self.flags[lane] = not self.flags[lane]

    def op_sfpshft(self, f):
        imm, vc, vd, mod1 = f['imm12_math'], f['lreg_c'], f['lreg_dest'], f['instr_mod1']
        if mod1 > 7 or mod1 in (4, 6):
            raise Undefined('SFPSHFT Mod1 %d is reserved' % mod1)
        if not (vd < 8 or vd == 16):
            return
        for lane in self._lanes():
            x = self.lreg[vd][lane]
            amt = sext(self.lreg[vc][lane], 32)
            if mod1 & 1:
                if mod1 & 4:
                    x = self.lreg[vc][lane]
                amt = sext(imm, 12)
            if amt >= 0:
                r = x << (amt & 31)
            elif mod1 & 2:
                r = sext(x, 32) >> ((-amt) & 31)
            else:
                r = x >> ((-amt) & 31)
            self.lreg[vd][lane] = r & M32

    def _bitop(self, f, fn, use_vb):
        vb, vc, vd, mod1 = f['imm12_math'], f['lreg_c'], f['lreg_dest'], f['instr_mod1']
        src = vb if (use_vb and mod1 & 1) else vd
        if not (vd < 8 or vd == 16):
            return
        for lane in self._lanes():
            self.lreg[vd][lane] = fn(self.lreg[src][lane], self.lreg[vc][lane]) & M32

    def op_sfpand(self, f):
        self._bitop(f, lambda b, c: b & c, True)

    def op_sfpor(self, f):
        self._bitop(f, lambda b, c: b | c, True)

    def op_sfpxor(self, f):
        self._bitop(f, lambda b, c: b ^ c, False)

    def op_sfpnot(self, f):
        self._bitop(f, lambda b, c: ~c, False)

    def op_sfpabs(self, f):
        vc, vd, mod1 = f['lreg_c'], f['lreg_dest'], f['instr_mod1']
        if not (vd < 8 or vd == 16):
            return
        for lane in self._lanes():
            x = self.lreg[vc][lane]
            if x >> 31:
                if mod1 & 1:
                    if x <= 0xFF800000:      # -Inf included (decision S3); -NaN kept
                        x &= 0x7FFFFFFF
                else:
                    x = (-x) & M32
            self.lreg[vd][lane] = x

    def op_sfplz(self, f):
        vc, vd, mod1 = f['lreg_c'], f['lreg_dest'], f['instr_mod1']
        if not (vd < 8 or vd == 16):
            return
        for lane in self._lanes():
            c = self.lreg[vc][lane] & (0x7FFFFFFF if mod1 & 4 else M32)
            self.lreg[vd][lane] = 32 - c.bit_length()
            if vd < 8:
                if mod1 & 2:
                    self.flags[lane] = c != 0
                if mod1 & 8:
                    self.flags[lane] = not self.flags[lane]

    def op_sfpmov(self, f):
        vc, vd, mod1 = f['lreg_c'], f['lreg_dest'], f['instr_mod1']
        self._backdoor(vd)
        if mod1 & 8:
            raise Undefined('SFPMOV from special registers is not modelled')
        for lane in range(LANES):
            if self.enabled(lane) or mod1 == 2:
                x = self.lreg[vc][lane] ^ (0x80000000 if mod1 & 1 else 0)
                self._write(vd, lane, x)

    # -- FP32 field instructions
    def op_sfpexexp(self, f):
        vc, vd, mod1 = f['lreg_c'], f['lreg_dest'], f['instr_mod1']
        if not (vd < 8 or vd == 16):
            return
        for lane in self._lanes():
            e = ((self.lreg[vc][lane] >> 23) & 0xFF) - (0 if mod1 & 1 else 127)
            self.lreg[vd][lane] = e & M32
            if vd < 8:
                if mod1 & 2:
                    self.flags[lane] = e < 0
                if mod1 & 8:
                    self.flags[lane] = not self.flags[lane]

    def op_sfpexman(self, f):
        vc, vd, mod1 = f['lreg_c'], f['lreg_dest'], f['instr_mod1']
        if not (vd < 8 or vd == 16):
            return
        for lane in self._lanes():
            self.lreg[vd][lane] = (0 if mod1 & 1 else 0x800000) + (self.lreg[vc][lane] & 0x7FFFFF)

    def op_sfpsetexp(self, f):
        imm, vc, vd, mod1 = f['imm12_math'], f['lreg_c'], f['lreg_dest'], f['instr_mod1']
        if not (vd < 8 or vd == 16):
            return
        for lane in self._lanes():
            c = self.lreg[vc][lane]
            if mod1 & 1:
                e = imm & 0xFF
            elif mod1 & 2:
                e = (self.lreg[vd][lane] >> 23) & 0xFF
            else:
                e = self.lreg[vd][lane] & 0xFF
            self.lreg[vd][lane] = (c & 0x807FFFFF) | (e << 23)

    def op_sfpsetman(self, f):
        imm, vc, vd, mod1 = f['imm12_math'], f['lreg_c'], f['lreg_dest'], f['instr_mod1']
        if not (vd < 8 or vd == 16):
            return
        for lane in self._lanes():
            m = (imm << 11) & 0x7FFFFF if mod1 & 1 else self.lreg[vd][lane] & 0x7FFFFF
            self.lreg[vd][lane] = (self.lreg[vc][lane] & 0xFF800000) | m

    def op_sfpsetsgn(self, f):
        imm, vc, vd, mod1 = f['imm12_math'], f['lreg_c'], f['lreg_dest'], f['instr_mod1']
        if not (vd < 8 or vd == 16):
            return
        for lane in self._lanes():
            s = (imm & 1) if mod1 & 1 else self.lreg[vd][lane] >> 31
            self.lreg[vd][lane] = (self.lreg[vc][lane] & 0x7FFFFFFF) | (s << 31)

    def op_sfpdivp2(self, f):
        imm, vc, vd, mod1 = f['imm12_math'], f['lreg_c'], f['lreg_dest'], f['instr_mod1']
        if not (vd < 8 or vd == 16):
            return
        for lane in self._lanes():
            c = self.lreg[vc][lane]
            e = (c >> 23) & 0xFF
            if mod1 & 1:
                if e != 255:
                    e = (e + (imm & 0xFF)) & 0xFF
            else:
                e = imm & 0xFF
            self.lreg[vd][lane] = (c & 0x807FFFFF) | (e << 23)

    # -- conversions
    def op_sfpcast(self, f):
        vc, vd, mod1 = f['lreg_src_c'], f['lreg_dest'], f['instr_mod1']
        if mod1 > 1:
            raise Undefined('SFPCAST Mod1 %d (IntInt / IntAbs / reserved) is not modelled' % mod1)
        self._backdoor(vd)
        for lane in self._lanes():
            c = self.lreg[vc][lane]
            sign, mag = c & 0x80000000, c & 0x7FFFFFFF
            if mag == 0:
                d = sign
                low = 0
            else:
                top = mag.bit_length() - 1          # the leading one's place
                d = sign | ((127 + top) << 23)
                if top <= 23:
                    d |= (mag << (23 - top)) & 0x7FFFFF
                    low = 0
                else:
                    d |= (mag >> (top - 23)) & 0x7FFFFF
                    # the 8 bits below the 24-bit significand (at most 7 are ever nonzero)
                    low = (mag << (31 - top)) & 0xFF
            if mod1 & 1:
                if (low & 0xFE) > ((self.advance_prng(lane) >> 9) & 0xFE):
                    d += 1
            elif low > 0x80 or (low == 0x80 and d & 1):
                d += 1
            self._write(vd, lane, d)

    def op_sfp_stoch_rnd(self, f):
        rnd, vc, vd, mod1 = f['rnd_mode'], f['lreg_src_c'], f['lreg_dest'], f['instr_mod1']
        self._backdoor(vd)
        if mod1 in (0, 1):
            for lane in self._lanes():
                bits = self.advance_prng(lane) & 0x7FFFFF
                if rnd == 0:
                    bits = 0x400000
                elif rnd == 2:
                    bits = 0x7FFFFF
                x = self.lreg[vc][lane]
                e = (x >> 23) & 0xFF
                if e == 0:
                    x = 0
                elif e == 255:
                    x &= 0xFF800000
                else:
                    keep = 13 if mod1 == 0 else 16
                    disc = x & ((1 << keep) - 1)
                    x -= disc
                    if disc >= bits >> (23 - keep):
                        x += 1 << keep
                self._write(vd, lane, x)
        elif mod1 in (2, 3, 6, 7):
            keep_sign = mod1 in (3, 7)
            maxmag = {2: 255, 3: 127, 6: 65535, 7: 32767}[mod1]
            for lane in self._lanes():
                bits = self.advance_prng(lane) & 0x7FFFFF
                if rnd == 0:
                    bits = 0x400000
                elif rnd == 2:
                    bits = 0x7FFFFF
                c = self.lreg[vc][lane]
                sign = c & 0x80000000 if keep_sign else 0
                e = ((c >> 23) & 0xFF) - 127
                if e < -1:
                    mag, sign = 0, 0
                elif e >= 16:
                    mag = maxmag
                else:
                    sig = 0x800000 | (c & 0x7FFFFF)
                    sig = sig << e if e >= 0 else sig >> -e
                    mag = (sig >> 23) + (1 if (sig & 0x7FFFFF) >= bits else 0)
                    mag = min(mag, maxmag)
                    if mag == 0:
                        sign = 0
                self._write(vd, lane, sign + mag)
        else:
            raise Undefined('SFPSTOCHRND Mod1 %d (IntInt) is not modelled' % mod1)


# ---------------------------------------------------------------- programs: text and execution

class Program:
    """A thread-1 stream of instructions: each line as the assembler takes it, with a comment."""
    def __init__(self):
        self.lines = []   # (mnemonic, operands, comment)

    def __call__(self, mn, *ops, c=''):
        encode(mn, list(ops))   # range check now, not at --check time
        self.lines.append((mn, list(ops), c))

    def text(self):
        out = []
        for mn, ops, c in self.lines:
            s = '%s %s' % (mn, ','.join(str(v) if v < 10 else '0x%X' % v for v in ops)) if ops else mn
            out.append(('%-40s # %s' % (s, c)) if c else s)
        return out

    def run(self, unit):
        for mn, ops, _ in self.lines:
            unit.run(mn, ops)


# ---------------------------------------------------------------- self-test

def self_test():
    """Hand-worked from the pages; each case says how."""
    one, two, half = 0x3F800000, 0x40000000, 0x3F000000
    cases = [
        # FMA (SFPMAD.md; FMA README): 1 * 1 + 1 = 2 exactly.
        ('fma 1*1+1', fma(one, one, one), two),
        # 1.5 * 1.5 = 2.25 (0x40100000); + 0 keeps it.
        ('fma 1.5*1.5+0', fma(0x3FC00000, 0x3FC00000, 0), 0x40100000),
        # (1 + 2^-23) * (1 + 2^-23) = 1 + 2^-22 + 2^-46: the 2^-46 is below the kept bits, a
        # sticky bit only: 1 + 2^-22 is exact to FP32's grid plus less than half an ulp: 0x3F800002.
        ('fma (1+u)^2', fma(0x3F800001, 0x3F800001, 0), 0x3F800002),
        # 1 + 2^-24 (half an ulp, a tie) rounds to even: 1.0.  (2^-24 = 0x33800000.)
        ('fma 1 + 2^-24 ties to even', fma(one, one, 0x33800000), one),
        # (1 + 2^-23) + 2^-24: a tie again, the odd significand rounds up to 1 + 2^-22.
        ('fma (1+u) + 2^-24 ties up', fma(0x3F800001, one, 0x33800000), 0x3F800002),
        # 1 + 2^-24 + tiny: the product 2^-24 * (1 + 2^-23) is above half: rounds up.
        ('fma 1 + just over half an ulp', fma(0x33800001, one, one), 0x3F800001),
        # x - x = +0; -x + x = +0; (-1)*1 + -0 = -1; -0 + -0: (-1)*0 + (-0) -> -0 (both negative).
        ('fma 1*1-1 = +0', fma(one, one, 0xBF800000), 0),
        ('fma -1*0 + -0 = -0', fma(0xBF800000, 0, 0x80000000), 0x80000000),
        ('fma -1*0 + +0 = +0', fma(0xBF800000, 0, 0), 0),
        # Denormal inputs are zero: denormal * 2^100 + 0 = +0 (the product is exactly zero).
        ('fma denormal input flushed', fma(0x00000001, 0x71800000, 0), 0),
        # A product under 2^-126 counts as zero: 2^-100 * 2^-100 + 1 = 1 exactly, + 0 = +0.
        ('fma underflowing product is zero', fma(0x0D800000, 0x0D800000, one), one),
        ('fma underflowing product + 0', fma(0x0D800000, 0x0D800000, 0), 0),
        # A product whose exponent alone overflows is Inf even when c would cancel it:
        # 2^127 * 2^127 + (-max) = +Inf.
        ('fma product overflow', fma(0x7F000000, 0x7F000000, 0xFF7FFFFF), 0x7F800000),
        # Inf * 0 = NaN 0x7FC00000; Inf - Inf = NaN; NaN in = NaN out (canonical).
        ('fma inf*0', fma(0x7F800000, 0, one), 0x7FC00000),
        ('fma inf-inf', fma(0x7F800000, one, 0xFF800000), 0x7FC00000),
        ('fma nan', fma(0x7FC12345, one, one), 0x7FC00000),
        ('fma inf*denormal', fma(0x7F800000, 0x00000005, 0), 0x7FC00000),
        # c = Inf wins over a finite product; a*b = -Inf with c finite gives -Inf.
        ('fma c inf', fma(one, one, 0xFF800000), 0xFF800000),
        ('fma -inf*1 + 1', fma(0xFF800000, one, one), 0xFF800000),
        # 2^-126 * 0.5 = 2^-127: the product's exponent 126 + 126 - 127 = 125 >= 0 so it is kept;
        # normalised it is denormal and flushed: +0.  (0.5 = 0x3F000000, 2^-126 = 0x00800000.)
        ('fma denormal result flushed', fma(0x00800000, half, 0), 0),
        # -2^-126 * (1 - 2^-24)... a result just below 2^-126 that rounds up to 2^-126: the
        # product (2^-126)(1 - 2^-24) is 2^-126 - 2^-150: its significand all ones below bit 23
        # at exponent 0 rounds up (ties to even on ...1) to 0x00800000.
        ('fma rounds up into the normal range', fma(0x00800000, 0x3F7FFFFF, 0), 0x00800000),
        # max + max = Inf (normalisation overflow).
        ('fma max+max', fma(0x7F7FFFFF, one, 0x7F7FFFFF), 0x7F800000),
        # Recip (SFPARECIP.md): ApproxRecip(1.0) = 0.99609375 = 0x3F7F0000 (exponent 253 - 127 =
        # 126, LUT[0] = 127); of 2^-127 (denormal) Inf; of 2^126 zero; of 3.0 (0x40400000: bucket
        # 64, the page's LUT[64] = 42, about 2^15 / 192.5 - 128): exponent 253 - 128 = 125 ->
        # 0x3EAA0000 = 0.33203125.
        ('recip 1.0', Sfpu.approx_recip(one), 0x3F7F0000),
        ('recip denormal', Sfpu.approx_recip(0x00400000), 0x7F800000),
        ('recip 2^126', Sfpu.approx_recip(0x7E800000), 0),
        ('recip 3.0', Sfpu.approx_recip(0x40400000), 0x3EAA0000),
        # Exp (SFPARECIP.md): the page's ApproxExp(1.0) = 2.703125 = 0x402D0000 (bucket 0x3F80 -
        # 0x3C80 = 768, past 0x3F32: exponent 128, the page's entry 768 = 45 = 0x2D); 2^-7 (below
        # 2^-6) gives 1 + 2^-7 with x's low 16 bits; 0.5 (0x3F000000, bucket 640, entry 83 = 0x53,
        # exponent 127): 0x3FD30000 = 1.6484375; 0.6953125 (0x3F320000) is the second run's first
        # entry, 0: 2.0; just below 2 (0x3FFFFFFF, entry 895 = 234 = 0xEA, carrying into the
        # exponent) 0x40EAFFFF; from 2 (and Inf, NaN) 4.0 | low 16 bits; below 2^-126 1.0.
        ('exp 1.0', Sfpu.approx_exp(one), 0x402D0000),
        ('exp 2^-7', Sfpu.approx_exp(0x3C001234), 0x3F811234),
        ('exp 0.5', Sfpu.approx_exp(0x3F000000), 0x3FD30000),
        ('exp 0.6953125', Sfpu.approx_exp(0x3F320000), 0x40000000),
        ('exp below 2', Sfpu.approx_exp(0x3FFFFFFF), 0x40EAFFFF),
        ('exp 2.0', Sfpu.approx_exp(0x40000000), 0x40800000),
        ('exp NaN', Sfpu.approx_exp(0x7FC00001), 0x40800001),
        ('exp denormal', Sfpu.approx_exp(0x00400000), 0x3F800000),
        ('exp table size', len(Sfpu.EXP_LUT), 896),
        # Dest cells (Dst.md): 1.0 in BF16 is 0x3F80 -> cell sign | man7 << 8 | exp8 = 0x007F;
        # -1.5 (0xBFC0) -> 0x8000 | 0x40 << 8 | 0x7F = 0xC07F; FP16 1.0 (0x3C00) -> exp5 15: 0x000F.
        ('bf16 cell 1.0', bf16_cell(0x3F80), 0x007F),
        ('bf16 cell -1.5', bf16_cell(0xBFC0), 0xC07F),
        ('fp16 cell 1.0', fp16_cell(0x3C00), 0x000F),
        ('dst32 of 1.5 + 1ulp', fp32_dst32(0x3FC00001), 0x407F0001),
        ('dst32 adj row 9', adj_row(9), 17),
    ]
    bad = 0
    for name, got, want in cases:
        if got != want:
            print('FAIL %s: got 0x%08x, want 0x%08x' % (name, got, want))
            bad += 1
    ubad, un = self_test_units()
    bad += ubad
    print('sfpu_ref self-test: %d cases (%d FMA / table, %d instruction), %d failed'
          % (len(cases) + un, len(cases), un, bad))
    return 1 if bad else 0


def self_test_units():
    """Instruction-level cases on one lane's values, worked by hand from the pages."""
    bad = n = 0

    def check(name, got, want):
        nonlocal bad, n
        n += 1
        if got != want:
            print('FAIL %s: got %s, want %s' % (name, got, want))
            bad += 1

    u = Sfpu()
    # SFPLOADI FLOATB 0x3FC0 -> 1.5; SHORT 0xFFFF -> -1 (0xFFFFFFFF); LOWER keeps the high half.
    u.run('ttsfploadi', [0, 0, 0x3FC0])
    check('loadi floatb', u.lreg[0][5], 0x3FC00000)
    u.run('ttsfploadi', [1, 4, 0xFFFF])
    check('loadi short', u.lreg[1][0], 0xFFFFFFFF)
    u.run('ttsfploadi', [1, 10, 0x1234])
    check('loadi lower', u.lreg[1][0], 0xFFFF1234)
    # FLOATA 0x3C00 (FP16 1.0): exponent 15 + 112 = 127: 1.0.
    u.run('ttsfploadi', [2, 1, 0x3C00])
    check('loadi floata', u.lreg[2][0], 0x3F800000)
    # SFPIADD imm: LReg2 = LReg1 + (-1): 0xFFFF1233; flags (CC_LT0 default) = negative: True.
    u.run('ttsfpencc', [3, 0, 0, 10])  # boot: lane flags on
    u.run('ttsfpiadd', [0xFFF, 1, 2, 1])
    check('iadd imm', u.lreg[2][0], 0xFFFF1233)
    check('iadd sets flags (negative)', u.flags[0], True)
    # SFPSHFT imm -16 from VC (Mod1 5): 0xFFFF1234 >> 16 logical = 0xFFFF.
    u.run('ttsfpshft', [(-16) & 0xFFF, 1, 3, 5])
    check('shft logical right via vc', u.lreg[3][0], 0xFFFF)
    # Arithmetic: Mod1 7 -> 0xFFFFFFFF.
    u.run('ttsfpshft', [(-16) & 0xFFF, 1, 3, 7])
    check('shft arithmetic right via vc', u.lreg[3][0], 0xFFFFFFFF)
    # SFPSETCC LT0 of LReg0 (1.5): false in every lane -> SFPLOADI is skipped; SFPENCC restores.
    u.run('ttsfpsetcc', [0, 0, 0, 0])
    check('setcc lt0 of 1.5', u.flags[0], False)
    u.run('ttsfploadi', [4, 2, 7])
    check('disabled lane not written', u.lreg[4][0], 0)
    u.run('ttsfpencc', [0, 0, 0, 0])
    u.run('ttsfploadi', [4, 2, 7])
    check('enabled again', u.lreg[4][0], 7)
    # Push, setcc EQ0 of LReg4 (7): false; compc: Top (true,true) && !false = true; pop: true.
    u.run('ttsfppushc', [0, 0, 0, 0])
    u.run('ttsfpsetcc', [0, 4, 0, 6])
    check('setcc eq0 of 7', u.flags[0], False)
    u.run('ttsfpcompc', [0, 0, 0, 0])
    check('compc', u.flags[0], True)
    u.run('ttsfppopc', [0, 0, 0, 0])
    check('popc restores', (u.flags[0], u.use[0], len(u.stack[0])), (True, True, 0))
    # SFPSWAP VEC_MIN_MAX (1): VD = min, VC = max: LReg0 = 1.5, LReg5 = -2: swap.
    u.run('ttsfploadi', [5, 0, 0xC000])
    u.run('ttsfpswap', [0, 0, 5, 1])
    check('swap min/max', (u.lreg[5][0], u.lreg[0][0]), (0xC0000000, 0x3FC00000))
    # Mod1 9: VD = max: LReg5 = 1.5, LReg0 = -2.
    u.run('ttsfpswap', [0, 0, 5, 9])
    check('swap mode 9', (u.lreg[5][0], u.lreg[0][0]), (0x3FC00000, 0xC0000000))
    # SFPARECIP EXP (Mod1 2): LReg6 = -1.0 (FLOATB 0xBF80): the sign is
    # taken off, ApproxExp(1.0) = 2.703125 (0x402D0000, the page), the sign put back: 0xC02D0000;
    # Mod1 3 takes the page's switch default, the same EXP path.
    u.run('ttsfploadi', [6, 0, 0xBF80])
    u.run('ttsfparecip', [0, 6, 7, 2])
    check('arecip exp of -1.0', u.lreg[7][0], 0xC02D0000)
    u.run('ttsfparecip', [0, 6, 7, 3])
    check('arecip mod1 3 is exp', u.lreg[7][0], 0xC02D0000)
    # -0 < +0 in the swap order: SignMag order puts 0x80000000 below 0.
    check('key -0 < +0', Sfpu._key(0x80000000) < Sfpu._key(0), True)
    check('key -NaN < -Inf', Sfpu._key(0xFFC00000) < Sfpu._key(0xFF800000), True)
    # SFPEXEXP of 1.5 = 0; of 0.25 = -2 with SET_CC_SGN_EXP: flags true.
    u.run('ttsfploadi', [0, 0, 0x3E80])
    u.run('ttsfpexexp', [0, 0, 1, 2])
    check('exexp 0.25', (u.lreg[1][0], u.flags[0]), (0xFFFFFFFE, True))
    u.run('ttsfpencc', [0, 0, 0, 0])
    # SFPEXMAN of 0.25: hidden bit + 0 = 0x800000.
    u.run('ttsfpexman', [0, 0, 1, 0])
    check('exman', u.lreg[1][0], 0x800000)
    # SFPSETMAN imm 0x800 << 11 = 0x400000 onto 0.25's sign and exponent: 0.375 (0x3EC00000).
    u.run('ttsfpsetman', [0x800, 0, 1, 1])
    check('setman imm', u.lreg[1][0], 0x3EC00000)
    # SFPCAST 3 -> 3.0 (0x40400000); 2^24 + 1 -> ties to even 2^24; 2^24 + 3 -> 2^24 + 4.
    for v, want in ((3, 0x40400000), (0x1000001, 0x4B800000), (0x1000003, 0x4B800002),
                    (0x80000005, 0xC0A00000), (0x80000000, 0x80000000)):
        u.lreg[0][0] = v
        u.run('ttsfpcast', [0, 1, 0])
        check('cast %#x' % v, u.lreg[1][0], want)
    # SFPSTOCHRND FP32_TO_FP16B nearest: 1 + 2^-8 (0x3F808000) -> half of the discarded range,
    # >= 0x400000 >> 7 = 0x8000: rounds up (ties away) to 0x3F810000; 1 + 2^-9 stays 1.0.
    for v, want in ((0x3F808000, 0x3F810000), (0x3F804000, 0x3F800000), (0x00012345, 0),
                    (0xFFC00001, 0xFF800000)):
        u.lreg[0][0] = v
        u.run('ttsfp_stoch_rnd', [0, 0, 0, 0, 1, 1])
        check('stochrnd fp16b %#x' % v, u.lreg[1][0], want)
    # FP32_TO_UINT16 nearest: 2.5 -> 3 (ties away), -2.5 -> 3 (absolute value), 1e6 -> 65535,
    # 0.25 -> 0.
    for v, want in ((0x40200000, 3), (0xC0200000, 3), (0x49742400, 65535), (0x3E800000, 0),
                    (0x3F000000, 1)):
        u.lreg[0][0] = v
        u.run('ttsfp_stoch_rnd', [0, 0, 0, 0, 1, 6])
        check('stochrnd uint16 %#x' % v, u.lreg[1][0], want)
    # SFPLUTFP32 6-entry table 1 (Mod1 2): |LReg3| = 0.75 -> the high halves of LReg0 / LReg4:
    # slope FP16 0x3800 (0.5), offset 0x3C00 (1.0): 0.5 * 0.75 + 1 = 1.375 (0x3FB00000);
    # with SGN_RETAIN (6) and LReg3 = -0.75: -1.375.
    u.lreg[0][0] = 0x38000000
    u.lreg[4][0] = 0x3C000000
    u.lreg[3][0] = 0x3F400000
    u.run('ttsfplutfp32', [6, 2])
    check('lutfp32 6-entry', u.lreg[6][0], 0x3FB00000)
    u.lreg[3][0] = 0xBF400000
    u.run('ttsfplutfp32', [6, 6])
    check('lutfp32 sign retain', u.lreg[6][0], 0xBFB00000)
    # Lut16ToFp32 of exponent 31 is 0; of exponent 0 is 2^-15 * (1 + m).
    check('lut16 exp31', Sfpu._lut16(0x7C00), 0)
    check('lut16 exp0', Sfpu._lut16(0x0000), 112 << 23)
    # SFPLOAD / SFPSTORE BF16 through Dest: lane 9 is row 1, column 2; addr 2 -> column 3.
    u.dest[1][2] = bf16_cell(0x4040)   # 3.0
    u.run('ttsfpload', [0, 2, 0, 0])
    check('load bf16 lane 9', u.lreg[0][9], 0x40400000)
    u.lreg[0][9] = 0x3F80FFFF          # 1.0039..: BF16 store truncates to 0x3F80
    u.run('ttsfpstore', [0, 2, 0, 2])
    check('store bf16 truncates', u.dest[1][3], bf16_cell(0x3F80))
    # FP16 store: 2^-20 flushes to 0; 2^20 saturates to exponent 31, mantissa 0x3FF.
    u.lreg[0][0] = 0x35800000
    u.lreg[0][1] = 0x49800000
    u.run('ttsfpstore', [0, 1, 0, 0])
    check('store fp16 flush', u.dest[0][0], 0)
    check('store fp16 saturate', u.dest[0][2], fp16_cell(0x7FFF))
    # FP32 through Dst32b row 0 column 0: Dest rows 0 (high) and 8 (low).
    u.fp32_enabled = True
    u.lreg[0][0] = 0xC0490FDB          # -pi
    u.run('ttsfpstore', [0, 0, 0, 0])
    check('store fp32 cells', (u.dest[0][0], u.dest[8][0]), (bf16_cell(0xC049), 0x0FDB))
    u.run('ttsfpload', [1, 0, 0, 0])
    check('load fp32 back', u.lreg[1][0], 0xC0490FDB)
    u.lreg[0][0] = 0x80000001          # a denormal: FP32 store flushes to -0
    u.run('ttsfpstore', [0, 0, 0, 0])
    check('store fp32 flushes', u.rd32(0, 0), fp32_dst32(0x80000000))
    return bad, n


# ---------------------------------------------------------------- the kernels (tests/sfpu)

# tt-llk's Blackhole SFPU kernels as the instruction sequences they compile to, on one Dest face
# each, the expected Dest computed by the unit above; `--write` writes them to tests/sfpu/*.tts.
#
# Source: tenstorrent/tt-llk at commit TT_LLK (tt_llk_blackhole/common/inc/sfpu/ckernel_sfpu_*.h and
# llk_lib/llk_math_eltwise_unary_sfpu.h). Two kinds of kernel:
#   - written with TTI_ macros (the reciprocals, exp's FAST_APPROX path, the typecasts): the words
#     below are those macros' operands, in the assembler's field order (ref_model/src/isa_table.h);
#   - written in SFPI (sqrt, sigmoid, gelu): compiled by hand, one SFP instruction per SFPI operation
#     as sfpi's headers map them (a * b + c is one SFPMAD, a * b an SFPMUL with LReg[9] = 0, a + b an
#     SFPADD with LReg[10] = 1.0, a float immediate a SFPLOADI / SFPMULI / SFPADDI, v_if a SFPPUSHC then
#     the condition, v_else SFPCOMPC, v_endif SFPPOPC, dst_reg[0] an SFPLOAD / SFPSTORE with ADDR_MOD_7,
#     dst_reg++ INCRWC 0,2,0,0); the LRegs are our choice. The tests check the sequence written here;
#     the compiler's register allocation or instruction order may differ, its arithmetic may not.
# Every test runs on thread 1 (math) after the state tt-llk's boot and unary-SFPU init leave:
# SFPENCC 3,0,0,10 (tests/helpers/include/boot.h: lane flags used, all set), SFPCONFIG 0,15,1
# (_init_sfpu_config_reg: LaneConfig 0), ADDR_MOD_7 all zero (reset) and ADDR_MOD_6 Dest += 2
# (eltwise_unary_sfpu_configure_addrmod), then the kernel's init and ITERATIONS = 8 iterations: one
# face of 16 rows (each SFPLOAD / SFPSTORE moves 4 rows of the even or the odd columns).
TT_LLK = '36b092e8e195f706a081e1be92e2fd75e98e50b4'
SRC = 'tt_llk_blackhole/common/inc/sfpu/'

L0, L1, L2, L3, L4, L5, L6, L7 = range(8)
CAPTURE = []   # (name, Dest before, Fp32_enabled, program, Dest after) of each test made, for tools
LCONST_0, LCONST_1, LCONST_NEG1 = 9, 10, 11
ADDR_MOD_6, ADDR_MOD_7 = 6, 7


# ---------------------------------------------------------------- common pieces

def boot(p):
    p('ttsfpencc', 3, 0, 0, 10, c='boot.h: UseLaneFlagsForLaneEnable = LaneFlags = true')
    p('ttsfpconfig', 0, 15, 1, c='_init_sfpu_config_reg: LaneConfig = 0')
    p('ttsetc16', 34, 2, c='ADDR_MOD_6: Dest += 2')


def load_const(p, idx, value, what):
    """An SFPI constant assignment / _sfpu_load_config32_: LReg[0] from one or two SFPLOADIs, then
    SFPCONFIG to LReg[idx] (11..14)."""
    if value & 0xFFFF == 0:
        p('ttsfploadi', 0, 0, value >> 16, c='L0 = %s' % what)
    else:
        p('ttsfploadi', 0, 10, value & 0xFFFF, c='L0.lo = %s' % what)
        p('ttsfploadi', 0, 8, value >> 16, c='L0.hi')
    p('ttsfpconfig', 0, idx, 0, c='LReg[%d] = L0' % idx)


def load_imm32(p, lreg, value):
    """_sfpu_load_imm32_: SFPLOADI LOWER then UPPER."""
    p('ttsfploadi', lreg, 10, value & 0xFFFF, c='_sfpu_load_imm32_(%d, 0x%08X)' % (lreg, value))
    p('ttsfploadi', lreg, 8, value >> 16)


def f32(x):
    return f2u(x)


# ---------------------------------------------------------------- input values

SPECIALS = [0x00000000, 0x80000000, 0x00000001, 0x807FFFFF, 0x7F800000, 0xFF800000, 0x7FC00000,
            0xFFC00000, 0x7F7FFFFF, 0xFF7FFFFF, 0x00800000, 0x80800000, 0x3F800000, 0xBF800000,
            0x3F000000, 0x40000000]


def face_values(seed, gen, specials=SPECIALS, bf16=False):
    """256 words: the specials, then gen(rnd) for the rest, in Dest order (row by row)."""
    rnd = random.Random(seed)
    vals = list(specials)
    while len(vals) < 256:
        vals.append(gen(rnd) & M32)
    vals = vals[:256]
    if bf16:
        vals = [v & 0xFFFF0000 for v in vals]
    return vals


def log_uniform(lo_exp, hi_exp, signed=True):
    def gen(rnd):
        e = rnd.randint(lo_exp, hi_exp)
        s = rnd.getrandbits(1) if signed else 0
        return (s << 31) | ((e + 127) << 23) | rnd.getrandbits(23)
    return gen


def uniform(lo, hi):
    return lambda rnd: f2u(rnd.uniform(lo, hi))


# ---------------------------------------------------------------- a test file

def make_test(name, lines, fp32, view, inputs, prog, extra_preload=(), out_view=None, ref_prog=None, rows=16):
    """One test: header `lines`, Dest face (rows 0..15) preloaded with `inputs` (256 words: FP32 /
    integer words for view 32, 16-bit cells for view 16), the program on thread 1, expectations of
    the same 16 rows (of view `out_view`, when the kernel stores in the other one) computed by
    sfpu_ref; `ref_prog`, when given, is what computes them (a program the test's own one is
    equivalent to, where this reference does not run the test's)."""
    out_view = out_view or view
    u = Sfpu()
    u.fp32_enabled = fp32
    out = ['# %s' % os.path.basename(name)] + ['# ' + s if s else '#' for s in lines]
    out.append('# Expected values: tools/sfpu_ref.py (regenerate with --write, checked by --check).')
    if fp32:
        out.append('cfg 0 ALU_ACC_CTRL_SFPU_Fp32_enabled 1')
        u.fp32_enabled = True
    out.extend(extra_preload)
    for r in range(rows):
        row = inputs[16 * r:16 * r + 16]
        if view == 32:
            cells = [fp32_dst32(w) for w in row]
            for c, v in enumerate(cells):
                u.wr32(r, c, v)
            out.append('dest32 %d %s' % (r, ' '.join('0x%08X' % v for v in cells)))
        else:
            for c, v in enumerate(row):
                u.dest[r][c] = v
            out.append('dest %d %s' % (r, ' '.join('0x%04X' % v for v in row)))
    CAPTURE.append((name, [row[:] for row in u.dest], u.fp32_enabled, ref_prog or prog))
    (ref_prog or prog).run(u)
    CAPTURE[-1] += ([row[:] for row in u.dest],)
    out.append('thread 1')
    out.extend(prog.text())
    for r in range(rows):
        if out_view == 32:
            out.append('expect dest32 %d %s' % (r, ' '.join('0x%08X' % u.rd32(r, c) for c in range(16))))
        else:
            out.append('expect dest %d %s' % (r, ' '.join('0x%04X' % u.dest[r][c] for c in range(16))))
    return name, '\n'.join(out) + '\n'


def src(f):
    return 'tt-llk %s, %s%s' % (TT_LLK[:12], SRC, f)


# ---------------------------------------------------------------- reciprocal

def _recip_7b_prog():
    p = Program()
    boot(p)
    for d in range(8):
        p('ttsfpload', L0, 0, ADDR_MOD_7, 0, c='iteration %d: x (MOD0_FMT_SRCB: BF16)' % d)
        p('ttsfparecip', 0, L0, L0, 0, c='L0 = ApproxRecip(x)')
        p('ttsfpstore', L0, 0, ADDR_MOD_6, 0, c='Dest += 2')
    return p


def recip_7b():
    p = _recip_7b_prog()
    vals = face_values(7, log_uniform(-130, 130), bf16=True)
    return make_test('sfpu_recip_fast_7b_bf16.tts', [
        'Reciprocal, approximate (7 bits): _calculate_reciprocal_fast_7b_, the DISABLE_SFPLOADMACRO',
        'path (%s): SFPLOAD, SFPARECIP RECIP, SFPSTORE per' % src('ckernel_sfpu_recip.h'),
        'iteration; BF16 Dest (Fp32_enabled 0: MOD0_FMT_SRCB is BF16). Inputs: signed zeros, denormals,',
        '+-Inf, NaNs, +-max, +-2^-126 and BF16 values of exponents -130..130 (SFPARECIP gives Inf below',
        '2^-126 and 0 from 2^126 up, NaN included; the store truncates to BF16).'],
        False, 16, [bf16_cell(v >> 16) for v in vals], p)


def recip_7b_loadmacro():
    """The same kernel through SFPLOADMACRO (docs/decisions.md "SFPLOADMACRO", K7)."""
    p = Program()
    boot(p)
    p('ttsfparecip', 0, 0, 12, 0, c='VD 12: InstructionTemplate[0] (backdoor, DISABLE_BACKDOOR_LOAD 0)')
    p('ttsfploadi', 0, 10, 0x0044, c='Sequence[0]: MAD 0, Simple 0x44: template 0, delay 0, VD 16')
    p('ttsfploadi', 0, 8, 0x4B00, c='Store 0x4B: SFPSTORE of LReg[16], delay 1; Round 0')
    p('ttsfpconfig', 0, 4, 0, c='LoadMacroConfig.Sequence[0] = L0')
    p('ttsfpconfig', 0x110, 8, 1, c='Misc: UsesLoadMod0ForStore (macro 0), Simple waits for instructions')
    for d in range(8):
        p('ttsfploadmacro', 0, 0, ADDR_MOD_6, 0, c='iteration %d: macro 0, VD 0, Dest += 2' % d)
    p('ttsfpnop', c='the last macro\'s ARECIP and store')
    p('ttsfpnop')
    vals = face_values(7, log_uniform(-130, 130), bf16=True)
    return make_test('sfpu_recip_fast_7b_loadmacro_bf16.tts', [
        'Reciprocal, approximate (7 bits), through SFPLOADMACRO: _init_reciprocal_fast_7b_ and',
        '_calculate_reciprocal_fast_7b_ without DISABLE_SFPLOADMACRO (%s).' % src('ckernel_sfpu_recip.h'),
        'The template is written by SFPARECIP with VD 12 (SFPCONFIG.md LaneConfig; docs/decisions.md S4).',
        'Each macro loads x to LReg[0] (SFPLOAD part, ADDR_MOD_6), schedules SFPARECIP LReg[0] ->',
        'LReg[16] (template 0, VC and VD overridden) and SFPSTORE LReg[16] to the macro\'s own Addr',
        '(SFPLOADMACRO.md); the expected Dest is the DISABLE_SFPLOADMACRO sequence\'s on the same face',
        '(sfpu_recip_fast_7b_bf16.tts), which this configuration computes, not a run of the macro.'],
        False, 16, [bf16_cell(v >> 16) for v in vals], p, ref_prog=_recip_7b_prog())


def recip_8b_3c():
    p = Program()
    boot(p)
    p('ttsfpconfig', 0, LCONST_NEG1, 1, c='LReg[11] = -1.0 (SFPCONFIG default; no page gives its reset)')
    p('ttsfploadi', L2, 2, 0x8000, c='L2 = 0x8000 (SFPLOADI_MOD0_USHORT)')
    for d in range(8):
        p('ttsfpload', L0, 0, ADDR_MOD_7, 0, c='iteration %d: x' % d)
        p('ttsfpmad', LCONST_0, LCONST_0, L0, L1, 0, c='L1 = 0 * 0 + x')
        p('ttsfparecip', 0, L0, L0, 0, c='L0 = y = ApproxRecip(x)')
        p('ttsfpor', 0, L2, L0, 0, c='y |= 0x8000')
        p('ttsfpmad', L1, L0, LCONST_NEG1, L1, 0, c='L1 = x * y - 1')
        p('ttsfpshft', (-16) & 0xFFF, L1, L1, 5, c='L1 = L1 >> 16 (logical, from VC)')
        p('ttsfpiadd', 0, L1, L0, 4, c='y += L1 (integer, CC_NONE)')
        p('ttsfpstore', L0, 0, ADDR_MOD_6, 0, c='Dest += 2')
    vals = face_values(8, log_uniform(-128, 128), bf16=True)
    return make_test('sfpu_recip_fast_8b_3c_bf16.tts', [
        'Reciprocal, BF16 with one correction step: _calculate_reciprocal_fast_8b_3c_, the',
        'DISABLE_SFPLOADMACRO path (%s); BF16 Dest.' % src('ckernel_sfpu_recip.h'),
        'The sign of x * y - 1 (its top 16 bits, added as an integer) corrects the last bit of',
        'y | 0x8000 before the BF16 store truncates it.'],
        False, 16, [bf16_cell(v >> 16) for v in vals], p)


def recip_24b_5c():
    p = Program()
    boot(p)
    for d in range(8):
        p('ttsfpload', L0, 0, ADDR_MOD_7, 0, c='iteration %d: x (MOD0_FMT_SRCB: FP32)' % d)
        p('ttsfparecip', 0, L0, L1, 0, c='L1 = y = ApproxRecip(x)')
        p('ttsfpmad', L0, L1, LCONST_1, L2, 1, c='e = -x * y + 1 (NEGATE_VA)')
        p('ttsfpmad', L2, L2, L2, L3, 0, c='t = e * e + e')
        p('ttsfpmad', L3, L2, L2, L3, 0, c='t2 = t * e + e')
        # tt-llk has no gap here; SFPMAD.md's CAUTION: SFPSWAP's modes but SWAP read VC / VD in a first
        # cycle the automatic stalls miss, so right after the SFPMAD this is undefined (decisions S22)
        p('ttsfpnop', c='the gap SFPMAD.md asks for (not in tt-llk)')
        p('ttsfpswap', 0, LCONST_1, L3, 1, c='t2 = min(t2, 1.0) (VEC_MIN_MAX)')
        p('ttsfpmad', L3, L1, L1, L0, 0, c='y = t2 * y + y')
        p('ttsfpstore', L0, 0, ADDR_MOD_6, 0, c='Dest += 2')
    vals = face_values(24, log_uniform(-130, 130))
    return make_test('sfpu_recip_fast_24b_5c_fp32.tts', [
        'Reciprocal, FP32: _calculate_reciprocal_fast_24b_5c_, the DISABLE_SFPLOADMACRO path',
        '(%s): ApproxRecip, then y * (1 + e + e^2 + e^3) with' % src('ckernel_sfpu_recip.h'),
        'e = 1 - x * y, NaN in e replaced by 1.0 by SFPSWAP; FP32 Dest (Fp32_enabled 1).'],
        True, 32, vals, p)


def recip_24b_tile():
    """The FP32 reciprocal over a whole tile: _llk_math_eltwise_unary_sfpu_params_'s VectorMode::RC
    loop, four faces, each followed by _llk_math_eltwise_unary_sfpu_inc_dst_face_addr_."""
    p = Program()
    boot(p)
    p('ttsetrwc', 0, 0, 0, 0, 0, 4, c='set_dst_write_addr(0): RWC.Dst = Dst_Cr = 0')
    for face in range(4):
        for d in range(8):
            p('ttsfpload', L0, 0, ADDR_MOD_7, 0, c='face %d iteration %d: x' % (face, d))
            p('ttsfparecip', 0, L0, L1, 0)
            p('ttsfpmad', L0, L1, LCONST_1, L2, 1)
            p('ttsfpmad', L2, L2, L2, L3, 0)
            p('ttsfpmad', L3, L2, L2, L3, 0)
            p('ttsfpnop', c='the gap SFPMAD.md asks for (decisions S22; not in tt-llk)')
            p('ttsfpswap', 0, LCONST_1, L3, 1)
            p('ttsfpmad', L3, L1, L1, L0, 0)
            p('ttsfpstore', L0, 0, ADDR_MOD_6, 0, c='Dest += 2')
        p('ttsetrwc', 0, 4, 8, 0, 0, 4, c='inc_dst_addr<8>: RWC.Dst = Dst_Cr + 8 (CR_D, SET_D)')
        p('ttsetrwc', 0, 4, 8, 0, 0, 4, c='inc_dst_addr<8>')
    p('ttsetrwc', 0, 0, 0, 0, 0, 4, c='clear_dst_reg_addr')
    vals = face_values(25, log_uniform(-60, 60))
    vals += face_values(26, log_uniform(-130, 130), specials=[])
    vals += face_values(27, uniform(-4.0, 4.0), specials=[])
    vals += face_values(28, log_uniform(-126, 126), specials=[0x7E800000, 0xFE800000, 0x7E7FFFFF, 0x00800001])
    return make_test('sfpu_recip_fast_24b_5c_fp32_tile.tts', [
        'Reciprocal, FP32, a whole 32x32 tile: _calculate_reciprocal_fast_24b_5c_ (DISABLE_SFPLOADMACRO)',
        'in _llk_math_eltwise_unary_sfpu_params_\'s four-face loop (%s,' % src('ckernel_sfpu_recip.h'),
        'llk_lib/llk_math_eltwise_unary_sfpu_params.h, common/inc/cmath_common.h): after each face two',
        'SETRWC CR_D 8 SET_D move RWC.Dst from its checkpoint (SETRWC.md: Dst = Dst_Cr + 8, Dst_Cr =',
        'Dst; the SFPU\'s own increments leave Dst_Cr alone), so faces start at Dst 0, 16, 32, 48: Dst32b',
        'rows 0..63.'],
        True, 32, vals, p, rows=64)


# ---------------------------------------------------------------- sqrt (SFPI)

def sqrt_fp32():
    p = Program()
    boot(p)
    load_const(p, 12, 0x5F1110A0, 'vConstIntPrgm0 = 0x5f1110a0')
    load_const(p, 13, f32(2.2825186), 'vConstFloatPrgm1 = 2.2825186f')
    load_const(p, 14, f32(2.2533049), 'vConstFloatPrgm2 = 2.2533049f')
    for d in range(8):
        p('ttsfpload', L0, 0, ADDR_MOD_7, 0, c='iteration %d: x = dst_reg[0]' % d)
        p('ttsfpshft', 0xFFF, L0, L1, 5, c='i = (vUInt)x >> 1')
        p('ttsfpiadd', 0, 12, L1, 6, c='y = vConstIntPrgm0 - i (CC_NONE)')
        p('ttsfpmul', L0, L1, LCONST_0, L2, 0, c='xy = x * y')
        p('ttsfpmov', 0, L1, L3, 1, c='negative_y = -y')
        p('ttsfpmul', L3, L2, LCONST_0, L4, 0, c='c = negative_y * xy')
        p('ttsfpadd', LCONST_1, L4, 14, L5, 0, c='vConstFloatPrgm2 + c')
        p('ttsfpmad', L4, L5, 13, L5, 0, c='vConstFloatPrgm1 + c * (...)')
        p('ttsfpmul', L1, L5, LCONST_0, L1, 0, c='y = y * (...)')
        p('ttsfpmul', L0, L1, LCONST_0, L2, 0, c='xy = x * y')
        p('ttsfpmov', 0, L1, L3, 1, c='negative_y = -y')
        p('ttsfpmad', L3, L2, LCONST_1, L4, 0, c='one_minus_xyy = vConst1 + negative_y * xy')
        p('ttsfpmov', 0, L2, L5, 0, c='half_xy = 0.5f * xy')
        p('ttsfpmuli', 0x3F00, L5, 0)
        p('ttsfploadi', L6, 0, 0x7F80, c='infinity_bits = sFloat16b(inf)')
        p('ttsfppushc', 0, 0, 0, 0, c='v_if (x_bits < infinity_bits)')
        p('ttsfpiadd', 0, L0, L6, 2, c='x_bits - infinity_bits < 0 (CC_LT0)')
        p('ttsfpmad', L4, L5, L2, L1, 0, c='y = one_minus_xyy * half_xy + xy')
        p('ttsfppopc', 0, 0, 0, 0, c='v_endif')
        p('ttsfppushc', 0, 0, 0, 0, c='v_if (x < 0.0f)')
        p('ttsfpsetcc', 0, L0, 0, 0, c='LREG_LT0')
        p('ttsfploadi', L1, 0, 0x7FC0, c='y = quiet_NaN')
        p('ttsfppopc', 0, 0, 0, 0, c='v_endif')
        p('ttsfpstore', L1, 0, ADDR_MOD_7, 0, c='dst_reg[0] = y')
        p('ttincrwc', 0, 2, 0, 0, c='dst_reg++')
    pos = log_uniform(-126, 127, signed=False)
    vals = face_values(16, lambda r: pos(r) if r.random() < 0.85 else log_uniform(-126, 127)(r))
    return make_test('sfpu_sqrt_fp32.tts', [
        'Square root, FP32: _calculate_sqrt_internal_<APPROXIMATION_MODE=false, fp32_dest_acc_en,',
        'RECIPROCAL=false, FAST_APPROX=false> with _init_sqrt_<false> (%s),' % src('ckernel_sfpu_sqrt.h'),
        'SFPI compiled by hand (see tools/sfpu_ref.py, "the kernels"). The integer compare x_bits < inf_bits is',
        'the sign of the 32-bit difference (SFPIADD CC_LT0), so a negative x, whose difference',
        'wraps positive, skips the refinement; the next v_if makes it NaN. x = -0 is < 0 for',
        'SFPSETCC LREG_LT0 (an integer test of the sign bit): sqrt(-0) is NaN in this sequence.'],
        True, 32, vals, p)


# ---------------------------------------------------------------- sigmoid, gelu (SFPI lut2)

def sigmoid_fp32():
    p = Program()
    boot(p)
    for lreg, v in ((0, 0x32F433D9), (4, 0x23C89018), (1, 0x300A318A), (5, 0x30272BAA),
                    (2, 0x7C002A35), (6, 0x37FF34CC)):
        load_imm32(p, lreg, v)
    for d in range(8):
        p('ttsfpload', L3, 0, ADDR_MOD_7, 0, c='iteration %d: val = dst_reg[0]' % d)
        p('ttsfplutfp32', L3, 7, c='lut2(val, ..., mode 0): FP16_6ENTRY_TABLE2 | SGN_RETAIN')
        p('ttsfpaddi', 0x3F00, L3, 0, c='+ 0.5f')
        p('ttsfpstore', L3, 0, ADDR_MOD_7, 0, c='dst_reg[0] =')
        p('ttincrwc', 0, 2, 0, 0, c='dst_reg++')
    vals = face_values(17, uniform(-8.0, 8.0))
    return make_test('sfpu_sigmoid_fp32.tts', [
        'Sigmoid: _calculate_sigmoid_ with _init_sigmoid_ (%s), FP32 Dest.' % src('ckernel_sfpu_sigmoid.h'),
        'sfpi lut2(v, 6 vUInt, mode) takes FP16_6ENTRY_TABLE1 only for mode 1: the kernel passes',
        'lut_mode 0, so SFPLUTFP32 Mod1 is TABLE2 (last split at 4.0, as the kernel\'s table is',
        'laid out, although its comment names TABLE1) | SGN_RETAIN = 7; then SFPADDI 0.5.',
        'Slope A5 0x7C00 is exponent 31: Lut16ToFp32 reads it as 0.'],
        True, 32, vals, p)


def gelu_appx_fp32():
    p = Program()
    boot(p)
    load_const(p, 12, 0x3F000000, 'vConstFloatPrgm0 = 0.5f')
    for lreg, v in ((0, 0x37E7322B), (4, 0xB12286D8), (1, 0x38E138F3), (5, 0xB437B479),
                    (2, 0x38003852), (6, 0x7C00AFA4)):
        load_imm32(p, lreg, v)
    for d in range(8):
        p('ttsfpload', L3, 0, ADDR_MOD_7, 0, c='iteration %d: in = dst_reg[0]' % d)
        p('ttsfpmul', L3, 12, LCONST_0, L7, 0, c='half_in = in * vConstFloatPrgm0')
        p('ttsfplutfp32', L3, 2, c='lut2_sign(in, ...): FP16_6ENTRY_TABLE1 | SGN_UPDATE')
        p('ttsfpadd', LCONST_1, L7, L3, L3, 0, c='result = half_in + result')
        p('ttsfpstore', L3, 0, ADDR_MOD_7, 0, c='dst_reg[0] = result')
        p('ttincrwc', 0, 2, 0, 0, c='dst_reg++')
    vals = face_values(18, uniform(-6.0, 6.0))
    return make_test('sfpu_gelu_appx_fp32.tts', [
        'GELU, approximate: _calculate_gelu_appx_ with _init_gelu_<true> (%s),' % src('ckernel_sfpu_gelu.h'),
        'FP32 Dest: 0.5 * x + lut2_sign(x) (SFPLUTFP32 Mod1 2: 6-entry FP16 table 1, the result\'s own',
        'sign), SFPI compiled by hand.'],
        True, 32, vals, p)


# ---------------------------------------------------------------- exp (FAST_APPROX, TTI path)

def exp_fast(fp32):
    p = Program()
    boot(p)
    load_const(p, 14, 0xC2B10000, 'THRESHOLD -88.5')
    load_const(p, 12, 0x43B8AA3B, 'A = 256 / ln 2')
    load_const(p, 13, 0x46FDE9A3, 'B - C = 32500.818359375')
    for d in range(8):
        p('ttsfpload', L0, 0, ADDR_MOD_7, 0, c='iteration %d: y' % d)
        p('ttsfpswap', 0, 14, L0, 9, c='L0 = max(y, -88.5) (Mod1 9: VD gets the max)')
        p('ttsfpmad', 12, L0, 13, L0, 0, c='A * y + (B - C)')
        p('ttsfp_stoch_rnd', 0, 0, 0, L0, L0, 6, c='FP32_TO_UINT16, nearest')
        p('ttsfpshft', 15, L0, L0, 1, c='<< 15: the integer bits into the exponent')
        p('ttsfpstore', L0, 0, ADDR_MOD_7, 0)
        p('ttincrwc', 0, 2, 0, 0, c='dst_reg++')
    vals = face_values(19 if fp32 else 20, uniform(-100.0, 100.0), bf16=not fp32)
    name = 'sfpu_exp_fast_approx_%s.tts' % ('fp32' if fp32 else 'bf16')
    lines = [
        'Exponential, FAST_APPROX (Schraudolph): _calculate_exponential_<APPROXIMATION_MODE,',
        'FAST_APPROX, CLAMP_NEGATIVE>, the DISABLE_SFPLOADMACRO path, with _init_exponential_ at',
        'scale 1.0 (%s); %s Dest.' % (src('ckernel_sfpu_exp.h'), 'FP32' if fp32 else 'BF16'),
        'NaN inputs: SFPSWAP orders +NaN above everything (kept), -NaN below -88.5 (replaced).']
    if fp32:
        return make_test(name, lines, True, 32, vals, p)
    return make_test(name, lines, False, 16, [bf16_cell(v >> 16) for v in vals], p)


def exp_accurate_fp32():
    p = Program()
    boot(p)
    load_const(p, 12, 0x40000000, 'vConstFloatPrgm0 = 2.0f (_init_sfpu_reciprocal_<false>)')
    c0863 = f32(0.863281) >> 16     # sFloat16b(float) truncates (sfpi): 0x3F5C, 0.859375
    for d in range(8):
        p('ttsfpload', L0, 0, ADDR_MOD_7, 0, c='iteration %d: in = dst_reg[0]' % d)
        p('ttsfpsetsgn', 0, L0, L1, 1, c='val = setsgn(in, 0)')
        p('ttsfpexexp', 0, L1, L2, 0, c='_sfpu_exp_: exp = exexp(val)')
        p('ttsfppushc', 0, 0, 0, 0, c='v_if (exp >= 0)')
        p('ttsfpsetcc', 0, L2, 0, 4, c='LREG_GTE0')
        p('ttsfpsetexp', 126, L1, L1, 1, c='val = setexp(val, 126)')
        p('ttsfppopc', 0, 0, 0, 0, c='v_endif')
        p('ttsfploadi', L3, 0, c0863, c='sFloat16b(0.863281f): truncated, 0x%04X' % c0863)
        p('ttsfpmad', L1, 8, L3, L3, 0, c='tmp = val * vConst0p8373 + 0.859375')
        p('ttsfpmad', L1, L3, LCONST_1, L1, 0, c='val = val * tmp + vConst1')
        p('ttsfppushc', 0, 0, 0, 0, c='v_if (exp >= 0)')
        p('ttsfpsetcc', 0, L2, 0, 4, c='LREG_GTE0')
        p('ttsfpmul', L1, L1, LCONST_0, L1, 0, c='val = val * val')
        for it in range(7):
            p('ttsfpiadd', 0xFFF, L2, L2, 5, c='squaring %d: exp = exp - 1' % (it + 1))
            p('ttsfpsetcc', 0, L2, 0, 4, c='v_and(exp >= 0)')
            p('ttsfpmul', L1, L1, LCONST_0, L1, 0, c='val = val * val')
        p('ttsfppopc', 0, 0, 0, 0, c='v_endif')
        p('ttsfppushc', 0, 0, 0, 0, c='v_if (in < 0)')
        p('ttsfpsetcc', 0, L0, 0, 0, c='LREG_LT0')
        p('ttsfparecip', 0, L1, L4, 0, c='_sfpu_reciprocal_<2>: y = approx_recip(x)')
        p('ttsfpmad', L1, L4, 12, L5, 2, c='t = x * y - vConstFloatPrgm0 (NEGATE_VC)')
        p('ttsfpmad', L5, L4, LCONST_0, L6, 3, c='y1 = y * -t - vConst0 (NEGATE_VA, NEGATE_VC)')
        p('ttsfppushc', 0, 0, 0, 0, c='v_if (t < 0)')
        p('ttsfpsetcc', 0, L5, 0, 0, c='LREG_LT0')
        p('ttsfpmad', L1, L6, 12, L5, 2, c='t = x * y1 - vConstFloatPrgm0')
        p('ttsfpmad', L5, L6, LCONST_0, L4, 3, c='y = y1 * -t - vConst0')
        p('ttsfppopc', 0, 0, 0, 0, c='v_endif')
        p('ttsfpmov', 0, L4, L1, 0, c='result = y')
        p('ttsfppopc', 0, 0, 0, 0, c='v_endif')
        p('ttsfpstore', L1, 0, ADDR_MOD_7, 0, c='dst_reg[0] = result')
        p('ttincrwc', 0, 2, 0, 0, c='dst_reg++')
    vals = face_values(21, uniform(-30.0, 30.0))
    return make_test('sfpu_exp_fp32.tts', [
        'Exponential, not approximate: _calculate_exponential_<APPROXIMATION_MODE=false> through',
        '_calculate_exponential_piecewise_ (_sfpu_exp_ of |x|: exponent set to -1, a Horner',
        'polynomial, then up to 8 squarings; for x < 0 _sfpu_reciprocal_<2>: ApproxRecip and two',
        'Newton steps), with _init_exponential_<false> (%s), SFPI' % src('ckernel_sfpu_exp.h'),
        'compiled by hand; FP32 Dest. sfpi\'s sFloat16b(float) truncates: 0.863281f is loaded as',
        '0x3F5C (0.859375).'],
        True, 32, vals, p)


# ---------------------------------------------------------------- typecast (TTI)

def tc_fp32_to_int32():
    p = Program()
    boot(p)
    for d in range(8):
        p('ttsfpload', L0, 0, ADDR_MOD_7, 0, c='iteration %d: in' % d)
        p('ttsfploadi', L1, 2, 0, c='result = 0')
        p('ttsfpexexp', 0, L0, L2, 10, c='exp = in.Exp - 127 (LaneEnabled = exp >= 0)')
        p('ttsfploadi', L1, 0, 0x8000, c='result = INT_MIN')
        p('ttsfpiadd', (-31) & 0xFFF, L2, L2, 1, c='exp -= 31 (LaneEnabled = exp < 31)')
        p('ttsfpiadd', 8, L2, L2, 5, c='exp += 8')
        p('ttsfpexman', 0, L0, L1, 0, c='result = exman8(in)')
        p('ttsfpshft', 0, L2, L1, 0, c='result <<= exp (negative: right)')
        p('ttsfpencc', 0, 0, 0, 0, c='LaneEnabled = true')
        p('ttsfpsetcc', 0, L0, 0, 0, c='LaneEnabled = in < 0')
        p('ttsfpiadd', 0, LCONST_0, L1, 6, c='result = 0 - result')
        p('ttsfpencc', 0, 0, 0, 0, c='LaneEnabled = true')
        p('ttsfpstore', L1, 4, ADDR_MOD_6, 0, c='MOD0_FMT_INT32')
    vals = face_values(32, log_uniform(-3, 33))
    return make_test('sfpu_typecast_fp32_to_int32.tts', [
        'Typecast FP32 -> INT32 (two\'s complement): _calculate_typecast_fp32_to_int32_',
        '(%s). |x| >= 2^31 and NaN/Inf give INT_MIN; |x| < 1 gives 0.' % src('ckernel_sfpu_typecast.h')],
        True, 32, vals, p)


def tc_fp32_to_uint32():
    p = Program()
    boot(p)
    for d in range(8):
        p('ttsfpload', L0, 0, ADDR_MOD_7, 0, c='iteration %d: in' % d)
        p('ttsfploadi', L1, 2, 0, c='result = 0')
        p('ttsfpsetcc', 0, L0, 0, 4, c='LaneEnabled = in >= 0')
        p('ttsfpexexp', 0, L0, L2, 10, c='exp (LaneEnabled = exp >= 0)')
        p('ttsfploadi', L1, 4, 0xFFFF, c='result = 0xffffffff')
        p('ttsfpiadd', (-32) & 0xFFF, L2, L2, 1, c='exp -= 32 (LaneEnabled = exp < 32)')
        p('ttsfpiadd', 9, L2, L2, 5, c='exp += 9')
        p('ttsfpexman', 0, L0, L1, 0, c='result = exman8(in)')
        p('ttsfpshft', 0, L2, L1, 0, c='result <<= exp - 23')
        p('ttsfpencc', 0, 0, 0, 0, c='LaneEnabled = true')
        p('ttsfpstore', L1, 4, ADDR_MOD_6, 0, c='MOD0_FMT_INT32')
    vals = face_values(33, log_uniform(-3, 34))
    return make_test('sfpu_typecast_fp32_to_uint32.tts', [
        'Typecast FP32 -> UINT32: _calculate_typecast_fp32_to_uint32_ (%s).' % src('ckernel_sfpu_typecast.h'),
        'Negatives (and -0, -NaN) give 0; x >= 2^32 and +Inf/+NaN give 0xFFFFFFFF.'],
        True, 32, vals, p)


def tc_fp32_to_fp16b():
    p = Program()
    boot(p)
    load_const(p, 12, 1, 'vConstIntPrgm0 = 1')
    load_const(p, 13, 0x7FFF, 'vConstIntPrgm1 = 0x7fff')
    for d in range(8):
        p('ttsfpload', L1, 0, ADDR_MOD_7, 0, c='iteration %d: in' % d)
        p('ttsfpshft', (-16) & 0xFFF, L1, L0, 5, c='L0 = in >> 16')
        p('ttsfpand', 0, 12, L0, 0, c='L0 &= 1')
        p('ttsfpiadd', 0, 13, L1, 4, c='in += 0x7FFF')
        p('ttsfpiadd', 0, L0, L1, 4, c='in += L0 (round to nearest even)')
        p('ttsfpstore', L1, 2, ADDR_MOD_6, 0, c='MOD0_FMT_BF16 (truncates)')
    vals = face_values(34, log_uniform(-130, 128))
    return make_test('sfpu_typecast_fp32_to_fp16b.tts', [
        'Typecast FP32 -> BF16, round to nearest even by integer add: _calculate_typecast_fp32_to_fp16b_',
        'with _init_typecast_fp32_to_fp16b_, the DISABLE_SFPLOADMACRO path',
        '(%s). The load reads Dst32b rows 0..15 (Fp32_enabled 1),' % src('ckernel_sfpu_typecast.h'),
        'the BF16 store writes Dst16b rows 0..15 (SFPSTORE.md\'s Row in the 16-bit view; Dst.md: the',
        'high and low cells of Dst32b rows 0..7), each after the iteration that read it; the',
        'expectations are Dst16b rows 0..15.'],
        True, 32, vals, p, out_view=16)


def tc_int32_to_fp16b():
    p = Program()
    boot(p)
    for d in range(8):
        p('ttsfpload', L0, 4, ADDR_MOD_7, 0, c='iteration %d: in (MOD0_FMT_INT32)' % d)
        p('ttsfpabs', 0, L0, L1, 0, c='L1 = iabs(in)')
        p('ttsfpcast', L1, L2, 0, c='L2 = (float)L1, nearest even')
        p('ttsfpsetsgn', 0, L2, L0, 0, c='L0 = sign(in) | L2')
        p('ttsfpsetcc', 0, L1, 0, 0, c='cc = L1 < 0 (in = INT_MIN)')
        p('ttsfpaddi', 0xCF00, L0, 0, c='L0 += -2^31')
        p('ttsfpencc', 0, 0, 0, 0)
        p('ttsfp_stoch_rnd', 0, 0, 0, L0, L0, 1, c='FP32_TO_FP16B, nearest (ties away)')
        p('ttsfpstore', L0, 0, ADDR_MOD_6, 0, c='MOD0_FMT_SRCB: FP32')
    rnd_vals = [0x80000000, 0x7FFFFFFF, 0x00000000, 0xFFFFFFFF, 0x00000001, 0x01000001, 0x00FFFFFF,
                0x01000003, 0x80000001, 0xFF000001, 0x7FFF8000, 0x00018000, 0x00018001, 0xFFFE7FFF,
                0x40000000, 0xC0000000]
    vals = face_values(35, lambda r: r.getrandbits(r.choice((8, 16, 24, 32))) * r.choice((1, -1)),
                       specials=rnd_vals)
    return make_test('sfpu_typecast_int32_to_fp16b.tts', [
        'Typecast INT32 (two\'s complement) -> BF16: _calculate_typecast_int32_to_fp16b_, the',
        'DISABLE_SFPLOADMACRO path (%s); FP32 Dest.' % src('ckernel_sfpu_typecast.h')],
        True, 32, vals, p)


def tc_uint16_to_fp16b():
    p = Program()
    boot(p)
    for d in range(8):
        p('ttsfpload', L0, 6, ADDR_MOD_7, 0, c='iteration %d: tt-llk LO16 = MOD0_FMT_UINT16' % d)
        p('ttsfpcast', L0, L0, 0, c='(float)')
        p('ttsfp_stoch_rnd', 0, 0, 0, L0, L0, 1, c='FP32_TO_FP16B, nearest')
        p('ttsfpstore', L0, 0, ADDR_MOD_6, 0, c='MOD0_FMT_SRCB: BF16')
    rnd = random.Random(36)
    vals = [0, 1, 2, 255, 256, 257, 0x7FFF, 0x8000, 0xFFFF, 0xFF7F, 0xFF80, 0x0181, 0x0183, 0x0101,
            0x8080, 0x80C0]
    while len(vals) < 256:
        vals.append(rnd.getrandbits(rnd.choice((4, 8, 12, 16))))
    return make_test('sfpu_typecast_uint16_to_fp16b.tts', [
        'Typecast UINT16 -> BF16: _calculate_typecast_uint16_to_fp16b_, the DISABLE_SFPLOADMACRO',
        'path (%s); 16-bit Dest (Fp32_enabled 0).' % src('ckernel_sfpu_typecast.h')],
        False, 16, vals, p)


def tc_fp32_to_uint16():
    p = Program()
    boot(p)
    for d in range(8):
        p('ttsfpload', L0, 0, ADDR_MOD_7, 0, c='iteration %d: in' % d)
        p('ttsfpswap', 0, LCONST_0, L0, 9, c='L0 = max(in, 0)')
        p('ttsfp_stoch_rnd', 0, 0, 0, L0, L0, 6, c='FP32_TO_UINT16, nearest')
        p('ttsfpstore', L0, 6, ADDR_MOD_6, 0, c='tt-llk LO16 = MOD0_FMT_UINT16')
    vals = face_values(37, log_uniform(-3, 17))
    return make_test('sfpu_typecast_fp32_to_uint16.tts', [
        'Typecast FP32 -> UINT16: _calculate_typecast_fp32_to_uint16_, the DISABLE_SFPLOADMACRO',
        'path (%s). tt-llk\'s InstrModLoadStore::LO16 is 6,' % src('ckernel_sfpu_typecast.h'),
        'the pages\' MOD0_FMT_UINT16: the load reads Dst32b rows 0..15 (Fp32_enabled 1), the store',
        'writes the low 16 bits to Dst16b rows 0..15 (as sfpu_typecast_fp32_to_fp16b.tts).'],
        True, 32, vals, p, out_view=16)


def mov_all_lanes():
    """Not a kernel: SFPMOV's all-lanes form is Mod1 == 2 exactly (SFPMOV.md), found by the random
    SFPU streams in lockstep (an RTL took Mod1 bit 1 as all-lanes)."""
    p = Program()
    boot(p)
    p('ttsfploadi', L1, 0, 0x4000, c='L1 = L2 = 2.0')
    p('ttsfploadi', L2, 0, 0x4000)
    p('ttsfpload', L0, 0, ADDR_MOD_7, 0, c='x: Dst32b rows 0..3, even columns')
    p('ttsfpsetcc', 0, L0, 0, 0, c='LaneFlags = x < 0')
    p('ttsfpmov', 0, L0, L1, 3, c='Mod1 3 (NEGATE | bit 1): not 2, so enabled lanes only: L1 = -x')
    p('ttsfpmov', 0, L0, L2, 2, c='Mod1 2 (ALL_LANES_ENABLED): every lane: L2 = x')
    p('ttsfpencc', 0, 0, 0, 0, c='LaneFlags = true')
    p('ttsfpstore', L1, 0, ADDR_MOD_7, 0, c='even columns: -x where x < 0, else 2.0')
    p('ttsfpstore', L2, 0, ADDR_MOD_7, 2, c='odd columns: x')
    vals = face_values(40, uniform(-4.0, 4.0), specials=[0x80000000, 0, 0xBF800000, 0x3F800000])
    return make_test('sfpu_mov_all_lanes_mod1.tts', [
        'SFPMOV\'s all-lanes form is SFPMOV.md\'s `LaneEnabled || Mod1 == SFPMOV_MOD1_ALL_LANES_ENABLED`:',
        'Mod1 exactly 2. Mod1 3 (NEGATE with bit 1 set) writes the enabled lanes only. Found by',
        'tools/random_sfpu.py in lockstep (an RTL that tested Mod1 bit 1 wrote every lane).',
        'Not a kernel; generated with the kernels (tools/sfpu_ref.py) for its expected Dest.'],
        True, 32, vals, p)


KERNELS = [recip_7b, recip_7b_loadmacro, recip_8b_3c, recip_24b_5c, recip_24b_tile, sqrt_fp32, sigmoid_fp32, gelu_appx_fp32,
           lambda: exp_fast(True), lambda: exp_fast(False), exp_accurate_fp32, tc_fp32_to_int32, tc_fp32_to_uint32,
           tc_fp32_to_fp16b, tc_int32_to_fp16b, tc_uint16_to_fp16b, tc_fp32_to_uint16, mov_all_lanes]


def generate():
    """{file name: text} of every kernel test."""
    return dict(k() for k in KERNELS)


def main():
    args = sys.argv[1:]
    if not args or args[0] not in ('--write', '--check', '--self-test') or len(args) > 2 \
            or (args[0] == '--self-test' and len(args) == 2):
        sys.exit(__doc__)
    if args[0] == '--self-test':
        return self_test()
    out_dir = args[1] if len(args) == 2 else OUT_DIR
    files = generate()
    bad = gen_files.sync('sfpu_ref.py', files, out_dir, args[0] == '--write',
                         'run tools/sfpu_ref.py --write')
    if args[0] == '--check':
        have = {n for n in os.listdir(out_dir) if n.endswith('.tts')} if os.path.isdir(out_dir) else set()
        for extra in sorted(have - {n for n in files if '/' not in n}):
            print('sfpu_ref.py: %s is not one tools/sfpu_ref.py writes' % os.path.join(out_dir, extra),
                  file=sys.stderr)
            bad += 1
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
