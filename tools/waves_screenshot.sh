#!/usr/bin/env bash
# waves_screenshot.sh VCD GTKW OUT.png [START_PS END_PS]: opens the stall view in a real GTKWave
# window under Xvfb, zooms to the window given (or to fit) and saves a screenshot. Needs xvfb,
# gtkwave, x11-apps (xwd) and imagemagick (make waves-screenshot installs the last two).
set -euo pipefail
vcd=$1 gtkw=$2 out=$3 start=${4:-} end=${5:-}
tcl=$(mktemp --suffix=.tcl)
trap 'rm -f "$tcl"' EXIT
{
  if [ -n "$start" ]; then
    echo "gtkwave::setZoomRangeTimes $start $end"
  else
    echo "gtkwave::/Time/Zoom/Zoom_Best_Fit"
  fi
} >"$tcl"
xvfb-run -a -s "-screen 0 1600x900x24" bash -c '
  gtkwave -S "$1" "$2" "$3" >/dev/null 2>&1 &
  pid=$!
  sleep 4
  xwd -root -silent > "$4.xwd"
  kill $pid 2>/dev/null || true
' _ "$tcl" "$vcd" "$gtkw" "$out"
/usr/bin/convert "$out.xwd" "$out"
rm -f "$out.xwd"
echo "screenshot: $out"
