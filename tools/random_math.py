"""random_math.py: the matrix-unit arithmetic mode of tools/gen_random.py (--math).

Random SrcA/SrcB banks and Dest rows (every bit pattern a format allows, with zeros, tiny and huge
exponents), then the math thread (thread 1) runs ELWADD, ELWSUB, ELWMUL, MVMUL, GAPOOL and GMPOOL
back to back (one a cycle, overlapping in the unit), with random ADDR_MODs (row increments, Cr and
clear forms, fidelity increments), broadcasts, dest accumulation, clear_dvalid hand-overs, SETRWCs and
ZEROACCs among them. Thread 0 hands the banks over (UNPACR_NOP set dvalid, recording each bank's
implied format) as the math thread gives them back. Thread 2 keeps ThCon busy. No expectations: in
lockstep every Dest row each instruction writes is compared with the model's.

Constraints (the forms the model reports as unsupported or undefined stay out, docs/decisions.md
"Matrix unit arithmetic"):
* one format family per program: 8-bit-exponent SrcA {FP32, TF32, BF16, BFP8, BFP4} with SrcB from
  the same set; FP16 or FP8 on both sides; or INT8 on both (a 32-bit Dest); Fp32_enabled random;
* Zero_Flag_disabled_src (SrcB denormals kept) only in programs without MVMUL/GAPOOL;
* ADDR_MOD increments keep SrcA rows multiples of 16, SrcB and Dest rows multiples of 8; the Dest
  row is RWC.Dst alone (dst field, MATH_Offset and DEST_REGW_BASE 0), so below 1024;
* ELWADD/ELWSUB run at fidelity phase 0: a SETRWC clears the phase before each, and programs with a
  nonzero FIDELITY_BASE draw none; ELWMUL has no dest_accum_en;
* GMPOOL reads SrcB row 0 (a SETRWC sets RWC.SrcB to 0 before it), which holds 1.0 in both banks;
* bank hand-overs are counted: thread 0 gives each side's banks twice at the start and once more
  after each one the math thread returns (CLR_DVALID_*_Disable stay 0), so nobody waits for ever.
"""


def _src_value(rng, family):
    """A 19-bit Src cell ([18] sign, [17:8] mantissa, [7:0] exponent) of the family."""
    sign, man = rng.getrandbits(1), rng.getrandbits(10)
    u = rng.random()
    if family == "exp5":
        exp = 0 if u < 0.1 else rng.randrange(1, 32)
    elif family == "int8":
        exp = 0 if u < 0.1 else rng.randrange(1, 256)
    else:
        exp = (0 if u < 0.1 else rng.randrange(1, 21) if u < 0.2 else rng.randrange(235, 256) if u < 0.28
               else rng.randrange(112, 143))
    return sign << 18 | man << 8 | exp


