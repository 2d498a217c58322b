#!/usr/bin/env python3
"""gen_tile_stream.py: a three-thread tile stream, L1 -> SrcA -> Dest -> L1 (issue 7 part 6, "end to end").

  thread 0 (TRISC0, unpack): per tile, UNPACR of one 16x16 face of format IN from L1 into SrcA with
           FlipSrc (the bank goes to the matrix unit); the tile's base address by WRCFG after a
           STALLWAIT on the unpacker (unpack-data-path §2; tools/gen_unpack_tests.py's config).
  thread 1 (TRISC1, math): per tile, SEMWAIT until a Dest half is free (semaphore MATH_PACK below its
           max 2), STALLWAIT C7 (SrcA bank valid), two MOVA2D of 8 rows into Dest half (tile % 2),
           SETRWC with FlipSrcA (the bank goes back to the unpacker), STALLWAIT on math, SEMPOST.
  thread 2 (TRISC2, pack): per tile, SEMWAIT until MATH_PACK > 0, WRCFG of L1_Dest_addr and of the
           packer's Dest offset (DEST_TARGET_REG_CFG_PACK_SEC0_Offset: the half), four PACRs of 4x16
           datums (ReadIntfSel 0: all four read interfaces, ADDR_MOD_PACK_SEC0 Y src/dst += 4, the last with
           ADDR_MOD_PACK_SEC1 clearing Y and Z and Last), STALLWAIT on the packer, SEMGET.
  This is SyncHalf, pack-data-path §16 / §17.1 and tt-llk's math/pack semaphore protocol.

Expected L1 bytes of every output tile come from the rules written out here, not from the model:
  unpack: UNPACR_Regular.md FormatConversion, WriteSrc* layouts (unpack-data-path §3.2-§3.4;
          ERRATA 2 for FP8 E5M2 0x7F/0xFF; BFP8ToBF16),
  MOVA2D: MOVA2D.md RemoveLowMantissa / RemoveHighExponent, the zero flag (Zero_Flag_disabled_src 0:
          a Src cell with exponent 0 moves as +0), the TF32 path into Dst32b (Dst.md AdjRow),
  pack:   docs/decisions.md "Packer datum conversion" (early: r16 NaN -> Inf / exponent-0 flush,
          ERRATA 3; late: ERRATA 1 narrowing e1, f5bf, f5fp32; BFP: ERRATA 4 shared exponent = max,
          round half up, saturate, sign only on a non-zero field) and "PACR, first slice" (addresses).

Usage: tools/gen_tile_stream.py --tiles N --in FMT --out FMT [--seed S] [-o FILE]
       tools/gen_tile_stream.py --list          (the supported pairs)
"""
import argparse, math, os, random, struct, sys
from decimal import Decimal

# data-formats §6 codes
CODE = dict(fp32=0, fp16=1, bfp8a=2, bfp4a=3, tf32=4, bf16=5, bfp8=6, bfp4=7, int32=8, int16=9,
            fp8=10, bfp2a=11, int8=14, bfp2=15)
BITS = dict(fp32=32, tf32=32, fp16=16, bf16=16, fp8=8, bfp8=8, bfp4=4, bfp2=2, bfp8a=8, bfp4a=4, bfp2a=2,
            int32=32, int16=16, int8=8)

# Input chains: (unpacker L1 format, unpacker out format, ALU SrcA format, Dstacc, packer In_data_format,
# Read_32b_data, class of the packer's datum: 'F8' (FP32 pattern) or 'F5' (FP16 pattern))
IN_CHAINS = {
    'bf16': dict(l1=5, uout=5, srca=5, dstacc=5, pin=5, r32=0, cls='F8', what='BF16 -> SrcA BF16 -> Dst16b BF16'),
    'bfp8': dict(l1=6, uout=6, srca=6, dstacc=5, pin=5, r32=0, cls='F8', what='BFP8 -> SrcA BF16 (BFP8ToBF16) -> Dst16b BF16'),
    'fp16': dict(l1=1, uout=1, srca=1, dstacc=1, pin=1, r32=0, cls='F5', what='FP16 -> SrcA FP16 -> Dst16b FP16'),
    'fp8':  dict(l1=10, uout=10, srca=10, dstacc=1, pin=1, r32=0, cls='F5', what='FP8 E5M2 -> SrcA FP16 (ERRATA 2) -> Dst16b FP16'),
    'fp32': dict(l1=0, uout=4, srca=4, dstacc=0, pin=0, r32=1, cls='F8', what='FP32 -> SrcA TF32 -> Dst32b (Dest32) FP32'),
}
OUT_FORMATS = ['fp32', 'tf32', 'bf16', 'fp16', 'fp8', 'bfp8', 'bfp4', 'bfp2', 'bfp8a', 'bfp4a', 'bfp2a',
               'int32', 'int16', 'int8']


