#!/usr/bin/env bash
# coverage_run.sh BUILD SEEDS WSEEDS LENGTH CONTROL: `make coverage` (Makefile "Coverage").
# Runs the directed tests and SEEDS seeds of each random generator on BUILD/ttcosim_cov with
# +coverage (functional bins) and +vlcov (Verilator line/toggle), two at a time; merges them
# ("before"); derives generator weights from the missed bins; runs WSEEDS weighted seeds of each
# generator (gen_random.py, --unpack, --pack: "after"; CONTROL=1: also WSEEDS unweighted seeds of
# the same numbers); prints the table.
set -u
build=$1 seeds=$2 wseeds=$3 len=$4 control=$5
here=$(cd "$(dirname "$0")/.." && pwd)
bin=$build/ttcosim_cov
dir=$build/coverage
rep="python3 $here/tools/coverage_report.py"
rm -rf "$dir"
mkdir -p "$dir"
t0=$(date +%s)

# run_set NAME FILE...: each file with coverage outputs in $dir/NAME/{json,dat}, logs of failures kept
run_set() {
  local name=$1
  shift
  mkdir -p "$dir/$name/json" "$dir/$name/dat" "$dir/$name/log"
  printf '%s\n' "$@" | xargs -P 2 -I{} sh -c '
    f={}; n=$(basename "$f" .tts)
    "$0" "$f" +coverage="$1/json/$n.json" +vlcov="$1/dat/$n.dat" > "$1/log/$n.log" 2>&1 || echo "FAIL $f (log: $1/log/$n.log)"
  ' "$bin" "$dir/$name"
  echo "$name: $# runs, $(( $(date +%s) - t0 )) s so far"
}

gen() { # gen OUTDIR FIRST N [generator options]
  local out=$1 first=$2 n=$3
  shift 3
  python3 "$here/tools/gen_random.py" "$@" --seeds "$n" --first-seed "$first" --length "$len" --out "$out"
}

echo "== coverage: directed tests and $seeds seeds of each random generator on $bin"
gen "$dir/tts" 1 "$seeds" && gen "$dir/tts" 1 "$seeds" --unpack && gen "$dir/tts" 1 "$seeds" --pack || exit 1
run_set base "$here"/tests/directed/*.tts "$dir"/tts/*.tts
$rep merge -o "$dir/before.json" "$dir/base/json" || exit 1
$rep weights "$dir/before.json" -o "$dir/weights.json" || exit 1
echo "weights toward the missed bins ($dir/weights.json): $(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['knobs'])" "$dir/weights.json")"

echo "== one weighted round: $wseeds seeds of each generator with --weights (tools/gen_weights.py)"
gen "$dir/wtts" 1001 "$wseeds" --weights "$dir/weights.json" &&
  gen "$dir/wtts" 1001 "$wseeds" --unpack --weights "$dir/weights.json" &&
  gen "$dir/wtts" 1001 "$wseeds" --pack --weights "$dir/weights.json" || exit 1
run_set weighted "$dir"/wtts/*.tts
$rep merge -o "$dir/after.json" "$dir/base/json" "$dir/weighted/json" || exit 1
if [ "$control" = 1 ]; then
  echo "== control: $wseeds unweighted seeds of the same numbers"
  gen "$dir/ctts" 1001 "$wseeds" && gen "$dir/ctts" 1001 "$wseeds" --unpack && gen "$dir/ctts" 1001 "$wseeds" --pack || exit 1
  run_set control "$dir"/ctts/*.tts
  $rep merge -o "$dir/control.json" "$dir/base/json" "$dir/control/json" || exit 1
fi

# Verilator's coverage points, merged (verilator_coverage sums counts per point)
verilator_coverage --write "$dir/before.dat" "$dir"/base/dat/*.dat > /dev/null || exit 1
verilator_coverage --write "$dir/after.dat" "$dir/before.dat" "$dir"/weighted/dat/*.dat > /dev/null || exit 1
rm -rf "$dir"/*/dat   # 2-3 MB a run, all in the merged files now
verilator_coverage --write-info "$dir/after.info" "$dir/after.dat" > /dev/null 2>&1

echo
echo "== coverage before the weighted round (directed + $seeds seeds x 3 generators)"
$rep report "$dir/before.json" --missed 0 --table-only
echo
echo "== coverage after one weighted round ($wseeds --weights seeds x 3 generators); 'before' = the figure above"
$rep report "$dir/after.json" --before "$dir/before.json" --vl "$dir/after.dat"
if [ "$control" = 1 ]; then
  echo
  echo "== control: the same round unweighted"
  $rep report "$dir/control.json" --before "$dir/before.json" --missed 0 --table-only
fi
echo "coverage: $(( $(date +%s) - t0 )) s; merged data in $dir (after.json, after.dat, after.info for genhtml)"
