#!/usr/bin/env bash
# run_negative.sh BINARY: the negative tests. BINARY is a program with the ttmodel command line
# (build/ttmodel; the default when no argument is given).
#
# Every tests/negative/*.tts starts with one or more header lines
#     # expect-error: SUBSTRING      (the first line must be one; all given must appear in stderr)
#     # expect-line: N               (optional: stderr must contain "FILE:N:")
#     # expect-lockstep: SUBSTRING   (optional, lockstep only: stderr must contain it too; what
#                                    only the RTL prints, e.g. its own ERR_SFPU_UNDEFINED report)
# and `BINARY run FILE` must
#   - exit non-zero (not by a signal: a crash is a failure too),
#   - print every SUBSTRING to stderr,
#   - name FILE (the path as passed) in stderr,
#   - for a parse error (files named parse_*.tts) name the line as "FILE:N:" (N from
#     expect-line, or any line number when there is none).
# Then the command-line cases: `BINARY dis zzz` and `echo 'ttfoo 1' | BINARY asm` must exit
# non-zero with a clear message.
#
# Prints one line per test (PASS/FAIL name[: why]) and ends with "N passed, M failed"; exits 1
# when any failed.
#
# run_negative.sh --lockstep BINARY: the same files through a lockstep harness (`BINARY FILE`,
# build/ttcosim or build/ttcosim_sc), with the same requirements, plus the harness's own
# command-line cases.
set -u

mode=model
if [ "${1:-}" = "--lockstep" ]; then
    mode=lockstep
    shift
