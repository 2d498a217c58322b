#!/usr/bin/env python3
"""gen_random.py: constrained-random lockstep test generator (.tts, docs/test_format.md).

In lockstep the model follows the RTL's retire order, so a random program needs no expected
results: every retire and every L1 write is compared. The streams draw from everything the model
implements, with fields over their full legal ranges, constrained only away from what the model
reports as undefined or unimplemented, and from deadlock:

* Address GPRs: LOADIND/STOREIND address through GPRs 60..63 ("A"), whose high halves are never
  written (preload and stores <= 0xFFFF, SETDMAREG high half only 0, no ALU/RDCFG/LOADIND result
  there). Then GPR*16 + any 16-bit offset <= 0x10FFEF is inside L1 whatever runs in between, even
  when a BRISC push discards a TRISC push (docs/test_format.md "The brisc stream").
* STOREIND: the offset half-register never aliases the address or data GPR(s) (thcon.c: UB).
* LOADIND is followed by STALLWAIT(B5 | B7, C0): its GPRs are written after its thread moves on
  (LOADIND.md), so without the wait a later GPR reader or writer races with it. Being two lines, it
  is never a MOP word, a replayed instruction or a BRISC push.
* Config: no write to STATE_RESET_EN (ADDR32 4: unimplemented), indices < 224 (else UB).
* SETDMAREG set-signals only with InputSource 10..15 (0..9 unimplemented).
* Semaphores 5, 6, 7 are handshakes with one poster and one waiter each, posters on higher
  threads (5: 2 -> 1, 6: 1 -> 0, 7: 2 -> 0), so waits form no cycle. Posts are TRISC stores
  (never discarded), at most 14 per semaphore (max 15: C1 never holds), and a waiter takes at most
  as many as are posted, with a SEMGET that the wait holds (block bit B1), so that a get never
  takes one semaphore of the mask while the wait still waits for another. Semaphores 0..4 are free for SEMINIT/SEMPOST/SEMGET/stores; no SEMWAIT
  names them.
* Mutexes: ATGETM m, a few instructions, ATRELM m (twice), one mutex at a time; two STALLWAITs
  before ATGETM make any earlier SEMWAIT resolve first, so no thread waits while holding a mutex.
  Every stream ends by releasing all four mutexes.
* MOP config is stored only after a drain; every word is a body instruction or NOP (never a
  frontend op); counts are small. Every thread starts by loading all 32 replay slots with body
  instructions, so a replay never runs an empty slot; every load is followed by two NOPs so that
  a discarded push inside the load window pulls a NOP, not a wait, into the buffer.
* BRISC pushes body instructions only (no MOP, REPLAY, waits or mutexes), after an initial idle,
  and none that reads or writes a GPR or writes config: nothing orders its pushes with the TRISC's
  GPR and config stores or with a LOADIND's late GPR write (a push may also land between a TRISC's
  RDCFG and the STALLWAIT after it: seed 20 at length 240 raced so before).
* Race-free under the happens-before rule (docs/decisions.md "Race detector"): each thread its own
  config words (own_cfg); one thread (L1_THREAD) loads and stores L1; ADC instructions name their
  own thread (ThreadOverride 0 or the thread's own); a STALLWAIT(B7, C0) after each LOADIND.
"""
import argparse
import os
import random
import sys

import gen_weights

A_GPRS = (60, 61, 62, 63)          # address GPRs, high half always 0
# The one thread whose ThCon loads and stores L1, and the ADCs each thread writes are its own: two
# threads' accesses to one line or one ADC set would be ordered by nothing but a semaphore, so they
# race (docs/decisions.md "Race detector", happens-before). ThreadOverride is left to the directed
# tests (adc_thread_override.tts, tests/hazard/cross_thread_adc_write.tts).
L1_THREAD = 0
A_QUAD = 60
# GPR 63 reaches the top of L1: its high half is 1 (preload) and its low half stays below
# 0x7000, so 0x16FFF * 16 + 0xFFFF < 0x180000. SETDMAREG may clear its high half (then <= 0xFFFF).
A_TOP = 63
A_TOP_LOW = 0x7000
# RDCFG writes its GPR in the configuration unit, later than the thread's next ThCon instruction
# may run; the TRISC stream follows it with a STALLWAIT, but a BRISC push can land between the two,
# so RDCFG writes only these GPRs and BRISC pushes nothing that reads or writes them.
RDCFG_GPRS = (52, 53, 54, 55)
HS_SEMS = {5: (2, 1), 6: (1, 0), 7: (2, 0)}   # handshake sem: (poster, waiter)
FREE_SEMS = (0, 1, 2, 3, 4)
MUTEXES = (0, 2, 3, 4)
CFG_WORDS = 224
RESET_EN = 4
BODY_WEIGHTS = None
# --weights FILE (tools/coverage_report.py weights): multipliers of the generator's choices, keyed
# "group.choice" (body.alu, alu.cmpdmareg, thread.mop, brisc.count, ...). Empty: every draw is the
# one of an unweighted run, so a seed makes the same test as before weights existed.
# The same dict for random_unpack.py and random_pack.py (tools/gen_weights.py, their knobs).
from gen_weights import WEIGHTS, wdraw  # noqa: E402


