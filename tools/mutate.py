#!/usr/bin/env python3
"""Mutation testing, part 1: RTL mutants (docs/mutation.md).

Reads the data-path units of rtl_stubs/, finds mutation sites with a SystemVerilog lexer and a small
parser of module items, statements and expressions, and writes instrumented copies of the unit
files (and tt_mut_pkg.sv) to OUT/rtl/ in which every site is

    ((tt_mut_pkg::mut_sel == N) ? (mutated) : (original))

so that one Verilator build holds every mutant and `+mutant=N` picks one at run time (0: none).
The files in rtl_stubs/ are not changed. Line numbers are kept: the original text of a site keeps
its line breaks and comments, the mutated copies are written on one line, so a Verilator message
or the manifest points at the right source line.

Operators (manifest "operator"):
  swap        + -, & |, && ||, == !=, < <=, > >=, >> <<, >>> <<< exchanged
  const_inc   a literal + 1 (sized literals only where the value still fits)
  const_dec   a literal - 1 (not below 0)
  cond_true   the condition of an if or a ?: replaced by 1'b1 (the condition dropped)
  cond_neg    the condition negated
  slice_up    x[a:b] -> x[a+1:b+1] (literal bounds; Verilator's range check drops those that
  slice_down  x[a:b] -> x[a-1:b-1]  fall outside x)
  flop_delay  q <= d in an always_ff becomes q <= d of the cycle before (an extra register)

Sites skipped: declarations, parameters and their values, generate and loop headers, array sizes,
part-select widths, replication counts, casts' sizes, case labels, the left-hand side of
assignments, $bits/$clog2 arguments, and every condition or operator that involves a deliberate-bug
input (inj_*: switching an injection on is a known bug) together with code only an injection
reaches. Syntactically equivalent mutants (a shift by 0, an operand 0 of + or -, equal operands)
are not generated.

The manifest (OUT/manifest.json) lists every mutant: id, unit, file, line, col, operator, original
and mutated text, status (ok, not_compiled with Verilator's message, equivalent with the reason
from tools/mutate_equiv.json). With --lint the instrumented design is linted with Verilator and
every mutant a warning or error points into is marked not_compiled and left out; the files are
written again without it (ids stay the same).

    python3 tools/mutate.py --out build/mutate --lint
"""
import argparse
import glob
import hashlib
import json
import os
import re
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))

# The data-path units (issue 16 item 3), in id order.
UNITS = ["tt_unpacker", "tt_unpack_convert", "tt_src_banks", "tt_regfile", "tt_math_unit",
         "tt_packer", "tt_pack_convert", "tt_pack_bfp", "tt_pack_l1acc", "tt_pack_strided",
         "tt_mx_datapath", "tt_mx_fpu", "tt_mx_int8", "tt_mx_gmpool",
         "tt_sfpu", "tt_sfpu_fma", "tt_sfpu_mul24", "tt_sfpu_pkg"]

# Units that are packages (a package of functions): instrumented like a module's functions (their
# sites read tt_mut_pkg::mut_sel too), compiled after tt_mut_pkg and before the modules that import them.
PKG_UNITS = ("tt_sfpu_pkg",)

SEL = "tt_mut_pkg::mut_sel"
TOOL_VERSION = 1
BUILT = ("ok", "equivalent")   # the statuses whose mutants the instrumented files hold

# ---------------------------------------------------------------------------------------------
# Lexer
# ---------------------------------------------------------------------------------------------

OPS = sorted("""<<<= >>>= === !== ==? !=? <<< >>> <<= >>= <-> -> :: == != <= >= && || << >> +: -: ++ --
+= -= *= /= &= |= ^= %= ** ~& ~| ~^ ^~ '{ ( ) [ ] { } ; , . : ? @ # = + - * / % & | ^ ~ ! < > '""".split(),
             key=len, reverse=True)

TOKEN_RE = re.compile(r"""
    (?P<ws>\s+)
  | (?P<comment>//[^\n]*|/\*.*?\*/)
  | (?P<str>"(?:\\.|[^"\\])*")
  | (?P<directive>`[A-Za-z_][A-Za-z0-9_]*)
  | (?P<num>\d[\d_]*\s*'[sS]?[bBoOdDhH]\s*[0-9a-fA-F_xXzZ?]+
           |'[sS]?[bBoOdDhH][0-9a-fA-F_xXzZ?]+
           |\d[\d_]*\.\d[\d_]*(?:[eE][+-]?\d+)?
           |\d[\d_]*(?![\d_]*')
           |\d[\d_]*)
  | (?P<fill>'[01xXzZ](?![0-9a-zA-Z_]))
  | (?P<ident>[A-Za-z_][A-Za-z0-9_$]*|\$[A-Za-z_][A-Za-z0-9_$]*|\\\S+)
  | (?P<op>""" + "|".join(re.escape(o) for o in OPS) + r""")
""", re.X | re.S)


class Tok:
    __slots__ = ("kind", "text", "pos", "line", "col")

    def __init__(self, kind, text, pos, line, col):
        self.kind, self.text, self.pos, self.line, self.col = kind, text, pos, line, col

    def __repr__(self):
        return "%s:%d:%r" % (self.kind, self.line, self.text)


class LexError(Exception):
    pass


def lex(text, fname):
    toks = []
    pos, line, col = 0, 1, 1
    while pos < len(text):
        m = TOKEN_RE.match(text, pos)
        if not m or m.end() == pos:
            raise LexError("%s:%d:%d: cannot read %r" % (fname, line, col, text[pos:pos + 20]))
        kind = m.lastgroup
        s = m.group()
        toks.append(Tok(kind, s, pos, line, col))
        nl = s.count("\n")
        if nl:
            line += nl
            col = len(s) - s.rfind("\n")
        else:
            col += len(s)
        pos = m.end()
    return toks


# ---------------------------------------------------------------------------------------------
# Expression trees
# ---------------------------------------------------------------------------------------------

class Node:
    """An expression: kind, first and last significant-token index (inclusive), children."""
    __slots__ = ("kind", "a", "b", "kids", "op", "extra")

    def __init__(self, kind, a, b, kids=(), op=None, extra=None):
        self.kind, self.a, self.b, self.kids, self.op, self.extra = kind, a, b, list(kids), op, extra


class ParseError(Exception):
    pass


BINARY_PREC = {
    "||": 1, "&&": 2, "|": 3, "^": 4, "~^": 4, "^~": 4, "&": 5,
    "==": 6, "!=": 6, "===": 6, "!==": 6, "==?": 6, "!=?": 6,
    "<": 7, "<=": 7, ">": 7, ">=": 7, "inside": 7,
    "<<": 8, ">>": 8, "<<<": 8, ">>>": 8,
    "+": 9, "-": 9, "*": 10, "/": 10, "%": 10, "**": 11,
}
UNARY = {"!", "~", "-", "+", "&", "|", "^", "~&", "~|", "~^", "^~"}
SWAP = {"+": "-", "-": "+", "&": "|", "|": "&", "&&": "||", "||": "&&", "==": "!=", "!=": "==",
        "<": "<=", "<=": "<", ">": ">=", ">=": ">", ">>": "<<", "<<": ">>", ">>>": "<<<", "<<<": ">>>"}
