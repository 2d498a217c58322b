"""sfpu_kernels.py: tt-llk's Blackhole SFPU kernels as the instruction sequences they compile to, on
one Dest face each, with the expected Dest computed by tools/sfpu_ref.py (issue 30). Used by
`tools/sfpu_ref.py --write / --check`; writes tests/sfpu/*.tts.

Source: tenstorrent/tt-llk at commit TT_LLK (tt_llk_blackhole/common/inc/sfpu/ckernel_sfpu_*.h and
llk_lib/llk_math_eltwise_unary_sfpu.h). Two kinds of kernel:
  - written with TTI_ macros (the reciprocals, exp's FAST_APPROX path, the typecasts): the words
    below are those macros' operands, in the assembler's field order (ref_model/src/isa_table.h);
  - written in SFPI (sqrt, sigmoid, gelu): compiled by hand, one SFP instruction per SFPI operation
    as sfpi's headers map them (a * b + c is one SFPMAD, a * b an SFPMUL with LReg[9] = 0, a + b an
    SFPADD with LReg[10] = 1.0, a float immediate a SFPLOADI / SFPMULI / SFPADDI, v_if a SFPPUSHC then
    the condition, v_else SFPCOMPC, v_endif SFPPOPC, dst_reg[0] an SFPLOAD / SFPSTORE with ADDR_MOD_7,
    dst_reg++ INCRWC 0,2,0,0); the LRegs are our choice. The tests check the sequence written here;
    the compiler's register allocation or instruction order may differ, its arithmetic may not.
Every test runs on thread 1 (math) after the state tt-llk's boot and unary-SFPU init leave:
SFPENCC 3,0,0,10 (tests/helpers/include/boot.h: lane flags used, all set), SFPCONFIG 0,15,1
(_init_sfpu_config_reg: LaneConfig 0), ADDR_MOD_7 all zero (reset) and ADDR_MOD_6 Dest += 2
(eltwise_unary_sfpu_configure_addrmod), then the kernel's init and ITERATIONS = 8 iterations: one
face of 16 rows (each SFPLOAD / SFPSTORE moves 4 rows of the even or the odd columns).
"""
import random

import sfpu_ref as R
from sfpu_ref import Program, Sfpu, f2u, fp32_dst32, bf16_cell, cell_bf16, dst32_fp32

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
        vals.append(gen(rnd) & R.M32)
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

def make_test(name, lines, fp32, view, inputs, prog, extra_preload=(), out_view=None):
    """One test: header `lines`, Dest face (rows 0..15) preloaded with `inputs` (256 words: FP32 /
    integer words for view 32, 16-bit cells for view 16), the program on thread 1, expectations of
    the same 16 rows (of view `out_view`, when the kernel stores in the other one) computed by
    sfpu_ref."""
    out_view = out_view or view
    u = Sfpu()
    u.fp32_enabled = fp32
    out = ['# %s' % name] + ['# ' + s if s else '#' for s in lines]
    out.append('# Expected values: tools/sfpu_ref.py (regenerate with --write, checked by --check).')
    if fp32:
        out.append('cfg 0 ALU_ACC_CTRL_SFPU_Fp32_enabled 1')
        u.fp32_enabled = True
    out.extend(extra_preload)
    for r in range(16):
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
    CAPTURE.append((name, [row[:] for row in u.dest], u.fp32_enabled, prog))
    prog.run(u)
    CAPTURE[-1] += ([row[:] for row in u.dest],)
    out.append('thread 1')
    out.extend(prog.text())
    for r in range(16):
        if out_view == 32:
            out.append('expect dest32 %d %s' % (r, ' '.join('0x%08X' % u.rd32(r, c) for c in range(16))))
        else:
            out.append('expect dest %d %s' % (r, ' '.join('0x%04X' % u.dest[r][c] for c in range(16))))
    return name, '\n'.join(out) + '\n'


def src(f):
    return 'tt-llk %s, %s%s' % (TT_LLK[:12], SRC, f)


# ---------------------------------------------------------------- reciprocal

def recip_7b():
    p = Program()
    boot(p)
    for d in range(8):
        p('ttsfpload', L0, 0, ADDR_MOD_7, 0, c='iteration %d: x (MOD0_FMT_SRCB: BF16)' % d)
        p('ttsfparecip', 0, L0, L0, 0, c='L0 = ApproxRecip(x)')
        p('ttsfpstore', L0, 0, ADDR_MOD_6, 0, c='Dest += 2')
    vals = face_values(7, log_uniform(-130, 130), bf16=True)
    return make_test('sfpu_recip_fast_7b_bf16.tts', [
        'Reciprocal, approximate (7 bits): _calculate_reciprocal_fast_7b_, the DISABLE_SFPLOADMACRO',
        'path (%s): SFPLOAD, SFPARECIP RECIP, SFPSTORE per' % src('ckernel_sfpu_recip.h'),
        'iteration; BF16 Dest (Fp32_enabled 0: MOD0_FMT_SRCB is BF16). Inputs: signed zeros, denormals,',
        '+-Inf, NaNs, +-max, +-2^-126 and BF16 values of exponents -130..130 (SFPARECIP gives Inf below',
        '2^-126 and 0 from 2^126 up, NaN included; the store truncates to BF16).'],
        False, 16, [bf16_cell(v >> 16) for v in vals], p)


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
        p('ttsfpswap', 0, LCONST_1, L3, 1, c='t2 = min(t2, 1.0) (VEC_MIN_MAX)')
        p('ttsfpmad', L3, L1, L1, L0, 0, c='y = t2 * y + y')
        p('ttsfpstore', L0, 0, ADDR_MOD_6, 0, c='Dest += 2')
    vals = face_values(24, log_uniform(-130, 130))
    return make_test('sfpu_recip_fast_24b_5c_fp32.tts', [
        'Reciprocal, FP32: _calculate_reciprocal_fast_24b_5c_, the DISABLE_SFPLOADMACRO path',
        '(%s): ApproxRecip, then y * (1 + e + e^2 + e^3) with' % src('ckernel_sfpu_recip.h'),
        'e = 1 - x * y, NaN in e replaced by 1.0 by SFPSWAP; FP32 Dest (Fp32_enabled 1).'],
        True, 32, vals, p)


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
        'SFPI compiled by hand (see tools/sfpu_kernels.py). The integer compare x_bits < inf_bits is',
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


KERNELS = [recip_7b, recip_8b_3c, recip_24b_5c, sqrt_fp32, sigmoid_fp32, gelu_appx_fp32,
           lambda: exp_fast(True), lambda: exp_fast(False), tc_fp32_to_int32, tc_fp32_to_uint32,
           tc_fp32_to_fp16b, tc_int32_to_fp16b, tc_uint16_to_fp16b, tc_fp32_to_uint16]


def generate():
    return dict(k() for k in KERNELS)
