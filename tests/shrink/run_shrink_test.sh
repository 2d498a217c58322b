#!/usr/bin/env bash
# run_shrink_test.sh BUILD: the shrinker (tools/shrink.py) end to end. First its own tests against a
# stand-in harness (tests/shrink/test_shrink.py: dependencies, hangs, exit status 2, other failure
# kinds); then `tools/regress.py` on one random seed with an injected bug (mop_inner_short: the
# failure needs a MOP and its `store mop` lines) must report the failure, shrink the seed to under a
# tenth of its stream lines, and name the shrunk file and its repro in summary.json and junit.xml;
# the shrunk file must fail the same way (kind and mnemonic) under both harnesses and pass without
# the bug. Ends with "N passed, M failed".
set -u
build=${1:-build}
here=$(cd "$(dirname "$0")/../.." && pwd)
cd "$here" || exit 2
pass=0 fail=0
ok() { echo "PASS $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1: $2"; fail=$((fail + 1)); }

# the stand-in's tests in two halves beside the regress part (they mostly wait for Python to start)
mkdir -p "$build"
heavy=ShrinkTest.test_shrinks_to_the_needed_lines
python3 tests/shrink/test_shrink.py $heavy > "$build/shrink_unit1.log" 2>&1 & p1=$!
python3 tests/shrink/test_shrink.py -k classify -k bad -k budget -k expect -k model -k parallel -k passing -k other \
  > "$build/shrink_unit2.log" 2>&1 & p2=$!

inj=mop_inner_short seed=1000
dir=$build/shrink_test
python3 tools/regress.py --build "$build" --suites random --generators random --seeds 1 --first-seed $seed \
  --inject $inj --jobs 2 --shrink-budget 50 --out "$dir" > "$dir.log" 2>&1
rc=$?
[ $rc -eq 1 ] && ok "regress fails on the injected bug" || bad "regress fails on the injected bug" "exit $rc: $(tail -5 "$dir.log")"

# summary.json: every failure carries its shrunk file; much smaller; same kind and mnemonic
res=$(python3 - "$dir/summary.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
f = s["failures"]
sh = [x.get("shrunk", {}) for x in f]
if not f or not all(x.get("file") and x.get("repro") for x in sh):
    print("no shrunk file in", json.dumps(f)[:600]); sys.exit(1)
before, after = map(int, sh[0]["lines"].split(" -> "))
if after * 10 > before:
    print(f"not much smaller: {before} -> {after}"); sys.exit(1)
print(f"{sh[0]['file']} {sh[0]['kind']}|{sh[0]['insn']} {before} {after} {sh[0]['seconds']}")
PY
)
if [ $? -ne 0 ]; then
  bad "summary.json names a much smaller shrunk file" "$res"
else
  read -r min sig before after secs <<<"$(sed 's/ (/_(/' <<<"$res")"
  sig=${sig/_(/ (}
  ok "summary.json names a much smaller shrunk file: $before -> $after stream lines in $secs s"
  grep -q "shrunk ($before -&gt; $after stream lines): .*$(basename "$min")" "$dir/junit.xml" \
    && ok "junit.xml failure text has the shrunk repro" || bad "junit.xml failure text has the shrunk repro" "not found"
  # build/ttcosim is the speed build, without the injections: it must refuse the +inject loudly
  err=$("$build/ttcosim" "$min" +inject=$inj 2>&1 >/dev/null)
  r=$?
  [ $r -eq 2 ] && grep -q "this binary was built without injections; use build/ttcosim_sc" <<<"$err" \
    && ok "ttcosim (the speed build) refuses +inject=$inj, naming build/ttcosim_sc" \
    || bad "ttcosim (the speed build) refuses +inject=$inj, naming build/ttcosim_sc" "exit $r: $err"
  for h in ttcosim_sc; do
    "$build/$h" "$min" +inject=$inj +report="$dir/min_$h.json" > /dev/null 2>&1
    r=$?
    got=$(python3 -c "import json,sys; r=json.load(open(sys.argv[1])); print(r.get('kind'), (r.get('disasm') or '').split()[0] if r.get('disasm') else '', sep='|')" "$dir/min_$h.json" 2>/dev/null)
    [ $r -eq 1 ] && [ "$got" = "$sig" ] && ok "$h: the shrunk test fails the same way ($got)" \
      || bad "$h: the shrunk test fails the same way" "exit $r, '$got', wanted '$sig'"
    "$build/$h" "$min" > /dev/null 2>&1 && ok "$h: the shrunk test passes without the bug" \
      || bad "$h: the shrunk test passes without the bug" "exit $?"
  done
fi
for half in 1 2; do
  pid=$([ $half = 1 ] && echo $p1 || echo $p2)
  if wait "$pid"; then
    ok "shrink.py against the stand-in harness, part $half ($(grep -m1 '^Ran ' "$build/shrink_unit$half.log"))"
  else
    bad "shrink.py against the stand-in harness, part $half" "$(tail -30 "$build/shrink_unit$half.log")"
  fi
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
