#!/usr/bin/env python3
"""check_contract.py: docs/design.md's contract tables agree with the code.

The RTL boundary a team implements is tt_core's port list (rtl_stubs/tt_core.sv) and the tt_pkg
types and constants it uses (rtl_stubs/tt_pkg.sv); the C side decodes the packed records with
dpi/retire_fields.def. docs/design.md documents them in tables, each after a marker comment:

  <!-- contract: ports tt_core -->     | port | direction | width | group | meaning |
  <!-- contract: struct NAME -->       | field | width | meaning |
  <!-- contract: enum NAME -->         | value | name | meaning |
  <!-- contract: params -->            | name | value | meaning |

This tool checks, row by row and in order, that every port, field, enum value and constant in the
code is in its table with the same direction, width and value, and that the table names nothing the
code does not have; and that dpi/retire_fields.def lists retire_t's, rf_wr_t's and timing_t's fields
in the structs' order with their widths. Widths are written as the element counts and the element
width joined by " x " (or the Unicode multiplication sign): `32`, `3 x 32`, `21 x retire_t`.

Exit 0 when everything agrees; 1 with one line per difference; 2 on a file it cannot read or parse.
Usage: check_contract.py [--core F] [--pkg F] [--doc F] [--def F]   (defaults: this repository's)
"""
import argparse
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class ParseError(Exception):
    pass


def strip_comments(text):
    # one pass, left to right: a "/*" inside a line comment (rtl_stubs/*.sv) opens nothing
    return re.sub(r"//[^\n]*|/\*.*?\*/", lambda m: "" if m.group(0).startswith("//") else " ", text, flags=re.S)


def sv_int(tok):
    """A SystemVerilog literal (32'hFFEF_0000, 4'd3, 13'h000F, 17) as a Python int."""
    m = re.fullmatch(r"(?:\d+)?'([hdbo])([0-9a-fA-F_]+)", tok)
    if m:
        return int(m.group(2).replace("_", ""), {"h": 16, "d": 10, "b": 2, "o": 8}[m.group(1)])
    return int(tok.replace("_", ""))


class Pkg:
    """The localparams, typedefs, structs and enums of tt_pkg."""

    def __init__(self, text):
        self.text = strip_comments(text)
        self.params = {}      # name -> int
        self.param_order = []
        self.typedefs = {}    # name -> (base, [dims]) for typedef <base> <dims> name [unpacked]
        self.structs = {}     # name -> [(field, type, [dims])]
        self.enums = {}       # name -> (width, [(name, value)])
        self._parse()

    def eval(self, expr):
        e = expr.strip()
        e = re.sub(r"\$bits\((\w+)\)", lambda m: str(self.bits(m.group(1))), e)
        e = re.sub(r"(?:\d+)?'[hdbo][0-9a-fA-F_]+", lambda m: str(sv_int(m.group(0))), e)
        e = re.sub(r"\bint'\(", "(", e)
        e = e.replace("$clog2", "_clog2")
        try:
            return int(eval(e, {"__builtins__": {}, "_clog2": lambda v: (int(v) - 1).bit_length()},
                            dict(self.params)))
        except Exception as ex:  # noqa: BLE001 - reported as a parse error with the expression
            raise ParseError("cannot evaluate '%s' (%s)" % (expr.strip(), ex))

    def dims(self, text):
        """'[3:0][NUM_UNITS-1:0]' -> [4, 11] (packed ranges hi:lo, or a size [N])."""
        out = []
        for d in re.findall(r"\[([^\]]+)\]", text):
            if ":" in d:
                hi, lo = d.split(":", 1)
                out.append(self.eval(hi) - self.eval(lo) + 1)
            else:
                out.append(self.eval(d))
        return out

    def type_dims(self, typ):
        """A type's packed shape: logic -> [], typedef -> its dims, enum -> [width], struct -> [bits]."""
        if typ in ("logic", "bit"):
            return []
        if typ in self.enums:
            return [self.enums[typ][0]]
        if typ in self.structs:
            return [self.bits(typ)]
        if typ in self.typedefs:
            base, d = self.typedefs[typ]
            return d + self.type_dims(base)
        raise ParseError("unknown type %s" % typ)

    def bits(self, name):
        if name in self.structs:
            total = 0
            for _, typ, d in self.structs[name]:
                n = 1
                for x in d + self.type_dims(typ):
                    n *= x
                total += n
            return total
        n = 1
        for x in self.type_dims(name):
            n *= x
        return n

    def _parse(self):
        t = self.text
        # walk the package in order, so that a constant is known before it is used
        pos = 0
        item = re.compile(
            r"localparam\s+(?:int\s+unsigned|int|logic\s*(?:\[[^\]]*\])?)\s+(?P<lp>[^;]+);"
            r"|typedef\s+struct\s+packed\s*\{(?P<sbody>[^}]*)\}\s*(?P<sname>\w+)\s*;"
            r"|typedef\s+enum\s+logic\s*(?P<edim>\[[^\]]*\])?\s*\{(?P<ebody>[^}]*)\}\s*(?P<ename>\w+)\s*;"
            r"|typedef\s+(?P<tbase>\w+)\s*(?P<tdims>(?:\[[^\]]+\])*)\s*(?P<tname>\w+)\s*(?P<tun>(?:\[[^\]]+\])*)\s*;"
            r"|function\b.*?\bendfunction", re.S)
        for m in item.finditer(t, pos):
            if m.group("lp"):
                for part in split_top(m.group("lp")):
                    name, _, val = part.partition("=")
                    name = name.strip()
                    self.params[name] = self.eval(val)
                    self.param_order.append(name)
            elif m.group("sname"):
                fields = []
                for decl in m.group("sbody").split(";"):
                    decl = decl.strip()
                    if not decl:
                        continue
                    fm = re.fullmatch(r"(\w+)\s*((?:\[[^\]]+\]\s*)*)\s*(\w+)", decl)
                    if not fm:
                        raise ParseError("struct %s: cannot read field '%s'" % (m.group("sname"), decl))
                    fields.append((fm.group(3), fm.group(1), self.dims(fm.group(2))))
                self.structs[m.group("sname")] = fields
            elif m.group("ename"):
                width = self.dims(m.group("edim"))[0] if m.group("edim") else 32
                vals = []
                for part in split_top(m.group("ebody")):
                    name, _, val = part.partition("=")
                    vals.append((name.strip(), sv_int(val.strip()) if val.strip() else
                                 (vals[-1][1] + 1 if vals else 0)))
                self.enums[m.group("ename")] = (width, vals)
                for name, v in vals:
                    self.params.setdefault(name, v)
            elif m.group("tname"):
                d = self.dims(m.group("tdims"))
                un = self.dims(m.group("tun"))
                self.typedefs[m.group("tname")] = (m.group("tbase"), d)
                if un:
                    # an unpacked array type (retire_arr_t): element type and count
                    self.typedefs[m.group("tname")] = ("__array__", [un, m.group("tbase"), d])