CONST_SYSFUNCS = {"$bits", "$clog2", "$size", "$high", "$low", "$left", "$right", "$dimensions",
                  "$typename", "$isunknown"}

TYPE_KW = {"logic", "bit", "byte", "shortint", "int", "longint", "integer", "reg", "wire", "var",
           "signed", "unsigned", "real", "shortreal", "string", "localparam", "parameter", "typedef",
           "genvar", "automatic", "static", "const", "struct", "union", "enum", "chandle", "time"}


class Parser:
    def __init__(self, toks, fname):
        self.toks = toks
        self.fname = fname
        self.sig = [i for i, t in enumerate(toks) if t.kind not in ("ws", "comment")]
        self.n = len(self.sig)

    # token helpers (index into the significant tokens)
    def t(self, i):
        return self.toks[self.sig[i]].text if 0 <= i < self.n else ""

    def tok(self, i):
        return self.toks[self.sig[min(i, self.n - 1)]]

    def kind(self, i):
        return self.toks[self.sig[i]].kind if 0 <= i < self.n else "eof"

    def err(self, i, what):
        tk = self.tok(i)
        raise ParseError("%s:%d:%d: %s (at %r)" % (self.fname, tk.line, tk.col, what, self.t(i)))

    def expect(self, i, text):
        if self.t(i) != text:
            self.err(i, "expected %r" % text)
        return i + 1

    def skip_balanced(self, i):
        """i at an opening bracket: index after its partner"""
        pairs = {"(": ")", "[": "]", "{": "}", "'{": "}"}
        stack = []
        while i < self.n:
            s = self.t(i)
            if s in pairs:
                stack.append(pairs[s])
            elif s in (")", "]", "}"):
                if not stack or stack[-1] != s:
                    self.err(i, "unbalanced %r" % s)
                stack.pop()
                if not stack:
                    return i + 1
            i += 1
        self.err(i, "unterminated bracket")

    def skip_to(self, i, stop=(";",)):
        """index of the first token in stop at bracket depth 0, from i"""
        while i < self.n:
            s = self.t(i)
            if s in stop:
                return i
            if s in ("(", "[", "{", "'{"):
                i = self.skip_balanced(i)
                continue
            i += 1
        self.err(i, "expected one of %s" % (stop,))

    # ---- expressions ----

    def expr(self, i):
        """parse an expression from i: (node, next index); ?: is the loosest and right-associative"""
        c, i = self.binary(i, 1)
        if self.t(i) == "?":
            a, j = self.expr(i + 1)
            j = self.expect(j, ":")
            b, j = self.expr(j)
            return Node("ternary", c.a, b.b, [c, a, b]), j
        return c, i

    def binary(self, i, min_prec):
        left, i = self.unary(i)
        while True:
            s = self.t(i)
            prec = BINARY_PREC.get(s)
            if prec is None or prec < min_prec or (self.kind(i) != "op" and s != "inside"):
                return left, i
            if s == "inside":
                if self.t(i + 1) != "{":
                    self.err(i + 1, "expected { after inside")
                j = self.skip_balanced(i + 1)
                left = Node("inside", left.a, j - 1, [left])
                i = j
                continue
            right, j = self.binary(i + 1, prec + 1)
            left = Node("binary", left.a, right.b, [left, right], op=i)
            i = j

    def unary(self, i):
        s = self.t(i)
        if self.kind(i) == "op" and s in UNARY:
            inner, j = self.unary(i + 1)
            return Node("unary", i, inner.b, [inner], op=i), j
        return self.postfix(i)

    def postfix(self, i):
        node, i = self.primary(i)
        while True:
            s = self.t(i)
            if s == "[":
                j = i + 1
                first, j = self.expr(j)
                if self.t(j) == "]":
                    node = Node("index", node.a, j, [node, first])
                elif self.t(j) == ":":
                    second, k = self.expr(j + 1)
                    k = self.expect(k, "]")
                    node = Node("range", node.a, k - 1, [node, first, second])
                    j = k - 1
                elif self.t(j) in ("+:", "-:"):
                    width, k = self.expr(j + 1)
                    k = self.expect(k, "]")
                    node = Node("partsel", node.a, k - 1, [node, first, width], op=j)
                    j = k - 1
                else:
                    self.err(j, "expected ] or : in a select")
                i = j + 1
            elif s == "." and self.kind(i + 1) == "ident":
                node = Node("member", node.a, i + 1, [node])
                i += 2
            elif s == "'" and self.t(i + 1) == "(":
                # a cast whose type is the node (a type name or a parameter)
                inner, j = self.expr(i + 2)
                j = self.expect(j, ")")
                node = Node("cast", node.a, j - 1, [inner])
                i = j
            else:
                return node, i

    def primary(self, i):
        k, s = self.kind(i), self.t(i)
        if k == "num":
            if self.t(i + 1) == "'" and self.t(i + 2) == "(":      # size cast N'(x)
                inner, j = self.expr(i + 3)
                j = self.expect(j, ")")
                return Node("cast", i, j - 1, [inner]), j
            return Node("num", i, i), i + 1
        if k in ("fill", "str"):
            return Node("atom", i, i), i + 1
        if k == "ident":
            if s in ("signed", "unsigned") and self.t(i + 1) == "'":
                inner, j = self.expr(i + 3)
                j = self.expect(j, ")")
                return Node("cast", i, j - 1, [inner]), j
            j = i + 1
            while self.t(j) == "::" and self.kind(j + 1) == "ident":
                j += 2
            if self.t(j) == "(":                                   # function call
                name = s
                args = []
                k2 = j + 1
                if self.t(k2) != ")":
                    while True:
                        arg, k2 = self.expr(k2)
                        args.append(arg)
                        if self.t(k2) == ",":
                            k2 += 1
                            continue
                        break
                k2 = self.expect(k2, ")")
                return Node("call", i, k2 - 1, args, extra=name), k2
            return Node("name", i, j - 1), j
        if s == "(":
            inner, j = self.expr(i + 1)
            j = self.expect(j, ")")
            return Node("paren", i, j - 1, [inner]), j
        if s == "{":
            # concatenation or replication {n{...}}
            if self.t(i + 1) == "}":
                return Node("atom", i, i + 1), i + 2
            first, j = self.expr(i + 1)
            if self.t(j) == "{":                                   # replication
                inner, k = self.primary(j)
                k = self.expect(k, "}")
                return Node("repl", i, k - 1, [first, inner]), k
            items = [first]
            while self.t(j) == ",":
                nxt, j = self.expr(j + 1)
                items.append(nxt)
            j = self.expect(j, "}")
            return Node("concat", i, j - 1, items), j
        if s == "'{":
            # assignment pattern: '{key: value, ...} or '{value, ...}
            j = i + 1
            items = []
            while self.t(j) != "}":
                if self.kind(j) == "ident" and self.t(j + 1) == ":" or self.t(j) == "default" and self.t(j + 1) == ":":
                    j += 2
                val, j = self.expr(j)
                items.append(val)
                if self.t(j) == ",":
                    j += 1
                elif self.t(j) != "}":
                    self.err(j, "expected , or } in a pattern")
            return Node("pattern", i, j, items), j + 1
        self.err(i, "expected an expression")


# ---------------------------------------------------------------------------------------------
# Site finder: module items and statements
# ---------------------------------------------------------------------------------------------

