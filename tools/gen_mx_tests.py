#!/usr/bin/env python3
"""gen_mx_tests.py: the directed tests of the matrix unit's arithmetic (issue 26),
tests/directed/mx_*.tts: ELWADD, ELWSUB, ELWMUL, MVMUL, GAPOOL, GMPOOL per format family (BF16 Dest16,
TF32/FP32 Dest32, FP16, INT8), fidelity phases (ADDR_MOD FidelityIncr, FIDELITY_BASE), broadcasts,
dest_accum_en, special values, clear_dvalid hand-over and RWC/ADDR_MOD stepping.

Each test preloads SrcA/SrcB/Dest, hands the banks to the matrix unit with UNPACR_NOP's set-dvalid
flavour (the implied format = the unpacker's THCON_SECn_REG2_Out_data_format) and gives the math
thread's instructions. Expected Dest rows come from tools/mx_ref.py (written from the contract's rules
and ttsim's numerics, never from the model or the RTL); the RWC / ADDR_MOD / bank bookkeeping below is
the contract's ("Instruction fields"). A few headers carry hand-worked cells as well.

Usage: tools/gen_mx_tests.py     (writes tests/directed/mx_*.tts)
"""
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mx_ref as M  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'tests', 'directed')
FMT_NAME = {M.FP32: 'fp32', M.FP16: 'fp16', M.TF32: 'tf32', M.BF16: 'bf16', M.BFP8: 'bfp8', M.FP8: 'fp8',
            M.INT8: 'int8', M.BFP4: 'bfp4'}


def adj(r):
    return ((r & 0x1F8) << 1) | (r & 0x207)


# ------------------------------------------------------------------ value formatting

def hexf(x):
    """Exact, short text of a binary float: an integer, or a C99 hex float."""
    if x == int(x) and abs(x) < 2 ** 53:
        return str(int(x))
    h = x.hex()                     # e.g. '0x1.8000000000000p+1'
    mant, exp = h.split('p')
    if '.' in mant:
        mant = mant.rstrip('0').rstrip('.')
    return "%sp%d" % (mant, int(exp))


def sval(cell, fmt):
    """Typed text of a Src cell in fmt (srca/srcb typed rows), or raw:."""
    s, e, m = M.src_parts(cell)
    sg = '-' if s else ''
    if fmt == 'int8':
        if cell == 0:
            return '0'
        if e == 16:
            return sg + str(m) if m else 'raw:0x%x' % cell
        return 'raw:0x%x' % cell
    if fmt == 'fp16':
        if e & 0xE0 or (e == 0 and m):
            return 'raw:0x%x' % cell
        if e == 0:
            return sg + '0'
        return sg + hexf((1 + m / 1024.0) * 2.0 ** (e - 15))
    if fmt == 'bf16' and m & 7:
        return 'raw:0x%x' % cell
    if e == 255:
        return (sg + 'inf') if m == 0 else 'raw:0x%x' % cell
    if e == 0:
        return (sg + '0') if m == 0 else 'raw:0x%x' % cell
    return sg + hexf((1 + m / 1024.0) * 2.0 ** (e - 127))


def dval(cell, kind):
    """Typed text of a Dest16 cell (bf16/fp16) or Dest32 datum (fp32/int32)."""
    if kind == 'int32':
        w = M.d32_to_f32(cell)
        if w == 0x80000000:
            return 'raw:0x%x' % cell
        return str(M.sm_to_int(w))
    if kind == 'fp16':
        s, e, m = cell >> 15, cell & 0x1F, (cell >> 5) & 0x3FF
        sg = '-' if s else ''
        if e == 0:
            return (sg + '0') if m == 0 else 'raw:0x%x' % cell
        return sg + hexf((1 + m / 1024.0) * 2.0 ** (e - 15))
    w = M.d16_bf16_to_f32(cell) if kind == 'bf16' else M.d32_to_f32(cell)
    s, e, m = w >> 31, (w >> 23) & 0xFF, w & 0x7FFFFF
    sg = '-' if s else ''
    if e == 255:
        return (sg + 'inf') if m == 0 else 'raw:0x%x' % cell
    if e == 0:
        return (sg + '0') if m == 0 else 'raw:0x%x' % cell
    return sg + hexf((1 + m / 2.0 ** 23) * 2.0 ** (e - 127))


# ------------------------------------------------------------------ a test and its machine state

