#!/usr/bin/env python3
"""perf_shares.py: a `perf record` profile of ttcosim / ttmodel as shares by RTL module and by
function (docs/speed.md "Issue 31: work per second, paired").

Usage: tools/perf_shares.py PERF_DATA BINARY OBJ_DIR [--top N] [--grep TEXT]...
(BINARY: the profiled ttcosim or ttmodel; OBJ_DIR: its build's obj_cc, for the generated C++'s lines;
--grep TEXT: also the share of samples on generated lines containing TEXT, e.g. inject; --lines GROUP:
the top source lines of one group, or of all with *)

Needs a build with line tables (-g; `make BUILD=build/prof VCXX_CC="... -CFLAGS -g"`, docs/speed.md).
Each sample's own address (its leaf, not the callers) is resolved to a source line with addr2line
-i; an inlined helper (Verilator's wide-word functions, in its headers) counts for the innermost
generated or C line that inlined it. A line of Verilator's generated C++ counts for the design instance its variables name
(vlSelf->tb_top__DOT__u_core__DOT__u_pack__DOT__x: u_core.u_pack); a line naming none counts for the
nearest named line above it in its function, else for the function ("generated, unnamed"). Lines of
C sources count by file (ref_model/src/unpack.c, dpi/timing.c ...), Verilator's runtime headers as
"Verilator runtime", the rest by shared object. The shares are approximate (an optimised line's
samples may belong to its neighbours).
"""
import collections
import os
import re
import subprocess
import sys

NAME = re.compile(r"tb_top__DOT__([A-Za-z0-9_]+)")


def instance(var):
    """tb_top variable -> instance group: u_core.u_pack, u_core.frontend, u_core (glue) ..."""
    parts = var.split("__DOT__")
    if len(parts) == 1:
        return "tb_top"
    if parts[0] != "u_core":
        return "tb_top (" + parts[0] + ")" if parts[0].startswith("u_") else "tb_top"
    sub = parts[1]
    if sub.startswith("__Vcell"):  # a port connection's copy (__Vcellinp__u_thcon__ld_thread_i)
        return "u_core (port copies)"
    if len(parts) == 2:
        return "u_core (glue)"
    if sub.startswith("unnamedblk") or sub.startswith("g_ret") or sub.startswith("g_arb"):
        return "u_core (glue)"
    m = re.match(r"g_(fe|unp)__BRA__(\d+)__KET__", sub)
    if m:
        g = {"fe": "u_core.frontends", "unp": "u_core.unpackers"}[m.group(1)]
        # a frontend's FIFO and expanders, an unpacker's converters, apart from the rest
        if len(parts) >= 5 and (parts[3].startswith("u_") or parts[3].startswith("g_conv")):
            return f"{g} ({re.sub(r'__BRA__.*', '', parts[3])})"
        return g
    return "u_core." + sub


ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Source:
    def __init__(self, obj):
        self.files = {}
        self.obj = obj
        # perf's srcline names the file alone: this tree's C sources by base name
        self.c = {}
        for d in ("ref_model/src", "dpi", "tb"):
            for f in os.listdir(os.path.join(ROOT, d)):
                self.c.setdefault(f, d + "/" + f)

    def lines(self, path):
        if path not in self.files:
            try:
                self.files[path] = open(path, errors="replace").read().split("\n")
            except OSError:
                self.files[path] = None
        return self.files[path]

    def group(self, path, line):
        base = os.path.basename(path)
        if base.startswith("Vtb_top"):
            path = os.path.join(self.obj, base)
            text = self.lines(path)
            if text is None or not 0 < line <= len(text):
                return "generated (no source)"
            for i in range(line - 1, -1, -1):
                t = text[i]
                if "__Vfunc_sfpu_" in t:  # the SFPU's functions' locals (sfpu_prng_next ...)
                    return "u_core.u_sfpu"
                names = NAME.findall(t)
                if names:
                    # the written variable when the line assigns one, else the first named
                    return instance(names[0])
                if i < line - 1 and (t.startswith("void ") or t.startswith("VL_") or t.startswith("}")):
                    break
            return "generated, unnamed"
        if "/verilator/include/" in path or base.startswith("verilated"):
            return "Verilator runtime"
        return self.c.get(base, base)


def symbols(binary):
    """function name (as perf prints it: demangled, no parameters) -> link address"""
    out = subprocess.run(["nm", "-C", "--defined-only", binary], capture_output=True, text=True).stdout
    addr = {}
    for l in out.splitlines():
        p = l.split(" ", 2)
        if len(p) == 3 and p[1] in "tTwW":
            addr.setdefault(p[2].split("(")[0], int(p[0], 16))
    return addr