class Mutant:
    __slots__ = ("id", "unit", "file", "line", "col", "operator", "original", "mutated", "node_a",
                 "node_b", "insert_at", "insert_text", "status", "reason", "context", "arm")

    def __init__(self, **kw):
        for k in self.__slots__:
            setattr(self, k, kw.get(k))


class Ctx:
    """where a statement sits"""

    def __init__(self, proc=None, clock=None, always_ff_tok=None, locals_=None, in_loop=False,
                 in_reset=False, dead=False, arm=None):
        self.proc = proc                  # "comb", "ff", "func", "initial" or None
        self.clock = clock                # "posedge clk_i" of the always_ff
        self.always_ff_tok = always_ff_tok
        self.locals = locals_ if locals_ is not None else set()
        self.in_loop = in_loop
        self.in_reset = in_reset
        self.dead = dead
        self.arm = arm                    # [first, last token] of the branch arm the code is in

    def child(self, **kw):
        c = Ctx(self.proc, self.clock, self.always_ff_tok, self.locals, self.in_loop, self.in_reset, self.dead,
                self.arm)
        for k, v in kw.items():
            setattr(c, k, v)
        return c


def parse_literal(text):
    """(width or None, signed, base char, value) of a literal, or None (x/z, real)"""
    s = text.replace("_", "").replace(" ", "")
    m = re.fullmatch(r"(\d*)'([sS]?)([bBoOdDhH])([0-9a-fA-F]+)", s)
    if m:
        width = int(m.group(1)) if m.group(1) else None
        base = m.group(3).lower()
        try:
            v = int(m.group(4), {"b": 2, "o": 8, "d": 10, "h": 16}[base])
        except ValueError:
            return None
        return width, m.group(2), base, v
    if re.fullmatch(r"\d+", s):
        return None, "", "", int(s)
    return None


def format_literal(width, sgn, base, v):
    if not base:
        return str(v)
    digits = {"b": format(v, "b"), "o": format(v, "o"), "d": str(v), "h": format(v, "x")}[base]
    return "%s'%s%s%s" % ("" if width is None else width, sgn, base, digits)


