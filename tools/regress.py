#!/usr/bin/env python3
"""Regression runner (issue 8 part 4): runs the directed tests (model alone and both lockstep
harnesses), SEEDS constrained-random seeds of each generator (both harnesses) and every injected RTL
bug (which must be caught), JOBS at a time with a per-test timeout, and writes one JUnit XML file
and a JSON summary for a CI dashboard. A failing random seed's .tts and its repro line are kept
beside the report. Exit status 1 when any test failed.

    python3 tools/regress.py --build build --seeds 200 --jobs 2 --out build/regress
"""
import argparse
import concurrent.futures as cf
import glob
import json
import os
import shutil
import subprocess
import sys
import time
import xml.etree.ElementTree as ET

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))


def run(cmd, timeout):
    """(exit status or None on timeout, seconds, output)"""
    t0 = time.monotonic()
    try:
        p = subprocess.run(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=timeout)
        return p.returncode, time.monotonic() - t0, p.stdout.decode(errors="replace")
    except subprocess.TimeoutExpired as e:
        out = (e.stdout or b"").decode(errors="replace")
        return None, time.monotonic() - t0, out


def headline(out):
    for line in out.splitlines():
        if any(k in line for k in ("MISMATCH", "WATCHDOG", "MODEL STOP", "FAIL", "error", "undefined",
                                   "unimplemented", "unsupported")):
            return line.strip()
    lines = out.strip().splitlines()
    return lines[-1] if lines else ""


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", default="build")
    ap.add_argument("--seeds", type=int, default=200, help="random seeds per generator")
    ap.add_argument("--length", type=int, default=200)
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--timeout", type=float, default=300, help="seconds per test")
    ap.add_argument("--out", default="build/regress")
    a = ap.parse_args()
    if a.seeds < 0 or a.jobs < 1 or a.timeout <= 0:
        ap.error("--seeds >= 0, --jobs >= 1 and --timeout > 0")
    b = a.build
    out = os.path.join(ROOT, a.out)
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(os.path.join(out, "random"))
    for prog in ("ttmodel", "ttcosim", "ttcosim_sc"):
        if not os.access(os.path.join(ROOT, b, prog), os.X_OK):
            sys.exit(f"regress.py: {b}/{prog} is missing: build it first (make all)")

    # (suite, name, command, expect_fail, file to keep on failure, repro)
    tests = []
    for f in sorted(glob.glob(os.path.join(ROOT, "tests/directed/*.tts"))):
        rel = os.path.relpath(f, ROOT)
        name = os.path.basename(f)[:-4]
        tests.append(("directed.model", name, [f"{b}/ttmodel", "run", rel], False, None))
        tests.append(("directed.cosim", name, [f"{b}/ttcosim", rel], False, None))
        tests.append(("directed.cosim_sc", name, [f"{b}/ttcosim_sc", rel], False, None))
    rdir = os.path.join(out, "random")
    for mode in ("", "unpack", "pack"):
        if not a.seeds:
            break
        gen = [sys.executable, "tools/gen_random.py", "--seeds", str(a.seeds), "--first-seed", str(a.first_seed),
               "--length", str(a.length), "--out", rdir] + ([f"--{mode}"] if mode else [])
        rc, _, msg = run(gen, 600)
        if rc != 0:
            sys.exit("regress.py: the random generator failed:\n" + msg)
        kind = f"random_{mode}" if mode else "random"
        for s in range(a.first_seed, a.first_seed + a.seeds):
            f = os.path.join(rdir, f"{kind}_{s}_{a.length}.tts")
            for prog in ("ttcosim", "ttcosim_sc"):
                tests.append((f"{kind}.{prog}", f"seed_{s}", [f"{b}/{prog}", f], False, f))
    helptext = run([f"{b}/ttcosim", "+inject=help"], 60)[2].splitlines()[1:]
    for line in helptext:
        parts = line.split()
        if len(parts) >= 4:
            tests.append(("inject", parts[0], [f"{b}/ttcosim", parts[2], f"+inject={parts[0]}"], True, None))

    results = []
    t0 = time.monotonic()
    with cf.ThreadPoolExecutor(max_workers=a.jobs) as ex:
        futs = {ex.submit(run, t[2], a.timeout): t for t in tests}
        for fu in cf.as_completed(futs):
            suite, name, cmd, expect_fail, keep = futs[fu]
            rc, secs, text = fu.result()
            if rc is None:
                ok, why = False, f"timeout after {a.timeout:.0f} s"
            elif expect_fail:
                ok = rc == 1 and "MISMATCH" in text
                why = "" if ok else f"the injected bug was not caught (exit {rc}): {headline(text)}"
            else:
                ok = rc == 0
                why = "" if ok else f"exit {rc}: {headline(text)}"
            repro = " ".join(cmd)
            if not ok and keep:
                kept = os.path.join(out, os.path.basename(keep))
                shutil.copy(keep, kept)
                repro = " ".join(cmd[:-1] + [os.path.relpath(kept, ROOT)])
            results.append({"suite": suite, "name": name, "ok": ok, "seconds": round(secs, 3), "why": why,
                            "repro": repro, "output": "" if ok else text[-4000:]})
    wall = time.monotonic() - t0

    # JUnit XML: one testsuite per suite
    root = ET.Element("testsuites", name="ttcosim regress", tests=str(len(results)),
                      failures=str(sum(not r["ok"] for r in results)), time=f"{wall:.3f}")
    for suite in sorted({r["suite"] for r in results}):
        rs = sorted((r for r in results if r["suite"] == suite), key=lambda r: r["name"])
        ts = ET.SubElement(root, "testsuite", name=suite, tests=str(len(rs)),
                           failures=str(sum(not r["ok"] for r in rs)), time=f"{sum(r['seconds'] for r in rs):.3f}")
        for r in rs:
            tc = ET.SubElement(ts, "testcase", classname=suite, name=r["name"], time=f"{r['seconds']:.3f}")
            if not r["ok"]:
                fe = ET.SubElement(tc, "failure", message=r["why"][:500])
                fe.text = f"repro: {r['repro']}\n\n{r['output']}"
    ET.ElementTree(root).write(os.path.join(out, "junit.xml"), encoding="utf-8", xml_declaration=True)
    failed = [r for r in results if not r["ok"]]
    summary = {"tests": len(results), "passed": len(results) - len(failed), "failed": len(failed),
               "seconds": round(wall, 1), "jobs": a.jobs, "seeds": a.seeds,
               "suites": {s: {"tests": sum(r["suite"] == s for r in results),
                              "failed": sum(r["suite"] == s and not r["ok"] for r in results)}
                          for s in sorted({r["suite"] for r in results})},
               "failures": [{k: r[k] for k in ("suite", "name", "why", "repro")} for r in failed]}
    with open(os.path.join(out, "summary.json"), "w") as f:
        json.dump(summary, f, indent=2)
    for r in sorted(failed, key=lambda r: (r["suite"], r["name"])):
        print(f"FAIL {r['suite']} {r['name']}: {r['why']}\n  repro: {r['repro']}")
    print(f"regress: JUnit XML {os.path.relpath(os.path.join(out, 'junit.xml'), ROOT)}, summary "
          f"{os.path.relpath(os.path.join(out, 'summary.json'), ROOT)}, {wall:.0f} s with {a.jobs} jobs")
    print(f"{len(results) - len(failed)} passed, {len(failed)} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