def generate_math(seed, length, rng, drop_waits=False):
    del drop_waits  # no waits to drop: the math thread's only orders are its banks
    family = rng.choice(["exp8", "exp8", "exp8", "exp5", "int8"])
    if family == "exp8":
        fa, fb = rng.choice([0, 4, 5, 5, 6, 7]), rng.choice([0, 4, 5, 5, 6, 7])
    elif family == "exp5":
        fa = fb = rng.choice([1, 1, 10])
    else:
        fa = fb = 14
    fp32 = family == "int8" or rng.random() < 0.5
    keep_denormals = family != "int8" and rng.random() < 0.2
    fid_base = 0 if rng.random() < 0.6 else rng.randrange(1, 4)
    kinds = ["elwadd", "elwsub", "elwmul", "mvmul", "gapool", "gmpool"]
    if keep_denormals:
        kinds = [k for k in kinds if k not in ("mvmul", "gapool")]
    if fid_base:
        kinds = [k for k in kinds if k not in ("elwadd", "elwsub")]
    if family != "exp8":  # GMPOOL: 8-bit-exponent formats only
        kinds = [k for k in kinds if k != "gmpool"]
    if not kinds:
        kinds = ["elwmul"]

    lines = [f"# random_math_{seed}.tts: constrained-random matrix-unit arithmetic (tools/gen_random.py --math).",
             f"#   python3 tools/gen_random.py --math --seed {seed} --length {length} -o FILE",
             "# No expectations: in lockstep every Dest row each instruction writes is compared.",
             f"# family {family}: SrcA format {fa}, SrcB format {fb}, Fp32_enabled {int(fp32)}, "
             f"FIDELITY_BASE {fid_base}, SrcB denormals kept {int(keep_denormals)}",
             f"max_cycles {200000 + 400 * length}", ""]
    alu = fa << 17 | fb << 21 | (1 << 29 if fp32 and family != "int8" else 0) | (1 << 31 if family == "int8" else 0)
    lines.append(f"cfg 0 1 0x{alu:x}   # ALU_FORMAT_SPEC SrcA, SrcB, Fp32_enabled, INT8_math_enabled")
    lines.append(f"cfg 0 2 {int(keep_denormals) | rng.getrandbits(1) << 1}   # Zero_Flag_disabled_src, _dst")
    # implied formats: the unpackers' Out_data_format, recorded by each hand-over; or the configured ones
    lines.append(f"cfg 0 THCON_SEC0_REG2_Out_data_format {fa}")
    lines.append(f"cfg 0 THCON_SEC1_REG2_Out_data_format {fb}")
    for k, name in enumerate(("SRCA", "SRCB")):
        if rng.random() < 0.3:
            lines.append(f"tcfg 1 DISABLE_IMPLIED_{name}_FMT_Base 1")
    if fid_base:
        lines.append(f"tcfg 1 FIDELITY_BASE_Phase {fid_base}")
    # ADDR_MODs (RWCs.md ApplyAddrMod; ADDR_MOD_AB_SEC 12+i, ADDR_MOD_DST_SEC 28+i): aligned increments
    for i in range(8):
        ab = (rng.randrange(4) * 16 | rng.getrandbits(1) << 6 | (rng.random() < 0.15) << 7 |
              rng.randrange(8) * 8 << 8 | rng.getrandbits(1) << 14 | (rng.random() < 0.15) << 15)
        d = (rng.randrange(128) * 8 if rng.random() < 0.3 else rng.randrange(4) * 8)
        d |= rng.getrandbits(1) << 10 | (rng.random() < 0.15) << 11 | rng.getrandbits(1) << 12
        d |= rng.randrange(4) << 13 | (rng.random() < 0.2) << 15
        lines.append(f"tcfg 1 {12 + i} 0x{ab:x}   # ADDR_MOD_AB_SEC{i}")
        lines.append(f"tcfg 1 {28 + i} 0x{d:x}   # ADDR_MOD_DST_SEC{i}")
    for bank in range(2):
        for row in range(64):
            a = [_src_value(rng, family) for _ in range(16)]
            b = [0x7F] * 16 if row == 0 and family == "exp8" else [_src_value(rng, family) for _ in range(16)]
            lines.append(f"srca {bank} {row} " + " ".join(f"0x{v:x}" for v in a))
            lines.append(f"srcb {bank} {row} " + " ".join(f"0x{v:x}" for v in b))
    for row in sorted(rng.sample(range(1024), 160)):
        lines.append(f"dest {row} " + " ".join(f"0x{rng.getrandbits(16):x}" for _ in range(16)))
        if rng.random() < 0.15:
            lines.append(f"dest_valid {row} 0")

    t1, returns = [], []   # returns: the sides given back, in the math thread's order
    n_ops = max(4, length // 2)
    for _ in range(n_ops):
        u = rng.random()
        if u < 0.08:
            # SETRWC: Dst to 0 or 8, SrcA to 0, SrcB to 0 or 8 (bit_mask random); fidelity cleared or not
            t1.append(f"ttsetrwc 0,0,{rng.choice([0, 8])},{rng.choice([0, 8])},0,{rng.randrange(16)}")
            continue
        if u < 0.12:
            t1.append(f"ttzeroacc 1,{int(fp32)},0,{rng.randrange(8)},{rng.randrange(32 if fp32 else 64)}")
            continue
        k = rng.choice(kinds)
        clr = rng.randrange(4) if rng.random() < 0.3 else 0
        am = rng.randrange(8)
        if k in ("elwadd", "elwsub"):
            t1.append("ttsetrwc 0,0,0,0,0,8   # fidelity phase 0 (ELWADD/ELWSUB)")
            t1.append(f"tt{k} {clr},{rng.getrandbits(1)},{rng.randrange(4)},{am},0")
        elif k == "elwmul":
            t1.append(f"ttelwmul {clr},0,{rng.randrange(4)},{am},0")
        elif k == "mvmul":
            t1.append(f"ttmvmul {clr},0,{am},0")
        elif k == "gapool":
            t1.append(f"ttgapool {clr},1,{am},0,0")
        else:
            t1.append("ttsetrwc 0,0,0,0,0,2   # SrcB row 0: 1.0 (GMPOOL)")
            t1.append(f"ttgmpool {clr},1,{am},0,0")
        returns += [n for n in range(2) if clr >> n & 1]
    t1.append("drain")

    def give(n):
        return [f"ttstallwait 8,{0x22 if n == 0 else 0x44:#x}",
                f"ttunpacr_nop {n},0,0,0,3,0,0,0,2   # set dvalid: unpacker {n}'s bank to the matrix unit"]
    # thread 0 gives both banks of each side, then one more per bank returned, in the order the math
    # thread returns them: a give waits for its bank, so any other order could wait behind a bank the
    # math thread returns only after it was given the other side's
    t0 = give(0) + give(1) + give(0) + give(1)
    for n in returns:
        t0 += give(n)
    t0.append("drain")
    from random_unpack import gpr_filler
    t2 = gpr_filler(rng, length // 4, 40)
    lines += ["", "thread 0"] + t0 + ["", "thread 1"] + t1 + ["", "thread 2"] + t2
    return "\n".join(lines) + "\n"