class Finder:
    def __init__(self, unit, relfile, text):
        self.unit = unit
        self.file = relfile
        self.text = text
        self.toks = lex(text, relfile)
        self.p = Parser(self.toks, relfile)
        self.mutants = []
        self.skipped = []            # (line, reason) of expressions the parser could not read
        self.module_vars = {}        # name -> unpacked (bool), module-level declarations
        self.loops = []              # (first line, last line) of every procedural loop
        self.funcs = {}              # function name -> (first line, last line)
        self.uses_inj = {}           # cache: node id -> bool

    # ---- plain text of a token range (comments and line breaks collapsed) ----
    def plain(self, a, b):
        p = self.p
        out = []
        for k in range(a, b + 1):
            if k > a:
                gap = self.toks[p.sig[k - 1] + 1:p.sig[k]]
                if gap:
                    out.append(" ")
            out.append(p.t(k))
        return "".join(out)

    def node_text(self, n):
        return self.plain(n.a, n.b)

    def idents(self, n):
        return [self.p.t(k) for k in range(n.a, n.b + 1) if self.p.kind(k) == "ident"]

    def has_inj(self, n):
        return any(s.startswith("inj") or s.startswith("INJ_") for s in self.idents(n))

    # ---- mutant records ----
    def add(self, node, operator, mutated, ctx, insert_at=None, insert_text=None, at_tok=None):
        if ctx.dead:
            return
        tk = self.p.tok(node.a if at_tok is None else at_tok)
        self.mutants.append(Mutant(unit=self.unit, file=self.file, line=tk.line, col=tk.col,
                                   operator=operator, original=self.node_text(node), mutated=mutated,
                                   node_a=node.a, node_b=node.b, insert_at=insert_at,
                                   insert_text=insert_text, status="ok", reason="",
                                   context=self.line_text(tk.line), arm=ctx.arm))

    def line_text(self, line):
        lines = self.text.split("\n")
        return lines[line - 1].strip() if 0 < line <= len(lines) else ""

    # ---- statically known conditions: every inj_* input is 0 in a normal run ----
    def static_value(self, n):
        """0 or 1 when n's value is fixed by inj_* = 0, else None"""
        p = self.p
        if n.kind == "paren":
            return self.static_value(n.kids[0])
        if n.kind in ("name", "index", "member", "range") and self.has_inj(n) and \
                not any(s for s in self.idents(n) if not (s.startswith("inj") or s.startswith("INJ_"))):
            return 0
        if n.kind == "unary" and p.t(n.op) == "!":
            v = self.static_value(n.kids[0])
            return None if v is None else 1 - v
        if n.kind == "binary" and p.t(n.op) in ("&&", "||"):
            # one operand at the dominant value (0 for &&, 1 for ||) fixes the result; both at the
            # other value fix it too
            dom = 0 if p.t(n.op) == "&&" else 1
            vs = [self.static_value(k) for k in n.kids]
            if dom in vs:
                return dom
            if vs == [1 - dom, 1 - dom]:
                return 1 - dom
        return None

    def effective(self, c):
        """the part of condition c that decides it when every inj_* is 0 (x || inj -> x,
        x && !inj -> x), or None when an injection input is left in it"""
        while c.kind == "paren":
            c = c.kids[0]
        if not self.has_inj(c):
            return c
        if c.kind == "binary" and self.p.t(c.op) in ("||", "&&"):
            keep = 0 if self.p.t(c.op) == "||" else 1
            L, R = c.kids
            if self.static_value(L) == keep:
                return self.effective(R)
            if self.static_value(R) == keep:
                return self.effective(L)
        return None

    # ---- expression sites ----
    def visit(self, n, ctx, const_ok=True):
        """record the mutants of expression n and its subexpressions"""
        if ctx.dead:
            return
        p = self.p
        k = n.kind
        if k == "num":
            if const_ok:
                self.const_sites(n, ctx)
            return
        if k in ("atom", "name"):
            return
        if k == "paren":
            self.visit(n.kids[0], ctx, const_ok)
            return
        if k == "unary":
            self.visit(n.kids[0], ctx, const_ok)
            return
        if k == "binary":
            op = p.t(n.op)
            L, R = n.kids
            logic_inj = op in ("&&", "||", "&", "|") and self.has_inj(n)
            if op in SWAP and not logic_inj and self.node_text(L) != self.node_text(R) and \
                    not (op in ("+", "-", ">>", "<<", ">>>", "<<<") and self.is_zero(R)):
                self.add(n, "swap", "%s %s %s" % (self.node_text(L), SWAP[op], self.node_text(R)), ctx,
                         at_tok=n.op)
            # inj && x: x is dead (every inj_* is 0); inj || x: x decides
            dead_l = dead_r = False
            if op == "&&":
                dead_r = self.static_value(L) == 0
                dead_l = self.static_value(R) == 0
            elif op == "||":
                dead_r = self.static_value(L) == 1
                dead_l = self.static_value(R) == 1
            self.visit(L, ctx.child(dead=True) if dead_l else ctx, const_ok)
            self.visit(R, ctx.child(dead=True) if dead_r else ctx, const_ok)
            return
        if k == "ternary":
            c, a, b = n.kids
            v = self.static_value(c)
            e = self.effective(c) if v is None else None
            if e is not None and self.node_text(a) != self.node_text(b):
                self.cond_sites(e, ctx)
            if e is not None:
                self.visit(e, ctx, const_ok)
            self.visit(a, ctx.child(dead=ctx.dead or v == 0), const_ok)
            self.visit(b, ctx.child(dead=ctx.dead or v == 1), const_ok)
            return
        if k == "inside":
            self.visit(n.kids[0], ctx, const_ok)
            return
        if k in ("index", "range", "partsel", "member"):
            self.select_chain(n, ctx)
            return
        if k == "cast":
            self.visit(n.kids[0], ctx, const_ok)
            return
        if k == "call":
            if n.extra in CONST_SYSFUNCS:
                return
            for a in n.kids:
                self.visit(a, ctx, const_ok)
            return
        if k == "repl":
            self.visit(n.kids[1], ctx, const_ok)
            return
        if k in ("concat", "pattern"):
            for a in n.kids:
                self.visit(a, ctx, const_ok)
            return

    def select_chain(self, top, ctx):
        """a name with selects and members: a select's base cannot be a site (Verilator takes no
        select of a parenthesised expression), so a shifted constant index or slice anywhere in
        the chain is a mutant of the whole chain"""
        p = self.p
        levels = []
        n = top
        while n.kind in ("index", "range", "partsel", "member"):
            levels.append(n)
            n = n.kids[0]
        if n.kind == "call":
            self.visit(n, ctx)
        inj = self.has_inj(top)
        for lv in reversed(levels):
            if lv.kind == "index":
                idx = lv.kids[1]
                lit = parse_literal(p.t(idx.a)) if idx.kind == "num" else None
                if lit is not None:
                    if not inj:
                        self.add(top, "slice_up", self.plain_subst(top, {idx.a: str(lit[3] + 1)}), ctx, at_tok=idx.a)
                        if lit[3] >= 1:
                            self.add(top, "slice_down", self.plain_subst(top, {idx.a: str(lit[3] - 1)}), ctx,
                                     at_tok=idx.a)
                elif idx.kind != "num":
                    self.visit(idx, ctx, True)
            elif lv.kind == "range":
                hi, lo = lv.kids[1], lv.kids[2]
                if hi.kind == "num" and lo.kind == "num" and not inj:
                    h, l = parse_literal(p.t(hi.a)), parse_literal(p.t(lo.a))
                    if h and l and h[3] >= l[3]:
                        self.add(top, "slice_up", self.plain_subst(top, {hi.a: str(h[3] + 1), lo.a: str(l[3] + 1)}),
                                 ctx, at_tok=hi.a)
                        if l[3] >= 1:
                            self.add(top, "slice_down",
                                     self.plain_subst(top, {hi.a: str(h[3] - 1), lo.a: str(l[3] - 1)}), ctx,
                                     at_tok=hi.a)
            elif lv.kind == "partsel":
                self.visit(lv.kids[1], ctx, True)

    def plain_subst(self, n, subst):
        """plain text of node n with some tokens replaced"""
        p = self.p
        out = []
        for k in range(n.a, n.b + 1):
            if k > n.a and self.toks[p.sig[k - 1] + 1:p.sig[k]]:
                out.append(" ")
            out.append(subst.get(k, p.t(k)))
        return "".join(out)

    def is_zero(self, n):
        while n.kind == "paren":
            n = n.kids[0]
        if n.kind == "num":
            lit = parse_literal(self.p.t(n.a))
            return lit is not None and lit[3] == 0
        return n.kind == "atom" and self.p.t(n.a) == "'0"

    def const_sites(self, n, ctx):
        text = self.p.t(n.a)
        lit = parse_literal(text)
        if lit is None:
            return
        width, sgn, base, v = lit
        if width is None and base:
            return                       # unsized based literal: leave it
        if width is None or v + 1 < (1 << width):
            self.add(n, "const_inc", format_literal(width, sgn, base, v + 1), ctx)
        if v >= 1:
            self.add(n, "const_dec", format_literal(width, sgn, base, v - 1), ctx)

    def cond_sites(self, c, ctx):
        ct = self.node_text(c)
        if ct in ("1", "1'b1", "'1"):
            return
        self.add(c, "cond_true", "1'b1", ctx)
        self.add(c, "cond_neg", "!(%s)" % ct, ctx)

    def parse_expr_at(self, i, stop):
        """parse an expression that must end at a token in stop; None if it cannot be read"""
        p = self.p
        try:
            n, j = p.expr(i)
            if p.t(j) not in stop:
                p.err(j, "expected %s after the expression" % " or ".join(stop))
            return n, j
        except ParseError as e:
            self.skipped.append(str(e))
            return None, p.skip_to(i, stop)

    # ---- statements ----
    def is_decl(self, i):
        p = self.p
        s = p.t(i)
        if s in TYPE_KW:
            return True
        if p.kind(i) != "ident":
            return False
        j = i + 1
        while p.t(j) == "::" and p.kind(j + 1) == "ident":
            j += 2
        while p.t(j) == "[":
            j = p.skip_balanced(j)
        return p.kind(j) == "ident" and p.t(j) not in ("inside",)

    def decl_names(self, i, end):
        """names declared by the declaration statement i..end (';'), with an unpacked flag"""
        p = self.p
        names = {}
        j = i
        depth = 0
        prev_ident = None
        while j < end:
            s = p.t(j)
            if s in ("(", "{", "'{"):
                j = p.skip_balanced(j)
                continue
            if s == "[":
                if prev_ident:
                    names[prev_ident] = True
                j = p.skip_balanced(j)
                continue
            if s == "=":
                if prev_ident:
                    names.setdefault(prev_ident, False)
                j = p.skip_to(j, (",", ";"))
                prev_ident = None
                continue
            if s == ",":
                if prev_ident:
                    names.setdefault(prev_ident, False)
                prev_ident = None
            elif p.kind(j) == "ident" and s not in TYPE_KW:
                prev_ident = s
            j += 1
        if prev_ident:
            names.setdefault(prev_ident, False)
        return names

    def arm_stmt(self, i, ctx):
        """a statement that is a branch arm (an if's, an else's, a case item's, a loop body, a
        procedural block's body): its code runs only when the arm does (docs/mutation.md "Reach").
        Inside a loop the arm stays the loop's: Verilator unrolls the loop and its line coverage
        there does not count every pass."""
        if ctx.in_loop:
            return self.stmt(i, ctx)
        ctx.arm = [i, None]
        j = self.stmt(i, ctx)
        ctx.arm[1] = j - 1
        return j

    def stmt(self, i, ctx):
        """parse one procedural statement from i; returns the index after it"""
        p = self.p
        s = p.t(i)
        if s == "begin":
            i += 1
            if p.t(i) == ":":
                i += 2
            while p.t(i) != "end":
                if i >= p.n:
                    p.err(i, "missing end")
                i = self.stmt(i, ctx)
            i += 1
            if p.t(i) == ":":
                i += 2
            return i
        if s in ("unique", "unique0", "priority"):
            return self.stmt(i + 1, ctx)
        if s == "if":
            i = p.expect(i + 1, "(")
            c, j = self.parse_expr_at(i, (")",))
            j += 1
            v = None
            reset = False
            if c is not None:
                v = self.static_value(c)
                reset = any(x in ("rst_ni", "rst_n") for x in self.idents(c))
                e = self.effective(c) if v is None else None
                if e is not None and not reset:
                    self.cond_sites(e, ctx)
                    self.visit(e, ctx)
            j = self.arm_stmt(j, ctx.child(dead=ctx.dead or v == 0, in_reset=ctx.in_reset or reset))
            if p.t(j) == "else":
                j = self.arm_stmt(j + 1, ctx.child(dead=ctx.dead or v == 1))
            return j
        if s in ("case", "casez", "casex"):
            i = p.expect(i + 1, "(")
            c, j = self.parse_expr_at(i, (")",))
            if c is not None and not self.has_inj(c):
                self.visit(c, ctx)
            j += 1
            if p.t(j) == "inside":
                j += 1
            while p.t(j) != "endcase":
                if j >= p.n:
                    p.err(j, "missing endcase")
                if p.t(j) == "default":
                    j += 1
                    if p.t(j) == ":":
                        j += 1
                else:
                    j = p.skip_to(j, (":",)) + 1      # labels are not mutated
                j = self.arm_stmt(j, ctx.child())
            return j + 1
        if s in ("for", "foreach", "while", "repeat"):
            i = p.expect(i + 1, "(")
            end = p.skip_balanced(i - 1)
            # loop variables are locals
            for k in range(i, end):
                if p.kind(k) == "ident" and p.t(k) in TYPE_KW and p.kind(k + 1) == "ident":
                    ctx.locals.add(p.t(k + 1))
            j = self.arm_stmt(end, ctx.child(in_loop=True))
            self.loops.append((p.tok(i).line, p.tok(j - 1).line))
            return j
        if s == "forever":
            return self.stmt(i + 1, ctx.child(in_loop=True))
        if s == "return":
            if p.t(i + 1) == ";":
                return i + 2
            n, j = self.parse_expr_at(i + 1, (";",))
            if n is not None:
                self.visit(n, ctx)
            return j + 1
        if s in ("break", "continue", ";"):
            return p.skip_to(i, (";",)) + 1
        if s.startswith("$") or s == "void":
            return p.skip_to(i, (";",)) + 1
        if self.is_decl(i):
            end = p.skip_to(i, (";",))
            ctx.locals.update(self.decl_names(i, end))
            return end + 1
        # an assignment: the first assignment operator at depth 0
        end = p.skip_to(i, (";",))
        j = i
        aop = None
        while j < end:
            t = p.t(j)
            if t in ("(", "[", "{", "'{"):
                j = p.skip_balanced(j)
                continue
            if t in ("=", "<=", "+=", "-=", "*=", "/=", "&=", "|=", "^=", "%=", "<<=", ">>=", "<<<=", ">>>="):
                aop = j
                break
            j += 1
        if aop is None:
            return end + 1          # x++, a task call: no site
        rhs, j = self.parse_expr_at(aop + 1, (";",))
        if rhs is not None:
            self.visit(rhs, ctx)
            if p.t(aop) == "<=" and ctx.proc == "ff":
                self.flop_delay(i, aop, rhs, ctx)
        return j + 1

    def flop_delay(self, i, aop, rhs, ctx):
        """q <= d delayed by one cycle: an extra register on d, picked by the selector"""
        p = self.p
        if aop != i + 1 or p.kind(i) != "ident" or ctx.in_loop or ctx.in_reset or ctx.dead or not ctx.clock:
            return
        lhs = p.t(i)
        if lhs not in self.module_vars or self.module_vars[lhs] or lhs in ctx.locals:
            return
        ids = self.idents(rhs)
        # only constants (lower_snake_case variables, UPPER_CASE parameters and enum values):
        # delaying them changes nothing
        if not any(re.search(r"[a-z]", x) for x in ids if not x.startswith("$")) or \
                any(x in ctx.locals for x in ids) or self.has_inj(rhs):
            return
        if self.node_text(rhs) == lhs:
            return
        self.add(rhs, "flop_delay", "%s of the cycle before" % self.node_text(rhs), ctx, insert_at=ctx.always_ff_tok,
                 insert_text=(lhs, ctx.clock, self.node_text(rhs)), at_tok=i)

    # ---- module items ----
    def module_items(self, i, stop):
        """module items from i up to the token stop ('endmodule' or 'end'); returns its index"""
        p = self.p
        while p.t(i) != stop:
            if i >= p.n:
                p.err(i, "missing %s" % stop)
            i = self.item(i)
        return i

    def item(self, i):
        p = self.p
        s = p.t(i)
        if s in ("import", "export", "typedef", "localparam", "parameter", "genvar", "timeunit",
                 "$error", "$fatal", "$warning", "$info"):   # (elaboration tasks: no run-time code)
            return p.skip_to(i, (";",)) + 1
        if s == "assign":
            j = p.skip_to(i + 1, ("=",))
            n, k = self.parse_expr_at(j + 1, (";",))
            # lint sinks (assign unused = ^{...}) drive nothing
            if n is not None and not p.t(i + 1).startswith("unused"):
                self.visit(n, Ctx(proc="assign"))
            return k + 1
        if s in ("always_comb", "always_latch"):
            return self.arm_stmt(i + 1, Ctx(proc="comb", locals_=set()))
        if s in ("always_ff", "always"):
            j = i + 1
            clock = None
            if p.t(j) == "@":
                j += 1
                if p.t(j) == "(":
                    end = p.skip_balanced(j)
                    for k in range(j, end):
                        if p.t(k) == "posedge" and p.kind(k + 1) == "ident":
                            clock = "posedge " + p.t(k + 1)
                            break
                    j = end
                else:
                    j += 1
            proc = "ff" if s == "always_ff" else "comb"
            return self.arm_stmt(j, Ctx(proc=proc, clock=clock, always_ff_tok=i, locals_=set()))
        if s in ("initial", "final"):
            return self.stmt(i + 1, Ctx(proc="initial", locals_=set(), dead=True))
        if s in ("function", "task"):
            endkw = "end" + s
            # header up to the ';' after the argument list
            j = p.skip_to(i + 1, (";",))
            # in_loop: no arm inside (below), and no flop there anyway
            ctx = Ctx(proc="func", locals_=set(), in_loop=True)
            # arguments are locals
            for k in range(i + 1, j):
                if p.kind(k) == "ident":
                    ctx.locals.add(p.t(k))
            j += 1
            # a function is inlined where it is called (in loops too): reached as its callers are,
            # which the line coverage does not tell (no arm: every test)
            ctx.arm = None
            while p.t(j) != endkw:
                if j >= p.n:
                    p.err(j, "missing " + endkw)
                j = self.stmt(j, ctx)
            name = [p.t(k) for k in range(i + 1, j) if p.t(k + 1) in ("(", ";")][:1]
            if name:
                self.funcs[name[0]] = (p.tok(i).line, p.tok(j).line)
            j += 1
            if p.t(j) == ":":
                j += 2
            return j
        if s == "generate":
            j = self.module_items(i + 1, "endgenerate")
            return j + 1
        if s == "for":
            j = p.skip_balanced(i + 1)
            return self.gen_block(j)
        if s == "if":
            j = p.skip_balanced(i + 1)
            j = self.gen_block(j)
            if p.t(j) == "else":
                j = self.gen_block(j + 1)
            return j
        if s == "begin":
            return self.gen_block(i)
        if s == ";":
            return i + 1
        if self.is_instance(i):
            return self.instance(i)
        if self.is_decl(i):
            end = p.skip_to(i, (";",))
            self.module_vars.update(self.decl_names(i, end))
            return end + 1
        p.err(i, "unexpected module item")

    def is_instance(self, i):
        p = self.p
        if p.kind(i) != "ident" or p.t(i) in TYPE_KW:
            return False
        j = i + 1
        if p.t(j) == "#":
            return True
        if p.kind(j) != "ident":
            return False
        j += 1
        while p.t(j) == "[":
            j = p.skip_balanced(j)
        return p.t(j) == "("

    def gen_block(self, i):
        p = self.p
        if p.t(i) == "begin":
            i += 1
            if p.t(i) == ":":
                i += 2
            i = self.module_items(i, "end")
            i += 1
            if p.t(i) == ":":
                i += 2
            return i
        return self.item(i)

    def instance(self, i):
        """module instance: the port connections' expressions are sites (an output's actual is a
        name or a select, whose mutants Verilator refuses and --lint drops)"""
        p = self.p
        j = i + 1
        if p.t(j) == "#":
            j = p.skip_balanced(j + 1)
        if p.kind(j) != "ident":
            p.err(j, "expected an instance name")
        j += 1
        while p.t(j) == "[":
            j = p.skip_balanced(j)
        if p.t(j) != "(":
            p.err(j, "expected a port list")
        end = p.skip_balanced(j)
        k = j + 1
        while k < end - 1:
            if p.t(k) == "." and p.kind(k + 1) == "ident" and p.t(k + 2) == "(":
                n, m = self.parse_expr_at(k + 3, (")",))
                if n is not None and n.kind not in ("name",) and not self.has_inj(n):
                    self.visit(n, Ctx(proc="assign"))
                k = m + 1
            else:
                k += 1
        return p.expect(end, ";")

    def run(self):
        p = self.p
        i = 0
        while i < p.n:
            if p.t(i) == "module":
                j = i + 2
                while p.t(j) == "import":
                    j = p.skip_to(j, (";",)) + 1
                if p.t(j) == "#":
                    j = p.skip_balanced(j + 1)
                if p.t(j) == "(":
                    end = p.skip_balanced(j)
                    # ANSI ports: plain (packed) variables
                    k = j + 1
                    while k < end:
                        if p.kind(k) == "ident" and p.t(k + 1) in (",", ")") and k + 1 <= end:
                            self.module_vars.setdefault(p.t(k), False)
                        k += 1
                    j = end
                j = p.expect(j, ";")
                i = self.module_items(j, "endmodule") + 1
            elif p.t(i) == "package":
                # a package's items are a module's (functions, typedefs, localparams): its functions'
                # sites are mutants like a module's (reached as their callers are: every test)
                j = p.expect(i + 2, ";")
                i = self.module_items(j, "endpackage") + 1
            else:
                i += 1
        return self.mutants