class Gen:
    def __init__(self, rng, length):
        self.r = rng
        self.n = length
        # the thread whose instructions are being made: its configuration words (own_cfg)
        self.thread = 0

    def own_cfg(self, i):
        """Config word i moved into the current thread's share: aligned groups of 4 words, group g
        to thread g % 3. The configuration unit retires several threads' instructions in one cycle
        (ConfigurationUnit.md), so an RDCFG of a word another thread writes then would race
        (docs/decisions.md "Race detector"); with disjoint words no thread reads or writes another's."""
        g = (i >> 2) - (i >> 2) % 3 + self.thread
        if g >= CFG_WORDS // 4:
            g -= 3
        return (g << 2) | (i & 3)

    # ---- helpers -----------------------------------------------------------------------------
    def bits(self, n):
        return self.r.getrandbits(n)

    def pick(self, seq):
        return self.r.choice(seq)

    def free_mask(self):
        m = 0
        for s in FREE_SEMS:
            if self.r.random() < 0.4:
                m |= 1 << s
        return m

    def gpr_not_a(self):
        while True:
            g = self.bits(6)
            if g not in A_GPRS:
                return g

    def cfg_idx(self, avoid_reset=True):
        while True:
            i = self.own_cfg(self.r.randrange(CFG_WORDS))
            if not (avoid_reset and i == RESET_EN):
                return i

    def offset_half(self):
        # any half-register except an A GPR's high half and GPR 63's low half (an increment
        # there could break the address bound)
        while True:
            h = self.bits(7)
            if not (((h >> 1) in A_GPRS and (h & 1)) or h == 2 * A_TOP):
                return h

    def a_value(self, g):
        """A value for address GPR g that keeps g*16 + any offset inside L1."""
        return 0x10000 | self.r.randrange(A_TOP_LOW) if g == A_TOP else self.bits(16)

    # ---- instruction families (each returns a list of (text, comment)) -----------------------
    def i_cfg(self):
        k = wdraw(self.r, "cfg", ["wrcfg", "wrcfg128", "rdcfg", "rmwcib", "setc16", "setc16", "cfgshiftmask",
                                  "cfgshiftmask"]) if WEIGHTS else self.r.randrange(8)
        if k == 0:
            return [(f"ttwrcfg {self.bits(6)},0,{self.cfg_idx()}", "")]
        if k == 1:
            while True:
                i = self.own_cfg(self.r.randrange(CFG_WORDS))
                if i & ~3 != RESET_EN:
                    break
            return [(f"ttwrcfg {self.bits(6)},1,{i}", "128-bit")]
        if k == 2:
            # RDCFG writes its GPR in the configuration unit two or more cycles on, while the
            # thread's next (ThCon) instruction may already run: a STALLWAIT holds ThCon until the
            # configuration unit is done (C12), or the two race on the GPR (docs/decisions.md
            # "Overlapping dispatch")
            return [(f"ttrdcfg {self.pick(RDCFG_GPRS)},{self.own_cfg(self.r.randrange(CFG_WORDS))}", ""),
                    ("ttstallwait 0x20,0x1000", "ThCon waits for the RDCFG's GPR write")]
        if k == 3:
            lane = self.r.randrange(4)
            return [(f"ttrmwcib{lane} {self.bits(8)},{self.bits(8)},{self.own_cfg(self.r.randrange(CFG_WORDS))}", "")]
        if k == 4:
            return [(f"ttsetc16 0,{self.bits(16)}", "CFG_STATE_ID")]
        if k == 5:
            return [(f"ttsetc16 {self.r.randrange(68)},{self.bits(16)}", "")]
        return [(f"ttcfgshiftmask {self.bits(1)},{self.bits(3)},{self.bits(5)},{self.bits(5)},"
                 f"{self.bits(2)},{self.cfg_idx()}", "")]

    def setdmareg_imm(self, half, value):
        return f"ttsetdmareg {value >> 14},{value & 0x3FFF},0,{half}"

    def i_setdmareg(self):
        k = wdraw(self.r, "setdmareg", ["imm", "imm", "imm", "signals"]) if WEIGHTS else self.r.randrange(4)
        if k == 3:
            # set-signals form, InputSource 10..15 (zeros); packers and half random
            src = self.r.randrange(10, 16)
            payload = (self.bits(7) << 7) | (src << 3) | self.bits(3)
            return [(f"ttsetdmareg {self.bits(2)},{payload},1,{self.bits(7)}", f"set-signals source {src}")]
        h = self.bits(7)
        v = self.bits(16)
        if h == 2 * A_TOP:
            v = self.r.randrange(A_TOP_LOW)
        elif (h >> 1) == A_TOP and (h & 1):
            v = self.bits(1)
        elif (h >> 1) in A_GPRS and (h & 1):
            v = 0
        return [(self.setdmareg_imm(h, v), "")]

    def i_alu(self):
        ops = ["adddmareg", "subdmareg", "muldmareg", "bitwopdmareg", "shiftdmareg", "cmpdmareg"]
        op = ops[wdraw(self.r, "alu", ops)] if WEIGHTS else self.pick(ops)
        c, d, b, a = self.bits(1), self.gpr_not_a(), self.bits(6), self.bits(6)
        spare = self.r.random() < 0.15   # bits the model and the ISA page ignore
        if op == "subdmareg" and spare:
            d |= self.bits(5) << 6      # ResultReg is [17:12]; [22:18] unused
        if op in ("adddmareg", "subdmareg", "muldmareg"):
            return [(f"tt{op} {c},{d},{b},{a}", "")]
        mode = self.r.randrange(2 if op == "shiftdmareg" else 3)
        if spare:
            mode |= self.bits(2) << 3   # Mode is [20:18]; [22:21] unused
        return [(f"tt{op} {c},{mode},{d},{b},{a}", "")]

    def i_loadind(self):
        out = []
        areg = self.pick(A_GPRS)
        if self.r.random() < 0.3:
            out.append((self.setdmareg_imm(2 * areg, self.a_value(areg) & 0xFFFF), "address GPR"))
        size = self.bits(2)
        while True:
            res = self.bits(6)
            if (size == 0 and res & 0x3C == A_QUAD) or (size and res in A_GPRS):
                continue
            break
        out.append((f"ttloadind {size},{self.offset_half()},{self.bits(2)},{res},{areg}", ""))
        # its result lands after the thread moves on (LOADIND.md, docs/decisions.md "ThCon GPR
        # arithmetic, LOADIND ..."): ThCon and the configuration unit (B5, B7) wait for it (C0), or
        # a later GPR reader or writer races with it
        out.append(("ttstallwait 0xa0,1", "C0: the LOADIND's GPRs written"))
        return out

    def i_storeind(self):
        out = []
        areg = self.pick(A_GPRS)
        if self.r.random() < 0.3:
            out.append((self.setdmareg_imm(2 * areg, self.a_value(areg) & 0xFFFF), "address GPR"))
        sizesel, regsizesel = self.bits(1), self.bits(1)
        size = sizesel * 2 + regsizesel
        while True:
            dreg, offh = self.bits(6), self.offset_half()
            og = offh >> 1
            if og == areg or og == dreg:
                continue
            if size == 0 and (dreg & 0x3C) <= og < (dreg & 0x3C) + 4:
                continue
            break
        out.append((f"ttstoreind 1,{sizesel},{regsizesel},{offh},{self.bits(2)},{dreg},{areg}", ""))
        return out

    def i_adc(self):
        k = wdraw(self.r, "adc", ["setadc", "setadcxx"] + ["xyzw"] * 6) if WEIGHTS else self.r.randrange(8)
        sets = self.bits(3)
        if k == 0:
            # NewValue [17:16] is also the ThreadOverride: 0, the issuing thread's own ADCs
            return [(f"ttsetadc {sets},{self.bits(1)},{self.bits(2)},{self.bits(16)}", "")]
        if k == 1:
            return [(f"ttsetadcxx {sets},{self.bits(10)},{self.bits(10)}", "")]
        xyzw = [(0x51, "SETADCXY"), (0x52, "INCADCXY"), (0x53, "ADDRCRXY"),
                (0x54, "SETADCZW"), (0x55, "INCADCZW"), (0x56, "ADDRCRZW")]
        opc, name = xyzw[wdraw(self.r, "adc", [n.lower() for _, n in xyzw])] if WEIGHTS else self.pick(xyzw)
        ovr = self.thread + 1 if self.r.random() < 0.4 else 0   # ThreadOverride naming its own thread
        v = [self.bits(3) for _ in range(4)]
        mask = 0 if name.startswith("INC") else self.bits(4)
        w = (opc << 24) | (sets << 21) | (ovr << 18) | (v[3] << 15) | (v[2] << 12) | (v[1] << 9) | \
            (v[0] << 6) | mask
        if ovr:
            return [(f".word 0x{w:08x}", f"{name} sets {sets} override {ovr} ops {v} mask {mask}")]
        lname = name.lower()
        if name.startswith("INC"):
            return [(f"tt{lname} {sets},{v[3]},{v[2]},{v[1]},{v[0]}", "")]
        return [(f"tt{lname} {sets},{v[3]},{v[2]},{v[1]},{v[0]},{mask}", "")]

    def i_sem(self):
        k = wdraw(self.r, "sem", ["seminit", "sempost", "semget", "stallwait"]) if WEIGHTS else self.r.randrange(4)
        if k == 0:
            return [(f"ttseminit {self.bits(4)},{self.bits(4)},{self.free_mask()}", "")]
        if k == 1:
            return [(f"ttsempost {self.free_mask()}", "")]
        if k == 2:
            return [(f"ttsemget {self.free_mask()}", "")]
        return [self.stallwait()]

    def stallwait(self):
        # no source-bank conditions (C5..C8): random programs never hand banks over, so C7 and C8
        # would hold for ever (tests/random/README.md)
        return (f"ttstallwait {self.bits(9)},{self.bits(13) & ~0x1E0}", "")

    def c10_wait(self):
        """After a TRISC config store: an RDCFG pushed after it may otherwise read the word before the
        store lands ("danger one", docs/decisions.md "Race detector"). tt-llk: STALLWAIT(STALL_CFG,
        TRISC_CFG), block B7 (configuration unit) and condition C10; sometimes with more of both."""
        if self.r.random() < 0.5:
            return line("ttstallwait 0x80,0x400", "RDCFG waits for the config store (B7, C10)")
        return line(f"ttstallwait {self.bits(9) | 0x80},{(self.bits(13) & ~0x1E0) | 0x400}",
                    "RDCFG waits for the config store (B7, C10, and more)")

    def body(self):
        """One body instruction group: safe anywhere (MOP config, replay buffer, BRISC, mutex region)."""
        k = wdraw(self.r, "body", ["cfg", "setdmareg", "alu", "loadind", "storeind", "adc", "sem", "nop", "dmanop"],
                  [10, 8, 10, 5, 5, 10, 6, 3, 3])
        if k in (3, 4) and self.thread != L1_THREAD:
            # L1 is shared: the lines one thread's STOREIND writes and another's LOADIND reads are
            # ordered by nothing (docs/decisions.md "Race detector"), so one thread owns L1
            return [("ttdmanop", "")]
        return [self.i_cfg, self.i_setdmareg, self.i_alu, self.i_loadind, self.i_storeind, self.i_adc,
                self.i_sem, lambda: [("ttnop", "")], lambda: [("ttdmanop", "")]][k]()

    def body1(self):
        """Exactly one body instruction (for MOP words and replay loads)."""
        while True:
            b = self.body()
            if len(b) == 1:
                return b[0]

    def word_of(self, text):
        return text  # MOP config needs the 32-bit word: assembled by encode()


