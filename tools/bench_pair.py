#!/usr/bin/env python3
"""bench_pair.py: work per second, paired against a named older commit (issue 31 item 1).

Builds REF's ttcosim and ttmodel in a scratch git worktree under BUILD/bench_pair/<full hash>/
(reused when already built), generates each stream once with this tree's generators, runs REF and
HEAD alternated (REF HEAD REF HEAD ...) N times per stream and mode, and prints one table: medians of
the whole process's CPU time (user + sys: loading included; on a shared machine the wall time also
counts the time spent waiting for a core), the speed ratio HEAD/REF (REF s / HEAD s: above 1 is
HEAD faster), work per second (tiles/s or instructions/s) and cycles of both.

Streams (issue 31): tile = tools/gen_tile_stream.py --tiles 200 --in bf16 --out bfp8 --seed 1;
llk = tools/gen_bench_llk_ab.py 500 (tt-llk's unpack of A and B, 500 tile pairs); config =
tools/gen_bench_stream.py 2000 (10 instructions x 2000 iterations x 3 threads = 60,000
instructions). Modes: lockstep (ttcosim FILE), rtl (ttcosim FILE +cosim=0), model (ttmodel run FILE:
cycle-level since the model-only scheduler, untimed before it), untimed (ttmodel run FILE --untimed;
plain `run` on a commit without the flag, whose run is untimed; the summary line is checked).
Cycles are compared (within 5 %) only where both sides count the RTL's cycles: lockstep, rtl, and
model where both runs are timed.

Every run must print PASS and exit 0; the first run of each side (untimed, a warm-up) is the check
that its loader accepts the stream. If REF rejects a stream from this tree's generator, REF's own
generator (when REF has it) makes the stream for both sides, and the table says so.

Usage: tools/bench_pair.py [--ref COMMIT] [--runs N] [--build DIR] [--streams tile,llk,config]
                           [--modes lockstep,rtl,model] [--ref-bin DIR] [--head-bin DIR]
--ref-bin / --head-bin take the binaries from DIR (DIR/ttcosim, DIR/ttmodel) instead of building REF /
using BUILD: a second build of this tree, or tests.
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# name -> (generator argv after python3, work count, work unit); OUT is replaced by the file
STREAMS = {
    "tile": (["tools/gen_tile_stream.py", "--tiles", "200", "--in", "bf16", "--out", "bfp8", "--seed", "1",
              "-o", "OUT"], 200, "tiles"),
    "llk": (["tools/gen_bench_llk_ab.py", "500", "OUT"], 500, "tile pairs"),
    "config": (["tools/gen_bench_stream.py", "2000", "OUT"], None, "instructions"),
}
STREAM_TITLE = {
    "tile": "tile stream, 200 tiles BF16 -> BFP8",
    "llk": "tt-llk unpack A+B, 500 tile pairs",
    "config": "config/GPR stream, 60,000 instructions",
}
MODES = ["lockstep", "rtl", "model", "untimed"]


class BenchError(Exception):
    pass


def git(*args, cwd=ROOT):
    return subprocess.run(["git", *args], cwd=cwd, check=False, capture_output=True, text=True)


def resolve(ref):
    r = git("rev-parse", "--verify", "--quiet", ref + "^{commit}")
    if r.returncode != 0 or not r.stdout.strip():
        raise BenchError(f"unknown commit {ref!r} (git rev-parse found no commit of that name)")
    return r.stdout.strip()


def build_ref(full, build, log):
    """BUILD/bench_pair/<full>/bin/{ttcosim,ttmodel}, built once. The worktree is src/; the build
    goes to a temporary directory renamed to bin/ only when complete (bin/COMMIT names the commit),
    so a run killed midway leaves nothing the next run trusts."""
    base = os.path.join(build, "bench_pair", full)
    bindir = os.path.join(base, "bin")
    if all(os.path.isfile(os.path.join(bindir, f)) for f in ("ttcosim", "ttmodel", "COMMIT")):
        if open(os.path.join(bindir, "COMMIT")).read().strip() == full:
            log(f"bench_pair: REF {full[:12]} already built in {bindir}")
            return bindir
    shutil.rmtree(bindir, ignore_errors=True)
    src = os.path.join(base, "src")
    head = git("rev-parse", "HEAD", cwd=src).stdout.strip() if os.path.isdir(src) else ""
    if head != full:  # absent, or left half made by a killed run
        if os.path.exists(src):
            git("worktree", "remove", "--force", src)
            shutil.rmtree(src, ignore_errors=True)
        git("worktree", "prune")
        os.makedirs(base, exist_ok=True)
        r = git("worktree", "add", "--detach", src, full)
        if r.returncode != 0:
            raise BenchError(f"git worktree add {src} {full[:12]} failed:\n{r.stderr.strip()}")
    for d in os.listdir(base):  # a killed run's temporary build
        if d.startswith("bin.tmp."):
            p = os.path.join(base, d)
            shutil.rmtree(p, ignore_errors=True) if os.path.isdir(p) else os.remove(p)
    tmp = os.path.abspath(os.path.join(base, f"bin.tmp.{os.getpid()}"))
    jobs = os.environ.get("JOBS", str(os.cpu_count() or 1))
    cmd = ["nice", "make", "-C", src, f"BUILD={tmp}", f"JOBS={jobs}", f"-j{jobs}", f"{tmp}/ttmodel", f"{tmp}/ttcosim"]
    log(f"bench_pair: building REF {full[:12]} ({' '.join(cmd)}); log {tmp}.log")
    t0 = time.time()
    with open(tmp + ".log", "w") as f:
        rc = subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT).returncode
    if rc != 0:
        tail = open(tmp + ".log").read().splitlines()[-30:]
        raise BenchError(f"the build of REF {full[:12]} failed (exit {rc}); last lines of {tmp}.log:\n"
                         + "\n".join(tail))
    with open(os.path.join(tmp, "COMMIT"), "w") as f:
        f.write(full + "\n")
    # only the binaries and the commit go into bin/; the object files stay in the temporary dir,
    # removed after
    stage = tmp + ".bin"
    os.makedirs(stage)
    for f in ("ttcosim", "ttmodel", "COMMIT"):
        shutil.copy2(os.path.join(tmp, f), os.path.join(stage, f))
    os.rename(stage, bindir)
    shutil.rmtree(tmp, ignore_errors=True)
    os.replace(tmp + ".log", os.path.join(bindir, "build.log"))
    log(f"bench_pair: REF built in {time.time() - t0:.0f} s")
    return bindir


def gen(stream, out, tree):
    argv, _, _ = STREAMS[stream]
    argv = [a if a != "OUT" else out for a in argv]
    if not os.path.isfile(os.path.join(tree, argv[0])):
        return f"{argv[0]} not in {tree}"
    r = subprocess.run([sys.executable, *argv], cwd=tree, capture_output=True, text=True)
    if r.returncode != 0:
        return f"{' '.join(argv)} failed: {r.stderr.strip()}"
    return None


_UNTIMED = {}


def untimed_flag(bindir):
    """["--untimed"] when this ttmodel has the flag; [] for one from before the model-only
    scheduler, whose `run` is untimed anyway (checked on its summary line: no "timing checked")"""
    if bindir not in _UNTIMED:
        r = subprocess.run([os.path.join(bindir, "ttmodel"), "--help"], capture_output=True, text=True)
        _UNTIMED[bindir] = ["--untimed"] if "--untimed" in r.stdout + r.stderr else []
    return _UNTIMED[bindir]


def command(bindir, mode, path):
    if mode == "model":
        return [os.path.join(bindir, "ttmodel"), "run", path]
    if mode == "untimed":
        return [os.path.join(bindir, "ttmodel"), "run", path] + untimed_flag(bindir)
    cmd = [os.path.join(bindir, "ttcosim"), path]
    return cmd + ["+cosim=0"] if mode == "rtl" else cmd


def run(cmd):
    """(cpu s, wall s, summary line, instructions, cycles), or BenchError if it fails its checks"""
    with tempfile.TemporaryFile(mode="w+") as f:
        t0 = time.time()
        p = subprocess.Popen(cmd, stdout=f, stderr=subprocess.STDOUT)
        # the child's own rusage (getrusage(RUSAGE_CHILDREN) would sum every child so far)
        _, status, ru = os.wait4(p.pid, 0)
        wall = time.time() - t0
        rc = p.returncode = os.waitstatus_to_exitcode(status)
        f.seek(0)
        out = f.read()
    summary = [l for l in out.splitlines() if re.search(r": (PASS|FAIL): \d+ instructions", l)]
    if rc != 0 or not summary or ": PASS: " not in summary[-1]:
        tail = "\n".join(out.splitlines()[-15:])
        raise BenchError(f"run failed its checks (exit {rc}): {' '.join(cmd)}\n{tail}")
    s = summary[-1]
    ins = int(re.search(r"(\d+) instructions", s).group(1))
    cyc = int(re.search(r"(\d+) cycles,", s).group(1))
    return ru.ru_utime + ru.ru_stime, wall, s, ins, cyc


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ref", default="21a3439")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--build", default="build")
    ap.add_argument("--streams", default="tile,llk,config")
    ap.add_argument("--modes", default="lockstep,rtl,model,untimed")
    ap.add_argument("--ref-bin")
    ap.add_argument("--head-bin")
    a = ap.parse_args()
    log = lambda m: print(m, file=sys.stderr, flush=True)
    streams = a.streams.split(",")
    modes = a.modes.split(",")
    bad = [s for s in streams if s not in STREAMS] + [m for m in modes if m not in MODES]
    if bad or a.runs < 1:
        raise BenchError(f"unknown stream or mode {bad} (streams {list(STREAMS)}, modes {MODES}), or --runs < 1")
    build = os.path.abspath(a.build)
    head_bin = os.path.abspath(a.head_bin or build)
    for f in ("ttcosim", "ttmodel"):
        if not os.path.isfile(os.path.join(head_bin, f)):
            raise BenchError(f"{head_bin}/{f} not built (make {a.build}/ttcosim {a.build}/ttmodel)")
    if a.ref_bin:
        ref_bin, full = os.path.abspath(a.ref_bin), a.ref
    else:
        full = resolve(a.ref)
        ref_bin = build_ref(full, build, log)
    head_desc = git("describe", "--always", "--dirty").stdout.strip() or "HEAD"

    sdir = os.path.join(build, "bench_pair", "streams")
    os.makedirs(sdir, exist_ok=True)
    load0 = open("/proc/loadavg").read().split()[:3]
    rows, notes = [], []
    for st in streams:
        path = os.path.join(sdir, f"{st}.tts")
        err = gen(st, path + ".tmp", ROOT)
        if err:
            raise BenchError(f"stream {st}: {err}")
        os.replace(path + ".tmp", path)
        work_n, unit = STREAMS[st][1], STREAMS[st][2]
        # the check (and warm-up) runs, untimed: REF's loader must accept the stream
        try:
            for mode in modes:
                run(command(ref_bin, mode, path))
        except BenchError as e:
            src = os.path.join(build, "bench_pair", full, "src")
            gerr = "--ref-bin given" if a.ref_bin else gen(st, path + ".ref", src)
            if gerr:
                raise BenchError(f"stream {st}: REF fails this tree's stream and no REF generator "
                                 f"makes one ({gerr}):\n{e}")
            os.replace(path + ".ref", path)
            notes.append(f"{st}: REF rejected this tree's stream; REF's own generator made it for both")
            for mode in modes:
                run(command(ref_bin, mode, path))
        for mode in modes:
            run(command(head_bin, mode, path))
        for mode in modes:
            times = {"ref": [], "head": []}
            cyc, ins = {}, {}
            timed = {}
            for i in range(a.runs):
                for side, bindir in (("ref", ref_bin), ("head", head_bin)):
                    cpu, wall, s, n, c = run(command(bindir, mode, path))
                    times[side].append(cpu)
                    cyc[side], ins[side] = c, n
                    timed[side] = "timing checked" in s
            if mode == "untimed" and any(timed.values()):
                raise BenchError(f"{st} untimed: a run checked timing ({timed}): its ttmodel has no untimed run")
            med = {k: statistics.median(v) for k, v in times.items()}
            work = work_n if work_n is not None else ins["head"]
            if work_n is None and ins["ref"] != ins["head"]:
                notes.append(f"{st} {mode}: instructions differ, REF {ins['ref']} HEAD {ins['head']}")
            compared = mode in ("lockstep", "rtl") or (mode == "model" and all(timed.values()))
            close = not compared or abs(cyc["ref"] - cyc["head"]) <= 0.05 * max(cyc["ref"], cyc["head"])
            if mode == "model" and not compared:
                notes.append(f"{st} model: cycles not compared, {'REF' if not timed['ref'] else 'HEAD'}'s "
                             "ttmodel run is untimed (its cycle count is not the RTL's)")
            if not close:
                notes.append(f"{st} {mode}: cycles not close: REF {cyc['ref']}, HEAD {cyc['head']} "
                             f"({cyc['head'] / cyc['ref']:.2f}x)")
            rows.append((st, mode, med["ref"], med["head"], med["ref"] / med["head"],
                         work / med["ref"], work / med["head"], cyc["ref"], cyc["head"], unit, close,
                         min(times["ref"]), min(times["head"])))
            log(f"  {st} {mode}: REF {med['ref']:.3f} s HEAD {med['head']:.3f} s")
    load1 = open("/proc/loadavg").read().split()[:3]

    print(f"\npaired: REF {full[:12]} vs HEAD {head_desc}, {a.runs} runs each alternated (REF HEAD ...), "
          f"medians of whole-process CPU time (user + sys, loading included)")
    print(f"load average at start {' '.join(load0)}, at end {' '.join(load1)}")
    # the last column: the same ratio from each side's fastest run, a check on the medians' noise
    print("| stream | mode | REF median s | HEAD median s | speed HEAD/REF | REF work/s | HEAD work/s | REF cycles | "
          "HEAD cycles | speed, fastest runs |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for (st, mode, r, h, ratio, wr, wh, cr, ch, unit, close, rmin, hmin) in rows:
        u = "instr/s" if unit == "instructions" else ("pairs/s" if unit == "tile pairs" else "tiles/s")
        print(f"| {st} | {mode} | {r:.3f} | {h:.3f} | {ratio:.2f}x | {wr:,.0f} {u} | {wh:,.0f} {u} | "
              f"{cr:,} | {ch:,}{'' if close else ' (not close)'} | {rmin / hmin:.2f}x |")
    if any(r[1] in ("model", "untimed") for r in rows):
        print("(model rows: cycles as the model counts them; untimed runs count scheduler rounds, not "
              "the RTL's cycles)")
    for n in notes:
        print(f"note: {n}")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BenchError as e:
        print(f"bench_pair: {e}", file=sys.stderr)
        sys.exit(1)
