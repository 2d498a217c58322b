// tt_inj_pkg: the bug-injection mask of this project's RTL, outside the contract's ports
// (docs/design.md "Outside the contract"). tb_top sets it once, before the first clock edge
// (tb_set_ctx, from +inject); tt_core reads it. Another team's RTL has no use for it: tb_top's write
// then reaches nothing. Bit n switches on the deliberate bug tt_pkg::INJ_* = n; 0 = the correct RTL.
// No initializer: the simulator runs one at its first evaluation, after tb_set_ctx has written the
// mask (it starts at 0 with --x-initial fast, as tb_top's own flop did).
// TT_NO_INJ (the speed build, build/ttcosim; docs/speed.md "Injection terms out of the speed
// build"): the mask is the constant 0, so that Verilator folds every DELIBERATE BUG term away;
// BUILT tells tb_top (and through it the harness) to refuse an +inject there.
/* verilator tracing_off */
package tt_inj_pkg;
`ifdef TT_NO_INJ
  localparam bit BUILT = 1'b0;
  localparam logic [tt_pkg::NUM_INJ_BITS-1:0] inject = '0;
`else
  localparam bit BUILT = 1'b1;
  logic [tt_pkg::NUM_INJ_BITS-1:0] inject;
`endif
endpackage
