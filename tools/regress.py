#!/usr/bin/env python3
"""Regression runner (issue 8 part 4): runs the directed tests (model alone and both lockstep
harnesses), SEEDS constrained-random seeds of each generator (both harnesses) and every injected RTL
bug (which must be caught), JOBS at a time with a per-test timeout, and writes one JUnit XML file
and a JSON summary for a CI dashboard. A failing random seed's .tts and its repro line are kept
beside the report, and a failing seed that fails with a MISMATCH is shrunk (tools/shrink.py, at
most --shrink-budget seconds each): the minimal .tts is kept beside it, its repro line in the
summary and in the JUnit failure text. Exit status 1 when any test failed.

    python3 tools/regress.py --build build --seeds 200 --jobs 2 --out build/regress
    python3 tools/regress.py --suites random --generators random --seeds 1 --inject adddmareg_const
        (the shrinker's self-test: a random seed that catches an injected bug, shrunk)
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


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", default="build")
    ap.add_argument("--seeds", type=int, default=200, help="random seeds per generator")
    ap.add_argument("--length", type=int, default=200)
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--timeout", type=float, default=300, help="seconds per test")
    ap.add_argument("--out", default="build/regress")
    ap.add_argument("--suites", default="directed,random,inject", help="which of directed, random, inject")
    ap.add_argument("--generators", default="random,unpack,pack", help="which random generators")
    ap.add_argument("--inject", help="add +inject=NAME to every random run (the shrinker's self-test)")
    ap.add_argument("--shrink-budget", type=float, default=300, help="seconds per failing seed (0: no shrinking)")
    ap.add_argument("--shrink-max", type=int, default=5, help="failing seeds shrunk at most")
    a = ap.parse_args()
    if a.seeds < 0 or a.jobs < 1 or a.timeout <= 0 or a.shrink_budget < 0 or a.shrink_max < 0:
        ap.error("--seeds >= 0, --jobs >= 1, --timeout > 0, --shrink-budget >= 0 and --shrink-max >= 0")
    suites = set(a.suites.split(","))
    gens = set(a.generators.split(","))
    if not suites <= {"directed", "random", "inject"} or not gens <= {"random", "unpack", "pack"}:
        ap.error("--suites takes directed, random, inject; --generators random, unpack, pack")
    b = a.build
    out = os.path.join(ROOT, a.out)
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(os.path.join(out, "random"))
    for prog in ("ttmodel", "ttcosim", "ttcosim_sc"):
        if not os.access(os.path.join(ROOT, b, prog), os.X_OK):
            sys.exit(f"regress.py: {b}/{prog} is missing: build it first (make all)")

    # (suite, name, command, expect_fail, file to keep on failure); a command is [binary, test, plusargs...]
    tests = []
    for f in sorted(glob.glob(os.path.join(ROOT, "tests/directed/*.tts"))) if "directed" in suites else []:
        rel = os.path.relpath(f, ROOT)
        name = os.path.basename(f)[:-4]
        tests.append(("directed.model", name, [f"{b}/ttmodel", "run", rel], False, None))
        tests.append(("directed.cosim", name, [f"{b}/ttcosim", rel], False, None))
        tests.append(("directed.cosim_sc", name, [f"{b}/ttcosim_sc", rel], False, None))
    rdir = os.path.join(out, "random")
    extra = [f"+inject={a.inject}"] if a.inject else []
    for mode in ("", "unpack", "pack"):
        if not a.seeds or "random" not in suites or (mode or "random") not in gens:
            continue
        gen = [sys.executable, "tools/gen_random.py", "--seeds", str(a.seeds), "--first-seed", str(a.first_seed),
               "--length", str(a.length), "--out", rdir] + ([f"--{mode}"] if mode else [])
        rc, _, msg = run(gen, 600)
        if rc != 0:
            sys.exit("regress.py: the random generator failed:\n" + msg)
        kind = f"random_{mode}" if mode else "random"
        for s in range(a.first_seed, a.first_seed + a.seeds):
            f = os.path.join(rdir, f"{kind}_{s}_{a.length}.tts")
            for prog in ("ttcosim", "ttcosim_sc"):
                tests.append((f"{kind}.{prog}", f"seed_{s}", [f"{b}/{prog}", f] + extra, False, f))
    helptext = run([f"{b}/ttcosim", "+inject=help"], 60)[2].splitlines()[1:] if "inject" in suites else []
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
            kept = None
            if not ok and keep:
                kept = os.path.join(out, os.path.basename(keep))
                shutil.copy(keep, kept)
                repro = " ".join([cmd[0], os.path.relpath(kept, ROOT)] + cmd[2:])
            results.append({"suite": suite, "name": name, "ok": ok, "seconds": round(secs, 3), "why": why,
                            "repro": repro, "output": "" if ok else text[-4000:],
                            "_shrink": (kept, cmd) if kept and rc == 1 and "MISMATCH" in text else None})
    shrink(a, results, out)
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
                sh = r.get("shrunk")
                fe.text = f"repro: {r['repro']}\n" + (f"shrunk ({sh['lines']} stream lines): {sh['repro']}\n"
                                                      if sh and sh.get("repro") else "") + f"\n{r['output']}"
    ET.ElementTree(root).write(os.path.join(out, "junit.xml"), encoding="utf-8", xml_declaration=True)
    failed = [r for r in results if not r["ok"]]
    summary = {"tests": len(results), "passed": len(results) - len(failed), "failed": len(failed),
               "seconds": round(wall, 1), "jobs": a.jobs, "seeds": a.seeds,
               "suites": {s: {"tests": sum(r["suite"] == s for r in results),
                              "failed": sum(r["suite"] == s and not r["ok"] for r in results)}
                          for s in sorted({r["suite"] for r in results})},
               "failures": [{k: r[k] for k in ("suite", "name", "why", "repro", "shrunk") if k in r} for r in failed]}
    with open(os.path.join(out, "summary.json"), "w") as f:
        json.dump(summary, f, indent=2)
    for r in sorted(failed, key=lambda r: (r["suite"], r["name"])):
        print(f"FAIL {r['suite']} {r['name']}: {r['why']}\n  repro: {r['repro']}")
        if r.get("shrunk", {}).get("repro"):
            print(f"  shrunk ({r['shrunk']['lines']} stream lines): {r['shrunk']['repro']}")
    print(f"regress: JUnit XML {os.path.relpath(os.path.join(out, 'junit.xml'), ROOT)}, summary "
          f"{os.path.relpath(os.path.join(out, 'summary.json'), ROOT)}, {wall:.0f} s with {a.jobs} jobs")
    print(f"{len(results) - len(failed)} passed, {len(failed)} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
