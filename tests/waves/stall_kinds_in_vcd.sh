#!/usr/bin/env bash
# stall_kinds_in_vcd.sh VCD KIND...: every named stall kind (NONE FIFO_EMPTY WAIT_GATE UNIT_BUSY
# SEM_WAIT MUTEX BANK_WAIT MATH_RULE UNP_ADDR ARB_LOST, the upper nibble of t*_stall_reason; tt_pkg stall_e) must appear at least once
# in the VCD, on any thread. Prints what it saw and ends with "N passed, M failed".
set -u
vcd=$1
shift
[ -s "$vcd" ] || { echo "no VCD at $vcd"; echo "0 passed, 1 failed"; exit 1; }
# ids of the three stall-reason vectors, then every value change of them (bXXXXXXXX id)
seen=$(awk '
  $1 == "$var" && $5 ~ /^t[012]_stall_reason$/ { id[$4] = 1 }
  $1 ~ /^b[01]+$/ && ($2 in id) { v = 0; s = substr($1, 2); for (i = 1; i <= length(s); i++) v = v * 2 + substr(s, i, 1); print int(v / 16) }
' "$vcd" | sort -u)
names=(NONE FIFO_EMPTY WAIT_GATE UNIT_BUSY SEM_WAIT MUTEX BANK_WAIT MATH_RULE UNP_ADDR ARB_LOST)
pass=0
fail=0
for want in "$@"; do
  k=-1
  for i in "${!names[@]}"; do [ "${names[$i]}" = "$want" ] && k=$i; done
  if [ $k -ge 0 ] && grep -qx "$k" <<<"$seen"; then
    echo "PASS stall kind $want seen"
    pass=$((pass + 1))
  else
    echo "FAIL stall kind $want never shown in $vcd"
    fail=$((fail + 1))
  fi
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
