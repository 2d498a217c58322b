// tt_cfg_unit: PLACEHOLDER (being filled in).
/* verilator tracing_off */
module tt_cfg_unit
  import tt_pkg::*;
(
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        inj_setc16_thread_i,
  input  logic        inj_rmwcib_lane_i,
  input  logic        inj_wrcfg128_short_i,
  input  logic        req_valid_i,
  input  logic [1:0]  req_thread_i,
  input  logic [31:0] req_insn_i,
  output logic        ready_o,
  output logic        busy_o,
  output logic [1:0]  thread_o,
  output logic [31:0] insn_o,
  output logic        done_o,
  input  logic        mmio_valid_i,
  input  logic [31:0] mmio_addr_i,
  input  logic [31:0] mmio_wdata_i,
  output logic [1:0]  gpr_rd_thread_o,
  output logic [5:0]  gpr_rd_idx_o,
  input  logic [31:0] gpr_rd_data_i [4],
  output logic [3:0]  eff_cfg_we_o,
  output logic        eff_cfg_state_o,
  output logic [7:0]  eff_cfg_addr_o,
  output logic [31:0] eff_cfg_data_o [4],
  output logic        eff_tcfg_we_o,
  output logic [7:0]  eff_tcfg_addr_o,
  output logic [31:0] eff_tcfg_data_o,
  output logic        eff_gpr_we_o,
  output logic [5:0]  eff_gpr_idx_o,
  output logic [31:0] eff_gpr_data_o
);
  tt_stub_unit #(.LATENCY(1)) u_slot (.*);
  assign gpr_rd_thread_o = '0;
  assign gpr_rd_idx_o = '0;
  assign eff_cfg_we_o = '0;
  assign eff_cfg_state_o = '0;
  assign eff_cfg_addr_o = '0;
  assign eff_cfg_data_o = '{default: '0};
  assign eff_tcfg_we_o = '0;
  assign eff_tcfg_addr_o = '0;
  assign eff_tcfg_data_o = '0;
  assign eff_gpr_we_o = '0;
  assign eff_gpr_idx_o = '0;
  assign eff_gpr_data_o = '0;
  /* verilator lint_off UNUSED */
  logic unused;
  assign unused = ^{inj_setc16_thread_i, inj_rmwcib_lane_i, inj_wrcfg128_short_i, mmio_valid_i,
                    mmio_addr_i, mmio_wdata_i, gpr_rd_data_i[0], gpr_rd_data_i[1],
                    gpr_rd_data_i[2], gpr_rd_data_i[3]};
  /* verilator lint_on UNUSED */
endmodule
