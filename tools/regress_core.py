"""regress_core.py: the pieces of the regression runner that both engines use (tools/regress.py, the local engine
and the command line; tools/regress_slurm.py, the Slurm engine): running a test with its timeout,
judging it, shrinking failing seeds, and the one writer of junit.xml, summary.json and the closing
report. Both import this module and neither imports the other's, so the two do not import each other
in a circle, and there is one Stop (stoppable.py) whichever entry point runs: the Slurm task that
regress.py --task runs ends its tests at once on SIGTERM too (a second copy of regress.py, imported
by the Slurm engine, had its own Stop, which no signal reached: the task waited for its tests).
"""
import concurrent.futures as cf
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