class Test:
    """Builds one .tts: preloads, the two streams, and the expectations from the simulated state."""

    def __init__(self, name, header, srca_fmt=M.BF16, srcb_fmt=None, fp32=False, int8=False, flush=True):
        self.name, self.header = name, header
        self.cfg = M.Cfg(srca_fmt, srcb_fmt, fp32=fp32, int8=int8, flush=flush)
        self.pre, self.t0, self.t1, self.exp = [], [], [], []
        self.srca = [dict(), dict()]
        self.srcb = [dict(), dict()]
        self.dest = {}                      # physical Dest rows, 16-bit cells
        self.valid = set(range(1024))       # DstRowValid: all valid after reset
        self.touched = []                   # (view, row) written
        self.rwc = dict(a=0, b=0, d=0, f=0, a_cr=0, b_cr=0, d_cr=0)
        self.am = {}                        # addr_mode index -> dict of fields
        self.bank_a = self.bank_b = 0       # the matrix unit's banks
        self.fid_base = 0
        self.math_offset = 0
        self.regw_base = 0
        self.kind = self.cfg.dest_kind()
        a = FMT_NAME[srca_fmt]
        b = FMT_NAME[self.cfg.srcb_fmt]
        self.pre += ["cfg 0 ALU_FORMAT_SPEC_REG0_SrcA %d        # configured formats (the same as the implied ones)" % srca_fmt,
                     "cfg 0 ALU_FORMAT_SPEC_REG1_SrcB %d" % self.cfg.srcb_fmt,
                     "cfg 0 THCON_SEC0_REG2_Out_data_format %d  # implied SrcA format (%s), recorded by the set-dvalid hand-over" % (srca_fmt, a),
                     "cfg 0 THCON_SEC1_REG2_Out_data_format %d  # implied SrcB format (%s)" % (self.cfg.srcb_fmt, b)]
        if fp32:
            self.pre.append("cfg 0 ALU_ACC_CTRL_Fp32_enabled 1       # Dst32b: FP32 Dest")
        if int8:
            self.pre.append("cfg 0 ALU_ACC_CTRL_INT8_math_enabled 1  # INT8 math, INT32 Dst32b")
        if not flush:
            self.pre.append("cfg 0 ALU_ACC_CTRL_Zero_Flag_disabled_src 1  # SrcB denormals are kept")

    # ---- preloads
    def src(self, which, bank, row, cells, fmt=None):
        (self.srca if which == 'a' else self.srcb)[bank][row] = list(cells)
        fmt = fmt or FMT_NAME[self.cfg.srca_fmt if which == 'a' else self.cfg.srcb_fmt]
        if fmt in ('bfp8', 'bfp4'):
            fmt = 'bf16'
        self.pre.append("src%s %d %d %s %s" % (which, bank, row, fmt, " ".join(sval(c, fmt) for c in cells)))

    def d16(self, row, cells, kind=None):
        kind = kind or self.kind
        self.dest[row] = list(cells)
        self.pre.append("dest %d %s %s" % (row, kind, " ".join(dval(c, kind) for c in cells)))

    def d32(self, row, datums, kind=None):
        kind = kind or self.kind
        a = adj(row)
        self.dest[a] = [d >> 16 for d in datums]
        self.dest[a + 8] = [d & 0xFFFF for d in datums]
        self.pre.append("dest32 %d %s %s" % (row, kind, " ".join(dval(d, kind) for d in datums)))

    def invalid(self, phys_row):
        self.valid.discard(phys_row)
        self.pre.append("dest_valid %d 0" % phys_row)

    def addr_mod(self, i, a=0, b=0, d=0, fid=0, a_cr=0, b_cr=0, d_cr=0, a_clr=0, b_clr=0, d_clr=0, fid_clr=0, c_to_cr=0):
        self.am[i] = dict(a=a, b=b, d=d, fid=fid, a_cr=a_cr, b_cr=b_cr, d_cr=d_cr, a_clr=a_clr, b_clr=b_clr,
                          d_clr=d_clr, fid_clr=fid_clr, c_to_cr=c_to_cr)
        ab = a | (a_cr << 6) | (a_clr << 7) | (b << 8) | (b_cr << 14) | (b_clr << 15)
        dw = d | (d_cr << 10) | (d_clr << 11) | (c_to_cr << 12) | (fid << 13) | (fid_clr << 15)
        self.pre.append("tcfg 1 %d 0x%04x                       # ADDR_MOD_AB_SEC%d: SrcA += %d%s, SrcB += %d%s" % (
            12 + i, ab, i, a, " (CR)" if a_cr else "", b, " (CR)" if b_cr else ""))
        self.pre.append("tcfg 1 %d 0x%04x                       # ADDR_MOD_DST_SEC%d: Dest += %d%s%s, Fidelity += %d%s" % (
            28 + i, dw, i, d, " (CR)" if d_cr else "", " (clear)" if d_clr else "", fid, " (clear)" if fid_clr else ""))

    # ---- bank hand-over (thread 0)
    def hand_over(self, a=True, b=True, comment=""):
        if a:
            self.t0.append("ttunpacr_nop 0,0,0,0,3,0,0,0,2       # set dvalid only: SrcA bank -> matrix unit %s" % comment)
        if b:
            self.t0.append("ttunpacr_nop 1,0,0,0,3,0,0,0,2       # set dvalid only: SrcB bank -> matrix unit %s" % comment)

    # ---- math
    def _update(self, am_idx):
        m = self.am.get(am_idx, dict(a=0, b=0, d=0, fid=0, a_cr=0, b_cr=0, d_cr=0, a_clr=0, b_clr=0, d_clr=0,
                                     fid_clr=0, c_to_cr=0))
        r = self.rwc

        def upd(k, inc, clr, cr, c2cr, n):
            if c2cr:
                r[k] = (r[k] + inc) % n
                r[k + '_cr'] = r[k]
            elif clr:
                r[k] = r[k + '_cr'] = 0
            elif cr:
                r[k] = r[k + '_cr'] = (r[k + '_cr'] + inc) % n
            else:
                r[k] = (r[k] + inc) % n
        upd('a', m['a'], m['a_clr'], m['a_cr'], 0, 64)
        upd('b', m['b'], m['b_clr'], m['b_cr'], 0, 64)
        upd('d', m['d'], m['d_clr'], m['d_cr'], m['c_to_cr'], 1024)
        r['f'] = 0 if m['fid_clr'] else (r['f'] + m['fid']) & 3

    def _view(self, rows):
        """Dest rows (instruction view) -> ({row: cells}, invalid set)."""
        view, inv = {}, set()
        for r in rows:
            if self.kind in ('fp32', 'int32'):
                a = adj(r)
                hi, lo = self.dest.get(a, [0] * 16), self.dest.get(a + 8, [0] * 16)
                view[r] = [(h << 16) | l for h, l in zip(hi, lo)]
                if a not in self.valid:
                    inv.add(r)
            else:
                view[r] = list(self.dest.get(r, [0] * 16))
                if r not in self.valid:
                    inv.add(r)
        return view, inv

    def _write(self, out):
        for r, cells in out.items():
            if self.kind in ('fp32', 'int32'):
                a = adj(r)
                self.dest[a] = [c >> 16 for c in cells]
                self.dest[a + 8] = [c & 0xFFFF for c in cells]
                self.valid.add(a)
            else:
                self.dest[r] = list(cells)
                self.valid.add(r)
            if r not in self.touched:
                self.touched.append(r)

    def _clear(self, clear_dvalid):
        if clear_dvalid & 1:
            self.bank_a ^= 1
        if clear_dvalid & 2:
            self.bank_b ^= 1

    def _phase(self):
        return (self.rwc['f'] + self.fid_base) & 3

    def op(self, name, dst=0, am=0, mod=0, accum=0, clear=0, comment=""):
        """ELWADD/ELWSUB/ELWMUL/MVMUL/GAPOOL/GMPOOL at the current RWCs; records the instruction."""
        cfg = M.Cfg(self.cfg.srca_fmt, self.cfg.srcb_fmt, fp32=self.cfg.fp32, int8=self.cfg.int8,
                    flush=self.cfg.flush, phase=self._phase())
        dr = (dst + self.math_offset + self.rwc['d'] + self.regw_base) & 1023
        ar, br = self.rwc['a'], self.rwc['b']
        sa, sb = self.srca[self.bank_a], self.srcb[self.bank_b]
        note = "SrcA bank %d row %d, SrcB bank %d row %d, Dest row %d, phase %d" % (
            self.bank_a, ar, self.bank_b, br, dr, cfg.phase)
        if name in ('elwadd', 'elwsub', 'elwmul'):
            view, inv = self._view(range(dr, dr + 8))
            out = M.elw(name[3:], sa, sb, view, ar, br, dr, cfg, mod=mod, accum=bool(accum), invalid=inv)
            self.t1.append("tt%s %d,%d,%d,%d,%d%s# %s%s" % (name, clear, accum, mod, am, dst,
                                                          " " * max(1, 14 - len(str(dst))), note, comment))
        elif name in ('mvmul', 'gapool'):
            n = 8 if name == 'mvmul' else 4
            view, inv = self._view(range(dr, dr + n))
            out = M.mvmul(sa, sb, view, ar, br, dr, cfg, rows=n, invalid=inv)
            mod19 = 0 if name == 'mvmul' else 1
            if name == 'mvmul':
                self.t1.append("ttmvmul %d,0,%d,%d%s# %s%s" % (clear, am, dst, " " * max(1, 16 - len(str(dst))),
                                                              note, comment))
            else:
                self.t1.append("ttgapool %d,%d,%d,0,%d%s# %s%s" % (clear, mod19, am, dst,
                                                                  " " * max(1, 14 - len(str(dst))), note, comment))
        elif name == 'gmpool':
            view, inv = self._view(range(dr, dr + 4))
            out = M.gmpool(sa, sb, view, ar, br, dr, cfg, invalid=inv)
            self.t1.append("ttgmpool %d,1,%d,0,%d%s# %s%s" % (clear, am, dst, " " * max(1, 14 - len(str(dst))),
                                                             note, comment))
        else:
            raise ValueError(name)
        self._write(out)
        self._update(am)
        self._clear(clear)

    def setrwc(self, clear_ab=0, cr=0, d=0, b=0, a=0, mask=0, comment=""):
        r = self.rwc
        if mask & 1:
            r['a'] = r['a_cr'] = ((r['a_cr'] + a) % 64) if cr & 1 else a
        if mask & 2:
            r['b'] = r['b_cr'] = ((r['b_cr'] + b) % 64) if cr & 2 else b
        if mask & 4:
            r['d'] = r['d_cr'] = ((r['d_cr'] + d) % 1024) if cr & 4 else d
        if mask & 8:
            r['f'] = 0
        self._clear(clear_ab)
        self.t1.append("ttsetrwc %d,%d,%d,%d,%d,%d%s# %s" % (clear_ab, cr, d, b, a, mask,
                                                            " " * 6, comment or "SETRWC"))

    def raw1(self, line):
        self.t1.append(line)

    # ---- output
    def expect_rows(self, rows=None, extra_untouched=()):
        rows = self.touched if rows is None else rows
        for r in list(rows) + list(extra_untouched):
            view, inv = self._view([r])
            cells = [0] * 16 if r in inv else view[r]
            if self.kind in ('fp32', 'int32'):
                self.exp.append("expect dest32 %d %s %s" % (r, self.kind, " ".join(dval(c, self.kind) for c in cells)))
            else:
                self.exp.append("expect dest %d %s %s" % (r, self.kind, " ".join(dval(c, self.kind) for c in cells)))

    def write(self):
        L = ["# " + h if h else "#" for h in self.header]
        L.append("# Generated by tools/gen_mx_tests.py; expected rows from tools/mx_ref.py (own reading of the rules).")
        L += [""] + self.pre + ["", "thread 0"] + self.t0 + ["drain", "", "thread 1"] + self.t1 + ["drain", ""] + self.exp
        with open(os.path.join(OUT, self.name + '.tts'), 'w') as f:
            f.write("\n".join(L) + "\n")


# ------------------------------------------------------------------ value pools

def bf(x):
    return M.bf16_src(x)


def rnd_bf16(rng, lo=120, hi=135):
    return M.src_from_parts(rng.getrandbits(1), rng.randrange(lo, hi), rng.getrandbits(7) << 3)


def rnd_tf32(rng, lo=120, hi=135):
    return M.src_from_parts(rng.getrandbits(1), rng.randrange(lo, hi), rng.getrandbits(10))


def rnd_fp16(rng, lo=10, hi=20):
    return M.src_from_parts(rng.getrandbits(1), rng.randrange(lo, hi), rng.getrandbits(10))


def rnd_int8(rng, mag=1023):
    return M.int8_src(rng.randrange(-mag, mag + 1))


def rows_of(rng, gen, n=8):
    return [[gen(rng) for _ in range(16)] for _ in range(n)]


# ------------------------------------------------------------------ the tests

def t_elwadd_bf16():
    h = ["mx_elwadd_bf16.tts: ELWADD, BF16 operands, Dest16 BF16, dest_accum_en 0 (issue 26).",
         "Checks: D[i][c] = A[i][c] + B[i][c] for 8 rows; the old Dest value is ignored (Dest preloaded with 7.0);",
         "BF16 operands keep the top 7 mantissa bits (the low 3 of a raw cell are cleared); exponent-0 cells",
         "are zero (FlushDenormals, Zero_Flag_disabled_src 0); the sum is rounded half up to 7 bits; exponent",
         "255 saturates to inf; exact cancellation gives +0. The instruction waits at the gate until thread 0",
         "hands both banks over (UNPACR_NOP set dvalid); ADDR_MOD_0 all zero leaves the RWCs at 0.",
         "Rule: ttsim elwadd + fpu_accum_normalize_encode (contract \"What each computes\"): |a| >= |b| after a",
         "swap, b's 11-bit significand shifted right by the exponent difference (round half up), sum <<13,",
         "then Dest's 16-bit path rounds the term to 11 bits and the result to 7 (round half up).",
         "Hand-worked (row 0): col 0 1 + 1: 0x400 + 0x400 = 0x800 at exponent 127 -> 2.0 (cell 0x0080);",
         "col 1 3 + -1: 0x600 - (0x400 >> 1) = 0x400 at 128 -> 2.0; col 2 1.5 + -1.5 -> +0 (cell 0x0000);",
         "col 3 256 + 1: 1's 0x400 >> 8 = 4, 0x404 = 257 half-way -> rounds up to 258 (BF16 0x4381, cell 0x0187);",
         "col 4 0x1.fep127 + 0x1.fep127 -> exponent 255: inf (0x00FF); col 5 denormal (raw 0x20000) + 1 -> 1;",
         "col 6 raw 0x07F|man 0x007 (1.0 with TF32-only mantissa bits) + 0 -> 1.0 (masked); col 7 -0 + -0 -> +0.",
         "Other rows: random BF16 values, worked out by tools/mx_ref.py."]
    t = Test("mx_elwadd_bf16", h)
    rng = random.Random(2601)
    A = rows_of(rng, rnd_bf16)
    B = rows_of(rng, rnd_bf16)
    A[0][:8] = [bf(1), bf(3), bf(1.5), bf(256), bf(float.fromhex("0x1.fep127")), 0x20000, M.src_from_parts(0, 127, 7), bf(-0.0)]
    B[0][:8] = [bf(1), bf(-1), bf(-1.5), bf(1), bf(float.fromhex("0x1.fep127")), bf(1), 0, bf(-0.0)]
    for i in range(8):
        t.src('a', 0, i, A[i])
        t.src('b', 0, i, B[i])
    for r in range(8, 17):
        t.d16(r, [M.bf16_d16(7.0)] * 16)
    t.hand_over()
    t.op('elwadd', dst=8)
    t.expect_rows(extra_untouched=[16])
    t.write()


