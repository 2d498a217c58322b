#!/usr/bin/env python3
"""Regression runner (issue 8 part 4, issue 17): runs the directed tests (model alone and both
lockstep harnesses), SEEDS constrained-random seeds of each generator (both harnesses) and every
injected RTL bug (which must be caught), with a per-test timeout, and writes one JUnit XML file and a
JSON summary for a CI dashboard. A failing random seed's .tts and its repro line are kept beside the
report, and a failing seed that fails with a MISMATCH is shrunk (tools/shrink.py, at most
--shrink-budget seconds each): the minimal .tts is kept beside it, its repro line in the summary and
in the JUnit failure text. Exit status 1 when any test failed.

Two engines run the same test list (docs/regress.md): `local` (default) runs JOBS at a time on this
machine; `slurm` splits the list into job-array tasks on a Slurm cluster (tools/regress_slurm.py)
and merges their results into the same two files, written by the same code (tools/regress_core.py).
--only with a pattern that matches no test is an error (exit 2) that names the pattern and the
nearest test names: a misspelt selection must not pass as "0 passed, 0 failed".

    python3 tools/regress.py --build build --seeds 200 --jobs 2 --out build/regress
    python3 tools/regress.py --engine slurm --slurm-tasks 20 --slurm-time 30 --seeds 1000
    python3 tools/regress.py --suites random --generators random --seeds 1 --inject adddmareg_const
        (the shrinker's self-test: a random seed that catches an injected bug, shrunk)
"""
import argparse
import difflib
import fnmatch
import glob
import os
import shutil
import sys
import time

import regress_slurm
from regress_core import ROOT, STOP, print_report, run, run_tests, shrink, test_id, write_results


def make_tests(a, out):
    """The test list, in a fixed order (both engines slice it; docs/regress.md): dicts with suite,
    name, cmd ([binary, test, plusargs...], relative to the repository), expect_fail and keep (the
    file to keep beside the report when the test fails). Generates the random seeds into OUT/random."""
    b = a.build
    tests = []

    def add(suite, name, cmd, expect_fail=False, keep=None):
        tests.append({"suite": suite, "name": name, "cmd": cmd, "expect_fail": expect_fail, "keep": keep})

    for f in sorted(glob.glob(os.path.join(ROOT, "tests/directed/*.tts"))) if "directed" in a.suite_set else []:
        rel = os.path.relpath(f, ROOT)
        name = os.path.basename(f)[:-4]
        add("directed.model", name, [f"{b}/ttmodel", "run", rel])
        add("directed.cosim", name, [f"{b}/ttcosim", rel])
        add("directed.cosim_sc", name, [f"{b}/ttcosim_sc", rel])
    rdir = os.path.join(out, "random")
    extra = [f"+inject={a.inject}"] if a.inject else []
    for mode in ("", "unpack", "pack"):
        if not a.seeds or "random" not in a.suite_set or (mode or "random") not in a.gen_set:
            continue
        os.makedirs(rdir, exist_ok=True)
        gen = [sys.executable, "tools/gen_random.py", "--seeds", str(a.seeds), "--first-seed", str(a.first_seed),
               "--length", str(a.length), "--out", rdir] + ([f"--{mode}"] if mode else [])
        rc, _, msg = run(gen, 600)
        if rc != 0:
            sys.exit("regress.py: the random generator failed:\n" + msg)
        kind = f"random_{mode}" if mode else "random"
        for s in range(a.first_seed, a.first_seed + a.seeds):
            f = os.path.join(rdir, f"{kind}_{s}_{a.length}.tts")
            # build/ttcosim is the speed build, without the injections: --inject runs on ttcosim_sc alone
            for prog in ("ttcosim_sc",) if extra else ("ttcosim", "ttcosim_sc"):
                rel = os.path.relpath(f, ROOT)
                add(f"{kind}.{prog}", f"seed_{s}", [f"{b}/{prog}", rel] + extra, keep=rel)
    helptext = run([f"{b}/ttcosim_sc", "+inject=help"], 60)[2].splitlines()[1:] if "inject" in a.suite_set else []
    for line in helptext:
        parts = line.split()
        if len(parts) >= 4:
            add("inject", parts[0], [f"{b}/ttcosim_sc", parts[2], f"+inject={parts[0]}"], expect_fail=True)
    if not tests:
        print(f"regress.py: the selection holds no test (--suites {a.suites}, --generators {a.generators}, "
              f"--seeds {a.seeds})", file=sys.stderr)
        sys.exit(2)
    return select(tests, a.only) if a.only else tests


def select(tests, only):
    """The tests whose SUITE:NAME matches one of the comma-separated glob patterns `only`. A pattern
    that matches none of them ends the run (exit 2), naming it and the nearest test names."""
    ids = [test_id(t) for t in tests]
    pats = only.split(",")
    bad = [p for p in pats if not any(fnmatch.fnmatchcase(i, p) for i in ids)]
    if bad:
        print("\n".join(no_match(p, ids) for p in bad), file=sys.stderr)
        sys.exit(2)
    return [t for t, i in zip(tests, ids) if any(fnmatch.fnmatchcase(i, p) for p in pats)]


