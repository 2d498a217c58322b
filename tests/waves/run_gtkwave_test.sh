#!/usr/bin/env bash
# run_gtkwave_test.sh VCD GTKW: opens VCD with the view GTKW in a real GTKWave (headless, under
# xvfb-run) and checks, from what tests/waves/check_signals.tcl PRINTED (never from exit codes:
# gtkwave exits 0 even when it could not open a display):
#   - the Tcl script ran to its end (CHECK_SIGNALS_END), so GTKWave really came up;
#   - every signal GTKW names is in the dump (FAC) and is displayed by the view (DISP);
#   - every signal GTKW shows through a translate filter file (the stall reasons, via
#     build/stall_reason.txt) shows the filter's name, not the raw hex, at a time the VCD gives
#     it a nonzero value (GTKWave's own text read back with setMarker +
#     getTraceValueAtMarkerFromName);
#   - the test can fail: the same checks on GTKW plus a signal the dump lacks, and on a GTKWave
#     with no display, must fail (skipped when TTW_NEGATIVE is set, i.e. in those inner runs).
# Run it from the repo root (GTKWave reads the filter path in GTKW relative to its working
# directory). Last line: "N passed, M failed"; exit status 1 on any failure.
set -u

if [ $# -ne 2 ]; then
    echo "usage: $0 VCD GTKW" >&2
    exit 2
fi
VCD=$1
GTKW=$2
HERE=$(cd "$(dirname "$0")" && pwd)
SELF="$HERE/$(basename "$0")"
TCL="$HERE/check_signals.tcl"
GTKWAVE=${GTKWAVE:-gtkwave}
TIMEOUT=${TTW_TIMEOUT:-120}

pass=0
fail=0
ok() { echo "PASS: $*"; pass=$((pass + 1)); }
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }
finish() {
    echo "$pass passed, $fail failed"
    [ "$fail" -eq 0 ]
    exit $?
}

TMP=$(mktemp -d /tmp/ttw.XXXXXX)
trap 'rm -rf "$TMP"' EXIT

for f in "$VCD" "$GTKW" "$TCL"; do
    if [ ! -r "$f" ]; then
        bad "cannot read $f"
        finish
    fi
done