def t_elwsub_accum():
    h = ["mx_elwsub_bf16_accum.tts: ELWSUB with dest_accum_en 1, BF16 Dest16, and the Dest zero flags.",
         "Checks: D = D + (A - B); an invalid Dest row (dest_valid 0) reads as 0 and becomes valid once",
         "written; ELWSUB is ELWADD with B's sign flipped (sub of a negative adds).",
         "Rule: ttsim tensix_elw_op (value_b ^= sign; dst read only with dest_accum_en, 0 when the row is",
         "invalid, read_dst16b) and fpu_accum_normalize_encode (Dest aligned with the A-B term).",
         "Hand-worked (row 0 col 0..3): Dest 4, A 1, B 1 -> 4 + 0 = 4; Dest 4, A 3, B -1 -> 4 + 4 = 8;",
         "Dest 1, A 1, B 2 -> 1 + (-1) = +0 (exact cancellation); Dest 100, A 0.5, B 0.25 -> 100.25: BF16",
         "100 = 1.5625 * 2^6 has step 0.5, 0.25 is exactly half a step -> rounds up to 100.5.",
         "Col 4: Dest 0x1.c8p-7, A 4.40625, B 0: Dest aligned 9 places (0xE40000 -> 0x7200) is rounded to the",
         "term's 11 bits first (-> 0x8000 = 0.015625): 4.40625 + 0.015625 = 4.421875 -> 7 bits, half up:",
         "4.4375 (the exact sum 4.420166015625 would give 4.40625).",
         "Row 3 is invalid: its cells give A - B alone. Other cells: tools/mx_ref.py."]
    t = Test("mx_elwsub_bf16_accum", h)
    rng = random.Random(2602)
    A, B = rows_of(rng, rnd_bf16), rows_of(rng, rnd_bf16)
    D = [[M.bf16_d16(M.d16_bf16_value(M.f32_to_d16_bf16(M.f32_bits(rng.choice([-1, 1]) * rng.randrange(1, 200) / 4.0))))
          for _ in range(16)] for _ in range(8)]
    A[0][:5] = [bf(1), bf(3), bf(1), bf(0.5), bf(4.40625)]
    B[0][:5] = [bf(1), bf(-1), bf(2), bf(0.25), 0]
    D[0][:5] = [M.bf16_d16(4), M.bf16_d16(4), M.bf16_d16(1), M.bf16_d16(100), M.bf16_d16(float.fromhex('0x1.c8p-7'))]
    for i in range(8):
        t.src('a', 0, i, A[i])
        t.src('b', 0, i, B[i])
        t.d16(16 + i, D[i])
    t.invalid(19)
    t.hand_over()
    t.op('elwsub', dst=16, accum=1)
    t.expect_rows()
    t.exp.append("expect dest_valid 19 1")
    t.write()


def t_elwmul_fidelity():
    h = ["mx_elwmul_bf16_fidelity.tts: ELWMUL, BF16 Dest16, at fidelity phases 0..3.",
         "Checks: ELWMUL always accumulates into Dest (dest_accum_en 0); LoFi (one ELWMUL at phase 0) into",
         "rows 0..7; HiFi4 (four ELWMULs into rows 8..15 with ADDR_MOD_1 FidelityIncr 1: phases 0, 1, 2, 3,",
         "read BEFORE the instruction's own update; the fourth wraps the counter back to 0); then a SETRWC",
         "FIDELITY_BASE and the counter's clears: mx_elwmul_fidelity_base.tts.",
         "Rule: ttsim elwmul: phase bit 0 picks A's significand bits [10:6] or [5:1] (5 bits), bit 1 B's",
         "[10:4] or [3:0] << 3 (7 bits); product exponent ea + eb - 127 - 5 (bit 0) - 7 (bit 1); Dest read",
         "and the product term added in fpu_accum_normalize_encode (16-bit Dest: 11-bit term, 7-bit result).",
         "Hand-worked (row 0 / row 8, col 0): A = B = 1.5 (0x600): LoFi 0x18 * 0x60 = 0x900 -> 2.25 exactly; the",
         "other phases add 0 ((0x600 >> 1) & 31 = 0; 0x600 & 15 = 0): HiFi4 2.25 too. Col 1: A = B = 1.0078125",
         "(0x408): LoFi 0x10 * 0x40 -> 1.0; phase 1 4 * 0x40 at -5 -> 2^-7; phase 2 0x10 * 0x40 at -7 -> 2^-7;",
         "phase 3 4 * 0x40 at -12 -> 2^-14 (rounds away): HiFi4 1.015625 (exact product 1.01568603515625).",
         "Col 2 (row 0, LoFi): A = B = 255 (significand 0x7F8): 0x1F * 0x7F = 3937 at 2^(141-127-10) = 62992,",
         "rounded to 7 mantissa bits (step 256): 62976. Others: tools/mx_ref.py."]
    t = Test("mx_elwmul_bf16_fidelity", h)
    rng = random.Random(2603)
    A, B = rows_of(rng, lambda r: rnd_bf16(r, 122, 132)), rows_of(rng, lambda r: rnd_bf16(r, 122, 132))
    A[0][:3] = [bf(1.5), bf(1.0078125), bf(255)]
    B[0][:3] = [bf(1.5), bf(1.0078125), bf(255)]
    for i in range(8):
        t.src('a', 0, i, A[i])
        t.src('b', 0, i, B[i])
    for r in range(0, 16):
        t.invalid(r)            # start from zero: invalid rows read as 0 and become valid
    t.addr_mod(1, fid=1)
    t.hand_over()
    t.op('elwmul', dst=0, am=0, comment=" (LoFi)")
    for p in range(4):
        t.op('elwmul', dst=8, am=1, comment=" (HiFi4 step %d)" % p)
    t.expect_rows()
    t.write()


def t_elwmul_fidelity_base():
    h = ["mx_elwmul_fidelity_base.tts: the fidelity phase is (RWC.Fidelity + FIDELITY_BASE_Phase) & 3.",
         "Checks: FIDELITY_BASE_Phase 2 (thread 1's thread config word 11) with the counter 0 gives phase 2;",
         "after ADDR_MOD_2 (FidelityIncr 1) the counter is 1: phase 3; FidelityIncr 2 then makes the counter",
         "3: phase (3 + 2) & 3 = 1; ADDR_MOD_3 FidelityClear resets the counter after its instruction: phase 0",
         "next; SETRWC bit 3 clears the counter too. Each ELWMUL writes its own Dest rows (0, 8, 16, 24, 32, 40).",
         "Rule: ttsim tensix_elw_op (fidelity_phase = (fidelity + FIDELITY_BASE_Phase) & 3, taken before",
         "math_update_counters) and elwmul's slices (see mx_elwmul_bf16_fidelity.tts).",
         "Hand-worked (col 0): A = 1.0078125 (0x408), B = 1 + 2^-7 + ... B = 1.9921875 (0x7F8): phase 2:",
         "A top 5 (0x10) * (B & 15) << 3 (0x8 << 3 = 0x40) = 0x400 at 127 + 127 - 134 -> 2^-7 = 0.0078125.",
         "Phase 3: 4 * 0x40 = 0x100 at -139 -> 2^-14 * 1 = 0x1p-14. Phase 1: 4 * (0x7F8 >> 4 = 0x7F) = 0x1FC at",
         "-132: 0x1FC / 0x400 * 2^-5 = 0.01549530029296875 -> BF16 0x1.fcp-7. Phase 0: 0x10 * 0x7F = 0x7F0 ->",
         "1.984375. Others: tools/mx_ref.py."]
    t = Test("mx_elwmul_fidelity_base", h)
    rng = random.Random(2604)
    A, B = rows_of(rng, rnd_bf16), rows_of(rng, rnd_bf16)
    A[0][0], B[0][0] = bf(1.0078125), bf(1.9921875)
    for i in range(8):
        t.src('a', 0, i, A[i])
        t.src('b', 0, i, B[i])
    for r in range(0, 48):
        t.invalid(r)
    t.pre.append("tcfg 1 FIDELITY_BASE_Phase 2")
    t.fid_base = 2
    t.addr_mod(2, fid=1)
    t.addr_mod(4, fid=2)
    t.addr_mod(3, fid_clr=1)
    t.hand_over()
    t.op('elwmul', dst=0, am=2, comment=" (counter 0 + base 2)")
    t.op('elwmul', dst=8, am=4, comment=" (counter 1 + base 2)")
    t.op('elwmul', dst=16, am=3, comment=" (counter 3 + base 2)")
    t.op('elwmul', dst=24, am=2, comment=" (counter 0 after the clear)")
    t.setrwc(mask=8, comment="SETRWC bit 3: fidelity counter = 0")
    t.op('elwmul', dst=32, am=0)
    t.raw1("ttstallwait 128,16                     # STALL_CFG until MATH is idle: the instructions in flight read it at retire")
    t.raw1("ttsetc16 11,0                          # FIDELITY_BASE_Phase 0")
    t.raw1("ttnop")
    t.raw1("ttnop")
    # the SETC16 takes effect for the next instruction
    t.fid_base = 0
    t.op('elwmul', dst=40, am=0)
    t.expect_rows()
    t.exp.append("expect tcfg 1 FIDELITY_BASE_Phase 0")
    t.write()


def t_elwadd_bcast():
    h = ["mx_elwadd_bcast.tts: ELWADD / ELWMUL broadcasts (instr_mod19), BF16 Dest16.",
         "Checks: mod 1: SrcB column 0 of each row is used for all 16 columns; mod 2: SrcB row 0 for all",
         "8 rows; mod 3: SrcB row 0 column 0 for every datum; ELWMUL mod 2 too. SrcB rows 1..7 hold",
         "values that would change every result if read.",
         "Rule: contract \"What each computes\": B[br + (mod & 2 ? 0 : i)][mod & 1 ? 0 : c].",
         "Hand-worked: A row 0 = 1, 2, ..., 16, B row 0 = 0.5, 100, ... : mod 3 row 0 = 1.5, 2.5, ..., 16.5.",
         "Others: tools/mx_ref.py."]
    t = Test("mx_elwadd_bcast", h)
    rng = random.Random(2605)
    A, B = rows_of(rng, rnd_bf16), rows_of(rng, rnd_bf16)
    A[0] = [bf(float(k + 1)) for k in range(16)]
    B[0][0] = bf(0.5)
    for i in range(8):
        t.src('a', 0, i, A[i])
        t.src('b', 0, i, B[i])
    t.hand_over()
    t.op('elwadd', dst=0, mod=3, comment=" (mod 3: one datum)")
    t.op('elwadd', dst=8, mod=1, comment=" (mod 1: column 0)")
    t.op('elwadd', dst=16, mod=2, comment=" (mod 2: row 0)")
    t.op('elwmul', dst=24, mod=2, comment=" (mod 2, multiply)")
    t.op('elwsub', dst=32, mod=0, comment=" (no broadcast)")
    for r in range(24, 32):
        pass
    t.expect_rows()
    t.write()


