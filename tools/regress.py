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
and merges their results into the same two files, written by the same code below.

    python3 tools/regress.py --build build --seeds 200 --jobs 2 --out build/regress
    python3 tools/regress.py --engine slurm --slurm-tasks 20 --slurm-time 30 --seeds 1000
    python3 tools/regress.py --suites random --generators random --seeds 1 --inject adddmareg_const
        (the shrinker's self-test: a random seed that catches an injected bug, shrunk)
"""
import argparse
import concurrent.futures as cf
import fnmatch
import glob
import json
import os
import shutil
import sys
import time
import xml.etree.ElementTree as ET

import stoppable

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))


STOP = stoppable.Stop()


def run(cmd, timeout):
    """(exit status or None on timeout, seconds, output)"""
    t0 = time.monotonic()
    rc, out = STOP.run(cmd, timeout, cwd=ROOT)
    return rc, time.monotonic() - t0, out


def headline(out):
    for line in out.splitlines():
        if any(k in line for k in ("MISMATCH", "WATCHDOG", "MODEL STOP", "FAIL", "error", "undefined",
                                   "unimplemented", "unsupported")):
            return line.strip()
    lines = out.strip().splitlines()
    return lines[-1] if lines else ""


def test_id(t):
    """a test's name in the reports: "suite:name" (--only matches it)"""
    return f"{t['suite']}:{t['name']}"


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
            for prog in ("ttcosim", "ttcosim_sc"):
                rel = os.path.relpath(f, ROOT)
                add(f"{kind}.{prog}", f"seed_{s}", [f"{b}/{prog}", rel] + extra, keep=rel)
    helptext = run([f"{b}/ttcosim", "+inject=help"], 60)[2].splitlines()[1:] if "inject" in a.suite_set else []
    for line in helptext:
        parts = line.split()
        if len(parts) >= 4:
            add("inject", parts[0], [f"{b}/ttcosim", parts[2], f"+inject={parts[0]}"], expect_fail=True)
    if a.only:
        pats = a.only.split(",")
        tests = [t for t in tests if any(fnmatch.fnmatchcase(test_id(t), p) for p in pats)]
    return tests


def judge(t, rc, secs, text, a, out):
    """one test's result record (what the writers below and the Slurm merge take)"""
    if rc is None:
        ok, why = False, f"timeout after {a.timeout:.0f} s"
    elif t["expect_fail"]:
        ok = rc == 1 and "MISMATCH" in text
        why = "" if ok else f"the injected bug was not caught (exit {rc}): {headline(text)}"
    else:
        ok = rc == 0
        why = "" if ok else f"exit {rc}: {headline(text)}"
    cmd = t["cmd"]
    repro = " ".join(cmd)
    kept = None
    if not ok and t["keep"]:
        kept = os.path.relpath(os.path.join(out, os.path.basename(t["keep"])), ROOT)
        shutil.copy(os.path.join(ROOT, t["keep"]), os.path.join(ROOT, kept))
        repro = " ".join([cmd[0], kept] + cmd[2:])
    return {"suite": t["suite"], "name": t["name"], "ok": ok, "seconds": round(secs, 3), "why": why,
            "repro": repro, "output": "" if ok else text[-4000:],
            "_shrink": [kept, cmd] if kept and rc == 1 and "MISMATCH" in text else None}


def run_tests(tests, a, out):
    """runs the tests a.jobs at a time; their result records, in the order of the list"""
    with cf.ThreadPoolExecutor(max_workers=a.jobs) as ex:
        futs = [ex.submit(run, t["cmd"], a.timeout) for t in tests]
        return [judge(t, *fu.result(), a, out) for t, fu in zip(tests, futs)]


def shrink(a, results, out):
    """Shrinks each failing random seed that failed with a MISMATCH (once per file, with the first
    harness that failed it, at most --shrink-max of them) and attaches the result to every failure
    of that file as "shrunk": {file, repro, lines, seconds, ...} or {error}."""
    todo = {}
    for r in sorted(results, key=lambda r: (r["suite"], r["name"])):
        sh = r.pop("_shrink", None)
        if sh:
            todo.setdefault(sh[0], []).append((r, sh[1]))
    for n, (kept, rs) in enumerate(sorted(todo.items())):
        if not a.shrink_budget or n >= a.shrink_max:
            break
        cmd = rs[0][1]
        kept = os.path.join(ROOT, kept)
        dst = kept[:-4] + "_min.tts"
        js = kept[:-4] + "_min.json"
        sh_cmd = [sys.executable, os.path.join(ROOT, "tools/shrink.py"), kept, "--binary", cmd[0], "-o", dst,
                  "--budget", str(a.shrink_budget), "--jobs", str(a.jobs), "--json", js, "-q", "--"] + cmd[2:]
        rc, secs, text = run(sh_cmd, a.shrink_budget + 600)
        try:
            with open(js) as f:
                res = json.load(f)
            info = {"file": os.path.relpath(dst, ROOT), "lines": f"{res['lines_before']} -> {res['lines_after']}",
                    "kind": res["kind"], "insn": res["insn"], "seconds": res["seconds"], "runs": res["runs"],
                    "budget_exhausted": res["budget_exhausted"],
                    "repro": " ".join([cmd[0], os.path.relpath(dst, ROOT)] + cmd[2:])}
        except (OSError, ValueError, KeyError):
            info = {"error": f"shrink.py exited {rc} after {secs:.0f} s: {text.strip()[-500:]}"}
        for r, _ in rs:
            r["shrunk"] = info


def shrink_pending(a, results):
    """how many failing seeds shrink() would shrink"""
    files = {r["_shrink"][0] for r in results if r.get("_shrink")}
    return min(len(files), a.shrink_max) if a.shrink_budget else 0


def write_results(results, out, wall, a, engine):
    """The one writer of junit.xml and summary.json (both engines, each Slurm task and the merge).
    A record with "error" is a test that did not run to a verdict (its Slurm task died): a JUnit
    <error>, not a <failure>. Records are written sorted by suite and name."""
    for r in results:
        r.pop("_shrink", None)
    results = sorted(results, key=lambda r: (r["suite"], r["name"]))
    nerr = sum(bool(r.get("error")) for r in results)
    nfail = sum(not r["ok"] for r in results) - nerr
    root = ET.Element("testsuites", name="ttcosim regress", tests=str(len(results)), failures=str(nfail),
                      errors=str(nerr), time=f"{wall:.3f}")
    for suite in sorted({r["suite"] for r in results}):
        rs = [r for r in results if r["suite"] == suite]
        e = sum(bool(r.get("error")) for r in rs)
        ts = ET.SubElement(root, "testsuite", name=suite, tests=str(len(rs)),
                           failures=str(sum(not r["ok"] for r in rs) - e), errors=str(e),
                           time=f"{sum(r['seconds'] for r in rs):.3f}")
        for r in rs:
            tc = ET.SubElement(ts, "testcase", classname=suite, name=r["name"], time=f"{r['seconds']:.3f}")
            if not r["ok"]:
                fe = ET.SubElement(tc, "error" if r.get("error") else "failure", message=r["why"][:500])
                sh = r.get("shrunk")
                fe.text = f"repro: {r['repro']}\n" + (f"shrunk ({sh['lines']} stream lines): {sh['repro']}\n"
                                                      if sh and sh.get("repro") else "") + f"\n{r['output']}"
    os.makedirs(out, exist_ok=True)
    ET.ElementTree(root).write(os.path.join(out, "junit.xml"), encoding="utf-8", xml_declaration=True)
    failed = [r for r in results if not r["ok"]]
    summary = {"tests": len(results), "passed": len(results) - len(failed), "failed": len(failed), "errors": nerr,
               "seconds": round(wall, 1), "jobs": a.jobs, "seeds": a.seeds, "engine": engine,
               "suites": {s: {"tests": sum(r["suite"] == s for r in results),
                              "failed": sum(r["suite"] == s and not r["ok"] for r in results)}
                          for s in sorted({r["suite"] for r in results})},
               "failures": [{k: r[k] for k in ("suite", "name", "why", "repro", "shrunk", "error") if k in r}
                            for r in failed]}
    with open(os.path.join(out, "summary.json"), "w") as f:
        json.dump(summary, f, indent=2)
    return summary


def print_report(results, out, wall, a, how):
    """the closing lines: each failure with its repro, the file names, "N passed, M failed"; exit status"""
    failed = sorted((r for r in results if not r["ok"]), key=lambda r: (r["suite"], r["name"]))
    for r in failed:
        print(f"{'ERROR' if r.get('error') else 'FAIL'} {r['suite']} {r['name']}: {r['why']}\n  repro: {r['repro']}")
        if r.get("shrunk", {}).get("repro"):
            print(f"  shrunk ({r['shrunk']['lines']} stream lines): {r['shrunk']['repro']}")
    print(f"regress: JUnit XML {os.path.relpath(os.path.join(out, 'junit.xml'), ROOT)}, summary "
          f"{os.path.relpath(os.path.join(out, 'summary.json'), ROOT)}, {wall:.0f} s {how}")
    nerr = sum(bool(r.get("error")) for r in failed)
    if nerr:
        print(f"{nerr} of the failed tests are errors: their Slurm task wrote no result (docs/regress.md)")
    print(f"{len(results) - len(failed)} passed, {len(failed)} failed")
    return 1 if failed else 0


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
        import regress_slurm
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
        import regress_slurm
        return regress_slurm.submit_main(a, tests, out, t0)
    results = run_tests(tests, a, out)
    shrink(a, results, out)
    wall = time.monotonic() - t0
    write_results(results, out, wall, a, {"name": "local"})
    return print_report(results, out, wall, a, f"with {a.jobs} jobs")


if __name__ == "__main__":
    # Ctrl-C or a kill: the running tests end at once, no report, status 128 + the signal
    sys.exit(STOP.main(main, "regress.py: interrupted; no report written (run it again)", sys.stderr))
