// tt_sync_unit: the Sync Unit: 8 semaphores (4-bit value, 4-bit max) and one 1-cycle slot per
// thread for SEMINIT / SEMPOST / SEMGET / STALLWAIT / SEMWAIT / ATGETM / ATRELM / STREAMWAIT.
// Acceptance (BH SyncUnit.md "Throughput"): several instructions a cycle, at most one of each
// thread; at most one of SEMINIT / SEMPOST / SEMGET / STALLWAIT / SEMWAIT / STREAMWAIT (the
// "semaphore class", which TRISC semaphore stores contest too), and up to three ATGETM / ATRELM
// provided they name different mutexes. Round robin from prio_q (the thread after the first one
// granted last time) settles who goes first. gnt_o is this acceptance; a slot takes the thread's
// next instruction in the cycle it retires one.
// isa_semantics.md s.1: SEMPOST saturates at 15 (not at Max), SEMGET at 0; sem_sel is a mask.
// STALLWAIT/SEMWAIT only retire here; the issuing thread's frontend latches them at dispatch.
// Mutexes (BH SyncUnit.md, ATGETM.md; ATRELM.md): four, indices 0, 2, 3, 4; holder = thread or 3
// (free). An ATGETM does not pass its thread's wait gate while another thread holds the mutex
// (SyncUnit.md): tt_core holds it there, from holder_d_o (the holders after this cycle's retires, so
// an ATRELM retiring now lets a waiting ATGETM pass in the same cycle: latency 1). In its slot an
// ATGETM therefore always acquires (free, or already its thread's: re-entrant).
// ATRELM by the holder frees the mutex; by another thread it changes nothing and reports nothing.
// Other mutex indices (the hardware waits forever; the model reports UB) retire with no effect.
// STUB: STREAMWAIT retires with no effect.
//
// MMIO semaphore store (0xFFE80020 + 4*s, docs/design.md): data bit 0 = 1 -> get, 0 -> post.
// It takes the semaphore class's cycle (BH SyncUnit.md: "writes contest for throughput with Tensix
// semaphore instructions"): a semaphore-class instruction due then retires a cycle later, and none
// is accepted meanwhile. So a semaphore retire never shares an edge with a semaphore store and
// sem_value_d_o (state after the edge) is what the checker's retire-then-store order expects.
/* verilator tracing_off */
module tt_sync_unit
  import tt_pkg::*;