def t_elw_fp32():
    h = ["mx_elw_tf32_fp32dest.tts: ELWADD, ELWSUB, ELWMUL with TF32 operands into Dst32b (Fp32_enabled).",
         "Checks: TF32 keeps all 10 mantissa bits (BF16 would drop 3); the FP32 path keeps 23 result",
         "bits (no 16-bit rounding); Dest is the Dst32b view (high half at AdjRow, low half 8 rows on);",
         "dest_accum_en adds Dest; ELWMUL accumulates; an invalid Dst32b row (AdjRow's flag) reads as 0.",
         "Rule: ttsim elwadd/elwmul with fp32_acc: no rounding of the terms to 11 bits, result rounded to",
         "23 bits (round half up), exponent 255 -> inf; dst_encode_fp32/read_dst32b (contract Dest 32-bit).",
         "Hand-worked (row 0): col 0: 1 + 2^-10 (TF32 man 1) + 1 = 2 + 2^-10 exactly (BF16 would give 2);",
         "col 1 (ELWSUB, dest_accum_en, Dest 2^-20 + 1): 1 - 1 + (1 + 2^-20) = 1 + 2^-20;",
         "col 2 ELWMUL 1.5 * 1.5 + Dest (1 + 2^-20) = 3.25 + 2^-20: exact in FP32.",
         "Others: tools/mx_ref.py."]
    t = Test("mx_elw_tf32_fp32dest", h, srca_fmt=M.TF32, fp32=True)
    rng = random.Random(2606)
    A, B = rows_of(rng, rnd_tf32), rows_of(rng, rnd_tf32)
    A[0][0], B[0][0] = M.tf32_src(1 + 2.0 ** -10), M.tf32_src(1.0)
    A[0][1], B[0][1] = M.tf32_src(1.0), M.tf32_src(1.0)
    A[0][2], B[0][2] = M.tf32_src(1.5), M.tf32_src(1.5)
    for i in range(8):
        t.src('a', 0, i, A[i])
        t.src('b', 0, i, B[i])
    D = [[M.f32_to_d32((rng.getrandbits(1) << 31) | (rng.randrange(120, 135) << 23) | rng.getrandbits(23))
          for _ in range(16)] for _ in range(8)]
    D[0][1] = D[0][2] = M.fp32_d32(1 + 2.0 ** -20)
    for i in range(8):
        t.d32(8 + i, D[i])
        t.d32(16 + i, D[i])
    t.invalid(adj(10))
    t.hand_over()
    t.op('elwadd', dst=0)
    t.op('elwsub', dst=8, accum=1)
    t.op('elwmul', dst=16)
    t.expect_rows()
    t.write()


def t_elw_fp16():
    h = ["mx_elw_fp16.tts: ELWADD / ELWSUB / ELWMUL with FP16 operands (5-bit exponent), Dest16 FP16.",
         "Checks: FP16 keeps all 10 mantissa bits; Dest16 FP16 cells {sign, man10, exp5}; exponent 31 is",
         "ordinary and results past it saturate to +-131008 (no inf); products rebias by -15; a denormal",
         "(exponent 0) operand is zero; dest_accum_en with FP16 Dest.",
         "Rule: ttsim elwadd/elwmul with fp_exponent_8b false: 16-bit rounding keeps 13 bits off,",
         "exponent >= 32 -> sign | 31 | 0x3FF (fpu_accum_normalize_encode); dst_encode_fp16.",
         "Hand-worked (row 0): col 0 65504 + 65504 = 131008 exactly (0x7FF + 0x7FF at exponent 30 -> 0xFFE",
         "-> exponent 31 man 0x3FF); col 1 131008 + 131008 -> exponent 32: saturates to 131008 (cell",
         "0x7FFF); col 2 -131008 - 131008 -> -131008 (0xFFFF); col 3 1 + 1 = 2 (0x0010); col 4",
         "1.0009765625 + 0 = 1.0009765625 (man 1 kept: 0x002F); col 5 0x1p-24 (denormal) + 1 = 1.",
         "Row 8 (ELWMUL) col 6: 1.5 * 1.5 = 2.25 (exponent 16, mantissa 0x080: cell 0x1010). Others: tools/mx_ref.py."]
    t = Test("mx_elw_fp16", h, srca_fmt=M.FP16)
    rng = random.Random(2607)
    A, B = rows_of(rng, rnd_fp16), rows_of(rng, rnd_fp16)
    A[0][:6] = [M.fp16_src(65504.0), M.fp16_src(131008.0), M.fp16_src(-131008.0), M.fp16_src(1.0),
                M.fp16_src(1.0009765625), M.src_from_parts(0, 0, 1)]
    B[0][:6] = [M.fp16_src(65504.0), M.fp16_src(131008.0), M.fp16_src(131008.0), M.fp16_src(1.0), 0,
                M.fp16_src(1.0)]
    A[0][6], B[0][6] = M.fp16_src(1.5), M.fp16_src(1.5)
    for i in range(8):
        t.src('a', 0, i, A[i])
        t.src('b', 0, i, B[i])
    for i in range(8):
        t.d16(16 + i, [(rng.getrandbits(1) << 15) | (rng.getrandbits(10) << 5) | rng.randrange(10, 22) for _ in range(16)])
    for r in range(8, 16):
        t.invalid(r)
    t.hand_over()
    t.pre[0:0] = []
    t.op('elwadd', dst=0)
    t.op('elwmul', dst=8)
    t.op('elwsub', dst=16, accum=1)
    t.expect_rows()
    t.write()


def t_elw_int8():
    h = ["mx_elw_int8.tts: the INT8 path (ALU_ACC_CTRL_INT8_math_enabled): ELWADD, ELWSUB, ELWMUL into",
         "INT32 Dst32b (sign-magnitude).",
         "Checks: INT8 Src datums are sign + 10-bit magnitude (exponent 16 overlay; exponent 0 is zero);",
         "ELWADD without dest_accum_en writes A + B; with it, adds Dest and saturates to +-2147483647;",
         "ELWMUL multiplies slices of the magnitudes by fidelity phase (A & 0xE0 or A & 0x1F; B & 0x3F0 or",
         "B & 0xF) and always accumulates: four ELWMULs (ADDR_MOD_1 FidelityIncr 1) give A * B for |A| < 256.",
         "Rule: ttsim tensix_elw_op int8 branch, read_src_int8, saturate_add_int32, dst_encode_int32.",
         "Hand-worked (row 0): col 0 100 + 27 = 127; col 1 1000 + 1000 + Dest 2147483000 -> 2147483647",
         "(saturated) in row 8 (ELWADD dest_accum_en); col 2 -1000 - 1000 + Dest -2147483000 -> -2147483647",
         "(ELWSUB dest_accum_en, row 16); ELWMUL rows 24..31 col 0: 255 * 3 over phases: 0 (224 * 0), 0 (31",
         "* 0), 672 (224 * 3), 93 (31 * 3) = 765; col 1 -200 * 1023 = -204600 (magnitudes 200 < 256).",
         "Others: tools/mx_ref.py."]
    t = Test("mx_elw_int8", h, srca_fmt=M.INT8, int8=True)
    rng = random.Random(2608)
    A, B = rows_of(rng, rnd_int8), rows_of(rng, rnd_int8)
    A[0][:3] = [M.int8_src(100), M.int8_src(1000), M.int8_src(-1000)]
    B[0][:3] = [M.int8_src(27), M.int8_src(1000), M.int8_src(1000)]
    for i in range(8):
        t.src('a', 0, i, A[i])
        t.src('b', 0, i, B[i])
    # bank 1: multiplies with |A| < 256
    A1 = rows_of(rng, lambda r: rnd_int8(r, 255))
    B1 = rows_of(rng, rnd_int8)
    A1[0][:2] = [M.int8_src(255), M.int8_src(-200)]
    B1[0][:2] = [M.int8_src(3), M.int8_src(1023)]
    for i in range(8):
        t.src('a', 1, i, A1[i])
        t.src('b', 1, i, B1[i])
    D = [[M.f32_to_d32(M.int_to_sm(rng.randrange(-100000, 100000))) for _ in range(16)] for _ in range(8)]
    D[0][1] = M.f32_to_d32(2147483000)
    D[0][2] = M.f32_to_d32(M.int_to_sm(-2147483000))
    for i in range(8):
        t.d32(8 + i, D[i])
        t.d32(16 + i, D[i])
        t.d32(24 + i, [0] * 16)
    t.addr_mod(1, fid=1)
    t.hand_over()
    t.hand_over(comment="(bank 1)")
    t.op('elwadd', dst=0)
    t.op('elwadd', dst=8, accum=1)
    t.op('elwsub', dst=16, accum=1, clear=3, comment=" (gives both banks back)")
    for p in range(4):
        t.op('elwmul', dst=24, am=1, comment=" (INT8 phase %d)" % p)
    t.expect_rows()
    t.write()


def t_mvmul(name, fmt, fp32, int8, seed, hdr, hifi=False, gen=None, specials=None, fidbase=0):
    t = Test(name, hdr, srca_fmt=fmt, fp32=fp32, int8=int8)
    rng = random.Random(seed)
    gen = gen or {M.BF16: rnd_bf16, M.TF32: rnd_tf32, M.FP16: rnd_fp16, M.INT8: rnd_int8}[fmt]
    A = rows_of(rng, gen, 16)
    B = rows_of(rng, gen, 8)
    if specials:
        specials(A, B)
    for i in range(16):
        t.src('a', 0, i, A[i])
    for i in range(8):
        t.src('b', 0, i, B[i])
    base = 0
    for r in range(base, base + 8):
        if t.kind in ('fp32', 'int32'):
            t.d32(r, [0] * 16)
        else:
            # stale cells under a cleared zero flag: the row must read as 0 for every column
            t.d16(r, [M.bf16_d16(9.0) if t.kind == 'bf16' else M.fp16_d16(9.0)] * 16)
            t.invalid(r)
    if t.kind in ('fp32', 'int32'):
        t.invalid(adj(base + 5))   # Dst32b row 5 (AdjRow's flag cleared): reads as 0, stale cells kept
        t.d32(base + 5, [M.fp32_d32(9.0) if t.kind == 'fp32' else M.f32_to_d32(9)] * 16)
    if fidbase:
        t.pre.append("tcfg 1 FIDELITY_BASE_Phase %d" % fidbase)
        t.fid_base = fidbase
    t.hand_over()
    if hifi:
        t.addr_mod(1, fid=1)
        for p in range(4):
            t.op('mvmul', dst=base, am=1, comment=" (phase step %d)" % p)
    else:
        t.op('mvmul', dst=base)
    t.expect_rows()
    return t


