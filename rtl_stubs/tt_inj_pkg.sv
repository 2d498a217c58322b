// tt_inj_pkg: the bug-injection mask of this project's RTL, outside the contract's ports
// (docs/design.md "Outside the contract"). tb_top sets it once, before the first clock edge
// (tb_set_ctx, from +inject); tt_core reads it. Another team's RTL has no use for it: tb_top's write
// then reaches nothing. Bit n switches on the deliberate bug tt_pkg::INJ_* = n; 0 = the correct RTL.
// No initializer: the simulator runs one at its first evaluation, after tb_set_ctx has written the
// mask (it starts at 0 with --x-initial fast, as tb_top's own flop did).
/* verilator tracing_off */
package tt_inj_pkg;
  logic [tt_pkg::NUM_INJ_BITS-1:0] inject;
endpackage