# ---------------------------------------------------------------------------------------------
# Emitter: the instrumented file
# ---------------------------------------------------------------------------------------------

class Out:
    def __init__(self):
        self.parts = []
        self.line = 1
        self.col = 1

    def put(self, s):
        if not s:
            return
        self.parts.append(s)
        nl = s.count("\n")
        if nl:
            self.line += nl
            self.col = len(s) - s.rfind("\n")
        else:
            self.col += len(s)

    def pos(self):
        return (self.line, self.col)

    def text(self):
        return "".join(self.parts)


def instrument(finder, active):
    """the instrumented text of finder's file with the mutants in active (a list) and, per mutant
    id, the output spans (start, end) a Verilator message may point into"""
    p = finder.p
    toks = finder.toks
    # sites: one per expression node (several mutants each), nested by token range
    sites = {}
    inserts = {}
    for m in active:
        sites.setdefault((m.node_a, m.node_b), []).append(m)
        if m.insert_at is not None:
            inserts.setdefault(m.insert_at, []).append(m)
    order = sorted(sites, key=lambda ab: (ab[0], -ab[1]))
    # a forest of sites by containment
    roots, stack = [], []
    children = {ab: [] for ab in order}
    for ab in order:
        while stack and not (stack[-1][0] <= ab[0] and ab[1] <= stack[-1][1]):
            stack.pop()
        (children[stack[-1]] if stack else roots).append(ab)
        stack.append(ab)
    spans = {}
    out = Out()

    def put_tokens(t0, t1):
        """raw text of full-token indices t0..t1-1"""
        for k in range(t0, t1):
            out.put(toks[k].text)

    def put_insert(sig_idx):
        for m in inserts.get(sig_idx, []):
            lhs, clock, rhs = m.insert_text
            start = out.pos()
            out.put("var type(%s) mut_dly_%d; always_ff @(%s) mut_dly_%d <= (%s); "
                    % (lhs, m.id, clock, m.id, rhs))
            spans.setdefault(m.id, []).append((start, out.pos()))

    def put_range(a, b, kids):
        """significant tokens a..b (inclusive) with the sites in kids instrumented; the text
        between them (spaces, comments, line breaks) as it is"""
        k = a
        for ab in kids:
            if ab[0] > k:
                emit_plain(k, ab[0] - 1)
                put_gap(ab[0])
            put_site(ab)
            k = ab[1] + 1
            if k <= b:
                put_gap(k)
        if k <= b:
            emit_plain(k, b)

    def put_gap(k):
        """the whitespace and comments before significant token k"""
        put_tokens(p.sig[k - 1] + 1, p.sig[k])

    def emit_plain(a, b):
        for k in range(a, b + 1):
            if k > a:
                put_gap(k)
            put_insert(k)
            out.put(p.t(k))

    def put_site(ab):
        ms = sites[ab]
        out.put("(")
        for m in ms:
            start = out.pos()
            mut = ("mut_dly_%d" % m.id) if m.operator == "flop_delay" else m.mutated
            out.put("(%s == %d) ? (%s) : " % (SEL, m.id, mut))
            spans.setdefault(m.id, []).append((start, out.pos()))
        out.put("(")
        put_range(ab[0], ab[1], children[ab])
        out.put("))")

    # the whole file: text before the first significant token, then the tokens
    put_tokens(0, p.sig[0] if p.sig else len(toks))
    if p.sig:
        k = 0
        for ab in roots:
            if ab[0] > k:
                emit_plain(k, ab[0] - 1)
                put_gap(ab[0])
            put_site(ab)
            k = ab[1] + 1
            if k < p.n:
                put_gap(k)
        if k < p.n:
            emit_plain(k, p.n - 1)
        put_tokens(p.sig[-1] + 1, len(toks))
    return out.text(), spans