def mv_specials_bf16(A, B):
    # column 0: A = 1..16, B row 0 = all 1 -> 136 (hand-worked in the header)
    for k in range(16):
        A[k][0] = bf(float(k + 1))
    B[0] = [bf(1.0)] * 16
    # column 1: 256 (k 0) and 1 (k 1) in group 0, the rest 0 -> 257 -> 258 (round half up)
    for k in range(16):
        A[k][1] = 0
    A[0][1], A[1][1] = bf(256.0), bf(1.0)
    # column 2: +3 in group 0 (k 0), -3 in group 1 (k 8): cancels to +0
    for k in range(16):
        A[k][2] = 0
    A[0][2], A[8][2] = bf(3.0), bf(-3.0)


def t_gapool():
    h = ["mx_gapool.tts: GAPOOL = MVMUL with 4 rows (instr_mod19 1, dst a multiple of 4), BF16 Dest16.",
         "Checks: D[dr+i][c] += sum over k < 16 of B[br+i][k] * A[ar+k][c] for i < 4 only (rows dr+4.. are",
         "untouched: Dest preloaded with 9.0 there); dst 4 (a multiple of 4, not of 8); the pool addr_mode",
         "field [17:15] (ADDR_MOD_1: Dest += 4 between two GAPOOLs).",
         "Rule: ttsim tensix_matmul_op<true> (N_ROWS 4), mvmul (products in two groups of 8).",
         "Hand-worked (row 4, col 0): A column 0 = 1..16, B row 0 = 1/16 each: products k/16, sum",
         "136/16 = 8.5 (exact in BF16). Others: tools/mx_ref.py."]
    t = Test("mx_gapool", h)
    rng = random.Random(2612)
    A = rows_of(rng, rnd_bf16, 16)
    B = rows_of(rng, rnd_bf16, 8)
    for k in range(16):
        A[k][0] = bf(float(k + 1))
    B[0] = [bf(1 / 16.0)] * 16
    for i in range(16):
        t.src('a', 0, i, A[i])
    for i in range(8):
        t.src('b', 0, i, B[i])
    for r in range(4, 16):
        t.d16(r, [M.bf16_d16(9.0)] * 16)
    for r in range(4, 12):
        t.invalid(r)
    t.addr_mod(1, d=4)
    t.hand_over()
    t.op('gapool', dst=4, am=1)
    t.op('gapool', dst=4, am=0, comment=" (Dest RWC now 4: rows 8..11)")
    t.expect_rows(extra_untouched=[12, 13])
    t.write()


def t_gmpool():
    h = ["mx_gmpool.tts: GMPOOL (instr_mod19 1), BF16 SrcA, Dest16 BF16.",
         "Checks: row dr = max over SrcA rows ar..ar+15 and the old Dest row dr, per column, in the",
         "sign-magnitude total order (-0 below +0; exponent-0 SrcA cells count as +0); an invalid Dest row",
         "reads as all ones (below everything) so the max is the SrcA max; rows dr+1..dr+3 are written 0;",
         "SrcB row 0 all 1.0 (BF16 0x3F80, cell 0x7F). The second GMPOOL (dst 4) keeps a Dest value larger",
         "than every SrcA cell.",
         "Rule: ttsim GMPOOL (sign_mag32_total_order, read_dst16b<true> = 0xFFFF when invalid).",
         "Hand-worked: row 0 col 0: SrcA column 0 = -16..-1 (all negative), Dest invalid -> -1; col 1 SrcA",
         "= -0 (exponent 0: read as +0) and negatives -> +0; col 2 a negative denormal (raw 0x40100: sign 1,",
         "exponent 0 -> +0) and negatives -> +0; row 4 col 0: Dest 1000 > every SrcA value -> 1000.",
         "Others: tools/mx_ref.py."]
    t = Test("mx_gmpool", h)
    rng = random.Random(2613)
    A = rows_of(rng, lambda r: rnd_bf16(r, 110, 140), 16)
    for k in range(16):
        A[k][0] = bf(-float(16 - k))
        A[k][1] = bf(-float(k + 1)) if k else bf(-0.0)
        A[k][2] = bf(-float(k + 1)) if k != 5 else 0x40100
    for i in range(16):
        t.src('a', 0, i, A[i])
    t.src('b', 0, 0, [bf(1.0)] * 16)
    t.invalid(0)
    t.d16(4, [M.bf16_d16(1000.0)] * 8 + [M.bf16_d16(-2.0 ** 100)] * 8)
    for r in (1, 2, 3, 5, 6, 7):
        t.d16(r, [M.bf16_d16(5.0)] * 16)
    t.hand_over()
    t.op('gmpool', dst=0)
    t.op('gmpool', dst=4)
    t.expect_rows()
    t.exp.append("expect dest_valid 0 1")
    t.write()


def t_gmpool_fp32():
    h = ["mx_gmpool_tf32_fp32dest.tts: GMPOOL with TF32 SrcA into Dst32b (Fp32_enabled).",
         "Checks: TF32 keeps all 10 mantissa bits in the compare; the Dest value is truncated to TF32",
         "(low 13 bits dropped) before the compare and written back from the maximum; rows dr+1..dr+3 of",
         "the Dst32b view are written 0 (both halves).",
         "Rule: ttsim GMPOOL use_dst32b branch (dst_decode_fp32 & 0xFFFFE000).",
         "Hand-worked: col 0: Dest 1 + 2^-20 (-> truncated to 1.0) vs SrcA max 1 + 2^-10 -> 1 + 2^-10;",
         "col 1: Dest 5 + 2^-20 vs SrcA max 2 -> 5 (the truncated Dest value is written back).",
         "Others: tools/mx_ref.py."]
    t = Test("mx_gmpool_tf32_fp32dest", h, srca_fmt=M.TF32, fp32=True)
    rng = random.Random(2614)
    A = rows_of(rng, lambda r: rnd_tf32(r, 100, 128), 16)
    for k in range(16):
        A[k][0] = M.tf32_src(1 + 2.0 ** -10) if k == 7 else M.tf32_src(-1.0)
        A[k][1] = M.tf32_src(2.0) if k == 3 else M.tf32_src(0.5)
    for i in range(16):
        t.src('a', 0, i, A[i])
    t.src('b', 0, 0, [M.tf32_src(1.0)] * 16)
    D = [M.f32_to_d32((rng.getrandbits(1) << 31) | (rng.randrange(118, 130) << 23) | rng.getrandbits(23))
         for _ in range(16)]
    D[0], D[1] = M.fp32_d32(1 + 2.0 ** -20), M.fp32_d32(5 + 2.0 ** -20)
    t.d32(8, D)
    for r in (9, 10, 11):
        t.d32(r, [M.fp32_d32(3.0)] * 16)
    t.hand_over()
    t.setrwc(mask=4, d=8, comment="SETRWC: Dest RWC = 8")
    t.op('gmpool', dst=0)
    t.expect_rows(extra_untouched=[12])
    t.write()


def t_clear_dvalid():
    h = ["mx_clear_dvalid_handover.tts: clear_dvalid hands the banks back, as SETRWC's FlipSrcA/B does.",
         "Checks: ELWADD clear_dvalid 1 (SrcA) at retire: bank 0 back to the unpackers, the matrix unit",
         "moves to SrcA bank 1; the next ELWADD reads SrcA bank 1 but still SrcB bank 0; ELWMUL",
         "clear_dvalid 3 returns both; thread 0's third SrcA hand-over (UNPACR_NOP clear to the",
         "UNP0_NOP_REG_CLR_VAL word with set dvalid, Stall_Clr_Cntrl 1: waits for its own bank 0) can only",
         "run once bank 0 is back, and the last ELWADD (which waits for both banks) reads the cleared",
         "bank 0 (every cell 2.0) with SrcB bank 1.",
         "Rule: contract \"clear_dvalid [0] SrcA, [1] SrcB at retire: SETRWC's FlipSrcA/FlipSrcB\"; the",
         "instruction waits until the matrix unit owns both its banks. Values: tools/mx_ref.py; the last",
         "ELWADD's row 24 col c = 2 + SrcB bank 1 row 0 col c."]
    t = Test("mx_clear_dvalid_handover", h)
    rng = random.Random(2615)
    for bank in (0, 1):
        for i in range(8):
            t.src('a', bank, i, [rnd_bf16(rng) for _ in range(16)])
            t.src('b', bank, i, [rnd_bf16(rng) for _ in range(16)])
    t.pre.append("cfg 0 UNP0_NOP_REG_CLR_VAL_nop_reg_clr_val 0x00080   # SrcA clear value: BF16 2.0 (exponent 128)")
    t.hand_over(comment="(bank 0)")
    t.hand_over(comment="(bank 1)")
    t.t0.append("ttunpacr_nop 0,0,0,1,0,1,0,3,1       # SrcA bank 0 (once it is back) -> 2.0 everywhere, set dvalid")
    t.op('elwadd', dst=0, clear=1, comment=" (gives SrcA bank 0 back)")
    t.op('elwadd', dst=8, clear=0)
    t.op('elwmul', dst=16, clear=3, comment=" (gives SrcA bank 1 and SrcB bank 0 back)")
    # thread 0's clear refilled SrcA bank 0 with 2.0 everywhere
    t.srca[0] = {r: [0x80] * 16 for r in range(64)}
    t.op('elwadd', dst=24, clear=3, comment=" (SrcA bank 0 again: all 2.0)")
    for r in range(16, 24):
        pass
    t.expect_rows()
    t.exp.append("expect srca 0 0 bf16 " + " ".join(["2"] * 16))
    t.write()


