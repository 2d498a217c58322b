#!/usr/bin/env python3
"""Mutation testing, part 2: runs the tests on each RTL mutant (docs/mutation.md).

For every mutant picked from the manifest (tools/mutate.py), the tests run against the mutation
build with +mutant=N, cheapest and most-killing first, until one fails: the mutant is killed (by a
timeout: reported apart). A mutant that passes every test survived. The tests: every directed test
(tests/directed/*.tts) and a fixed set of random seeds of each generator (tools/gen_random.py: the
three-thread streams, --unpack, --pack, --math) and the negative tests (tests/negative, their
expected lockstep failure: expect-error and expect-lockstep), in lockstep with build/ttcosim_mut; for the converter
units also the converter comparisons of `make conv-test` / `make pack-conv-test`, built from the
same instrumented files. First every test runs with +mutant=0 and must pass (the selector-0 build
behaves as the normal one); its times set each test's timeout.

Writes OUT/report.json and OUT/report.md and prints the score per unit and every survivor.

    python3 tools/mutate_run.py --build build --jobs 2 --sample 300 --seed 1
    python3 tools/mutate_run.py --build build --units tt_packer --sample all
    python3 tools/mutate_run.py --build build --ids 2412,2413
"""
import argparse
import collections
import concurrent.futures as cf
import glob
import hashlib
import json
import math
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import threading
import time

import stoppable

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))

CONV_UNITS = {"tt_unpack_convert": "conv", "tt_pack_convert": "pconv", "tt_pack_bfp": "pconv"}

# which tests look at which unit first, before any kill history exists (the name says the area)
AFFINITY = {
    "tt_unpacker": ("unpack", "llk_unpack", "stream", "zerosrc"),
    "tt_unpack_convert": ("unpack", "stream"),
    "tt_src_banks": ("unpack", "dvalid", "zerosrc", "mov", "bank"),
    "tt_regfile": ("unpack", "mov", "pack", "zeroacc"),
    "tt_math_unit": ("mov", "rwc", "zeroacc", "zerosrc", "addrmod", "math", "cleardvalid"),
    "tt_packer": ("pack", "stream"),
    "tt_pack_convert": ("pack",),
    "tt_pack_bfp": ("bfp", "pack"),
    "tt_pack_l1acc": ("l1acc", "acc", "pack"),
    "tt_pack_strided": ("strided", "pack"),
    "tt_mx_datapath": ("mx_", "random_math", "llk_eltwise", "llk_matmul"),
    "tt_mx_fpu": ("mx_", "random_math", "llk_eltwise", "llk_matmul"),
    "tt_mx_int8": ("mx_", "int8", "random_math"),
    "tt_mx_gmpool": ("gmpool", "pool", "mx_", "random_math"),
    # the SFPU (issue 30): its directed tests, tt-llk's kernels (tests/sfpu/), the SFPU streams
    "tt_sfpu": ("sfpu", "random_sfpu"),
    "tt_sfpu_fma": ("sfpu", "random_sfpu"),
    "tt_sfpu_mul24": ("sfpu", "random_sfpu"),
    "tt_sfpu_pkg": ("sfpu", "random_sfpu"),
}


class Test:
    def __init__(self, name, cmd, kind, units=None, expect=None):
        self.name, self.cmd, self.kind, self.units = name, cmd, kind, units
        self.expect = expect or []   # negative: what its output must contain
        self.base_time = None

    def argv(self, mutant):
        return self.cmd + ["+mutant=%d" % mutant]

    def applies(self, unit):
        return self.units is None or unit in self.units


def passed(test, rc, out):
    if test.kind == "lockstep":
        return rc == 0 and ": PASS:" in out
    if test.kind == "negative":
        # as tests/run_negative.sh --lockstep: a non-zero exit of its own (not a signal), every
        # expect-error and expect-lockstep text, the file named
        return rc is not None and 0 < rc < 128 and all(w in out for w in test.expect) and test.cmd[1] in out
    return rc == 0


# the lockstep harness runs these (tests/negative): a checked failure expected, not a pass
LOCKSTEP_KINDS = ("lockstep", "negative")