# ---------------------------------------------------------------------------------------------
# Driver
# ---------------------------------------------------------------------------------------------

def pkg_text(count):
    return """// tt_mut_pkg: written by tools/mutate.py, do not edit. The mutant selector of the mutation
// build (docs/mutation.md): +mutant=N switches mutant N on, 0 (or no +mutant) none.
package tt_mut_pkg;
  localparam int unsigned MUT_COUNT = %d;
  function automatic int unsigned sel_from_plusargs();
    int unsigned v;
    if (!$value$plusargs("mutant=%%d", v)) v = 0;
    return v;
  endfunction
  int unsigned mut_sel = sel_from_plusargs();
endpackage
""" % count


def write_if_changed(path, text):
    if os.path.exists(path):
        with open(path) as f:
            if f.read() == text:
                return False
    os.makedirs(os.path.dirname(path), exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, path)
    return True


def find_all(units, rtl_dir):
    finders = []
    next_id = 1
    for u in units:
        path = os.path.join(rtl_dir, u + ".sv")
        with open(path) as f:
            text = f.read()
        rel = os.path.relpath(path, ROOT)
        fd = Finder(u, rel, text)
        try:
            fd.run()
        except ParseError as e:
            sys.exit("mutate.py: %s: cannot read the module structure: %s" % (rel, e))
        finders.append(fd)
    # a function a localparam / parameter calls is evaluated at elaboration, where the run-time
    # selector has no value (Verilator: "No value found for node"): no mutants in its body
    const_called = set()
    for fd in finders:
        p = fd.p
        i = 0
        while i < p.n:
            if p.t(i) in ("localparam", "parameter"):
                end = p.skip_to(i, (";",))
                const_called.update(p.t(k) for k in range(i, end) if p.kind(k) == "ident" and p.t(k + 1) == "(")
                i = end
            i += 1
    for fd in finders:
        spans = [fd.funcs[n] for n in const_called if n in fd.funcs]
        fd.mutants = [m for m in fd.mutants if not any(lo <= m.line <= hi for lo, hi in spans)]
        for m in fd.mutants:
            m.id = next_id
            next_id += 1
    return finders


