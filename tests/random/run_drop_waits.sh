#!/usr/bin/env bash
# run_drop_waits.sh BINARY SEEDS [LENGTH] [FIRST_SEED] [unpack|pack|threads]: the race detector
# against programs that drop waits on purpose (tools/gen_random.py [--unpack|--pack] --drop-waits,
# docs/decisions.md "Race detector"). A seed whose program dropped a wait ("# dropped waits: N",
# N > 0) must end in HAZARD (exit 1, a HAZARD headline, no MISMATCH or MODEL STOP before it); one
# that dropped none must pass. Ends with "N passed, M failed".
set -u
bin=$1
seeds=$2
length=${3:-240}
first=${4:-1}
kind=${5:-unpack}
case $kind in unpack | pack) flag=--$kind name=_$kind ;; threads) flag="" name="" ;;
  *) echo "usage: $0 BINARY SEEDS [LENGTH] [FIRST_SEED] [unpack|pack|threads]" >&2; exit 2 ;; esac
here=$(cd "$(dirname "$0")/../.." && pwd)
out=${TMPDIR:-/tmp}/ttcosim_drop_waits.$$
mkdir -p "$out"
trap 'rm -rf "$out"' EXIT
python3 "$here/tools/gen_random.py" $flag --drop-waits --seeds "$seeds" --first-seed "$first" --length "$length" \
    --out "$out" || exit 2
pass=0
fail=0
for ((s = first; s < first + seeds; s++)); do
    t=$out/random${name}_${s}_${length}.tts
    dropped=$(sed -n 's/^# dropped waits: //p' "$t")
    res=$("$bin" "$t" 2>&1)
    rc=$?
    first_line=$(grep -m1 -E "HAZARD|MISMATCH|MODEL STOP|WATCHDOG|ERROR|: PASS" <<<"$res")
    if [ "${dropped:-0}" -gt 0 ]; then
        if [ $rc -eq 1 ] && grep -q ": HAZARD at cycle" <<<"$first_line"; then
            pass=$((pass + 1))
        else
            fail=$((fail + 1))
            echo "FAIL seed $s ($dropped waits dropped): exit $rc, not HAZARD: $first_line"
        fi
    elif [ $rc -eq 0 ]; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL seed $s (no wait dropped): exit $rc: $first_line"
    fi
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
