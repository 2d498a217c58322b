#!/usr/bin/env bash
# run_signals.sh BUILD: SIGINT and SIGTERM stop a lockstep run cleanly (issue 8 part 1): exit status
# 128 + signal, an INTERRUPTED summary line, the JSON report written with result "interrupted", and
# the VCD flushed up to the cycle the run stopped at. The run is started with setsid so that it is
# not a background job that ignores SIGINT (a test that proves nothing). Ends with "N passed, M failed".
set -u
b=${1:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0
test=tests/negative/run_deadlock_semwait.tts   # deadlocks: runs until stopped
for bin in ttcosim ttcosim_sc; do
    for sig in INT TERM; do
        name="$bin SIG$sig"
        rm -f "$tmp"/*
        setsid "$b/$bin" "$test" +max_cycles=1000000000000 +report="$tmp/r.json" +trace="$tmp/t.vcd" \
            >"$tmp/out" 2>"$tmp/err" &
        pid=$!
        # wait until it simulates (its VCD grows), at most 20 s
        for _ in $(seq 200); do
            [ -s "$tmp/t.vcd" ] && [ "$(stat -c %s "$tmp/t.vcd")" -gt 4096 ] && break
            sleep 0.1
        done
        kill -s "$sig" "$pid"
        wait "$pid"
        rc=$?
        want=$((128 + $(kill -l "$sig")))
        cycles=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1])).get("cycles", -1))' "$tmp/r.json" 2>/dev/null)
        result=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1])).get("result", ""))' "$tmp/r.json" 2>/dev/null)
        last_ts=$(grep -E '^#[0-9]+$' "$tmp/t.vcd" | tail -n 1 | tr -d '#')
        why=""
        if [ "$rc" -ne "$want" ]; then why="exit status $rc, expected $want"
        elif ! grep -q "INTERRUPTED by SIG$sig" "$tmp/out"; then why="no INTERRUPTED line: $(head -c 300 "$tmp/out" "$tmp/err")"
        elif [ "$result" != "interrupted" ]; then why="report result '$result', expected 'interrupted'"
        elif [ -z "$last_ts" ] || [ "$cycles" -lt 2 ] || [ "$last_ts" -lt $(( (cycles - 2) * 10 )) ]; then
            why="the VCD ends at time ${last_ts:-none}, the run stopped at cycle $cycles: its tail was lost"
        fi
        if [ -n "$why" ]; then echo "FAIL $name: $why"; fail=$((fail + 1)); else echo "PASS $name: exit $rc, $cycles cycles, VCD to #$last_ts"; pass=$((pass + 1)); fi
    done
done
# make regress (tools/regress.py): stopped while its tests run, it ends at once with 128 + signal,
# a one-line message and no traceback, and leaves none of its test processes behind
for sig in INT TERM; do
    name="regress.py SIG$sig"
    rm -rf "$tmp"/*
    setsid python3 tools/regress.py --build "$b" --suites random --seeds 200 --jobs 2 --out "${tmp#$PWD/}/rg" \
        >"$tmp/out" 2>"$tmp/err" &
    pid=$!
    for _ in $(seq 200); do [ -d "$tmp/rg" ] && break; sleep 0.1; done
    sleep 1
    kill -s "$sig" "$pid"
    wait "$pid"
    rc=$?
    want=$((128 + $(kill -l "$sig")))
    sleep 0.5
    why=""
    if [ "$rc" -ne "$want" ]; then why="exit status $rc, expected $want"
    elif ! grep -q "interrupted" "$tmp/err"; then why="no 'interrupted' message: $(head -c 300 "$tmp/err")"
    elif grep -q Traceback "$tmp/err" "$tmp/out"; then why="a traceback: $(tail -c 300 "$tmp/err")"
    elif pgrep -f "$tmp/rg/" >/dev/null; then why="its test processes still run: $(pgrep -af "$tmp/rg/" | head -2)"
    fi
    if [ -n "$why" ]; then echo "FAIL $name: $why"; fail=$((fail + 1)); else echo "PASS $name: exit $rc"; pass=$((pass + 1)); fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
