#!/usr/bin/env bash
# run_both.sh BUILD GEN_ARGS SEEDS LENGTH FIRST_SEED: the random seeds under the C++ and the
# SystemC harness at once (2 cores), logs in BUILD/random/, failures and both summaries printed.
set -u
build=$1 args=$2 seeds=$3 len=$4 first=$5
tag=${args:+_${args#--}}   # --unpack -> _unpack, --pack -> _pack
mkdir -p "$build/random"
GEN_ARGS=$args RANDOM_DIR=$build/random tests/random/run_random.sh "$build/ttcosim" "$seeds" "$len" "$first" \
  > "$build/random/ttcosim$tag.log" 2>&1 &
pid=$!
GEN_ARGS=$args RANDOM_DIR=$build/random tests/random/run_random.sh "$build/ttcosim_sc" "$seeds" "$len" "$first" \
  > "$build/random/ttcosim_sc$tag.log" 2>&1
sc=$?
wait $pid
cc=$?
grep -h -A2 '^FAIL' "$build/random/ttcosim$tag.log" "$build/random/ttcosim_sc$tag.log"
echo "ttcosim (C++):"; tail -n 1 "$build/random/ttcosim$tag.log"
echo "ttcosim_sc (SystemC):"; tail -n 1 "$build/random/ttcosim_sc$tag.log"
[ $cc -eq 0 ] && [ $sc -eq 0 ]