def refusal(fin, fout):
    """Why the current model reports this pair unimplemented or undefined (None: supported)."""
    ch = IN_CHAINS[fin]
    if fout == 'int8':
        if not ch['r32']:
            return ("INT8 from Dst16b is unimplemented in the model (docs/decisions.md \"Packer datum "
                    "conversion\": FormatConversion.md and tt-llk disagree)")
        return "INT8 output needs IntermediateFormat INT8 (an integer Dest), not this float chain: undefined"
    if fout in ('int32', 'int16'):
        return ("%s output from a float In_data_format (%s) is the late table's \"No\": undefined "
                "(docs/decisions.md \"Packer datum conversion\", step 6)" % (fout.upper(), 'FP32' if ch['r32'] else fin.upper()))
    return None


# ---------------------------------------------------------------- layouts (unpack-data-path §3.3, Dst.md)
def src_tf32(x19): return (x19 & 0x40000) | ((x19 & 0x3ff) << 8) | ((x19 & 0x3fc00) >> 10)
def src_bf16(b): return src_tf32((b & 0xffff) << 3)
def src_fp16(h): return src_tf32(((h & 0x8000) << 3) | (h & 0x7fff))

# MOVA2D.md: RemoveLowMantissa (8-bit exponent formats), RemoveHighExponent (the others)
def remove_low_mantissa(x): return ((x >> 3) & 0x8000) | ((x >> 3) & 0x7f00) | (x & 0xff)
def remove_high_exponent(x): return ((x >> 3) & 0x8000) | ((x >> 3) & 0x7fe0) | (x & 0x1f)

# Dst.md decoders (the packer reads Dest with them)
def dec16(c): return (c & 0x8000) | ((c & 0xff) << 7) | ((c >> 8) & 0x7f)
def dec5(c): return (c & 0x8000) | ((c & 0x1f) << 10) | ((c >> 5) & 0x3ff)
def dst_bf16(b): return (b & 0x8000) | ((b & 0x7f) << 8) | ((b >> 7) & 0xff)


# ---------------------------------------------------------------- unpacker (UNPACR_Regular.md FormatConversion)
def e5m2_to_fp16(c):            # ERRATA 2: 0x7F / 0xFF read as sign | 0x7FFF
    return ((c & 0x80) << 8) | 0x7fff if (c & 0x7f) == 0x7f else c << 8

def bfp8_to_bf16(d, e):         # BFP8ToBF16 (§3.4): normalise the 7-bit magnitude, exponent - lz (8 bits)
    s = d >> 7; m = (d << 1) & 0xff
    if m == 0: return 0xff80 if s else 0
    lz = 8 - m.bit_length(); m = (m << lz) & 0xff; e = (e - lz) & 0xff
    return (s << 15) | (e << 7) | (m & 0x7e)

def unpack_cell(fin, datum, exp=0):
    """L1 datum -> SrcA cell (19 bits)."""
    if fin == 'bf16': return src_bf16(datum)
    if fin == 'bfp8': return src_bf16(bfp8_to_bf16(datum, exp))
    if fin == 'fp16': return src_fp16(datum)
    if fin == 'fp8': return src_fp16(e5m2_to_fp16(datum))
    if fin == 'fp32': return src_tf32(datum >> 13)      # FP32 -> TF32 in Src: the low 13 bits go, no flush
    raise ValueError(fin)


# ---------------------------------------------------------------- MOVA2D (MOVA2D.md), one cell
def mova2d(fin, v):
    """SrcA cell -> Dest: ('d16', 16-bit Dst16b cell) or ('d32', 32-bit Dst32b value)."""
    if not (v & 0xff): v = 0                        # Zero_Flag_disabled_src = 0: exponent 0 moves as +0
    ch = IN_CHAINS[fin]
    exp8 = ch['srca'] in (0, 4, 5, 6, 7, 15, 8, 9)
    v16 = remove_low_mantissa(v) if exp8 else remove_high_exponent(v)
    if ch['srca'] == 4:                              # TF32: Dst32b = v16 << 16 | low 3 mantissa bits << 13
        return (v16 << 16) | (((v >> 8) & 7) << 13)
    return v16


