#!/usr/bin/env bash
# tests/kernels/test_check_kernel_elf.sh BUILD CROSS: the kernel checks can fail (`make kernels`).
#  1. every generated TT_OP_<NAME>(...) macro gives the word the project's assembler gives for the
#     same instruction text (all instructions with operands, field values spread over each width);
#  2. tools/check_kernel_elf.py fails (exit 1) on each planted fault: a wrong expected push, a
#     missing push, a wrong MMIO store, an ELF for another machine, a kernel checked against
#     another TRISC's window, compressed (RVC) code, an instruction outside RV32IM, no _kernel_end;
#     and exit 2 on bad pushes-checked-by / variant: lines (each variant checked against its own test);
#  3. tools/gen_ckernel_ops.py fails (exit 1) on a table it cannot read.
set -u
BUILD=${1:?BUILD}; CROSS=${2:?CROSS}
TTMODEL=$BUILD/ttmodel
K=$BUILD/kernels
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }

# 1. generated macros == assembler, for every instruction with fields
python3 - "$K/ckernel_ops.h" "$tmp" <<'PY' || exit 2
import re, sys
ops = []
for ln in open(sys.argv[1]):
    m = re.match(r'#define TT_OP_(\w+)\((.*?)\) \(\(0x[0-9a-f]+u << 24\)(.*)\)$', ln)
    if m:
        masks = [int(x, 16) for x in re.findall(r'& 0x([0-9a-f]+)u\)', m.group(3))]
        ops.append((m.group(1), m.group(2).split(', '), masks))
with open(sys.argv[2] + '/ops.c', 'w') as c, open(sys.argv[2] + '/ops.s', 'w') as s:
    c.write('#include <stdint.h>\n#include <stdio.h>\n#include "ckernel_ops.h"\nint main(void){\n')
    for k, (name, args, masks) in enumerate(ops):
        vals = [((k * 37 + j * 11 + 5) * 2654435761) & mk for j, mk in enumerate(masks)]
        c.write('printf("0x%%08x\\n", (unsigned)TT_OP_%s(%s));\n' % (name, ', '.join(map(str, vals))))
        s.write('tt%s %s\n' % (name.lower(), ','.join(map(str, vals))))
    c.write('return 0;}\n')
print(f'   {len(ops)} instructions with operands')
PY
gcc -std=c11 -Wall -Wextra -Werror -I"$K" "$tmp/ops.c" -o "$tmp/ops" || exit 2
"$tmp/ops" > "$tmp/macro.txt"
"$TTMODEL" asm < "$tmp/ops.s" > "$tmp/asm.txt" || exit 2
if ! cmp -s "$tmp/macro.txt" "$tmp/asm.txt"; then
    bad "TT_OP_ macros and '$TTMODEL asm' differ:"; paste "$tmp/ops.s" "$tmp/macro.txt" "$tmp/asm.txt" | awk '$NF != $(NF-1)' | head
else
    echo "   ok: TT_OP_ macros == $TTMODEL asm for $(wc -l < "$tmp/asm.txt") instructions"
fi

# 2. planted faults: each must make the checker exit 1
expect_fail() {  # name, then the checker's arguments
    local name=$1; shift
    python3 tools/check_kernel_elf.py --ttmodel "$TTMODEL" --cross "$CROSS" "$@" > "$tmp/out" 2>&1
    local rc=$?
    if [ $rc -ne 1 ]; then bad "$name: checker exit $rc, want 1"; cat "$tmp/out"; else echo "   ok: $name -> $(head -1 "$tmp/out" | cut -c1-110)"; fi
}
sed 's/ttsetc16 41,257 /ttsetc16 41,256 /' kernels/tests/push.c > "$tmp/push_wrong.c"
expect_fail "wrong expected push" --elf "$K/push_t0.elf" --trisc 0 --src "$tmp/push_wrong.c"
{ cat kernels/tests/push.c; echo '/* expect-push: ttnop */'; } > "$tmp/push_extra.c"
expect_fail "a push the code does not make" --elf "$K/push_t0.elf" --trisc 0 --src "$tmp/push_extra.c"
sed 's/expect-store: 0xffe80024 0/expect-store: 0xffe80024 1/' kernels/tests/sem_t0.c > "$tmp/sem_wrong.c"
expect_fail "wrong MMIO store (a get for a post)" --elf "$K/sem_t0.elf" --trisc 0 --src "$tmp/sem_wrong.c"
gcc -x c -o "$tmp/host.elf" - <<< 'int main(void){return 0;}'
expect_fail "an ELF for another machine" --elf "$tmp/host.elf" --trisc 0 --src kernels/tests/push.c
expect_fail "TRISC0's kernel checked as TRISC1's" --elf "$K/push_t0.elf" --trisc 1 --src kernels/tests/push.c
"${CROSS}gcc" -march=rv32imc_zicsr -mabi=ilp32 -O2 -std=c11 -ffreestanding -nostdlib -nostartfiles \
    -Ikernels/include -I"$K" -Wl,--no-warn-rwx-segments -DTRISC_ID=0 -T "$K/trisc0.ld" \
    kernels/crt0.S kernels/tests/push.c -o "$tmp/rvc.elf" || exit 2
