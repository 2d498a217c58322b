#!/usr/bin/env python3
"""check_layers.py: the tree's file-level dependencies have no circle and go one way down the layers
tools -> tb -> dpi -> ref_model (issue 28 part 3; docs/design.md "Layers"). `make layers-test`.

Three graphs, each over files:
  - calls: C file A depends on C file B when A's object uses a symbol B's object defines (`nm` on
    the objects under BUILD, one per .c file of ref_model/, dpi/, tb/ and tools/: what the linker
    resolves, static inline functions of headers aside, which the include graph covers);
  - includes: a .c or .h file depends on each file its #include "..." lines name, resolved as the
    compiler does (the including file's directory, then the Makefile's -I directories);
  - Python: a module of tools/ depends on each module of tools/ it imports (anywhere in the file).
It fails (exit 1) on
  (a) any cycle in a graph, naming one cycle of each strongly connected set of files, with the
      symbols (calls) that make each step, and the set's other files;
  (b) any dependency that goes up the layers: ref_model/ depends on nothing above it, dpi/ only on
      ref_model/, tb/ on dpi/ and ref_model/, tools/ on any of them;
and (exit 2) when it cannot judge: a C file without an object, an object older than its source, no
C file at all, or nm failing.

    python3 tools/check_layers.py [--root DIR] [--build DIR]
"""
import argparse
import ast
import os
import re
import subprocess
import sys

# top to bottom; a file may depend on files of its own layer and of the layers below it
LAYERS = ("tools", "tb", "dpi", "ref_model")
# the Makefile's CFLAGS -I directories, in order
INCLUDE_DIRS = ("ref_model/include", "ref_model/src", "tb", "dpi")
# nm's letters for a symbol an object defines for others (global)
DEFINED = set("ABCDGRSTVW")


def layer_of(path):
    top = path.split("/", 1)[0]
    return top if top in LAYERS else None


def rank(layer):
    return len(LAYERS) - LAYERS.index(layer)


def sources(root, exts):
    """files under the layer directories with these extensions, relative to root, sorted"""
    out = []
    for top in LAYERS:
        for d, dirs, files in os.walk(os.path.join(root, top)):
            dirs[:] = sorted(x for x in dirs if not x.startswith("."))
            out += [os.path.relpath(os.path.join(d, f), root) for f in files if f.endswith(exts)]
    return sorted(out)


class Graph:
    def __init__(self, kind):
        self.kind = kind
        self.edges = {}      # file -> {file it depends on: set of reasons (symbols), possibly empty}
        self.nodes = set()

    def add(self, a, b, why=None):
        self.nodes |= {a, b}
        s = self.edges.setdefault(a, {}).setdefault(b, set())
        if why:
            s.add(why)

    def sccs(self):
        """strongly connected sets of more than one file (Tarjan, iterative), each sorted"""
        index, low, on, stack, out, n = {}, {}, set(), [], [], 0
        for root in sorted(self.nodes):
            if root in index:
                continue
            work = [(root, iter(sorted(self.edges.get(root, {}))))]
            index[root] = low[root] = n
            n += 1
            stack.append(root)
            on.add(root)
            while work:
                v, it = work[-1]
                w = next(it, None)
                if w is not None:
                    if w not in index:
                        index[w] = low[w] = n
                        n += 1
                        stack.append(w)
                        on.add(w)
                        work.append((w, iter(sorted(self.edges.get(w, {})))))
                    elif w in on:
                        low[v] = min(low[v], index[w])
                    continue
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on.discard(w)
                        comp.append(w)
                        if w == v:
                            break
                    if len(comp) > 1:
                        out.append(sorted(comp))
        return out

    def cycle_in(self, comp, start):
        """one shortest cycle through start inside the set, as a list of files (start repeated last)"""
        inside = set(comp)
        prev, frontier = {start: None}, [start]
        while frontier:
            nxt = []
            for v in frontier:
                for w in sorted(self.edges.get(v, {})):
                    if w == start:
                        path = [v]
                        while prev[path[-1]] is not None:
                            path.append(prev[path[-1]])
                        return list(reversed(path)) + [start]
                    if w in inside and w not in prev:
                        prev[w] = v
                        nxt.append(w)
            frontier = nxt
        return [start]

    def step(self, a, b):
        why = sorted(self.edges[a][b])
        if not why:
            return b
        more = f", ... {len(why) - 6} more" if len(why) > 6 else ""
        return f"{b} ({', '.join(why[:6])}{more})"

    def problems(self):
        out = []
        for comp in self.sccs():
            # a shortest cycle through each file of the set (the same cycle once), so that every
            # file's part in the circle is named with its symbols
            seen, texts = set(), []
            for start in comp:
                cyc = self.cycle_in(comp, start)
                i = cyc.index(min(cyc[:-1]))
                key = tuple(cyc[i:-1] + cyc[:i])
                if key in seen:
                    continue
                seen.add(key)
                texts.append(cyc[0] + "".join(f" -> {self.step(a, b)}" for a, b in zip(cyc, cyc[1:])))
            head = f"cycle ({self.kind}) among {len(comp)} files: " if len(texts) > 1 else f"cycle ({self.kind}): "
            out.append(head + "\n    ".join(texts))
        for a in sorted(self.edges):
            for b in sorted(self.edges[a]):
                la, lb = layer_of(a), layer_of(b)
                if la and lb and rank(lb) > rank(la):
                    out.append(f"layer ({self.kind}): {a} ({la}) depends on {self.step(a, b)} ({lb}), a layer "
                               f"above it (the layers go {' -> '.join(LAYERS)})")
        return out