# ---- encoding of body instructions for `store mop` (a tiny assembler for the forms above) ------
FIELDS = {
    "nop": (0x02, []), "dmanop": (0x60, []),
    "wrcfg": (0xB0, [(16, 6), (15, 1), (0, 11)]), "rdcfg": (0xB1, [(16, 6), (0, 11)]),
    "setc16": (0xB2, [(16, 8), (0, 16)]),
    "rmwcib0": (0xB3, [(16, 8), (8, 8), (0, 8)]), "rmwcib1": (0xB4, [(16, 8), (8, 8), (0, 8)]),
    "rmwcib2": (0xB5, [(16, 8), (8, 8), (0, 8)]), "rmwcib3": (0xB6, [(16, 8), (8, 8), (0, 8)]),
    "cfgshiftmask": (0xB8, [(23, 1), (20, 3), (15, 5), (10, 5), (8, 2), (0, 8)]),
    "setdmareg": (0x45, [(22, 2), (8, 14), (7, 1), (0, 7)]),
    "adddmareg": (0x58, [(23, 1), (12, 6), (6, 6), (0, 6)]),
    "subdmareg": (0x59, [(23, 1), (12, 11), (6, 6), (0, 6)]),
    "muldmareg": (0x5A, [(23, 1), (12, 6), (6, 6), (0, 6)]),
    "bitwopdmareg": (0x5B, [(23, 1), (18, 5), (12, 6), (6, 6), (0, 6)]),
    "shiftdmareg": (0x5C, [(23, 1), (18, 5), (12, 6), (6, 6), (0, 6)]),
    "cmpdmareg": (0x5D, [(23, 1), (18, 5), (12, 6), (6, 6), (0, 6)]),
    "loadind": (0x49, [(22, 2), (14, 8), (12, 2), (6, 6), (0, 6)]),
    "storeind": (0x66, [(23, 1), (22, 1), (21, 1), (14, 7), (12, 2), (6, 6), (0, 6)]),
    "setadc": (0x50, [(21, 3), (20, 1), (18, 2), (0, 18)]),
    "setadcxx": (0x5E, [(21, 3), (10, 10), (0, 10)]),
    "setadcxy": (0x51, [(21, 3), (15, 3), (12, 3), (9, 3), (6, 3), (0, 4)]),
    "incadcxy": (0x52, [(21, 3), (15, 3), (12, 3), (9, 3), (6, 3)]),
    "addrcrxy": (0x53, [(21, 3), (15, 3), (12, 3), (9, 3), (6, 3), (0, 4)]),
    "setadczw": (0x54, [(21, 3), (15, 3), (12, 3), (9, 3), (6, 3), (0, 4)]),
    "incadczw": (0x55, [(21, 3), (15, 3), (12, 3), (9, 3), (6, 3)]),
    "addrcrzw": (0x56, [(21, 3), (15, 3), (12, 3), (9, 3), (6, 3), (0, 4)]),
    "seminit": (0xA3, [(20, 4), (16, 4), (2, 8)]), "sempost": (0xA4, [(2, 8)]),
    "semget": (0xA5, [(2, 8)]), "stallwait": (0xA2, [(15, 9), (0, 13)]),
}