def split_top(text):
    """Split on commas outside brackets and parentheses."""
    out, depth, cur = [], 0, ""
    for ch in text:
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur)
    return [p.strip() for p in out if p.strip()]


def fmt_width(counts, elem):
    parts = [str(c) for c in counts] + [str(elem)]
    return " x ".join(parts)


def port_width(pkg, typ, pdims, udims):
    """A port's width as the doc writes it: unpacked counts, packed counts, element width or type."""
    counts = list(udims)
    if typ in ("logic", "bit"):
        if not pdims:
            return fmt_width(counts, 1)
        return fmt_width(counts + pdims[:-1], pdims[-1])
    if typ in pkg.typedefs and pkg.typedefs[typ][0] == "__array__":
        un, base, d = pkg.typedefs[typ][1]
        return fmt_width(counts + un + d, base)
    return fmt_width(counts + pdims, typ)


def field_width(pkg, typ, d):
    if typ in ("logic", "bit"):
        if not d:
            return "1"
        return fmt_width(d[:-1], d[-1])
    if typ in pkg.typedefs and pkg.typedefs[typ][0] != "__array__":
        base, td = pkg.typedefs[typ]
        if base in ("logic", "bit"):
            full = d + td
            return fmt_width(full[:-1], full[-1])
    if typ in pkg.enums:
        return fmt_width(d, "%d (%s)" % (pkg.enums[typ][0], typ))
    return fmt_width(d, typ)


def core_ports(pkg, text, module="tt_core"):
    t = strip_comments(text)
    m = re.search(r"\bmodule\s+%s\b(.*?)\);" % module, t, re.S)
    if not m:
        raise ParseError("no module %s" % module)
    body = m.group(1)
    body = re.sub(r"import\s+[\w:*,\s]+;", "", body)
    body = re.sub(r"#\s*\((.*?)\)\s*\(", "(", body, count=1, flags=re.S)
    body = body.strip()
    if not body.startswith("("):
        raise ParseError("module %s: cannot find its port list" % module)
    ports = []
    for decl in split_top(body[1:]):
        pm = re.fullmatch(r"(input|output|inout)\s+(\w+)\s*((?:\[[^\]]+\]\s*)*)\s*(\w+)\s*((?:\[[^\]]+\]\s*)*)",
                          decl.strip())
        if not pm:
            raise ParseError("module %s: cannot read port '%s'" % (module, decl.strip()))
        typ = pm.group(2)
        ports.append((pm.group(4), pm.group(1), port_width(pkg, typ, pkg.dims(pm.group(3)), pkg.dims(pm.group(5)))))
    return ports


