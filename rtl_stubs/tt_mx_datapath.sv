// tt_mx_datapath: the matrix unit's arithmetic for the retiring ELWADD, ELWSUB, ELWMUL, MVMUL,
// GAPOOL or GMPOOL (ISA documentation WormholeB0 ELWADD.md, ELWSUB.md, ELWMUL.md, MVMUL.md, GAPOOL.md,
// GMPOOL.md, Dst.md; numerics of Tenstorrent's functional simulator ttsim v1.10.0 src/tensix.cpp,
// restated in docs/decisions.md "Matrix unit arithmetic"; an independent implementation).
// The float lanes (tt_mx_fpu), the integer lanes (tt_mx_int8) and the column maxima (tt_mx_gmpool),
// each enabled only for its own instructions, on the rows tt_math_unit fetched through tt_regfile's
// wide read port in the retire cycle. Results are FP32 bit patterns (INT32 sign-magnitude), cell
// (row r, column c) at [(16r + c)*32 +: 32]; tt_math_unit encodes them into the Dest rows it writes
// (tt_pkg mx_dest_out). Combinational; nothing but the enables is evaluated without an arithmetic
// retire (each result vector is cleared as a whole then).
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
  output logic [128*32-1:0]          fpu_o,      // ELW*/MVMUL/GAPOOL, float
  output logic [128*32-1:0]          int_o,      // ELW*/MVMUL/GAPOOL, INT8 math
  output logic [16*32-1:0]           max_o       // GMPOOL: row RWC.Dst's 16 columns (the next 3 rows: 0)
);

  tt_mx_fpu u_fpu (
    .en_i (en_i && !ctl_i.int8 && ctl_i.op != MX_MAX), .ctl_i, .srca_i, .srcb_i, .dest_i, .dest_vld_i,
    .inj_trunc_i, .inj_fid_i, .res_o (fpu_o)
  );

  tt_mx_int8 u_int8 (
    .en_i (en_i && ctl_i.int8 && ctl_i.op != MX_MAX), .ctl_i, .srca_i, .srcb_i, .dest_i, .dest_vld_i,
    .inj_fid_i, .res_o (int_o)
  );

  tt_mx_gmpool u_gmpool (
    .en_i (en_i && ctl_i.op == MX_MAX), .tf32_i (ctl_i.amask == MXM_ALL), .d32_i (ctl_i.d32),
    .zf_off_i (ctl_i.zf_off), .srca_i, .dest_i, .dest_vld_i, .max_o
  );

endmodule