def nm_symbols(obj):
    p = subprocess.run(["nm", "-P", obj], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if p.returncode != 0:
        raise RuntimeError(f"nm {obj} failed: {p.stderr.strip()}")
    defined, undefined = set(), set()
    for line in p.stdout.splitlines():
        f = line.split()
        if len(f) < 2:
            continue
        if f[1] == "U":
            undefined.add(f[0])
        elif f[1] in DEFINED:
            defined.add(f[0])
    return defined, undefined


def call_graph(root, build):
    """(graph, files, errors): the calls graph from the objects of every C file"""
    g, errors = Graph("calls"), []
    cfiles = sources(root, (".c",))
    owner, uses = {}, {}
    for c in cfiles:
        obj = os.path.join(build, c[:-2] + ".o")
        if not os.path.exists(obj):
            errors.append(f"no object for {c} ({os.path.relpath(obj, root)}): build it first (make layers-test does)")
            continue
        if os.path.getmtime(obj) < os.path.getmtime(os.path.join(root, c)):
            errors.append(f"{os.path.relpath(obj, root)} is older than {c}: rebuild it (make layers-test does)")
            continue
        defined, undefined = nm_symbols(obj)
        for s in defined:
            owner.setdefault(s, c)
        uses[c] = undefined
        g.nodes.add(c)
    for c, undefined in uses.items():
        for s in undefined:
            if s in owner and owner[s] != c:
                g.add(c, owner[s], s)
    return g, cfiles, errors


INCLUDE_RE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)


def include_graph(root):
    g = Graph("includes")
    for f in sources(root, (".c", ".h")):
        g.nodes.add(f)
        with open(os.path.join(root, f), errors="replace") as fh:
            text = fh.read()
        for name in INCLUDE_RE.findall(text):
            for d in (os.path.dirname(f),) + INCLUDE_DIRS:
                cand = os.path.normpath(os.path.join(d, name))
                if os.path.isfile(os.path.join(root, cand)):
                    if cand != f and layer_of(cand):
                        g.add(f, cand)
                    break
    return g


def python_graph(root):
    g = Graph("Python imports")
    tools = os.path.join(root, "tools")
    mods = {f[:-3] for f in os.listdir(tools) if f.endswith(".py")} if os.path.isdir(tools) else set()
    for m in sorted(mods):
        path = f"tools/{m}.py"
        g.nodes.add(path)
        with open(os.path.join(root, path)) as fh:
            tree = ast.parse(fh.read(), path)
        for n in ast.walk(tree):
            names = []
            if isinstance(n, ast.Import):
                names = [a.name.split(".")[0] for a in n.names]
            elif isinstance(n, ast.ImportFrom) and n.module and not n.level:
                names = [n.module.split(".")[0]]
            for x in names:
                if x in mods and x != m:
                    g.add(path, f"tools/{x}.py", None)
    return g


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--root", default=os.path.abspath(os.path.join(os.path.dirname(__file__), "..")))
    ap.add_argument("--build", help="where the objects are (default ROOT/build)")
    a = ap.parse_args(argv)
    root = os.path.abspath(a.root)
    build = os.path.abspath(a.build or os.path.join(root, "build"))
    try:
        calls, cfiles, errors = call_graph(root, build)
    except (OSError, RuntimeError) as e:
        print(f"check_layers.py: {e}", file=sys.stderr)
        return 2
    if not cfiles:
        errors.append(f"no C file under {', '.join(LAYERS)} in {root}: nothing to check")
    if errors:
        print("\n".join(f"check_layers.py: {e}" for e in errors), file=sys.stderr)
        return 2
    graphs = [calls, include_graph(root), python_graph(root)]
    problems = [p for g in graphs for p in g.problems()]
    for p in problems:
        print(p)
    counts = ", ".join(f"{len(g.nodes)} files and {sum(len(v) for v in g.edges.values())} dependencies by "
                       f"{g.kind}" for g in graphs)
    if problems:
        print(f"check_layers.py: {len(problems)} problems ({counts})")
        return 1
    print(f"layers-test: no cycle, every dependency goes down {' -> '.join(LAYERS)} ({counts})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