(
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        inj_sempost_no_sat_i,   // INJ_SEMPOST_NO_SAT
  input  logic        inj_atrelm_non_holder_i,// INJ_ATRELM_NON_HOLDER

  input  logic        inj_no_pipe_i,          // INJ_T_SYNC_NO_PIPE
  input  logic        inj_mutex_one_i,        // INJ_T_SYNC_MUTEX_ONE

  // thread t asks for the unit with instruction req_insn_i[t]; gnt_o[t]: accepted (dispatched)
  input  logic [2:0]  req_i,
  input  logic [31:0] req_insn_i [3],
  output logic [2:0]  gnt_o,
  output logic [2:0]  lost_o,             // [t]: asked with its slot free, another thread took its class
  output unit_rsp_t   rsp_o [3],          // per thread: busy, held instruction, retire

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

  output logic [7:0]  sem_we_o,        // semaphores changed by the retiring semaphore-class instruction
  output logic [31:0] sem_value_q_o,   // current values (wait gates)
  output logic [31:0] sem_max_q_o,
  output logic [31:0] sem_value_d_o,   // values after this edge
  output logic [31:0] sem_max_d_o,

  // mutex acquired or released by thread t's retiring instruction
  output logic        eff_mutex_we_o     [3],
  output logic [2:0]  eff_mutex_idx_o    [3],
  output logic [1:0]  eff_mutex_holder_o [3],   // holder after: thread, or 3 = free
  // holder of each mutex after this cycle's retire (3 = free; index 1 and 5..7 always free)
  output logic [1:0]  holder_d_o [8]
);

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

  function automatic logic is_mutex_op(logic [31:0] insn);
    return insn[31:24] == OP_ATGETM || insn[31:24] == OP_ATRELM;
  endfunction

  // ---------------------------------------------------------------------------------------------
  // One slot per thread. A semaphore-class instruction due while a semaphore store takes the cycle
  // stays a cycle more (stall).
  // ---------------------------------------------------------------------------------------------
  unit_req_t  slot_req [3];
  logic [2:0] stall, sem_held, ready;
  for (genvar t = 0; t < 3; t++) begin : g_slot
    unit_rsp_t   r;
    // busy and insn taken apart from r: a whole-struct read would loop through r.ready (stall_i)
    logic        r_busy;
    logic [31:0] r_insn;
    assign r_busy      = r.busy;
    assign r_insn      = r.insn;
    assign sem_held[t] = r_busy && !is_mutex_op(r_insn);
    assign stall[t]    = mmio_sem && sem_held[t];
    assign slot_req[t] = '{valid: gnt_o[t], thread: 2'(t), insn: req_insn_i[t]};
    tt_unit_slot #(.LAT_W(1), .PIPE(1'b1)) u_slot (.clk_i, .rst_ni, .req_i(slot_req[t]), .lat_m1_i(1'b0),
                                      .stall_i(stall[t]), .drop_i(1'b0), .rsp_o(r));
    // DELIBERATE BUG (INJ_T_SYNC_NO_PIPE): a slot takes a new instruction only after its retire.
    assign ready[t]          = r.ready && !(inj_no_pipe_i && r.busy);
    assign rsp_o[t].ready    = ready[t];
    assign rsp_o[t].busy     = r_busy;
    assign rsp_o[t].thread   = 2'(t);
    // slot t holds only thread t's instructions: its own thread field is not needed
    logic [1:0] unused_r_thread;
    assign unused_r_thread = r.thread;
    assign rsp_o[t].insn     = r_insn;
    assign rsp_o[t].done     = r.done && !stall[t];
  end

  // ---------------------------------------------------------------------------------------------
  // Acceptance: walk the threads from prio_q; one semaphore-class instruction, mutex instructions
  // on different mutexes. No semaphore-class one while one is held back by a store.
  // ---------------------------------------------------------------------------------------------
  logic [1:0] prio_q;
  tt_rr_prio u_prio (.clk_i, .rst_ni, .gnt_i(gnt_o), .prio_o(prio_q));
  always_comb begin
    logic        sem_taken, sem_gnt;
    logic [15:0] midx [3];
    logic [2:0]  mtaken;
    logic [1:0]  t;
    gnt_o     = '0;
    lost_o    = '0;
    sem_taken = (stall != '0);
    sem_gnt   = 1'b0;   // a semaphore-class instruction was granted (not a store's hold)
    mtaken    = '0;
    midx      = '{default: '0};
    for (int k = 0; k < 3; k++) begin
      t = 2'((int'(prio_q) + k) % 3);
      if (req_i[t] && ready[t]) begin
        if (!is_mutex_op(req_insn_i[t]) || inj_mutex_one_i) begin
          // DELIBERATE BUG (INJ_T_SYNC_MUTEX_ONE): ATGETM / ATRELM count as semaphore class too.
          if (!sem_taken) begin
            gnt_o[t]  = 1'b1;
            sem_taken = 1'b1;
            sem_gnt   = 1'b1;
          end else begin
            lost_o[t] = sem_gnt;
          end
        end else begin
          gnt_o[t] = 1'b1;
          for (int j = 0; j < 3; j++) if (mtaken[j] && midx[j] == req_insn_i[t][15:0]) gnt_o[t] = 1'b0;
          lost_o[t] = !gnt_o[t];
          if (gnt_o[t]) begin
            mtaken[t] = 1'b1;
            midx[t]   = req_insn_i[t][15:0];
          end
        end
      end
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Mutex state
  // ---------------------------------------------------------------------------------------------
  localparam logic [1:0] FREE = 2'd3;
  logic [1:0] holder_q  [5];       // index 1 does not exist (never written)
  assign bdr_holder_o = (bdr_idx_i < 3'd5) ? holder_q[bdr_idx_i] : 2'd3;

  function automatic logic idx_ok(logic [15:0] idx);
    idx_ok = (idx == 16'd0) || (idx >= 16'd2 && idx <= 16'd4);
  endfunction

  // Mutex effects of the retiring instructions (on different mutexes: the acceptance rule)
  always_comb begin
    for (int t = 0; t < 3; t++) begin
      logic [15:0] idx;
      logic [2:0]  m;
      idx = rsp_o[t].insn[15:0];
      m   = idx[2:0];
      eff_mutex_we_o[t]     = 1'b0;
      eff_mutex_idx_o[t]    = '0;
      eff_mutex_holder_o[t] = FREE;
      if (rsp_o[t].done && idx_ok(idx)) begin
        if (rsp_o[t].insn[31:24] == OP_ATGETM) begin
          // free, or already this thread's (re-entrant); the gate kept it while another held it
          eff_mutex_we_o[t]     = 1'b1;
          eff_mutex_idx_o[t]    = m;
          eff_mutex_holder_o[t] = 2'(t);
        end else if (rsp_o[t].insn[31:24] == OP_ATRELM && (holder_q[m] == 2'(t) || inj_atrelm_non_holder_i)) begin
          // DELIBERATE BUG (INJ_ATRELM_NON_HOLDER) when the releaser does not hold it: frees anyway.
          eff_mutex_we_o[t]     = 1'b1;
          eff_mutex_idx_o[t]    = m;
          eff_mutex_holder_o[t] = FREE;
        end
      end
    end
  end

  always_comb begin
    for (int i = 0; i < 8; i++) holder_d_o[i] = (i < 5) ? holder_q[i] : FREE;
    for (int t = 0; t < 3; t++) if (eff_mutex_we_o[t]) holder_d_o[eff_mutex_idx_o[t]] = eff_mutex_holder_o[t];
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      holder_q <= '{default: FREE};
    end else begin
      for (int i = 0; i < 5; i++) holder_q[i] <= holder_d_o[i];
    end
  end

  // The semaphore-class instruction retiring this cycle (at most one: the acceptance rule)
  logic        sem_done;
  logic [31:0] sem_insn;
  always_comb begin
    sem_done = 1'b0;
    sem_insn = '0;
    for (int t = 0; t < 3; t++) begin
      if (rsp_o[t].done && !is_mutex_op(rsp_o[t].insn)) begin
        sem_done = 1'b1;
        sem_insn = rsp_o[t].insn;
      end
    end
  end

  // Semaphore update: the retiring instruction, or else an MMIO store (never both).
  logic [7:0] sel;
  assign sel = sem_insn[9:2];

  always_comb begin
    val_d    = val_q;
    max_d    = max_q;
    sem_we_o = '0;
    if (sem_done) begin
      unique case (sem_insn[31:24])
        OP_SEMINIT: begin
          for (int s = 0; s < NUM_SEMS; s++) begin
            if (sel[s]) begin
              val_d[s] = sem_insn[19:16];
              max_d[s] = sem_insn[23:20];
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
  assign unused = ^{mmio_wdata_i[31:1], sem_insn[15:10], sem_insn[1:0]};
  /* verilator lint_on UNUSED */

endmodule