def negative_expect(path):
    """a negative test's expect-error and expect-lockstep texts (tests/run_negative.sh)"""
    want = []
    with open(path, encoding="utf-8", errors="replace") as f:
        for ln in f:
            m = re.match(r"# expect-(?:error|lockstep): (.*)$", ln.rstrip("\n"))
            if m:
                want.append(m.group(1))
    return want


# a test process ended by one of these signals was stopped from outside (not a crash of the mutant):
# it is run again, and counted only if it then fails by itself
OUTSIDE_SIGNALS = (-signal.SIGTERM, -signal.SIGKILL, -signal.SIGINT, -signal.SIGHUP)


STOP = stoppable.Stop()


def run_one(test, mutant, timeout):
    """('pass' | 'fail' | 'timeout' | 'stopped', seconds, output tail)"""
    t0 = time.monotonic()
    verdict, out = "stopped", ""
    for attempt in range(2):
        rc, out = STOP.run(test.argv(mutant), timeout, cwd=ROOT)
        if STOP.signum:
            verdict = "stopped"
            break
        if rc is None:
            verdict = "timeout"
        elif rc in OUTSIDE_SIGNALS:
            verdict = "stopped"
            continue
        else:
            verdict = "pass" if passed(test, rc, out) else "fail"
        break
    return verdict, time.monotonic() - t0, out


def headline(out):
    for line in out.splitlines():
        if any(k in line for k in ("MISMATCH", "WATCHDOG", "MODEL STOP", "HAZARD", "FAIL", "error", "timing")):
            return line.strip()[:160]
    lines = out.strip().splitlines()
    return lines[-1][:160] if lines else ""


def parse_ids(spec):
    ids = set()
    for part in spec.split(","):
        part = part.strip()
        if not part:
            continue
        m = re.fullmatch(r"(\d+)(?:-(\d+))?", part)
        if not m:
            sys.exit("mutate_run.py: --ids: expected N or N-M separated by commas, got %r" % part)
        lo = int(m.group(1))
        hi = int(m.group(2) or lo)
        ids.update(range(lo, hi + 1))
    return ids


