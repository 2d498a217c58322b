#!/usr/bin/env bash
# run_inject.sh BINARY: (build/ttcosim_sc: build/ttcosim, the speed build, has none) every deliberate RTL bug (+inject=help lists them with the test that
# catches each) must make its lockstep run fail with exit status 1 and a mismatch report naming
# the instruction; the same test without the bug must pass. An injection named "drained" is a
# state change only a drained point's read-back sees: with +readback=end its test must pass. An
# injection named t_* is a timing bug (the timing reference's rules): with +timing=0 (function
# only) its test must pass, or the bug is not a pure timing bug and the timing check proves nothing.
# Every other injection must be caught with +timing=0 too (functional checking does not need the
# timing trace, docs/design.md "Optional outputs"), one caught at the wait gate there as well. An
# RTL ERROR headline (the RTL's own error report) counts as a catch like a MISMATCH.
# Ends with "N passed, M failed". With SHARD/SHARDS (run_inject.sh BINARY 0/2, 1/2) only every
# SHARDS-th injection from the SHARD-th (counted from 0) runs: make inject runs the shards at once
# (tests/run_par.sh; docs/tests.md "make test's time").
set -u
bin=$1
shard=${2:-0/1}
if ! [[ "$shard" =~ ^([0-9]+)/([1-9][0-9]*)$ ]] || [ "${BASH_REMATCH[1]}" -ge "${BASH_REMATCH[2]}" ]; then
  echo "usage: $0 BINARY [SHARD/SHARDS], SHARD < SHARDS (e.g. 0/2); got '$shard'" >&2
  exit 2
fi
# build/ttcosim is the speed build, without the injections: it refuses every +inject, so say so once
# instead of failing each injection (make inject runs build/ttcosim_sc)
first=$("$bin" +inject=help | awk 'NR == 2 { print $1 " " $3 }')
if no_inj=$("$bin" ${first#* } "+inject=${first%% *}" 2>&1 >/dev/null | grep "built without injections"); then
  echo "FAIL $bin: $no_inj" >&2
  exit 2
fi
shard_i=${BASH_REMATCH[1]}
shard_n=${BASH_REMATCH[2]}
idx=-1
pass=0
fail=0
# Each injection has a bit of its own: two names on one bit would each switch on the other's bug too
# (atgetm_no_hold and move_bank_no_hold once shared 141 and 142 with pack_setreg_half/_clr).
dups=$([ "$shard_i" -eq 0 ] && "$bin" +inject=help | tail -n +2 | awk '{print $2}' | sort -n | uniq -d | tr '\n' ' ')
if [ -n "$dups" ]; then
  fail=$((fail + 1))
  echo "FAIL injection bits used by more than one injection: $dups"
  "$bin" +inject=help | tail -n +2 | awk -v d=" $dups" 'index(d, " " $2 " ") { print "    " $1 " bit " $2 }'
fi
while read -r name bit test insn _; do
  idx=$((idx + 1))
  [ $((idx % shard_n)) -eq "$shard_i" ] || continue
  clean=$("$bin" "$test" 2>&1)
  crc=$?
  out=$("$bin" "$test" "+inject=$name" 2>&1)
  rc=$?
  if [ $crc -ne 0 ]; then
    fail=$((fail + 1))
    echo "FAIL $name: $test fails even without the injection (exit $crc)"
    sed 's/^/    /' <<<"$clean" | head -20
  elif [ "$insn" = drained ] && ! end_out=$("$bin" "$test" "+inject=$name" +readback=end 2>&1); then
    # caught at a drained point only: the read-back after the run alone must not see it
    fail=$((fail + 1))
    echo "FAIL $name (bit $bit): with +readback=end it must pass (the end state is right), but:"
    sed 's/^/    /' <<<"$end_out" | head -20
  elif [[ "$name" == t_* ]] && ! t_out=$("$bin" "$test" "+inject=$name" +timing=0 2>&1); then
    fail=$((fail + 1))
    echo "FAIL $name (bit $bit): a timing bug, so with +timing=0 its test must pass, but:"
    sed 's/^/    /' <<<"$t_out" | head -20
  elif [ $rc -eq 1 ] && grep -Eq "MISMATCH|RTL ERROR" <<<"$out" && grep -Em1 "MISMATCH|RTL ERROR" <<<"$out" | grep -q "$insn"; then
    head=$(grep -Em1 'MISMATCH|RTL ERROR' <<<"$out")
    if [[ "$name" != t_* ]]; then
      f_out=$("$bin" "$test" "+inject=$name" +timing=0 2>&1)
      frc=$?
      f_head=$(grep -Em1 'MISMATCH|RTL ERROR' <<<"$f_out")
      if [ $frc -ne 1 ] || [ -z "$f_head" ] || { grep -q "(wait gate)" <<<"$head" && ! grep -q "(wait gate)" <<<"$f_head"; }; then
        fail=$((fail + 1))
        echo "FAIL $name (bit $bit): not caught the same way with +timing=0 (exit $frc): ${f_head:-no failure headline}"
        sed 's/^/    /' <<<"$f_out" | head -20
        continue
      fi
    fi
    pass=$((pass + 1))
    echo "caught $name: $head"
  else
    fail=$((fail + 1))
    echo "FAIL $name (bit $bit): $bin $test +inject=$name exited $rc without a mismatch naming $insn"
    sed 's/^/    /' <<<"$out" | head -20
  fi
done < <("$bin" +inject=help | tail -n +2)
echo "$pass passed, $fail failed"
[ $fail -eq 0 ] && [ $pass -ge 5 ]