def encode(text):
    if text.startswith(".word"):
        return int(text.split()[1], 16)
    parts = text.split(None, 1)
    name = parts[0][2:]
    opc, fields = FIELDS[name]
    vals = [int(v, 0) for v in parts[1].split(",")] if len(parts) > 1 else []
    assert len(vals) == len(fields), text
    w = opc << 24
    for (lsb, width), v in zip(fields, vals):
        assert v < (1 << width), text
        w |= v << lsb
    return w


def line(text, comment=""):
    return f"{text:<44}# {comment}" if comment else text


def gen_thread(g, t, length, posts, drop_at=-1):
    """Stream of thread t: a list of lines. posts[s] = number of handshake posts of sem s. drop_at >= 0:
    at that body item, a GPR store without the drain before it (--drop-waits)."""
    r = g.r
    out = []
    g.thread = t
    # Fill the replay buffer: every slot holds a body instruction from here on.
    out.append(line("ttreplay 0,32,0,1", "load all 32 replay slots (not executed)"))
    for _ in range(32):
        out.append(line(*g.body1()))
    out += ["ttnop", "ttnop"]
    incoming = [s for s, (p, w) in HS_SEMS.items() if w == t]
    outgoing = [s for s, (p, w) in HS_SEMS.items() if p == t]
    # Post positions (item indices) for outgoing handshakes.
    post_at = {}
    for s in outgoing:
        for _ in range(posts[s]):
            post_at.setdefault(r.randrange(length), []).append(s)
    gets = {s: 0 for s in incoming}
    mop_ready = False
    n = 0
    while n < length:
        for s in post_at.pop(n, []):
            out.append(line(f"store sem {s} post", f"handshake post (waiter: thread {HS_SEMS[s][1]})"))
        kinds = ["body", "stores", "wait", "mutex", "mop", "replay", "replayload", "misc"]
        k = kinds[wdraw(r, "thread", kinds, [60, 8, 4 if incoming else 0, 3, 3, 3, 3, 2])]
        if k == "body" and 0 <= drop_at <= n:
            drop_at = -1
            # --drop-waits: an instruction that reads GPR x, then a store to GPR x with no drain
            # between: the instruction, still on its way through the FIFO, reads after the store
            # lands (docs/decisions.md "Race detector", GPRs: a TRISC store after the push); the
            # program must end in HAZARD whatever the other threads do
            x, d, a = g.gpr_not_a(), g.gpr_not_a(), g.bits(6)
            out.append(line(f"ttadddmareg 0,{d},{x},{a}", f"reads GPR {x}"))
            out.append(line(f"store gpr {x} 0x{g.bits(32):x}", "DROPPED WAIT: no drain before the store"))
            n += 1
        elif k == "body":
            for text, c in g.body():
                out.append(line(text, c))
            n += 1
        elif k == "stores":
            kk = r.randrange(6)
            if kk == 0:
                st = r.randrange(2)
                idx = g.cfg_idx()
                # an RDCFG pushed before the store may read the word after it ("danger two"): the
                # TRISC waits for its thread to go idle first, as for a GPR store
                out.append(line("drain", "instructions pushed earlier are done with the config word"))
                out.append(f"store cfg {st} {idx} 0x{g.bits(32):x}")
                out.append(g.c10_wait())
            elif kk == 1:
                j = g.cfg_idx()
                out.append(line("drain", "instructions pushed earlier are done with the config word"))
                out.append(line(f"store 0x{0xFFEF0700 + 4 * j:08x} 0x{g.bits(32):x}", f"ConfigDualWrite word {j}"))
                out.append(g.c10_wait())
            elif kk == 2:
                i = g.bits(6)
                v = g.a_value(i) if i in A_GPRS else g.bits(32)
                # An instruction pushed before the store may use the GPR after it (it is still in the
                # FIFO, a MOP or replay, or a unit): the TRISC waits for its thread to go idle first,
                # as tt-llk's tensix_sync() does (docs/decisions.md "Race detector", GPRs)
                out.append(line("drain", "instructions pushed earlier are done with the GPR"))
                out.append(f"store gpr {i} 0x{v:x}")
            elif kk == 3:
                out.append(f"store sem {g.pick(FREE_SEMS)} {g.pick(['post', 'get'])}")
            elif kk == 4:
                out.append(f"idle {r.randrange(1, 30)}")
            else:
                out.append("drain")
            n += 1
        elif k == "wait":
            cand = [s for s in incoming if gets[s] < posts[s]]
            if not cand:
                continue
            sel = [s for s in cand if r.random() < 0.6] or [g.pick(cand)]
            mask = sum(1 << s for s in sel)
            cond = g.pick([1, 1, 3, 2])
            gm = 0
            for s in sel:
                if r.random() < 0.7 and gets[s] < posts[s]:
                    gets[s] += 1
                    gm |= 1 << s
            # A SEMGET after the wait must be held by it (block bit B1), or it could take one
            # semaphore of the mask while the wait still waits for another: the taken post is lost.
            block = g.bits(9) | (2 if gm else 0)
            out.append(line(f"ttsemwait {block},{mask},{cond}", "handshake wait"))
            if gm:
                out.append(line(f"ttsemget {gm}", "take the handshake"))
            n += 1
        elif k == "mutex":
            m = g.pick(MUTEXES)
            out.append(line(f"ttstallwait {g.bits(9)},{g.bits(13) & ~0x1E0}", "guard: earlier waits resolve first"))
            out.append(line(f"ttstallwait {g.bits(9)},{g.bits(13) & ~0x1E0}", "guard"))
            out.append(f"ttatgetm {m}")
            for _ in range(r.randrange(0, 5)):
                for text, c in g.body():
                    out.append(line(text, c))
            out.append(f"ttatrelm {m}")
            out.append(line(f"ttatrelm {m}", "again, in case BRISC discarded the first"))
            n += 1
        elif k == "mop":
            if not mop_ready or r.random() < 0.5:
                out.append(line("drain", "MOP config changes only when no MOP is queued"))
                words = range(9) if not mop_ready else sorted(r.sample(range(9), r.randrange(1, 10)))
                for w in words:
                    if w == 0:
                        v = r.randrange(0, 4) | (g.bits(25) << 7 if r.random() < 0.2 else 0)
                        out.append(line(f"store mop 0 0x{v:x}", "template 1 outer count"))
                    elif w == 1:
                        v = r.randrange(0, 5)
                        out.append(line(f"store mop 1 0x{v:x}", "template 0 flags / template 1 inner count"))
                    else:
                        if r.random() < 0.35:
                            text, c = "ttnop", ""
                        else:
                            text, c = g.body1()
                        out.append(line(f"store mop {w} 0x{encode(text):08x}", text))
                mop_ready = True
            for _ in range(r.randrange(1, 3)):
                if r.random() < 0.5:
                    if r.random() < 0.5:
                        out.append(f"ttmop_cfg {g.bits(16) | (g.bits(8) << 16 if r.random() < 0.2 else 0)}")
                    # Count1 up to 5, sometimes past 15 so that the MOP_CFG half of the mask counts
                    c1 = r.randrange(0, 6) if r.random() < 0.8 else r.randrange(16, 24)
                    out.append(f"ttmop 0,{c1},{g.bits(16)}")
                else:
                    out.append(f"ttmop 1,{g.bits(7)},{g.bits(16)}")
            n += 1
        elif k == "replay":
            idx = g.bits(10) if r.random() < 0.2 else g.bits(5)
            cnt = g.bits(10) if r.random() < 0.2 else r.randrange(0, 33)
            out.append(f"ttreplay {idx},{cnt},{g.bits(3)},0")
            n += 1
        elif k == "replayload":
            idx = g.bits(10) if r.random() < 0.2 else g.bits(5)
            eff = r.randrange(1, 13)
            cnt = eff | (g.bits(4) << 6 if r.random() < 0.2 else 0)
            ex = g.bits(3)   # the field starts at bit 1: its bit 0 is Exec
            out.append(line(f"ttreplay {idx},{cnt},{ex},1", f"load {eff}{' and execute' if ex & 1 else ''}"))
            for _ in range(eff):
                out.append(line(*g.body1()))
            out += ["ttnop", "ttnop"]
            n += 1
        else:
            out.append(g.pick(["ttnop", "ttdmanop", f"idle {r.randrange(1, 50)}"]))
            n += 1
    for s in sorted(post_at):
        for s2 in post_at[s]:
            out.append(line(f"store sem {s2} post", "handshake post"))
    for m in MUTEXES:
        out.append(line(f"ttatrelm {m}", "release anything still held"))
    return out