def build_tests(a):
    """the test list: directed, random seeds (generated once into OUT/tests/), converters"""
    mut_bin = os.path.join(a.build, "ttcosim_mut")
    kinds = set(a.tests.split(","))
    unknown = kinds - {"directed", "random", "conv", "negative"}
    if unknown:
        sys.exit("mutate_run.py: --tests: unknown kind %s (directed, random, conv, negative)" % sorted(unknown)[0])
    if kinds & {"directed", "random", "negative"} and not os.path.exists(mut_bin):
        sys.exit("mutate_run.py: no %s (make mutate-build)" % mut_bin)
    tests = []
    # tests/sfpu: tt-llk's SFPU kernels (tools/sfpu_ref.py's expected Dest), run like the directed ones
    for f in (sorted(glob.glob(os.path.join(ROOT, "tests/directed/*.tts"))) +
              sorted(glob.glob(os.path.join(ROOT, "tests/sfpu/*.tts")))) if "directed" in kinds else []:
        rel = os.path.relpath(f, ROOT)
        tests.append(Test(rel, [mut_bin, rel], "lockstep"))
    # tests/negative: the lockstep failures they expect, as `run_negative.sh --lockstep` (an RTL that
    # must report an undefined form itself, ERR_SFPU_UNDEFINED, fails them by retiring it); not the
    # parse errors, which stop before the RTL runs
    for f in sorted(glob.glob(os.path.join(ROOT, "tests/negative/*.tts"))) if "negative" in kinds else []:
        if os.path.basename(f).startswith("parse_"):
            continue
        rel = os.path.relpath(f, ROOT)
        tests.append(Test(rel, [mut_bin, rel], "negative", expect=negative_expect(f)))
    if a.random_seeds > 0 and "random" in kinds:
        gdir = os.path.join(a.out, "tests")
        os.makedirs(gdir, exist_ok=True)
        # the generated programs are kept while the generators stay as they were: a changed generator
        # (its sources' hash in tests/generators.sha256) makes them again
        h = hashlib.sha256()
        for src in sorted(glob.glob(os.path.join(ROOT, "tools", "*.py"))):
            if re.search(r"/(gen_random|gen_weights|random_\w+)\.py$", src):
                with open(src, "rb") as f:
                    h.update(os.path.basename(src).encode() + b"\0" + f.read())
        stamp = os.path.join(gdir, "generators.sha256")
        fresh = False
        if os.path.exists(stamp):
            with open(stamp) as f:
                fresh = f.read() == h.hexdigest()
        # the SFPU streams as make sfpu-test makes them (SFPU_LENGTH 200): --sfpu (lockstep only) and
        # --sfpu-ref (tools/sfpu_ref.py's Dest checked as well)
        for gen, length in (("", 200), ("--unpack", 240), ("--pack", 200), ("--math", 120),
                            ("--sfpu", 200), ("--sfpu-ref", 200)):
            kind = ("_" + gen[2:]) if gen else ""
            names = [os.path.join(gdir, "random%s_%d_%d.tts" % (kind, s, length)) for s in range(1, a.random_seeds + 1)]
            if not fresh or not all(os.path.exists(n) for n in names):
                cmd = [sys.executable, os.path.join(ROOT, "tools/gen_random.py")] + ([gen] if gen else []) + \
                      ["--seeds", str(a.random_seeds), "--first-seed", "1", "--length", str(length), "--out", gdir]
                r = subprocess.run(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
                if r.returncode != 0:
                    sys.exit("mutate_run.py: the random generator failed: %s\n%s" % (" ".join(cmd),
                                                                                     r.stdout.decode()[-2000:]))
            for n in names:
                tests.append(Test(os.path.relpath(n, ROOT), [mut_bin, os.path.relpath(n, ROOT)], "lockstep"))
        with open(stamp, "w") as f:
            f.write(h.hexdigest())
    if "conv" in kinds:
        conv = os.path.join(a.conv_dir or a.build, "conv_compare_mut")
        pconv = os.path.join(a.conv_dir or a.build, "pack_conv_compare_mut")
        if os.path.exists(conv):
            tests.append(Test("conv_compare", [conv, "--first-fail"], "conv", {"tt_unpack_convert"}))
        if os.path.exists(pconv):
            tests.append(Test("pack_conv_compare", [pconv, "--first-fail", "--quick"], "conv",
                              {"tt_pack_convert", "tt_pack_bfp"}))
        # the SFPU's lane comparisons (make sfpu-rtl-test): 200k random FMA / MUL24 operand sets
        # (of the 4M of sfpu-rtl-test: a mutated build is slower) after the hand-worked cases
        srtl = os.path.join(a.conv_dir or a.build, "sfpu_rtl_compare_mut")
        sops = os.path.join(a.conv_dir or a.build, "sfpu_ops_test_mut")
        if os.path.exists(srtl):
            tests.append(Test("sfpu_rtl_compare", [srtl, "--first-fail", "--n", "200000"], "conv",
                              {"tt_sfpu_fma", "tt_sfpu_mul24"}))
        if os.path.exists(sops):
            tests.append(Test("sfpu_ops_test", [sops], "conv", {"tt_sfpu_pkg"}))
    return tests


COV_LINE = re.compile(r"^C '(.*)' (\d+)$")


def cov_points(path, files):
    """{(file, point key): count} of the line and branch points of the files (Verilator
    coverage.dat: f file, l line, o kind, S the lines the point's block spans)"""
    res = {}
    with open(path, encoding="utf-8", errors="replace") as fh:
        for ln in fh:
            if "v_line" not in ln and "v_branch" not in ln:
                continue
            m = COV_LINE.match(ln.rstrip("\n"))
            if not m:
                continue
            fields = dict(kv.split("\x02", 1) for kv in m.group(1).split("\x01") if "\x02" in kv)
            f = fields.get("f", "")
            if f not in files:
                continue
            key = "%s|%s|%s|%s" % (fields.get("l", ""), fields.get("n", ""), fields.get("o", ""), fields.get("S", ""))
            res[(f, key)] = res.get((f, key), 0) + int(m.group(2))
    return res


def point_lines(key):
    """the lines a point stands for: its own line and the lines its block spans"""
    l, _, _, spans = key.split("|", 3)
    lines = [(int(l), int(l))] if l.isdigit() else []
    for part in spans.split(","):
        if not part:
            continue
        a, _, b = part.partition("-")
        if a.isdigit():
            lines.append((int(a), int(b) if b.isdigit() else int(a)))
    return lines


class Reach:
    """Which tests run a mutant's code (docs/mutation.md "Reach"): each test runs once on the
    coverage build of the unchanged RTL (same line numbers); a mutant sits in a branch arm
    (manifest "arm": its first and last line); a test reaches it when a line or branch point of
    those lines was hit. An arm with no point (a continuous assignment, a port connection) is
    reached by every test. Kept in OUT/reach.json while the binary and the test files stay."""

    def __init__(self, a, tests, files):
        self.ok = False
        self.hit = {}          # test name -> set of point keys hit (per file: "file|key")
        self.points = {}       # file -> list of (key, [(lo, hi)])
        if not a.reach:
            return
        if not os.path.exists(a.reach):
            sys.exit("mutate_run.py: no %s (make coverage-build)" % a.reach)
        path = os.path.join(a.out, "reach.json")
        cache = {}
        if os.path.exists(path):
            try:
                with open(path) as f:
                    cache = json.load(f)
            except json.JSONDecodeError:
                cache = {}
        stamp = "%s:%d" % (a.reach, os.path.getmtime(a.reach))
        if cache.get("binary") != stamp:
            cache = {"binary": stamp, "tests": {}, "points": {}}
        todo = [t for t in tests if t.kind in LOCKSTEP_KINDS and
                cache["tests"].get(t.name, {}).get("mtime") != os.path.getmtime(t.cmd[1])]
        if todo:
            print("mutate: reach: %d test(s) on %s (line coverage)" % (len(todo), a.reach), flush=True)
            tmpdir = os.path.join(a.out, "reach_tmp")
            os.makedirs(tmpdir, exist_ok=True)

            def cov(t):
                dat = os.path.join(tmpdir, re.sub(r"[^\w.]", "_", t.name) + ".dat")
                r = subprocess.run([a.reach, t.cmd[1], "+vlcov=" + dat], cwd=ROOT, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL, timeout=600)
                if t.kind == "negative" and not os.path.exists(dat):
                    return t, {}        # stopped before the RTL ran: reaches nothing
                if (r.returncode != 0 and t.kind != "negative") or not os.path.exists(dat):
                    return t, None
                pts = cov_points(dat, files)
                os.remove(dat)
                return t, pts

            with cf.ThreadPoolExecutor(max_workers=a.jobs) as ex:
                for t, pts in ex.map(cov, todo):
                    if pts is None:
                        sys.exit("mutate_run.py: %s fails on the coverage build %s" % (t.name, a.reach))
                    for (f, key) in pts:
                        cache["points"].setdefault(f, {})[key] = 1
                    cache["tests"][t.name] = {"mtime": os.path.getmtime(t.cmd[1]),
                                              "hit": sorted("%s|%s" % fk for fk, n in pts.items() if n > 0)}
            shutil.rmtree(tmpdir, ignore_errors=True)
            tmp = path + ".tmp"
            with open(tmp, "w") as f:
                json.dump(cache, f)
            os.replace(tmp, path)
        for t in tests:
            if t.kind in LOCKSTEP_KINDS:
                self.hit[t.name] = set(cache["tests"][t.name]["hit"])
        for f, keys in cache["points"].items():
            self.points[f] = [(k, point_lines(k)) for k in keys]
        self.ok = True

    def tests_for(self, m, tests):
        """the tests that may reach mutant m"""
        arm = m.get("arm")
        if not self.ok or not arm:
            return tests
        lo, hi = arm
        keys = ["%s|%s" % (m["file"], k) for k, spans in self.points.get(m["file"], [])
                if any(a <= hi and lo <= b for a, b in spans)]
        if not keys:
            return tests
        return [t for t in tests if t.kind not in LOCKSTEP_KINDS or any(k in self.hit[t.name] for k in keys)]


class Order:
    """per unit, tests by kills per second (history of earlier runs plus this one), the unit's
    tests by name first while nothing has killed yet"""

    def __init__(self, path):
        self.path = path
        self.lock = threading.Lock()
        self.kills = collections.defaultdict(lambda: collections.defaultdict(int))
        if os.path.exists(path):
            try:
                with open(path) as f:
                    for unit, d in json.load(f).get("kills", {}).items():
                        for t, n in d.items():
                            self.kills[unit][t] = n
            except (json.JSONDecodeError, AttributeError):
                pass

    def kill(self, unit, test):
        with self.lock:
            self.kills[unit][test] += 1

    def order(self, unit, tests):
        with self.lock:
            k = dict(self.kills[unit])
        words = AFFINITY.get(unit, ())

        def key(t):
            near = any(w in os.path.basename(t.name) for w in words) or t.kind == "conv"
            return (-(k.get(t.name, 0) + 0.5 * near) / max(t.base_time or 1.0, 0.05), t.base_time or 0, t.name)
        return sorted((t for t in tests if t.applies(unit)), key=key)

    def save(self):
        with self.lock:
            data = {"kills": {u: dict(d) for u, d in self.kills.items()}}
        tmp = self.path + ".tmp"
        with open(tmp, "w") as f:
            json.dump(data, f, indent=1, sort_keys=True)
        os.replace(tmp, self.path)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", default="build")
    ap.add_argument("--out", default=None, help="report directory (default BUILD/mutate)")
    ap.add_argument("--manifest", default=None, help="default BUILD/mutate/manifest.json")
    ap.add_argument("--units", default="", help="comma-separated units (default: every unit)")
    ap.add_argument("--sample", default="all", help="N mutants drawn at random (with --seed), or all")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--per-unit", type=int, default=0,
                    help="N mutants drawn at random (with --seed) from each unit (a stratified sample: every "
                         "unit's score has N mutants behind it, whatever its size)")
    ap.add_argument("--ids", default="", help="only these mutant ids (N or N-M, comma-separated)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--random-seeds", type=int, default=10, help="seeds of each random generator")
    ap.add_argument("--timeout-factor", type=float, default=10.0, help="timeout = factor x the test's baseline time")
    ap.add_argument("--min-timeout", type=float, default=20.0, help="seconds, at least")
    ap.add_argument("--tests", default="directed,random,conv,negative",
                    help="kinds of tests, comma-separated: directed, random, conv, negative")
    ap.add_argument("--conv-dir", default=None, help="where the converter comparisons are (default BUILD)")
    ap.add_argument("--resume", action="store_true",
                    help="keep the results of an interrupted run of the same manifest and tests (OUT/results.jsonl)")
    ap.add_argument("--reach", default="", help="the line-coverage build (build/ttcosim_cov): run on a mutant only "
                                                "the tests that reach its code")
    a = ap.parse_args()
    a.out = a.out or os.path.join(a.build, "mutate")
    a.manifest = a.manifest or os.path.join(a.out, "manifest.json")
    os.chdir(ROOT)
    if not os.path.exists(a.manifest):
        sys.exit("mutate_run.py: no manifest %s (make mutate-build)" % a.manifest)
    with open(a.manifest) as f:
        man = json.load(f)
    mutants = man["mutants"]
    units = [u for u in a.units.split(",") if u.strip()] or man["units"]
    bad = [u for u in units if u not in man["units"]]
    if bad:
        sys.exit("mutate_run.py: --units: unknown %s (units: %s)" % (", ".join(bad), ", ".join(man["units"])))
    chosen = [m for m in mutants if m["unit"] in units]
    if a.ids:
        ids = parse_ids(a.ids)
        unknown = sorted(ids - {m["id"] for m in mutants})
        if unknown:
            sys.exit("mutate_run.py: --ids: no mutant %s in %s (1..%d)" % (unknown[0], a.manifest, len(mutants)))
        chosen = [m for m in mutants if m["id"] in ids]
    runnable = [m for m in chosen if m["status"] == "ok"]
    if not a.ids and a.sample != "all" and not a.per_unit:
        if not re.fullmatch(r"[1-9]\d*", a.sample):
            sys.exit("mutate_run.py: --sample: expected a positive number or all, got %r" % a.sample)
        n = int(a.sample)
        if n < len(runnable):
            runnable = sorted(random.Random(a.seed).sample(runnable, n), key=lambda m: m["id"])
    if not a.ids and a.per_unit > 0:
        rng = random.Random(a.seed)
        picked = []
        for u in units:
            mine = [m for m in runnable if m["unit"] == u]
            picked += mine if len(mine) <= a.per_unit else rng.sample(mine, a.per_unit)
        runnable = sorted(picked, key=lambda m: m["id"])
    tests = build_tests(a)
    if not tests:
        sys.exit("mutate_run.py: no tests to run")
    t_start = time.monotonic()

    # baseline: selector 0 must pass every test (and gives each test's time)
    print("mutate: baseline (+mutant=0): %d tests, %d at a time" % (len(tests), a.jobs), flush=True)
    with cf.ThreadPoolExecutor(max_workers=a.jobs) as ex:
        futs = {ex.submit(run_one, t, 0, 600): t for t in tests}
        failed = []
        for fu in cf.as_completed(futs):
            t = futs[fu]
            verdict, secs, out = fu.result()
            t.base_time = secs
            if verdict != "pass":
                failed.append("%s (%s): %s" % (t.name, verdict, headline(out)))
    if failed:
        sys.exit("mutate_run.py: with +mutant=0 these tests do not pass, so the mutation build does not "
                 "behave as the normal one (or the tests fail already):\n  " + "\n  ".join(sorted(failed)))
    base_total = sum(t.base_time for t in tests)
    print("mutate: baseline passed in %.0f s (%.1f s of test time)" % (time.monotonic() - t_start, base_total),
          flush=True)

    reach = Reach(a, tests, {m["file"] for m in mutants})
    order = Order(os.path.join(a.out, "history.json"))
    results = {}
    lock = threading.Lock()
    done = [0]
    interrupted = [False]

    def one(m):
        if interrupted[0]:
            return
        r = {"id": m["id"], "status": "survived", "tests_run": 0, "seconds": 0.0}
        mine = reach.tests_for(m, tests)
        r["tests_reaching"] = sum(t.kind in LOCKSTEP_KINDS for t in mine)
        if not any(t.applies(m["unit"]) for t in mine):
            r["status"] = "unreached"
        for t in order.order(m["unit"], mine) if r["status"] != "unreached" else []:
            if interrupted[0]:
                return
            timeout = max(a.min_timeout, a.timeout_factor * t.base_time)
            verdict, secs, out = run_one(t, m["id"], timeout)
            if interrupted[0] or verdict == "stopped":
                if verdict == "stopped" and not STOP.signum:
                    print("mutate: #%d: %s was stopped from outside twice; the mutant is left out" % (
                        m["id"], t.name), flush=True)
                return                      # not recorded: run it again with --resume
            r["tests_run"] += 1
            r["seconds"] += secs
            if verdict != "pass":
                r["status"] = "timeout" if verdict == "timeout" else "killed"
                r["by"] = t.name
                r["why"] = ("no result after %.0f s" % timeout) if verdict == "timeout" else headline(out)
                order.kill(m["unit"], t.name)
                break
        with lock:
            results[m["id"]] = r
            done[0] += 1
            with open(journal, "a") as jf:
                jf.write(json.dumps(dict(r, key=run_key)) + "\n")
            what = {"survived": "SURVIVED", "killed": "killed by %s" % r.get("by"),
                    "timeout": "timeout in %s" % r.get("by"), "unreached": "SURVIVED, no test reaches it"}[r["status"]]
            print("[%*d/%d] #%d %s:%d %s: %s (%d tests, %.1f s)" % (
                len(str(len(runnable))), done[0], len(runnable), m["id"], os.path.basename(m["file"]), m["line"],
                m["operator"], what, r["tests_run"], r["seconds"]), flush=True)

    # results journal (OUT/results.jsonl): a run stopped half-way goes on with --resume, for the
    # same manifest and tests
    journal = os.path.join(a.out, "results.jsonl")
    h = hashlib.sha256()
    # the mutants themselves, not their status (a new equivalence note keeps the results)
    h.update(json.dumps([[m["id"], m["file"], m["line"], m["operator"], m["original"], m["mutated"]]
                         for m in mutants]).encode())
    h.update(json.dumps([t.name for t in tests] + [a.timeout_factor, a.min_timeout, bool(a.reach)]).encode())
    run_key = h.hexdigest()[:16]
    if a.resume and os.path.exists(journal):
        with open(journal) as jf:
            for ln in jf:
                try:
                    r = json.loads(ln)
                except json.JSONDecodeError:
                    continue
                if r.pop("key", None) == run_key and r["id"] in {m["id"] for m in runnable}:
                    results[r["id"]] = r
        print("mutate: --resume: %d mutants already done" % len(results), flush=True)
    elif os.path.exists(journal):
        os.remove(journal)
    todo = [m for m in runnable if m["id"] not in results]
    done[0] = len(results)

    print("mutate: %d mutants of %s, %d at a time" % (len(todo), ", ".join(units), a.jobs), flush=True)
    t_run = time.monotonic()
    ex = cf.ThreadPoolExecutor(max_workers=a.jobs)
    futs = [ex.submit(one, m) for m in todo]
    try:
        for fu in futs:
            fu.result()
    except KeyboardInterrupt:
        interrupted[0] = True
        STOP.set(signal.SIGINT)     # kills the running tests (keeps a SIGTERM's number)
        print("mutate: interrupted; the report covers the mutants finished so far (go on with --resume)",
              flush=True)
    finally:
        ex.shutdown(wait=True, cancel_futures=True)
    order.save()
    wall = time.monotonic() - t_run
    report(a, man, units, chosen, runnable, results, tests, wall, time.monotonic() - t_start)
    return STOP.status() if interrupted[0] else 0


