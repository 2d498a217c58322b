// tt_sync_unit: the Sync Unit: 8 semaphores (4-bit value, 4-bit max) and a 1-cycle slot for
// SEMINIT / SEMPOST / SEMGET / STALLWAIT / SEMWAIT / ATGETM / ATRELM / STREAMWAIT.
// isa_semantics.md s.1: SEMPOST saturates at 15 (not at Max), SEMGET at 0; sem_sel is a mask.
// STALLWAIT/SEMWAIT only retire here; the issuing thread's frontend latches them at retire.
// Mutexes (BH SyncUnit.md, ATGETM.md; ATRELM.md): four, indices 0, 2, 3, 4; holder = thread or 3
// (free). ATGETM acquires when the mutex is free or already its thread's. When another thread
// holds it, the ATGETM leaves the slot for a per-thread parking register (so the holder's ATRELM
// can still pass) and retires from there once the mutex is free; while parked, mutex_wait_o[t] is
// set (the thread's stall reason shows MUTEX). Parked retires go before the slot's; among parked
// threads waiting on one mutex, the one after the last releaser wins (ATRELM.md fairness).
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
  // thread t's ATGETM is parked waiting for mutex mutex_wait_idx_o[t]
  output logic        mutex_wait_o     [3],
  output logic [2:0]  mutex_wait_idx_o [3]
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
  // Mutex state and parked ATGETMs
  // ---------------------------------------------------------------------------------------------
  localparam logic [1:0] FREE = 2'd3;
  logic [1:0] holder_q  [5];       // index 1 does not exist (never written)
  assign bdr_holder_o = (bdr_idx_i < 3'd5) ? holder_q[bdr_idx_i] : 2'd3;
  logic [1:0] last_rel_q[5];       // thread that last released the mutex (fairness)
  logic       park_q    [3];
  logic [2:0] park_idx_q[3];

  function automatic logic idx_ok(logic [15:0] idx);
    idx_ok = (idx == 16'd0) || (idx >= 16'd2 && idx <= 16'd4);
  endfunction

  // The slot's instruction
  logic [15:0] s_idx;
  logic        s_idx_ok, s_getm, s_relm, s_must_wait;
  logic [2:0]  s_m;
  assign s_idx       = slot_insn[15:0];
  assign s_idx_ok    = idx_ok(s_idx);
  assign s_m         = s_idx[2:0];
  assign s_getm      = (slot_insn[31:24] == OP_ATGETM);
  assign s_relm      = (slot_insn[31:24] == OP_ATRELM);
  assign s_must_wait = slot_valid && s_getm && s_idx_ok && holder_q[s_m] != FREE &&
                       holder_q[s_m] != slot_thread;

  // A parked ATGETM whose mutex is now free retires; rank by distance from the last releaser.
  logic       park_go;
  logic [1:0] park_thread;
  always_comb begin
    logic [1:0] best_rank, rank;
    park_go     = 1'b0;
    park_thread = '0;
    best_rank   = 2'd3;
    rank        = 2'd3;
    for (int t = 0; t < 3; t++) begin
      if (park_q[t] && holder_q[park_idx_q[t]] == FREE) begin
        // 0 for (last + 1) % 3, 1 for (last + 2) % 3, 2 for last
        rank = 2'((t + 5 - int'(last_rel_q[park_idx_q[t]])) % 3);
        if (rank < best_rank) begin
          best_rank   = rank;
          park_go     = 1'b1;
          park_thread = 2'(t);
        end
      end
    end
  end

  // The slot's instruction retires unless a semaphore store or a parked ATGETM takes the cycle; an
  // ATGETM that must wait leaves it for the parking register.
  logic      slot_done;
  unit_rsp_t slot_rsp;
  // one of SEMINIT/SEMPOST/SEMGET/STALLWAIT/SEMWAIT a cycle (SyncUnit.md): the slot takes the next
  // in the cycle it retires one; an ATGETM that must wait leaves it (drop_i) for the parking register
  tt_unit_slot #(.LAT_W(1), .PIPE(1'b1)) u_slot (.clk_i, .rst_ni, .req_i, .lat_m1_i(1'b0),
                                    .stall_i(mmio_sem || park_go),
                                    .drop_i(s_must_wait), .rsp_o(slot_rsp));
  assign slot_valid  = slot_rsp.busy;
  assign slot_thread = slot_rsp.thread;
  assign slot_insn   = slot_rsp.insn;
  assign slot_done   = slot_rsp.done && !(mmio_sem || park_go || s_must_wait);

  assign rsp_o.ready  = slot_rsp.ready;
  assign rsp_o.busy   = slot_valid;
  assign rsp_o.thread = park_go ? park_thread : slot_thread;
  assign rsp_o.insn   = park_go ? {OP_ATGETM, 8'b0, 13'b0, park_idx_q[park_thread]} : slot_insn;
  assign rsp_o.done   = park_go || slot_done;

  // Mutex effects of the retiring instruction
  always_comb begin
    eff_mutex_we_o     = 1'b0;
    eff_mutex_idx_o    = '0;
    eff_mutex_holder_o = FREE;
    if (park_go) begin
      eff_mutex_we_o     = 1'b1;
      eff_mutex_idx_o    = park_idx_q[park_thread];
      eff_mutex_holder_o = park_thread;
    end else if (slot_done && s_idx_ok) begin
      if (s_getm) begin
        // free, or already this thread's (re-entrant)
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

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      holder_q   <= '{default: FREE};
      last_rel_q <= '{default: 2'd2};   // thread 0 first on the first contention
      park_q     <= '{default: 1'b0};
      park_idx_q <= '{default: '0};
    end else begin
      if (eff_mutex_we_o) begin
        holder_q[eff_mutex_idx_o] <= eff_mutex_holder_o;
        if (eff_mutex_holder_o == FREE) last_rel_q[eff_mutex_idx_o] <= rsp_o.thread;
      end
      if (park_go) park_q[park_thread] <= 1'b0;
      if (s_must_wait) begin
        park_q[slot_thread]     <= 1'b1;
        park_idx_q[slot_thread] <= s_m;
      end
    end
  end

  always_comb begin
    for (int t = 0; t < 3; t++) begin
      mutex_wait_o[t]     = park_q[t];
      mutex_wait_idx_o[t] = park_idx_q[t];
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