# ---------------------------------------------------------------- packer (docs/decisions.md "Packer datum conversion")
def e1(p):                      # ERRATA 1: FP32 pattern -> Tensix FP16 (saturate, e == 0 kept, e < 0 signed 0)
    s = (p >> 16) & 0x8000; ex = (p >> 23) & 0xff; e = ex - 112
    if ex == 0xff or e > 31: return s | 0x7fff
    if e < 0: return s
    return s | (e << 10) | ((p >> 13) & 0x3ff)

def r16(b):                     # Dst16b BF16 early: NaN -> Inf, exponent 0 -> +0 (ERRATA 3)
    if (b & 0x7fff) > 0x7f80: return (b & 0x8000) | 0x7f80
    if (b & 0x7f80) == 0: return 0
    return b

def ninf(p): return (p & 0x80000000) | 0x7f800000 if (p & 0x7fffffff) > 0x7f800000 else p
def fl(p): return p if (p & 0x7f800000) else 0
def f5bf(h): return 0 if not (h & 0x7c00) else (h & 0x8000) | ((((h >> 10) & 0x1f) + 112) << 7) | ((h >> 3) & 0x7f)
def f5fp32(h):
    if h & 0x7c00: return ((h >> 15) << 31) | (((h & 0x7fff) + (112 << 10)) << 13)
    return ((h >> 15) << 31) | ((h & 0x3ff) << 13)

def early(fin, fout, d):
    """Dest datum -> (class, value) after step 1 (no edge mask, ReLU 0, no threshold)."""
    ch = IN_CHAINS[fin]
    if ch['r32']:
        dd = (dec16(d >> 16) << 16) | (d & 0xffff)      # D: the FP32 pattern
        if fout == 'tf32':                              # IntermediateFormat TF32, raw 0: TF32 rounding
            return fl((ninf(dd) + 0x1000) & 0xffffe000)
        return dd                                       # IntermediateFormat FP32: D
    if ch['cls'] == 'F8':
        return r16(dec16(d)) << 16                      # Dst16b, IntermediateFormat BF16
    h = dec5(d)                                         # Dst16b, IntermediateFormat FP16
    return h if (h & 0x7c00) else 0

def late(fin, fout, v):
    """Non-BFP output bits, or the 16-bit per-datum value a BFP output assembles."""
    ch = IN_CHAINS[fin]
    if ch['cls'] == 'F8':
        p = v
        def f8bf(p): return 0 if (ch['pin'] in (0, 4) and not (p & 0x7f800000)) else p >> 16
        if fout == 'fp32': return p
        if fout == 'tf32': return p & 0xffffe000
        if fout in ('bf16', 'bfp8', 'bfp4', 'bfp2'): return f8bf(p)
        if fout == 'fp16': return e1(p)
        if fout == 'fp8': return e1(p) >> 8
        if fout in ('bfp8a', 'bfp4a', 'bfp2a'): return e1(p) & 0xfff8
    else:
        h = v                                           # In_data_format FP16: exponent 0 gives 0 (already 0)
        if fout in ('fp32', 'tf32'): return f5fp32(h)
        if fout in ('bf16', 'bfp8', 'bfp4', 'bfp2'): return f5bf(h)
        if fout == 'fp16': return h
        if fout == 'fp8': return 0 if not (h & 0x7c00) else h >> 8
        if fout in ('bfp8a', 'bfp4a', 'bfp2a'): return 0 if not (h & 0x7c00) else h & 0xfff8
    raise ValueError(fout)

def bfp_group(xs, fout):        # ERRATA 4 assembly, B or A
    a = fout.endswith('a'); bits = BITS[fout]
    es = [((x >> 10) & 0x1f) if a else ((x >> 7) & 0xff) for x in xs]
    ms = [((x >> 3) & 0x7f) if a else (x & 0x7f) for x in xs]
    shared = max(es)
    fields = []
    for x, e, m in zip(xs, es, ms):
        full = (0x80 if e else 0) | m
        sh = shared - e
        mag = 0 if sh >= 8 else min(0x7f, (full + (1 << sh)) >> (sh + 1))
        mag >>= {8: 0, 4: 4, 2: 6}[bits]
        fields.append(mag | ((x >> 15) << (bits - 1)) if mag else 0)
    return shared, fields


