#!/usr/bin/env bash
# run_kernel_tests.sh [BINARY [BUILD [CROSS [LOCKSTEP]]]]: the kernel tests on the model alone and,
# with LOCKSTEP (build/ttcosim), in lockstep too (make kernel-test).
# BINARY has the ttmodel command line (default build/ttmodel), BUILD holds kernels/*.elf from
# `make kernels` (default build), CROSS is the RISC-V binutils prefix (default riscv64-unknown-elf-).
# Run from the repo root: the tests' elf lines name build/kernels/... relative to it.
#
# tests/kernels/*.tts not named neg_*: `BINARY run FILE` must exit 0 (every expect held).
# tests/kernels/neg_*.tts start with header lines
#     # expect-status: N           (the exit status: 1 a failed run, 2 bad input)
#     # expect-error: SUBSTRING    (each must appear in stderr)
# and must exit with status N, not by a signal. Before the run the runner replaces, in a copy of
# the file: @DIR@ by a scratch directory holding x86.elf (push_t0.elf with e_machine EM_X86_64),
# @PUSH_PC@ by the address of the second sw in badpush_t2.elf's main (objdump: the store that
# pushes the bad word), @MOP_STORE_PC@ by the last sw in mopbug_t0.elf's main, @NOPOLL_STORE_PC@ by
# the last sw in nopoll_store_t0.elf's main, @POST_WRCFG_PC@ by the first in sempoll_post_t1.elf's, and build/ by BUILD/ when BUILD is not build.
# Then the command line: --untimed with an elf line is bad input (2); --elf cases.
# With LOCKSTEP, every file runs there as well: a positive test must pass and end in the same cycle
# as on the model alone (the summary's "N cycles"); a negative one must exit with its
# `# expect-status-lockstep: N` (default: expect-status) and show each `# expect-error-lockstep:`
# line (default: the expect-error lines); then LOCKSTEP --elf cases.
# Prints PASS/FAIL per test and "N passed, M failed"; exits 1 when any failed.
set -u
bin=${1:-build/ttmodel}
build=${2:-build}
cross=${3:-riscv64-unknown-elf-}
lock=${4:-}
dir=tests/kernels
if [ ! -x "$bin" ]; then
    echo "run_kernel_tests.sh: '$bin' is not an executable (make model)" >&2
    exit 2
