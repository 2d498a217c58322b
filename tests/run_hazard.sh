#!/usr/bin/env bash
# run_hazard.sh "COMMAND": the race detector (docs/decisions.md "Race detector"). Every
# tests/hazard/*.tts is a program with a race the hardware does not order; its header names, with
# "# expect-hazard: TEXT" lines, what the report must say (the element, the wait that orders it).
# COMMAND is a lockstep binary (build/ttcosim: COMMAND FILE +hazards=X) or "build/ttmodel run" (the
# model alone: COMMAND FILE --hazards X). Each must
#   - stop with exit status 1 and a "HAZARD" headline naming the file and line, and every TEXT;
#   - with +hazards=warn, report "HAZARD (warning)" before any mismatch and go on (a race the program
#     does not order may still end in a mismatch after it);
#   - with +hazards=off, report no HAZARD at all.
# Ends with "N passed, M failed".
set -u
bin=$1
case "$bin" in
*ttmodel*) warn_flag="--hazards warn" off_flag="--hazards off" ;;
*) warn_flag="+hazards=warn" off_flag="+hazards=off" ;;
esac
here=$(cd "$(dirname "$0")" && pwd)
dir=$here/hazard
case "$dir" in "$PWD"/*) dir=${dir#"$PWD"/} ;; esac
pass=0
fail=0
for t in "$dir"/*.tts; do
    name=$(basename "$t" .tts)
    out=$($bin "$t" 2>&1)
    rc=$?
    why=""
    if [ $rc -ne 1 ]; then
        why="exit $rc, not 1"
    elif ! grep -q "^$t:[0-9]*: HAZARD at cycle" <<<"$out"; then
        why="no 'FILE:LINE: HAZARD' headline"
    else
        while IFS= read -r want; do
            grep -qF -- "$want" <<<"$out" || why="the report lacks '$want'"
        done < <(sed -n 's/^# expect-hazard: //p' "$t")
    fi
    if [ -z "$why" ]; then
        # warn: the race is reported first and the run goes on (a mismatch the race leads to, such as
        # two writes meeting at one edge, may follow it)
        warn=$($bin "$t" $warn_flag 2>&1)
        grep -m1 -E "HAZARD|MISMATCH|MODEL STOP" <<<"$warn" | grep -q "HAZARD (warning)" ||
            why="+hazards=warn must report the race (HAZARD (warning)) before anything else"
    fi
    if [ -z "$why" ]; then
        off=$($bin "$t" $off_flag 2>&1)
        ! grep -q "HAZARD" <<<"$off" || why="+hazards=off must not report a race"
    fi
    if [ -z "$why" ]; then
        pass=$((pass + 1))
        echo "PASS $name: $(grep -m1 'HAZARD' <<<"$out")"
    else
        fail=$((fail + 1))
        echo "FAIL $name: $why"
        sed 's/^/    /' <<<"$out" | head -12
    fi
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ] && [ $pass -ge 2 ]
