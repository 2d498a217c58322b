"""random_sfpu.py: the SFPU mode of tools/gen_random.py (--sfpu, issue 30).

Random Dest contents (Dst32b rows 0..127, so every cell an SFPLOAD / SFPSTORE below can reach, FP32
specials and integers among random words), random SFPU constants and ADDR_MOD Dest increments, then
the math thread (thread 1) runs random SFP instructions back to back: every SFP instruction the
model runs, fields random over their encodings. No expectations: in lockstep every LReg write,
lane-flag change and Dest row the SFPU writes is compared with the model's (the write report,
tt_pkg::sfpu_wr_t). Threads 0 and 2 have nothing to do.

Constraints (the forms the model reports as undefined or unimplemented stay out; docs/decisions.md
"SFPU arithmetic" S5, S7, S9 and the list there of what is not modelled):
* SFPLOADMACRO only in the "macro" blocks (_Gen.lm_block; docs/decisions.md "SFPLOADMACRO", "The
  random draws"): LoadMacroConfig made the same in every lane, then now and then a template or the
  bits 6 / 7 of a Sequence written again in some lanes (L9c: lanes differ only in the instruction),
  templates (SFPCONFIG VD 0..3 or the backdoor; SFPSWAP with its SFPNOP on MAD and an idle cycle
  after), Sequence bytes (none / SFPNOP / SFPSTORE / a template; delay 0..6; bits 6, 7), Misc,
  one to three macros, regular instructions between (some discarded), SFPNOPs to drain; drawn again
  until no two scheduled instructions share a cycle, nothing but SFPNOP follows a scheduled MAD,
  a macro's E1 meets only a scheduled store, regular instructions only where L8 / L10 allow;
* SFPLOADI Mod0 in {0, 1, 2, 4, 8, 10}; SFPSHFT Mod1 in {0, 1, 2, 3, 5, 7}; SFPCAST Mod1 <= 3;
  SFPSWAP Mod1 <= 9; SFPSHFT2 Mod1 <= 6; SFPCONFIG VD not 9 or 10; SFPSTOCHRND's UseImm5 (Mod1
  bit 3) only with the IntInt modes 4 and 5; SFPMUL24 with VC = 9 (LReg[9] is 0 in every lane:
  no instruction writes it);
* the flag stack: every lane pushes and pops together (SFPPUSHC / SFPPOPC are not lane-enabled),
  so one depth is tracked: a plain SFPPUSHC only below 8 entries, an SFPPUSHC that mutates the top
  and a plain SFPPOPC only with one or more;
* SFPLOAD / SFPSTORE: Addr = Imm10 + MATH_Offset (0) + (RWC.Dst + DEST_REGW_BASE) + ((Sp +
  DEST_SP_BASE) & 3), or for MOD0_FMT_INT32_ALL Imm10 + (Sp + DEST_SP_BASE) + ((RWC.Dst +
  DEST_REGW_BASE) & 3) (SFPLOAD.md, SFPSTORE.md; Sp stays 0: SFPU_STACK_Incr 0). The two bases
  (config words 6 and 7) are 0, or in about half of the --sfpu streams small, different and mostly
  nonzero (DEST_REGW_BASE 0..16, DEST_SP_BASE 0..12, not equal), with Imm10 below 93 - (the larger
  base + 3) and MOD0_FMT_INT32_ALL drawn more often then; RWC.Dst kept <= 31 (a SETRWC sets it to 0
  when the ADDR_MOD increments have taken it past 24), so a Dst32b row stays below 128 (Dest rows
  below 256, all preloaded);
* VD is mostly 0..7; now and then 8..15, where the pages write nothing or (DISABLE_BACKDOOR_LOAD
  clear, VD >= 12) store the instruction word as an SFPLOADMACRO template (decisions S4);
* SFPPUSHC / SFPPOPC with VD >= 12 only where the generator knows DISABLE_BACKDOOR_LOAD is clear in
  every lane (each lane a template write: no stack change, no empty / full check) or set in every
  lane (an ordinary push / pop); it tracks LaneConfig as the bits that may be set in some lane and
  those set in every lane (lane flags, which decide the lanes an SFPCONFIG writes, are not tracked);
* timing (docs/decisions.md S22): an SFPNOP after a MAD sub-unit instruction (SFPMAD, SFPADD,
  SFPMUL, SFPADDI, SFPMULI, SFPLUT, SFPLUTFP32, SFPMUL24) when the next is SFPAND, SFPOR, SFPIADD,
  SFPSHFT, SFPCONFIG, SFPSWAP or SFPSHFT2 (whatever it reads), after an SFPLUTFP32 with Mod1's
  INDIRECT_VD (its stall logic reads Mod1Mirror, 0 here) before any and before one after a MAD
  sub-unit instruction (the stall logic sees it read every LReg but LReg[7]), and after an SFPCONFIG of
  LaneConfig when the next has VD >= 12.

Besides the instructions' own random fields, items drawn for what mutation samples I and J of
tt_sfpu showed no stream reached (docs/mutation.md): SFPCONFIG of LaneConfig (VD 15) in every mode
(plain / OR / AND / XOR, Imm16 or LReg[0], IMM16_IS_LANE_MASK) with values that set each LaneConfig
bit now and then (ENABLE_FP16A_INF, DISABLE_BACKDOOR_LOAD, ENABLE_DEST_INDEX,
CAPTURE_DEFAULT_DEST_INDEX, BLOCK_DEST_WR_FROM_SFPU, BLOCK_SFPU_RD_FROM_DEST, DEST_RD/WR_COL_EXCHANGE,
EXCHANGE_SRCB_SRCC, the ROW_MASK rows, and the bits no page gives a meaning), sometimes made exact in
every lane first (SFPENCC off, then a plain Imm16 write); LoadMacroConfig writes (VD 0..8); a
"backdoor" item (an instruction of any kind with a VD, VD 12..15, mostly after a write that
clears DISABLE_BACKDOOR_LOAD in every lane); the flag stack pushed to 7 or 8 entries; the PRNG's
users (SFPMOV AdvancePRNG, now and then in a burst, SFPSTOCHRND stochastic, SFPCAST Mod1 1); LaneFlags
set by a bit of the lane number (neighbouring lanes differ); Dest words whose high half is an FP16
at exponent 30 / 31 with the mantissa all ones or one below. SFPSWAP and SFPLOAD then meet
ENABLE_DEST_INDEX / CAPTURE_DEFAULT_DEST_INDEX by themselves. For what sample K showed no stream
reached: DEST_REGW_BASE and DEST_SP_BASE different and nonzero (above), and an SFPTRANSP with VD
12..15 (or 11) after lanes 0 and 1 were made to disagree on DISABLE_BACKDOOR_LOAD ("transp_split":
SFPTRANSP's guard stands outside its lane loop, lane 0's bit decides, docs/decisions.md S7; every
lane enabled, LaneConfig made exact, then bit 1 ORed into or ANDed out of the lanes an Imm16 lane
mask picks, lane 0 or lane 1 of each eight but not both), its template read back now and then, and
sometimes after it the same with the bit clear in every lane (the guard's other side).
`python3 tools/random_sfpu.py --coverage --seeds N --length L [--ref]` counts in how many streams
each of these draws occurs.
With `--sfpu-ref` (generate_sfpu(checked=True)) the stream keeps to what tools/sfpu_ref.py models
(REF_KINDS; VD 0..7, so no backdoor item; no LoadMacroConfig writes, which it does not model; LaneConfig
writes of Imm16 values only and from LReg[0] only with AND (which only clears bits the tracking
knows of), bits 15:0; no SFPSWAP while ENABLE_DEST_INDEX or EXCHANGE_SRCB_SRCC may be set in a lane
(sfpu_ref.py refuses those); no INT32_ALL, SFPMOV from special registers (so no AdvancePRNG),
SFPCAST other than IntFloat, SFPSTOCHRND IntInt; SrcB format left FP32) and ends with `expect dest32`
lines for all 128 preloaded rows computed by it: the model alone is checked.
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
    # what mutation samples I and J showed no stream reached (docs/mutation.md): LaneConfig writes
    # (every mode, every bit), LoadMacroConfig writes, the flag stack near full, the PRNG's users
    ("lanecfg", 7), ("lmcfg", 4), ("stack_deep", 1), ("prng", 4), ("backdoor", 8), ("lane_flags", 2),
    # ... and sample K: SFPTRANSP's lane-0 guard with lanes 0 and 1 disagreeing
    ("transp_split", 2),
    # SFPLOADMACRO (issue 30): a macro block (_Gen.lm_block)
    ("macro", 8),
]
# the kinds with a VD the backdoor guard reads ("backdoor": one of them with VD 12..15)
VD_KINDS = [k for k, _ in KINDS if k.startswith("tt") and k not in ("ttsfpconfig", "ttsfpnop")]
# DEST_REGW_BASE (config word 6) and DEST_SP_BASE (word 7) of a --sfpu stream that draws them
REGW_BASES = [0, 1, 2, 3, 4, 4, 8, 12, 16]
SP_BASES = [0, 1, 2, 3, 4, 5, 8, 12]

# LaneConfig bits (SFPCONFIG.md "LaneConfig"; ref_model/src/sfpu.h TT_SFPU_LC_*) and how often a
# drawn LaneConfig value sets each: the ones that stop Dest traffic (BLOCK_*) or lanes (ROW_MASK)
# rarer, so a stream keeps doing something
LC_FP16A_INF, LC_DISABLE_BACKDOOR_LOAD, LC_ENABLE_DEST_INDEX, LC_CAPTURE_DEFAULT_DEST_INDEX = 1, 2, 4, 8
LC_BLOCK_DEST_WR_FROM_SFPU, LC_BLOCK_SFPU_RD_FROM_DEST, LC_DEST_RD_COL_EXCHANGE = 0x10, 0x20, 0x40
LC_DEST_WR_COL_EXCHANGE, LC_EXCHANGE_SRCB_SRCC, LC_ROW_MASK = 0x80, 0x100, 0xF000
LC_ALL = 0x3FFFF
LC_P = [(LC_FP16A_INF, 0.35), (LC_DISABLE_BACKDOOR_LOAD, 0.4), (LC_ENABLE_DEST_INDEX, 0.35),
        (LC_CAPTURE_DEFAULT_DEST_INDEX, 0.35), (LC_BLOCK_DEST_WR_FROM_SFPU, 0.1),
        (LC_BLOCK_SFPU_RD_FROM_DEST, 0.1), (LC_DEST_RD_COL_EXCHANGE, 0.25), (LC_DEST_WR_COL_EXCHANGE, 0.25),
        (LC_EXCHANGE_SRCB_SRCC, 0.3), (0x200, 0.1), (0x400, 0.1), (0x800, 0.1),
        (0x1000, 0.12), (0x2000, 0.12), (0x4000, 0.12), (0x8000, 0.12)]
# the bits SFPSWAP reads, which tools/sfpu_ref.py does not model (it refuses an SFPSWAP in a lane
# with either set): with --sfpu-ref no SFPSWAP while a lane may have one
LC_SWAP = LC_ENABLE_DEST_INDEX | LC_EXCHANGE_SRCB_SRCC
# MAD sub-unit instructions (SFPMAD.md "Instruction scheduling", docs/decisions.md S20) and the
# instructions that may not follow one in the next cycle without a gap (S22: those whose reads the
# stall logic misses; all of them here, not only those that read what the MAD wrote)
MAD_SUB = {"ttsfpmad", "ttsfpadd", "ttsfpmul", "ttsfpaddi", "ttsfpmuli", "ttsfplut", "ttsfplutfp32",
           "ttsfpmul24"}
AFTER_MAD_GAP = {"ttsfpand", "ttsfpor", "ttsfpiadd", "ttsfpshft", "ttsfpconfig", "ttsfpswap", "ttsfpshft2"}
VD_FIELDS = ("lreg_dest", "lreg_ind", "config_dest")

# SFPLOADMACRO blocks (_Gen.lm_block; docs/decisions.md "SFPLOADMACRO" L1-L12). Template kinds per
# sub-unit (L1's table), only forms whose scheduled run is defined on its own: SFPSWAP only as the
# "swap" kind drawn with its (++) company (lm_draw, lm_check; L10b), no SFPSHFT2 modes 0..4 (the copy modes write LReg 0..3 whatever VD; 2..4 want an
# idle cycle, L10c), no SFPCONFIG (it would write the macro's VD as a template / sequence, L3), no
# SFPPUSHC / SFPPOPC / SFPCOMPC (the flag-stack depth), no SFPLUT / SFPLUTFP32 (LReg 0..3 reads,
# INDIRECT_VD), SFPMUL24 (VC 9 only), SFPTRANSP, SFPARECIP. SFPGT / SFPLE templates, a MAD
# template's INDIRECT_VD and bit 6 on a flag-setting template were left out until decided
# (docs/decisions.md "SFPLOADMACRO" L3, L4; tests/directed/sfpu_lm_{indirect_vd16,sfpgt_template,
# flags_vd16}.tts)
LM_SUBUNITS = ("simple", "mad", "round", "store")
LM_TEMPLATES = {
    "simple": ["ttsfpabs", "ttsfpmov", "ttsfpnot", "ttsfpxor", "ttsfpand", "ttsfpor", "ttsfpiadd",
               "ttsfpshft", "ttsfplz", "ttsfpexexp", "ttsfpexman", "ttsfpsetexp", "ttsfpsetman",
               "ttsfpsetsgn", "ttsfpdivp2", "ttsfpsetcc", "ttsfpcast", "ttsfpgt", "ttsfple"],
    "mad": ["ttsfpmad", "ttsfpadd", "ttsfpmul", "ttsfpaddi", "ttsfpmuli"],
    "round": ["ttsfpshft2", "ttsfp_stoch_rnd"],
    "store": ["ttsfpstore"],
}
# regular instructions between / after macros (load or simple sub-unit; none stalls or is stalled,
# S21; none a MAD whose next-cycle readers L10d would judge), and the round one to be discarded
LM_BETWEEN = ["ttsfpabs", "ttsfpmov", "ttsfpnot", "ttsfplz", "ttsfpsetsgn", "ttsfpxor", "ttsfpexexp",
              "ttsfploadi"]
LM_DISCARD = {"simple": ["ttsfpabs", "ttsfpmov", "ttsfpnot", "ttsfpsetsgn", "ttsfpxor"],
              "round": ["ttsfp_stoch_rnd"]}
LM_DRAWS = ["SFPLOADMACRO issued", "SFPLOADMACRO scheduled simple", "SFPLOADMACRO scheduled mad",
            "SFPLOADMACRO scheduled round", "SFPLOADMACRO scheduled store",
            "SFPLOADMACRO scheduled SFPNOP", "SFPLOADMACRO SFPSTORE source 3",
            "SFPLOADMACRO delay by cycles", "SFPLOADMACRO delay by instructions",
            "SFPLOADMACRO LReg[16] written", "SFPLOADMACRO LReg[16] stored", "SFPLOADMACRO VB override",
            "SFPLOADMACRO discard", "SFPLOADMACRO forget", "SFPLOADMACRO forget by source 0", "SFPLOADMACRO back to back",
            "SFPLOADMACRO three macros", "SFPLOADMACRO backdoor template",
            "SFPLOADMACRO UsesLoadMod0ForStore",
            "SFPLOADMACRO regular between", "SFPLOADMACRO scheduled SFPSWAP",
            "SFPLOADMACRO template by lane", "SFPLOADMACRO Sequence bits by lane"]
# a template's category -> the sub-unit that executes it ("swap": SFPSWAP, on the simple sub-unit,
# drawn with its (++) company: an SFPNOP on MAD in its cycle, nothing the cycle after; L9f, L10b)
LM_CAT_UNIT = {"simple": "simple", "swap": "simple", "mad": "mad", "round": "round", "store": "store",
               "nop": "nop"}


# --sfpu-ref: the kinds tools/sfpu_ref.py models (SFPLUT, SFPGT, SFPLE, SFPMUL24, SFPSHFT2, SFPTRANSP
# are not); with VD 0..7, no LaneConfig writes, no MOD0_FMT_INT32_ALL, SFPMOV from registers, SFPCAST
# IntFloat, SFPSTOCHRND FloatFloat / FloatInt, SFPCONFIG to LReg[11..14] only
REF_KINDS = {"ttsfpload", "ttsfpstore", "ttsfploadi", "ttsfpmad", "ttsfpadd", "ttsfpmul", "ttsfpmuli",
             "ttsfpaddi", "ttsfpmov", "ttsfpabs", "ttsfpand", "ttsfpor", "ttsfpxor", "ttsfpnot", "ttsfpiadd",
             "ttsfpshft", "ttsfplz", "ttsfpexexp", "ttsfpexman", "ttsfpsetexp", "ttsfpsetman", "ttsfpsetsgn",
             "ttsfpdivp2", "ttsfpsetcc", "ttsfpencc", "ttsfppushc", "ttsfppopc", "ttsfpcompc", "ttsfpswap",
             "ttsfpcast", "ttsfp_stoch_rnd", "ttsfplutfp32", "ttsfparecip", "ttsfpconfig", "ttsfpnop",
             "lanecfg", "stack_deep", "prng", "lane_flags"}



class _Gen:
    def __init__(self, rng, checked=False):
        self.r = rng
        self.checked = checked
        self.depth = 0     # flag-stack entries (every lane the same)
        self.dst = 0       # RWC.Dst
        self.incr = [0] * 8
        # LaneConfig as far as the generator knows it (lane flags, which decide the lanes an
        # SFPCONFIG writes, are not tracked): bits that may be 1 in some lane, bits 1 in every lane
        self.lc_may = 0
        self.lc_must = 0
        self.force_bd = False   # vd() gives 12..15 (the "backdoor" item)
        self.imm10_top = 93     # SFPLOAD / SFPSTORE Imm10 below this (less with the Dest bases)
        self.low_vd = False     # vd() gives 0..7 (SFPLOADMACRO blocks)
        self.bd_done = set()    # the kinds the "backdoor" item has drawn
        self.bd_start = 0       # where its walk through VD_KINDS starts (9 * seed)

    def word(self):
        r = self.r
        u = r.random()
        if u < 0.25:
            return r.choice(SPECIAL_WORDS) ^ (r.getrandbits(1) << 31 if r.random() < 0.3 else 0)
        if u < 0.5:   # an FP32 in a common range
            return r.getrandbits(1) << 31 | r.randrange(100, 155) << 23 | r.getrandbits(23)
        if u < 0.6:   # a small integer
            return r.randrange(-300, 300) & 0xFFFFFFFF
        if u < 0.66:  # an FP16 cell (the high half, as SFPLOAD's 16-bit formats read it) at exponent
            # 30 / 31 with the mantissa all ones or one below (ENABLE_FP16A_INF's infinity, SFPLOAD.md)
            return r.choice([0x7FFF, 0xFFFF, 0x7FDF, 0xFFDF, 0x7FFE, 0xFFFE]) << 16 | r.getrandbits(16)
        return r.getrandbits(32)

    def vd(self):
        """0..7 mostly; 8..15 now and then, 12..15 (backdoor template writes where
        DISABLE_BACKDOOR_LOAD is clear, decisions S4) the more often"""
        if self.checked or self.low_vd:
            return self.r.randrange(8)
        if self.force_bd:   # 11: the guard's other side
            return self.r.choice([11, 12, 12, 12, 13, 14, 15])
        if self.r.random() < 0.8:
            return self.r.randrange(8)
        return self.r.choice([8, 9, 10, 11, 11, 11, 12, 12, 12, 13, 14, 15])

    def push_vd(self):
        """SFPPUSHC / SFPPOPC's VD where the stack moves in every lane: >= 12 only where every
        lane has DISABLE_BACKDOOR_LOAD (else some lanes would write the template instead)"""
        vd = self.vd()
        if vd >= 12 and not self.lc_must & LC_DISABLE_BACKDOOR_LOAD:
            vd = self.r.randrange(8, 12)
        return vd

    def lc_value(self):
        v = 0
        for bit, p in LC_P:
            if self.r.random() < p:
                v |= bit
        if v & LC_CAPTURE_DEFAULT_DEST_INDEX and self.r.random() < 0.7:
            v |= LC_ENABLE_DEST_INDEX   # CAPTURE_DEFAULT_DEST_INDEX acts only with it (SFPLOAD.md)
        return v

    def lc_write(self, mod1, v):
        """Track an SFPCONFIG of LaneConfig (Mod1 as SFPCONFIG.md; v the value, None when it comes
        from LReg[0]) in lc_may / lc_must; which lanes it writes is unknown."""
        op = mod1 & 6
        if v is None:
            if op != 4:
                self.lc_may = LC_ALL
            if op != 2:
                self.lc_must = 0
            return
        if mod1 & 1:   # IMM16_IS_VALUE keeps bits 17:16
            v |= LC_ALL & ~0xFFFF if op == 4 else 0
        if op == 0:
            self.lc_may |= v
            self.lc_must &= v | (~0xFFFF if mod1 & 1 else 0)
        elif op == 2:
            self.lc_may |= v
        elif op == 4:
            self.lc_must &= v
        else:
            self.lc_may |= v
            self.lc_must &= ~v

    def lc_sync(self, v):
        """every lane enabled, then LaneConfig[15:0] = v in all (bits 17:16 kept)"""
        self.lc_may = (self.lc_may & ~0xFFFF) | v
        self.lc_must = (self.lc_must & ~0xFFFF) | v
        return ["ttsfpencc 0,0,0,2   # UseLaneFlagsForLaneEnable off: every lane",
                "ttsfpconfig 0x%X,15,1   # LaneConfig[15:0] = 0x%X" % (v, v)]

    def lanecfg(self):
        """An SFPCONFIG of LaneConfig (VD 15): plain / OR / AND / XOR, IMM16_IS_VALUE or LReg[0],
        IMM16_IS_LANE_MASK; sometimes first made exact in every lane (SFPENCC: no lane flags, then a
        plain write of an immediate)."""
        r = self.r
        v = self.lc_value()
        if self.checked:
            v &= 0xFFFF
        if r.random() < 0.35:
            return self.lc_sync(v)
        op = r.choice([0, 2, 4, 6])
        imm = r.random() < 0.6
        mask = r.random() < 0.25
        pre = []
        if self.checked and not imm:
            op = 4   # AND from LReg[0] (whatever it holds) only clears bits the tracking knows of
        if not imm and r.random() < 0.6:
            pre.append("ttsfploadi 0,2,0x%X   # LReg[0] = 0x%X (UINT16)" % (v, v))
        if mask:
            v |= r.getrandbits(16) & 0x5555   # lane l (of 8) written when bit 2 l is set
        mod1 = (8 if mask else 0) | op | (1 if imm else 0)
        self.lc_write(mod1, v if imm else None)
        return pre + ["ttsfpconfig 0x%X,15,%d   # LaneConfig %s %s%s" % (
            v, mod1, ["=", "|=", "&=", "^="][op // 2], "Imm16" if imm else "LReg[0]",
            ", lane mask" if mask else "")]

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

    def instr(self, mn=None):
        """(lines) for one random item of the stream (of kind mn when given)."""
        r = self.r
        if mn:
            kinds = [(mn, 1)]
        else:
            kinds = [(k, w) for k, w in KINDS if not self.checked or k in REF_KINDS]
        if self.checked and self.lc_may & LC_SWAP:
            kinds = [(k, w) for k, w in kinds if k != "ttsfpswap"]
        mn = r.choices([k for k, _ in kinds], [w for _, w in kinds])[0]
        pre = []
        if mn == "lanecfg":
            return self.lanecfg()
        if mn == "macro":
            return self.lm_block()
        if mn == "lane_flags":
            # LaneFlags by a bit of the lane number (LReg[15] holds 2 l in lane l, LReg.md), so
            # neighbouring lanes differ: what SFPCONFIG's lane l & 7 and the lane enables read
            t, k = r.randrange(8), r.randrange(26, 31)
            return ["ttsfpencc 3,0,0,10   # LaneFlags used, all set",
                    "ttsfpmov 0,15,%d,0" % t,
                    "ttsfpshft %d,0,%d,1   # lane bit %d to the sign" % (k, t, 30 - k),
                    "ttsfpsetcc 0,%d,0,0   # LaneFlags = lane bit %d" % (t, 30 - k)]
        if mn == "backdoor":
            # an instruction with VD 12..15 where DISABLE_BACKDOOR_LOAD is clear: its word goes to
            # InstructionTemplate[VD - 12] instead (decisions S4); mostly LaneConfig is made
            # so first in every lane when it may not be
            pre = []
            if self.lc_may & LC_DISABLE_BACKDOOR_LOAD and r.random() < 0.7:
                v = self.lc_value() & ~LC_DISABLE_BACKDOOR_LOAD
                pre = self.lc_sync(v)
            self.force_bd = True
            # each kind once before repeats, from a place the seed picks (consecutive seeds start
            # 9 kinds apart: ten streams of a few backdoor items each reach every kind)
            n = len(VD_KINDS)
            left = [VD_KINDS[(self.bd_start + i) % n] for i in range(n)
                    if VD_KINDS[(self.bd_start + i) % n] not in self.bd_done]
            k = left[0] if left and r.random() < 0.8 else r.choice(VD_KINDS)
            self.bd_done.add(k)
            out = self.instr(k)
            self.force_bd = False
            fl = [_sfp_fields(x) for x in out]
            vd = max([v for x in fl if x for n, v in x[1].items() if n in VD_FIELDS] + [0])
            if vd >= 12 and r.random() < 0.6:   # the template read back (SFPMOV.md Mod1 8)
                out.append("ttsfpmov 0,%d,%d,8   # LReg = InstructionTemplate[%d]" % (vd - 12, r.randrange(8), vd - 12))
            return pre + out
        if mn == "transp_split":
            # SFPTRANSP's guard `VD < 12 || DISABLE_BACKDOOR_LOAD` stands outside its lane loop: lane
            # 0's bit decides whether it transposes, every lane with the bit clear takes the template
            # write (docs/decisions.md S4, S7). Lanes 0 and 1 (of each eight) made to disagree: every
            # lane enabled and LaneConfig exact (bit 1 as `on`), then bit 1 flipped by OR / AND from
            # LReg[0] in the lanes the Imm16 lane mask picks (SFPCONFIG.md MOD1_IMM16_IS_LANE_MASK:
            # lane l when bit 2 (l & 7) is set): lane 0 or lane 1, not both, and any of lanes 2..7.
            on = r.random() < 0.5
            v = self.lc_value() & ~LC_DISABLE_BACKDOOR_LOAD | (LC_DISABLE_BACKDOOR_LOAD if on else 0)
            out = self.lc_sync(v)
            mask = (1 << (2 * r.randrange(2))) | (r.getrandbits(16) & 0x5550)
            if on:   # AND with LReg[0] = ~2 (UINT16: bits 17:16 cleared as well)
                out += ["ttsfploadi 0,2,0xFFFD   # LReg[0] = 0xFFFD (UINT16)",
                        "ttsfpconfig 0x%X,15,12   # LaneConfig &= LReg[0], lane mask: DISABLE_BACKDOOR_LOAD "
                        "cleared in lanes 0 or 1" % mask]
                self.lc_write(12, None)
            else:
                out += ["ttsfploadi 0,2,0x2   # LReg[0] = 2 (UINT16)",
                        "ttsfpconfig 0x%X,15,10   # LaneConfig |= LReg[0], lane mask: DISABLE_BACKDOOR_LOAD "
                        "set in lanes 0 or 1" % mask]
                self.lc_write(2, LC_DISABLE_BACKDOOR_LOAD)
            self.force_bd = True
            vd = self.vd()
            self.force_bd = False
            out.append("ttsfptransp 0,0,%d,0   # lanes 0 and 1 disagree on DISABLE_BACKDOOR_LOAD" % vd)
            if vd >= 12 and r.random() < 0.6:   # the template read back (SFPMOV.md Mod1 8)
                out.append("ttsfpmov 0,%d,%d,8   # LReg = InstructionTemplate[%d]"
                           % (vd - 12, r.randrange(8), vd - 12))
            if r.random() < 0.4:
                # the guard's other side: the bit clear in every lane, so no lane transposes and
                # every lane takes the template write
                out += self.lc_sync(self.lc_value() & ~LC_DISABLE_BACKDOOR_LOAD)
                out.append("ttsfptransp 0,0,%d,0   # DISABLE_BACKDOOR_LOAD clear in every lane"
                           % r.randrange(12, 16))
            return out
        if mn == "lmcfg":
            # LoadMacroConfig (SFPCONFIG.md): InstructionTemplate[VD] from LReg[0] (VD 0..3),
            # Sequence[VD - 4] (4..7), Misc (8, plain / OR / AND / XOR); Imm16 or LReg[0], lane mask
            return ["ttsfpconfig 0x%X,%d,%d" % (r.getrandbits(16), r.randrange(9), r.randrange(16))]
        if mn == "stack_deep":
            # the flag stack to 7 or 8 entries (SFPPUSHC.md: eight), a flag change between pushes
            out = []
            while self.depth < r.choice([7, 8]):
                out.append("ttsfppushc 0,0,0,0   # depth %d" % (self.depth + 1))
                self.depth += 1
                if r.random() < 0.5:
                    out.append("ttsfpsetcc 0,%d,0,%d" % (r.randrange(8), r.choice([0, 2, 4, 6])))
            if r.random() < 0.5:
                out.append("ttsfppushc 0,0,0,%d   # the top changed" % r.randrange(1, 16))
            return out
        if mn == "prng":
            # VectorUnit.md "PRNG": SFPMOV's AdvancePRNG (Mod1 8, VC 9), SFPSTOCHRND's stochastic
            # rounding (rnd_mode 1), SFPCAST Mod1 1 (stochastic)
            k = r.randrange(3 if not self.checked else 2)
            burst = []
            if k == 2 and r.random() >= 0.4:
                # a burst, so a lane's state gets past the all-ones run that follows its reset
                # value 0 (VectorUnit.md "PRNG"), where the rounding compares differ; then a user
                burst = ["ttsfpmov 0,9,%d,8   # AdvancePRNG" % self.vd() for _ in range(r.randrange(8, 48))]
                k = r.randrange(2)
            if k == 0:
                return burst + ["ttsfp_stoch_rnd 1,%d,%d,%d,%d,%d" % (r.randrange(32), self.vs(), self.vs(), self.vd(),
                                                            r.choice([0, 1, 2, 3, 6, 7]))]
            if k == 1:
                return burst + ["ttsfpcast %d,%d,1" % (self.vs(), self.vd())]
            return ["ttsfpmov 0,9,%d,8   # AdvancePRNG" % self.vd()]
        if mn in ("ttsfpload", "ttsfpstore"):
            if self.dst > 24:
                pre.append("ttsetrwc 0,0,0,0,0,4   # RWC.Dst = 0")
                self.dst = 0
            mod0 = r.randrange(16) if r.random() < 0.8 else 1   # FP16 (ENABLE_FP16A_INF) the more often
            if self.checked and mod0 == 10:
                mod0 = 3
            if self.imm10_top < 93 and r.random() < 0.1:
                mod0 = 10   # MOD0_FMT_INT32_ALL, the mode that adds DEST_SP_BASE to Sp, more often
            am = r.randrange(8)
            ops = [self.vd(), mod0, am, r.randrange(self.imm10_top)]
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
            vd = self.vd() if self.checked or r.random() < 0.8 else r.randrange(8, 12)   # (DEST_INDEX: VD >= 4)
            ops = [0, self.vs(), vd, r.randrange(10)]
        elif mn == "ttsfpconfig":
            vds = [11, 12, 13, 14] if self.checked else [0, 1, 2, 3, 4, 5, 6, 7, 8, 11, 12, 13, 14]
            ops = [r.getrandbits(16), r.choice(vds), r.randrange(16)]   # LaneConfig: lanecfg
        elif mn == "ttsfp_stoch_rnd":
            mod1 = r.choice([0, 1, 2, 3, 6, 7]) if self.checked else r.randrange(8)
            if mod1 in (4, 5) and r.random() < 0.5:
                mod1 |= 8
            ops = [r.randrange(4), r.randrange(32), self.vs(), self.vs(), self.vd(), mod1]
        elif mn in ("ttsfppushc", "ttsfppopc") and not self.checked and not self.lc_may & LC_DISABLE_BACKDOOR_LOAD \
                and (r.random() < 0.25 or self.force_bd or
                     (self.depth in (0, 8) and r.random() < 0.5)):
            # VD >= 12 with DISABLE_BACKDOOR_LOAD clear in every lane: a template write, no stack
            # change and no empty / full check (decisions S4), whatever the depth: often where the
            # plain form would be undefined (Mod1 0 at depth 0 / 8)
            ops = [0, 0, r.choice([12, 12, 13, 14, 15]), 0 if r.random() < 0.5 else r.randrange(16)]
        elif mn == "ttsfppushc":
            vd = self.push_vd()
            if self.depth == 0 or (self.depth < 8 and r.random() < 0.6):
                ops = [0, 0, vd, 0]
                self.depth += 1
            else:
                ops = [0, 0, vd, r.randrange(1, 16)]
        elif mn == "ttsfppopc":
            vd = self.push_vd()
            if self.depth > 0 and r.random() < 0.6:
                ops = [0, 0, vd, 0]
                self.depth -= 1
            else:
                ops = [0, 0, vd, r.randrange(1, 16)]
        elif mn == "ttsfparecip":
            ops = [self.vs(), self.vs(), self.vd(), r.randrange(16)]   # 2..15: the EXP mode (decisions S9)
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
        return pre + ["%s %s" % (mn, ",".join(str(v) if v < 10 else "0x%X" % v for v in ops)) if ops else mn]

    # ------------------------------------------------------------------ SFPLOADMACRO blocks

    def lm_one(self, mn, vd=None):
        """(line, word) of one instruction of kind mn drawn as the stream draws it, VD 0..7 (or vd)"""
        self.low_vd = True
        try:
            while True:
                line = self.instr(mn)[-1]
                name, f = _sfp_fields(line)
                if mn == "ttsfpshft2" and f["instr_mod1"] not in (5, 6):
                    continue   # the shifts only (LM_TEMPLATES)
                break
        finally:
            self.low_vd = False
        fl = sfpu_ref.ISA_FIELDS[name]
        ops = [f[n] for n, _, _ in fl]
        if vd is not None:
            for i, (n, _, _) in enumerate(fl):
                if n in VD_FIELDS:
                    ops[i] = vd
        line = "%s %s" % (name, ",".join(str(v) if v < 10 else "0x%X" % v for v in ops)) if ops else name
        return line, sfpu_ref.encode(name, ops)

    def lm_draw(self):
        """One macro block's draw: four templates, the macros' Sequence bytes, Misc, the macros
        and their slots. Returns None when the schedule breaks a rule of lm_check."""
        r = self.r
        tmpl = []   # (category, mnemonic): category a sub-unit, or "nop" (an SFPNOP word)
        for _ in range(4):
            cat = r.choices(["simple", "mad", "round", "store", "nop", "swap"], [5, 4, 3, 3, 1, 1.5])[0]
            tmpl.append((cat, "ttsfpswap" if cat == "swap" else r.choice(LM_TEMPLATES[cat]) if cat != "nop"
                         else "ttsfpnop"))
        seq = {}
        nmac = r.choices([1, 2, 3], [4, 4, 3])[0]
        idx = [r.randrange(4) for _ in range(nmac)]
        for m in set(idx):
            b = []
            for u, unit in enumerate(LM_SUBUNITS):
                if unit == "store":   # none, SFPSTORE (3), a store template (L9b: never an SFPNOP)
                    srcs = [0, 3] + [4 + k for k, (c, _) in enumerate(tmpl) if c == "store"]
                    w = [3, 3] + [2] * (len(srcs) - 2)
                else:                 # none, SFPNOP, any template (one of another sub-unit: SFPNOP)
                    srcs = [0, 2, 4, 5, 6, 7]
                    w = [3, 1] + [3 if LM_CAT_UNIT[tmpl[k][0]] == unit else 1 for k in range(4)]
                src = r.choices(srcs, w)[0]
                d = r.randrange(7)   # 0..6: delay 7 forgets nothing (L6a, L9d)
                b6 = 0x40 if r.random() < 0.25 else 0
                b.append(src | d << 3 | b6 | (0x80 if r.random() < 0.3 else 0))
            if self.lm_swap(tmpl, b[0]):   # (++): SFPNOP on MAD in the SFPSWAP's cycle
                b[1] = 2 | (b[0] & 0x38)
                # bit 6 (VD 16) drawn too: SFPSWAP.md writes VD only below 8 (L3;
                # tests/directed/sfpu_lm_swap_vd16.tts)
            seq[m] = b
        # slots after the first macro (cycle 0 its E1): regular instructions between macros
        gaps_ = [r.choices([0, 1, 2, 3, 4], [4, 3, 2, 1, 1])[0] for _ in range(nmac - 1)]
        e1 = [0]
        for g in gaps_:
            e1.append(e1[-1] + 1 + g)
        if nmac > 1 and r.random() < 0.4:
            # a deliberate forget (L6a): macro 1 schedules on a sub-unit of macro 0's for the same
            # cycle, from a Sequence of its own
            us = [u for u in range(4) if seq[idx[0]][u] & 7]
            if us:
                u = r.choice(us)
                d1 = e1[0] + (seq[idx[0]][u] >> 3 & 7) - e1[1]
                if 0 <= d1 <= 6:
                    if idx[1] == idx[0]:
                        idx[1] = (idx[0] + 1) % 4
                        seq.setdefault(idx[1], [0, 0, 0, 0])
                    seq[idx[1]][u] = seq[idx[0]][u] & 0xC7 | d1 << 3
        ev = {}    # cycle -> (sub-unit, macro number, byte)
        swaps = set()   # cycles of a scheduled SFPSWAP (ev: simple) with its SFPNOP on MAD
        forgot = forgot0 = 0   # forgotten instructions; of them, by a byte with source 0

        def forget(u, x, j):
            """L6a: macro j's byte with delay < 7 forgets its sub-unit u's outstanding instruction
            due in cycle x (one scheduled before j's E1); returns how many (0 or 1)"""
            if x in ev and ev[x][0] == u and x > e1[j]:
                del ev[x]
                return 1
            return 0

        for j, m in enumerate(idx):
            for u, unit in enumerate(LM_SUBUNITS):
                byte = seq[m][u]
                x = e1[j] + 1 + (byte >> 3 & 7)
                if byte & 7 == 0:
                    # L6a read literally: a byte with source 0 and delay < 7 forgets its sub-unit's
                    # outstanding instruction of that cycle too (tests/directed/sfpu_lm_forget_source0.tts);
                    # never an SFPSWAP or its SFPNOP on MAD (the (++) pair stays whole)
                    if x in swaps and u in (0, 1):
                        return None
                    n = forget(u, x, j)
                    forgot += n
                    forgot0 += n
                    continue
                if u == 0 and self.lm_swap(tmpl, byte) and seq[m][1] & 0x3F != 2 | byte & 0x38:
                    return None   # its SFPNOP on MAD was changed (the deliberate forget's copy)
                if u == 1 and x in swaps and ev[x][1] == j:
                    continue   # the SFPSWAP's own SFPNOP on MAD (lm_draw sets it with its delay)
                if x in swaps and u in (0, 1):
                    return None   # forgetting an SFPSWAP or its SFPNOP: not drawn
                # L6a: the sub-unit's outstanding instruction that would execute in the same cycle
                forgot += forget(u, x, j)
                if x in ev:
                    return None   # two in one cycle on different sub-units: L8 / (+) by choice
                ev[x] = (u, j, byte)
                if u == 0 and self.lm_swap(tmpl, byte):
                    swaps.add(x)
        return tmpl, seq, idx, e1, ev, forgot, swaps, forgot0

    def lm_lane_mask(self):
        """an SFPCONFIG Imm16 lane mask (bit (Lane & 7) * 2) of some but not all of each eight lanes"""
        g = self.r.sample(range(8), self.r.randint(1, 7))
        return sum(1 << 2 * k for k in g)

    @staticmethod
    def lm_swap(tmpl, byte):
        """the simple sub-unit's byte schedules an SFPSWAP template"""
        return byte & 7 >= 4 and tmpl[(byte & 7) - 4][0] == "swap"

    @staticmethod
    def lm_check(e1, ev, swaps=()):
        """The simple safe shape (docs/decisions.md "SFPLOADMACRO" L8-L10): one scheduled
        instruction per cycle (no (+), no double write) but an SFPSWAP's SFPNOP on MAD; nothing but an
        SFPNOP in the cycle after a scheduled MAD-sub-unit instruction (L10a) or SFPSWAP (its (++),
        L10b: nothing scheduled, no macro); a macro's E1 only beside a scheduled store (its load
        writes VD; a store reads before the cycle and writes Dest a cycle later, L7, L8)"""
        for c, (u, _, _) in ev.items():
            if (u == 1 or c in swaps) and (c + 1 in ev or c + 1 in e1):
                return False
            if c in e1 and u != 3:
                return False
        return True

    def lm_block(self):
        """An SFPLOADMACRO block (docs/decisions.md "SFPLOADMACRO"; the draw: tools/random_sfpu.py's
        docstring): LoadMacroConfig made the same in every lane, one to three macros, regular
        instructions between and after them, SFPNOPs until every scheduled instruction ran."""
        r = self.r
        for _ in range(200):
            d = self.lm_draw()
            if d and self.lm_check(d[3], d[4], d[6]):
                break
        else:
            return ["ttsfpnop"]
        tmpl, seq, idx, e1, ev, forgot, swaps, forgot0 = d
        tags = {"SFPLOADMACRO issued"}
        out = []
        if self.dst > 12:   # the macros' AddrMods add up to 12 (decisions S11: rows below 128)
            out.append("ttsetrwc 0,0,0,0,0,4   # RWC.Dst = 0")
            self.dst = 0
        # every lane enabled and LaneConfig exact, no ROW_MASK: LoadMacroConfig the same in all lanes
        # (L9c); DISABLE_BACKDOOR_LOAD (and SFPSTORE's BLOCK_DEST_WR_FROM_SFPU) clear for backdoor writes
        bd = r.random() < 0.4
        v = self.lc_value() & ~LC_ROW_MASK
        if bd:
            v &= ~(LC_DISABLE_BACKDOOR_LOAD | LC_BLOCK_DEST_WR_FROM_SFPU)
        out.append("# SFPLOADMACRO block: %d macro(s), MacroIndex %s" % (len(idx), ",".join(map(str, idx))))
        out += self.lc_sync(v)
        used = {b & 7 for m in seq for b in seq[m]}
        for k, (cat, mn) in enumerate(tmpl):
            if 4 + k not in used:
                continue
            if cat != "nop" and bd and r.random() < 0.6:
                line, _ = self.lm_one(mn, 12 + k)   # decisions S4: the word goes to the template
                out.append("%s   # backdoor: InstructionTemplate[%d]" % (line, k))
                tags.add("SFPLOADMACRO backdoor template")
            else:
                line, w = self.lm_one(mn) if cat != "nop" else ("ttsfpnop", 0x8F000000)
                out += ["ttsfploadi 0,8,0x%X" % (w >> 16), "ttsfploadi 0,10,0x%X" % (w & 0xFFFF),
                        "ttsfpconfig 0,%d,0   # InstructionTemplate[%d] = %s" % (k, k, line)]
        # templates by lane (L9c: lanes may differ in the instruction): another of the same kind
        # (so the sub-unit, the safe shape's unit, stays) in the lanes an SFPCONFIG lane mask picks
        # (Imm16 bit (Lane & 7) * 2); never an SFPSWAP (its company is per sub-unit) or the SFPNOP word
        for k, (cat, mn) in enumerate(tmpl):
            if 4 + k not in used or cat in ("swap", "nop") or r.random() >= 0.3:
                continue
            line, w = self.lm_one(r.choice(LM_TEMPLATES[cat]))
            mask = self.lm_lane_mask()
            out += ["ttsfploadi 0,8,0x%X" % (w >> 16), "ttsfploadi 0,10,0x%X" % (w & 0xFFFF),
                    "ttsfpconfig 0x%X,%d,8   # InstructionTemplate[%d] = %s in lanes %s of each eight" % (
                        mask, k, k, line, ",".join(str(g) for g in range(8) if mask >> 2 * g & 1))]
            tags.add("SFPLOADMACRO template by lane")
        for m in sorted(seq):
            w = sum(b << 8 * u for u, b in enumerate(seq[m]))
            out += ["ttsfploadi 0,8,0x%X" % (w >> 16), "ttsfploadi 0,10,0x%X" % (w & 0xFFFF),
                    "ttsfpconfig 0,%d,0   # Sequence[%d] = %s" % (4 + m, m, " ".join(
                        "%s:%02X" % (LM_SUBUNITS[u][:2], b) for u, b in enumerate(seq[m])))]
            # Sequence bits 6 / 7 by lane (they change only the instruction: VD 16, the VB / VC
            # override, the store's VD), for a sub-unit with something scheduled, not the SFPSWAP's
            # pair (its company)
            us = [u for u in range(4) if seq[m][u] & 7 and not (u < 2 and self.lm_swap(tmpl, seq[m][0]))]
            if us and r.random() < 0.3:
                alt = list(seq[m])
                for u in r.sample(us, r.randint(1, len(us))):
                    alt[u] ^= r.choice([0x40, 0x80, 0xC0])
                w = sum(b << 8 * u for u, b in enumerate(alt))
                mask = self.lm_lane_mask()
                out += ["ttsfploadi 0,8,0x%X" % (w >> 16), "ttsfploadi 0,10,0x%X" % (w & 0xFFFF),
                        "ttsfpconfig 0x%X,%d,8   # Sequence[%d] = %s in lanes %s of each eight" % (
                            mask, 4 + m, m, " ".join("%s:%02X" % (LM_SUBUNITS[u][:2], b) for u, b in enumerate(alt)),
                            ",".join(str(g) for g in range(8) if mask >> 2 * g & 1))]
                tags.add("SFPLOADMACRO Sequence bits by lane")
        kinds = r.getrandbits(4)
        misc = r.randrange(16) | r.getrandbits(4) << 4 | kinds << 8
        out.append("ttsfpconfig 0x%X,8,1   # Misc: StoreMod0 %d, UsesLoadMod0ForStore 0x%X, "
                   "UnitDelayKind 0x%X" % (misc, misc & 15, misc >> 4 & 15, kinds))
        out.append("ttsfpnop   # the macro not the cycle after a MAD / SFPSWAP / SFPSHFT2 (S21, L10d)")
        for j, m in enumerate(idx):
            for u in range(4):
                b = seq[m][u]
                if b & 7:
                    tags.add("SFPLOADMACRO delay by %s" % ("instructions" if kinds >> u & 1 else "cycles"))
                    if b & 0x80:
                        tags.add("SFPLOADMACRO VB override")
                    if b & 7 == 3:
                        tags.add("SFPLOADMACRO SFPSTORE source 3")
                    if u == 3 and misc >> 4 + m & 1:
                        tags.add("SFPLOADMACRO UsesLoadMod0ForStore")
        for c, (u, j, b) in ev.items():
            src = b & 7
            nop = src == 2 or (src >= 4 and LM_CAT_UNIT[tmpl[src - 4][0]] != LM_SUBUNITS[u])
            tags.add("SFPLOADMACRO scheduled %s" % ("SFPNOP" if nop else LM_SUBUNITS[u]))
            if c in swaps:
                tags.add("SFPLOADMACRO scheduled SFPSWAP")
            if b & 0x40 and not nop:
                tags.add("SFPLOADMACRO LReg[16] %s" % ("stored" if u == 3 else "written"))
        if forgot:
            tags.add("SFPLOADMACRO forget")
        if forgot0:
            tags.add("SFPLOADMACRO forget by source 0")
        if 1 in [b - a for a, b in zip(e1, e1[1:])]:
            tags.add("SFPLOADMACRO back to back")
        if len(idx) > 2:
            tags.add("SFPLOADMACRO three macros")
        last = max(ev) if ev else 0
        body = []
        for c in range(0, last + 3):
            if c in e1:
                j = e1.index(c)
                vd = r.randrange(8)
                mod0 = r.randrange(16) if r.random() < 0.8 else 1
                if self.imm10_top < 93 and r.random() < 0.1:
                    mod0 = 10
                am = r.randrange(8)
                imm10 = r.randrange(self.imm10_top) & ~1 | vd >> 2   # VD bit 2 is Imm10 bit 0 (L2)
                if imm10 >= self.imm10_top:
                    imm10 -= 2
                self.dst = (self.dst + self.incr[am]) & 0x3FF
                body.append("ttsfploadmacro %d,%d,%d,%d   # macro %d: MacroIndex %d, VD %d" % (
                    idx[j] << 2 | vd & 3, mod0, am, imm10, j, idx[j], vd))
                continue
            here = ev.get(c)
            after_mad = c - 1 in ev and ev[c - 1][0] == 1
            if after_mad or c in swaps or c - 1 in swaps:
                body.append("ttsfpnop")   # (++): simple and round idle in an SFPSWAP's cycle and the next
            elif here and here[0] in (0, 2) and r.random() < 0.5:
                # L6b: a regular instruction of the scheduled one's sub-unit in its cycle: discarded
                line, _ = self.lm_one(r.choice(LM_DISCARD[LM_SUBUNITS[here[0]]]))
                body.append("%s   # discarded (L6b)" % line)
                tags.add("SFPLOADMACRO discard")
            elif (not here or here[0] == 3) and r.random() < 0.35:
                line, _ = self.lm_one(r.choice(LM_BETWEEN))
                body.append(line)
                tags.add("SFPLOADMACRO regular between")
            else:
                body.append("ttsfpnop")
        out += body
        out.append("# lm-draws: " + "; ".join(sorted(tags)))
        return out


def _sfp_fields(line):
    """(mnemonic, {field: value}) of an SFP instruction line, or None"""
    t = line.split("#")[0].split()
    if not t or not t[0].startswith("ttsfp"):
        return None
    ops = [int(x, 0) for x in t[1].split(",")] if len(t) > 1 else []
    return t[0], {n: v for (n, _, _), v in zip(sfpu_ref.ISA_FIELDS[t[0]], ops)}


def gaps(lines):
    """An SFPNOP where docs/decisions.md S22 makes the next SFP instruction undefined by timing:
    after a MAD sub-unit instruction before one whose reads the stall logic may miss (SFPMAD.md
    "Instruction scheduling"), after an SFPCONFIG of LaneConfig before one with VD >= 12
    (SFPCONFIG.md: it may see the old or the new DISABLE_BACKDOOR_LOAD). Non-SFP lines between
    (SETRWC) do not count as a gap."""
    out, prev = [], None
    for line in lines:
        cur = _sfp_fields(line)
        if cur and prev:
            mn, f = cur
            pmn, pf = prev
            gap = pmn in MAD_SUB and mn in AFTER_MAD_GAP
            # SFPLUTFP32's stall logic reads Mod1Mirror (never drawn: 0), not Mod1: with Mod1's
            # INDIRECT_VD (bit 3) it writes LReg[LReg[7] & 15] where the stall logic sees VD only
            gap |= pmn == "ttsfplutfp32" and bool(pf["instr_mod1"] & 8)
            # ... and as a reader it reads every LReg but LReg[7], which its INDIRECT_VD reads
            gap |= pmn in MAD_SUB and mn == "ttsfplutfp32" and bool(f["instr_mod1"] & 8)
            gap |= pmn == "ttsfpconfig" and pf["config_dest"] == 15 and \
                any(f.get(n, 0) >= 12 for n in VD_FIELDS)
            if gap:
                out.append("ttsfpnop   # S22 gap")
                prev = ("ttsfpnop", {})
        out.append(line)
        if cur:
            prev = cur
    return out


def generate_sfpu(seed, length, rng, drop_waits=False, checked=False):
    """checked (gen_random --sfpu-ref): only what tools/sfpu_ref.py models (REF_KINDS and the forms
    above it), and `expect dest32` lines for every preloaded row from that reference, so the model
    alone is checked against it."""
    del drop_waits  # one thread, nothing to order
    g = _Gen(rng, checked)
    g.bd_start = 9 * seed
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
    if not checked and rng.random() < 0.5:
        # DEST_REGW_BASE and DEST_SP_BASE different (decisions S6; sample K's #397 read word 6 for 7)
        regw = rng.choice(REGW_BASES)
        sp = rng.choice([b for b in SP_BASES if b != regw])
        g.imm10_top = 93 - (max(regw, sp) + 3)
        lines.append(f"cfg 0 DEST_REGW_BASE_Base {regw}")
        lines.append(f"cfg 0 DEST_SP_BASE_Base {sp}")
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
    lines += ["", "thread 1"] + gaps(t1)
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


def coverage(text):
    """The set of draws of docs/mutation.md's list a generated stream makes (python3
    tools/random_sfpu.py --coverage): re-reads the thread's lines with the generator's LaneConfig
    tracking (bits that may be set in some lane / are set in every lane)."""
    g = _Gen(None)
    hits, depth, prev, prev_f = set(), 0, None, None
    bases = {"DEST_REGW_BASE_Base": 0, "DEST_SP_BASE_Base": 0}
    # DISABLE_BACKDOOR_LOAD of lanes 0..7 of each eight (0, 1, None: unknown) and whether every lane
    # is enabled (UseLaneFlagsForLaneEnable known off): reset state, then only the writes whose
    # lanes and value the line itself (or the SFPLOADI right before, for LReg[0]) gives
    bd, all_on = [0] * 8, True
    for line in text.splitlines():
        if line.startswith("# lm-draws: "):   # what _Gen.lm_block drew (its own account)
            hits.update(line[len("# lm-draws: "):].split("; "))
        t = line.split("#")[0].split()
        if len(t) == 4 and t[0] == "cfg" and t[2] in bases:
            bases[t[2]] = int(t[3], 0)
        cur = _sfp_fields(line)
        if not cur:
            continue
        mn, f = cur
        vd = next((f[n] for n in VD_FIELDS if n in f), None)
        if mn in ("ttsfpload", "ttsfpstore") and f["instr_mod0"] == 10 and \
                bases["DEST_REGW_BASE_Base"] != bases["DEST_SP_BASE_Base"]:
            hits.add("INT32_ALL with DEST_SP_BASE != DEST_REGW_BASE")
        if mn == "ttsfpencc":
            all_on = f["imm12_math"] == 0 and f["instr_mod1"] == 2
        if mn == "ttsfppopc" and f["instr_mod1"] != 13:
            all_on = False
        if mn == "ttsfpconfig" and vd == 15:
            m, imm = f["instr_mod1"], f["imm16_math"]
            if m & 1:
                b = imm >> 1 & 1
            elif prev_f and prev_f[0] == "ttsfploadi" and prev_f[1]["lreg_ind"] == 0 and \
                    prev_f[1]["instr_mod0"] == 2:
                b = prev_f[1]["imm16"] >> 1 & 1
            else:
                b = None
            for k in range(8):
                if m & 8 and not imm >> (2 * k) & 1:
                    continue
                op = m & 6
                if op == 0:
                    new = b
                elif op == 2:
                    new = 1 if b == 1 or bd[k] == 1 else (0 if b == 0 and bd[k] == 0 else None)
                elif op == 4:
                    new = 0 if b == 0 or bd[k] == 0 else (1 if b == 1 and bd[k] == 1 else None)
                else:
                    new = None if b is None or bd[k] is None else bd[k] ^ b
                bd[k] = new if all_on or new == bd[k] else None
        if mn == "ttsfptransp" and vd >= 12 and None not in bd[:2] and bd[0] != bd[1]:
            hits.add("SFPTRANSP backdoor, lanes 0 and 1 disagree")
        prev_f = cur
        if mn == "ttsfpconfig" and vd == 15:
            m = f["instr_mod1"]
            hits.add("LaneConfig %s %s" % (["=", "|=", "&=", "^="][(m & 6) // 2], "Imm16" if m & 1 else "LReg[0]"))
            if m & 8:
                hits.add("LaneConfig lane mask")
            if m & 1 and m & 6 != 4:
                hits.update("LaneConfig bit %d" % b for b in range(16) if f["imm16_math"] >> b & 1)
            if prev == ("ttsfpencc", 0, 2) and m == 1:
                g.lc_may = (g.lc_may & ~0xFFFF) | f["imm16_math"]
                g.lc_must = (g.lc_must & ~0xFFFF) | f["imm16_math"]
            else:
                g.lc_write(m, f["imm16_math"] if m & 1 else None)
        elif mn == "ttsfpconfig":
            hits.add("SFPCONFIG VD %d" % vd)
        if vd is not None and vd >= 12 and not g.lc_may & LC_DISABLE_BACKDOOR_LOAD and \
                mn not in ("ttsfpconfig", "ttsfploadmacro"):   # (lreg_ind: MacroIndex << 2 | VDLo)
            hits.add("backdoor %s" % mn)   # DISABLE_BACKDOOR_LOAD clear in every lane
        if mn == "ttsfpswap" and g.lc_may & LC_ENABLE_DEST_INDEX:
            hits.add("SFPSWAP with ENABLE_DEST_INDEX")
        if mn == "ttsfpload" and vd < 4 and g.lc_may & 12 == 12:
            hits.add("SFPLOAD with CAPTURE_DEFAULT_DEST_INDEX")
        if mn == "ttsfppushc" and f["instr_mod1"] == 0 and not (vd >= 12 and not g.lc_must & 2):
            depth += 1
            if depth >= 7:
                hits.add("flag stack depth %d" % depth)
        if mn == "ttsfppopc" and f["instr_mod1"] == 0 and not (vd >= 12 and not g.lc_must & 2):
            depth -= 1
        if mn == "ttsfpmov" and f["instr_mod1"] & 8 and f["lreg_c"] == 9:
            hits.add("PRNG SFPMOV AdvancePRNG")
        if mn == "ttsfp_stoch_rnd" and f["rnd_mode"] == 1:
            hits.add("PRNG SFPSTOCHRND stochastic")
        if mn == "ttsfpcast" and f["instr_mod1"] == 1:
            hits.add("PRNG SFPCAST stochastic")
        prev = (mn, f.get("imm12_math"), f.get("instr_mod1"))
    return hits


def required(checked):
    """The draws docs/mutation.md lists (every LaneConfig mode and bit, LoadMacroConfig, LReg[11..14],
    backdoor writes of every kind with a VD, SFPSWAP / SFPLOAD under DEST_INDEX, the full flag stack,
    the PRNG's users; sample K's: INT32_ALL with the two Dest bases different, SFPTRANSP's lane-0
    guard with lanes 0 and 1 disagreeing); with checked (--sfpu-ref) those sfpu_ref.py models."""
    ops = ["|=", "&=", "^="] if not checked else ["&="]
    r = ["LaneConfig %s Imm16" % o for o in ["=", "|=", "&=", "^="]] + \
        ["LaneConfig %s LReg[0]" % o for o in ops] + ["LaneConfig lane mask"] + \
        ["LaneConfig bit %d" % b for b in range(16)] + \
        ["SFPCONFIG VD %d" % v for v in (11, 12, 13, 14)] + \
        ["SFPLOAD with CAPTURE_DEFAULT_DEST_INDEX", "flag stack depth 8",
         "PRNG SFPSTOCHRND stochastic", "PRNG SFPCAST stochastic"]
    if not checked:
        r += ["LaneConfig = LReg[0]", "SFPSWAP with ENABLE_DEST_INDEX", "PRNG SFPMOV AdvancePRNG",
              "INT32_ALL with DEST_SP_BASE != DEST_REGW_BASE",
              "SFPTRANSP backdoor, lanes 0 and 1 disagree"] + \
             ["SFPCONFIG VD %d" % v for v in range(9)] + ["backdoor %s" % k for k in VD_KINDS] + LM_DRAWS
    return r


if __name__ == "__main__":
    import argparse
    import collections
    import random
    import sys
    ap = argparse.ArgumentParser(description="how many of N random SFPU streams make each draw")
    ap.add_argument("--coverage", action="store_true", required=True)
    ap.add_argument("--seeds", type=int, default=10)
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--length", type=int, default=200)
    ap.add_argument("--ref", action="store_true", help="the --sfpu-ref streams")
    ap.add_argument("--require", action="store_true",
                    help="exit 1 when a draw of the list (REQUIRED) occurs in none of the streams")
    a = ap.parse_args()
    n = collections.Counter()
    for s in range(a.first_seed, a.first_seed + a.seeds):
        n.update(coverage(generate_sfpu(s, a.length, random.Random(s), checked=a.ref)))
    for k in sorted(n):
        print("%4d/%d  %s" % (n[k], a.seeds, k))
    if a.require:
        missing = [k for k in required(a.ref) if not n[k]]
        if missing:
            sys.exit("random_sfpu.py: in none of the %d streams: %s" % (a.seeds, ", ".join(missing)))
        print("random_sfpu.py: each of the %d required draws occurs" % len(required(a.ref)))
