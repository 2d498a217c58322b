// tt_sfpu_stub: STUB SFPU unit. Fixed latency tt_pkg::LAT_SFPU, no architectural effect.
/* verilator tracing_off */
module tt_sfpu_stub
  import tt_pkg::*;
(
  input  logic        clk_i,
  input  logic        rst_ni,
  input  unit_req_t        req_i,        // dispatch (taken only when rsp_o.ready)
  output unit_rsp_t        rsp_o   // ready, busy, held instruction and thread, retire
);

  tt_stub_unit #(.LATENCY(LAT_SFPU)) u_slot (.*);

endmodule
