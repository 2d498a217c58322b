// tt_mx_int8: the matrix unit's integer lanes (ALU_ACC_CTRL_INT8_math_enabled), one output cell per
// lane, for ELWADD, ELWSUB, ELWMUL, MVMUL and GAPOOL (ISA documentation WormholeB0 ELWADD.md,
// ELWMUL.md, MVMUL.md, SrcASrcB.md "Integer 8"; bit-exact behaviour from Tenstorrent's functional
// simulator ttsim v1.10.0 src/tensix.cpp, read_src_int8 and the INT8 branches of tensix_elw_op and
// tensix_matmul_op, restated in docs/decisions.md "Matrix unit arithmetic"; an independent
// implementation).
//
// A Src cell holds a sign and a 10-bit magnitude (its mantissa field); an exponent of 0 reads as 0
// (SrcA always, SrcB when denormals are flushed). Products use the fidelity phase's mantissa slices:
// SrcA bits [4:0] (phase bit 0) or [7:5], SrcB bits [3:0] (phase bit 1) or [9:4], kept in place.
// The Dest value and the result are sign-magnitude 32-bit integers in the FP32 bit layout; the sum
// with Dest saturates at magnitude 2^31 - 1. Combinational; evaluated only with en_i (outside it
// res_o keeps the last instruction's values).
/* verilator tracing_off */
module tt_mx_int8
  import tt_pkg::*;
(
  input  logic                       en_i,       // an ELW*/MVMUL/GAPOOL retires with INT8 math
  /* verilator lint_off UNUSEDSIGNAL */     // the float fields (formats, Dest rows) are not read here
  input  mx_ctl_t                    ctl_i,
  /* verilator lint_on UNUSEDSIGNAL */
  input  logic [MX_SRCA_ROWS*MX_SW-1:0] srca_i,  // SrcA rows RWC.SrcA + 0 .. 15
  input  logic [MX_SRCB_ROWS*MX_SW-1:0] srcb_i,  // SrcB rows RWC.SrcB + 0 .. 7
  input  logic [MX_DEST_ROWS*MX_DW-1:0] dest_i, // Dst32b row drow + r: high half at slot r, low at 8 + r
  input  logic [MX_DEST_ROWS-1:0]    dest_vld_i, // their DstRowValid (invalid: 0 unless zf_off)
  input  logic                       inj_fid_i,  // INJ_MX_FID_SLICE
  output logic [128*32-1:0]          res_o       // per cell: sign-magnitude INT32
);

  // A Src cell's signed value; zero when its exponent is 0 and zero_ok; with slice, only the
  // fidelity phase's mantissa bits. DELIBERATE BUG (INJ_MX_FID_SLICE): SrcA's odd-phase slice is
  // bits [3:0], one too low.
  function automatic logic [31:0] src_val(logic [18:0] c, logic zero_ok, logic slice, logic is_b,
                                          logic ph, logic inj);
    logic [9:0] m;
    m = c[17:8];
    if (zero_ok && c[7:0] == '0) return '0;
    if (slice) begin
      if (!is_b) m = ph ? (inj ? (m & 10'h00F) : (m & 10'h01F)) : (m & 10'h0E0);
      else       m = ph ? (m & 10'h00F) : (m & 10'h3F0);
    end
    return c[18] ? -{22'd0, m} : {22'd0, m};
  endfunction

  // Dest (sign-magnitude) + x, saturating at magnitude 2^31 - 1; the result sign-magnitude
  function automatic logic [31:0] sat_add(logic [31:0] d, logic [31:0] x);
    logic [32:0] s;
    s = (d[31] ? -{2'd0, d[30:0]} : {2'd0, d[30:0]}) + {x[31], x};
    if (!s[32] && s[31])                                    s = 33'h07FFFFFFF;
    else if (s[32] && (s[31:0] < 32'h80000001))             s = -33'h07FFFFFFF;
    return s[32] ? {1'b1, 31'(-s)} : {1'b0, s[30:0]};
  endfunction

  // Written only under en_i (temporaries before every read; res_o read by tt_math_unit only with
  // en_i): not cleared in the other cycles, for simulation speed (tt_mx_fpu's waiver)
  /* verilator lint_off LATCH */
  always_comb begin
    logic [31:0] va, vb, acc, dst;
    logic [18:0] a, b;
    int unsigned r, col, br, bc;
    if (en_i) begin
      {va, vb, acc, dst, a, b, r, col, br, bc} = '0;
      for (int unsigned n = 0; n < 128; n++) begin
        r   = n / 16;
        col = n % 16;
        dst = '0;
        if (dest_vld_i[r] || ctl_i.zf_off)
          dst = mx_dest_in(dest_i[(r * 16 + col) * 16 +: 16], dest_i[((r + 8) % 16 * 16 + col) * 16 +: 16],
                           1'b1, 1'b0);
        if (ctl_i.op == MX_DOT) begin
          acc = '0;
          for (int unsigned k = 0; k < 16; k++) begin
            va  = src_val(srca_i[(k * 16 + col) * 19 +: 19], 1'b1, 1'b1, 1'b0, ctl_i.phase[0], inj_fid_i);
            vb  = src_val(srcb_i[(r * 16 + k) * 19 +: 19], ctl_i.flush, 1'b1, 1'b1, ctl_i.phase[1], 1'b0);
            acc = acc + va * vb;
          end
          acc = sat_add(dst, acc);
        end else begin
          br = ctl_i.bcast[1] ? 0 : r;
          bc = ctl_i.bcast[0] ? 0 : col;
          a  = srca_i[(r * 16 + col) * 19 +: 19];
          b  = srcb_i[(br * 16 + bc) * 19 +: 19];
          b[18] = b[18] ^ ctl_i.sub;
          va = src_val(a, 1'b1, ctl_i.op == MX_MUL, 1'b0, ctl_i.phase[0], inj_fid_i);
          vb = src_val(b, ctl_i.flush, ctl_i.op == MX_MUL, 1'b1, ctl_i.phase[1], 1'b0);
          acc = (ctl_i.op == MX_MUL) ? va * vb : va + vb;
          if (ctl_i.accum) acc = sat_add(dst, acc);
          else             acc = acc[31] ? {1'b1, 31'(-acc)} : acc;
        end
        if (4'(r) < ctl_i.nrows) res_o[n * 32 +: 32] = acc;
      end
    end
  end

  /* verilator lint_on LATCH */

endmodule
