#!/usr/bin/env python3
"""test_regress.py: tools/regress.py's command line without a cluster or a build (make slurm-test and
make regress-test run it first). Stand-in binaries (shell scripts that exit 0) take the place of
build/ttmodel, ttcosim and ttcosim_sc, so the directed suite's list is the real one.
  1. --only with a pattern that matches no test fails (exit 2) and names the pattern and the nearest
     names (it printed "0 passed, 0 failed" and exited 0); a pattern without SUITE: gets '*:PATTERN'
     suggested; a misspelt suite gets the suites; one bad pattern among good ones still fails; a
     list that holds no test at all (--suites random --seeds 0) fails too.
  2. --only that matches runs what it matches (exit 0, "N passed, 0 failed").
  3. a Slurm array task (regress.py --task) stopped with SIGTERM ends its running test at once, with
     status 143 (it waited for the test: the Slurm engine imported a second copy of regress.py, whose
     Stop no signal reached).
  4. tools/regress.py and tools/regress_slurm.py do not import each other (tools/regress_core.py).
Ends with "N passed, M failed"; exit 1 on any failure."""
import ast
import json
import os
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "../.."))
RESULTS = []


def check(name, ok, detail=""):
    RESULTS.append(ok)
    print(f"{'PASS' if ok else 'FAIL'} {name}" + ("" if ok else f": {detail}"))


def regress(tmp, *args):
    p = subprocess.run([sys.executable, "tools/regress.py", "--build", os.path.join(tmp, "fb"), "--suites", "directed",
                        "--jobs", "2", "--out", os.path.relpath(os.path.join(tmp, "out"), ROOT)] + list(args),
                       cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=300)
    return p.returncode, p.stdout


def main():
    tmp = tempfile.mkdtemp(prefix="ttcosim-regress-test.")
    os.makedirs(os.path.join(tmp, "fb"))
    for prog in ("ttmodel", "ttcosim", "ttcosim_sc"):
        path = os.path.join(tmp, "fb", prog)
        with open(path, "w") as f:
            f.write("#!/bin/sh\nexit 0\n")
        os.chmod(path, 0o755)

    # 1. selections that match nothing
    rc, out = regress(tmp, "--only", "directed.cosim:sem_wiat*")
    check("a misspelt --only pattern fails (exit 2), naming it and the nearest name",
          rc == 2 and "'directed.cosim:sem_wiat*' matches none" in out and "sem_wait_max" in out
          and "0 passed" not in out, f"exit {rc}: {out.strip()[-400:]}")
    rc, out = regress(tmp, "--only", "sem_wait*")
    check("a pattern without SUITE: fails with '*:PATTERN' suggested",
          rc == 2 and "did you mean '*:sem_wait*'" in out, f"exit {rc}: {out.strip()[-400:]}")
    rc, out = regress(tmp, "--only", "directed.cosmi:sem_*")
    check("a misspelt suite fails, naming the suite meant",
          rc == 2 and "no suite matches 'directed.cosmi'" in out and "directed.cosim" in out,
          f"exit {rc}: {out.strip()[-400:]}")
    rc, out = regress(tmp, "--only", "directed.model:sem_wait_max,directed.model:nosuchtest")
    check("one pattern that matches nothing among good ones fails, naming only it",
          rc == 2 and "'directed.model:nosuchtest'" in out and "sem_wait_max'" not in out,
          f"exit {rc}: {out.strip()[-400:]}")

    rc, out = regress(tmp, "--suites", "random", "--seeds", "0")
    check("a selection that holds no test at all fails (exit 2)",
          rc == 2 and "the selection holds no test" in out, f"exit {rc}: {out.strip()[-400:]}")

    # 2. a selection that matches
    rc, out = regress(tmp, "--only", "directed.*:sem_wait_max,directed.model:wrcfg_32")
    check("a matching --only runs what it matches", rc == 0 and out.strip().endswith("4 passed, 0 failed"),
          f"exit {rc}: {out.strip()[-400:]}")

    # 3. an array task stopped with SIGTERM
    mf = os.path.join(tmp, "manifest.json")
    with open(mf, "w") as f:
        json.dump({"out": os.path.relpath(os.path.join(tmp, "task_out"), ROOT), "tasks": 1,
                   "tests": [{"suite": "s", "name": "slow", "cmd": ["sleep", "30"], "expect_fail": False, "keep": None}],
                   "args": {"build": os.path.join(tmp, "fb"), "jobs": 1, "timeout": 60, "seeds": 0,
                            "shrink_budget": 0, "shrink_max": 0}}, f)
    p = subprocess.Popen([sys.executable, "tools/regress.py", "--task", "0", "--manifest", mf], cwd=ROOT,
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    time.sleep(2)
    t0 = time.monotonic()
    p.send_signal(signal.SIGTERM)
    try:
        out = p.communicate(timeout=15)[0]
        secs = time.monotonic() - t0
    except subprocess.TimeoutExpired:
        p.kill()
        out, secs = p.communicate()[0], 99
    check("an array task stopped with SIGTERM ends its test at once (status 143)",
          p.returncode == 143 and secs < 5, f"exit {p.returncode} after {secs:.1f} s: {out.strip()[-300:]}")

    # 4. no import circle between the two engines
    def imports(path):
        mods = set()
        for n in ast.walk(ast.parse(open(os.path.join(ROOT, path)).read())):
            if isinstance(n, ast.Import):
                mods |= {a.name for a in n.names}
            elif isinstance(n, ast.ImportFrom) and n.module:
                mods.add(n.module)
        return mods
    check("regress_slurm.py does not import regress.py", "regress" not in imports("tools/regress_slurm.py"),
          str(sorted(imports("tools/regress_slurm.py"))))

    subprocess.run(["rm", "-rf", tmp])
    print(f"{sum(RESULTS)} passed, {len(RESULTS) - sum(RESULTS)} failed")
    return 0 if all(RESULTS) else 1


if __name__ == "__main__":
    sys.exit(main())