fi
bin=${1:-build/ttmodel}
here=$(cd "$(dirname "$0")" && pwd)
dir=${NEGATIVE_DIR:-$here/negative}
# Show paths relative to the current directory when the tests are below it.
case "$dir" in "$PWD"/*) dir=${dir#"$PWD"/} ;; esac

if [ ! -x "$bin" ]; then
    echo "run_negative.sh: '$bin' is not an executable (build it with 'make model')" >&2
    exit 2
fi

pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ok() { echo "PASS $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1: $2"; fail=$((fail + 1)); }

shopt -s nullglob
files=("$dir"/*.tts)
if [ ${#files[@]} -eq 0 ]; then
    echo "run_negative.sh: no tests in $dir" >&2
    exit 2
fi

for f in "${files[@]}"; do
    name=$(basename "$f" .tts)
    first=$(head -n 1 "$f")
    if [[ "$first" != "# expect-error: "* ]]; then
        bad "$name" "first line is not '# expect-error: SUBSTRING'"
        continue
    fi
    mapfile -t wants < <(sed -n 's/^# expect-error: //p' "$f")
    [ $mode = lockstep ] && mapfile -t -O "${#wants[@]}" wants < <(sed -n 's/^# expect-lockstep: //p' "$f")
    want_line=$(sed -n 's/^# expect-line: \([0-9][0-9]*\)$/\1/p' "$f" | head -n 1)

    if [ $mode = lockstep ]; then
        "$bin" "$f" >"$tmp/out" 2>"$tmp/err"
    else
        "$bin" run "$f" >"$tmp/out" 2>"$tmp/err"
    fi
    rc=$?
    why=""
    if [ $rc -eq 0 ]; then
        why="exit status 0 (expected an error)"
    elif [ $rc -ge 128 ]; then
        why="killed by signal $((rc - 128))"
    fi
    if [ -z "$why" ]; then
        for w in "${wants[@]}"; do
            if ! grep -qF -- "$w" "$tmp/err"; then
                why="stderr lacks '$w'"
                break
            fi
        done
    fi
    if [ -z "$why" ] && ! grep -qF -- "$f" "$tmp/err"; then
        why="stderr does not name the file '$f'"
    fi
    if [ -z "$why" ] && [[ "$name" == parse_* ]]; then
        if [ -n "$want_line" ]; then
            grep -qF -- "$f:$want_line:" "$tmp/err" || why="stderr does not name the line as '$f:$want_line:'"
        else
            grep -qE -- "$(printf '%s' "$f" | sed 's/[][\.*^$/]/\\&/g'):[0-9]+:" "$tmp/err" ||
                why="stderr does not name the line as '$f:N:'"
        fi
    fi
    if [ -n "$why" ]; then
        bad "$name" "$why; stderr was: $(head -c 400 "$tmp/err" | tr '\n' '|')"
    else
        ok "$name"
    fi
done

# Command-line errors.
cli() { # name, expected substring, command...
    local name=$1 want=$2
    shift 2
    "$@" >"$tmp/out" 2>"$tmp/err"
    local rc=$?
    if [ $rc -eq 0 ]; then
        bad "$name" "exit status 0 (expected an error)"
    elif [ $rc -ge 128 ]; then
        bad "$name" "killed by signal $((rc - 128))"
    elif ! grep -qF -- "$want" "$tmp/err"; then
        bad "$name" "stderr lacks '$want'; stderr was: $(head -c 400 "$tmp/err" | tr '\n' '|')"
    else
        ok "$name"
    fi
}
if [ $mode = lockstep ]; then
    cli cli_unknown_plusarg "unknown plusarg '+frob=1'" "$bin" "$dir/../directed/nop_dmanop.tts" +frob=1
    # issue 28 part 4: a misspelt plusarg gets the nearest known name (tb/suggest.h); one that is not
    # near any gets the usage; a known one without '=' says what it needs
    cli cli_plusarg_did_you_mean "unknown plusarg '+max_cycle=5'; did you mean '+max_cycles'?" "$bin" "$dir/../directed/nop_dmanop.tts" +max_cycle=5
    cli cli_plusarg_did_you_mean_dash "unknown plusarg '+wave-window=5'; did you mean '+wave_window'?" "$bin" "$dir/../directed/nop_dmanop.tts" +wave-window=5
    cli cli_plusarg_far_usage "usage:" "$bin" "$dir/../directed/nop_dmanop.tts" +frob=1
    cli cli_plusarg_no_value "plusarg '+max_cycles' needs a value: '+max_cycles=...'" "$bin" "$dir/../directed/nop_dmanop.tts" +max_cycles
    # issue 28 part 4: a cycle budget used up by the backdoor preload (reset, then one item a cycle)
    # says so instead of reporting threads that never started; first_test.tts preloads GPR 1 and 2
    cli cli_watchdog_in_preload "the cycle budget (+max_cycles=5) ran out during the preload of 2 items" "$bin" "$dir/../directed/first_test.tts" +max_cycles=5
    cli cli_watchdog_in_preload_raise "; raise +max_cycles" "$bin" "$dir/../directed/first_test.tts" +max_cycles=5
    printf 'max_cycles 5\ngpr 0 1 1\nthread 0\nttnop\n' > "$tmp/budget.tts"   # the budget from the test file
    cli cli_watchdog_in_preload_test_budget "the cycle budget (max_cycles 5 of the test file) ran out during the preload of 1 item (reset and preload took" "$bin" "$tmp/budget.tts"
    cli cli_watchdog_in_preload_test_raise "raise the test's max_cycles or give +max_cycles=N" "$bin" "$tmp/budget.tts"
    cli cli_bad_max_cycles "+max_cycles expects a decimal or 0x hex number" "$bin" "$dir/../directed/nop_dmanop.tts" +max_cycles=abc
    cli cli_unknown_injection "unknown injection 'nosuchbug'" "$bin" "$dir/../directed/nop_dmanop.tts" +inject=nosuchbug
    # issue 16: an empty list or name ran the test without any injection and passed
    cli cli_inject_empty "+inject: expected NAME[,NAME...] or help, got an empty value" "$bin" "$dir/../directed/nop_dmanop.tts" +inject=
    cli cli_inject_empty_name "+inject: empty name in 'sempost_no_sat,,rmwcib_lane'" "$bin" "$dir/../directed/nop_dmanop.tts" +inject=sempost_no_sat,,rmwcib_lane
    cli cli_inject_trailing_comma "+inject: empty name in 'sempost_no_sat,'" "$bin" "$dir/../directed/nop_dmanop.tts" +inject=sempost_no_sat,
    # issue 31: build/ttcosim, the speed build, ties the injection mask to 0; an +inject there must
    # fail and name the binary that holds them, never run without the bug and pass
    if [ "$(basename "$bin")" = ttcosim ]; then
        cli cli_inject_speed_build "+inject: this binary was built without injections; use build/ttcosim_sc" "$bin" "$dir/../directed/nop_dmanop.tts" +inject=sempost_no_sat
    fi
    cli cli_missing_test "cannot open test file" "$bin" "$dir/no_such_test.tts"
    cli cli_no_test "usage:" "$bin"
    # one number grammar, range-checked, for every plusarg (issue 8 part 1)
    t="$dir/../directed/nop_dmanop.tts"
    cli cli_max_cycles_zero "+max_cycles expects a decimal or 0x hex number in 1..1000000000000, got '0'" "$bin" "$t" +max_cycles=0
    cli cli_max_cycles_negative "got '-5'" "$bin" "$t" +max_cycles=-5
    cli cli_max_cycles_octal "octal is not accepted" "$bin" "$t" +max_cycles=010
    cli cli_max_cycles_overflow "(out of range)" "$bin" "$t" +max_cycles=18446744073709551616
    cli cli_trace_stop_zero "+trace_stop expects a decimal or 0x hex number in 1.." "$bin" "$t" +trace_stop=0
    cli cli_trace_window_empty "the trace window is empty" "$bin" "$t" +trace_start=10 +trace_stop=5
    cli cli_verilator_unknown "unknown Verilator runtime option '+verilator+frob'" "$bin" "$t" +verilator+frob
    cli cli_verilator_seed_bad "+verilator+seed expects a decimal or 0x hex number" "$bin" "$t" +verilator+seed+abc
    # outputs that cannot be written: found before the run, exit 2, the path named
    cli cli_report_full_disk "cannot write +report /dev/full" "$bin" "$t" +report=/dev/full
    cli cli_trace_full_disk "cannot write +trace /dev/full" "$bin" "$t" +trace=/dev/full
    cli cli_report_no_dir "cannot write +report /nonexistent/r.json" "$bin" "$t" +report=/nonexistent/r.json
    cli cli_timing_bad "+timing expects 0 or 1, got '2'" "$bin" "$t" +timing=2
    # +profile=NAME (issue 28, docs/design.md "Timing profiles"): a name no profile has, with the known ones
    cli cli_profile_unknown "+profile: unknown timing profile 'nosuch'; known: house, cfg_alt, cfg_rr" "$bin" "$t" +profile=nosuch
    # +readback=drain|end (issue 8 part 0, docs/design.md "Drained points")
    cli cli_readback_bad "+readback expects end or drain, got 'never'" "$bin" "$t" +readback=never
    cli cli_readback_empty "+readback expects end or drain, got ''" "$bin" "$t" +readback=
    cli cli_readback_case "+readback expects end or drain, got 'END'" "$bin" "$t" +readback=END
    # +wave_window=N (issue 8 part 4): 1..10^6 in the number grammar, a writable +wave_file
    cli cli_wave_window_zero "+wave_window expects a decimal or 0x hex number in 1..1000000, got '0'" "$bin" "$t" +wave_window=0
    cli cli_wave_window_too_big "+wave_window expects a decimal or 0x hex number in 1..1000000, got '1000001' (out of range)" "$bin" "$t" +wave_window=1000001
    cli cli_wave_window_octal "octal is not accepted" "$bin" "$t" +wave_window=050
    cli cli_wave_window_text "+wave_window expects a decimal or 0x hex number in 1..1000000, got '5k'" "$bin" "$t" +wave_window=5k
    cli cli_wave_window_empty "+wave_window expects a decimal or 0x hex number in 1..1000000, got ''" "$bin" "$t" +wave_window=
    cli cli_wave_file_alone "+wave_file needs +wave_window=N" "$bin" "$t" +wave_file="$tmp/w.vcd"
    cli cli_wave_window_no_check "+wave_window needs checking on" "$bin" "$t" +wave_window=5 +cosim=0
    cli cli_wave_file_full_disk "cannot write +wave_file /dev/full" "$bin" "$t" +wave_window=5 +wave_file=/dev/full
    cli cli_wave_file_no_dir "cannot write +wave_file /nonexistent/w.vcd" "$bin" "$t" +wave_window=5 +wave_file=/nonexistent/w.vcd
    cli cli_wave_file_is_trace "+trace and +wave_file name the same file $tmp/w.vcd" "$bin" "$t" +trace="$tmp/w.vcd" +wave_window=5 +wave_file="$tmp/w.vcd"
    echo "$pass passed, $fail failed"
    [ $fail -eq 0 ]
    exit
fi
cli cli_dis_not_hex "expected a 32-bit hex word, got 'zzz'" "$bin" dis zzz
cli cli_dis_too_wide "expected a 32-bit hex word" "$bin" dis 1ffffffff
cli cli_asm_unknown_mnemonic "unknown mnemonic 'ttfoo'" bash -c 'echo "ttfoo 1" | "$1" asm' _ "$bin"
cli cli_asm_line_number "<stdin>:2:" bash -c 'printf "ttnop\nttsetc16 1\n" | "$1" asm' _ "$bin"
# issue 16: a line longer than 1024 characters (a long comment) was cut in two and its tail read as
# a second instruction; it must assemble to one word and exit 0
long_comment="ttnop # $(printf '%*s' 3000 '' | tr ' ' c)"
if out=$(printf '%s\nttnop\n' "$long_comment" | "$bin" asm 2>"$tmp/err") && [ "$out" = $'0x02000000\n0x02000000' ]; then
    ok cli_asm_long_line
else
    bad cli_asm_long_line "expected two 0x02000000 lines and exit 0, got '$(echo "$out" | head -c 200 | tr '\n' '|')', stderr: $(head -c 200 "$tmp/err")"
fi
cli cli_run_missing_file "cannot open test file" "$bin" run "$dir/no_such_test.tts"
cli cli_unknown_command "unknown command 'frob'" "$bin" frob
cli cli_max_cycles_zero "--max-cycles expects a decimal or 0x hex number in 1..1000000000000, got '0'" "$bin" run "$dir/../directed/nop_dmanop.tts" --max-cycles 0
cli cli_max_cycles_octal "octal is not accepted" "$bin" run "$dir/../directed/nop_dmanop.tts" --max-cycles 010
cli cli_dump_json_full_disk "cannot write --dump-json /dev/full" "$bin" run "$dir/../directed/nop_dmanop.tts" --dump-json /dev/full
cli cli_hazards_bad "--hazards: expected error, warn or off, got 'maybe'" "$bin" run "$dir/../directed/nop_dmanop.tts" --hazards maybe
# issue 28 part 4: a misspelt option or command gets the nearest known one (tb/suggest.h); a
# plusarg of the lockstep harnesses is pointed at its option
cli cli_option_did_you_mean "unknown option '--max_cycles'; did you mean '--max-cycles'?" "$bin" run "$dir/../directed/nop_dmanop.tts" --max_cycles 5
cli cli_option_did_you_mean_eq "unknown option '--srnd_seed=3'; did you mean '--srnd-seed'?" "$bin" run "$dir/../directed/nop_dmanop.tts" --srnd_seed=3
cli cli_option_far_usage "usage:" "$bin" run "$dir/../directed/nop_dmanop.tts" --frobnicate
cli cli_option_no_value "option '--max-cycles' needs a value" "$bin" run "$dir/../directed/nop_dmanop.tts" --max-cycles
cli cli_option_plusarg "'+max_cycles=5' is a plusarg of the lockstep harnesses; ttmodel run takes '--max-cycles 5'" "$bin" run "$dir/../directed/nop_dmanop.tts" +max_cycles=5
cli cli_command_did_you_mean "unknown command 'rn'; did you mean 'run'?" "$bin" rn "$dir/../directed/nop_dmanop.tts"
cli cli_timing_profile_unknown "--timing-profile: unknown profile 'nosuch'; known: house, cfg_alt, cfg_rr" "$bin" run "$dir/../directed/nop_dmanop.tts" --timing-profile nosuch

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
