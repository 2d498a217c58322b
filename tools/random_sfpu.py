"""random_sfpu.py: the SFPU mode of tools/gen_random.py (--sfpu, issue 30).

Random Dest contents (Dst32b rows 0..127, so every cell an SFPLOAD / SFPSTORE below can reach, FP32
specials and integers among random words), random SFPU constants and ADDR_MOD Dest increments, then
the math thread (thread 1) runs random SFP instructions back to back: every SFP instruction the
model runs, fields random over their encodings. No expectations: in lockstep every LReg write,
lane-flag change and Dest row the SFPU writes is compared with the model's (the write report,
tt_pkg::sfpu_wr_t). Threads 0 and 2 have nothing to do.

Constraints (the forms the model reports as undefined or unimplemented stay out; docs/decisions.md
"SFPU arithmetic" S5, S7, S9 and the list there of what is not modelled):
* no SFPLOADMACRO, no SFPARECIP EXP mode (Mod1 >= 2): not in the model;
* SFPLOADI Mod0 in {0, 1, 2, 4, 8, 10}; SFPSHFT Mod1 in {0, 1, 2, 3, 5, 7}; SFPCAST Mod1 <= 3;
  SFPSWAP Mod1 <= 9; SFPSHFT2 Mod1 <= 6; SFPCONFIG VD not 9 or 10; SFPSTOCHRND's UseImm5 (Mod1
  bit 3) only with the IntInt modes 4 and 5; SFPMUL24 with VC = 9 (LReg[9] is 0 in every lane:
  no instruction writes it);
* the flag stack: every lane pushes and pops together (SFPPUSHC / SFPPOPC are not lane-enabled),
  so one depth is tracked: a plain SFPPUSHC only below 8 entries, an SFPPUSHC that mutates the top
  and a plain SFPPOPC only with one or more;
* SFPLOAD / SFPSTORE: Addr = Imm10 + RWC.Dst (MATH_Offset, DEST_REGW_BASE, Sp and their bases 0;
  MOD0_FMT_INT32_ALL adds Sp = 0), with Imm10 <= 92 and RWC.Dst kept <= 31 (a SETRWC sets it to 0
  when the ADDR_MOD increments have taken it past 24), so a Dst32b row stays below 128 (Dest rows
  below 256, all preloaded);
* VD is mostly 0..7; now and then 8..15, where the pages write nothing or (DISABLE_BACKDOOR_LOAD
  clear, VD >= 12) store the instruction word as an SFPLOADMACRO template (decisions S4).
With `--sfpu-ref` (generate_sfpu(checked=True)) the stream keeps to what tools/sfpu_ref.py models
(REF_KINDS; VD 0..7; no LaneConfig or LoadMacroConfig writes; no INT32_ALL, SFPMOV from special
registers, SFPCAST other than IntFloat, SFPSTOCHRND IntInt; SrcB format left FP32) and ends with
`expect dest32` lines for all 128 preloaded rows computed by it: the model alone is checked.
"""

import sfpu_ref

SPECIAL_WORDS = [0x00000000, 0x80000000, 0x00000001, 0x807FFFFF, 0x7F800000, 0xFF800000, 0x7FC00000,
                 0xFFC00000, 0x7F7FFFFF, 0xFF7FFFFF, 0x00800000, 0x3F800000, 0xBF800000, 0x3F000000,
                 0x4B000000, 0xFFFFFFFF, 0x7FFFFFFF, 0x0000FFFF, 0x00000080]
SPECIAL_IMM16 = [0x0000, 0x8000, 0x7F80, 0xFF80, 0x7FC0, 0x3F80, 0xBF80, 0x3F00, 0xFFFF, 0x7C00,
                 0x3C00, 0x0001, 0x00FF]