def no_match(pat, ids):
    """the error for an --only pattern that matches none of the test ids: the suites it could mean,
    or the nearest names in the suites it matches"""
    msg = f"regress.py: --only pattern '{pat}' matches none of the {len(ids)} tests selected by --suites"
    if not ids:
        return msg
    suites = sorted({i.split(":", 1)[0] for i in ids})
    if ":" not in pat:
        if any(fnmatch.fnmatchcase(i, "*:" + pat) for i in ids):
            return msg + f" (patterns match SUITE:NAME): did you mean '*:{pat}'?"
        return msg + f" (patterns match SUITE:NAME; suites: {', '.join(suites)})"
    spat, npat = pat.split(":", 1)
    inside = [s for s in suites if fnmatch.fnmatchcase(s, spat)]
    if not inside:
        near = nearest(spat, suites)
        return msg + f": no suite matches '{spat}'" + (f"; did you mean {' or '.join(near)}?" if near else "") + \
            f" (suites: {', '.join(suites)})"
    names = sorted({i.split(":", 1)[1] for i in ids if i.split(":", 1)[0] in inside})
    near = nearest(npat, names)
    return msg + (f"; nearest names in {spat}: {', '.join(near)}" if near else f": no name in {spat} is close")


def nearest(pat, names, n=3):
    """the names closest to a glob pattern's literal text (against as many leading characters when
    the pattern ends in *), best first"""
    lit = pat.replace("*", "").replace("?", "")
    cut = len(lit) if pat.endswith("*") else None
    score = {x: difflib.SequenceMatcher(None, lit, x[:cut]).ratio() for x in names}
    return [x for x in sorted(names, key=lambda x: -score[x]) if score[x] >= 0.6][:n]


def parse_args(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", default="build")
    ap.add_argument("--seeds", type=int, default=200, help="random seeds per generator")
    ap.add_argument("--length", type=int, default=200)
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2,
                    help="tests at a time (slurm: in each array task, and its --cpus-per-task)")
    ap.add_argument("--timeout", type=float, default=300, help="seconds per test")
    ap.add_argument("--out", default="build/regress")
    ap.add_argument("--suites", default="directed,random,inject", help="which of directed, random, inject")
    ap.add_argument("--generators", default="random,unpack,pack", help="which random generators")
    ap.add_argument("--only", help="comma-separated glob patterns on SUITE:NAME (directed.cosim:sem_*, "
                    "random.ttcosim:seed_17, inject:*): run only the tests that match one")
    ap.add_argument("--inject", help="add +inject=NAME to every random run (the shrinker's self-test)")
    ap.add_argument("--shrink-budget", type=float, default=300, help="seconds per failing seed (0: no shrinking)")
    ap.add_argument("--shrink-max", type=int, default=5, help="failing seeds shrunk at most")
    ap.add_argument("--engine", choices=("local", "slurm"), default="local")
    sl = ap.add_argument_group("slurm engine (docs/regress.md)")
    sl.add_argument("--slurm-tasks", type=int, default=0,
                    help="job-array tasks (0: one per 1000 tests); task I runs tests I, I+N, I+2N, ...")
    sl.add_argument("--slurm-time", default="60", help="sbatch --time of each array task (minutes, or [D-]H:M:S)")
    sl.add_argument("--slurm-partition", help="sbatch --partition")
    sl.add_argument("--slurm-opts", default="", help="more sbatch options, passed through (shell words)")
    sl.add_argument("--slurm-setup", default="", help="shell lines run first in each job (module load ...)")
    sl.add_argument("--slurm-poll", type=float, default=10, help="seconds between squeue polls")
    sl.add_argument("--slurm-grace", type=float, default=60,
                    help="seconds to wait for a finished task's result to show on the shared file system")
    # what the submitter hands to the cluster's jobs (tools/regress_slurm.py)
    ap.add_argument("--task", type=int, help=argparse.SUPPRESS)
    ap.add_argument("--attempt", type=int, default=1, help=argparse.SUPPRESS)
    ap.add_argument("--manifest", help=argparse.SUPPRESS)
    ap.add_argument("--shrink-job", help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    if a.seeds < 0 or a.jobs < 1 or a.timeout <= 0 or a.shrink_budget < 0 or a.shrink_max < 0 or a.slurm_tasks < 0 \
            or a.slurm_poll <= 0 or a.slurm_grace < 0:
        ap.error("--seeds >= 0, --jobs >= 1, --timeout > 0, --shrink-budget >= 0, --shrink-max >= 0, "
                 "--slurm-tasks >= 0, --slurm-poll > 0 and --slurm-grace >= 0")
    a.suite_set = set(a.suites.split(","))
    a.gen_set = set(a.generators.split(","))
    if not a.suite_set <= {"directed", "random", "inject"} or not a.gen_set <= {"random", "unpack", "pack"}:
        ap.error("--suites takes directed, random, inject; --generators random, unpack, pack")
    return a


def main():
    a = parse_args()
    if a.task is not None or a.shrink_job:
        return regress_slurm.job_main(a)
    out = os.path.join(ROOT, a.out)
    for prog in ("ttmodel", "ttcosim", "ttcosim_sc"):
        if not os.access(os.path.join(ROOT, a.build, prog), os.X_OK):
            sys.exit(f"regress.py: {a.build}/{prog} is missing: build it first (make all)")
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    t0 = time.monotonic()
    tests = make_tests(a, out)
    if a.engine == "slurm":
        return regress_slurm.submit_main(a, tests, out, t0)
    results = run_tests(tests, a, out)
    shrink(a, results, out)
    wall = time.monotonic() - t0
    write_results(results, out, wall, a, {"name": "local"})
    return print_report(results, out, wall, a, f"with {a.jobs} jobs")


if __name__ == "__main__":
    # Ctrl-C or a kill: the running tests end at once, no report, status 128 + the signal
    sys.exit(STOP.main(main, "regress.py: interrupted; no report written (run it again)", sys.stderr))
