#!/usr/bin/env bash
# run_slurm_test.sh BUILD: `make regress ENGINE=slurm` on a real one-node Slurm cluster (issue 17,
# docs/regress.md). Starts Debian's munged, slurmctld and slurmd with a generated slurm.conf in a
# temporary directory (tests/slurm/cluster.sh), then:
#  1. a small regression (directed tests on the model and both harnesses, random seeds with an
#     injected bug, so some fail and one is shrunk, and injected-bug tests) runs on the local engine
#     and on the cluster (3 array tasks, the shrink as a follow-up job): the merged junit.xml and
#     summary.json must name the same tests with the same outcomes, the same failures and the same
#     shrunk file, and each task must have written its own junit.xml and summary.json;
#  2. one array task is cancelled (scancel) while it runs: it must be named with its tests, resubmitted
#     once, and the merged result must again equal the local one;
#  3. one array task fails on both attempts: its tests, and only they, must be JUnit errors naming
#     the task, both jobs and their state; no test is lost;
#  4. a submitter stopped with SIGTERM cancels its jobs; a cluster whose starter is killed (SIGTERM:
#     its trap; SIGKILL: the watcher) leaves no daemon.
# `run_slurm_test.sh BUILD timeout` (make regress-test, about two minutes: Slurm's time limits count in
# minutes) checks instead that a task past its time limit (TIMEOUT) is named and resubmitted.
# Stops its daemons on exit, on SIGINT/SIGTERM/SIGHUP (trap) and, killed with SIGKILL, through the
# watcher. Fails (never skips) when the cluster cannot start. Ends with "N passed, M failed".
set -u
build=${1:-build} mode=${2:-}
here=$(cd "$(dirname "$0")/../.." && pwd)
cd "$here" || exit 2
pass=0 fail=0
ok() { echo "PASS $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1: $2"; fail=$((fail + 1)); }