# ---------------------------------------------------------------- values for the test file
def fnum(x):
    if x == 0: return '-0' if math.copysign(1, x) < 0 else '0'
    if math.isinf(x): return 'inf' if x > 0 else '-inf'
    if x == int(x) and abs(x) < 2 ** 53: return str(int(x))
    d = repr(x)                                     # a short decimal only when it is exactly x
    if 'e' not in d and len(d) <= 12 and Decimal(d) == Decimal(x): return d
    m, e = x.hex().split('p')                       # else a compact C99 hex float: 0x1.fcp-23
    m = m.rstrip('0').rstrip('.')
    return m + 'p' + e.lstrip('+')

def f32val(p): return struct.unpack('<f', struct.pack('<I', p))[0]
def fp16val(h):                 # Tensix FP16: exponent 31 is ordinary (ERRATA 1), no Inf/NaN
    s = -1.0 if h & 0x8000 else 1.0; e = (h >> 10) & 0x1f; m = h & 0x3ff
    return s * (m * 2.0 ** -24 if e == 0 else (1 + m / 1024) * 2.0 ** (e - 15))

def typed(fmt, bits):
    """A typed value for a datum of a non-BFP format, or raw:N where it has no value (NaN)."""
    if fmt in ('fp32', 'tf32'):
        v = f32val(bits)
        return 'raw:0x%x' % bits if math.isnan(v) else fnum(v)
    if fmt == 'bf16':
        v = f32val(bits << 16)
        return 'raw:0x%x' % bits if math.isnan(v) else fnum(v)
    if fmt == 'fp16': return fnum(fp16val(bits))
    if fmt == 'fp8': return fnum(fp16val(e5m2_to_fp16(bits)))
    raise ValueError(fmt)

def bfp_b_values(shared, fields, bits):
    """The typed values of a B-exponent BFP group, or None if the loader would not reproduce these bytes."""
    out = []; exps = []
    for f in fields:
        mag = f & ((1 << (bits - 1)) - 1); s = f >> (bits - 1)
        if mag == 0:
            if s: return None                           # -inf code
            out.append(0.0); continue
        v = mag * 2.0 ** (shared - 127 - (bits - 2))   # the magnitude has bits - 1 bits, bit 6 of BFP8 is the 1
        e = math.frexp(v)[1] - 1 + 127                  # BF16 exponent field of v
        if not 1 <= e <= 254: return None               # not a normal BF16
        exps.append(e); out.append(-v if s else v)
    if (max(exps) if exps else 0) != shared: return None
    return out


# ---------------------------------------------------------------- input tiles
def gen_input(fin, rng, specials):
    """256 L1 datums (and 16 shared exponents for BFP), plus the typed values of the l1 tile line."""
    n = 256
    if fin == 'bf16':
        vals = list(specials)
        while len(vals) < n:
            base = rng.choice([rng.randint(1, 254), rng.randint(100, 150), rng.randint(118, 136)])
            for _ in range(16):
                e = max(1, min(254, base - rng.randint(0, 9))) if rng.random() < 0.85 else rng.randint(0, 255)
                vals.append((rng.randint(0, 1) << 15) | (e << 7) | rng.randint(0, 127))
        vals = vals[:n]
        return vals, None, [typed('bf16', v) for v in vals]
    if fin == 'fp16':
        vals = list(specials)
        while len(vals) < n:
            base = rng.randint(1, 31)
            for _ in range(16):
                e = max(0, base - rng.randint(0, 6)) if rng.random() < 0.85 else rng.randint(0, 31)
                vals.append((rng.randint(0, 1) << 15) | (e << 10) | rng.randint(0, 1023))
        vals = vals[:n]
        return vals, None, [typed('fp16', v) for v in vals]
    if fin == 'fp8':
        vals = list(specials)
        while len(vals) < n: vals.append(rng.randint(0, 255))
        vals = vals[:n]
        return vals, None, [typed('fp8', v) for v in vals]
    if fin == 'fp32':
        vals = list(specials)
        while len(vals) < n:
            base = rng.choice([rng.randint(1, 254), rng.randint(100, 150), rng.randint(108, 146)])
            for _ in range(16):
                e = max(1, min(254, base - rng.randint(0, 9))) if rng.random() < 0.85 else rng.randint(0, 255)
                vals.append((rng.randint(0, 1) << 31) | (e << 23) | rng.getrandbits(23))
        vals = vals[:n]
        return vals, None, [typed('fp32', v) for v in vals]
    if fin == 'bfp8':
        fields, exps, tv = [], [], []
        for g in range(16):
            sp = specials[16 * g:16 * g + 16] if g * 16 < len(specials) else []
            shared = 0 if (g == 15 and specials) else rng.randint(100, 150)
            fs = []
            for i in range(16):
                if i < len(sp): fs.append(sp[i]); continue
                if shared == 0: fs.append(0); continue
                mag = rng.randint(1, 127) if rng.random() < 0.9 else 0
                fs.append((rng.randint(0, 1) << 7 if mag else 0) | mag)
            if shared and not any((f & 0x7f) >= 64 for f in fs):   # the loader's exponent is the largest one
                j = next(i for i in range(16) if i >= len(sp))
                fs[j] = (fs[j] & 0x80) | rng.randint(64, 127)
            exps.append(shared); fields += fs
            for f in fs:
                mag = f & 0x7f
                if mag == 0: tv.append('-inf' if f & 0x80 else '0'); continue
                v = mag * 2.0 ** (shared - 133)
                tv.append(fnum(-v if f & 0x80 else v))
        return fields, exps, tv
    raise ValueError(fin)