def t_rwc_addrmod():
    h = ["mx_rwc_addrmod_stepping.tts: RWC / ADDR_MOD stepping of the arithmetic, BF16 Dest16.",
         "Checks: SrcA/SrcB/Dest rows come from the RWCs: ADDR_MOD_1 (SrcA += 8, SrcB += 8, Dest += 8) steps",
         "two ELWADDs through rows 0 and 8; ADDR_MOD_2 (SrcA CR += 16, SrcB clear, Dest CR... ) and a",
         "SETRWC; DEST_TARGET_REG_CFG_MATH_Offset (thread config word 1) = 64 and DEST_REGW_BASE (cfg 6)",
         "= 128 are added to every Dest row; MVMUL's SrcA row must be a multiple of 16 (it uses 16).",
         "Rule: contract \"Instruction fields\": Dest row = dst + MATH_Offset + RWC.Dst + DEST_REGW_BASE;",
         "SrcA row = RWC.SrcA, SrcB row = RWC.SrcB; ApplyAddrMod at issue (ttsim math_update_rwc: CR adds to",
         "the checkpoint and copies it, clear zeroes both). Values: tools/mx_ref.py."]
    t = Test("mx_rwc_addrmod_stepping", h)
    rng = random.Random(2616)
    for i in range(48):
        t.src('a', 0, i, [rnd_bf16(rng) for _ in range(16)])
    for i in range(24):
        t.src('b', 0, i, [rnd_bf16(rng) for _ in range(16)])
    t.pre.append("tcfg 1 DEST_TARGET_REG_CFG_MATH_Offset 64")
    t.pre.append("cfg 0 DEST_REGW_BASE_Base 128")
    t.math_offset, t.regw_base = 64, 128
    t.addr_mod(1, a=8, b=8, d=8)
    t.addr_mod(2, a=16, a_cr=1, b_clr=1, d=16, d_cr=1)
    for r in range(192, 192 + 64):
        t.invalid(r)
    t.hand_over()
    t.op('elwadd', dst=0, am=1, comment=" (A 0, B 0, D 0 + 192)")
    t.op('elwadd', dst=0, am=1, comment=" (A 8, B 8, D 8 + 192)")
    t.op('elwsub', dst=8, am=2, comment=" (A 16, B 16, D 16 + 8 + 192)")
    t.op('mvmul', dst=0, am=0, comment=" (A CR 16, B cleared, D CR 16)")
    t.setrwc(mask=7, a=0, b=8, d=0, comment="SETRWC: SrcA 0, SrcB 8, Dest 0")
    t.op('elwmul', dst=40, am=0)
    t.expect_rows()
    t.write()


def t_elw_specials():
    h = ["mx_elw_specials.tts: ELWMUL / ELWADD special values, BF16 Dest16.",
         "Checks: product exponent overflow -> inf (exponent >= 255); product exponent <= 0 -> the zero",
         "term (Dest unchanged); large exponents in ELWADD; +0 / -0 operands; SrcB denormal kept as a",
         "number when Zero_Flag_disabled_src is 1 (second half: mx_elw_specials_noflush.tts).",
         "Rule: ttsim elwmul (exp_sop <= 0 or a zero operand: sign 0, exponent max(adj, 0), mantissa 0),",
         "fpu_accum_normalize_encode (exp >= 255 -> sign | inf; exp <= 0 -> +0).",
         "Hand-worked (row 0): col 0 2^100 * 2^100 = 2^200 -> inf (0x00FF); col 1 -2^100 * 2^100 -> -inf",
         "(0x80FF); col 2 2^-100 * 2^-100: exponent 27 + 27 - 127 < 0 -> zero term, Dest (invalid) 0 -> +0;",
         "col 3 -0 * 5 -> +0; col 4 1 * 0x1p-126 (smallest normal) = 0x1p-126 (exponent 1);",
         "col 5 0x1p-63 * 0x1p-64 = 0x1p-127: exponent 0 -> +0 (no denormals). Others: tools/mx_ref.py."]
    t = Test("mx_elw_specials", h)
    rng = random.Random(2617)
    A = rows_of(rng, lambda r: rnd_bf16(r, 1, 254))
    B = rows_of(rng, lambda r: rnd_bf16(r, 1, 254))
    A[0][:6] = [bf(2.0 ** 100), bf(-2.0 ** 100), bf(2.0 ** -100), bf(-0.0), bf(1.0), bf(2.0 ** -63)]
    B[0][:6] = [bf(2.0 ** 100), bf(2.0 ** 100), bf(2.0 ** -100), bf(5.0), bf(2.0 ** -126), bf(2.0 ** -64)]
    for i in range(8):
        t.src('a', 0, i, A[i])
        t.src('b', 0, i, B[i])
    for r in range(0, 16):
        t.invalid(r)
    t.hand_over()
    t.op('elwmul', dst=0)
    t.op('elwadd', dst=8)
    t.expect_rows()
    t.write()


def t_elw_noflush():
    h = ["mx_elw_specials_noflush.tts: ALU_ACC_CTRL_Zero_Flag_disabled_src 1 for ELWADD: SrcB denormals.",
         "Checks: with the flag set, a SrcB cell with exponent 0 is not forced to zero: it enters the",
         "adder with exponent 0 and the hidden bit (ttsim: zero_b = flush_denormals && ...), while SrcA's",
         "exponent-0 cells are always zero.",
         "Rule: ttsim tensix_elw_op (zero_a unconditional, zero_b only with flush_denormals), elwadd.",
         "Hand-worked (row 0): col 0 A 1.0 + B cell 0 (not flushed, but an all-zero cell has no",
         "significand): 1.0; col 1 A raw exponent-0 (0x10000) + B 1 -> 1 (A is always flushed);",
         "col 2: A 0 (cell 0) + B raw 0x10000 (exponent 0, mantissa 0x100): |A| < |B|: swap; exponent 0:",
         "the normaliser's max exponent is 0 -> early underflow: +0. Others: tools/mx_ref.py."]
    t = Test("mx_elw_specials_noflush", h, flush=False)
    rng = random.Random(2618)
    A = rows_of(rng, rnd_bf16)
    B = rows_of(rng, rnd_bf16)
    A[0][:3] = [bf(1.0), 0x10000, 0]
    B[0][:3] = [0, bf(1.0), 0x10000]
    for i in range(8):
        t.src('a', 0, i, A[i])
        t.src('b', 0, i, B[i])
    t.hand_over()
    t.op('elwadd', dst=0)
    t.expect_rows()
    t.write()


def t_implied_vs_configured():
    h = ["mx_elwadd_implied_format.tts: which SrcA/SrcB format the arithmetic uses on Blackhole.",
         "Checks: the banks are handed over with implied format TF32 (THCON_SEC0/1_REG2_Out_data_format 4)",
         "while the configured formats are BF16 (5). Thread 1 (implied) adds with all 10 mantissa bits into",
         "Dst32b; thread 2 sets DISABLE_IMPLIED_SRCA_FMT_Base and DISABLE_IMPLIED_SRCB_FMT_Base and adds",
         "with the configured BF16 (top 7 bits) into other rows. Fp32_enabled: Dst32b for both.",
         "Rule: contract \"Which formats\" (the implied format of the bank unless DISABLE_IMPLIED_*), ttsim",
         "tensix_elw_op masking (value &= 0xFFFF0000 unless TF32).",
         "Hand-worked (col 0): A = B = 1 + 2^-10 (TF32 mantissa 1): implied TF32 -> 2 + 2^-9; configured",
         "BF16 -> 1 + 1 = 2."]
    t = Test("mx_elwadd_implied_format", h, srca_fmt=M.TF32, fp32=True)
    # the configured formats differ from the implied ones
    t.pre[0] = "cfg 0 ALU_FORMAT_SPEC_REG0_SrcA 5        # configured BF16"
    t.pre[1] = "cfg 0 ALU_FORMAT_SPEC_REG1_SrcB 5"
    rng = random.Random(2619)
    A, B = rows_of(rng, rnd_tf32), rows_of(rng, rnd_tf32)
    A[0][0] = B[0][0] = M.tf32_src(1 + 2.0 ** -10)
    for i in range(8):
        t.src('a', 0, i, A[i])
        t.src('b', 0, i, B[i])
    t.pre.append("tcfg 2 DISABLE_IMPLIED_SRCA_FMT_Base 1")
    t.pre.append("tcfg 2 DISABLE_IMPLIED_SRCB_FMT_Base 1")
    t.hand_over()
    t.op('elwadd', dst=0)
    # thread 2 with the configured BF16
    t2 = M.Cfg(M.BF16, fp32=True)
    view, inv = t._view(range(8, 16))
    out = M.elw('add', t.srca[0], t.srcb[0], view, 0, 0, 8, t2, invalid=inv)
    t._write(out)
    t.expect_rows()
    t.exp.append("expect implied srca 0 tf32")
    t.write()
    # add thread 2's stream
    p = os.path.join(OUT, t.name + '.tts')
    s = open(p).read()
    s = s.replace("\nexpect dest32 0 ", "\nthread 2\nttelwadd 0,0,0,0,8                # configured BF16 (implied disabled): Dest rows 8..15\ndrain\n\nexpect dest32 0 ", 1)
    open(p, 'w').write(s)


MV_BF16 = ["mx_mvmul_bf16_lofi.tts: MVMUL, BF16 operands, Dest16 BF16, fidelity phase 0 (LoFi).",
           "Checks: D[i][c] += sum over k < 16 of B[i][k] * A[k][c] for 8 rows (Dest rows invalid: start at 0);",
           "products of A's top 5 and B's top 7 significand bits; each group of 8 products aligned to its",
           "largest exponent (round half up), then both groups and Dest aligned and added.",
           "Rule: ttsim mvmul + fpu_accum_normalize_encode (contract \"MVMUL\").",
           "Hand-worked (row 0, B row 0 = all 1.0): col 0 A = 1..16: group sums 36 (8 products of <= 5",
           "bits, exact) and 100: 136 (BF16 0x4308); col 1 A = 256 (k 0), 1 (k 1): 1's product 0x400 is 8",
           "exponents below: ((0x400 << 1) + 0x100) >> 9 = 4: 0x404 = 257, half-way -> 258; col 2 A = +3",
           "(k 0), -3 (k 8): the groups cancel: +0. Others: tools/mx_ref.py."]

