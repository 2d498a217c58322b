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
  output logic [18:0] rd_src_o  [16],
  input  logic [9:0]  rd_dest_row_i [2],
  output logic [15:0] rd_dest_o [2][16],
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

  logic [18:0] srca_q [2][64][16];
  logic [18:0] srcb_q [2][64][16];
  logic [15:0] dest_q [1024][16];

  initial begin
    for (int b = 0; b < 2; b++) for (int r = 0; r < 64; r++) for (int c = 0; c < 16; c++) begin
      srca_q[b][r][c] = '0;
      srcb_q[b][r][c] = '0;
    end
    for (int r = 0; r < 1024; r++) for (int c = 0; c < 16; c++) dest_q[r][c] = '0;
  end

  always_comb begin
    for (int c = 0; c < 16; c++) begin
      rd_src_o[c] = rd_srcb_i ? srcb_q[rd_bank_i][rd_src_row_i][c] : srca_q[rd_bank_i][rd_src_row_i][c];
      for (int k = 0; k < 2; k++) rd_dest_o[k][c] = dest_q[rd_dest_row_i[k]][c];
    end
    for (int k = 0; k < 2; k++) pk_rd_o[k] = dest_q[pk_rd_row_i[k]][pk_rd_col_i];
  end


  always_comb begin
    bdr_data_o = '0;
    for (int g = 0; g < 4; g++) begin
      unique case (bdr_file_i)
        2'd0:    bdr_data_o[32*g +: 19] = srca_q[bdr_addr_i[12]][bdr_addr_i[7:2]][4*bdr_addr_i[1:0] + g];
        2'd1:    bdr_data_o[32*g +: 19] = srcb_q[bdr_addr_i[12]][bdr_addr_i[7:2]][4*bdr_addr_i[1:0] + g];
        default: bdr_data_o[32*g +: 16] = dest_q[bdr_addr_i[11:2]][4*bdr_addr_i[1:0] + g];
      endcase
    end
  end

  always_ff @(posedge clk_i) begin
    if (bd_valid_i) begin
      for (int g = 0; g < 4; g++) begin
        unique case (bd_file_i)
          2'd0: srca_q[bd_addr_i[12]][bd_addr_i[7:2]][4*bd_addr_i[1:0] + g] <= bd_data_i[32*g +: 19];
          2'd1: srcb_q[bd_addr_i[12]][bd_addr_i[7:2]][4*bd_addr_i[1:0] + g] <= bd_data_i[32*g +: 19];
          default: dest_q[bd_addr_i[11:2]][4*bd_addr_i[1:0] + g] <= bd_data_i[32*g +: 16];
        endcase
      end
    end
    for (int w = 0; w < 3; w++) begin
      if (wr_i[w].valid && !(inj_drop_i && w == RF_BY_UNPACK0)) begin
        for (int c = 0; c < 16; c++) begin
          if (wr_i[w].mask[c]) begin
            unique case (wr_i[w].file)
              2'd0: srca_q[wr_i[w].bank][wr_i[w].row[5:0]][c] <= wr_i[w].cells[c][18:0];
              2'd1: srcb_q[wr_i[w].bank][wr_i[w].row[5:0]][c] <= wr_i[w].cells[c][18:0];
              2'd2: dest_q[wr_i[w].row][c] <= wr_i[w].cells[c][15:0];
              default: begin
                dest_q[dest32_adj_row(wr_i[w].row)][c]         <= wr_i[w].cells[c][31:16];
                dest_q[dest32_adj_row(wr_i[w].row) + 10'd8][c] <= wr_i[w].cells[c][15:0];
              end
            endcase
          end
        end
      end
    end
  end

endmodule