fi
for e in push_t0 badpush_t2 mopbug_t0 nopoll_store_t0 sempoll_post_t1; do
    if [ ! -f "$build/kernels/$e.elf" ]; then
        echo "run_kernel_tests.sh: $build/kernels/$e.elf missing (make kernels)" >&2
        exit 2
    fi
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The planted ELF for another machine: e_machine (offset 18, 2 bytes LE) = 62, EM_X86_64.
cp "$build/kernels/push_t0.elf" "$tmp/x86.elf"
printf '\076\000' | dd of="$tmp/x86.elf" bs=1 seek=18 conv=notrunc status=none
# sw_pc ELF N: the pc (0x%08x) of the N-th sw of ELF's main (N = last: its last one), from objdump;
# exits 2 naming the ELF when main has no such sw.
sw_pc() {
    local pc
    pc=$("${cross}objdump" -d --disassemble=main "$1" |
         awk -v n="$2" '$3 == "sw" || $4 == "sw" {k++; if (n == "last" || k == n) pc = $1}
                         END {sub(":", "", pc); print pc}')
    if [ -z "$pc" ]; then
        echo "run_kernel_tests.sh: no sw number $2 in $1's main (${cross}objdump)" >&2
        exit 2
    fi
    printf '0x%08x' "0x$pc"
}
# badpush_t2's bad word: main's second sw (its first pushes the NOP); mopbug_t0's MOP config store:
# main's last sw; neg_sempoll_nopoll.tts: nopoll_store_t0's config store (main's last sw) and
# sempoll_post_t1's WRCFG push (main's first sw), each named by the race's report.
push_pc=$(sw_pc "$build/kernels/badpush_t2.elf" 2) || exit 2
mop_pc=$(sw_pc "$build/kernels/mopbug_t0.elf" last) || exit 2
nopoll_pc=$(sw_pc "$build/kernels/nopoll_store_t0.elf" last) || exit 2
post_pc=$(sw_pc "$build/kernels/sempoll_post_t1.elf" 1) || exit 2

pass=0
fail=0
result() { # name ok why
    if [ "$2" = 1 ]; then
        pass=$((pass + 1))
        echo "PASS $1"
    else
        fail=$((fail + 1))
        echo "FAIL $1: $3"
    fi
}

for f in "$dir"/*.tts; do
    name=$(basename "$f")
    run=$f
    if grep -q '@' "$f" || [ "$build" != build ]; then
        run=$tmp/$name
        sed -e "s|@DIR@|$tmp|g" -e "s|@PUSH_PC@|$push_pc|g" -e "s|@MOP_STORE_PC@|$mop_pc|g" -e "s|@NOPOLL_STORE_PC@|$nopoll_pc|g" -e "s|@POST_WRCFG_PC@|$post_pc|g" -e "s|build/kernels/|$build/kernels/|g" "$f" > "$run"
    fi
    "$bin" run "$run" > "$tmp/out" 2> "$tmp/err"
    rc=$?
    case "$name" in
    neg_*)
        want=$(sed -n 's/^# expect-status: //p' "$run")
        ok=1
        why=""
        if [ -z "$want" ]; then ok=0; why="no expect-status line"; fi
        if [ "$rc" -ge 128 ]; then ok=0; why="killed by a signal (status $rc)"; fi
        if [ "$ok" = 1 ] && [ "$rc" != "$want" ]; then ok=0; why="exit status $rc, expected $want"; fi
        while IFS= read -r s; do
            if [ "$ok" = 1 ] && ! grep -qF -- "$s" "$tmp/err"; then ok=0; why="stderr lacks '$s'"; fi
        done < <(sed -n 's/^# expect-error: //p' "$run")
        [ "$ok" = 1 ] || why="$why; stderr: $(head -c 600 "$tmp/err")"
        result "$name" "$ok" "$why"
        ;;
    *)
        if [ "$rc" = 0 ]; then result "$name" 1 ""; else result "$name" 0 "exit status $rc: $(head -c 600 "$tmp/err")"; fi
        ;;
    esac
    [ -n "$lock" ] || continue
    mcycles=$(grep -o '[0-9]* cycles,' "$tmp/out" "$tmp/err" | head -1 | grep -o '^[^ ]*' | sed 's/.*://')
    "$lock" "$run" > "$tmp/lout" 2> "$tmp/lerr"
    rc=$?
    case "$name" in
    neg_*)
        want=$(sed -n 's/^# expect-status-lockstep: //p' "$run")
        [ -n "$want" ] || want=$(sed -n 's/^# expect-status: //p' "$run")
        key='# expect-error-lockstep: '
        grep -q "^$key" "$run" || key='# expect-error: '
        ok=1
        why=""
        if [ "$rc" -ge 128 ]; then ok=0; why="killed by a signal (status $rc)"; fi
        if [ "$ok" = 1 ] && [ "$rc" != "$want" ]; then ok=0; why="exit status $rc, expected $want"; fi
        while IFS= read -r s; do
            if [ "$ok" = 1 ] && ! grep -qF -- "$s" "$tmp/lerr" "$tmp/lout"; then ok=0; why="output lacks '$s'"; fi
        done < <(sed -n "s/^$key//p" "$run")
        [ "$ok" = 1 ] || why="$why; stderr: $(head -c 600 "$tmp/lerr")"
        result "$name (lockstep)" "$ok" "$why"
        ;;
    *)
        lcycles=$(grep -o 'PASS: .*' "$tmp/lout" "$tmp/lerr" | grep -o '[0-9]* cycles,' | head -1 | grep -o '^[0-9]*')
        if [ "$rc" != 0 ]; then result "$name (lockstep)" 0 "exit status $rc: $(head -c 600 "$tmp/lerr")"
        elif [ -z "$mcycles" ] || [ "$mcycles" != "$lcycles" ]; then
            result "$name (lockstep)" 0 "ended in cycle ${lcycles:-?} in lockstep, ${mcycles:-?} on the model alone"
        else result "$name (lockstep, $lcycles cycles as on the model alone)" 1 ""; fi
        ;;
    esac
done

# --untimed cannot run a kernel (the TRISCs are stepped by the cycle-level run only).
"$bin" run "$dir/push.tts" --untimed > /dev/null 2> "$tmp/err"
rc=$?
if [ "$rc" = 2 ] && grep -qF "cycle-level run" "$tmp/err"; then result "--untimed with elf lines" 1 ""
else result "--untimed with elf lines" 0 "exit status $rc: $(head -c 300 "$tmp/err")"; fi

# ttmodel run --elf T0,T1,T2: kernels from the command line (docs/test_format.md "Kernels").
cli() { # name want-status want-stderr args...
    local name=$1 want=$2 msg=$3
    shift 3
    "$bin" run "$@" > /dev/null 2> "$tmp/err"
    local rc=$?
    if [ "$rc" = "$want" ] && { [ -z "$msg" ] || grep -qF -- "$msg" "$tmp/err"; }; then result "$name" 1 ""
    else result "$name" 0 "exit status $rc (want $want), stderr: $(head -c 300 "$tmp/err")"; fi
}
cli "--elf alone runs the kernels" 0 "" --elf "$build/kernels/push_t0.elf,,$build/kernels/push_t2.elf"
cli "--elf with a test file's expectations" 0 "" "$dir/loop.tts" --elf ",$build/kernels/loop_t1.elf"
cli "--elf replaces the file's kernel (a failing one)" 1 "0xffd00000" "$dir/push.tts" --elf "$build/kernels/unmapped_t0.elf"
cli "--elf missing file" 2 "elf 1: $tmp/none.elf" --elf ",$tmp/none.elf"
cli "--elf four paths" 2 "at most 3" --elf "a,b,c,d"
cli "--elf no path" 2 "at least one" --elf ",,"
printf 'thread 0\nttnop\n' > "$tmp/stream0.tts"
cli "--elf on a thread with a stream" 2 "has a stream for it" "$tmp/stream0.tts" --elf "$build/kernels/push_t0.elf"

if [ -n "$lock" ]; then
    # build/ttcosim --elf T0,T1,T2, as ttmodel run --elf
    lcli() { # name want-status want-output args...
        local name=$1 want=$2 msg=$3
        shift 3
        "$lock" "$@" > "$tmp/lout" 2> "$tmp/lerr"
        local rc=$?
        if [ "$rc" = "$want" ] && { [ -z "$msg" ] || grep -qF -- "$msg" "$tmp/lerr" "$tmp/lout"; }; then result "$name" 1 ""
        else result "$name" 0 "exit status $rc (want $want), stderr: $(head -c 300 "$tmp/lerr")"; fi
    }
    lcli "lockstep --elf alone runs the kernels" 0 "PASS" --elf "$build/kernels/push_t0.elf,,$build/kernels/push_t2.elf"
    lcli "lockstep --elf with a test file's expectations" 0 "PASS" "$dir/loop.tts" --elf ",$build/kernels/loop_t1.elf"
    lcli "lockstep --elf replaces the file's kernel (a failing one)" 1 "0xffd00000" "$dir/push.tts" --elf "$build/kernels/unmapped_t0.elf"
    lcli "lockstep --elf four paths" 2 "at most 3" --elf "a,b,c,d"
    lcli "lockstep --elf with no value" 2 "--elf needs" "$dir/push.tts" --elf
    # +wave_window re-runs a failing kernel run with the trace on (the VCD of the cycles before it)
    lcli "lockstep +wave_window on a failing kernel" 1 "waves: cycles" --elf "$build/kernels/unmapped_t0.elf" \
        +wave_window=10 "+wave_file=$tmp/k.vcd"
    if [ -s "$tmp/k.vcd" ] && grep -q t0_trisc_pc "$tmp/k.vcd"; then result "lockstep +wave_window VCD holds t0_trisc_pc" 1 ""
    else result "lockstep +wave_window VCD holds t0_trisc_pc" 0 "$tmp/k.vcd missing, empty or without t0_trisc_pc"; fi
fi

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