def frames(binary, addrs):
    """address -> [(file, line)], innermost inlined frame first (addr2line -i)"""
    if not addrs:
        return {}
    r = subprocess.run(["addr2line", "-i", "-a", "-e", binary], input="\n".join(f"{a:#x}" for a in addrs),
                       capture_output=True, text=True)
    res, cur = {}, None
    for l in r.stdout.splitlines():
        if l.startswith("0x"):
            cur = int(l, 16)
            res[cur] = []
        elif cur is not None:
            f, _, n = l.rpartition(":")
            n = n.split(" ")[0]
            res[cur].append((f, int(n) if n.isdigit() else 0))
    return res


def main():
    args = sys.argv[1:]
    top = 25
    grep = []
    lines_of = None
    while "--top" in args or "--grep" in args or "--lines" in args:
        for opt in ("--top", "--grep", "--lines"):
            if opt in args:
                k = args.index(opt)
                v = args[k + 1]
                del args[k:k + 2]
                if opt == "--top":
                    top = int(v)
                elif opt == "--lines":
                    lines_of = v
                else:
                    grep.append(v)
    if len(args) != 3:
        sys.exit(__doc__)
    data, binary, obj = args
    binary = os.path.realpath(binary)
    r = subprocess.run(["perf", "script", "-i", data, "-G", "-F", "ip,sym,symoff,dso"], capture_output=True,
                       text=True)
    if r.returncode != 0:
        sys.exit(f"perf script failed: {r.stderr.strip()}")
    samples = []
    for l in r.stdout.splitlines():
        m = re.match(r"\s*[0-9a-f]+ (.*?)(?:\+0x([0-9a-f]+))? \((.*)\)$", l)
        if m:
            samples.append((m.group(1), int(m.group(2) or "0", 16), m.group(3)))
    if not samples:
        sys.exit("no samples")
    sym = symbols(binary)
    addrs = sorted({sym[s] + o for s, o, d in samples if os.path.realpath(d) == binary and s in sym})
    fr = frames(binary, addrs)
    src = Source(obj)
    by_group, by_func, by_grep = collections.Counter(), collections.Counter(), collections.Counter()
    by_line = collections.Counter()
    for s, o, d in samples:
        g = os.path.basename(d)
        if os.path.realpath(d) == binary and s in sym:
            fl = fr.get(sym[s] + o, [])
            # the innermost frame that is generated code or this tree's C, else the innermost
            pick = next((f for f in fl if os.path.basename(f[0]).startswith("Vtb_top") or
                         os.path.basename(f[0]) in src.c), fl[0] if fl else None)
            if pick:
                g = src.group(pick[0], pick[1])
                if lines_of is not None and (g == lines_of or lines_of == "*"):
                    by_line[(os.path.basename(pick[0]), pick[1])] += 1
                if g != "Verilator runtime" and fl and pick is not fl[0] and \
                        src.group(fl[0][0], fl[0][1]) == "Verilator runtime":
                    by_grep["(inlined Verilator helpers, counted for their caller)"] += 1
                text = src.lines(os.path.join(obj, os.path.basename(pick[0]))) \
                    if os.path.basename(pick[0]).startswith("Vtb_top") else None
                if text and 0 < pick[1] <= len(text):
                    for pat in grep:
                        if pat in text[pick[1] - 1]:
                            by_grep[f"generated lines naming {pat!r}"] += 1
        by_group[g] += 1
        by_func[s] += 1
    total = len(samples)
    print(f"{total} samples")
    print("| share | module / source |")
    print("|---|---|")
    for g, n in by_group.most_common(top):
        print(f"| {100.0 * n / total:.1f} % | {g} |")
    for g, n in sorted(by_grep.items()):
        print(f"| {100.0 * n / total:.1f} % | {g} |")
    if lines_of is not None:
        print(f"\nlines of {lines_of}:")
        for (f, n), c in by_line.most_common(top):
            path = os.path.join(obj, f) if f.startswith("Vtb_top") else os.path.join(ROOT, src.c.get(f, f))
            text = src.lines(path)
            t = text[n - 1].strip()[:150] if text and 0 < n <= len(text) else ""
            print(f"{100.0 * c / total:6.2f} % {f}:{n}: {t}")
    print("\n| share | function (self) |")
    print("|---|---|")
    for f, n in by_func.most_common(top):
        print(f"| {100.0 * n / total:.1f} % | {f[:110]} |")


if __name__ == "__main__":
    main()