def gprs_of(text):
    """The GPRs an instruction of body() reads or writes (a 128-bit access: its aligned quad and the
    four from the named one), from its assembly text; none for the others."""
    op, _, args = text.partition(" ")
    a = [int(x, 0) for x in args.split(",")] if args else []
    quad = lambda g: set(range(g & 0x3C, (g & 0x3C) + 4)) | set(range(g, min(g + 4, 64)))  # noqa: E731
    if op == "ttwrcfg":
        return quad(a[0]) if a[1] else {a[0]}
    if op == "ttrdcfg":
        return {a[0]}
    if op == "ttsetdmareg":
        return {(a[3] >> 1) & 63}
    if op.endswith("dmareg"):
        return {x & 63 for x in a[-3:]}
    if op == "ttloadind":
        return {a[1] >> 1, a[4]} | (quad(a[3]) if a[0] == 0 else {a[3]})
    if op == "ttstoreind":
        return {a[3] >> 1, a[6]} | quad(a[5])
    return set()


def gen_brisc(g, length):
    r = g.r
    out = [line(f"idle {r.randrange(150, 250)}", "let the TRISCs fill their replay buffers first")]
    for _ in range(max(1, int(length // 8 * WEIGHTS.get("brisc.count", 1.0)))):
        k = r.randrange(10)
        t = r.randrange(3)
        g.thread = t   # what BRISC pushes into thread t uses t's configuration words
        # No REPLAY from BRISC: it could land inside a TRISC's replay-load window and be stored
        # in the buffer (undefined once replayed, docs/test_format.md).
        if k < 7:
            while True:
                text, c = g.body1()
                # BRISC's pushes are ordered with nothing the thread's TRISC does (its GPR and
                # config stores) nor with a LOADIND's late GPR write: no GPR users and no config
                # writers (docs/decisions.md "Race detector", happens-before)
                op = text.split()[0]
                if not gprs_of(text) and not op.startswith("ttrmwcib") and op != "ttcfgshiftmask":
                    break
            out.append(line(f"push {t} {text}", c))
            out.append(f"idle {r.randrange(1, 40)}")
        elif k < 8:
            out.append(f"drain {t}")
        else:
            out.append(f"idle {r.randrange(1, 100)}")
    return out


def gen_preloads(g):
    r = g.r
    out = []
    for _ in range(r.randrange(4, 20)):
        out.append(f"cfg {r.randrange(2)} {r.randrange(CFG_WORDS)} 0x{g.bits(32):x}")
    for _ in range(r.randrange(0, 6)):
        out.append(f"tcfg {r.randrange(3)} {r.randrange(68)} 0x{g.bits(32):x}")
    for t in range(3):
        for _ in range(r.randrange(4, 16)):
            i = g.bits(6)
            v = g.a_value(i) if i in A_GPRS else g.bits(32)
            out.append(f"gpr {t} {i} 0x{v:x}")
        out.append(line(f"gpr {t} {A_TOP} 0x{g.a_value(A_TOP):x}", "address GPR for the top of L1"))
    for s in FREE_SEMS:
        if r.random() < 0.5:
            out.append(f"sem {s} {g.bits(4)} {g.bits(4)}")
    for s in sorted(HS_SEMS):
        out.append(line(f"sem {s} 0 15", f"handshake: thread {HS_SEMS[s][0]} posts, thread {HS_SEMS[s][1]} waits"))
    widths = {"x": 18, "x_cr": 18, "y": 13, "y_cr": 13, "z": 13, "z_cr": 13, "w": 13, "w_cr": 13}
    for _ in range(r.randrange(0, 8)):
        f = g.pick(sorted(widths))
        out.append(f"adc {r.randrange(3)} {g.pick(['unpack0', 'unpack1', 'pack'])} {r.randrange(2)} {f} "
                   f"0x{g.bits(widths[f]):x}")
    for _ in range(r.randrange(1, 6)):
        a = r.randrange(0, 0x180000 - 32) & ~3
        vals = " ".join(f"0x{g.bits(32):x}" for _ in range(r.randrange(1, 9)))
        out.append(f"l1 u32 0x{a:x} {vals}")
    if r.random() < 0.5:
        a = r.randrange(0, 0x110000)
        out.append(f"l1 fill 0x{a:x} {r.randrange(1, 256)} 0x{g.bits(8):x}")
    if r.random() < 0.5:
        a = r.randrange(0, 0x110000)
        out.append("l1 bytes 0x%x %s" % (a, " ".join(f"0x{g.bits(8):x}" for _ in range(r.randrange(1, 17)))))
    return out


def generate(seed, length, drop_waits=False):
    g = Gen(random.Random(seed), length)
    posts = {s: g.r.randrange(1, 15) for s in HS_SEMS}
    # --drop-waits: one GPR store of one thread without its drain, drawn from a stream of its own
    # (the rest of the program is the seed's); about one seed in ten drops nothing
    dr = random.Random(seed * 7919 + 29)
    drop_t, drop_n = dr.randrange(3), dr.randrange(length)
    if not drop_waits or dr.random() < 0.1:
        drop_t = -1
    lines = [f"# random_{seed}.tts: constrained-random lockstep test (tools/gen_random.py).",
             f"# seed {seed}, length {length} per thread. Regenerate with:",
             f"#   python3 tools/gen_random.py --seed {seed} --length {length} -o random_{seed}.tts",
             "# No expectations: in lockstep every retire and L1 write of the RTL is compared with the model",
             "# (docs/design.md). Constraints: see the docstring of tools/gen_random.py.",
             f"# handshake posts: {', '.join(f'sem {s}: {posts[s]}' for s in sorted(posts))}",
             f"# dropped waits: {int(drop_t >= 0)}" if drop_waits else "#",
             f"max_cycles {200000 + 400 * length}", ""]
    lines += gen_preloads(g)
    for t in range(3):
        lines += ["", f"thread {t}"] + gen_thread(g, t, length, posts, drop_n if t == drop_t else -1)
    lines += ["", "brisc"] + gen_brisc(g, length)
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, help="one test of this seed (to -o or stdout)")
    ap.add_argument("--seeds", type=int, help="many tests in one run: seeds --first-seed.. into --out "
                    "(an interpreter start per seed took minutes for a few hundred)")
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--out", help="directory for --seeds: random[_unpack|_pack|_math]_SEED_LENGTH.tts")
    ap.add_argument("--length", type=int, default=200, help="random items per thread")
    ap.add_argument("-o", "--output", help="output file (default: stdout)")
    ap.add_argument("--unpack", action="store_true", help="unpack streams (tools/random_unpack.py)")
    ap.add_argument("--pack", action="store_true", help="pack streams (tools/random_pack.py)")
    ap.add_argument("--math", action="store_true", help="matrix-unit arithmetic (tools/random_math.py)")
    ap.add_argument("--sfpu", action="store_true", help="SFPU instruction streams (tools/random_sfpu.py)")
    ap.add_argument("--sfpu-ref", action="store_true", help="SFPU streams of what tools/sfpu_ref.py models, "
                    "with its Dest as expectations (checks the model alone)")
    ap.add_argument("--drop-waits", action="store_true", help="with --unpack: leave out the drains that order "
                    "config stores after the UNPACR before them; with --pack: the drain before one block (its "
                    "config stores after the PACRs before them); three threads: the drain before one GPR store "
                    "after an instruction that reads the GPR; a race the lockstep run must report as HAZARD")
    ap.add_argument("--weights", help="choice multipliers from tools/coverage_report.py weights (toward missed "
                    "bins; all three modes, tools/gen_weights.py names the knobs)")
    a = ap.parse_args()
    if a.weights:
        gen_weights.load(a.weights)
    if (a.seed is None) == (a.seeds is None):
        ap.error("give --seed or --seeds")
    if a.unpack + a.pack + a.math + a.sfpu + a.sfpu_ref > 1:
        ap.error("one of --unpack, --pack, --math, --sfpu, --sfpu-ref")
    if a.unpack:
        from random_unpack import generate_unpack
    if a.pack:
        from random_pack import generate_pack
    if a.math:
        from random_math import generate_math
    if a.sfpu or a.sfpu_ref:
        from random_sfpu import generate_sfpu
    kind = ("_unpack" if a.unpack else "_pack" if a.pack else "_math" if a.math else
            "_sfpu" if a.sfpu else "_sfpu-ref" if a.sfpu_ref else "")
    def one(seed):
        if a.pack:
            return generate_pack(seed, a.length, random.Random(seed), a.drop_waits)
        if a.unpack:
            return generate_unpack(seed, a.length, random.Random(seed), a.drop_waits)
        if a.math:
            return generate_math(seed, a.length, random.Random(seed), a.drop_waits)
        if a.sfpu or a.sfpu_ref:
            return generate_sfpu(seed, a.length, random.Random(seed), a.drop_waits, checked=a.sfpu_ref)
        return generate(seed, a.length, a.drop_waits)
    if a.seeds is not None:
        if not a.out:
            ap.error("--seeds needs --out DIR")
        os.makedirs(a.out, exist_ok=True)
        for seed in range(a.first_seed, a.first_seed + a.seeds):
            name = "random%s_%d_%d.tts" % (kind, seed, a.length)
            with open(os.path.join(a.out, name), "w") as f:
                f.write(one(seed))
        return
    text = one(a.seed)
    if a.output:
        with open(a.output, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
