#!/usr/bin/env python3
"""fake_cosim.py TEST.tts [+report=R.json] [+max_cycles=N] ...: a stand-in for build/ttcosim with
known dependencies, for test_shrink.py; `fake_cosim.py run TEST.tts` stands in for build/ttmodel.
Stream lines are matched by their text:

  the model alone stops (exit 1, "undefined") when thread 0 has the STOREIND below without
      `ttsetdmareg 0,9,0,4` before it (the lockstep run fails first, at the STOREIND);

  fails with MISMATCH (L1 write) naming ttstoreind  when thread 0 has `ttsetdmareg 0,5,0,3` before
      `ttstoreind 1,0,1,10,2,24,62` and thread 1 has `ttsemwait 1,32,1`;
  WATCHDOG (exit 1)           when thread 1 has that SEMWAIT but thread 2 lacks `ttsempost 32`;
  exit 2 (model: undefined)   when a `store mop` comes with no `drain` before it in its thread;
  hangs (sleeps)              when thread 2 has `idle 77` without `idle 78` after it (only with
                              FAKE_HANG=1 in the environment: each hang costs a run timeout);
  MISMATCH (L1 write) naming ttloadind  when the STOREIND is gone but `ttloadind 0,54,0,1,62` stays;
  passes otherwise."""
import json
import os
import re
import sys
import time

model = sys.argv[1] == "run"
path = sys.argv[2] if model else sys.argv[1]
report = next((a.split("=", 1)[1] for a in sys.argv[2:] if a.startswith("+report=")), None)
streams = {}
cur = None
for ln in open(path):
    s = ln.split("#", 1)[0].strip()
    m = re.match(r"thread (\d)$", s)
    if m:
        cur = int(m.group(1))
        continue
    if s == "brisc":
        cur = 3
        continue
    if cur is not None and s:
        streams.setdefault(cur, []).append(s)


def finish(rc, result, kind=None, disasm=None):
    if report:
        r = {"result": result, "cycle": 100}
        if kind:
            r["kind"] = kind
        if disasm:
            r["disasm"] = disasm
        json.dump(r, open(report, "w"))
    print(f"{path}: {kind or result}")
    sys.exit(rc)


t0, t1, t2 = streams.get(0, []), streams.get(1, []), streams.get(2, [])
si = "ttstoreind 1,0,1,10,2,24,62"
if model:
    ok = si not in t0 or "ttsetdmareg 0,9,0,4" in t0[:t0.index(si)]
    print(f"{path}: {'PASS' if ok else 'FAIL: undefined'}")
    sys.exit(0 if ok else 1)
if not any(streams.values()):
    print(f"{path}: no instruction, action or expectation", file=sys.stderr)
    sys.exit(2)
for st in streams.values():
    drained = False
    for s in st:
        drained = drained or s == "drain"
        if s.startswith("store mop") and not drained:
            finish(2, "error", "MODEL STOP (undefined)")
if os.environ.get("FAKE_HANG") and "idle 77" in t2 and "idle 78" not in t2[t2.index("idle 77"):]:
    time.sleep(3600)
if "ttsemwait 1,32,1" in t1 and "ttsempost 32" not in t2:
    finish(1, "fail", "WATCHDOG")
if "ttsetdmareg 0,5,0,3" in t0 and si in t0 and t0.index("ttsetdmareg 0,5,0,3") < t0.index(si) \
        and "ttsemwait 1,32,1" in t1:
    finish(1, "fail", "MISMATCH (L1 write)", si)
if si not in t0 and "ttloadind 0,54,0,1,62" in t0:
    finish(1, "fail", "MISMATCH (L1 write)", "ttloadind 0,54,0,1,62")
finish(0, "pass")
