// tt_clk_gate: a unit's clock gate, for simulation speed (rtl_stubs/README.md "Per-unit activity",
// docs/speed.md). The enable is sampled at the falling edge, as an integrated clock-gate cell's
// latch does while the clock is low, so the gated clock never glitches: en_i, computed in cycle N
// from the state after edge N, decides whether the unit's flops see edge N + 1. A flop form rather
// than a latch: Verilator 5.006 schedules a negedge flop plainly, and the gated clock is then a
// clock of its own, so the logic behind it runs only in the cycles it is enabled.
/* verilator tracing_off */
module tt_clk_gate (
  input  logic clk_i,
  input  logic en_i,     // the unit's flops may change at the next rising edge
  output logic clk_o
);
  logic en_q;
  initial en_q = 1'b1;   // open until the first falling edge
  always_ff @(negedge clk_i) en_q <= en_i;
  assign clk_o = clk_i & en_q;
endmodule
