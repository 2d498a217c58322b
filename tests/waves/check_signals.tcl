# check_signals.tcl: run by tests/waves/run_gtkwave_test.sh as `gtkwave -S check_signals.tcl VCD GTKW`.
# Prints, one line each, what the shell script checks:
#   CHECK_SIGNALS_BEGIN <number of facs>
#   FAC <name>                       every signal in the dump
#   DISP <name>                      every signal the view (.gtkw) displays
#   VALUE <time> <name>|<value>      each displayed signal's value at a marker placed at <time>
#                                    (the text GTKWave shows, after translate filters), for each
#                                    time in the environment variable TTW_MARKER_TIMES
#   CHECK_SIGNALS_END
# and quits: without gtkwave::/File/Quit gtkwave never exits.

set nfacs [gtkwave::getNumFacs]
puts "CHECK_SIGNALS_BEGIN $nfacs"
for {set i 0} {$i < $nfacs} {incr i} {
    puts "FAC [gtkwave::getFacName $i]"
}

foreach name [gtkwave::getDisplayedSignals] {
    puts "DISP $name"
}

set times {}
if {[info exists env(TTW_MARKER_TIMES)]} { set times $env(TTW_MARKER_TIMES) }
foreach t $times {
    gtkwave::setMarker $t
    foreach name [gtkwave::getDisplayedSignals] {
        puts "VALUE $t $name|[gtkwave::getTraceValueAtMarkerFromName $name]"
    }
}

puts "CHECK_SIGNALS_END"
flush stdout
gtkwave::/File/Quit