def norm(s):
    s = s.replace("\u00d7", "x").replace("`", "").strip()
    return re.sub(r"\s+", " ", re.sub(r"\s*x\s*", " x ", s))


def doc_tables(text):
    """{marker: [(line number, [cells])]} for each '<!-- contract: ... -->' and the table after it."""
    out = {}
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        m = re.match(r"\s*<!--\s*contract:\s*(.+?)\s*-->", lines[i])
        if not m:
            i += 1
            continue
        key = m.group(1)
        if key in out:
            raise ParseError("docs: marker '%s' twice" % key)
        i += 1
        while i < len(lines) and not lines[i].strip().startswith("|"):
            if lines[i].strip():
                raise ParseError("docs: line %d: marker '%s' is not followed by a table" % (i + 1, key))
            i += 1
        rows = []
        first = True
        while i < len(lines) and lines[i].strip().startswith("|"):
            cells = [c.strip() for c in lines[i].strip().strip("|").split("|")]
            if first:
                first = False
            elif not all(re.fullmatch(r":?-+:?", c) for c in cells):
                rows.append((i + 1, cells))
            i += 1
        out[key] = rows
    return out


def compare(what, code_rows, doc_rows, errors):
    """code_rows: [(name, [expected cells])]; doc_rows: [(line, cells)] with the name in cell 0."""
    doc_names = [r[1][0].strip("`") for r in doc_rows]
    code_names = [n for n, _ in code_rows]
    for n, _ in code_rows:
        if n not in doc_names:
            errors.append("%s: %s is in the code but not in docs/design.md's table" % (what, n))
    for line, cells in doc_rows:
        n = cells[0].strip("`")
        if n not in code_names:
            errors.append("%s: docs/design.md line %d names %s, which the code does not have" % (what, line, n))
    common_doc = [n for n in doc_names if n in code_names]
    common_code = [n for n in code_names if n in doc_names]
    if common_doc != common_code:
        errors.append("%s: docs/design.md lists them in another order than the code: %s"
                      % (what, ", ".join(common_code)))
    byname = {n: (line, cells) for line, cells in doc_rows for n in [cells[0].strip("`")]}
    for n, expect in code_rows:
        if n not in byname:
            continue
        line, cells = byname[n]
        for k, e in enumerate(expect, start=1):
            got = cells[k] if k < len(cells) else ""
            if norm(got) != norm(str(e)):
                errors.append("%s: %s: docs/design.md line %d says '%s', the code '%s'" % (what, n, line, got, e))


def parse_def(text):
    """{macro: [(name, width, count)]} of dpi/retire_fields.def."""
    t = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    macros = {}
    for m in re.finditer(r"#define\s+(\w+)\(X\)((?:[^\n]*\\\n)*[^\n]*)", t):
        body = m.group(2).replace("\\\n", " ")
        items = []
        for x in re.finditer(r"(\w+)\(X\)|X\((\w+),\s*(\d+),\s*(\d+)\)", body):
            if x.group(1):
                items.extend(macros.get(x.group(1), []))
            else:
                items.append((x.group(2), int(x.group(3)), int(x.group(4))))
        macros[m.group(1)] = items
    return macros


def def_fields(pkg, struct):
    out = []
    for name, typ, d in pkg.structs[struct]:
        full = d + pkg.type_dims(typ)
        if not full:
            full = [1]
        count = 1
        for x in full[:-1]:
            count *= x
        out.append((name, full[-1], count))
    return out


# The constants docs/design.md's "params" table must give (the rest of tt_pkg is this RTL's own).
PARAMS = ["NUM_THREADS", "NUM_UNITS", "GPR_WR_SLOTS", "RET_LANE_UNIT0", "RET_LANE_EXTRA0", "RET_LANES",
          "RETIRE_BITS", "RF_SRCA", "RF_SRCB", "RF_DEST", "RF_DEST32", "RF_BY_UNPACK0", "RF_BY_UNPACK1",
          "RF_BY_MATH", "RF_PORT_MATH0", "RF_MATH_WR_PORTS", "RF_BY_SFPU", "RF_PORT_SFPU", "RF_SFPU_WR_PORTS",
          "RF_WR_PORTS", "RF_WR_BITS", "TIMING_BITS",
          "SFPU_WR_BITS"]
