// tt_sync_unit: the Sync Unit: 8 semaphores (4-bit value, 4-bit max) and a 1-cycle slot for
// SEMINIT / SEMPOST / SEMGET / STALLWAIT / SEMWAIT / ATGETM / ATRELM / STREAMWAIT.
// isa_semantics.md s.1: SEMPOST saturates at 15 (not at Max), SEMGET at 0; sem_sel is a mask.
// STALLWAIT/SEMWAIT only retire here; the issuing thread's frontend latches them at dispatch.
// Mutexes (BH SyncUnit.md, ATGETM.md; ATRELM.md): four, indices 0, 2, 3, 4; holder = thread or 3
// (free). An ATGETM does not pass its thread's wait gate while another thread holds the mutex
// (SyncUnit.md): tt_core holds it there, from holder_d_o (the holders after this cycle's retire, so
// an ATRELM retiring now lets a waiting ATGETM pass in the same cycle: latency 1). In the slot an
// ATGETM therefore always acquires (free, or already its thread's: re-entrant).
// ATRELM by the holder frees the mutex; by another thread it changes nothing and reports nothing.
// Other mutex indices (the hardware waits forever; the model reports UB) retire with no effect.
// STUB: STREAMWAIT retires with no effect.
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
  input  logic        inj_atrelm_non_holder_i,// INJ_ATRELM_NON_HOLDER

  input  unit_req_t        req_i,        // dispatch (taken only when rsp_o.ready)
  output unit_rsp_t        rsp_o,       // ready, busy, held instruction and thread, retire

  input  logic        mmio_valid_i,
  input  logic [31:0] mmio_addr_i,
  input  logic [31:0] mmio_wdata_i,

  // backdoor preload: semaphore bd_addr_i = {max, value} (docs/design.md)
  input  logic        bd_valid_i,
  input  logic [31:0] bd_addr_i,
  input  logic [7:0]  bd_data_i,

  // backdoor read-back (issue 8 part 0): holder of mutex bdr_idx_i (3 = free)
  input  logic [2:0]  bdr_idx_i,
  output logic [1:0]  bdr_holder_o,

  output logic [7:0]  sem_we_o,        // semaphores changed by the retiring instruction
  output logic [31:0] sem_value_q_o,   // current values (wait gates)
  output logic [31:0] sem_max_q_o,
  output logic [31:0] sem_value_d_o,   // values after this edge
  output logic [31:0] sem_max_d_o,

  // mutex acquired or released by the retiring instruction (thread rsp_o.thread)
  output logic        eff_mutex_we_o,
  output logic [2:0]  eff_mutex_idx_o,
  output logic [1:0]  eff_mutex_holder_o,   // holder after: thread, or 3 = free
  // holder of each mutex after this cycle's retire (3 = free; index 1 and 5..7 always free)
  output logic [1:0]  holder_d_o [8]
);

  logic        slot_valid;
  logic [1:0]  slot_thread;
  logic [31:0] slot_insn;
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

  // ---------------------------------------------------------------------------------------------
  // Mutex state
  // ---------------------------------------------------------------------------------------------
  localparam logic [1:0] FREE = 2'd3;
  logic [1:0] holder_q  [5];       // index 1 does not exist (never written)
  assign bdr_holder_o = (bdr_idx_i < 3'd5) ? holder_q[bdr_idx_i] : 2'd3;

  function automatic logic idx_ok(logic [15:0] idx);
    idx_ok = (idx == 16'd0) || (idx >= 16'd2 && idx <= 16'd4);
  endfunction

  // The slot's instruction
  logic [15:0] s_idx;
  logic        s_idx_ok, s_getm, s_relm;
  logic [2:0]  s_m;
  assign s_idx       = slot_insn[15:0];
  assign s_idx_ok    = idx_ok(s_idx);
  assign s_m         = s_idx[2:0];
  assign s_getm      = (slot_insn[31:24] == OP_ATGETM);
  assign s_relm      = (slot_insn[31:24] == OP_ATRELM);

  // The slot's instruction retires unless a semaphore store takes the cycle.
  logic      slot_done;
  unit_rsp_t slot_rsp;
  // one of SEMINIT/SEMPOST/SEMGET/STALLWAIT/SEMWAIT a cycle (SyncUnit.md): the slot takes the next
  // in the cycle it retires one
  tt_unit_slot #(.LAT_W(1), .PIPE(1'b1)) u_slot (.clk_i, .rst_ni, .req_i, .lat_m1_i(1'b0),
                                    .stall_i(mmio_sem), .drop_i(1'b0), .rsp_o(slot_rsp));
  assign slot_valid  = slot_rsp.busy;
  assign slot_thread = slot_rsp.thread;
  assign slot_insn   = slot_rsp.insn;
  assign slot_done   = slot_rsp.done && !mmio_sem;

  assign rsp_o.ready  = slot_rsp.ready;
  assign rsp_o.busy   = slot_valid;
  assign rsp_o.thread = slot_thread;
  assign rsp_o.insn   = slot_insn;
  assign rsp_o.done   = slot_done;

  // Mutex effects of the retiring instruction
  always_comb begin
    eff_mutex_we_o     = 1'b0;
    eff_mutex_idx_o    = '0;
    eff_mutex_holder_o = FREE;
    if (slot_done && s_idx_ok) begin
      if (s_getm) begin
        // free, or already this thread's (re-entrant); the gate kept it while another held it
        eff_mutex_we_o     = 1'b1;
        eff_mutex_idx_o    = s_m;
        eff_mutex_holder_o = slot_thread;
      end else if (s_relm && (holder_q[s_m] == slot_thread || inj_atrelm_non_holder_i)) begin
        // DELIBERATE BUG (INJ_ATRELM_NON_HOLDER) when the releaser does not hold it: frees anyway.
        eff_mutex_we_o     = 1'b1;
        eff_mutex_idx_o    = s_m;
        eff_mutex_holder_o = FREE;
      end
    end
  end

  always_comb begin
    for (int i = 0; i < 8; i++) holder_d_o[i] = (i < 5) ? holder_q[i] : FREE;
    if (eff_mutex_we_o) holder_d_o[eff_mutex_idx_o] = eff_mutex_holder_o;
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      holder_q   <= '{default: FREE};
    end else if (eff_mutex_we_o) begin
      holder_q[eff_mutex_idx_o] <= eff_mutex_holder_o;
    end
  end

  // Semaphore update: the retiring instruction, or else an MMIO store (never both).
  logic [7:0] sel;
  assign sel = slot_insn[9:2];

  always_comb begin
    val_d    = val_q;
    max_d    = max_q;
    sem_we_o = '0;
    if (slot_done) begin
      unique case (slot_insn[31:24])
        OP_SEMINIT: begin
          for (int s = 0; s < NUM_SEMS; s++) begin
            if (sel[s]) begin
              val_d[s] = slot_insn[19:16];
              max_d[s] = slot_insn[23:20];
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
  assign unused = ^{mmio_wdata_i[31:1], slot_insn[15:10], slot_insn[1:0]};
  /* verilator lint_on UNUSED */

endmodule