expect_fail "compressed (RVC) code" --elf "$tmp/rvc.elf" --trisc 0 --src kernels/tests/push.c
sed 's/TTI_NOP;/TTI_NOP; __asm__ volatile(".word 0x0000100f");/' kernels/tests/push.c > "$tmp/fencei.c"
"${CROSS}gcc" -march=rv32im_zicsr -mabi=ilp32 -O2 -std=c11 -ffreestanding -nostdlib -nostartfiles \
    -Ikernels/include -I"$K" -Wl,--no-warn-rwx-segments -DTRISC_ID=0 -T "$K/trisc0.ld" \
    kernels/crt0.S "$tmp/fencei.c" -o "$tmp/fencei.elf" || exit 2
expect_fail "an instruction outside RV32IM (fence.i)" --elf "$tmp/fencei.elf" --trisc 0 --src kernels/tests/push.c
sed 's/_kernel_end/_kernel_stop/' kernels/crt0.S > "$tmp/crt0_noend.S"
"${CROSS}gcc" -march=rv32im_zicsr -mabi=ilp32 -O2 -std=c11 -ffreestanding -nostdlib -nostartfiles \
    -Ikernels/include -I"$K" -Wl,--no-warn-rwx-segments -DTRISC_ID=0 -T "$K/trisc0.ld" \
    "$tmp/crt0_noend.S" kernels/tests/push.c -o "$tmp/noend.elf" || exit 2
expect_fail "no _kernel_end" --elf "$tmp/noend.elf" --trisc 0 --src kernels/tests/push.c

# pushes-checked-by (library kernels whose pushes come from loops): it must name a test file that
# exists, and cannot stand beside expect-push lines; both are bad input (exit 2)
expect_bad_input() {  # name, message, then the checker's arguments
    local name=$1 msg=$2; shift 2
    python3 tools/check_kernel_elf.py --ttmodel "$TTMODEL" --cross "$CROSS" "$@" > "$tmp/out" 2>&1
    local rc=$?
    if [ $rc -ne 2 ] || ! grep -qF -- "$msg" "$tmp/out"; then bad "$name: checker exit $rc, want 2 and '$msg'"; cat "$tmp/out"
    else echo "   ok: $name -> $(head -1 "$tmp/out" | cut -c1-110)"; fi
}
{ cat kernels/tests/llk_copy.c; echo '/* expect-push: ttnop */'; } > "$tmp/llk_both.c"
expect_bad_input "pushes-checked-by with expect-push lines" "both pushes-checked-by" \
    --elf "$K/llk_copy_t0.elf" --trisc 0 --src "$tmp/llk_both.c" --variant llk_copy
sed 's|pushes-checked-by: tests/kernels/llk_copy.tts|pushes-checked-by: tests/kernels/no_such.tts|' kernels/tests/llk_copy.c > "$tmp/llk_none.c"
expect_bad_input "pushes-checked-by naming no file" "which does not exist" \
    --elf "$K/llk_copy_t0.elf" --trisc 0 --src "$tmp/llk_none.c" --variant llk_copy
# a source built per variant (` * variant: NAME -D... | pushes-checked-by: TEST` lines): the ELF's
# variant is named, only its line's test counts, and a missing or unknown variant is bad input
expect_bad_input "a variant source without --variant" "has variant: lines" \
    --elf "$K/llk_copy_t0.elf" --trisc 0 --src kernels/tests/llk_copy.c
expect_bad_input "a --variant the source has no line for" 'no "variant: llk_nosuch" line' \
    --elf "$K/llk_copy_t0.elf" --trisc 0 --src kernels/tests/llk_copy.c --variant llk_nosuch
sed 's|pushes-checked-by: tests/kernels/neg_llk_badfmt.tts|pushes-checked-by: tests/kernels/no_such.tts|' kernels/tests/llk_copy.c > "$tmp/llk_var.c"
expect_bad_input "a variant's own pushes-checked-by naming no file" "which does not exist" \
    --elf "$K/llk_badfmt_t2.elf" --trisc 2 --src "$tmp/llk_var.c" --variant llk_badfmt
if python3 tools/check_kernel_elf.py --ttmodel "$TTMODEL" --cross "$CROSS" --elf "$K/llk_copy_t2.elf" --trisc 2 \
        --src "$tmp/llk_var.c" --variant llk_copy > "$tmp/out" 2>&1 && grep -q "pushes checked by tests/kernels/llk_copy.tts" "$tmp/out"; then
    echo "   ok: another variant's pushes-checked-by line does not count -> $(head -1 "$tmp/out" | cut -c1-110)"
else
    bad "variant llk_copy did not report its own test (tests/kernels/llk_copy.tts)"; cat "$tmp/out"
fi

# 3. the generator on a table it cannot read
echo '#define TT_ISA_TABLE(OP, F) \' > "$tmp/bad_table.h"
echo '    OP(NOP, 0x02, NONE, 0, 1, ) \' >> "$tmp/bad_table.h"
if python3 tools/gen_ckernel_ops.py --table "$tmp/bad_table.h" --out "$tmp/x.h" 2> "$tmp/err"; then
    bad "gen_ckernel_ops.py accepted a table whose NFIELDS disagrees"
else
    echo "   ok: gen_ckernel_ops.py on a bad table -> $(cut -c1-100 "$tmp/err")"
fi
exit $fail