# SFP instructions and their draw weights
KINDS = [
    ("ttsfpload", 8), ("ttsfpstore", 6), ("ttsfploadi", 8), ("ttsfpmad", 6), ("ttsfpadd", 3),
    ("ttsfpmul", 3), ("ttsfpmuli", 2), ("ttsfpaddi", 2), ("ttsfpmov", 3), ("ttsfpabs", 2),
    ("ttsfpand", 2), ("ttsfpor", 2), ("ttsfpxor", 2), ("ttsfpnot", 1), ("ttsfpiadd", 4),
    ("ttsfpshft", 3), ("ttsfpshft2", 2), ("ttsfplz", 2), ("ttsfpexexp", 2), ("ttsfpexman", 2),
    ("ttsfpsetexp", 2), ("ttsfpsetman", 2), ("ttsfpsetsgn", 2), ("ttsfpdivp2", 2), ("ttsfpsetcc", 4),
    ("ttsfpencc", 3), ("ttsfppushc", 3), ("ttsfppopc", 3), ("ttsfpcompc", 2), ("ttsfpgt", 2),
    ("ttsfple", 2), ("ttsfpmul24", 2), ("ttsfpswap", 3), ("ttsfptransp", 1), ("ttsfpcast", 2),
    ("ttsfp_stoch_rnd", 3), ("ttsfplut", 2), ("ttsfplutfp32", 2), ("ttsfparecip", 2),
    ("ttsfpconfig", 2), ("ttsfpnop", 1),
]


# --sfpu-ref: the kinds tools/sfpu_ref.py models (SFPLUT, SFPGT, SFPLE, SFPMUL24, SFPSHFT2, SFPTRANSP
# are not); with VD 0..7, no LaneConfig writes, no MOD0_FMT_INT32_ALL, SFPMOV from registers, SFPCAST
# IntFloat, SFPSTOCHRND FloatFloat / FloatInt, SFPCONFIG to LReg[11..14] only
REF_KINDS = {"ttsfpload", "ttsfpstore", "ttsfploadi", "ttsfpmad", "ttsfpadd", "ttsfpmul", "ttsfpmuli",
             "ttsfpaddi", "ttsfpmov", "ttsfpabs", "ttsfpand", "ttsfpor", "ttsfpxor", "ttsfpnot", "ttsfpiadd",
             "ttsfpshft", "ttsfplz", "ttsfpexexp", "ttsfpexman", "ttsfpsetexp", "ttsfpsetman", "ttsfpsetsgn",
             "ttsfpdivp2", "ttsfpsetcc", "ttsfpencc", "ttsfppushc", "ttsfppopc", "ttsfpcompc", "ttsfpswap",
             "ttsfpcast", "ttsfp_stoch_rnd", "ttsfplutfp32", "ttsfparecip", "ttsfpconfig", "ttsfpnop"}


# the MAD sub-unit's instructions, two cycles each (VectorUnit.md; docs/decisions.md S20)
MAD_CLASS = ("ttsfpmad", "ttsfpadd", "ttsfpmul", "ttsfpmul24", "ttsfpmuli", "ttsfpaddi", "ttsfplut",
             "ttsfplutfp32")