def equiv_key(m):
    return (m.file, m.context, m.operator, m.original, m.mutated)


def load_equiv(path):
    """hand-checked equivalent mutants (tools/mutate_equiv.json): key -> reason"""
    if not path or not os.path.exists(path):
        return {}
    with open(path) as f:
        try:
            data = json.load(f)
        except json.JSONDecodeError as e:
            sys.exit("mutate.py: %s: line %d: not JSON: %s" % (path, e.lineno, e.msg))
    out = {}
    for n, e in enumerate(data.get("equivalent", [])):
        missing = [k for k in ("file", "context", "operator", "original", "mutated", "reason") if k not in e]
        if missing:
            sys.exit("mutate.py: %s: entry %d: missing %s" % (path, n, ", ".join(missing)))
        key = (e["file"], e["context"], e["operator"], e["original"], e["mutated"])
        if "col" in e:  # one of several same-text mutants on a line (the literal at that column)
            key += (int(e["col"]),)
        out[key] = (e["reason"], n, bool(e.get("every_line")))
    return out


def apply_equiv(allm, equiv, path):
    """marks the mutants an entry matches; an entry whose text occurs on several source lines must
    say `"every_line": true` (its reason checked for each line), or one line's note would hide
    another line's mutants unseen (docs/mutation.md "Reading the report")"""
    matched = []
    for m in allm:
        k = equiv_key(m) + (m.col,)  # an entry with "col" first
        if k in equiv or equiv_key(m) in equiv:
            matched.append((m, k if k in equiv else equiv_key(m)))
    lines = {}
    for m, k in matched:
        lines.setdefault(k, set()).add(m.line)
    for k, ls in sorted(lines.items(), key=lambda kv: equiv[kv[0]][1]):
        reason, n, every = equiv[k]
        if len(ls) > 1 and not every:
            sys.exit("mutate.py: %s: entry %d (%s: %s, %s -> %s) matches mutants on lines %s of %s: the same text on "
                     "several lines. Check that its reason holds on each and add \"every_line\": true, or make "
                     "the lines' text differ (a comment on the line meant)"
                     % (path, n, k[2], k[1], k[3], k[4], ", ".join(str(x) for x in sorted(ls)), k[0]))
    for m, k in matched:
        m.status, m.reason = "equivalent", equiv[k][0]


LINT_RE = re.compile(r"^%(Warning|Error)(-[A-Z0-9_]+)?: ([^:\s]+):(\d+):(\d+): (.*)$")


