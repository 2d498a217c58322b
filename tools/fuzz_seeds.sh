#!/usr/bin/env bash
# fuzz_seeds.sh DIR: the fuzz targets' seed corpora, from the project's own test files (issue 8
# part 2): whole .tts files for the loader, their instruction lines for the assembler, assembled
# words for the disassembler, numbers and plusargs for the grammar and the command line.
set -eu
d=$1
here=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$d"/corpus_loader "$d"/corpus_asm "$d"/corpus_disasm "$d"/corpus_numparse "$d"/corpus_plusargs
cp "$here"/tests/directed/*.tts "$here"/tests/negative/*.tts "$d"/corpus_loader/ 2>/dev/null || true
n=0
grep -h '^tt' "$here"/tests/directed/*.tts | sed 's/#.*//' | sort -u | head -400 | while IFS= read -r l; do
  n=$((n + 1)); printf '%s' "$l" >"$d/corpus_asm/line_$n"
done
for w in 0x02000000 0x42000000 0x41000101 0x43800101 0xb2290101 0x12768085 0xa2040020 0xffffffff; do
  python3 -c "import struct,sys; sys.stdout.buffer.write(struct.pack('<I', int(sys.argv[1], 16)))" "$w" >"$d/corpus_disasm/w_$w"
done
python3 - "$d/corpus_numparse" <<'PY'
import struct, sys, os
for i, (lo, hi, s) in enumerate([(0, 2**64 - 1, "42"), (1, 10**12, "0x100"), (0, 255, "010"), (0, 15, "-1"),
                                 (0, 2**64 - 1, "18446744073709551616"), (0, 0, "0")]):
    open(os.path.join(sys.argv[1], "n%d" % i), "wb").write(struct.pack("<QQ", lo, hi) + s.encode())
PY
printf '+max_cycles=100\n+cosim=0\n' >"$d/corpus_plusargs/a"
printf '+inject=unp_conv_errata1,sempost_no_sat\n+verilator+seed+7\n' >"$d/corpus_plusargs/b"
printf '+trace_start=5\n+trace_stop=010\n' >"$d/corpus_plusargs/c"
printf '+wave_window=0x10\n+cosim=0\n' >"$d/corpus_plusargs/d"
