#!/usr/bin/env python3
"""shrink.py: minimise a failing lockstep test (issue 8 part 4).

    python3 tools/shrink.py FILE.tts --binary build/ttcosim [--budget S] [-o OUT.tts] [-- ARGS...]

Runs BINARY FILE ARGS, takes the failure's signature (the MISMATCH kind of the headline, e.g.
"MISMATCH (L1 write)", and the mnemonic of the instruction it names), then removes stream lines
(instructions and TRISC/BRISC actions of the `thread N` and `brisc` sections) by delta debugging as
long as the run still fails with that signature. Preloads, max_cycles and srnd_seed stay;
`expect` lines are dropped (a shrunk program no longer computes what they state; --keep-expect
keeps them). A candidate that fails in any other way (another kind or mnemonic, exit status 2, model
undefined/unimplemented, WATCHDOG, a timeout) counts as "not the same failure": removing one half
of a dependency (a semaphore post, a drain before `store mop`) is simply not taken.

Passes, cheapest first: whole sections, a common prefix of every section (the lines after the
failure rarely matter), then ddmin over single lines (Zeller and Hildebrandt 2002), which ends
1-minimal when the budget allows. A candidate must also run cleanly on the model alone (ttmodel
beside BINARY, or --model; --no-model skips it): otherwise a shrunk test could fail only because
the bug's mismatch comes before an error of the program itself (an unset MOP config word, say),
and the bug-free RTL would not pass it. With --budget S it stops after S seconds with the smallest
failing file found so far. The result is checked once more with exactly ARGS (without the internal
watchdog) before it is written.

Exit status: 0 a shrunk file was written, 1 FILE does not fail with a MISMATCH under BINARY ARGS
(nothing to shrink), 2 bad command line or files.
"""
import argparse
import concurrent.futures as cf
import itertools
import json
import os
import re
import subprocess
import sys
import tempfile
import time

SECTION = re.compile(r"^\s*(thread\s+\d+|brisc)\s*(#.*)?$")
STREAM_WORDS = ("store", "drain", "idle", "push", ".word")


def classify(line):
    """'section', 'stream' (a unit the shrinker may remove), 'expect' or 'fixed'."""
    s = line.strip()
    if SECTION.match(s):
        return "section"
    w = s.split("#", 1)[0].split()
    if not w:
        return "fixed"
    if w[0].startswith("tt") or w[0] in STREAM_WORDS:
        return "stream"
    if w[0] == "expect":
        return "expect"
    return "fixed"   # preloads, their continuation lines, max_cycles, srnd_seed


class Test:
    """The file's lines; units[i] is the line index of stream line i."""

    def __init__(self, text):
        self.lines = text.splitlines()
        self.kind = [classify(ln) for ln in self.lines]
        self.units = [i for i, k in enumerate(self.kind) if k == "stream"]
        # section of each unit (index of its `thread N`/`brisc` line)
        self.section_of = {}
        sec = None
        for i, k in enumerate(self.kind):
            if k == "section":
                sec = i
            elif k == "stream":
                self.section_of[i] = sec

    def render(self, keep, keep_expect=False, header=()):
        """The file with only the units whose numbers are in `keep`; empty sections left out."""
        keep_lines = {self.units[u] for u in keep}
        out = list(header)
        pending = None   # a section line waits until a kept line of it comes
        for i, (ln, k) in enumerate(zip(self.lines, self.kind)):
            if k == "section":
                pending = ln
                continue
            if k == "stream":
                if i not in keep_lines:
                    continue
                if pending is not None:
                    out.append(pending)
                    pending = None
            elif k == "expect" and not keep_expect:
                continue
            if ln.strip() or (out and out[-1].strip()):   # no runs of blank lines
                out.append(ln)
        return "\n".join(out) + "\n"


def signature(rc, report):
    """(kind, mnemonic) of a MISMATCH failure, else None."""
    if rc != 1 or not report or report.get("result") != "fail":
        return None
    kind = report.get("kind", "")
    if not kind.startswith("MISMATCH"):
        return None
    d = report.get("disasm") or ""
    return kind, (d.split()[0] if d else "")


