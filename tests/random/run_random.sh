#!/usr/bin/env bash
# run_random.sh BINARY N_SEEDS LENGTH [FIRST_SEED]
# Generates N_SEEDS constrained-random tests (tools/gen_random.py, LENGTH items per thread, seeds
# FIRST_SEED.. FIRST_SEED+N_SEEDS-1) and runs each with BINARY (build/ttcosim, build/ttcosim_sc or
# "build/ttmodel run"). In lockstep the per-retire comparison is the check. One line per seed, then
# "N passed, M failed". A failing seed's .tts is kept (in $RANDOM_DIR, default a temporary
# directory) and its repro command printed. Exit status 1 when any seed failed. GEN_ARGS adds
# generator options (GEN_ARGS=--unpack: the unpack streams of tools/random_unpack.py; --pack: tools/random_pack.py).
set -u
if [ $# -lt 3 ]; then
  echo "usage: $0 BINARY N_SEEDS LENGTH [FIRST_SEED]" >&2
  exit 2
fi
bin=$1 n=$2 len=$3 first=${4:-1}
here=$(cd "$(dirname "$0")/../.." && pwd)
gen="$here/tools/gen_random.py"
dir=${RANDOM_DIR:-$(mktemp -d /tmp/ttrandom.XXXXXX)}
mkdir -p "$dir"
tag=$(basename "${bin%% *}")   # two harnesses may share RANDOM_DIR at once
kind=${GEN_ARGS:+_${GEN_ARGS#--}}   # file names: random_SEED, random_unpack_SEED, random_pack_SEED
pass=0 fail=0
# every seed in one generator run (issue 8 part 6: one interpreter start per seed took minutes)
gdir="$dir/gen_${tag}"
# shellcheck disable=SC2086 # GEN_ARGS is a list of options
if ! python3 "$gen" ${GEN_ARGS:-} --seeds "$n" --first-seed "$first" --length "$len" --out "$gdir"; then
  echo "FAIL: generator error"; echo "0 passed, $n failed"; exit 1
fi
for ((s = first; s < first + n; s++)); do
  f="$dir/random${kind}_${s}_${len}_${tag}.tts"
  if ! mv "$gdir/random${kind}_${s}_${len}.tts" "$f"; then
    echo "FAIL seed $s: generator error"; fail=$((fail + 1)); continue
  fi
  if out=$($bin "$f" 2>&1); then
    echo "PASS seed $s: $(printf '%s\n' "$out" | tail -1)"
    pass=$((pass + 1))
    rm -f "$f"
  else
    rc=$?
    echo "FAIL seed $s (exit $rc): $(printf '%s\n' "$out" | grep -m1 -iE 'mismatch|undefined|unimplemented|unsupported|watchdog|error|FAIL' || printf '%s\n' "$out" | tail -1)"
    echo "  kept: $f"
    echo "  repro: python3 tools/gen_random.py ${GEN_ARGS:-}${GEN_ARGS:+ }--seed $s --length $len -o $f && $bin $f"
    fail=$((fail + 1))
  fi
done
rmdir "$gdir" 2>/dev/null
[ -n "${RANDOM_DIR:-}" ] || { [ $fail -eq 0 ] && rmdir "$dir" 2>/dev/null; }
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
