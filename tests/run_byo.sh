#!/usr/bin/env bash
# run_byo.sh ALT_COSIM MODEL FILE...: the "bring your own RTL" worked example (docs/design.md "Plug in
# your RTL"). ALT_COSIM is the lockstep binary built with the alternative configuration unit
# (make RTL_CFG=alt: build/ttcosim_cfgalt), MODEL build/ttmodel.
#  1. every directed test passes in lockstep with +profile=cfg_alt: the functional checks complete,
#     the timing rules checked with cfg_alt's parameters, `expect retire` lines worked out for the
#     house profile skipped (the PASS line counts them), lines tagged `profile cfg_alt` checked;
#  2. the model alone with --timing-profile cfg_alt ends every test in the same cycle as that
#     lockstep run (the scheduler decides by the same profile that judges it);
#  3. the profile matters: the alternative unit judged by the house profile fails on a timing rule;
#     and the house RTL judged by cfg_alt fails as well (HOUSE_COSIM, default build/ttcosim);
#  4. constrained-random streams (config/GPR, unpack, pack) pass on the alternative unit;
#  5. the race suite (tests/hazard) reports every race on the alternative unit as well.
set -u
alt=$1
model=$2
shift 2
fail=0
tmp=$(mktemp -d)  # the suites' logs, removed at exit
trap 'rm -rf "$tmp"' EXIT

echo "== directed tests, lockstep with the alternative configuration unit (+profile=cfg_alt)"
tests/run_directed.sh "$alt +profile=cfg_alt" "$@" > "$tmp/directed.log" 2>&1
rc=$?
grep -v ": PASS:" "$tmp/directed.log"
grep ": PASS:" "$tmp/directed.log" | grep -vc "profile cfg_alt" | grep -qx 0 ||
  { echo "FAIL: a PASS line does not name the profile cfg_alt"; fail=1; }
skipped=$(grep ": PASS:" "$tmp/directed.log" | sed -n 's/.*profile cfg_alt, \([0-9]*\) expect retire skipped.*/\1/p' |
          awk '{s += $1} END {print s + 0}')
echo "   house-profile 'expect retire' lines skipped: $skipped"
[ "$skipped" -gt 0 ] || { echo "FAIL: no expect retire line was skipped"; fail=1; }
[ $rc -eq 0 ] || fail=1

echo "== directed tests, model alone with --timing-profile cfg_alt against that lockstep run: the same final cycle"
match=0
total=0
while IFS= read -r line; do
  f=${line%%: PASS:*}
  cc=$(sed -n 's/.* \([0-9]*\) cycles,.*/\1/p' <<<"$line")
  total=$((total + 1))
  mo=$($model run --timing-profile cfg_alt "$f" 2>&1)
  mrc=$?
  mc=$(grep ": PASS:" <<<"$mo" | sed -n 's/.* \([0-9]*\) cycles,.*/\1/p' | tail -1)
  if [ $mrc -eq 0 ] && [ -n "$mc" ] && [ "$mc" = "$cc" ]; then
    match=$((match + 1))
  else
    echo "DIFFERS $f: model ${mc:-fails (exit $mrc)}, lockstep $cc cycles"
    grep -v ": PASS:" <<<"$mo" | head -3 | sed 's/^/    /'
  fi
done < <(grep ": PASS:" "$tmp/directed.log")
echo "$match of $total match"
[ $match -eq $total ] && [ $total -gt 0 ] || fail=1
rm -f "$tmp/directed.log"

echo "== the profile matters: the alternative unit under the house profile fails on a timing rule"
# (a test without `expect retire` lines, so that a rule, not a hand-worked cycle, is what fails)
t=tests/directed/first_test.tts
grep -q "^expect retire" "$t" && { echo "FAIL: $t has expect retire lines"; fail=1; }
out=$($alt "$t" 2>&1)
rc=$?
if [ $rc -eq 1 ] && grep -q "MISMATCH (timing)" <<<"$out" && grep -Eq "^  T[0-9]+ [a-z]" <<<"$out"; then
  echo "ok: $t fails as it should: $(grep -E -m1 -o '^  T[0-9]+ [a-z ]*' <<<"$out" | sed 's/^ *//')"
else
  echo "FAIL: $alt $t (house profile) should fail with a MISMATCH (timing); exit $rc"
  sed 's/^/    /' <<<"$out" | head -10
  fail=1
fi
out=$($alt "$t" +profile=cfg_alt +timing=0 2>&1)
grep -q ": PASS:" <<<"$out" || { echo "FAIL: $t with +timing=0 should pass (function only)"; fail=1; }

echo "== and the house RTL (build/ttcosim) under cfg_alt fails too (its unit takes three SETC16s in one cycle)"
house=${HOUSE_COSIM:-$(dirname "$alt")/ttcosim}
t=tests/directed/timing_cfg_throughput.tts
out=$($house "$t" +profile=cfg_alt 2>&1)
rc=$?
if [ $rc -eq 1 ] && grep -Eq "^  T[0-9]+ [a-z]" <<<"$out"; then
  echo "ok: $t fails as it should: $(grep -E -m1 -o '^  T[0-9]+ [a-z ]*' <<<"$out" | sed 's/^ *//')"
else
  echo "FAIL: $house $t +profile=cfg_alt should fail on a timing rule; exit $rc"
  sed 's/^/    /' <<<"$out" | head -10
  fail=1
fi

echo "== random streams on the alternative unit (config/GPR 100 seeds, unpack 50, pack 30)"
for g in "" --unpack --pack; do
  case "$g" in "") n=100 len=200 ;; --unpack) n=50 len=240 ;; *) n=30 len=200 ;; esac
  GEN_ARGS=$g tests/random/run_random.sh "$alt +profile=cfg_alt" $n $len 1 > "$tmp/random.log" 2>&1 || fail=1
  grep -v "^PASS" "$tmp/random.log"
done
rm -f "$tmp/random.log"

echo "== races (tests/hazard) reported on the alternative unit too: the race detector orders by the pages, not by one RTL's timing"
tests/run_hazard.sh "$alt +profile=cfg_alt" > "$tmp/hazard.log" 2>&1 || fail=1
grep -v "^PASS" "$tmp/hazard.log"
rm -f "$tmp/hazard.log"

[ $fail -eq 0 ] && echo "byo-test: passed"
exit $fail
