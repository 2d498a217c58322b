#!/usr/bin/env python3
"""test_wave_window.py BUILD: +wave_window=N on both harnesses. A random program (seed 1000) with a
timing expectation it misses (`expect retire 0 300 cycle 5`: a MISMATCH (timing) when that
instruction retires; not an injected bug, which build/ttcosim, the speed build, does not hold) fails
at cycle C > N; the run must keep its exit status, name the VCD and the gtkwave
command in its report (text and +report JSON), and the VCD must hold exactly the clock edges of
cycles C-N+1..C. Also: a window longer than the run starts at cycle 0, the default file name, no VCD
for a passing run (a stale one is removed), and no re-run inside the re-run. Ends with
"N passed, M failed"."""
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
build = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build"))
N = 50
# the line that makes the program fail: thread 0's instruction 300 retires long after cycle 5
MISS = "expect retire 0 300 cycle 5\n"
# cycle C's rising clock edge in each harness's VCD (timescale 1 ps): main.cpp dumps it at 10*C+5,
# the SystemC clock (10 ns period) rises at 10*C ns
EDGE = {"ttcosim": lambda t: (t - 5) / 10, "ttcosim_sc": lambda t: t / 10000}
passed = failed = 0


def check(name, ok, why=""):
    global passed, failed
    if ok:
        passed += 1
        print(f"PASS {name}")
    else:
        failed += 1
        print(f"FAIL {name}: {why}")


def run(args, cwd, env=None):
    p = subprocess.run(args, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=300,
                       env=dict(os.environ, **(env or {})))
    return p.returncode, p.stdout, p.stderr


def rises(vcd):
    """Times of the rising edges of u_stall_probe's clk_i."""
    text = open(vcd).read()
    m = re.search(r"\$var wire\s+1\s+(\S+)\s+clk_i \$end", text)
    if not m:
        return []
    t, out = None, []
    for ln in text.splitlines():
        if ln.startswith("#"):
            t = int(ln[1:])
        elif ln == "1" + m.group(1):
            out.append(t)
    return out


with tempfile.TemporaryDirectory(prefix="ttwavewin.") as tmp:
    good = os.path.join(tmp, "rnd_pass.tts")
    subprocess.run([sys.executable, os.path.join(ROOT, "tools/gen_random.py"), "--seed", "1000", "--length", "200",
                    "-o", good], check=True, stdout=subprocess.DEVNULL)
    test = os.path.join(tmp, "rnd.tts")
    with open(good) as f, open(test, "w") as g:
        g.write(f.read() + MISS)
    for h in ("ttcosim", "ttcosim_sc"):
        b = os.path.join(build, h)
        rc0, _, _ = run([b, test], tmp)
        vcd, rep = os.path.join(tmp, f"{h}.vcd"), os.path.join(tmp, f"{h}.json")
        rc, out, err = run([b, test, f"+wave_window={N}", f"+wave_file={vcd}", f"+report={rep}"],
                           tmp)
        check(f"{h}: exit status of the failing run kept", rc == rc0 == 1, f"exit {rc} (without +wave_window {rc0})")
        r = json.load(open(rep)) if os.path.exists(rep) else {}
        c = int(r.get("cycle", -1))
        w = r.get("wave_window", {})
        check(f"{h}: the failure is late enough for a window", c >= 2 * N, f"cycle {c}")
        # the view by its absolute path too (the build's stalls.gtkw): the command works from any directory
        gtk = f"gtkwave {vcd} {os.path.abspath(os.path.join(build, 'stalls.gtkw'))}"
        check(f"{h}: JSON report names the window", r.get("result") == "fail" and w.get("file") == vcd
              and w.get("first_cycle") == c - N + 1 and w.get("last_cycle") == c and w.get("gtkwave") == gtk, str(w))
        check(f"{h}: text report names the file and the gtkwave command",
              f"waves: cycles {c - N + 1}..{c}" in err and f"view them: {gtk}" in err, err[-400:])
        ok = os.path.exists(vcd) and os.path.getsize(vcd) > 0
        check(f"{h}: VCD written, not empty", ok)
        cyc = [EDGE[h](t) for t in rises(vcd)] if ok else []
        check(f"{h}: VCD holds cycles C-{N - 1}..C exactly", len(cyc) == N and cyc[0] == c - N + 1 and cyc[-1] == c,
              f"{len(cyc)} rising edges, cycles {cyc[:1]}..{cyc[-1:]}, failure at {c}")
        # a window longer than the run: from cycle 0
        rc, _, err = run([b, test, "+wave_window=1000000", f"+wave_file={vcd}"], tmp)
        cyc = [EDGE[h](t) for t in rises(vcd)]
        check(f"{h}: a window longer than the run starts at cycle 0",
              rc == 1 and f"waves: cycles 0..{c}" in err and len(cyc) == c + 1 and cyc[0] == 0, f"{len(cyc)} edges")
        # the default file: TEST's name .window.vcd in the current directory
        d = os.path.join(tmp, f"cwd_{h}")
        os.mkdir(d)
        rc, _, err = run([b, test, f"+wave_window={N}"], d)
        dflt = os.path.join(d, "rnd.window.vcd")
        # named by its absolute path, so that the printed command works from any directory (issue 28)
        check(f"{h}: default file rnd.window.vcd, named by its absolute path", rc == 1 and os.path.getsize(dflt) > 0
              and f"gtkwave {dflt} " in err, err[-300:])
        # a passing run writes none, and removes an earlier run's (the same program without the
        # missed expectation, under the failing test's name: the same default file)
        os.replace(test, test + ".fail")
        os.replace(good, test)
        rc, _, err = run([b, test, f"+wave_window={N}"], d)
        check(f"{h}: passing run: no VCD, the stale one removed", rc == 0 and not os.path.exists(dflt)
              and "waves:" not in err, f"exit {rc}, exists {os.path.exists(dflt)}")
        # only a regular file is removed: a device given as +wave_file stays (a copy of /dev/null;
        # making one needs root, which is also when removing it would do harm)
        if os.geteuid() == 0:
            dev = os.path.join(d, "null")
            os.mknod(dev, 0o666 | 0o020000, os.makedev(1, 3))
            rc, _, _ = run([b, test, f"+wave_window={N}", f"+wave_file={dev}"], d)
            check(f"{h}: a device as +wave_file is not removed", rc == 0 and os.path.exists(dev))
        os.replace(test, good)
        os.replace(test + ".fail", test)
        # the re-run does not re-run itself (its environment says it is one)
        rc, _, err = run([b, test, f"+wave_window={N}"], d, {"TTCOSIM_WAVE_WINDOW_CHILD": "1"})
        check(f"{h}: no re-run inside the re-run", rc == 1 and not os.path.exists(dflt) and "waves:" not in err,
              f"exit {rc}, exists {os.path.exists(dflt)}")

print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
