// tt_sync_unit: the Sync Unit: 8 semaphores (4-bit value, 4-bit max) and a 1-cycle slot for
// SEMINIT / SEMPOST / SEMGET / STALLWAIT / SEMWAIT / ATGETM / ATRELM / STREAMWAIT.
// isa_semantics.md s.1: SEMPOST saturates at 15 (not at Max), SEMGET at 0; sem_sel is a mask.
// STALLWAIT/SEMWAIT only retire here; the issuing thread's frontend latches them at retire.
// STUB parts: ATGETM / ATRELM (mutexes, issue 3) and STREAMWAIT retire with no effect.
//
// MMIO semaphore store (0xFFE80020 + 4*s, docs/design.md): data bit 0 = 1 -> get, 0 -> post.
// The unit accepts one semaphore operation per cycle, instruction or RISC-V store (BH
// SyncUnit.md): a store takes the cycle and the instruction due then retires a cycle later. So a
// retire never shares an edge with a semaphore store and sem_value_o/sem_max_o (state after the
// edge) are what the checker's retire-then-store order expects.
/* verilator tracing_off */
module tt_sync_unit
  import tt_pkg::*;
(
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        inj_sempost_no_sat_i,   // INJ_SEMPOST_NO_SAT

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

  // backdoor preload: semaphore bd_addr_i = {max, value} (docs/design.md)
  input  logic        bd_valid_i,
  input  logic [31:0] bd_addr_i,
  input  logic [7:0]  bd_data_i,

  output logic [7:0]  sem_we_o,        // semaphores changed by the retiring instruction
  output logic [31:0] sem_value_q_o,   // current values (wait gates)
  output logic [31:0] sem_max_q_o,
  output logic [31:0] sem_value_d_o,   // values after this edge
  output logic [31:0] sem_max_d_o
);

  logic        valid_q;
  logic [1:0]  thread_q;
  logic [31:0] insn_q;
  logic [3:0]  val_q [NUM_SEMS];
  logic [3:0]  max_q [NUM_SEMS];
  logic [3:0]  val_d [NUM_SEMS];
  logic [3:0]  max_d [NUM_SEMS];

  // MMIO semaphore store decode
  logic       mmio_sem;
  logic [2:0] mmio_sem_idx;
  assign mmio_sem     = mmio_valid_i && (mmio_addr_i[31:5] == MMIO_SEM_BASE[31:5]) &&
                        (mmio_addr_i[1:0] == 2'b00);
  assign mmio_sem_idx = mmio_addr_i[4:2];

  assign ready_o  = !valid_q;
  assign busy_o   = valid_q;
  assign thread_o = thread_q;
  assign insn_o   = insn_q;
  assign done_o   = valid_q && !mmio_sem;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      valid_q  <= 1'b0;
      thread_q <= '0;
      insn_q   <= '0;
    end else if (req_valid_i && !valid_q) begin
      valid_q  <= 1'b1;
      thread_q <= req_thread_i;
      insn_q   <= req_insn_i;
    end else if (done_o) begin
      valid_q  <= 1'b0;
    end
  end

  // Semaphore update: the retiring instruction, or else an MMIO store (never both).
  logic [7:0] sel;
  assign sel = insn_q[9:2];

  always_comb begin
    val_d    = val_q;
    max_d    = max_q;
    sem_we_o = '0;
    if (done_o) begin
      unique case (insn_q[31:24])
        OP_SEMINIT: begin
          for (int s = 0; s < NUM_SEMS; s++) begin
            if (sel[s]) begin
              val_d[s] = insn_q[19:16];
              max_d[s] = insn_q[23:20];
            end
          end
          sem_we_o = sel;
        end
        OP_SEMPOST: begin
          for (int s = 0; s < NUM_SEMS; s++) begin
            if (sel[s] && val_q[s] != 4'd15) begin
              val_d[s]    = val_q[s] + 4'd1;
              sem_we_o[s] = 1'b1;
            end else if (sel[s] && inj_sempost_no_sat_i) begin
              // DELIBERATE BUG (INJ_SEMPOST_NO_SAT): wraps 15 -> 0 instead of saturating.
              val_d[s]    = 4'd0;
              sem_we_o[s] = 1'b1;
            end
          end
        end
        OP_SEMGET: begin
          for (int s = 0; s < NUM_SEMS; s++) begin
            if (sel[s] && val_q[s] != 4'd0) begin
              val_d[s]    = val_q[s] - 4'd1;
              sem_we_o[s] = 1'b1;
            end
          end
        end
        default: ;  // STALLWAIT, SEMWAIT (latched by the frontend), ATGETM/ATRELM/STREAMWAIT stubs
      endcase
    end else if (mmio_sem) begin
      if (mmio_wdata_i[0]) begin
        if (val_q[mmio_sem_idx] != 4'd0)  val_d[mmio_sem_idx] = val_q[mmio_sem_idx] - 4'd1;
      end else begin
        if (val_q[mmio_sem_idx] != 4'd15) val_d[mmio_sem_idx] = val_q[mmio_sem_idx] + 4'd1;
      end
    end
    if (bd_valid_i && bd_addr_i < 32'(NUM_SEMS)) begin
      val_d[bd_addr_i[2:0]] = bd_data_i[3:0];
      max_d[bd_addr_i[2:0]] = bd_data_i[7:4];
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      val_q <= '{default: '0};   // reset values undocumented; model: 0
      max_q <= '{default: '0};
    end else begin
      val_q <= val_d;
      max_q <= max_d;
    end
  end

  always_comb begin
    for (int s = 0; s < NUM_SEMS; s++) begin
      sem_value_q_o[4*s +: 4] = val_q[s];
      sem_max_q_o[4*s +: 4]   = max_q[s];
      sem_value_d_o[4*s +: 4] = val_d[s];
      sem_max_d_o[4*s +: 4]   = max_d[s];
    end
  end

  /* verilator lint_off UNUSED */
  logic unused;
  assign unused = ^{mmio_wdata_i[31:1], insn_q[15:10], insn_q[1:0]};
  /* verilator lint_on UNUSED */

endmodule
