// tt_mx_gmpool: GMPOOL's column maxima (ISA documentation WormholeB0 GMPOOL.md; bit-exact
// behaviour from Tenstorrent's functional simulator ttsim v1.10.0 src/tensix.cpp TENSIX_EXECUTE_GMPOOL
// and sign_mag32_total_order, restated in docs/decisions.md "Matrix unit arithmetic"; an independent
// implementation). Per column: the largest of Dest row RWC.Dst's value and the 16 SrcA cells of rows
// RWC.SrcA + 0 .. 15, ordered as sign-magnitude FP32 bit patterns (a negative pattern below every
// positive one, -0 below +0). A SrcA cell keeps its top 7 mantissa bits (all 10 for TF32) and
// reads as +0 when its exponent is 0. Values are FP32 bit patterns; combinational, only with en_i
// (outside it max_o keeps the last GMPOOL's maxima).
/* verilator tracing_off */
module tt_mx_gmpool
  import tt_pkg::*;
(
  input  logic                       en_i,       // a GMPOOL retires
  input  logic                       tf32_i,     // SrcA format TF32: all 10 mantissa bits
  input  logic [MX_SRCA_ROWS*MX_SW-1:0] srca_i,  // SrcA rows RWC.SrcA + 0 .. 15
  input  logic                       d32_i,      // Dst32b (Fp32_enabled), else Dst16b BF16-style
  input  logic                       zf_off_i,   // ALU_ACC_CTRL_Zero_Flag_disabled_dst
  input  logic [MX_DEST_ROWS*MX_DW-1:0] dest_i,  // Dest row RWC.Dst: slot 0 (Dst32b: high half; low at 8)
  /* verilator lint_off UNUSEDSIGNAL */     // only slot 0's flag (row RWC.Dst) is read
  input  logic [MX_DEST_ROWS-1:0]    dest_vld_i, // DstRowValid
  /* verilator lint_on UNUSEDSIGNAL */
  output logic [16*32-1:0]           max_o       // per column
);

  // sign-magnitude bit pattern -> a key whose signed order is the patterns' order
  function automatic logic [31:0] key(logic [31:0] x);
    return x[31] ? (x ^ 32'h7FFFFFFF) : x;
  endfunction

  // Written only under en_i, read by tt_math_unit only with en_i: not cleared in the other cycles,
  // for simulation speed (tt_mx_fpu's waiver)
  /* verilator lint_off LATCH */
  always_comb begin
    logic [31:0] m, v;
    logic [18:0] c;
    if (en_i) begin
      {m, v, c} = '0;
      for (int unsigned col = 0; col < 16; col++) begin
        // the Dest row's value (an invalid row: all ones, below every number; Dst32b cut to TF32)
        if (dest_vld_i[0] || zf_off_i)
          m = mx_dest_in(dest_i[col * 16 +: 16], dest_i[(8 * 16 + col) * 16 +: 16], d32_i, 1'b1);
        else
          m = mx_dest_in(16'hFFFF, 16'hFFFF, d32_i, 1'b1);
        if (d32_i) m[12:0] = '0;
        for (int unsigned k = 0; k < 16; k++) begin
          c = srca_i[(k * 16 + col) * 19 +: 19];
          v = {c[18], c[7:0], c[17:8], 13'd0};
          if (!tf32_i) v[15:0] = '0;
          if (c[7:0] == '0) v = '0;
          if ($signed(key(v)) > $signed(key(m))) m = v;
        end
        max_o[col * 32 +: 32] = m;
      end
    end
  end

  /* verilator lint_on LATCH */

endmodule