MV_HIFI_FP32 = ["mx_mvmul_hifi4_fp32dest.tts: MVMUL HiFi4 (four phases) with TF32 operands into Dst32b.",
                "Checks: four MVMULs at the same Dest rows with ADDR_MOD_1 FidelityIncr 1 (phases 0, 1, 2, 3)",
                "accumulate A's two 5-bit slices times B's two 7-bit slices: with TF32 operands whose",
                "significands fit those slices the result is the exact sum of products, rounded to FP32;",
                "Fp32_enabled: no 16-bit rounding of terms.",
                "Rule: ttsim mvmul (fpu_exp_prod_adj: -127, -5 phase bit 0, -7 phase bit 1), contract",
                "\"Fidelity phase used\".",
                "Hand-worked (row 0 col 0): A column 0 all 1 + 2^-9 + 2^-10 (0x403: needs A's low slice),",
                "B row 0 all 1 + 2^-10 (0x401: needs B's low slice): each phase 0 product 1.0, phase 1 A bits",
                "[5:1] = 1 -> 0x40 * 1 at -5 ... exact product (1 + 3*2^-10)(1 + 2^-10), slices drop A's bit 0",
                "(2^-10): (1 + 2^-9)(1 + 2^-10) = 1 + 3 * 2^-10 + 2^-19 each; 16 of them = 16 + 48 * 2^-10 +",
                "16 * 2^-19 = 16.046905517578125. Others: tools/mx_ref.py."]


def mv_specials_fp32(A, B):
    for k in range(16):
        A[k][0] = M.tf32_src(1 + 2.0 ** -9 + 2.0 ** -10)
    B[0] = [M.tf32_src(1 + 2.0 ** -10)] * 16


MV_FP16 = ["mx_mvmul_fp16.tts: MVMUL with FP16 operands into Dest16 FP16, fidelity phase 0.",
           "Checks: the 5-bit-exponent path: products rebias by -15; Dest16 FP16 rounding (13 bits off);",
           "saturation to 131008 when the sum's exponent reaches 32.",
           "Rule: ttsim mvmul with fp_exponent_8b false (exp_prod_adj -15), dst_encode_fp16.",
           "Hand-worked (row 0, B row 0 = all 256): col 0 A = 256 in every row: 16 * 65536 = 2^20 -> exponent",
           "35 -> saturates to 131008 (cell 0x7FFF); col 1 A = 1..16 -> 256 * 136 = 34816 (exact).",
           "Others: tools/mx_ref.py."]


def mv_specials_fp16(A, B):
    for k in range(16):
        A[k][0] = M.fp16_src(256.0)
        A[k][1] = M.fp16_src(float(k + 1))
    B[0] = [M.fp16_src(256.0)] * 16


MV_INT8 = ["mx_mvmul_int8.tts: MVMUL on the INT8 path, four fidelity phases (FIDELITY_BASE_Phase 1 plus",
           "the counter stepped by ADDR_MOD_1 FidelityIncr 1: phases 1, 2, 3, 0), INT32 Dst32b.",
           "Checks: integer dot products of the magnitude slices (A & 0xE0 / A & 0x1F, B & 0x3F0 / B & 0xF),",
           "accumulated into sign-magnitude INT32; over the four phases the full product for |A| < 256.",
           "Rule: ttsim tensix_matmul_op int8 branch, saturate_add_int32.",
           "Hand-worked (row 0 col 0): A column 0 all 255, B row 0 all -1023: 16 * 255 * -1023 = -4173840.",
           "Others: tools/mx_ref.py."]


def mv_specials_int8(A, B):
    for k in range(16):
        A[k][0] = M.int8_src(255)
    B[0] = [M.int8_src(-1023)] * 16


def t_elw_fp16_fp32dest():
    h = ["mx_elw_fp16_fp32dest.tts: FP16 operands (5-bit exponent) into Dst32b (Fp32_enabled).",
         "Checks: the FP16 family with FP32 accumulation: ELWADD rebiases the sum's exponent by 127 - 15",
         "(exponent 0 -> 127 - 30), ELWMUL's product by 127 - 30 (fpu_exp_prod_adj with fp32_acc), so the",
         "FP16 values land as FP32 numbers in Dst32b; dest_accum_en; an invalid Dst32b row.",
         "Rule: ttsim elwadd (fp32_acc && !fp_exponent_8b), fpu_exp_prod_adj, fpu_accum_normalize_encode",
         "with fp32_acc.",
         "Hand-worked (row 0): col 0 FP16 1 + 1: exponent 15 + 112 = 127, 0x800 << 13 -> 2.0 (FP32",
         "0x40000000); col 1 FP16 65504 + 65504 = 131008 exactly in FP32 (no FP16 saturation here);",
         "col 2 131008 + 131008 = 262016 (FP32 does not saturate at the FP16 limit); row 8 (ELWMUL) col 0",
         "1.5 * 1.5 = 2.25: exponent 15 + 15 + 97 = 127. Others: tools/mx_ref.py."]
    t = Test("mx_elw_fp16_fp32dest", h, srca_fmt=M.FP16, fp32=True)
    rng = random.Random(2621)
    A, B = rows_of(rng, rnd_fp16), rows_of(rng, rnd_fp16)
    A[0][:3] = [M.fp16_src(1.0), M.fp16_src(65504.0), M.fp16_src(131008.0)]
    B[0][:3] = [M.fp16_src(1.0), M.fp16_src(65504.0), M.fp16_src(131008.0)]
    A[0][3], B[0][3] = M.fp16_src(1.5), M.fp16_src(1.5)
    for i in range(8):
        t.src('a', 0, i, A[i])
        t.src('b', 0, i, B[i])
    D = [[M.f32_to_d32((rng.getrandbits(1) << 31) | (rng.randrange(120, 135) << 23) | rng.getrandbits(23))
          for _ in range(16)] for _ in range(8)]
    for i in range(8):
        t.d32(16 + i, D[i])
    t.invalid(adj(18))
    t.hand_over()
    t.op('elwadd', dst=0)
    t.op('elwmul', dst=8)
    t.op('elwsub', dst=16, accum=1)
    t.expect_rows()
    t.write()


MV_FP16_32 = ["mx_mvmul_fp16_fp32dest.tts: MVMUL with FP16 operands into Dst32b (Fp32_enabled), LoFi.",
              "Checks: the product exponent rebias 127 - 30 with fp32_acc and the zero term's exponent",
              "max(adj, 0) = 97, which takes part in each group's largest exponent: a group holding only tiny",
              "products (exponent below 97) next to zeros is aligned to 97 and rounds to 0.",
              "Rule: ttsim mvmul (zero_term_exp = max(exp_prod_adj, 0)), fpu_exp_prod_adj (fp32_acc, !8-bit).",
              "Hand-worked (row 0, B row 0 all FP16 1.0): col 0 A = 1..16 -> 136; col 1: A = 2^-14 (the",
              "smallest normal FP16) in k 0 and zeros: product exponent 1 + 15 + 97 = 113 >= 97: 2^-14 exactly.",
              "Other cells (FP16 exponents 1..19, so many products sit below the zero terms' 97): tools/mx_ref.py."]


def mv_specials_fp16_32(A, B):
    for k in range(16):
        A[k][0] = M.fp16_src(float(k + 1))
        A[k][1] = 0
    A[0][1] = M.fp16_src(2.0 ** -14)
    B[0] = [M.fp16_src(1.0)] * 16


def t_zero_flag_dst_off():
    h = ["mx_zero_flag_dst_disabled.tts: ALU_ACC_CTRL_Zero_Flag_disabled_dst (cfg 2 [1]) with the arithmetic.",
         "Checks: with the bit set, an invalid Dest row is read as its stored cells (the project's decision",
         "\"Dest zero flags\"; contract \"Representation\"): ELWADD dest_accum_en and MVMUL add onto the stale",
         "cells 9.0; GMPOOL compares with them (no all-ones identity).",
         "Rule: contract (raw cells unless the flag is clear). Values: tools/mx_ref.py with the rows valid.",
         "Hand-worked: ELWADD row 0 col 0: 1 + 1 + 9 = 11."]
    t = Test("mx_zero_flag_dst_disabled", h)
    t.pre.append("cfg 0 ALU_ACC_CTRL_Zero_Flag_disabled_dst 1")
    rng = random.Random(2622)
    A = rows_of(rng, rnd_bf16, 16)
    B = rows_of(rng, rnd_bf16)
    A[0][0] = B[0][0] = bf(1.0)
    for i in range(16):
        t.src('a', 0, i, A[i])
    for i in range(8):
        t.src('b', 0, i, B[i])
    t.src('b', 1, 0, [bf(1.0)] * 16)
    for r in range(0, 20):
        t.d16(r, [M.bf16_d16(9.0)] * 16)
        t.pre.append("dest_valid %d 0" % r)     # ignored: read as raw cells
    t.hand_over()
    t.op('elwadd', dst=0, accum=1)
    t.op('mvmul', dst=8, clear=2, comment=" (gives SrcB bank 0 back)")
    t.hand_over(a=False, comment="(SrcB bank 1: all 1.0)")
    t.op('gmpool', dst=16)
    t.expect_rows()
    t.write()


