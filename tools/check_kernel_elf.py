#!/usr/bin/env python3
"""check_kernel_elf.py: checks one compiled TRISC kernel (issue 29 part 2; `make kernels`).

    python3 tools/check_kernel_elf.py --elf build/kernels/push_t0.elf --trisc 0 \
        --src kernels/tests/push.c [--variant NAME] --ttmodel build/ttmodel [--cross riscv64-unknown-elf-]

Checks, each failure a line on stderr and exit 1:
  1. the ELF header (readelf -h): ELF32, little endian, machine RISC-V, no RVC flag (the TRISCs
     implement RV32IM without C; BabyRISCV/README.md), entry = the TRISC's code base;
  2. the segments (readelf -l): every PT_LOAD has p_vaddr == p_paddr and lies inside the TRISC's
     L1 code window; the sections (readelf -S) that occupy memory lie inside that window or
     inside the TRISC's local data RAM;
  3. the code: only RV32IM and Zicsr instructions, and crt0's `_kernel_end` (the documented end
     of a program) present and holding an `ebreak`;
  4. the pushes: the source's `expect-push: <assembly>` lines, assembled by the project's own
     assembler (build/ttmodel asm), equal, in order, the words the code stores to
     INSTRN_BUF_BASE; and, when the source has `expect-store: <addr> <value>` lines, those equal
     the other MMIO stores (outside L1 and local data RAM) in order; value `?` is a value the
     code computes at run time (a store whose value the reading cannot follow). The stored words are found in the disassembly
     (objdump -d) by following constants through lui/auipc/addi (a straight-line reading: the
     check is for kernels whose pushes have constant operands). A library kernel whose pushes
     come from loops and run-time values (kernels/include/llk.h) says so instead with one line
     `pushes-checked-by: <test file>`: its pushes are not compared here (checks 1-3 still run),
     its test checks what they computed; a source with both that line and expect-push lines is
     refused. A source built once per parameter set has one line per variant instead,
     ` * variant: <elf name> -DPARAM=VALUE ... | pushes-checked-by: <test file>` (the Makefile
     builds <elf name>_tI.elf from it with those defines); --variant names the ELF's, and only
     that line's pushes-checked-by counts (a source with variant lines and no --variant, or
     without the named one, is bad input).
Addresses come from kernels/include/tt_mmio.h through the C preprocessor (one source).
Exit 2 when it cannot judge (a tool missing or failing).
"""
import argparse
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
MMIO_H = os.path.join(ROOT, 'kernels', 'include', 'tt_mmio.h')

NAMES = ['TT_TRISC_CODE_BASE(%d)', 'TT_TRISC_CODE_SIZE', 'TT_LOCAL_BASE', 'TT_TRISC_LOCAL_SIZE',
         'TT_INSTRN_BUF_BASE', 'TT_L1_BASE', 'TT_L1_SIZE']
# RV32I, M and Zicsr as objdump -M no-aliases spells them (BabyRISCV/README.md "Instruction set":
# RV32IM; Zicsr: the counters); anything else (compressed, A, F, fence.i, .insn) fails the check
RV32IM_ZICSR = set('''lui auipc jal jalr beq bne blt bge bltu bgeu lb lh lw lbu lhu sb sh sw addi slti sltiu
    xori ori andi slli srli srai add sub sll slt sltu xor srl sra or and fence ecall ebreak
    mul mulh mulhsu mulhu div divu rem remu csrrw csrrs csrrc csrrwi csrrsi csrrci'''.split())
# RISC-V instructions that write no integer register
NO_RD = {'sw', 'sh', 'sb', 'beq', 'bne', 'blt', 'bge', 'bltu', 'bgeu', 'ebreak', 'ecall',
         'fence', 'fence.i'}


class CannotJudge(Exception):
    pass


def run(cmd, stdin=None):
    try:
        p = subprocess.run(cmd, input=stdin, capture_output=True, text=True)
    except OSError as e:
        raise CannotJudge(f'{cmd[0]}: {e}')
    if p.returncode != 0:
        raise CannotJudge(f'{" ".join(cmd)}: exit {p.returncode}: {p.stderr.strip()}')
    return p.stdout


