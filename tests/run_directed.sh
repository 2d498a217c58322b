#!/usr/bin/env bash
# run_directed.sh "COMMAND" FILE...: runs COMMAND FILE for each directed test; a test passes when
# COMMAND exits 0 and printed its PASS line. Ends with the closing line "N passed, M failed".
set -u
cmd=$1
shift
pass=0
fail=0
for f in "$@"; do
  out=$($cmd "$f" 2>&1)
  rc=$?
  if [ $rc -eq 0 ] && grep -q ": PASS:" <<<"$out"; then
    pass=$((pass + 1))
    grep ": PASS:" <<<"$out" | tail -1
  else
    fail=$((fail + 1))
    echo "FAIL (exit $rc): $cmd $f"
    sed 's/^/    /' <<<"$out" | head -60
  fi
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ] && [ $pass -gt 0 ]