SPECIALS = {
    'bf16': [0x0000, 0x8000, 0x0001, 0x807f, 0x7f80, 0xff80, 0x7fc0, 0xffc1, 0x3f80, 0xbf80, 0x7f7f, 0x0080,
             0x3800, 0xb87f, 0x4780, 0x477f, 0x4800, 0x33ff, 0x3f81, 0x4000],
    'fp16': [0x0000, 0x8000, 0x0001, 0x83ff, 0x7fff, 0xffff, 0x3c00, 0xbc00, 0x7c00, 0x0400, 0x8400, 0x3c01,
             0x3bff, 0x7bff, 0x0401, 0x4000],
    'fp8': [0x00, 0x80, 0x01, 0x83, 0x7f, 0xff, 0x7c, 0xfc, 0x7e, 0x3c, 0xbc, 0x04, 0x40, 0x3d, 0x3e, 0x3f],
    'fp32': [0x00000000, 0x80000000, 0x3f800000, 0xbf800000, 0x7f800000, 0xff800000, 0x7fc00000, 0x7f800001,
             0x00000001, 0x807fffff, 0x7f7fffff, 0x00800000, 0x3f801fff, 0x47800000, 0x477fe000, 0x38000000,
             0x33000000, 0x3f802000, 0xc7ffffff, 0x387fe000],
    # one BFP8 group: shared exponent 127 for these fields (1.0 = 0x40), -inf (sign, magnitude 0)
    'bfp8': [0x40, 0xc0, 0x7f, 0xff, 0x01, 0x81, 0x20, 0x00, 0x80, 0x3f, 0x60, 0x10, 0x08, 0x04, 0x02, 0x41],
}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--tiles', type=int, default=3)
    ap.add_argument('--in', dest='fin', default='bf16')
    ap.add_argument('--out', dest='fout', default='bf16')
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('-o', dest='outfile')
    ap.add_argument('--list', action='store_true', help='print the supported IN OUT pairs and exit')
    a = ap.parse_args()
    if a.list:
        for fi in IN_CHAINS:
            for fo in OUT_FORMATS:
                print(fi, fo, 'ok' if refusal(fi, fo) is None else 'refused: ' + refusal(fi, fo))
        return 0
    if a.fin not in IN_CHAINS:
        sys.exit("gen_tile_stream.py: --in %s is not supported; choose one of %s" % (a.fin, ', '.join(IN_CHAINS)))
    if a.fout not in OUT_FORMATS:
        sys.exit("gen_tile_stream.py: --out %s is not a packer format; choose one of %s" % (a.fout, ', '.join(OUT_FORMATS)))
    why = refusal(a.fin, a.fout)
    if why:
        sys.exit("gen_tile_stream.py: --in %s --out %s is refused: %s" % (a.fin, a.fout, why))
    if not 1 <= a.tiles <= 200:
        sys.exit("gen_tile_stream.py: --tiles must be 1..200")
    text = generate(a.fin, a.fout, a.tiles, a.seed)
    if a.outfile:
        d = os.path.dirname(a.outfile)
        if d: os.makedirs(d, exist_ok=True)
        with open(a.outfile, 'w') as f: f.write(text)
    else:
        sys.stdout.write(text)
    return 0