def mmio_values(cross, trisc):
    """The addresses from tt_mmio.h, evaluated by the preprocessor: name -> int."""
    names = [n % trisc if '%d' in n else n for n in NAMES]
    text = '#include "tt_mmio.h"\n' + '\n'.join(names) + '\n'
    out = run([cross + 'gcc', '-E', '-P', '-x', 'c', '-I', os.path.dirname(MMIO_H), '-'], stdin=text)
    lines = [ln for ln in out.splitlines() if ln.strip()]
    if len(lines) != len(names):
        raise CannotJudge(f'tt_mmio.h: expected {len(names)} values, got {lines}')
    vals = {}
    for key, expr in zip(NAMES, lines):
        if not re.fullmatch(r'[0-9a-fA-FxX()+\-* ]+', expr):
            raise CannotJudge(f'tt_mmio.h: {key} is not arithmetic: {expr}')
        vals[key.replace('(%d)', '')] = eval(expr, {'__builtins__': {}})  # digits and + - * ( ) only
    return vals


VARIANT_RE = re.compile(r'^\s*\*?\s*variant:\s*(\S+)')


def pushes_checked_by(src, variant=None):
    """The test file a source's (or its variant's) pushes-checked-by line names, or None."""
    found, variants = None, []
    with open(src) as f:
        for ln in f:
            v = VARIANT_RE.search(ln)
            if v:
                variants.append(v.group(1))
                if v.group(1) != variant:
                    continue
            d = re.search(r'pushes-checked-by:\s*(\S+)', ln)
            if d:
                found = d.group(1)
    if variants and variant is None:
        raise ValueError(f'{src}: has variant: lines ({", ".join(variants)}); --variant names the ELF\'s')
    if variant is not None and variant not in variants:
        raise ValueError(f'{src}: no "variant: {variant}" line')
    return found


def expectations(src, trisc, variant=None):
    """(push assembly lines, [(addr, value)] stores or None) from the source's comments."""
    pushes, stores = [], []
    dynamic = pushes_checked_by(src, variant)
    with open(src) as f:
        for ln in f:
            m = re.search(r'expect-(push|store):\s*(.*?)\s*(\(TRISC_ID (\d)\))?\s*(\*/)?\s*$', ln)
            if not m:
                continue
            if m.group(4) is not None and int(m.group(4)) != trisc:
                continue
            if m.group(1) == 'push':
                pushes.append(m.group(2))
            else:
                f = m.group(2).split()
                if len(f) != 2:
                    raise ValueError(f'{src}: expect-store wants "<addr> <value>": {ln.strip()}')
                stores.append((int(f[0], 0), None if f[1] == '?' else int(f[1], 0)))
    if dynamic is not None:
        if pushes:
            raise ValueError(f'{src}: both pushes-checked-by ({dynamic}) and expect-push lines')
        if not os.path.isfile(os.path.join(ROOT, dynamic)):
            raise ValueError(f'{src}: pushes-checked-by names {dynamic}, which does not exist')
        return None, (stores if stores else None)
    return pushes, (stores if stores else None)


def check_header(readelf_h, entry_want, errs):
    fields = {}
    for ln in readelf_h.splitlines():
        if ':' in ln:
            k, v = ln.split(':', 1)
            fields[k.strip()] = v.strip()
    want = {'Class': 'ELF32', 'Machine': 'RISC-V'}
    for k, v in want.items():
        if fields.get(k) != v:
            errs.append(f'ELF header {k}: {fields.get(k)!r}, want {v!r}')
    if 'little endian' not in fields.get('Data', ''):
        errs.append(f'ELF header Data: {fields.get("Data")!r}, want little endian')
    flags = int(fields.get('Flags', '0x0').split(',')[0], 16)
    if flags & 0x1:
        errs.append('ELF flags have EF_RISCV_RVC: the TRISCs have no compressed instructions')
    if flags & 0x6:
        errs.append(f'ELF flags 0x{flags:x}: float ABI, want ilp32 (soft float)')
    entry = int(fields.get('Entry point address', '-1'), 16)
    if entry != entry_want:
        errs.append(f'entry 0x{entry:x}, want the TRISC code base 0x{entry_want:x}')


def inside(lo, size, base, limit):
    return base <= lo and lo + size <= limit


