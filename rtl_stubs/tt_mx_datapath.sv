// tt_mx_datapath: the matrix unit's arithmetic for the retiring ELWADD, ELWSUB, ELWMUL, MVMUL,
// GAPOOL or GMPOOL (ISA documentation WormholeB0 ELWADD.md, ELWSUB.md, ELWMUL.md, MVMUL.md, GAPOOL.md,
// GMPOOL.md, Dst.md; numerics of Tenstorrent's functional simulator ttsim v1.10.0 src/tensix.cpp,
// restated in docs/decisions.md "Matrix unit arithmetic"; an independent implementation).
// Reads the rows tt_math_unit fetched through tt_regfile's wide read port in the retire cycle,
// decodes Dest's cells into FP32 bit patterns (an invalid row, DstRowValid false, reads as 0, for
// GMPOOL as all ones, unless ALU_ACC_CTRL_Zero_Flag_disabled_dst), runs the float lanes (tt_mx_fpu),
// the integer lanes (tt_mx_int8) or the column maxima (tt_mx_gmpool), and encodes the results into
// the Dest rows it writes: one rf_wr_t record per row, in row order, all 16 columns (Dst16b: BF16-
// or FP16-style cells; Dst32b, with INT8 or Fp32_enabled: RF_DEST32 records, the FP32 pattern with
// its high half BF16-style). Combinational; everything is evaluated only with en_i.
/* verilator tracing_off */
module tt_mx_datapath
  import tt_pkg::*;
(
  input  logic                       en_i,       // an arithmetic instruction retires
  input  mx_ctl_t                    ctl_i,
  input  logic [MX_SRCA_ROWS*MX_SW-1:0] srca_i,  // SrcA rows RWC.SrcA + 0 .. 15
  input  logic [MX_SRCB_ROWS*MX_SW-1:0] srcb_i,  // SrcB rows RWC.SrcB + 0 .. 7
  // Dest rows: Dst16b row drow + i at slot i; Dst32b row drow + i: high half at slot i, low at 8 + i
  input  logic [MX_DEST_ROWS*MX_DW-1:0] dest_i,
  input  logic [MX_DEST_ROWS-1:0]    dest_vld_i, // their DstRowValid
  input  logic                       inj_trunc_i,  // INJ_MX_GROUP_TRUNC
  input  logic                       inj_fid_i,    // INJ_MX_FID_SLICE
  output rf_wr_t                     wr_o [RF_MATH_PORTS]   // the rows written, in order
);

  logic              en_fpu, en_int, en_max;
  logic [128*32-1:0] dval, res_fpu, res_int;
  logic [16*32-1:0]  dmax, res_max;

  assign en_fpu = en_i && !ctl_i.int8 && ctl_i.op != MX_MAX;
  assign en_int = en_i && ctl_i.int8 && ctl_i.op != MX_MAX;
  assign en_max = en_i && ctl_i.op == MX_MAX;

  // Dest's cells as FP32 patterns (INT32: sign-magnitude in the same layout), 0 where Dest is not
  // an input; GMPOOL's starting maxima
  always_comb begin
    logic [31:0] raw;
    logic [15:0] hi, lo;
    logic        vld;
    int unsigned r, col;
    dval = '0;
    dmax = '0;
    {raw, hi, lo, vld, r, col} = '0;
    if (en_i) begin
      for (int unsigned n = 0; n < 128; n++) begin
        r   = n / 16;
        col = n % 16;
        hi  = dest_i[(r * 16 + col) * 16 +: 16];
        lo  = dest_i[((r + 8) % 16 * 16 + col) * 16 +: 16];
        vld = dest_vld_i[r] || ctl_i.zf_off;
        if (ctl_i.op == MX_MAX) begin
          if (r == 0) begin
            // an invalid row reads as all ones here (the smallest value: it never wins)
            raw = vld ? {hi, (ctl_i.d32 ? lo : 16'd0)} : 32'hFFFFFFFF;
            dmax[col * 32 +: 32] = ctl_i.d32 ? ({raw[31], raw[23:16], raw[30:24], raw[15:0]} & 32'hFFFFE000)
                                             : {raw[31], raw[23:16], raw[30:24], 16'd0};
          end
        end else if (ctl_i.accum && vld) begin
          if (ctl_i.d32)       dval[n * 32 +: 32] = {hi[15], hi[7:0], hi[14:8], lo};
          else if (ctl_i.exp8) dval[n * 32 +: 32] = {hi[15], hi[7:0], hi[14:8], 16'd0};
          else                 dval[n * 32 +: 32] = {hi[15], 3'd0, hi[4:0], hi[14:5], 13'd0};
        end
      end
    end
  end

  tt_mx_fpu u_fpu (
    .en_i (en_fpu), .ctl_i, .srca_i, .srcb_i, .dst_i (dval),
    .inj_trunc_i, .inj_fid_i, .res_o (res_fpu)
  );

  tt_mx_int8 u_int8 (
    .en_i (en_int), .ctl_i, .srca_i, .srcb_i, .dst_i (dval), .inj_fid_i, .res_o (res_int)
  );

  tt_mx_gmpool u_gmpool (
    .en_i (en_max), .tf32_i (ctl_i.amask == MXM_ALL), .srca_i, .dst_i (dmax), .max_o (res_max)
  );

  // The rows written, encoded into Dest cells
  always_comb begin
    logic [31:0] v;
    for (int k = 0; k < int'(RF_MATH_PORTS); k++) wr_o[k] = '0;
    v = '0;
    if (en_i) begin
      for (int k = 0; k < int'(RF_MATH_PORTS); k++) begin
        if (4'(k) < ctl_i.nrows) begin
          wr_o[k].valid = 1'b1;
          wr_o[k].file  = ctl_i.d32 ? 2'(RF_DEST32) : 2'(RF_DEST);
          wr_o[k].row   = ctl_i.drow + 10'(k);
          wr_o[k].mask  = '1;
          for (int c = 0; c < 16; c++) begin
            if (ctl_i.op == MX_MAX) v = (k == 0) ? res_max[c * 32 +: 32] : 32'd0;   // rows 1..3: zero
            else if (ctl_i.int8)    v = res_int[(k * 16 + c) * 32 +: 32];
            else                    v = res_fpu[(k * 16 + c) * 32 +: 32];
            if (ctl_i.d32)       wr_o[k].cells[c] = {v[31], v[22:16], v[30:23], v[15:0]};
            else if (ctl_i.exp8) wr_o[k].cells[c] = {16'd0, v[31], v[22:16], v[30:23]};
            else                 wr_o[k].cells[c] = {16'd0, v[31], v[22:13], v[27:23]};
          end
        end
      end
    end
  end

endmodule