def tile_bytes(fmt):            # header + exponent section + datums, rounded to 16 bytes
    n = 16 + (16 if fmt.startswith('bfp') else 0) + 256 * BITS[fmt] // 8
    return (n + 15) & ~15

def le_bytes(vals, bits):
    out = []
    if bits >= 8:
        for v in vals: out += [(v >> (8 * k)) & 0xff for k in range(bits // 8)]
    else:
        per = 8 // bits
        for i in range(0, len(vals), per):
            b = 0
            for k, v in enumerate(vals[i:i + per]): b |= v << (bits * k)
            out.append(b)
    return out

def byte_lines(addr, bs):
    return ["expect l1 bytes 0x%x %s" % (addr + 16 * i, " ".join("0x%02x" % b for b in bs[16 * i:16 * i + 16]))
            for i in range((len(bs) + 15) // 16)]

def wrap_values(vals, per=16, indent='  '):
    return [indent + " ".join(vals[i:i + per]) for i in range(0, len(vals), per)]


def generate(fin, fout, ntiles, seed):
    rng = random.Random(seed * 1000003 + CODE[fout] * 31 + list(IN_CHAINS).index(fin))
    ch = IN_CHAINS[fin]
    IN_BASE, OUT_BASE = 0x10000, 0x80000
    in_stride, out_stride = tile_bytes(fin if fin != 'fp32' else 'fp32'), tile_bytes(fout)
    d32 = bool(ch['r32'])
    half_rows = 256 if d32 else 512                   # Dest halves: Dst32b rows 0 / 256, Dst16b rows 0 / 512
    dstacc, pin = ch['dstacc'], ch['pin']
    if d32 and fout == 'tf32': dstacc = pin = 4       # TF32 out is undefined from In_data_format FP32
    src_bytes = {0: 4, 4: 4, 1: 2, 5: 2}.get(ch['uout'], 1)
    row_bytes = 16 * (4 if d32 else 2)

    L = ["# GENERATED by tools/gen_tile_stream.py --tiles %d --in %s --out %s --seed %d" % (ntiles, fin, fout, seed),
         "# Tile stream, three threads: TRISC0 unpacks %d tiles (one 16x16 face each, %s) from L1 into SrcA" % (ntiles, fin),
         "# (UNPACR with FlipSrc), TRISC1 moves each to a Dest half with MOVA2D and gives the bank back (SETRWC",
         "# FlipSrcA), TRISC2 packs each to %s in L1 (4 PACRs of 4 rows x 16 datums, ReadIntfSel 0, ADDR_MOD Y += 4, Last at the tile's end)." % fout,
         "# Chain: %s; packer In_data_format %d, Dstacc %d%s." % (ch['what'], pin, dstacc, ", Read_32b_data" if d32 else ""),
         "# Sync: unpack -> math by the SrcA bank valid bits (MOVA2D waits; STALLWAIT C7); math -> pack and",
         "# pack -> math by semaphore 1 (MATH_PACK, SEMINIT max 2 = two Dest halves, SyncHalf; pack-data-path §16).",
         "# Expected bytes: computed by the generator from the unpack, MOVA2D and pack rules (ERRATA 1-4), not by the model.",
         "# Input tiles at 0x%x + %d*i, output tiles at 0x%x + %d*i (16-byte header, not written by the packer)."
         % (IN_BASE, in_stride, OUT_BASE, out_stride),
         "max_cycles %d" % (20000 + 3000 * ntiles), ""]
    # ---- static config: unpacker 0 (as tools/gen_unpack_tests.py), matrix unit, packer 0 (as tools/gen_pack_tests.py)
    L += ["cfg 0 64 0x%08x   # unpacker 0 TileDescriptor: XDim 256, uncompressed, format %d" % ((256 << 16) | 0x10 | ch['l1'], ch['l1']),
          "cfg 0 65 0x00010001   # YDim 1, ZDim 1",
          "cfg 0 66 0x00000001   # WDim 1",
          "cfg 0 72 0x%08x   # THCON_SEC0_REG2: out format %d, throttle 2" % ((2 << 4) | ch['uout'], ch['uout']),
          "cfg 0 UNP0_ADDR_BASE_REG_1_Base %d   # OutAddr: 64 datums of the SrcA header -> SrcA row 0" % (64 * src_bytes),
          "cfg 0 ALU_FORMAT_SPEC_REG0_SrcA %d" % ch['srca'],
          "cfg 0 ALU_FORMAT_SPEC_REG2_Dstacc %d      # the packer's IntermediateFormat" % dstacc]
    if d32:
        L += ["cfg 0 ALU_ACC_CTRL_Fp32_enabled 1        # Dest in 32-bit mode",
              "cfg 0 PCK_DEST_RD_CTRL_Read_32b_data 1"]
    L += ["cfg 0 THCON_SEC0_REG1_In_data_format %d" % pin,
          "cfg 0 THCON_SEC0_REG1_Out_data_format %d" % CODE[fout],
          "cfg 0 THCON_SEC0_REG1_Disable_zero_compress 1",
          "cfg 0 THCON_SEC0_REG1_Sub_l1_tile_header_size 0   # skip the 16-byte header"]
    if fout.startswith('bfp'):
        L.append("cfg 0 THCON_SEC0_REG1_Exp_section_size 1        # 16 shared exponents (one line)")
    L += ["cfg 0 PCK_EDGE_OFFSET_SEC%d_mask 0xFFFF" % i for i in range(4)]
    L.append("cfg 0 PCK0_ADDR_CTRL_XY_REG_0_Ystride %d        # one Dest row, in bytes of In_data_format" % row_bytes)
    L.append("")

    # ---- input tiles and expected outputs
    expects = []
    for t in range(ntiles):
        sp = SPECIALS[fin] if t == 0 else []
        data, exps, tv = gen_input(fin, rng, sp)
        addr = IN_BASE + t * in_stride
        L.append("l1 tile 0x%x %s faces=1" % (addr, fin))
        L += wrap_values(tv, 16 if fin != 'fp32' else 8)
        # the chain, datum by datum
        outs = []
        for i in range(256):
            cell = unpack_cell(fin, data[i], exps[i // 16] if exps else 0)
            dv = mova2d(fin, cell)
            outs.append(late(fin, fout, early(fin, fout, dv)))
        oaddr = OUT_BASE + t * out_stride
        L.append("l1 fill 0x%x %d 0x5a" % (oaddr, out_stride))
        if fout.startswith('bfp'):
            sh, fl_ = [], []
            for g in range(16):
                s, f = bfp_group(outs[16 * g:16 * g + 16], fout); sh.append(s); fl_ += f
            vals = None
            if not fout.endswith('a'):
                vals = []
                for g in range(16):
                    v = bfp_b_values(sh[g], fl_[16 * g:16 * g + 16], BITS[fout])
                    if v is None: vals = None; break
                    vals += v
            if vals is not None:
                expects.append("expect l1 tile 0x%x %s faces=1" % (oaddr, fout))
                expects += wrap_values([fnum(v) for v in vals])
            else:
                expects.append("# tile %d: exponents then datums as bytes (values outside what 'l1 tile %s' states)" % (t, fout))
                expects += byte_lines(oaddr + 16, sh + le_bytes(fl_, BITS[fout]))
        else:
            expects.append("expect l1 tile 0x%x %s faces=1" % (oaddr, fout))
            expects += wrap_values([typed(fout, o) for o in outs], 16 if BITS[fout] < 32 else 8)
        expects.append("expect l1 bytes 0x%x %s   # header untouched" % (oaddr, " ".join(["0x5a"] * 16)))
    L.append("")

    def setgpr(gpr, v):         # SETDMAREG: a 16-bit immediate into the low half of GPR gpr
        return "ttsetdmareg %d,%d,0,%d" % (v >> 14, v & 0x3fff, 2 * gpr)

    # ---- thread 0: unpack
    L += ["thread 0",
          "ttsetadcxx 1,255,0                 # unpacker 0: X 0..255, 256 datums per UNPACR",
          "ttsetadcxy 1,0,0,0,0,11            # X0, Y0, Y1 = 0",
          "ttsetadczw 1,0,0,0,0,15            # Z, W = 0"]
    for t in range(ntiles):
        base = (IN_BASE + t * in_stride) >> 4
        L += ["# tile %d" % t,
              "ttstallwait 128,2                  # config waits for unpacker 0 to be idle",
              setgpr(4, base) + "             # r4 = tile base (16-byte units)",
              "ttwrcfg 4,0,76                     # THCON_SEC0_REG3_Base_address",
              "ttnop", "ttnop",
              "ttunpacr 0,0,0,0,0,0,1,0,0,0,0,0,1  # L1 -> SrcA rows 0..15, FlipSrc: bank to the matrix unit, Last"]
    L += ["drain", ""]

    # ---- thread 1: math
    L += ["thread 1",
          "ttseminit 2,0,2                    # MATH_PACK (semaphore 1): value 0, max 2 (two Dest halves)",
          "ttsetc16 14,8                      # ADDR_MOD_AB_SEC2: SrcAIncr 8",
          "ttsetc16 30,8                      # ADDR_MOD_DST_SEC2: DestIncr 8",
          "ttsetrwc 0,0,0,0,0,7               # RWCs to 0"]
    for t in range(ntiles):
        h = (t % 2) * half_rows
        L += ["# tile %d -> Dest %s rows %d..%d" % (t, "Dst32b" if d32 else "Dst16b", h, h + 15),
              "ttsemwait 64,2,2                   # math waits while MATH_PACK is at its max (no free Dest half)",
              "ttstallwait 64,0x80                # C7: the matrix unit's SrcA bank holds data",
              "ttmova2d 0,0,2,2,%d              # 8 rows, ADDR_MOD_2 (SrcA +8, Dest +8)" % h,
              "ttmova2d 0,0,2,2,%d" % h,
              "ttsetrwc 1,0,0,0,0,5               # FlipSrcA: the bank back to the unpacker; SrcA, Dst RWC = 0",
              "ttstallwait 2,0x10                 # the post waits for the matrix unit",
              "ttsempost 2                        # MATH_PACK += 1: a tile is in Dest"]
    L += ["drain", ""]

    # ---- thread 2: pack
    L += ["thread 2",
          "ttsetc16 37,260                    # ADDR_MOD_PACK_SEC0: Y src += 4, Y dst += 4",
          "ttsetc16 38,10272                  # ADDR_MOD_PACK_SEC1: clear Y src, Y dst, Z src",
          "ttsetadcxx 4,15,0                  # packer: X 0..15 of each of the four rows a PACR reads",
          "ttsetadcxy 4,0,0,0,0,11",
          "ttsetadczw 4,0,0,0,0,15"]
    for t in range(ntiles):
        h = (t % 2) * half_rows
        L += ["# tile %d from Dest half %d -> L1 0x%x" % (t, t % 2, OUT_BASE + t * out_stride),
              "ttsemwait 4,2,1                    # pack waits while MATH_PACK is 0",
              "ttstallwait 128,9                  # config waits for ThCon and the packer",
              setgpr(4, (OUT_BASE + t * out_stride) >> 4) + "             # r4 = L1_Dest_addr (16-byte units)",
              setgpr(5, h) + ("               " if h else "                   ") + "# r5 = Dest offset (rows)",
              "ttwrcfg 4,0,69                     # THCON_SEC0_REG1_L1_Dest_addr",
              "ttwrcfg 5,0,180                    # DEST_TARGET_REG_CFG_PACK_SEC0_Offset",
              "ttnop", "ttnop",
              "ttpacr 0,0,0,0,0,0,0,0,0,0,0,0     # rows 0..3 (ReadIntfSel 0: all four interfaces), ADDR_MOD 0",
              "ttpacr 0,0,0,0,0,0,0,0,0,0,0,0     # rows 4..7",
              "ttpacr 0,0,0,0,0,0,0,0,0,0,0,0     # rows 8..11",
              "ttpacr 0,0,0,1,0,0,0,0,0,0,0,1     # rows 12..15, ADDR_MOD 1 (clear Y, Z), Last",
              "ttstallwait 2,8                    # the get waits until the packer has read Dest",
              "ttsemget 2                         # MATH_PACK -= 1: the Dest half is free"]
    L += ["drain", ""]
    L += expects
    L += ["expect sem 1 0 2", "expect adc 2 pack 0 y 0", "expect adc 2 pack 1 y 0"]
    return "\n".join(L) + "\n"


if __name__ == '__main__':
    sys.exit(main())