dir=$build/slurm_test
rm -rf "$dir" && mkdir -p "$dir"
cl=$(mktemp -d /tmp/ttcosim-slurm.XXXXXX) || exit 2
. tests/slurm/cluster.sh
cleanup() {
  local c
  for c in "$cl" "$cl"/sub_*; do [ -d "$c" ] && cluster_stop "$c"; done
  rm -rf "$cl"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP
# the Slurm engine's submitters carry the cluster's mark (tests/slurm/cluster.sh), and so do their jobs:
# should this script be killed with SIGKILL, the watcher's cluster_stop ends them too
submit=(env "TTCOSIM_SLURM_CLUSTER=$cl" python3 tools/regress.py)
if ! cluster_start "$cl" 2 $$ rm > "$dir/cluster.log" 2>&1; then
  bad "a one-node Slurm cluster starts (tests/slurm/cluster.sh)" "$(cat "$dir/cluster.log")"
  echo "$pass passed, $fail failed"
  exit 1
fi
ok "a one-node Slurm cluster starts: $(sinfo -h -o '%P %D node, %c CPUs, %T')"

if [ "$mode" = timeout ]; then
  # task 0's first attempt outlives its one-minute limit; its second attempt finds the mark and runs
  tsel=(--build "$build" --suites directed --jobs 1 --timeout 60 --only 'directed.model:sem_*,directed.model:cfg_*')
  python3 tools/regress.py "${tsel[@]}" --out "$dir/local_t" > "$dir/local_t.log" 2>&1
  hold=$dir/hold_t
  "${submit[@]}" "${tsel[@]}" --out "$dir/timeout" --engine slurm --slurm-tasks 2 --slurm-poll 1 --slurm-grace 2 \
    --slurm-time 1 --slurm-setup "if [ \"\$SLURM_ARRAY_TASK_ID\" = 0 ] && mkdir '$hold' 2> /dev/null; then sleep 600; fi" \
    > "$dir/timeout.log" 2>&1
  rc=$?
  [ $rc -eq 0 ] && ok "the regression with a task past its time limit passes (exit 0)" \
    || bad "the regression with a task past its time limit passes" "exit $rc: $(tail -5 "$dir/timeout.log")"
  res=$(python3 - "$dir/timeout" "$dir/local_t" 2>&1 <<'PY'
import json, os, sys
import xml.etree.ElementTree as ET
d, ref = sys.argv[1:]
s = json.load(open(os.path.join(d, "summary.json")))
m = json.load(open(os.path.join(d, "slurm/manifest.json")))
names = lambda x: sorted((tc.get("classname"), tc.get("name"), tc.find("failure") is None and tc.find("error") is None)
                         for tc in ET.parse(os.path.join(x, "junit.xml")).getroot().iter("testcase"))
lost = s["engine"]["lost"]
want = [f"{x['suite']}:{x['name']}" for x in m["tests"][0::2]]
if (len(lost) != 1 or lost[0]["task"] != 0 or lost[0]["tests"] != want or not lost[0]["recovered"]
        or [a["state"] for a in lost[0]["attempts"]] != ["TIMEOUT"] or names(d) != names(ref)):
    print(f"engine: {json.dumps(s['engine'])[:600]}"); sys.exit(1)
print(f"{lost[0]['attempts'][0]['job']} TIMEOUT, its {len(want)} tests rerun; {len(names(d))} tests as in the local run")
PY
)
  [ $? -eq 0 ] && ok "summary.json names the timed-out task and its tests, the result equals the local one: $res" \
    || bad "summary.json names the timed-out task and its tests" "$res"
  grep -q "array task 0 (job [0-9_]*) ended TIMEOUT without a result; its [0-9]* tests (.*) go again" "$dir/timeout.log" \
    && ok "the report line names the timed-out task" \
    || bad "the report line names the timed-out task" "$(grep -m2 'array task' "$dir/timeout.log")"
  echo "$pass passed, $fail failed"
  [ $fail -eq 0 ]
  exit
fi

# The small regression: a few directed tests, 3 random seeds of which the injected bug makes some
# fail (mop_inner_short: tests/shrink/run_shrink_test.sh), every injected-bug test.
sel=(--build "$build" --suites directed,random,inject --generators random --seeds 3 --first-seed 999
     --inject mop_inner_short --shrink-budget 8 --shrink-max 1 --jobs 1 --timeout 120
     --only 'directed.*:sem_*,random*,inject:mop_*,inject:storeind_be,inject:pack_acc_*')
python3 tools/regress.py "${sel[@]}" --out "$dir/local" > "$dir/local.log" 2>&1
rc_local=$?
"${submit[@]}" "${sel[@]}" --out "$dir/slurm" --engine slurm --slurm-tasks 3 --slurm-poll 0.5 \
  --slurm-grace 2 --slurm-time 10 > "$dir/slurm.log" 2>&1
rc_slurm=$?

# compare.py A B [TASK]: same tests, outcomes and failures (and shrunk files) in A and B; prints a summary
cat > "$dir/compare.py" <<'PY'
import json, os, sys
import xml.etree.ElementTree as ET

def cases(d):
    out = {}
    for tc in ET.parse(os.path.join(d, "junit.xml")).getroot().iter("testcase"):
        kind = "error" if tc.find("error") is not None else "failure" if tc.find("failure") is not None else "pass"
        out[(tc.get("classname"), tc.get("name"))] = kind
    return out

def failures(d):
    """the failures with the output directory's name taken out of their text"""
    s = json.load(open(os.path.join(d, "summary.json")))
    norm = lambda t: t and t.replace(os.path.normpath(d) + "/", "OUT/")
    return s, {(f["suite"], f["name"]): (norm(f["why"]), norm(f["repro"]), norm((f.get("shrunk") or {}).get("file")))
               for f in s["failures"]}

a, b = sys.argv[1], sys.argv[2]
ca, cb = cases(a), cases(b)
sa, fa = failures(a)
sb, fb = failures(b)
err = []
if ca != cb:
    err.append(f"test outcomes differ: only in {a}: {sorted(set(ca.items()) - set(cb.items()))[:5]}; "
               f"only in {b}: {sorted(set(cb.items()) - set(ca.items()))[:5]}")
for k in ("tests", "passed", "failed", "errors", "suites"):
    if sa[k] != sb[k]:
        err.append(f"summary {k}: {sa[k]} != {sb[k]}")
if fa != fb:
    err.append(f"failures differ: {fa} != {fb}")
if err:
    print("; ".join(err)); sys.exit(1)
kinds = sorted(ca.values())
print(f"{len(ca)} tests: {kinds.count('pass')} pass, {kinds.count('failure')} fail, {kinds.count('error')} errors; "
      f"shrunk: {sorted({v[2] for v in fa.values() if v[2]})}")
PY

# 1. the merged result equals the local engine's
if [ $rc_local -eq 1 ] && [ $rc_slurm -eq 1 ]; then
  ok "both engines exit 1 (the injected bug fails random seeds)"
else
  bad "both engines exit 1" "local $rc_local, slurm $rc_slurm: $(tail -5 "$dir/slurm.log")"
fi
if res=$(python3 "$dir/compare.py" "$dir/local" "$dir/slurm" 2>&1); then
  ok "merged junit.xml and summary.json equal the local engine's: $res"
else
  bad "merged junit.xml and summary.json equal the local engine's" "$res"
fi
res=$(python3 - "$dir/slurm" 2>&1 <<'PY'
import json, os, sys
d = sys.argv[1]
s = json.load(open(os.path.join(d, "summary.json")))
e = s["engine"]
m = json.load(open(os.path.join(d, "slurm/manifest.json")))
bad = []
if e["name"] != "slurm" or e["tasks"] != 3 or e["lost"] or not e.get("shrink_job"):
    bad.append(f"engine: {e}")
if not any(f.get("shrunk", {}).get("repro") for f in s["failures"]):
    bad.append("no failure carries a shrunk repro from the shrink job")
n = 0
for i in range(3):
    t = os.path.join(d, f"slurm/attempt1/task_{i}")
    ts = json.load(open(os.path.join(t, "summary.json")))
    want = [f"{x['suite']}:{x['name']}" for x in m["tests"][i::3]]
    got = sorted(f"{x['suite']}:{x['name']}" for x in json.load(open(os.path.join(t, "results.json"))))
    if sorted(want) != got or ts["tests"] != len(want) or not os.path.exists(os.path.join(t, "junit.xml")):
        bad.append(f"task {i}: {ts['tests']} tests, wanted {len(want)}")
    n += ts["tests"]
if n != s["tests"]:
    bad.append(f"tasks ran {n} tests, merged {s['tests']}")
print("; ".join(bad) if bad else f"3 tasks, {n} tests, shrink job {e['shrink_job']}")
sys.exit(1 if bad else 0)
PY
)
[ $? -eq 0 ] && ok "each task wrote its own junit.xml and summary.json, its slice of the list: $res" \
  || bad "each task wrote its own junit.xml and summary.json" "$res"

# 2. a running task cancelled: named with its tests, resubmitted once, nothing lost. The setup line
# (--slurm-setup, where a cluster loads its modules) holds task 1's first attempt so it can be seen
# running; its second attempt finds the mark and runs.
pass_sel=(--build "$build" --suites directed,inject --jobs 1 --timeout 120 --only 'directed.*:sem_*,directed.*:cfg_*,inject:unp_conv_*,inject:mop_*')
python3 tools/regress.py "${pass_sel[@]}" --out "$dir/local2" > "$dir/local2.log" 2>&1
hold=$dir/hold
"${submit[@]}" "${pass_sel[@]}" --out "$dir/cancel" --engine slurm --slurm-tasks 3 --slurm-poll 0.5 \
  --slurm-grace 2 --slurm-time 10 \
  --slurm-setup "if [ \"\$SLURM_ARRAY_TASK_ID\" = 1 ] && mkdir '$hold' 2> /dev/null; then sleep 300; fi" \
  > "$dir/cancel.log" 2>&1 &
reg=$!
victim=""
for _ in $(seq 240); do
  [ -d "$hold" ] && victim=$(squeue -h -r -t running -n ttcosim-regress-1 -o '%i %K' | awk '$2 == 1 {print $1}')
  [ -n "$victim" ] && break
  sleep 0.5
done
if [ -n "$victim" ]; then
  scancel "$victim"
  ok "array task 1 seen running ($victim) and cancelled"
else
  bad "array task 1 seen running" "not within 120 s: $(squeue 2>&1 | tail -5)"
fi
wait $reg
rc=$?
[ $rc -eq 0 ] && ok "the regression with a cancelled task passes (exit 0)" \
  || bad "the regression with a cancelled task passes" "exit $rc: $(tail -5 "$dir/cancel.log")"
if res=$(python3 "$dir/compare.py" "$dir/local2" "$dir/cancel" 2>&1); then
  ok "after the resubmission the merged result equals the local engine's: $res"
else
  bad "after the resubmission the merged result equals the local engine's" "$res"
fi
res=$(python3 - "$dir/cancel" "$victim" 2>&1 <<'PY'
import json, os, sys
d, victim = sys.argv[1], sys.argv[2]
s = json.load(open(os.path.join(d, "summary.json")))
m = json.load(open(os.path.join(d, "slurm/manifest.json")))
lost = s["engine"]["lost"]
want = [f"{x['suite']}:{x['name']}" for x in m["tests"][1::3]]
if (len(lost) != 1 or lost[0]["task"] != 1 or lost[0]["tests"] != want or not lost[0]["recovered"]
        or lost[0]["attempts"] != [{"job": victim, "state": "CANCELLED"}] or len(s["engine"]["jobs"]) != 2):
    print(f"summary engine: {json.dumps(s['engine'])[:800]}, wanted task 1 ({victim}) CANCELLED with {want}")
    sys.exit(1)
print(f"{victim} CANCELLED, its {len(want)} tests rerun as job {s['engine']['jobs'][1]}")
PY
)
[ $? -eq 0 ] && ok "summary.json names the cancelled task, its state and its tests: $res" \
  || bad "summary.json names the cancelled task, its state and its tests" "$res"
grep -q "array task 1 (job $victim) ended CANCELLED without a result; its [0-9]* tests (.*) go again" "$dir/cancel.log" \
  && ok "the report line names the cancelled task and its tests" \
  || bad "the report line names the cancelled task and its tests" "$(grep -m2 'array task' "$dir/cancel.log")"

# 3. a task that fails on both attempts (its setup line exits): its tests are JUnit errors
"${submit[@]}" "${pass_sel[@]}" --out "$dir/dead" --engine slurm --slurm-tasks 3 --slurm-poll 0.5 \
  --slurm-grace 2 --slurm-time 10 --slurm-setup '[ "$SLURM_ARRAY_TASK_ID" = 2 ] && echo "setup failed" && exit 3' \
  > "$dir/dead.log" 2>&1
rc=$?
[ $rc -eq 1 ] && ok "a task that fails twice fails the regression (exit 1)" \
  || bad "a task that fails twice fails the regression" "exit $rc: $(tail -5 "$dir/dead.log")"
res=$(python3 - "$dir/dead" "$dir/local2" 2>&1 <<'PY'
import json, os, sys
import xml.etree.ElementTree as ET
d, ref = sys.argv[1], sys.argv[2]
m = json.load(open(os.path.join(d, "slurm/manifest.json")))
s = json.load(open(os.path.join(d, "summary.json")))
jobs = s["engine"]["jobs"]
want = {f"{x['suite']}:{x['name']}" for x in m["tests"][2::3]}
errs, others = {}, set()
for tc in ET.parse(os.path.join(d, "junit.xml")).getroot().iter("testcase"):
    e = tc.find("error")
    k = f"{tc.get('classname')}:{tc.get('name')}"
    if e is not None:
        errs[k] = e.get("message")
    elif tc.find("failure") is None:
        others.add(k)
allref = {f"{tc.get('classname')}:{tc.get('name')}" for tc in ET.parse(os.path.join(ref, "junit.xml")).getroot().iter("testcase")}
msg = f"no result: array task 2 ended FAILED (job {jobs[0]}_2); resubmitted, ended FAILED (job {jobs[1]}_2)"
bad = []
if set(errs) != want:
    bad.append(f"errors {sorted(errs)[:4]}..., wanted {sorted(want)[:4]}...")
if any(v != msg for v in errs.values()):
    bad.append(f"message {next(iter(errs.values()), None)!r}, wanted {msg!r}")
if others | set(errs) != allref:
    bad.append("the merged list lost or added tests")
lost = s["engine"]["lost"]
if s["errors"] != len(want) or len(lost) != 1 or lost[0]["recovered"] or len(lost[0]["attempts"]) != 2:
    bad.append(f"summary: errors {s['errors']}, lost {json.dumps(lost)[:300]}")
print("; ".join(bad) if bad else f"{len(errs)} errors ({msg}), {len(others)} passed")
sys.exit(1 if bad else 0)
PY
)
[ $? -eq 0 ] && ok "its tests, and only they, are JUnit errors naming the task, both jobs and their state: $res" \
  || bad "its tests, and only they, are JUnit errors naming the task, both jobs and their state" "$res"
grep -q "setup failed" "$dir/dead/junit.xml" && ok "the error text has the task's log" \
  || bad "the error text has the task's log" "no 'setup failed' in $dir/dead/junit.xml"

# 3b. the submitter stopped (SIGTERM, as Ctrl-C) while a task runs: it cancels its jobs
hold2=$dir/hold2
"${submit[@]}" "${pass_sel[@]}" --out "$dir/stopped" --engine slurm --slurm-tasks 2 --slurm-poll 0.5 \
  --slurm-setup "if [ \"\$SLURM_ARRAY_TASK_ID\" = 0 ]; then mkdir -p '$hold2'; sleep 300; fi" > "$dir/stopped.log" 2>&1 &
reg=$!
for _ in $(seq 240); do [ -d "$hold2" ] && break; sleep 0.5; done
kill -TERM $reg
wait $reg
rc=$?
left=$(squeue -h -t pending,running,completing -o %i)
for _ in $(seq 20); do [ -z "$left" ] && break; sleep 0.5; left=$(squeue -h -t pending,running,completing -o %i); done
if [ -d "$hold2" ] && [ $rc -eq 130 ] && [ -z "$left" ] && grep -q "regress: stopped; cancelled jobs" "$dir/stopped.log"; then
  ok "SIGTERM to the submitter cancels its jobs (exit 130)"
else
  bad "SIGTERM to the submitter cancels its jobs" "exit $rc, left in the queue: '$left': $(tail -3 "$dir/stopped.log")"
fi

# 4. a cluster whose starter dies leaves no daemon: SIGTERM runs the starter's trap, SIGKILL the watcher
for sig in TERM KILL; do
  c2=$cl/sub_$sig
  bash -c '. tests/slurm/cluster.sh; cluster_start "$1" 1 $$ || exit 1; trap "cluster_stop \"$1\"" EXIT
           trap "exit 143" TERM; touch "$1/up"; while :; do sleep 0.2; done' starter "$c2" > "$dir/starter_$sig.log" 2>&1 &
  starter=$!
  for _ in $(seq 120); do [ -e "$c2/up" ] && break; sleep 0.5; done
  pids=$(cat "$c2/ctld.pid" "$c2/slurmd.pid.own" "$c2/munged.pid" 2>/dev/null | tr '\n' ' ')
  if [ ! -e "$c2/up" ] || [ -z "$pids" ]; then
    bad "SIG$sig: a second cluster starts" "$(cat "$dir/starter_$sig.log")"
    continue
  fi
  kill -s $sig $starter
  wait $starter 2> /dev/null     # (bash's "Killed" notice goes to the null device with it)
  left=$pids
  for _ in $(seq 60); do
    left=$(for p in $pids; do kill -0 "$p" 2>/dev/null && echo "$p"; done)
    [ -z "$left" ] && break
    sleep 0.5
  done
  [ -z "$left" ] && ok "SIG$sig to the starter stops its cluster's daemons ($pids)" \
    || bad "SIG$sig to the starter stops its cluster's daemons" "still running: $left"
done

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
