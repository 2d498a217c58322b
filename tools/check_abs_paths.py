#!/usr/bin/env python3
"""check_abs_paths.py [ROOT]: no text file of the tree names an absolute path of one machine.

A source is cited by document name and section ("tt-isa-documentation BlackholeA0/.../PACR.md",
"spec/pack-data-path.md §6.2", "ttsim src/tensix.cpp"), never by where it lay on one machine
(/work/..., /home/..., /tmp/research/...), which means nothing in a clone (issue 28 part 4).

The files: `git ls-files` under ROOT (default: the repository this script is in; outside a git
checkout every file but build/), those without a NUL byte in their first 8 KiB. A path is absolute when it starts at a word boundary with / and one
of the roots that differ from machine to machine (ROOTS below); system paths (/dev/null, /usr/...,
/proc/self/exe) and paths that cannot exist (/nonexistent/...) are not. A mktemp template (one
with XXXXXX) is a scratch file made at run time, not a reference. Anything else that must name an
absolute path is listed, with its file and its reason, in tools/abs_paths_allowed.txt (`*` for
the path: every one in that file, for this checker and its test, whose examples they are).

Prints `FILE:LINE: absolute path PATH` per hit and exits 1 when there is one, 2 on a malformed
waiver list; otherwise prints nothing and exits 0."""
import os
import re
import subprocess
import sys

ROOTS = ("home", "Users", "root", "work", "tmp", "var/tmp", "mnt", "scratch", "srv", "opt", "data", "nfs")
PATH_RE = re.compile(r"(?<![\w.~$/\-])/(?:" + "|".join(re.escape(r) for r in ROOTS) + r")/[^\s'\"`)\]>,;|]+")
ALLOWED = "tools/abs_paths_allowed.txt"


def allowed(root):
    """(file, path) pairs from the waiver list: `FILE PATH  # reason` (PATH `*`: any), the reason required."""
    out = set()
    path = os.path.join(root, ALLOWED)
    if not os.path.exists(path):
        return out
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            s = line.strip()
            if not s or s.startswith("#"):
                continue
            body, _, reason = s.partition("#")
            parts = body.split()
            if len(parts) != 2 or not reason.strip():
                print(f"{ALLOWED}:{n}: expected 'FILE PATH  # reason', got '{s}'", file=sys.stderr)
                sys.exit(2)
            out.add((parts[0], parts[1]))
    return out


def main(argv):
    root = os.path.abspath(argv[1]) if len(argv) > 1 else os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    try:
        files = subprocess.run(["git", "ls-files", "-z"], cwd=root, check=True, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL).stdout.decode().split("\0")
    except (OSError, subprocess.CalledProcessError):
        # not a git checkout (an unpacked archive): every file but the build's
        files = [os.path.relpath(os.path.join(d, f), root) for d, ds, fs in os.walk(root)
                 for f in fs if not os.path.relpath(d, root).split(os.sep)[0] in ("build", ".git")]
    ok = allowed(root)
    bad = 0
    for name in sorted(files):
        p = os.path.join(root, name)
        if not name or name == ALLOWED or not os.path.isfile(p):
            continue
        with open(p, "rb") as f:
            data = f.read()
        if b"\0" in data[:8192]:
            continue
        for n, line in enumerate(data.decode("utf-8", "replace").splitlines(), 1):
            for m in PATH_RE.finditer(line):
                path = m.group(0)
                if "XXXXXX" in path or (name, path) in ok or (name, "*") in ok:
                    continue
                bad += 1
                print(f"{name}:{n}: absolute path {path} (cite the source by document name and section; "
                      f"a path that must stay goes in {ALLOWED} with its reason)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
