#!/usr/bin/env bash
# run_model_timing.sh MODEL COSIM FILE...: the model alone is cycle-level (issue 27 part 2). For each
# test, runs "MODEL run FILE" (the cycle-level scheduler: it checks the test's `expect retire` lines
# and its timing reference judges every cycle) and "COSIM FILE" (lockstep), and compares the final
# cycle counts of their PASS lines. A test matches when both pass with the same count. Lists each
# test that differs (or fails on either side), and ends with "N of M match".
set -u
model=$1
cosim=$2
shift 2
match=0
total=0
for f in "$@"; do
  total=$((total + 1))
  mo=$($model run "$f" 2>&1)
  mrc=$?
  co=$($cosim "$f" 2>&1)
  crc=$?
  mc=$(grep ": PASS:" <<<"$mo" | sed -n 's/.* \([0-9]*\) cycles,.*/\1/p' | tail -1)
  cc=$(grep ": PASS:" <<<"$co" | sed -n 's/.* \([0-9]*\) cycles,.*/\1/p' | tail -1)
  if [ $mrc -eq 0 ] && [ $crc -eq 0 ] && [ -n "$mc" ] && [ "$mc" = "$cc" ]; then
    match=$((match + 1))
    continue
  fi
  if [ $crc -ne 0 ] || [ -z "$cc" ]; then
    echo "DIFFERS $f: lockstep does not pass (exit $crc)"
  elif [ $mrc -ne 0 ] || [ -z "$mc" ]; then
    echo "DIFFERS $f: model fails (exit $mrc), lockstep $cc cycles"
    grep -v ": FAIL:" <<<"$mo" | head -3 | sed 's/^/    /'
  else
    echo "DIFFERS $f: model $mc cycles, lockstep $cc cycles"
  fi
done
echo "$match of $total match"
[ $match -eq $total ]
