#!/usr/bin/env python3
"""test_check_layers.py: tools/check_layers.py on tiny planted trees (make layers-test), so that the
check cannot pass by seeing nothing. Each tree is written to a temporary directory, its C files
compiled with cc -c into its build/, and the check must:
  - pass a clean tree whose every dependency goes down tools -> tb -> dpi -> ref_model;
  - fail a call cycle between two model files, naming both files and the symbols of each step;
  - fail a model file calling into dpi/ (a layer upwards), naming the symbol;
  - fail an include cycle between two headers, and a dpi/ file including a tb/ header;
  - fail two tools/ modules that import each other (one inside a function);
  - refuse to judge (exit 2) a C file without an object, and an object older than its source.
Ends with "N passed, M failed"; exit 1 on any failure."""
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "../.."))
CHECK = os.path.join(ROOT, "tools/check_layers.py")
RESULTS = []

CLEAN = {
    "ref_model/include/api.h": "#ifndef API_H\n#define API_H\nint a_fn(void);\n#endif\n",
    "ref_model/src/a.c": '#include "api.h"\nint b_fn(void);\nint a_fn(void) { return b_fn() + 1; }\n',
    "ref_model/src/b.c": "int b_fn(void) { return 2; }\n",
    "dpi/d.h": "int d_fn(void);\n",
    "dpi/d.c": '#include "d.h"\n#include "api.h"\nint d_fn(void) { return a_fn(); }\n',
    "tb/t.c": '#include "d.h"\nint t_fn(void) { return d_fn(); }\n',
    "tools/x.py": "import y\n",
    "tools/y.py": "import os\n",
}


def tree(changes=None):
    """the clean tree with files added or replaced"""
    return {**CLEAN, **(changes or {})}


def run(name, files, want_rc, want=(), skip_obj=(), stale=()):
    d = tempfile.mkdtemp(prefix="ttcosim-layers.")
    try:
        for path, text in files.items():
            os.makedirs(os.path.join(d, os.path.dirname(path)), exist_ok=True)
            with open(os.path.join(d, path), "w") as f:
                f.write(text)
        for path in files:
            if path.endswith(".c") and path not in skip_obj:
                obj = os.path.join(d, "build", path[:-2] + ".o")
                os.makedirs(os.path.dirname(obj), exist_ok=True)
                subprocess.run(["cc", "-std=c11", "-c", "-I", os.path.join(d, "ref_model/include"), "-I",
                                os.path.join(d, "ref_model/src"), "-I", os.path.join(d, "tb"), "-I",
                                os.path.join(d, "dpi"), "-o", obj, os.path.join(d, path)], check=True)
        for path in stale:
            obj = os.path.join(d, "build", path[:-2] + ".o")
            os.utime(obj, (1, 1))
        p = subprocess.run([sys.executable, CHECK, "--root", d], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           text=True)
        ok = p.returncode == want_rc and all(w in p.stdout for w in want)
        RESULTS.append(ok)
        print(f"{'PASS' if ok else 'FAIL'} {name}" + ("" if ok else f": exit {p.returncode} (want {want_rc}), "
                                                      f"want {list(want)} in:\n{p.stdout}"))
    finally:
        shutil.rmtree(d)


def main():
    run("a clean tree passes", tree(), 0, ["layers-test: no cycle"])
    run("a call cycle between two model files fails, naming the files and symbols",
        tree({"ref_model/src/b.c": "int a_fn(void);\nint b_fn(void) { return a_fn(); }\n"}), 1,
        ["cycle (calls): ref_model/src/a.c -> ref_model/src/b.c (b_fn) -> ref_model/src/a.c (a_fn)"])
    run("a model file calling into dpi/ fails (a layer upwards)",
        tree({"ref_model/src/b.c": "int d_fn(void);\nint b_fn(void) { return d_fn(); }\n"}), 1,
        ["layer (calls): ref_model/src/b.c (ref_model) depends on dpi/d.c (d_fn) (dpi)"])
    run("an include cycle between two headers fails",
        tree({"ref_model/src/p.h": '#ifndef P_H\n#define P_H\n#include "q.h"\n#endif\n',
                      "ref_model/src/q.h": '#ifndef Q_H\n#define Q_H\n#include "p.h"\n#endif\n',
                      "ref_model/src/b.c": '#include "p.h"\nint b_fn(void) { return 2; }\n'}), 1,
        ["cycle (includes): ref_model/src/p.h -> ref_model/src/q.h -> ref_model/src/p.h"])
    run("a dpi/ file including a tb/ header fails",
        tree({"tb/t.h": "int t_fn(void);\n",
                      "dpi/d.c": '#include "d.h"\n#include "t.h"\n#include "api.h"\nint d_fn(void) { return a_fn(); }\n'}),
        1, ["layer (includes): dpi/d.c (dpi) depends on tb/t.h (tb)"])
    run("two tools/ modules importing each other fail",
        tree({"tools/y.py": "def f():\n    from x import g\n    return g\n"}), 1,
        ["cycle (Python imports): tools/x.py -> tools/y.py -> tools/x.py"])
    run("a C file without an object is not judged (exit 2)", tree(), 2,
        ["no object for tb/t.c"], skip_obj=("tb/t.c",))
    run("an object older than its source is not judged (exit 2)", tree(), 2,
        ["build/dpi/d.o is older than dpi/d.c"], stale=("dpi/d.c",))
    print(f"{sum(RESULTS)} passed, {len(RESULTS) - sum(RESULTS)} failed")
    return 0 if all(RESULTS) else 1


if __name__ == "__main__":
    sys.exit(main())