def t_clr_dvalid_disable():
    h = ["mx_clear_dvalid_disable.tts: clear_dvalid with CLR_DVALID_SrcA_Disable (thread config 7 [0]).",
         "Checks: ELWADD clear_dvalid 1 with the disable bit set flips the matrix unit to SrcA bank 1 but",
         "keeps bank 0 (no hand-back); the next ELWADD reads SrcA bank 1; a third, after SETC16 clears the",
         "disable bit and clear_dvalid 1 again, returns bank 1 and flips back to bank 0, which is still the",
         "matrix unit's: its ELWADD reads bank 0 without any new hand-over.",
         "Rule: contract \"clear_dvalid ... unless CLR_DVALID_SrcA/B_Disable, flip either way\" (ttsim",
         "math_clear_src_valid). Values: tools/mx_ref.py."]
    t = Test("mx_clear_dvalid_disable", h)
    rng = random.Random(2623)
    for bank in (0, 1):
        for i in range(8):
            t.src('a', bank, i, [rnd_bf16(rng) for _ in range(16)])
    for i in range(8):
        t.src('b', 0, i, [rnd_bf16(rng) for _ in range(16)])
    t.pre.append("tcfg 1 CLR_DVALID_SrcA_Disable 1")
    t.hand_over(comment="(bank 0)")
    t.hand_over(b=False, comment="(bank 1)")
    t.op('elwadd', dst=0, clear=1, comment=" (disabled: bank 0 stays, flips to 1)")
    t.op('elwadd', dst=8)
    t.raw1("ttstallwait 128,16                     # STALL_CFG until MATH is idle: the instructions in flight read it at retire")
    t.raw1("ttsetc16 7,0                            # CLR_DVALID_SrcA_Disable = 0")
    t.raw1("ttnop")
    t.raw1("ttnop")
    t.op('elwadd', dst=16, clear=1, comment=" (bank 1 back, flips to bank 0)")
    t.op('elwadd', dst=24)
    t.expect_rows()
    t.write()


def t_elwmul_phases_full_mantissa(name, fmt, fp32, seed):
    kind = "TF32 into Dst32b" if fp32 else "FP16 into Dest16 FP16"
    h = ["%s.tts: ELWMUL at fidelity phases 0..3 with %s: full 10-bit mantissas." % (name, kind),
         "Checks: the phase slices that BF16 operands cannot reach: A's bits [5:1] (phase bit 0; bit 0 is",
         "never used) and B's bits [3:0] << 3 (phase bit 1), with their exponent weights -5 and -7; rows 0..7",
         "at phase 0 only (LoFi), rows 8..15 accumulate phases 0, 1, 2, 3 (ADDR_MOD_1 FidelityIncr 1), rows",
         "16..23 phase 3 alone (FIDELITY_BASE_Phase 3 set by SETC16 between).",
         "Rule: ttsim elwmul (contract \"Fidelity phase used\"). Hand-worked (row 0 / 8 / 16, col 0): A = B =",
         "1 + 2^-10 + 2^-9 (significand 0x403): LoFi 0x10 * 0x40 -> 1.0; phase 1 A (0x403 >> 1) & 31 = 1 times",
         "0x40 at -5 -> 2^-9; phase 2 0x10 * (3 << 3) at -7 -> 3 * 2^-10; phase 3 1 * 0x18 at -12 -> 3 * 2^-19:",
         "HiFi4 1 + 2^-9 + 3 * 2^-10 + 3 * 2^-19 (A's bit 0 never counts: (1 + 2^-9) * (1 + 3 * 2^-10))%s." % (
             "" if fp32 else "; FP16 keeps 10 bits: rounded to 1 + 5 * 2^-10 (0x1.014p0)"),
         "Others: tools/mx_ref.py."]
    t = Test(name, h, srca_fmt=fmt, fp32=fp32)
    rng = random.Random(seed)
    gen = rnd_tf32 if fmt == M.TF32 else (lambda r: rnd_fp16(r, 12, 18))
    A, B = rows_of(rng, gen), rows_of(rng, gen)
    x = M.src_from_parts(0, 127 if fmt == M.TF32 else 15, 3)
    A[0][0] = B[0][0] = x
    for i in range(8):
        t.src('a', 0, i, A[i])
        t.src('b', 0, i, B[i])
    for r in range(24):
        if fp32:
            t.d32(r, [0] * 16)
        else:
            t.invalid(r)
    t.addr_mod(1, fid=1)
    t.hand_over()
    t.op('elwmul', dst=0)
    for p in range(4):
        t.op('elwmul', dst=8, am=1, comment=" (HiFi4 step %d)" % p)
    t.raw1("ttstallwait 128,16                     # STALL_CFG until MATH is idle: the instructions in flight read it at retire")
    t.raw1("ttsetc16 11,3                          # FIDELITY_BASE_Phase 3")
    t.raw1("ttnop")
    t.raw1("ttnop")
    t.fid_base = 3
    t.op('elwmul', dst=16, comment=" (counter 0 + base 3)")
    t.expect_rows()
    t.write()


FAMILIES = [(M.BF16, False, False), (M.FP16, False, False), (M.TF32, True, False), (M.BF16, True, False),
            (M.FP16, True, False), (M.INT8, False, True), (M.BFP8, False, False)]


def rnd_cell(rng, fmt):
    """A random Src cell of the format family, with zeros, denormals and extreme exponents."""
    x = rng.random()
    if fmt == M.INT8:
        return 0 if x < 0.1 else M.int8_src(rng.randrange(-1023, 1024))
    s = rng.getrandbits(1)
    if fmt == M.FP16:
        e = 0 if x < 0.05 else rng.randrange(1, 32) if x < 0.4 else rng.randrange(8, 22)
        m = rng.getrandbits(10)
    else:
        e = 0 if x < 0.05 else rng.randrange(1, 256) if x < 0.3 else rng.randrange(110, 145)
        m = rng.getrandbits(10) if fmt == M.TF32 else rng.getrandbits(7) << 3
    if x > 0.95:
        m = 0
    return M.src_from_parts(s, e, m)


def random_test(seed, outdir):
    """One random file: a format family, a fidelity base, 6 arithmetic instructions on preloaded
    rows (expected rows from tools/mx_ref.py); for a differential run against the model."""
    rng = random.Random(seed)
    fmt, fp32, int8 = rng.choice(FAMILIES)
    t = Test("mx_random_%d" % seed, ["mx_random_%d.tts: random arithmetic (tools/gen_mx_tests.py --random)" % seed],
             srca_fmt=fmt, fp32=fp32, int8=int8)
    phase = rng.randrange(4)
    if phase:
        t.pre.append("tcfg 1 FIDELITY_BASE_Phase %d" % phase)
        t.fid_base = phase
    sfmt = 'bf16' if fmt == M.BFP8 else None
    gm = fmt in (M.BF16, M.TF32, M.BFP8) and not int8 and rng.random() < 0.5
    for i in range(16):
        t.src('a', 0, i, [rnd_cell(rng, fmt) for _ in range(16)], sfmt)
    for i in range(8):
        t.src('b', 0, i, [0x7F] * 16 if (gm and i == 0) else [rnd_cell(rng, fmt) for _ in range(16)], sfmt)
    for r in range(48):
        if t.kind in ('fp32', 'int32'):
            if rng.random() < 0.7:
                if int8:
                    t.d32(r, [M.f32_to_d32(M.int_to_sm(rng.randrange(-2 ** 31 + 1, 2 ** 31))) for _ in range(16)])
                else:
                    t.d32(r, [M.f32_to_d32((rng.getrandbits(1) << 31) | (rng.randrange(1, 255) << 23) | rng.getrandbits(23))
                              for _ in range(16)])
            if rng.random() < 0.2:
                t.invalid(adj(r))
        else:
            if rng.random() < 0.7:
                if t.kind == 'bf16':
                    t.d16(r, [(rng.getrandbits(1) << 15) | (rng.getrandbits(7) << 8) | rng.randrange(1, 255) for _ in range(16)])
                else:
                    t.d16(r, [(rng.getrandbits(1) << 15) | (rng.getrandbits(10) << 5) | rng.randrange(1, 32) for _ in range(16)])
            if rng.random() < 0.2:
                t.invalid(r)
    t.hand_over()
    for k in range(6):
        ops = ['elwmul', 'mvmul', 'gapool'] + (['elwadd', 'elwsub'] if phase == 0 else []) + (['gmpool'] if gm else [])
        op = rng.choice(ops)
        dst = 8 * rng.randrange(5)
        if op in ('elwadd', 'elwsub', 'elwmul'):
            t.op(op, dst=dst, mod=rng.randrange(4), accum=0 if op == 'elwmul' else rng.randrange(2))
        elif op in ('gapool', 'gmpool'):
            t.op(op, dst=dst + 4 * rng.randrange(2))
        else:
            t.op('mvmul', dst=dst)
    t.expect_rows()
    t.name = os.path.join(outdir, t.name)
    return t


def main():
    if sys.argv[1:2] == ['--random']:
        first, n = int(sys.argv[2]), int(sys.argv[3])
        outdir = os.path.abspath(sys.argv[4] if len(sys.argv) > 4 else 'build/mx_random')
        os.makedirs(outdir, exist_ok=True)
        for seed in range(first, first + n):
            random_test(seed, outdir).write()
        return
    M.self_check() or sys.exit(1)
    print()
    t_elwadd_bf16()
    t_elwsub_accum()
    t_elwmul_fidelity()
    t_elwmul_fidelity_base()
    t_elwadd_bcast()
    t_elw_fp32()
    t_elw_fp16()
    t_elw_int8()
    t_mvmul("mx_mvmul_bf16_lofi", M.BF16, False, False, 2609, MV_BF16, specials=mv_specials_bf16).write()
    t_mvmul("mx_mvmul_hifi4_fp32dest", M.TF32, True, False, 2610, MV_HIFI_FP32, hifi=True,
            specials=mv_specials_fp32).write()
    t_mvmul("mx_mvmul_fp16", M.FP16, False, False, 2611, MV_FP16, gen=lambda r: rnd_fp16(r, 12, 18),
            specials=mv_specials_fp16).write()
    t_mvmul("mx_mvmul_int8", M.INT8, False, True, 2620, MV_INT8, hifi=True, gen=lambda r: rnd_int8(r, 255),
            specials=mv_specials_int8, fidbase=1).write()
    t_gapool()
    t_gmpool()
    t_gmpool_fp32()
    t_clear_dvalid()
    t_rwc_addrmod()
    t_elw_specials()
    t_elw_noflush()
    t_implied_vs_configured()
    t_elw_fp16_fp32dest()
    t_mvmul("mx_mvmul_fp16_fp32dest", M.FP16, True, False, 2624, MV_FP16_32, gen=lambda r: rnd_fp16(r, 1, 20),
            specials=mv_specials_fp16_32).write()
    t_zero_flag_dst_off()
    t_clr_dvalid_disable()
    t_elwmul_phases_full_mantissa("mx_elwmul_tf32_phases_fp32dest", M.TF32, True, 2625)
    t_elwmul_phases_full_mantissa("mx_elwmul_fp16_phases", M.FP16, False, 2626)


if __name__ == '__main__':
    main()