def check_layout(readelf_l, readelf_s, v, errs):
    code_lo, code_hi = v['TT_TRISC_CODE_BASE'], v['TT_TRISC_CODE_BASE'] + v['TT_TRISC_CODE_SIZE']
    loc_lo, loc_hi = v['TT_LOCAL_BASE'], v['TT_LOCAL_BASE'] + v['TT_TRISC_LOCAL_SIZE']
    nload = 0
    for ln in readelf_l.splitlines():
        f = ln.split()
        if not f or f[0] != 'LOAD':
            continue
        nload += 1
        vaddr, paddr, memsz = int(f[2], 16), int(f[3], 16), int(f[5], 16)
        if vaddr != paddr:
            errs.append(f'PT_LOAD vaddr 0x{vaddr:x} != paddr 0x{paddr:x}')
        if not inside(paddr, memsz, code_lo, code_hi):
            errs.append(f'PT_LOAD 0x{paddr:x}+0x{memsz:x} outside the L1 code window '
                        f'0x{code_lo:x}..0x{code_hi - 1:x}')
    if nload == 0:
        errs.append('no PT_LOAD segment')
    for ln in readelf_s.splitlines():
        m = re.match(r'\s*\[\s*\d+\]\s+(\S+)\s+(\S+)\s+([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)\s+\S+\s+(\S*)', ln)
        if not m or 'A' not in m.group(5):
            continue
        name, addr, size = m.group(1), int(m.group(3), 16), int(m.group(4), 16)
        if not (inside(addr, size, code_lo, code_hi) or inside(addr, size, loc_lo, loc_hi)):
            errs.append(f'section {name} 0x{addr:x}+0x{size:x} outside both the L1 code window '
                        f'and local data RAM')


def stores(objdump_d):
    """[(pc, addr or None, value or None)] for each sw, following constants in straight lines."""
    out = []
    regs = {}
    for ln in objdump_d.splitlines():
        if re.match(r'^[0-9a-f]+ <.*>:$', ln):
            regs = {}  # a new function: nothing known
            continue
        m = re.match(r'^\s*([0-9a-f]+):\s+[0-9a-f]{8}\s+(\S+)\s*(\S*)', ln)
        if not m:
            continue
        pc, op, args = int(m.group(1), 16), m.group(2), m.group(3).split(',') if m.group(3) else []

        def get(r):
            return 0 if r == 'x0' else regs.get(r)

        if op == 'sw':
            mm = re.match(r'(-?\d+)\((x\d+)\)', args[1])
            base = get(mm.group(2))
            addr = None if base is None else (base + int(mm.group(1))) & 0xFFFFFFFF
            out.append((pc, addr, get(args[0])))
            continue
        if op in NO_RD or not args or not re.fullmatch(r'x\d+', args[0]):
            continue
        rd, val = args[0], None
        if op == 'lui':
            val = (int(args[1], 0) << 12) & 0xFFFFFFFF
        elif op == 'auipc':
            val = (pc + (int(args[1], 0) << 12)) & 0xFFFFFFFF
        elif op == 'addi' and get(args[1]) is not None:
            val = (get(args[1]) + int(args[2], 0)) & 0xFFFFFFFF
        if rd != 'x0':
            if val is None:
                regs.pop(rd, None)
            else:
                regs[rd] = val
    return out


