#!/usr/bin/env python3
"""test_doc_checks.py: the checks `make docs-test` runs can fail (issue 28 part 4).
tools/check_samples.py on small documents in a temporary directory (a true sample passes, a stale
one fails, and the normalising and wildcards do what its docstring says); tools/check_abs_paths.py
on a temporary git repository (a machine's path fails, a mktemp template and a waived path pass, a
waiver without its reason is refused). Ends with "N passed, M failed"."""
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SAMPLES = os.path.join(ROOT, "tools", "check_samples.py")
ABS = os.path.join(ROOT, "tools", "check_abs_paths.py")
passed = failed = 0


def check(name, ok, why=""):
    global passed, failed
    if ok:
        passed += 1
        print(f"PASS {name}")
    else:
        failed += 1
        print(f"FAIL {name}: {why}")


def samples(tmp, text):
    md = os.path.join(tmp, "doc.md")
    with open(md, "w") as f:
        f.write(text)
    p = subprocess.run([sys.executable, SAMPLES, "--root", tmp, md], stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True, timeout=120)
    return p.returncode, p.stdout


def block(*lines, mark="<!-- sample -->"):
    return "text\n\n" + mark + "\n```\n" + "".join(ln + "\n" for ln in lines) + "```\n"


with tempfile.TemporaryDirectory(prefix="ttdocs.") as tmp:
    cases = [
        ("a true sample passes", 0, block("$ echo hello", "hello")),
        ("a stale sample fails", 1, block("$ echo hello", "bye")),
        ("a missing line fails", 1, block("$ printf 'a\\nb\\n'", "a")),
        ("an extra line fails", 1, block("$ echo a", "a", "b")),
        ("'...' in a line stands for any text", 0, block("$ echo 'a 12 b'", "a ... b")),
        ("'...' alone stands for any lines", 0, block("$ printf 'x\\ny\\nz\\n'", "x", "...")),
        ("'...' alone, no lines", 0, block("$ echo x", "x", "...")),
        ("times and rates are normalised", 0,
         block("$ echo 'took 0.25 s, 1234 cycles/s, 1.5 M instructions/s'", "took 9.99 s, 5 cycles/s, 7 instructions/s")),
        ("other numbers are not", 1, block("$ echo '30 cycles'", "31 cycles")),
        ("the root reads <repo>", 0, block("$ pwd", "<repo>")),
        ("stdout and stderr in the order printed", 0, block("$ echo a; echo b >&2; echo c", "a", "b", "c")),
        ("a non-zero exit fails", 1, block("$ false")),
        ("'# exits N' expects N", 0, block("$ false   # exits 1")),
        ("'# exits N' and exit 0 fails", 1, block("$ true   # exits 1")),
        ("two commands in one block", 0, block("$ echo a", "a", "$ echo b", "b")),
        ("the second of two commands stale", 1, block("$ echo a", "a", "$ echo b", "c")),
        ("a marker with text", 0, block("$ echo a", "a", mark="<!-- sample: checked by make docs-test -->")),
        ("an unmarked block is not run", 0, "```\n$ false\nnothing\n```\n" + block("$ echo a", "a")),
        ("an indented block (a list item) is checked", 1, "- item:\n\n  <!-- sample -->\n  ```\n  $ echo a\n  b\n  ```\n"),
        ("an indented block passes", 0, "- item:\n\n  <!-- sample -->\n  ```\n  $ echo a\n  a\n  ```\n"),
        ("a marker without a fence is an error", 2, "<!-- sample -->\ntext\n"),
        ("a block without a command is an error", 2, block("hello")),
    ]
    for name, want, text in cases:
        rc, out = samples(tmp, text)
        check(f"check_samples: {name}", rc == want, f"exit {rc}, expected {want}: {out[-300:]}")
    rc, out = samples(tmp, block("$ echo hello", "bye"))
    check("check_samples: a stale sample names its line and both outputs",
          "doc.md:5: sample of 'echo hello' is stale" in out and "    bye" in out and "    hello" in out, out)

with tempfile.TemporaryDirectory(prefix="ttabs.") as tmp:
    def git(*a):
        subprocess.run(["git", *a], cwd=tmp, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def absrun(files, waivers=None):
        for name, text in files.items():
            os.makedirs(os.path.dirname(os.path.join(tmp, name)), exist_ok=True)
            with open(os.path.join(tmp, name), "w") as f:
                f.write(text)
        w = os.path.join(tmp, "tools", "abs_paths_allowed.txt")
        if waivers is not None:
            os.makedirs(os.path.dirname(w), exist_ok=True)
            with open(w, "w") as f:
                f.write(waivers)
        git("add", "-A")
        p = subprocess.run([sys.executable, ABS, tmp], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        for name in files:
            os.remove(os.path.join(tmp, name))
        if os.path.exists(w):
            os.remove(w)
        git("add", "-A")
        return p.returncode, p.stdout

    git("init", "-q")
    cases = [
        ("a machine's path fails", 1, {"docs/a.md": "see /work/shared/spec/ERRATA.md\n"}),
        ("a home directory fails", 1, {"src/a.c": "/* from /home/me/notes.md */\n"}),
        ("a /tmp note fails", 1, {"a.sv": "// (/tmp/research/facts.md §1.2)\n"}),
        ("a relative path passes", 0, {"docs/a.md": "see spec/ERRATA.md and tools/x.py, 1/2\n"}),
        ("system paths pass", 0, {"a.sh": "x > /dev/null; /usr/bin/env; /proc/self/exe; /nonexistent/x\n"}),
        ("a mktemp template passes", 0, {"a.sh": "d=$(mktemp -d /tmp/tt.XXXXXX)\n"}),
    ]
    for name, want, files in cases:
        rc, out = absrun(files)
        check(f"check_abs_paths: {name}", rc == want, f"exit {rc}, expected {want}: {out}")
    rc, out = absrun({"docs/a.md": "x\nsee /work/shared/spec/ERRATA.md\n"})
    check("check_abs_paths: names file, line and path", "docs/a.md:2: absolute path /work/shared/spec/ERRATA.md" in out, out)
    rc, out = absrun({"a.c": "f(\"/tmp/x_%d\");\n"}, "a.c /tmp/x_%d  # scratch file\n")
    check("check_abs_paths: a waived path passes", rc == 0, out)
    rc, out = absrun({"a.c": "f(\"/tmp/x_%d\"); g(\"/tmp/y\");\n"}, "a.c /tmp/x_%d  # scratch file\n")
    check("check_abs_paths: a waiver covers its path only", rc == 1 and "/tmp/y" in out, out)
    rc, out = absrun({"a.c": "f(\"/tmp/x\"); g(\"/work/y\");\n", "b.c": "/home/z\n"}, "a.c *  # examples\n")
    check("check_abs_paths: '*' waives every path of its file only", rc == 1 and "a.c" not in out and "b.c:1" in out, out)
    rc, out = absrun({"a.c": "f(\"/tmp/x_%d\");\n"}, "a.c /tmp/x_%d\n")
    check("check_abs_paths: a waiver without its reason is refused", rc == 2, f"exit {rc}: {out}")

print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
