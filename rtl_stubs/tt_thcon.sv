// tt_thcon: PLACEHOLDER (being filled in).
/* verilator tracing_off */
module tt_thcon
  import tt_pkg::*;
(
  input  logic         clk_i,
  input  logic         rst_ni,
  input  logic         inj_adddmareg_const_i,
  input  logic         inj_storeind_be_i,
  input  logic         req_valid_i,
  input  logic [1:0]   req_thread_i,
  input  logic [31:0]  req_insn_i,
  output logic         ready_o,
  output logic         busy_o,
  output logic [1:0]   thread_o,
  output logic [31:0]  insn_o,
  output logic         done_o,
  input  logic         mmio_valid_i,
  input  logic [31:0]  mmio_addr_i,
  input  logic [31:0]  mmio_wdata_i,
  input  logic [1:0]   cfg_rd_thread_i,
  input  logic [5:0]   cfg_rd_idx_i,
  output logic [31:0]  cfg_rd_data_o [4],
  input  logic         cfg_wr_valid_i,
  input  logic [1:0]   cfg_wr_thread_i,
  input  logic [5:0]   cfg_wr_idx_i,
  input  logic [31:0]  cfg_wr_data_i,
  output logic         l1_wr_valid_o,
  output logic [31:0]  l1_wr_addr_o,
  output logic [15:0]  l1_wr_be_o,
  output logic [127:0] l1_wr_data_o,
  output logic         eff_gpr_we_o,
  output logic [5:0]   eff_gpr_idx_o,
  output logic [31:0]  eff_gpr_data_o
);
  tt_stub_unit #(.LATENCY(1)) u_slot (.*);
  assign cfg_rd_data_o = '{default: '0};
  assign l1_wr_valid_o = 1'b0;
  assign l1_wr_addr_o = '0;
  assign l1_wr_be_o = '0;
  assign l1_wr_data_o = '0;
  assign eff_gpr_we_o = '0;
  assign eff_gpr_idx_o = '0;
  assign eff_gpr_data_o = '0;
  /* verilator lint_off UNUSED */
  logic unused;
  assign unused = ^{inj_adddmareg_const_i, inj_storeind_be_i, mmio_valid_i, mmio_addr_i,
                    mmio_wdata_i, cfg_rd_thread_i, cfg_rd_idx_i, cfg_wr_valid_i, cfg_wr_thread_i,
                    cfg_wr_idx_i, cfg_wr_data_i};
  /* verilator lint_on UNUSED */
endmodule