STRUCTS = ["retire_t", "rf_wr_t", "timing_t", "sfpu_wr_t"]
ENUMS = ["unit_e", "stall_e", "mrule_e"]
DEFS = {"RETIRE_FIELDS": "retire_t", "RF_WR_FIELDS": "rf_wr_t", "TIMING_FIELDS": "timing_t",
        "SFPU_WR_FIELDS": "sfpu_wr_t"}


def check(core_path, pkg_path, doc_path, def_path):
    errors = []
    try:
        with open(pkg_path) as f:
            pkg = Pkg(f.read())
        with open(core_path) as f:
            ports = core_ports(pkg, f.read())
        with open(doc_path) as f:
            tables = doc_tables(f.read())
        with open(def_path) as f:
            defs = parse_def(f.read())
    except (OSError, ParseError) as e:
        print("check_contract: %s" % e, file=sys.stderr)
        return 2

    def table(key):
        if key not in tables:
            errors.append("docs/design.md has no table marked '<!-- contract: %s -->'" % key)
            return []
        return tables[key]

    compare("tt_core port", [(n, [d, w]) for n, d, w in ports], table("ports tt_core"), errors)
    for s in STRUCTS:
        if s not in pkg.structs:
            errors.append("tt_pkg has no struct %s" % s)
            continue
        compare(s, [(n, [field_width(pkg, t, d)]) for n, t, d in pkg.structs[s]], table("struct " + s), errors)
    for e in ENUMS:
        if e not in pkg.enums:
            errors.append("tt_pkg has no enum %s" % e)
            continue
        rows = table("enum " + e)
        # the enum table is keyed by value: | value | name | meaning |
        code = [(str(v), [n]) for n, v in pkg.enums[e][1]]
        compare(e, code, rows, errors)
    missing = [p for p in PARAMS if p not in pkg.params]
    for p in missing:
        errors.append("tt_pkg has no constant %s" % p)
    compare("tt_pkg constant", [(p, [pkg.params[p]]) for p in PARAMS if p in pkg.params], table("params"), errors)
    for macro, struct in DEFS.items():
        if macro not in defs or struct not in pkg.structs:
            errors.append("dpi/retire_fields.def: no %s (or tt_pkg no %s)" % (macro, struct))
            continue
        want, got = def_fields(pkg, struct), defs[macro]
        for i in range(max(len(want), len(got))):
            w = want[i] if i < len(want) else None
            g = got[i] if i < len(got) else None
            # a plain `logic [n-1:0]` may be listed as n elements of 1 bit (per-thread bits)
            same = w == g or (w and g and w[0] == g[0] and w[2] == 1 and g == (w[0], 1, w[1]))
            if not same:
                errors.append("dpi/retire_fields.def %s entry %d: X%s, but tt_pkg's %s has %s there"
                              % (macro, i, "(%s, %d, %d)" % g if g else " (none)", struct,
                                 "(%s, %d, %d)" % w if w else "no field"))
                break
    for e in errors:
        print("check_contract: %s" % e)
    if errors:
        print("check_contract: %d difference(s) between the contract tables and the code" % len(errors))
        return 1
    print("check_contract: docs/design.md's contract tables agree with tt_core's %d ports, %d structs, %d enums, "
          "%d constants and dpi/retire_fields.def" % (len(ports), len(STRUCTS), len(ENUMS), len(PARAMS)))
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--core", default=os.path.join(ROOT, "rtl_stubs/tt_core.sv"))
    ap.add_argument("--pkg", default=os.path.join(ROOT, "rtl_stubs/tt_pkg.sv"))
    ap.add_argument("--doc", default=os.path.join(ROOT, "docs/design.md"))
    ap.add_argument("--def", dest="deffile", default=os.path.join(ROOT, "dpi/retire_fields.def"))
    ap.add_argument("--print", action="store_true", help="print the tables as the code gives them (to write the doc)")
    a = ap.parse_args()
    if a.print:
        with open(a.pkg) as f:
            pkg = Pkg(f.read())
        with open(a.core) as f:
            ports = core_ports(pkg, f.read())
        for n, d, w in ports:
            print("| `%s` | %s | %s |" % (n, d, w.replace(" x ", " × ")))
        for s in STRUCTS:
            print("\n" + s)
            for n, t, d in pkg.structs[s]:
                print("| %s | %s |" % (n, field_width(pkg, t, d).replace(" x ", " × ")))
        for e in ENUMS:
            print("\n" + e)
            for n, v in pkg.enums[e][1]:
                print("| %d | %s |" % (v, n))
        print()
        for p in PARAMS:
            print("| %s | %s |" % (p, pkg.params.get(p)))
        return 0
    return check(a.core, a.pkg, a.doc, a.deffile)


if __name__ == "__main__":
    sys.exit(main())
