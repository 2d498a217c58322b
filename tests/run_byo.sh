#!/usr/bin/env bash
# run_byo.sh ALT_COSIM PROFILE MODEL FILE...: a "bring your own RTL" worked example (docs/design.md
# "Plug in your RTL"). ALT_COSIM is a lockstep binary built with an alternative configuration unit
# (make RTL_CFG=alt: build/ttcosim_cfgalt, profile cfg_alt; make RTL_CFG=rr: build/ttcosim_cfgrr,
# profile cfg_rr), PROFILE its timing profile, MODEL build/ttmodel.
#  1. every directed test passes in lockstep with +profile=PROFILE: the functional checks complete,
#     the timing rules checked with PROFILE's parameters, `expect retire` lines worked out for the
#     other profiles skipped (the PASS line counts them), lines tagged `profile PROFILE` checked;
#  2. the model alone with --timing-profile PROFILE ends every test in the same cycle as that
#     lockstep run (the scheduler decides by the same profile that judges it);
#  3. the profile matters: the alternative unit judged by every other known profile fails on a
#     timing rule; and the house RTL judged by PROFILE fails as well (HOUSE_COSIM, default
#     build/ttcosim);
#  4. constrained-random streams (config/GPR, unpack, pack) pass on the alternative unit
#     (BYO_RANDOM=k: k times 100, 50 and 30 seeds; 0 skips them; default 1);
#  5. the race suite (tests/hazard) reports every race on the alternative unit as well.
set -u
[ $# -ge 4 ] || { echo "usage: $0 ALT_COSIM PROFILE MODEL FILE..." >&2; exit 2; }
alt=$1
prof=$2
model=$3
shift 3
fail=0
tmp=$(mktemp -d)  # the suites' logs, removed at exit
trap 'rm -rf "$tmp"' EXIT
log=$tmp/directed.log

echo "== directed tests, lockstep with $alt (+profile=$prof)"
tests/run_directed.sh "$alt +profile=$prof" "$@" > "$log" 2>&1
rc=$?
grep -v ": PASS:" "$log"
grep ": PASS:" "$log" | grep -vc "profile $prof" | grep -qx 0 ||
  { echo "FAIL: a PASS line does not name the profile $prof"; fail=1; }
skipped=$(grep ": PASS:" "$log" | sed -n "s/.*profile $prof, \([0-9]*\) expect retire skipped.*/\1/p" |
          awk '{s += $1} END {print s + 0}')
echo "   other profiles' 'expect retire' lines skipped: $skipped"
[ "$skipped" -gt 0 ] || { echo "FAIL: no expect retire line was skipped"; fail=1; }
[ $rc -eq 0 ] || fail=1

echo "== directed tests, model alone with --timing-profile $prof against that lockstep run: the same final cycle"
match=0
total=0
while IFS= read -r line; do
  f=${line%%: PASS:*}
  cc=$(sed -n 's/.* \([0-9]*\) cycles,.*/\1/p' <<<"$line")
  total=$((total + 1))
  mo=$($model run --timing-profile $prof "$f" 2>&1)
  mrc=$?
  mc=$(grep ": PASS:" <<<"$mo" | sed -n 's/.* \([0-9]*\) cycles,.*/\1/p' | tail -1)
  if [ $mrc -eq 0 ] && [ -n "$mc" ] && [ "$mc" = "$cc" ]; then
    match=$((match + 1))
  else
    echo "DIFFERS $f: model ${mc:-fails (exit $mrc)}, lockstep $cc cycles"
    grep -v ": PASS:" <<<"$mo" | head -3 | sed 's/^/    /'
  fi
done < <(grep ": PASS:" "$log")
echo "$match of $total match"
[ $match -eq $total ] && [ $total -gt 0 ] || fail=1
rm -f "$log"

# (timing_cfg_throughput.tts: three threads' configuration instructions at once, where the units
# differ from the first cycle; a rule must fail, not only a hand-worked cycle)
t=tests/directed/timing_cfg_throughput.tts
others=$($alt "$t" +profile=/ 2>&1 | sed -n 's/.*known: //p' | tr -d ',')
[ -n "$others" ] || { echo "FAIL: $alt did not list its known profiles"; fail=1; }
for o in $others; do
  [ "$o" = "$prof" ] && continue
  echo "== the profile matters: $alt judged by $o fails on a timing rule"
  out=$($alt "$t" +profile=$o 2>&1)
  rc=$?
  if [ $rc -eq 1 ] && grep -q "MISMATCH (timing)" <<<"$out" && grep -Eq "^  T[0-9]+ [a-z]" <<<"$out"; then
    echo "ok: $t fails as it should: $(grep -E -m1 -o '^  T[0-9]+ [a-z ]*' <<<"$out" | sed 's/^ *//')"
  else
    echo "FAIL: $alt $t +profile=$o should fail with a MISMATCH (timing) on a rule; exit $rc"
    sed 's/^/    /' <<<"$out" | head -10
    fail=1
  fi
  out=$($alt "$t" +profile=$o +timing=0 2>&1)
  grep -q ": PASS:" <<<"$out" || { echo "FAIL: $t +profile=$o +timing=0 should pass (function only)"; fail=1; }
done

echo "== and the house RTL judged by $prof fails too (its unit takes three SETC16s in one cycle)"
house=${HOUSE_COSIM:-$(dirname "$alt")/ttcosim}
out=$($house "$t" +profile=$prof 2>&1)
rc=$?
if [ $rc -eq 1 ] && grep -Eq "^  T[0-9]+ [a-z]" <<<"$out"; then
  echo "ok: $t fails as it should: $(grep -E -m1 -o '^  T[0-9]+ [a-z ]*' <<<"$out" | sed 's/^ *//')"
else
  echo "FAIL: $house $t +profile=$prof should fail on a timing rule; exit $rc"
  sed 's/^/    /' <<<"$out" | head -10
  fail=1
fi

k=${BYO_RANDOM:-1}
echo "== random streams on the alternative unit (config/GPR $((100 * k)) seeds, unpack $((50 * k)), pack $((30 * k)))"
for g in "" --unpack --pack; do
  [ "$k" -gt 0 ] || break
  case "$g" in "") n=$((100 * k)) len=200 ;; --unpack) n=$((50 * k)) len=240 ;; *) n=$((30 * k)) len=200 ;; esac
  GEN_ARGS=$g tests/random/run_random.sh "$alt +profile=$prof" $n $len 1 > "$tmp/random.log" 2>&1 || fail=1
  grep -v "^PASS" "$tmp/random.log"
done
rm -f "$tmp/random.log"

echo "== races (tests/hazard) reported on the alternative unit too: the race detector orders by the pages, not by one RTL's timing"
tests/run_hazard.sh "$alt +profile=$prof" > "$tmp/hazard.log" 2>&1 || fail=1
grep -v "^PASS" "$tmp/hazard.log"
rm -f "$tmp/hazard.log"

[ $fail -eq 0 ] && echo "byo-test ($alt, $prof): passed"
exit $fail
