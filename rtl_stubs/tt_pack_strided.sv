// tt_pack_strided: which Dest row each PACR read interface reads, normal or strided
// (DstAccessMode, PACR [17]); docs/decisions.md "PACR strided Dest read". Blackhole PACR.md: in
// the normal mode interface i reads row StartRow + i of an aligned group of four; strided, the
// enabled interfaces read rows 16 apart, a mode meant for DEST_ACCESS_CFG_remap_addrs with
// swizzle_32b (ttsim v1.10.0 requires both and reads logical row StartRow + 16 k). Defined here
// only with both bits set and ReadIntfSel 0b0001 / 0b0011 / 0b0111 / 0b1111, where the k-th enabled
// interface is interface k; other strided forms retire with no effect (the model reports them).
// The setup half is evaluated in the packer's accept cycle, the row half per datum.
module tt_pack_strided
  import tt_pkg::*;
(
  input  logic [NUM_INJ_BITS-1:0] inj_i,
  // setup: the requested PACR
  input  logic       strided_i,       // DstAccessMode
  input  logic [1:0] dest_access_i,   // DEST_ACCESS_CFG {remap_addrs, swizzle_32b} (cfg 220 [1:0])
  input  logic [3:0] intf_i,          // ReadIntfSel, 0 already read as 4'hF
  output logic       unimpl_o,        // a strided form with no public definition: no effect
  output logic       align_check_o,   // the aligned-group-of-four check applies (normal mode)
  // datum path: the PACR in flight
  input  logic       strided_q_i,
  input  logic       read_32b_q_i,    // Read_32b_data: rows are Dst32b logical rows
  input  logic [9:0] row0_i,          // StartRow (the first datum index >> 4)
  input  logic [1:0] intf_k_i,        // this datum's read interface
  output logic [9:0] row_o            // logical Dest row it reads (mod 1024, as the datum index)
);

  assign unimpl_o = strided_i && (dest_access_i != 2'b11 ||
                                  !(intf_i inside {4'h1, 4'h3, 4'h7, 4'hF}));
  // DELIBERATE BUG (INJ_PACK_STRIDED_ALIGN): strided reads checked against the aligned group of four
  assign align_check_o = !strided_i || inj_i[INJ_PACK_STRIDED_ALIGN];

  always_comb begin
    logic [9:0] step;
    step = {8'd0, intf_k_i};
    if (strided_q_i) begin
      step = {4'd0, intf_k_i, 4'd0};
      // DELIBERATE BUG (INJ_PACK_STRIDE_8): the 8-row stride of Dest's unremapped layout
      // (assembly.yaml's example) instead of the remapped 16
      if (inj_i[INJ_PACK_STRIDE_8]) step = {5'd0, intf_k_i, 3'd0};
      // DELIBERATE BUG (INJ_PACK_STRIDED_PHYS32): with Dst32b the 16 is counted in physical
      // 16-bit rows after the AdjRow map, i.e. 8 logical rows
      if (inj_i[INJ_PACK_STRIDED_PHYS32] && read_32b_q_i) step = {5'd0, intf_k_i, 3'd0};
    end
    row_o = row0_i + step;
  end

endmodule