# ---- What the view names: "name<TAB>flags<TAB>filter file" per signal ----------------------------
# .gtkw lines: "[...]" settings, "*" zoom, "@hex" flags for the lines below, "-text" blank/group
# rows, "^N file" translate filter N for the lines below ("^>"/"^<" are other filter kinds),
# "+{alias} name" aliased signals, "#{...}" concatenations (not checked); anything else is a name.
awk '
    function hex2int(s,   v, i) {
        v = 0
        for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789abcdef", tolower(substr(s, i, 1))) - 1
        return v
    }
    /^[ \t]*$/ || /^\[/ || /^\*/ || /^-/ || /^#/ { next }
    /^@/ { flags = hex2int(substr($0, 2)); next }
    /^\^[<>]/ { next }
    /^\^[0-9]+/ { filt = ($1 == "^0") ? "" : substr($0, index($0, " ") + 1); next }
    { name = $0; if (name ~ /^\+\{/) { sub(/^\+\{[^}]*\} */, "", name) }
      printf "%s\t%d\t%s\n", name, flags, (int(flags / 8192) % 2 ? filt : "") }  # 0x2000: TR_FTRANSLATED
' "$GTKW" > "$TMP/view.txt"
nview=$(wc -l < "$TMP/view.txt")
if [ "$nview" -eq 0 ]; then
    bad "$GTKW names no signals"
    finish
fi

# ---- For each filtered signal: a time the VCD gives it a nonzero value (else its first value) --
# Writes "name<TAB>time<TAB>value in hex, zero-padded to the vector's width<TAB>filter file".
: > "$TMP/probes.txt"
while IFS=$'\t' read -r name flags filt; do
    [ -n "$filt" ] || continue
    awk -v want="$name" -v filt="$filt" '
        function hexof(bits, w,   v, i, nd) {
            v = 0
            for (i = 1; i <= length(bits); i++) {
                c = substr(bits, i, 1)
                if (c != "0" && c != "1") return ""
                v = v * 2 + (c == "1")
            }
            nd = int((w + 3) / 4)
            return sprintf("%0" nd "X", v)
        }
        /\$scope/ { scope[++depth] = $3; next }
        /\$upscope/ { depth--; next }
        /\$var/ {
            full = ""
            for (i = 1; i <= depth; i++) full = full scope[i] "."
            full = full $5
            if ($6 != "$end") full = full $6
            if (full == want) { id = $4; width = $3 }
            next
        }
        /^#/ { t = substr($0, 2); next }
        id != "" && /^b/ && $2 == id {
            h = hexof(substr($1, 2), width)
            if (h == "") next
            if (first_t == "") { first_t = t; first_h = h }
            if (h ~ /[1-9A-F]/) { printf "%s\t%s\t%s\t%s\n", want, t, h, filt; found = 1; exit }
        }
        END {
            if (!found && first_t != "") printf "%s\t%s\t%s\t%s\n", want, first_t, first_h, filt
        }
    ' "$VCD" >> "$TMP/probes.txt"
    if ! grep -qF "$name"$'\t' "$TMP/probes.txt"; then
        bad "translate filter: $name has no value changes in $VCD"
    fi
done < "$TMP/view.txt"
times=$(cut -f2 "$TMP/probes.txt" | sort -nu | tr '\n' ' ')

# ---- Run GTKWave --------------------------------------------------------------------------------
run_gtkwave() {
    if [ -n "${TTW_NO_XVFB:-}" ]; then
        # Negative self-test: no X server at all, as on a machine without xvfb.
        env -u DISPLAY TTW_MARKER_TIMES="$times" timeout "$TIMEOUT" "$GTKWAVE" -S "$TCL" "$VCD" "$GTKW"
    else
        TTW_MARKER_TIMES="$times" timeout "$TIMEOUT" xvfb-run -a -s "-screen 0 1600x900x24" \
            "$GTKWAVE" -S "$TCL" "$VCD" "$GTKW"
    fi
}
run_gtkwave > "$TMP/gtkwave.out" 2>&1 < /dev/null
grep '^FAC ' "$TMP/gtkwave.out" | cut -c5- > "$TMP/facs.txt"
grep '^DISP ' "$TMP/gtkwave.out" | cut -c6- > "$TMP/disp.txt"

if grep -qx 'CHECK_SIGNALS_END' "$TMP/gtkwave.out"; then
    ok "GTKWave ran $(basename "$TCL") to its end ($(wc -l < "$TMP/facs.txt") facs in $VCD, $(wc -l < "$TMP/disp.txt") signals displayed)"
else
    bad "GTKWave did not run $(basename "$TCL") to its end (no CHECK_SIGNALS_END); its output:"
    sed 's/^/    /' "$TMP/gtkwave.out" | head -20
fi

# ---- Every named signal is in the dump and displayed ---------------------------------------------
while IFS=$'\t' read -r name flags filt; do
    if grep -qxF -- "$name" "$TMP/facs.txt"; then
        ok "in dump: $name"
    else
        bad "not in dump: $name"
    fi
    if grep -qxF -- "$name" "$TMP/disp.txt"; then
        ok "displayed: $name"
    else
        bad "not displayed: $name"
    fi
done < "$TMP/view.txt"

# ---- Translate filters show names ----------------------------------------------------------------
while IFS=$'\t' read -r name t hex filt; do
    if [ ! -r "$filt" ]; then
        bad "translate filter: $filt (named by $GTKW for $name) not found from $PWD"
        continue
    fi
    expect=$(awk -v k="$hex" 'toupper($1) == toupper(k) { sub(/^[^ \t]+[ \t]+/, ""); sub(/[ \t]+$/, ""); print; exit }' "$filt")
    got=$(grep -F "VALUE $t $name|" "$TMP/gtkwave.out" | head -1 | cut -d'|' -f2-)
    if [ -z "$expect" ]; then
        bad "translate filter: $filt has no line for $hex ($name at $t)"
    elif [ "$got" = "$expect" ]; then
        ok "translate filter: $name shows \"$got\" for $hex at time $t"
    else
        bad "translate filter: $name at time $t is $hex: GTKWave shows \"$got\", expected \"$expect\""
    fi
done < "$TMP/probes.txt"

# ---- The test can fail --------------------------------------------------------------------------
if [ -z "${TTW_NEGATIVE:-}" ]; then
    missing=TOP.tb_top.u_stall_probe.no_such_signal_for_the_negative_test
    { cat "$GTKW"; echo "@28"; echo "$missing"; } > "$TMP/missing.gtkw"
    TTW_NEGATIVE=1 "$SELF" "$VCD" "$TMP/missing.gtkw" > "$TMP/neg1.out" 2>&1
    rc=$?
    if [ $rc -ne 0 ] && grep -qx "FAIL: not in dump: $missing" "$TMP/neg1.out" &&
        tail -n1 "$TMP/neg1.out" | grep -Eq '^[0-9]+ passed, [1-9][0-9]* failed$'; then
        ok "negative: a view naming a signal the dump lacks fails ($(tail -n1 "$TMP/neg1.out"))"
    else
        bad "negative: a view naming a signal the dump lacks did not fail (exit $rc); its output:"
        sed 's/^/    /' "$TMP/neg1.out" | tail -20
    fi

    TTW_NEGATIVE=1 TTW_NO_XVFB=1 "$SELF" "$VCD" "$GTKW" > "$TMP/neg2.out" 2>&1
    rc=$?
    if [ $rc -ne 0 ] && grep -q '^FAIL: GTKWave did not run' "$TMP/neg2.out"; then
        ok "negative: GTKWave without a display fails ($(tail -n1 "$TMP/neg2.out"))"
    else
        bad "negative: GTKWave without a display did not fail (exit $rc); its output:"
        sed 's/^/    /' "$TMP/neg2.out" | tail -20
    fi
fi

finish
