// tt_sfpu_mul24: one SFPU lane's SFPMUL24 integer multiply (ISA documentation BlackholeA0
// SFPMUL24.md): the 23-bit integers a[22:0] and b[22:0] multiplied, d = the product's low 23 bits
// (the page's (a * b) & 0x7fffff: bits 31:23 of a and b cannot reach them) or, with upper_i
// (SFPMUL24_MOD1_UPPER), its bits 45:23; d[31:23] are 0. The page's Mul24ShiftAdd with a nonzero
// VC value is NonContractualBehavior, which this house treats as undefined (docs/decisions.md S7):
// it is not built here, the caller reports it. Combinational.
/* verilator tracing_off */
module tt_sfpu_mul24 (
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  input  logic        upper_i,
  output logic [31:0] d_o
);

  logic [45:0] prod;                  // 23 x 23 bits
  assign prod = a_i[22:0] * b_i[22:0];
  assign d_o  = {9'd0, upper_i ? prod[45:23] : prod[22:0]};

  // bits 31:23 of the operands never reach the result (the page masks them, or they only reach
  // product bits above 22 in the low mode)
  logic unused_hi;
  assign unused_hi = ^{a_i[31:23], b_i[31:23]};

endmodule