class Runner:
    def __init__(self, binary, args, tmpdir, timeout, max_cycles=None):
        self.binary, self.args, self.tmp, self.timeout = binary, args, tmpdir, timeout
        self.max_cycles = max_cycles
        self.runs = 0
        self.names = itertools.count()   # candidates may run in threads: next() is atomic

    def run(self, text, internal=True):
        """(exit status or None, report dict or None, output, seconds) of one run of `text`."""
        base = os.path.join(self.tmp, f"c{next(self.names)}")
        with open(base + ".tts", "w") as f:
            f.write(text)
        # outputs of the run itself are not wanted for a candidate (a +wave_window re-run doubles its time)
        args = [a for a in self.args if not a.startswith(("+report=", "+wave_window=", "+wave_file=", "+trace"))]
        if internal and self.max_cycles and not any(a.startswith("+max_cycles=") for a in args):
            args.append(f"+max_cycles={self.max_cycles}")
        cmd = [self.binary, base + ".tts"] + args + [f"+report={base}.json"]
        t0 = time.monotonic()
        self.runs += 1
        try:
            p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=self.timeout)
            rc, out = p.returncode, p.stdout.decode(errors="replace")
        except subprocess.TimeoutExpired:
            rc, out = None, ""
        secs = time.monotonic() - t0
        rep = None
        try:
            with open(base + ".json") as f:
                rep = json.load(f)
        except (OSError, ValueError):
            pass
        for ext in (".tts", ".json"):
            try:
                os.unlink(base + ext)
            except OSError:
                pass
        return rc, rep, out, secs

    def model_ok(self, model, text):
        """The model alone runs `text` without an error (undefined, unsupported, unimplemented, watchdog)."""
        path = os.path.join(self.tmp, f"m{next(self.names)}.tts")
        with open(path, "w") as f:
            f.write(text)
        self.runs += 1
        try:
            return subprocess.run([model, "run", path], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                  timeout=self.timeout).returncode == 0
        except subprocess.TimeoutExpired:
            return False
        finally:
            os.unlink(path)


