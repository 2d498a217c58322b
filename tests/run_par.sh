#!/usr/bin/env bash
# run_par.sh TITLE COMMAND [TITLE COMMAND ...]: runs the suites' commands at once (make test's passes
# are independent: each runner keeps its own temporary files), then prints each one's output in the
# order given under "== TITLE", as running them one after the other would. Exits 1 if any command
# failed (each failure named at the end), 2 on a bad call. Why: the runners are one process at a
# time and this machine has 2 cores (docs/tests.md "make test's time").
set -u
if [ $# -eq 0 ] || [ $(($# % 2)) -ne 0 ]; then
  echo "usage: $0 TITLE COMMAND [TITLE COMMAND ...]" >&2
  exit 2
fi
tmp=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$tmp"' EXIT
titles=() pids=()
n=0
while [ $# -gt 0 ]; do
  titles+=("$1")
  bash -c "$2" >"$tmp/$n.out" 2>&1 &
  pids+=($!)
  n=$((n + 1))
  shift 2
done
failed=()
for ((i = 0; i < n; i++)); do
  wait "${pids[$i]}"
  rc=$?
  echo "== ${titles[$i]}"
  cat "$tmp/$i.out"
  [ $rc -eq 0 ] || failed+=("${titles[$i]} (exit $rc)")
done
trap - EXIT
rm -rf "$tmp"
for f in "${failed[@]}"; do echo "FAILED: $f"; done
[ ${#failed[@]} -eq 0 ]
