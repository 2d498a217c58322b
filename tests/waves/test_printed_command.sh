#!/usr/bin/env bash
# test_printed_command.sh BUILD TEST: the gtkwave command a harness prints after a +trace run works
# from any directory (issue 28 part 4). From a fresh temporary directory, `BUILD/ttcosim TEST
# +trace=w.vcd` must print "waves: w.vcd (open with: gtkwave VCD VIEW)" with VCD and VIEW absolute
# paths that exist, and GTKWave started from there with them must show every signal of the view
# with the stall reasons by name (tests/waves/run_gtkwave_test.sh, whose translate-filter check
# fails when the view's filter path does not resolve from the current directory, as
# waves/stalls.gtkw's relative one does not). Ends with "N passed, M failed".
set -u
build=$(cd "${1:?usage: test_printed_command.sh BUILD TEST}" && pwd)
test=$(cd "$(dirname "${2:?usage: test_printed_command.sh BUILD TEST}")" && pwd)/$(basename "$2")
here=$(cd "$(dirname "$0")" && pwd)
pass=0
fail=0
ok() { echo "PASS: $*"; pass=$((pass + 1)); }
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }
tmp=$(mktemp -d /tmp/ttwcmd.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 2

"$build/ttcosim" "$test" +trace=w.vcd > out.txt 2>&1 || bad "the run failed: $(tail -3 out.txt)"
line=$(grep '^waves: w.vcd (open with: ' out.txt)
cmd=${line#waves: w.vcd (open with: }
cmd=${cmd%)}
read -r prog vcd view rest <<< "$cmd"
if [ "$prog" = gtkwave ] && [ -z "$rest" ] && [[ "$vcd" == /* ]] && [[ "$view" == /* ]]; then
    ok "printed command names both files by absolute path: $cmd"
else
    bad "printed command is not 'gtkwave /VCD /VIEW': '$line'"
fi
[ "$vcd" = "$tmp/w.vcd" ] && [ -s "$vcd" ] && ok "the VCD it names is the one written" \
    || bad "the VCD it names ($vcd) is not $tmp/w.vcd, or empty"
[ -r "$view" ] && ok "the view it names exists" || bad "the view it names ($view) does not exist"
if [ -r "$view" ] && [ -s "$vcd" ]; then
    if "$here/run_gtkwave_test.sh" "$vcd" "$view" > gtk.txt 2>&1; then
        ok "GTKWave, started from $tmp with the printed paths, shows the view and the stall names"
    else
        bad "GTKWave from $tmp with the printed paths: $(grep FAIL gtk.txt | head -3 | tr '\n' '|')"
    fi
fi
# the SystemC harness prints the same command (tb_gtkwave_command), when it is built
if [ -x "$build/ttcosim_sc" ]; then
    "$build/ttcosim_sc" "$test" +trace=sc.vcd > sc.txt 2>&1 || bad "ttcosim_sc: the run failed: $(tail -3 sc.txt)"
    want="waves: sc.vcd (open with: gtkwave $tmp/sc.vcd $view)"
    grep -qxF "$want" sc.txt && ok "ttcosim_sc prints the same command" \
        || bad "ttcosim_sc: no line '$want' in: $(grep '^waves:' sc.txt)"
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
