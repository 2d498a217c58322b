#!/usr/bin/env bash
# test_bench_pair.sh: tools/bench_pair.py's checks on stand-in binaries (no Verilator build): an
# unknown commit, a run that fails its checks on either side, a run that exits 0 without PASS,
# cycles that are not close, and the table of a passing pair. Each case fails this test if the
# script's behaviour changes.
set -uo pipefail
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

# stand-in NAME CYCLES STATUS EXIT: a ttcosim and a ttmodel printing one summary line
stand_in() {
  mkdir -p "$tmp/$1"
  printf '#!/bin/bash\necho "$1: %s: 60000 instructions, 0 L1 writes and 0 register-file rows checked, %s cycles, 1 cycles/s (load 0.00 s, sim 0.00 s), srnd seed 1"\nexit %s\n' \
    "$3" "$2" "$4" >"$tmp/$1/ttcosim"
  # the model: --help names --untimed; a run with it is untimed
  printf '#!/bin/bash\n[ "$1" = --help ] && { echo "usage: ttmodel run FILE [--untimed]"; exit 0; }\nt="timing checked"; [ "$3" = --untimed ] && t=untimed\necho "$2: %s: 60000 instructions, 0 L1 writes, $t, %s cycles, 1 instructions/s, srnd seed 1"\nexit %s\n' \
    "$3" "$2" "$4" >"$tmp/$1/ttmodel"
  chmod +x "$tmp/$1"/*
}
stand_in good 70000 PASS 0
stand_in good2 70500 PASS 0
stand_in far 40000 PASS 0
stand_in bad 70000 FAIL 1
stand_in silent 70000 FAIL 0
# a ttmodel without --untimed whose run checks timing: the untimed mode must refuse it
stand_in nountimed 70000 PASS 0
sed -i 's/echo "usage: ttmodel run FILE \[--untimed\]"/echo "usage: ttmodel run FILE"/' "$tmp/nountimed/ttmodel"

# expect NAME WANT_RC PATTERN ARGS...: the script's exit code and a line of its output
expect() {
  local name=$1 want=$2 pat=$3 out rc
  shift 3
  out=$(python3 tools/bench_pair.py --build "$tmp/build" --runs 1 "$@" 2>&1)
  rc=$?
  if [ "$rc" != "$want" ] || ! grep -qE -- "$pat" <<<"$out"; then
    echo "FAIL $name: exit $rc (want $want), output without /$pat/:"; printf '%s\n' "$out" | tail -8
    fail=1
  else
    echo "ok   $name"
  fi
}

expect unknown_commit 1 "unknown commit 'no-such-commit'" --ref no-such-commit --head-bin "$tmp/good"
expect ref_fails 1 'REF fails this tree.s stream' --ref-bin "$tmp/bad" --head-bin "$tmp/good" --streams config
expect head_fails 1 'run failed its checks \(exit 1\)' --ref-bin "$tmp/good" --head-bin "$tmp/bad" --streams config
expect exit0_without_pass 1 'run failed its checks \(exit 0\)' --ref-bin "$tmp/good" --head-bin "$tmp/silent" --streams config
expect head_not_built 1 'not built' --ref-bin "$tmp/good" --head-bin "$tmp/none"
expect table 0 '^\| config \| model \| [0-9.]+ \| [0-9.]+ \| [0-9.]+x \| .* \| 70,000 \| 70,500 \| [0-9.]+x \|$' \
  --ref-bin "$tmp/good" --head-bin "$tmp/good2" --streams config
expect cycles_not_close 0 'note: tile rtl: cycles not close: REF 70000, HEAD 40000' \
  --ref-bin "$tmp/good" --head-bin "$tmp/far" --streams tile --modes rtl
expect untimed_refused 1 'config untimed: a run checked timing' \
  --ref-bin "$tmp/nountimed" --head-bin "$tmp/good" --streams config --modes untimed
expect untimed_ok 0 '^\| config \| untimed \| ' --ref-bin "$tmp/good" --head-bin "$tmp/good2" --streams config --modes untimed
[ "$fail" = 0 ] && echo "test_bench_pair: all passed"
exit "$fail"