def report(a, man, units, chosen, runnable, results, tests, wall, total_wall):
    rows = []
    tot = collections.Counter()
    for u in units:
        ms = [m for m in chosen if m["unit"] == u]
        c = collections.Counter()
        c["mutants"] = len(ms)
        c["not_compiled"] = sum(m["status"] == "not_compiled" for m in ms)
        c["equivalent"] = sum(m["status"] == "equivalent" for m in ms)
        for m in ms:
            r = results.get(m["id"])
            if r:
                c["run"] += 1
                c[r["status"]] += 1
        if c["mutants"] or not a.ids:
            rows.append((u, c))
        tot.update(c)

    def score(c):
        return (100.0 * (c["killed"] + c["timeout"]) / c["run"]) if c["run"] else None

    def interval(c):
        """95 % Wilson interval of a sampled score (the unit's score over all its mutants lies in it
        with 95 % confidence; exact when every mutant ran)."""
        n = c["run"]
        if not n:
            return None
        if n >= c["mutants"] - c["not_compiled"] - c["equivalent"]:
            return (score(c), score(c))
        z, p = 1.96, (c["killed"] + c["timeout"]) / n
        mid = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return (100.0 * max(0.0, mid - half), 100.0 * min(1.0, mid + half))

    def ival(c):
        i = interval(c)
        return "-" if i is None else "exact" if i[0] == i[1] else "%.0f-%.0f%%" % i

    byid = {m["id"]: m for m in man["mutants"]}
    survivors = [byid[i] for i in sorted(results) if results[i]["status"] in ("survived", "unreached")]
    cpu_like = sum(r["seconds"] for r in results.values())
    data = {
        "manifest": os.path.relpath(a.manifest, ROOT),
        "units": units,
        "sample": a.sample if not a.ids else None,
        "per_unit_sample": a.per_unit or None,
        "seed": a.seed,
        "ids": a.ids or None,
        "jobs": a.jobs,
        "tests": [{"name": t.name, "baseline_seconds": round(t.base_time, 3)} for t in tests],
        "wall_seconds": round(wall, 1),
        "wall_seconds_with_baseline": round(total_wall, 1),
        "test_seconds": round(cpu_like, 1),
        "per_unit": {u: dict(c, score=score(c), interval95=interval(c)) for u, c in rows},
        "total": dict(tot, score=score(tot)),
        "results": [dict(results[i], unit=byid[i]["unit"], file=byid[i]["file"], line=byid[i]["line"],
                         operator=byid[i]["operator"], original=byid[i]["original"], mutated=byid[i]["mutated"])
                    for i in sorted(results)],
        "not_compiled": [{"id": m["id"], "file": m["file"], "line": m["line"], "reason": m["reason"]}
                         for m in chosen if m["status"] == "not_compiled"],
        "equivalent": [{"id": m["id"], "file": m["file"], "line": m["line"], "reason": m["reason"]}
                       for m in chosen if m["status"] == "equivalent"],
    }
    os.makedirs(a.out, exist_ok=True)
    with open(os.path.join(a.out, "report.json"), "w") as f:
        json.dump(data, f, indent=1)

    hdr = ("| unit | mutants | not compiled | equivalent | run | killed | timeout | survived | unreached | score "
           "| 95% interval |")
    lines = [hdr, "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for u, c in rows + [("total", tot)]:
        s = score(c)
        lines.append("| %s | %d | %d | %d | %d | %d | %d | %d | %d | %s | %s |" % (
            u, c["mutants"], c["not_compiled"], c["equivalent"], c["run"], c["killed"], c["timeout"],
            c["survived"], c["unreached"], "%.1f%%" % s if s is not None else "-", ival(c)))
    surv = ["| id | file:line | operator | original -> mutated | tests reaching it |", "|---:|---|---|---|---:|"]
    for m in survivors:
        surv.append("| %d | %s:%d | %s | `%s` -> `%s` | %s |" % (
            m["id"], m["file"], m["line"], m["operator"], m["original"].replace("|", "\\|"),
            m["mutated"].replace("|", "\\|"), results[m["id"]].get("tests_reaching", "all")))
    how = ("mutants %s" % a.ids) if a.ids else ("%d of each unit, seed %d" % (a.per_unit, a.seed)) if a.per_unit \
        else ("sample %s, seed %d" % (a.sample, a.seed))
    md = ["# Mutation report", "",
          "%s; %d tests per surviving mutant (%d directed, %d random, %d converter, %d negative); %d jobs; "
          "%.0f s wall (%.0f s with the baseline), %.0f s of test runs." % (
              how, len(tests), sum(t.name.startswith("tests/directed/") for t in tests),
              sum("random" in os.path.basename(t.name) for t in tests), sum(t.kind == "conv" for t in tests),
              sum(t.kind == "negative" for t in tests), a.jobs, wall, total_wall, cpu_like), "",
          "Score = (killed + timeout) / run. Survivors (survived: every test reaching the code passes; "
          "unreached: no test runs it) are listed below; docs/mutation.md says how to read them and how "
          "to add a test that kills one.", ""] + lines + ["", "## Survivors (%d)" % len(survivors), ""] + surv
    with open(os.path.join(a.out, "report.md"), "w") as f:
        f.write("\n".join(md) + "\n")

    print()
    print("%-18s %7s %6s %6s %5s %6s %7s %8s %9s %7s %9s" % ("unit", "mutants", "no-cc", "equiv", "run", "killed",
                                                               "timeout", "survived", "unreached", "score", "95%"))
    for u, c in rows + [("total", tot)]:
        s = score(c)
        print("%-18s %7d %6d %6d %5d %6d %7d %8d %9d %7s %9s" % (
            u, c["mutants"], c["not_compiled"], c["equivalent"], c["run"], c["killed"], c["timeout"], c["survived"],
            c["unreached"], "%.1f%%" % s if s is not None else "-", ival(c)))
    if survivors:
        print("\nsurvivors (%d; unreached: no test runs the code):" % len(survivors))
        for m in survivors:
            print("  #%-5d %s:%d %s: %s -> %s%s" % (m["id"], m["file"], m["line"], m["operator"], m["original"][:70],
                                                   m["mutated"][:70],
                                                   "  (unreached)" if results[m["id"]]["status"] == "unreached" else ""))
    print("\nmutate: %.0f s wall for %d mutants (%d jobs); reports: %s, %s" % (
        wall, len(results), a.jobs, os.path.join(a.out, "report.json"), os.path.join(a.out, "report.md")))


if __name__ == "__main__":
    # Ctrl-C or a kill ends the run with 128 + the signal (130, 143), never 0: the report of an
    # interrupted run covers only the mutants finished (go on with --resume)
    sys.exit(STOP.main(main, "mutate: interrupted before any mutant ran; no report"))
