#!/usr/bin/env python3
"""Generate ref_model/src/isa_table.h from the Blackhole reference data.

Run by hand (or `make isa-table`) when the reference files change; the output
is checked in so the project builds without ../shared.

  tools/gen_isa.py [--yaml F] [--json F] [--out F]

Warnings (stderr) name every field where ttsim's bit range and the gap rule
disagree; docs/isa_table.md lists them with the decision taken.
"""
import argparse
import json
import os
import re
import sys

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
REF = os.path.join(ROOT, '..', 'shared', 'ref')

RESOURCES = ['SYNC', 'MATH', 'THCON', 'TDMA', 'CFG', 'NONE', 'PACK', 'UNPACK', 'XMOV', 'SFPU']
OPERAND_BITS = 24  # bits 31:24 hold the opcode

# Widths fixed by Blackhole documentation where a source is known to be wrong.
OVERRIDES = {
    ('STALLWAIT', 'wait_res'): (13, 'Blackhole condition bits C0..C12 (CfgExu is bit 12); '
                                    'ttsim decodes 11:0'),
}

WIDTH_RULE = """\
Field width rule:
  1. an override (STALLWAIT wait_res = 13 bits: Blackhole conditions C0..C12);
  2. else, if ttsim's JSON has an argument at the same lsb with hi > lo and
     lsb + (hi-lo+1) does not reach the next field's lsb, width = hi-lo+1;
  3. else width = (next field's lsb, or 24) - lsb  ("gap rule").
ttsim ranges with hi == lo are not taken as widths: ttsim writes "n:n" for
some multi-bit fields (e.g. MOP loop_count "16:16")."""


def snake(name):
    """yaml argument name -> lower_snake_case ('CfgReg' -> 'cfg_reg')."""
    s = re.sub(r'[\s\-]+', '_', name.strip())
    s = re.sub(r'([A-Z]+)([A-Z][a-z])', r'\1_\2', s)
    s = re.sub(r'([a-z0-9])([A-Z])', r'\1_\2', s)
    s = re.sub(r'_+', '_', s)
    return s.lower()


def parse_range(r):
    hi, lo = (int(x) for x in r.split(':'))
    return hi, lo


def build(ydata, jdata, warn):
    # yaml name -> ttsim name, learned where both sources name the same bit;
    # only spellings that differ by underscores (ttsim's reg_index_16b for
    # RegIndex16b, op_b_is_const for OpBisConst), applied to every instruction
    # so unsupported ones get the same spelling.
    rename = {}
    for iname, ins in ydata.items():
        jargs = (jdata.get(iname) or {}).get('args') or {}
        by_lsb = {parse_range(r)[1]: n for n, r in jargs.items()}
        for a in ins.get('arguments') or []:
            mine = snake(a['name'])
            t = by_lsb.get(int(a['start_bit']))
            if t and t != mine and t.replace('_', '') == mine.replace('_', ''):
                rename[mine] = t
    notes = []  # (instr, field, kind, detail, decision)
    for mine, t in sorted(rename.items()):
        notes.append(('(all)', t, 'name', f'snake_case of the yaml name gives {mine}, ttsim spells it {t}',
                      f'{t} everywhere'))

    ops = []
    for iname, ins in ydata.items():
        opc = int(ins['op_binary'])
        res = ins['ex_resource']
        if res not in RESOURCES:
            sys.exit(f'{iname}: unknown ex_resource {res}')
        jent = jdata.get(iname)
        if jent is None:
            sys.exit(f'{iname}: missing from ttsim JSON')
        if int(jent['opcode']) != opc:
            sys.exit(f'{iname}: opcode {opc:#x} (yaml) != {jent["opcode"]:#x} (ttsim)')
        unsupported = bool(jent.get('unsupported', False))
        jargs = jent.get('args') or {}
        jby_lsb = {}
        for n, r in jargs.items():
            hi, lo = parse_range(r)
            jby_lsb[lo] = (n, hi, lo)

        args = sorted(ins.get('arguments') or [], key=lambda a: int(a['start_bit']))
        lsbs = [int(a['start_bit']) for a in args]
        if len(set(lsbs)) != len(lsbs):
            sys.exit(f'{iname}: two arguments share a start_bit')
        fields = []
        for k, a in enumerate(args):
            lsb = lsbs[k]
            nxt = lsbs[k + 1] if k + 1 < len(args) else OPERAND_BITS
            gap = nxt - lsb
            name = snake(a['name'])
            name = rename.get(name, name)
            j = jby_lsb.get(lsb)
            if j and j[0] != name:
                notes.append((iname, name, 'name', f'ttsim calls it {j[0]}', f'kept {name}'))
            if (iname, name) in OVERRIDES:
                width, why = OVERRIDES[(iname, name)]
                jtxt = f'ttsim {j[1]}:{j[2]}' if j else 'no ttsim range'
                notes.append((iname, name, 'override', f'{jtxt}, gap rule {gap}',
                              f'{width} bits: {why}'))
            elif j and j[1] > j[2]:
                tw = j[1] - j[2] + 1
                if lsb + tw > nxt:
                    width = gap
                    notes.append((iname, name, 'width',
                                  f'ttsim {j[1]}:{j[2]} ({tw} bits) overlaps the next field at {nxt}',
                                  f'gap rule, {gap} bits'))
                else:
                    width = tw
                    if tw != gap:
                        notes.append((iname, name, 'width',
                                      f'ttsim {j[1]}:{j[2]} ({tw} bits), gap rule {gap} bits',
                                      f'ttsim, {tw} bits'))
            else:
                width = gap
                if j and gap != 1:
                    notes.append((iname, name, 'width',
                                  f'ttsim {j[1]}:{j[2]} (single bit, not trusted), gap rule {gap} bits',
                                  f'gap rule, {gap} bits'))
            if 'end_bit' in a:
                ew = int(a['end_bit']) - lsb + 1
                if ew != width:
                    notes.append((iname, name, 'end_bit',
                                  f'yaml end_bit {a["end_bit"]} ({ew} bits), chosen {width} bits',
                                  f'rule kept, {width} bits'))
            if width < 1 or lsb + width > OPERAND_BITS:
                sys.exit(f'{iname}.{name}: bad width {width} at lsb {lsb}')
            fields.append((name, lsb, width))
        # ttsim arguments at bit positions the yaml does not have
        for lo, (n, hi, _) in sorted(jby_lsb.items()):
            if lo not in lsbs:
                notes.append((iname, n, 'ttsim-only', f'ttsim {hi}:{lo} has no yaml argument',
                              'not in table'))
        names = [f[0] for f in fields]
        if len(set(names)) != len(names):
            sys.exit(f'{iname}: duplicate field names {names}')
        fields.sort(key=lambda f: -f[1])  # most significant first
        ops.append((iname, opc, res, unsupported, fields))

    ops.sort(key=lambda o: o[1])
    opcs = [o[1] for o in ops]
    if len(set(opcs)) != len(opcs):
        sys.exit('duplicate opcode')
    for n in notes:
        warn(n, note=(n[2] == 'name'))
    return ops, notes