class _Gen:
    def __init__(self, rng, checked=False):
        self.r = rng
        self.checked = checked
        self.depth = 0     # flag-stack entries (every lane the same)
        self.dst = 0       # RWC.Dst
        self.incr = [0] * 8

    def word(self):
        r = self.r
        u = r.random()
        if u < 0.25:
            return r.choice(SPECIAL_WORDS) ^ (r.getrandbits(1) << 31 if r.random() < 0.3 else 0)
        if u < 0.5:   # an FP32 in a common range
            return r.getrandbits(1) << 31 | r.randrange(100, 155) << 23 | r.getrandbits(23)
        if u < 0.6:   # a small integer
            return r.randrange(-300, 300) & 0xFFFFFFFF
        return r.getrandbits(32)

    def vd(self):
        if self.checked:
            return self.r.randrange(8)
        return self.r.randrange(8) if self.r.random() < 0.93 else self.r.randrange(8, 16)

    def vs(self):
        """A source register: 0..7 mostly, the constants 8..15 sometimes."""
        return self.r.randrange(8) if self.r.random() < 0.8 else self.r.randrange(8, 16)

    def field(self, mn, name):
        for n, _, w in sfpu_ref.ISA_FIELDS[mn]:
            if n == name:
                return w
        raise KeyError(name)

    def bits(self, mn, name):
        return self.r.getrandbits(self.field(mn, name))

    def instr(self):
        """(lines) for one random item of the stream."""
        r = self.r
        kinds = [(k, w) for k, w in KINDS if not self.checked or k in REF_KINDS]
        mn = r.choices([k for k, _ in kinds], [w for _, w in kinds])[0]
        pre = []
        if mn in ("ttsfpload", "ttsfpstore"):
            if self.dst > 24:
                pre.append("ttsetrwc 0,0,0,0,0,4   # RWC.Dst = 0")
                self.dst = 0
            mod0 = r.randrange(16)
            if self.checked and mod0 == 10:
                mod0 = 3
            am = r.randrange(8)
            ops = [self.vd() if mn == "ttsfpstore" else r.randrange(8), mod0, am, r.randrange(93)]
            self.dst = (self.dst + self.incr[am]) & 0x3FF
        elif mn == "ttsfploadi":
            imm = r.choice(SPECIAL_IMM16) if r.random() < 0.4 else r.getrandbits(16)
            ops = [self.vd(), r.choice([0, 1, 2, 4, 8, 10]), imm]
        elif mn in ("ttsfpmad", "ttsfpadd", "ttsfpmul"):
            ops = [self.vs(), self.vs(), self.vs(), self.vd(), r.randrange(16)]
        elif mn == "ttsfpmul24":
            ops = [self.vs(), self.vs(), 9, self.vd(), r.randrange(16)]
        elif mn in ("ttsfpmuli", "ttsfpaddi"):
            imm = r.choice(SPECIAL_IMM16) if r.random() < 0.4 else r.getrandbits(16)
            ops = [imm, self.vd(), r.randrange(16)]
        elif mn == "ttsfpshft":
            ops = [r.getrandbits(12) if r.random() < 0.3 else r.randrange(-40, 40) & 0xFFF,
                   self.vs(), self.vd(), r.choice([0, 1, 2, 3, 5, 7])]
        elif mn == "ttsfpshft2":
            ops = [r.getrandbits(12) if r.random() < 0.3 else r.randrange(-40, 40) & 0xFFF,
                   self.vs(), self.vd(), r.randrange(7)]
        elif mn == "ttsfpcast":
            ops = [self.vs(), self.vd(), r.randrange(2 if self.checked else 4)]
        elif mn == "ttsfpswap":
            ops = [0, self.vs(), self.vd(), r.randrange(10)]
        elif mn == "ttsfpconfig":
            vds = [11, 12, 13, 14] if self.checked else [0, 1, 2, 3, 4, 5, 6, 7, 8, 11, 12, 13, 14, 15]
            ops = [r.getrandbits(16), r.choice(vds), r.randrange(16)]
        elif mn == "ttsfp_stoch_rnd":
            mod1 = r.choice([0, 1, 2, 3, 6, 7]) if self.checked else r.randrange(8)
            if mod1 in (4, 5) and r.random() < 0.5:
                mod1 |= 8
            ops = [r.randrange(4), r.randrange(32), self.vs(), self.vs(), self.vd(), mod1]
        elif mn == "ttsfppushc":
            if self.depth == 0 or (self.depth < 8 and r.random() < 0.6):
                ops = [0, 0, 0, 0]
                self.depth += 1
            else:
                ops = [0, 0, 0, r.randrange(1, 16)]
        elif mn == "ttsfppopc":
            if self.depth > 0 and r.random() < 0.6:
                ops = [0, 0, 0, 0]
                self.depth -= 1
            else:
                ops = [0, 0, 0, r.randrange(1, 16)]
        elif mn == "ttsfparecip":
            ops = [self.vs(), self.vs(), self.vd(), r.randrange(2)]
        elif mn == "ttsfplutfp32":
            ops = [self.vd(), r.randrange(16)]
        elif mn == "ttsfplut":
            ops = [self.vd(), r.randrange(16), r.getrandbits(16)]
        elif mn == "ttsfpnop":
            ops = []
        else:
            # the shape imm12, VC, VD, Mod1 (SFPMOV, SFPIADD, SFPSETCC, SFPENCC, SFPAND, ...)
            names = [n for n, _, _ in sfpu_ref.ISA_FIELDS[mn]]
            ops = []
            for n in names:
                if n == "lreg_dest":
                    ops.append(self.vd())
                elif n in ("lreg_c", "lreg_src_c"):
                    ops.append(self.vs())
                elif n == "imm12_math" and self.field(mn, n) == 4:   # VB of SFPAND / SFPOR / SFPARECIP
                    ops.append(self.vs())
                else:
                    ops.append(self.bits(mn, n))
        if self.checked and mn == "ttsfpmov":
            ops[-1] &= ~8          # not from the special registers
        sfpu_ref.encode(mn, ops)   # every field in range
        # docs/decisions.md S22: what reads a MAD sub-unit result the next cycle unseen by the automatic
        # stalls, or a VD >= 12 right after an SFPCONFIG of LaneConfig, is undefined: an SFPNOP after them
        post = ["ttsfpnop   # S22"] if mn in MAD_CLASS or (mn == "ttsfpconfig" and ops[1] == 15) else []
        return pre + ["%s %s" % (mn, ",".join(str(v) if v < 10 else "0x%X" % v for v in ops)) if ops else mn] + post