class Shrinker:
    def __init__(self, test, runner, target, budget, jobs, keep_expect, log, model=None):
        self.t, self.r, self.target, self.model = test, runner, target, model
        self.deadline = time.monotonic() + budget if budget else None
        self.jobs = jobs
        self.keep_expect = keep_expect
        self.cache = {}
        self.log = log
        self.out_of_time = False

    def time_left(self):
        if self.deadline is not None and time.monotonic() >= self.deadline:
            self.out_of_time = True
        return not self.out_of_time

    def fails(self, keep):
        key = tuple(keep)
        if key not in self.cache:
            if not key:
                self.cache[key] = False   # a file with no stream line does not even load
            else:
                text = self.t.render(key, self.keep_expect)
                rc, rep, _, _ = self.r.run(text)
                # The failure must not lean on what the model alone calls an error: with the bug a
                # mismatch may come before an unset MOP config word is reached, without it not.
                self.cache[key] = signature(rc, rep) == self.target and (
                    not self.model or self.r.model_ok(self.model, text))
        return self.cache[key]

    def first_failing(self, cands):
        """The first candidate (in order) that still fails the same way, testing `jobs` at a time."""
        cands = [c for c in cands if c]
        for i in range(0, len(cands), self.jobs):
            if not self.time_left():
                return None
            batch = cands[i:i + self.jobs]
            if self.jobs == 1:
                res = [self.fails(batch[0])]
            else:
                with cf.ThreadPoolExecutor(max_workers=self.jobs) as ex:
                    res = list(ex.map(self.fails, batch))
            for c, ok in zip(batch, res):
                if ok:
                    return c
        return None

    def drop_sections(self, keep):
        secs = sorted({self.t.section_of[self.t.units[u]] for u in keep})
        for s in secs:
            cand = [u for u in keep if self.t.section_of[self.t.units[u]] != s]
            if cand and self.time_left() and self.fails(cand):
                keep = cand
        return keep

    def prefix(self, keep):
        """Smallest k/64 such that the first k/64 of every section still fails (binary search)."""
        by_sec = {}
        for u in keep:
            by_sec.setdefault(self.t.section_of[self.t.units[u]], []).append(u)

        def cut(k):
            out = []
            for us in by_sec.values():
                out += us[:-(-len(us) * k // 64)]
            return sorted(out)
        lo, hi = 0, 64   # cut(hi) fails
        while hi - lo > 1 and self.time_left():
            mid = (lo + hi) // 2
            if self.fails(cut(mid)):
                hi = mid
            else:
                lo = mid
        return cut(hi) if hi < 64 else keep

    def ddmin(self, keep):
        n = 2
        while len(keep) >= 2 and self.time_left():
            size = len(keep) / n
            chunks = [keep[int(i * size):int((i + 1) * size)] for i in range(n)]
            comps = [[u for j, c in enumerate(chunks) if j != i for u in c] for i in range(n)]
            # Removing a chunk (testing its complement) first: that is what shrinks.
            found = self.first_failing(comps)
            if found is not None:
                keep = found
                n = max(n - 1, 2)
                self.log(f"  {len(keep)} lines")
                continue
            if self.out_of_time:
                break
            if n >= len(keep):
                break   # 1-minimal: no single line can go
            n = min(2 * n, len(keep))
        return keep

    def shrink(self):
        keep = list(range(len(self.t.units)))
        for name, step in (("sections", self.drop_sections), ("prefix", self.prefix), ("ddmin", self.ddmin)):
            before = len(keep)
            keep = step(keep)
            self.log(f"shrink: {name}: {before} -> {len(keep)} stream lines ({self.r.runs} runs)")
            if self.out_of_time:
                break
        return keep


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                 usage="%(prog)s FILE.tts --binary BIN [options] [-- ARGS...]")
    ap.add_argument("file")
    ap.add_argument("--binary", required=True, help="build/ttcosim or build/ttcosim_sc")
    ap.add_argument("-o", "--out", help="where to write the shrunk test (default: FILE_min.tts beside FILE)")
    ap.add_argument("--budget", type=float, default=0, help="seconds (0: no limit)")
    ap.add_argument("--jobs", type=int, default=1, help="candidates run at once")
    ap.add_argument("--keep-expect", action="store_true", help="keep the expect lines")
    ap.add_argument("--run-timeout", type=float, default=0,
                    help="seconds one candidate may run (default: 20 times the original run, at least 30)")
    ap.add_argument("--model", help="ttmodel: every candidate must also run without an error on the model "
                    "alone (default: ttmodel beside BINARY, when FILE itself does)")
    ap.add_argument("--no-model", action="store_true", help="do not check candidates on the model alone")
    ap.add_argument("--json", help="also write the result as JSON here (regress.py reads it)")
    ap.add_argument("-q", "--quiet", action="store_true")
    argv = sys.argv[1:]
    plus = []
    if "--" in argv:   # everything after -- goes to BINARY as it is
        plus = argv[argv.index("--") + 1:]
        argv = argv[:argv.index("--")]
    a = ap.parse_args(argv)
    a.args = plus
    if a.budget < 0 or a.jobs < 1 or a.run_timeout < 0:
        ap.error("--budget >= 0, --run-timeout >= 0 and --jobs >= 1")
    if not (os.path.isfile(a.binary) and os.access(a.binary, os.X_OK)):
        ap.error(f"--binary {a.binary} is not an executable")
    try:
        with open(a.file) as f:
            text = f.read()
    except OSError as e:
        ap.error(f"cannot read {a.file}: {e.strerror}")
    out = a.out or (a.file[:-4] if a.file.endswith(".tts") else a.file) + "_min.tts"
    log = (lambda s: None) if a.quiet else (lambda s: print(s, flush=True))
    t = Test(text)
    if not t.units:
        print(f"shrink.py: {a.file} has no stream lines to remove", file=sys.stderr)
        return 2
    t0 = time.monotonic()

    with tempfile.TemporaryDirectory(prefix="ttshrink.") as tmp:
        # Candidates are written beside FILE when that directory is writable, so that its relative
        # `l1 file` paths resolve as they do for FILE.
        src_dir = os.path.dirname(os.path.abspath(a.file))
        cdir = tempfile.mkdtemp(prefix=".shrink.", dir=src_dir) if os.access(src_dir, os.W_OK) else tmp
        try:
            probe = Runner(a.binary, a.args, cdir, None)
            rc, rep, text_out, secs0 = probe.run(text, internal=False)
            target = signature(rc, rep)
            if target is None:
                head = (rep or {}).get("kind") or (text_out.strip().splitlines() or ["(no output)"])[-1]
                print(f"shrink.py: {a.file} does not fail with a MISMATCH under {a.binary} {' '.join(a.args)} "
                      f"(exit {rc}: {head}): nothing to shrink", file=sys.stderr)
                return 1
            cycle = int(rep.get("cycle", 0))
            log(f"shrink: {a.file}: {target[0]} naming {target[1] or '(no instruction)'} at cycle {cycle}, "
                f"{len(t.units)} stream lines, {secs0:.2f} s a run")
            # A candidate that no longer finishes is cut short by a watchdog of twice the failing
            # cycle (at least 20000) and by a wall-clock limit.
            runner = Runner(a.binary, a.args, cdir, a.run_timeout or max(30.0, 20 * secs0), max(2 * cycle, 20000))
            model = None if a.no_model else a.model or os.path.join(os.path.dirname(a.binary), "ttmodel")
            if model and not os.access(model, os.X_OK):
                if a.model:
                    print(f"shrink.py: --model {model} is not an executable", file=sys.stderr)
                    return 2
                model = None
            if model and not runner.model_ok(model, t.render(range(len(t.units)), a.keep_expect)):
                log(f"shrink: {a.file} fails on the model alone too: candidates are not checked there")
                model = None
            s = Shrinker(t, runner, target, a.budget, a.jobs, a.keep_expect, log, model)
            keep = s.shrink()
            header = [f"# shrunk by tools/shrink.py from {os.path.basename(a.file)}: {len(t.units)} -> {len(keep)} "
                      f"stream lines; fails with {target[0]} naming {target[1] or '(no instruction)'}"]
            final = t.render(keep, a.keep_expect, header)
            # once more as it will be used: exactly ARGS, the test's own watchdog
            rc, rep, _, _ = probe.run(final, internal=False)
            if signature(rc, rep) != target:
                keep = list(range(len(t.units)))
                final = text
        finally:
            if cdir != tmp:
                for fn in os.listdir(cdir):
                    os.unlink(os.path.join(cdir, fn))
                os.rmdir(cdir)
        try:
            with open(out, "w") as f:
                f.write(final)
        except OSError as e:
            print(f"shrink.py: cannot write {out}: {e.strerror}", file=sys.stderr)
            return 2
    secs = time.monotonic() - t0
    repro = " ".join([a.binary, out] + a.args)
    result = {"file": a.file, "shrunk": out, "kind": target[0], "insn": target[1], "lines_before": len(t.units),
              "lines_after": len(keep), "runs": runner.runs + probe.runs, "seconds": round(secs, 1),
              "budget_exhausted": s.out_of_time, "repro": repro}
    if a.json:
        with open(a.json, "w") as f:
            json.dump(result, f, indent=2)
    print(f"shrink: {len(t.units)} -> {len(keep)} stream lines in {secs:.1f} s ({result['runs']} runs"
          f"{', budget exhausted' if s.out_of_time else ''}); still {target[0]} naming {target[1] or '-'}")
    print(f"  shrunk: {out}\n  repro: {repro}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