def emit(ops, src_desc):
    maxf = max(len(o[4]) for o in ops)
    out = []
    w = out.append
    w('/* GENERATED by tools/gen_isa.py from ' + src_desc + '. Do not edit; re-run the script.')
    w(' *')
    for line in WIDTH_RULE.splitlines():
        w((' * ' + line).rstrip())
    w(' *')
    w(' * TT_ISA_TABLE(OP, F) expands OP(NAME, OPCODE, RES, TTSIM_UNSUPPORTED, NFIELDS, FIELDS)')
    w(' * once per instruction, sorted by opcode; FIELDS is a sequence of F(name, lsb, width),')
    w(' * most significant field first, empty when the instruction has no operands.')
    w(' * RES is the assembly.yaml ex_resource (tt_res without the TT_RES_ prefix). */')
    w('#ifndef TT_ISA_TABLE_H')
    w('#define TT_ISA_TABLE_H')
    w('')
    w(f'#define TT_ISA_TABLE_COUNT {len(ops)}')
    w(f'#define TT_ISA_TABLE_MAX_FIELDS {maxf}')
    w('')
    w('#define TT_ISA_TABLE(OP, F) \\')
    for name, opc, res, uns, fields in ops:
        fl = ' '.join(f'F({n},{l},{wd})' for n, l, wd in fields)
        w(f'    OP({name}, 0x{opc:02x}, {res}, {int(uns)}, {len(fields)}, {fl}) \\')
    w('')
    w('/* TT_ISA_BY_NAME(N) expands N(NAME) once per instruction in strcmp order of the names: the')
    w(' * assembler and the test loader look mnemonics up by binary search (issue 8 part 6). */')
    w('#define TT_ISA_BY_NAME(N) \\')
    for name in sorted(o[0] for o in ops):
        w(f'    N({name}) \\')
    w('')
    w('')
    w('#endif /* TT_ISA_TABLE_H */')
    return '\n'.join(out) + '\n'


BEGIN, END = '<!-- gen_isa:begin -->', '<!-- gen_isa:end -->'


def update_doc(path, notes):
    """Rewrite the generated disagreement table inside the doc's markers."""
    if not os.path.exists(path):
        return
    with open(path) as f:
        doc = f.read()
    if BEGIN not in doc or END not in doc:
        print(f'gen_isa: {path} has no gen_isa markers, not updated', file=sys.stderr)
        return
    rows = ['| instruction | field | kind | sources say | decision |', '|---|---|---|---|---|']
    for n in notes:
        rows.append('| ' + ' | '.join(n) + ' |')
    head, rest = doc.split(BEGIN, 1)
    tail = rest.split(END, 1)[1]
    with open(path, 'w') as f:
        f.write(head + BEGIN + '\n' + '\n'.join(rows) + '\n' + END + tail)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--yaml', default=os.path.join(REF, 'blackhole-assembly.yaml'))
    ap.add_argument('--json', default=os.path.join(REF, 'blackhole-tensix-isa.json'))
    ap.add_argument('--out', default=os.path.join(ROOT, 'ref_model', 'src', 'isa_table.h'))
    ap.add_argument('--doc', default=os.path.join(ROOT, 'docs', 'isa_table.md'),
                    help='markdown file whose section between the gen_isa markers gets the '
                         'disagreement list (skipped if the file or markers are missing)')
    a = ap.parse_args()
    with open(a.yaml) as f:
        ydata = yaml.safe_load(f)
    with open(a.json) as f:
        jdata = json.load(f)

    def warn(n, note=False):
        iname, field, kind, detail, decision = n
        what = 'note' if note else 'warning'
        print(f'gen_isa: {what}: {iname}.{field}: {kind}: {detail} -> {decision}', file=sys.stderr)

    ops, notes = build(ydata, jdata, warn)
    text = emit(ops, 'blackhole-assembly.yaml (tt-llk) and blackhole-tensix-isa.json (ttsim)')
    with open(a.out, 'w') as f:
        f.write(text)
    update_doc(a.doc, notes)
    print(f'gen_isa: wrote {a.out}: {len(ops)} instructions, {len(notes)} notes', file=sys.stderr)


if __name__ == '__main__':
    main()