def generate_sfpu(seed, length, rng, drop_waits=False, checked=False):
    """checked (gen_random --sfpu-ref): only what tools/sfpu_ref.py models (REF_KINDS and the forms
    above it), and `expect dest32` lines for every preloaded row from that reference, so the model
    alone is checked against it."""
    del drop_waits  # one thread, nothing to order
    g = _Gen(rng, checked)
    fp32 = rng.random() < 0.6
    flag = "--sfpu-ref" if checked else "--sfpu"
    lines = [f"# random_sfpu{'-ref' if checked else ''}_{seed}.tts: constrained-random SFPU stream "
             f"(tools/gen_random.py {flag}).",
             f"#   python3 tools/gen_random.py {flag} --seed {seed} --length {length} -o FILE",
             ("# Expectations: Dest from tools/sfpu_ref.py; in lockstep every SFPU write is compared too."
              if checked else
              "# No expectations: in lockstep every LReg, lane-flag and Dest write of the SFPU is compared."),
             "# Constraints: see the docstring of tools/random_sfpu.py.",
             f"max_cycles {200000 + 400 * length}", ""]
    if fp32:
        lines.append("cfg 0 ALU_ACC_CTRL_SFPU_Fp32_enabled 1")
    if rng.random() < 0.3 and not checked:   # (sfpu_ref resolves MOD0_FMT_SRCB for SrcB FP32 only)
        lines.append(f"cfg 0 ALU_FORMAT_SPEC_REG1_SrcB {rng.choice([0, 1, 4, 5, 6, 8, 9, 10, 14])}")
    for row in range(128):
        lines.append(f"dest32 {row} " + " ".join("0x%08X" % g.word() for _ in range(16)))
    t1 = []
    if rng.random() < 0.8:
        t1.append("ttsfpencc 3,0,0,10   # lane flags used, all set (tt-llk's boot)")
    for i in range(8):
        g.incr[i] = rng.choice([0, 0, 1, 2, 2, 4])
        t1.append(f"ttsetc16 {28 + i},{g.incr[i]}   # ADDR_MOD_{i}: Dest += {g.incr[i]}")
    for vd in (11, 12, 13, 14):
        if rng.random() < 0.5:
            w = g.word()
            t1.append(f"ttsfploadi 0,10,0x{w & 0xFFFF:X}")
            t1.append(f"ttsfploadi 0,8,0x{w >> 16:X}")
            t1.append(f"ttsfpconfig 0,{vd},0   # LReg[{vd}]")
    for _ in range(length):
        t1 += g.instr()
    t1.append("drain")
    lines += ["", "thread 1"] + t1
    if checked:
        lines += [""] + _expectations(lines, fp32)
    return "\n".join(lines) + "\n"


def _expectations(lines, fp32):
    """Run the stream on tools/sfpu_ref.py: `expect dest32` of Dst32b rows 0..127."""
    u = sfpu_ref.Sfpu()
    u.fp32_enabled = fp32
    for line in lines:
        t = line.split("#")[0].split()
        if not t:
            continue
        if t[0] == "dest32":
            for c, v in enumerate(t[2:]):
                u.wr32(int(t[1]), c, int(v, 16))
        elif t[0].startswith("tt"):
            u.run(t[0], [int(x, 0) for x in t[1].split(",")] if len(t) > 1 else [])
    return [f"expect dest32 {r} " + " ".join("0x%08X" % u.rd32(r, c) for c in range(16)) for r in range(128)]
