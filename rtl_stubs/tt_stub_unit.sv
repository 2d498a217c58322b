// tt_stub_unit: STUB backend unit shared by the fixed-latency stub units: a tt_unit_slot whose
// latency is the constant LATENCY (retire in the LATENCY-th cycle after the dispatch edge), with no
// architectural effect. Free again the cycle after retire.
/* verilator tracing_off */
module tt_stub_unit
  import tt_pkg::*;
#(
  parameter int unsigned LATENCY = 1   // >= 1
) (
  input  logic        clk_i,
  input  logic        rst_ni,

  input  unit_req_t        req_i,        // dispatch (taken only when rsp_o.ready)
  output unit_rsp_t        rsp_o   // ready, busy, held instruction and thread, retire
);

  localparam int unsigned LAT_W = (LATENCY > 1) ? $clog2(LATENCY) : 1;

  tt_unit_slot #(.LAT_W(LAT_W)) u_slot (
    .clk_i, .rst_ni, .req_i, .rsp_o,
    .lat_m1_i (LAT_W'(LATENCY - 1)),
    .stall_i  (1'b0),
    .drop_i   (1'b0)
  );

endmodule