def check_code(objdump_d, symbols, v, errs):
    """Only RV32IM + Zicsr instructions; _kernel_end (crt0's documented end) in the window, an ebreak."""
    bad = []
    ends = {}
    for ln in objdump_d.splitlines():
        m = re.match(r'^\s*([0-9a-f]+):\s+([0-9a-f]{4,8})\s+(\S+)', ln)
        if not m:
            continue
        if m.group(3) not in RV32IM_ZICSR:
            bad.append('0x%s %s' % (m.group(1), m.group(3)))
        ends[int(m.group(1), 16)] = m.group(3)
    if bad:
        errs.append('instructions outside RV32IM + Zicsr: ' + ', '.join(bad[:5]) + (' ...' if len(bad) > 5 else ''))
    end = None
    for ln in symbols.splitlines():
        f = ln.split()
        if len(f) == 8 and f[7] == '_kernel_end':
            end = int(f[1], 16)
    if end is None:
        errs.append('no _kernel_end symbol (kernels/crt0.S): a simulator cannot tell where the program ends')
    elif ends.get(end) != 'ebreak':
        errs.append(f'_kernel_end 0x{end:x} does not hold an ebreak (found {ends.get(end)})')


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--elf', required=True)
    ap.add_argument('--trisc', type=int, required=True, choices=(0, 1, 2))
    ap.add_argument('--src', required=True)
    ap.add_argument('--variant', help="the source's variant: line the ELF was built from")
    ap.add_argument('--ttmodel', required=True)
    ap.add_argument('--cross', default='riscv64-unknown-elf-')
    a = ap.parse_args()
    errs = []
    try:
        v = mmio_values(a.cross, a.trisc)
        check_header(run([a.cross + 'readelf', '-hW', a.elf]), v['TT_TRISC_CODE_BASE'], errs)
        if errs and any('Machine' in e or 'Class' in e for e in errs):
            raise SystemExit(report(a.elf, errs))
        check_layout(run([a.cross + 'readelf', '-lW', a.elf]), run([a.cross + 'readelf', '-SW', a.elf]), v, errs)
        want_asm, want_stores = expectations(a.src, a.trisc, a.variant)
        dynamic = want_asm is None
        dynamic_src = pushes_checked_by(a.src, a.variant) if dynamic else None
        if dynamic:
            want_asm = []
        elif not want_asm:
            errs.append(f'{a.src}: no expect-push line: nothing to compare')
        want = [int(w, 16) for w in run([a.ttmodel, 'asm'], stdin='\n'.join(want_asm) + '\n').split()] if want_asm else []
        if len(want) != len(want_asm):
            raise CannotJudge(f'{a.ttmodel} asm gave {len(want)} words for {len(want_asm)} lines')
        dis = run([a.cross + 'objdump', '-d', '-M', 'no-aliases,numeric', a.elf])
        check_code(dis, run([a.cross + 'readelf', '-sW', a.elf]), v, errs)
        st = stores(dis)
        push = v['TT_INSTRN_BUF_BASE']
        got = [(pc, val) for pc, addr, val in st if addr == push]
        got_words = [val for _, val in got]
        if not dynamic and got_words != want:
            errs.append('pushes differ:\n' + table(want_asm, want, got))
        if want_stores is not None:
            l1_end = v['TT_L1_BASE'] + v['TT_L1_SIZE']
            loc = (v['TT_LOCAL_BASE'], v['TT_LOCAL_BASE'] + v['TT_TRISC_LOCAL_SIZE'])
            mmio = [(addr, val) for _, addr, val in st
                    if addr is not None and addr >= l1_end and not loc[0] <= addr < loc[1] and addr != push]
            if mmio != want_stores:
                errs.append('MMIO stores differ: want %s, got %s' % (
                    fmt_pairs(want_stores), fmt_pairs(mmio)))
    except CannotJudge as e:
        print(f'check_kernel_elf: {a.elf}: cannot judge: {e}', file=sys.stderr)
        return 2
    except (OSError, ValueError) as e:
        print(f'check_kernel_elf: {e}', file=sys.stderr)
        return 2
    return report(a.elf, errs, len(want), dynamic_src if dynamic else None)


def fmt_pairs(pairs):
    return '[' + ', '.join('0x%08x<-%s' % (a, 'unknown' if x is None else '0x%x' % x) for a, x in pairs) + ']'


def table(want_asm, want, got):
    rows = []
    for i in range(max(len(want), len(got))):
        w = '%-24s 0x%08x' % (want_asm[i], want[i]) if i < len(want) else '%-35s' % '(none)'
        if i < len(got):
            pc, val = got[i]
            g = 'pc 0x%x stores %s' % (pc, 'an unknown value' if val is None else '0x%08x' % val)
        else:
            g = '(no store)'
        rows.append('    %s   %s%s' % (w, g, '' if i < len(want) and i < len(got) and want[i] == got[i][1] else '   <--'))
    return '\n'.join(rows)


def report(elf, errs, npush=0, dynamic=None):
    if errs:
        for e in errs:
            print(f'check_kernel_elf: {elf}: {e}', file=sys.stderr)
        return 1
    pushes = f'pushes checked by {dynamic}' if dynamic else f'{npush} pushes as assembled'
    print(f'ok   {elf}: RISC-V ELF32, entry and segments in place, {pushes}')
    return 0


if __name__ == '__main__':
    sys.exit(main())
