// tt_regfile: SrcA and SrcB (2 banks x 64 rows x 16 columns of 19-bit cells) and Dest (1024 rows x
// 16 columns of 16-bit cells; the Dst32b view writes DstBits[adj] (high half) and DstBits[adj + 8]
// (low half), adj = ((row & 0x1f8) << 1) | (row & 0x207): ISA documentation Dst.md, ERRATA 5).
// One row-write port per writer (unpacker 0, unpacker 1, matrix unit), committed at the edge; the
// writers never write the same row in one cycle (bank ownership). Backdoor: 4 cells per item.
/* verilator tracing_off */
module tt_regfile
  import tt_pkg::*;
(
  input  logic        clk_i,

  input  rf_wr_arr_t  wr_i,                  // RF_BY_UNPACK0, RF_BY_UNPACK1, RF_BY_MATH

  // combinational reads for the matrix unit: one Src row, two Dest rows
  input  logic        rd_srcb_i,
  input  logic        rd_bank_i,
  input  logic [5:0]  rd_src_row_i,
  output logic [16*19-1:0] rd_src_o,         // cell c in [19c +: 19]
  input  logic [9:0]  rd_dest_row_i [2],
  output logic [16*16-1:0] rd_dest_o [2],    // cell c in [16c +: 16]
  // combinational read for packer 0: two Dest cells of one column (Dst16b: [0]; Dst32b: high half
  // at [0], low half at [1])
  input  logic [9:0]  pk_rd_row_i [2],
  input  logic [3:0]  pk_rd_col_i,
  output logic [15:0] pk_rd_o [2],

  // backdoor read-back (issue 8 part 0): 4 cells, same addressing as the preload
  input  logic [1:0]  bdr_file_i,
  input  logic [31:0] bdr_addr_i,
  output logic [127:0] bdr_data_o,
  input  logic        inj_drop_i,            // unpacker 0's row writes reported but not made

  input  logic        bd_valid_i,
  input  logic [1:0]  bd_file_i,             // RF_SRCA, RF_SRCB, RF_DEST
  input  logic [31:0] bd_addr_i,             // bank << 12 | row << 2 | group of 4 cells
  input  logic [127:0] bd_data_i
);

  // Storage is one packed vector per row, so that a row write is one write site per writer:
  // the simulator keeps a set flag per non-blocking array write site and clears and tests each of
  // them every cycle, and per-cell writes (3 writers x 16 columns x 5 targets) made this idle
  // module a tenth of a config-stream run (issue 8 part 6).
  localparam int unsigned SW = 16 * 19;
  localparam int unsigned DW = 16 * 16;
  logic [SW-1:0] srca_q [128];               // bank << 6 | row
  logic [SW-1:0] srcb_q [128];
  logic [DW-1:0] dest_q [1024];

  initial begin
    for (int r = 0; r < 128; r++) begin
      srca_q[r] = '0;
      srcb_q[r] = '0;
    end
    for (int r = 0; r < 1024; r++) dest_q[r] = '0;
  end

  // Whole rows out: the reader picks its cells (a per-cell unpacked port was copied cell by cell
  // at every hop, every cycle)
  always_comb begin
    rd_src_o = rd_srcb_i ? srcb_q[{rd_bank_i, rd_src_row_i}] : srca_q[{rd_bank_i, rd_src_row_i}];
    for (int k = 0; k < 2; k++) rd_dest_o[k] = dest_q[rd_dest_row_i[k]];
    for (int k = 0; k < 2; k++) pk_rd_o[k] = dest_q[pk_rd_row_i[k]][16*pk_rd_col_i +: 16];
  end

  always_comb begin
    bdr_data_o = '0;
    for (int g = 0; g < 4; g++) begin
      unique case (bdr_file_i)
        2'd0:    bdr_data_o[32*g +: 19] = srca_q[{bdr_addr_i[12], bdr_addr_i[7:2]}][19*(4*bdr_addr_i[1:0] + g) +: 19];
        2'd1:    bdr_data_o[32*g +: 19] = srcb_q[{bdr_addr_i[12], bdr_addr_i[7:2]}][19*(4*bdr_addr_i[1:0] + g) +: 19];
        default: bdr_data_o[32*g +: 16] = dest_q[bdr_addr_i[11:2]][16*(4*bdr_addr_i[1:0] + g) +: 16];
      endcase
    end
  end

  // Row merges, evaluated only in the branch of a write that happens
  function automatic logic [SW-1:0] merge_src(logic [SW-1:0] old, rf_wr_t wr);
    for (int c = 0; c < 16; c++) if (wr.mask[c]) old[19*c +: 19] = wr.cells[c][18:0];
    return old;
  endfunction
  function automatic logic [DW-1:0] merge_dest(logic [DW-1:0] old, rf_wr_t wr, logic hi);
    for (int c = 0; c < 16; c++) if (wr.mask[c]) old[16*c +: 16] = hi ? wr.cells[c][31:16] : wr.cells[c][15:0];
    return old;
  endfunction

  // The backdoor writes 4 cells of one row, only while nothing runs. A whole-row write per site
  // assumes two writers never write one row in one cycle: Src rows are written by the owner of
  // their bank and Dest by one unit at a time in any program whose result is defined. A racy
  // program (a ZEROSRC of both banks beside a MOVD2A, an UNPACR to Dest beside a MOVA2D) has no
  // defined order in the model either, which applies each instruction whole at its retire; there
  // the later writer (higher RF_BY_*) keeps the row.
  always_ff @(posedge clk_i) begin
    if (bd_valid_i) begin
      unique case (bd_file_i)
        2'd0: for (int g = 0; g < 4; g++)
          srca_q[{bd_addr_i[12], bd_addr_i[7:2]}][19*(4*bd_addr_i[1:0] + g) +: 19] <= bd_data_i[32*g +: 19];
        2'd1: for (int g = 0; g < 4; g++)
          srcb_q[{bd_addr_i[12], bd_addr_i[7:2]}][19*(4*bd_addr_i[1:0] + g) +: 19] <= bd_data_i[32*g +: 19];
        default: for (int g = 0; g < 4; g++)
          dest_q[bd_addr_i[11:2]][16*(4*bd_addr_i[1:0] + g) +: 16] <= bd_data_i[32*g +: 16];
      endcase
    end
    for (int w = 0; w < 3; w++) begin
      if (wr_i[w].valid && !(inj_drop_i && w == RF_BY_UNPACK0)) begin
        unique case (wr_i[w].file)
          2'd0: srca_q[{wr_i[w].bank, wr_i[w].row[5:0]}] <= merge_src(srca_q[{wr_i[w].bank, wr_i[w].row[5:0]}], wr_i[w]);
          2'd1: srcb_q[{wr_i[w].bank, wr_i[w].row[5:0]}] <= merge_src(srcb_q[{wr_i[w].bank, wr_i[w].row[5:0]}], wr_i[w]);
          2'd2: dest_q[wr_i[w].row] <= merge_dest(dest_q[wr_i[w].row], wr_i[w], 1'b0);
          default: begin
            dest_q[dest32_adj_row(wr_i[w].row)]         <= merge_dest(dest_q[dest32_adj_row(wr_i[w].row)], wr_i[w], 1'b1);
            dest_q[dest32_adj_row(wr_i[w].row) + 10'd8] <= merge_dest(dest_q[dest32_adj_row(wr_i[w].row) + 10'd8], wr_i[w], 1'b0);
          end
        endcase
      end
    end
  end

endmodule
