// tt_sfpu_rtl_top: test-only top for `make sfpu-rtl-test` (tests/sfpu_rtl/sfpu_rtl_compare.cpp):
// one instance of each SFPU lane function under test, its operands as plain ports so that the C++
// side drives them and reads the result after eval().
/* verilator tracing_off */
module tt_sfpu_rtl_top (
  input  logic [31:0] fma_a_i,
  input  logic [31:0] fma_b_i,
  input  logic [31:0] fma_c_i,
  output logic [31:0] fma_d_o,
  input  logic [31:0] mul24_a_i,
  input  logic [31:0] mul24_b_i,
  input  logic        mul24_upper_i,
  output logic [31:0] mul24_d_o
);

  tt_sfpu_fma u_fma (.inj_ties_away_i (1'b0),
    .a_i (fma_a_i),
    .b_i (fma_b_i),
    .c_i (fma_c_i),
    .d_o (fma_d_o)
  );

  tt_sfpu_mul24 u_mul24 (
    .a_i     (mul24_a_i),
    .b_i     (mul24_b_i),
    .upper_i (mul24_upper_i),
    .d_o     (mul24_d_o)
  );

endmodule