def lint(files, vflags, verilator):
    cmd = [verilator, "--lint-only"] + vflags + files
    p = subprocess.run(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    msgs = []
    for line in p.stdout.splitlines():
        m = LINT_RE.match(line)
        if m:
            msgs.append((m.group(1) + (m.group(2) or ""), m.group(3), int(m.group(4)), int(m.group(5)), m.group(6)))
    return p.returncode, msgs, p.stdout


def attribute(msg_line, msg_col, spans_of_file):
    """the mutant whose (innermost) span holds the position"""
    best = None
    for mid, spans in spans_of_file.items():
        for (s, e) in spans:
            if s <= (msg_line, msg_col) < e:
                size = (e[0] - s[0]) * 100000 + (e[1] - s[1])
                if best is None or size < best[0]:
                    best = (size, mid)
    return best[1] if best else None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default="build/mutate", help="output directory (rtl/, manifest.json)")
    ap.add_argument("--rtl", default="rtl_stubs", help="directory of the unit sources")
    ap.add_argument("--units", default=",".join(UNITS), help="units to instrument (file stems)")
    ap.add_argument("--equiv", default="tools/mutate_equiv.json", help="hand-checked equivalent mutants")
    ap.add_argument("--lint", action="store_true", help="drop the mutants Verilator refuses (lint loop)")
    ap.add_argument("--verilator", default="verilator")
    ap.add_argument("--vflags", default="--top-module tb_top -Wno-fatal -Wno-DECLFILENAME -Wno-UNUSEDSIGNAL",
                    help="Verilator flags of the lint run")
    ap.add_argument("--lint-extra", default="tb/tb_stall_probe.sv tb/tb_top.sv",
                    help="files after the RTL in the lint run")
    ap.add_argument("--max-rounds", type=int, default=8)
    a = ap.parse_args()

    os.chdir(ROOT)
    units = [u.strip() for u in a.units.split(",") if u.strip()]
    for u in units:
        if not os.path.exists(os.path.join(a.rtl, u + ".sv")):
            sys.exit("mutate.py: --units: no %s/%s.sv (units: %s)" % (a.rtl, u, ", ".join(UNITS)))
    finders = find_all(units, a.rtl)
    allm = [m for fd in finders for m in fd.mutants]
    apply_equiv(allm, load_equiv(a.equiv), a.equiv)
    rtl_out = os.path.join(a.out, "rtl")
    os.makedirs(rtl_out, exist_ok=True)
    count = len(allm)

    # cached lint verdicts: the same sources and tool give the same refusals
    h = hashlib.sha256()
    with open(os.path.abspath(__file__), "rb") as fh:
        h.update(fh.read())                      # the tool itself: ids and texts follow from it
    for fd in finders:
        h.update(fd.file.encode())
        h.update(fd.text.encode())
    for f in sorted(glob.glob(os.path.join(a.rtl, "*.sv"))) + a.lint_extra.split():
        with open(f) as fh:
            h.update(fh.read().encode())
    h.update(a.vflags.encode())
    digest = h.hexdigest()
    cache_path = os.path.join(a.out, "lint_cache.json")
    cache = {}
    if os.path.exists(cache_path):
        with open(cache_path) as f:
            try:
                cache = json.load(f)
            except json.JSONDecodeError:
                cache = {}
    refused = cache.get("refused", {}) if cache.get("digest") == digest else None

    def write_all(where):
        """the instrumented files into where (OUT/rtl, or OUT/lint for the lint rounds, so that
        the build's files change only once the verdicts are in; unchanged files are not rewritten)"""
        spans = {}
        for fd in finders:
            # equivalent mutants are built too (never selected): the instrumented files, and so
            # the mutation build, do not change when tools/mutate_equiv.json gains an entry
            active = [m for m in fd.mutants if m.status in BUILT]
            text, sp = instrument(fd, active)
            path = os.path.join(where, os.path.basename(fd.file))
            write_if_changed(path, text)
            spans[path] = sp
        write_if_changed(os.path.join(where, "tt_mut_pkg.sv"), pkg_text(count))
        return spans

    lint_out = os.path.join(a.out, "lint")

    if a.lint and refused is not None:
        for m in allm:
            if str(m.id) in refused:
                m.status, m.reason = "not_compiled", refused[str(m.id)]
        write_all(rtl_out)
    elif a.lint:
        refused = {}
        escalate = {}
        by_path = {os.path.basename(fd.file): fd for fd in finders}
        rtl_all = sorted(glob.glob(os.path.join(a.rtl, "*.sv")))
        for rnd in range(a.max_rounds):
            spans = write_all(lint_out)
            files = [os.path.join(lint_out, "tt_mut_pkg.sv")]
            # the packages first, in the Makefile's order (RTL_PKGS): Verilator wants them declared before use
            pkgs = [os.path.join(a.rtl, n) for n in ("tt_pkg.sv", "tt_inj_pkg.sv")]
            files = pkgs + files
            # the packages of functions after tt_mut_pkg (their instrumented copies read its selector)
            for stem in PKG_UNITS:
                f = os.path.join(a.rtl, stem + ".sv")
                if os.path.exists(f):
                    files.append(os.path.join(lint_out, stem + ".sv") if stem in units else f)
                    pkgs.append(f)
            for f in rtl_all:
                if f in pkgs:
                    continue
                stem = os.path.splitext(os.path.basename(f))[0]
                files.append(os.path.join(lint_out, stem + ".sv") if stem in units else f)
            files += a.lint_extra.split()
            rc, msgs, text = lint(files, a.vflags.split() + ["-DTT_MUTATE"], a.verilator)
            byid = {m.id: m for m in allm}
            new = 0
            stray = []
            refused_now = {}
            for kind, f, line, col, what in msgs:
                # an error, or a select outside its vector ("where widths allow"), refuses the
                # mutant; width and other warnings of a mutant's code do not (it compiles)
                if not (kind.startswith("Error") or kind == "Warning-SELRANGE"):
                    continue
                path = os.path.normpath(f)
                sp = spans.get(path) or spans.get(os.path.join(lint_out, os.path.basename(path)))
                if sp is None:
                    stray.append("%s %s:%d:%d: %s" % (kind, f, line, col, what))
                    continue
                mid = attribute(line, col, sp)
                if mid is not None:
                    mids = [mid]
                else:
                    # outside every mutant's own text (a loop Verilator no longer unrolls): the
                    # mutants on that line, then, if it stays, those of each loop around it
                    key = (path, line, col, kind)
                    level = escalate.get(key, 0)
                    escalate[key] = level + 1
                    fd = by_path.get(os.path.basename(path))
                    loops = sorted((r for r in (fd.loops if fd else []) if r[0] <= line <= r[1]),
                                   key=lambda r: r[1] - r[0])
                    ladder = [[(line, line)]] + [[r] for r in loops]
                    if loops:
                        # the functions the outermost loop calls (inlined into it)
                        lo, hi = loops[-1]
                        called = [fr for name, fr in (fd.funcs.items() if fd else [])
                                  if re.search(r"\b%s\s*\(" % re.escape(name), "\n".join(fd.text.split("\n")[lo - 1:hi]))]
                        if called:
                            ladder.append(called)
                    ladder.append([(1, 10 ** 9)])
                    mids = []
                    for rs in ladder[min(level, len(ladder) - 1):]:
                        mids = sorted({i for i, ss in sp.items() if any(lo <= s0[0] <= hi for s0, e0 in ss for lo, hi in rs)
                                       and (byid[i].status in BUILT or refused_now.get(i))})
                        if mids:
                            break
                if not mids:
                    stray.append("%s %s:%d:%d: %s" % (kind, f, line, col, what))
                    continue
                for mid in mids:
                    if byid[mid].status not in BUILT:
                        continue
                    byid[mid].status = "not_compiled"
                    byid[mid].reason = "%s: %s" % (kind, what)
                    refused_now[mid] = True
                    refused[str(mid)] = byid[mid].reason
                    new += 1
            print("mutate.py: lint round %d: %d message(s), %d mutant(s) refused" % (rnd + 1, len(msgs), new))
            if stray:
                sys.exit("mutate.py: Verilator messages outside every mutant (the instrumentation or the "
                         "sources are wrong):\n  " + "\n  ".join(stray[:20]) + "\n" + text[-3000:])
            if new == 0:
                if rc != 0:
                    sys.exit("mutate.py: the lint run failed with no message to attribute:\n" + text[-3000:])
                break
        else:
            sys.exit("mutate.py: the lint loop did not settle after %d rounds" % a.max_rounds)
        with open(cache_path, "w") as f:
            json.dump({"digest": digest, "refused": refused}, f)
        write_all(rtl_out)
    else:
        write_all(rtl_out)

    fd_of = {fd.unit: fd for fd in finders}
    manifest = {
        "tool_version": TOOL_VERSION,
        "count": count,
        "units": units,
        "selector": SEL,
        "mutants": [{
            "id": m.id, "unit": m.unit, "file": m.file, "line": m.line, "col": m.col,
            "operator": m.operator, "original": m.original,
            "mutated": m.mutated,
            "context": m.context, "status": m.status, "reason": m.reason,
            "arm": ([fd_of[m.unit].p.tok(m.arm[0]).line, fd_of[m.unit].p.tok(m.arm[1]).line]
                    if m.arm and m.arm[1] is not None else None),
        } for m in allm],
        "unread": [s for fd in finders for s in fd.skipped],
    }
    write_if_changed(os.path.join(a.out, "manifest.json"), json.dumps(manifest, indent=1) + "\n")
    by = {}
    for m in allm:
        by.setdefault(m.unit, {}).setdefault(m.status, 0)
        by[m.unit][m.status] += 1
    for u in units:
        st = by.get(u, {})
        print("mutate.py: %-18s %4d mutants (%s)" % (u, sum(st.values()),
                                                  ", ".join("%s %d" % kv for kv in sorted(st.items()))))
    unread = manifest["unread"]
    if unread:
        print("mutate.py: %d expression(s) not read (no mutants there):" % len(unread))
        for s in unread[:20]:
            print("  " + s)
    print("mutate.py: %d mutants, %s" % (count, os.path.join(a.out, "manifest.json")))


if __name__ == "__main__":
    main()
