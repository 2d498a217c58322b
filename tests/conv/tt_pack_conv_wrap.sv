// tt_pack_conv_wrap: test-only top for `make pack-conv-test` (tests/conv/pack_conv_compare.cpp):
// one tt_pack_convert (datum 0) and one tt_pack_bfp (all 16 datums) on the same configuration,
// with the configuration as plain ports so that the C++ side can set each field. The BFP side
// takes its inputs through registers loaded on clk_i, so that Verilator evaluates it only after a
// clock edge and a single-datum check (inputs changed, no edge) costs one converter, not 17.
/* verilator tracing_off */
module tt_pack_conv_wrap
  import tt_pkg::*;
(
  input  logic              clk_i,        // loads the BFP side's input registers
  input  logic              read_32b_i,
  input  logic              read_unsigned_i,
  input  logic              read_raw_i,
  input  logic              round_10b_i,
  input  logic [3:0]        inter_fmt_i,
  input  logic [3:0]        in_fmt_i,
  input  logic [3:0]        out_fmt_i,
  input  logic              fp8_e4m3_i,
  input  logic [1:0]        relu_mode_i,
  input  logic [15:0]       relu_threshold_i,
  input  logic              exp_thr_en_i,
  input  logic [7:0]        exp_thr_i,
  input  logic              dis_shared_exp_i,
  input  logic [4:0]        int_shift_i,
  input  logic              packer_srnd_en_i,
  input  logic              gasket_srnd_en_i,
  input  logic              gs_lf_i,
  input  logic              bfp8_hf_i,
  input  logic [15:0][31:0] dest_i,
  input  logic [15:0]       edge_masked_i,
  input  logic              edge_neg_inf_i,
  input  logic [2:0]        inj_i,
  input  logic [15:0][31:0] rnd_i,        // the PRNG draws (tt_pack_conv_cfg srnd_rand)
  // tt_pack_convert on datum 0
  output logic [31:0]       data_o,
  output logic              undef_o,
  output logic              unimpl_o,
  // tt_pack_bfp on datums 0..15 as registered at the last clk_i edge
  output logic [7:0]        shared_exp_o,
  output logic [15:0][7:0]  field_o,
  output logic              bfp_undef_o,
  output logic              bfp_unimpl_o
);

  pack_conv_cfg_t cfg;
  always_comb begin
    cfg.read_32b       = read_32b_i;
    cfg.read_unsigned  = read_unsigned_i;
    cfg.read_raw       = read_raw_i;
    cfg.round_10b      = round_10b_i;
    cfg.inter_fmt      = inter_fmt_i;
    cfg.in_fmt         = in_fmt_i;
    cfg.out_fmt        = out_fmt_i;
    cfg.fp8_e4m3       = fp8_e4m3_i;
    cfg.relu_mode      = relu_mode_i;
    cfg.relu_threshold = relu_threshold_i;
    cfg.exp_thr_en     = exp_thr_en_i;
    cfg.exp_thr        = exp_thr_i;
    cfg.dis_shared_exp = dis_shared_exp_i;
    cfg.int_shift      = int_shift_i;
    cfg.packer_srnd_en = packer_srnd_en_i;
    cfg.gasket_srnd_en = gasket_srnd_en_i;
    cfg.gs_lf          = gs_lf_i;
    cfg.bfp8_hf        = bfp8_hf_i;
  end

  logic [15:0] unused_pre;

  pack_conv_cfg_t    bfp_cfg_q;
  logic [15:0][31:0] bfp_dest_q;
  logic [15:0]       bfp_masked_q;
  logic              bfp_neg_inf_q;
  logic [2:0]        bfp_inj_q;
  logic [15:0][31:0] bfp_rnd_q;
  always_ff @(posedge clk_i) begin
    bfp_cfg_q     <= cfg;
    bfp_dest_q    <= dest_i;
    bfp_masked_q  <= edge_masked_i;
    bfp_neg_inf_q <= edge_neg_inf_i;
    bfp_inj_q     <= inj_i;
    bfp_rnd_q     <= rnd_i;
  end

  tt_pack_convert u_conv (
    .en_i (1'b1),
    .cfg_i          (cfg),
    .dest_i         (dest_i[0]),
    .edge_masked_i  (edge_masked_i[0]),
    .edge_neg_inf_i,
    .inj_i          ({6'd0, inj_i}),
    .rnd_i          (rnd_i[0]),
    .data_o,
    .bfp_pre_o      (unused_pre),
    .undef_o,
    .unimpl_o
  );

  tt_pack_bfp u_bfp (
    .en_i (1'b1),
    .cfg_i          (bfp_cfg_q),
    .dest_i         (bfp_dest_q),
    .edge_masked_i  (bfp_masked_q),
    .edge_neg_inf_i (bfp_neg_inf_q),
    .inj_i          ({6'd0, bfp_inj_q}),
    .rnd_i          (bfp_rnd_q),
    .inj_gt_i       (1'b0),
    .shared_exp_o,
    .field_o,
    .undef_o        (bfp_undef_o),
    .unimpl_o       (bfp_unimpl_o)
  );

endmodule
