// tt_frontend: one Tensix thread's frontend: instruction FIFO -> MOP expander -> replay expander
// -> frontend register -> wait gate -> dispatch; tracks the in-flight instruction and retires it.
// tt-isa-documentation TensixCoprocessor README "Frontend", coprocessor-pipeline.md "Frontend
// Pipeline". BRISC pushes enter the same FIFO marked as BRISC and pass the MOP expander
// unexpanded (they enter after it); when BRISC and the TRISC push at the same edge, the TRISC
// instruction is discarded (README "Frontend": the mux between the expanders).
//
// MOP, MOP_CFG and REPLAY are consumed by the expanders and never retire; every instruction they
// expand to retires with its own sequence number. One that still reaches the frontend register
// (BRISC MOP, a MOP expansion containing MOP/MOP_CFG, REPLAY loaded into the replay buffer)
// retires on UNIT_NONE with no effect; the model reports it as undefined.
//
// Ordering (TensixCoprocessor README "Frontend": in order up to the wait gate, re-ordering starts
// in the backend): an instruction that passes the gate goes to its unit while the thread goes on
// dispatching to other units, so a thread has at most one instruction in each unit in flight (the
// configuration unit, each unpacker and the packer two, the pipelined matrix unit up to five: counted,
// and they carry their sequence numbers), and
// its instructions retire out of program order across units. Each dispatch takes the next
// program-order sequence number, which its retire reports (docs/design.md ordering contract). The
// gate holds the frontend register's instruction while a ThCon instruction of this thread
// executes (ScalarUnit.md: no instruction of the issuing thread passes its gate until it
// completes) or a latched wait blocks it; a busy unit holds it through its arbiter. Frontend-only
// instructions (UNIT_NONE: NOP, undefined opcodes) retire the cycle after their dispatch, one a
// cycle.
//
// Wait gate (STALLWAIT.md, SEMWAIT.md): a STALLWAIT / SEMWAIT latches {block mask, conditions} as
// it passes the gate ("takes effect immediately": the very next instruction is subject to it).
// While latched, the head instruction is held if it is in a blocked class. Conditions are "keep
// waiting while"; the latch clears at the edge after a cycle in which no selected condition
// holds, so the next instruction is held at least one cycle (the one-cycle lag).
/* verilator tracing_off */
module tt_frontend
  import tt_pkg::*;
(
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             inj_fifo_drop_i,
  input  logic             inj_mop_inner_short_i,
  input  logic             inj_mop_no_quirk_i,
  input  logic             inj_mop_t0_no_maskhi_i,
  input  logic             inj_replay_len0_short_i,
  input  logic             inj_replay_load_passes_fe_i,   // INJ_REPLAY_LOAD_PASSES_FE
  input  logic             inj_replay_exec_load_silent_i, // INJ_REPLAY_EXEC_LOAD_SILENT
  input  logic             inj_replay_index_zero_i,       // INJ_REPLAY_INDEX_ZERO
  input  logic             inj_brisc_mux_i,
  input  logic             inj_semwait_no_hold_i,   // INJ_SEMWAIT_NO_HOLD
  input  logic             inj_wait_replace_i,      // INJ_WAIT_REPLACE
  input  logic             inj_semwait_max_gt_i,    // INJ_SEMWAIT_MAX_GT
  input  logic [7:0]       inj_t_i,   // timing bugs: [0] INJ_T_FIFO_REFILL29, [1] INJ_T_GATE_NO_LAG,
                                      // [2] INJ_T_GATE_LAG2, [3] INJ_T_WAIT_BLOCK_DEF,
                                      // [4] INJ_T_MOP_NO_PENALTY, [5] INJ_T_MOP_PENALTY_ALL,
                                      // [6] INJ_T_DISPATCH_BUBBLE, [7] INJ_T_STALL_FE_UNIT
  input  logic             inj_fifo_bypass_i,       // INJ_T_FIFO_BYPASS
  input  logic [3:0]       inj_t_rep_i,  // [0] INJ_T_REPLAY_PENALTY, [1] INJ_T_REPLAY_EXEC_LATE,
                                         // [2] INJ_T_REPLAY_LOAD_SLOW, [3] INJ_T_FE_FILL_EMPTY
  input  logic [1:0]       inj_d_i,      // [0] INJ_T_ONE_IN_FLIGHT, [1] INJ_T_WAIT_LATCH_LATE

  // TRISC push
  input  logic             push_valid_i,
  input  logic [31:0]      push_insn_i,
  output logic             push_ready_o,

  // BRISC push to this thread (after the MOP expander); taken when push_ready_o
  input  logic             brisc_valid_i,
  input  logic [31:0]      brisc_insn_i,

  // MOP config store (TRISC of this thread, word mop_cfg_idx_i of 0xFFB80000)
  input  logic             mop_cfg_we_i,
  input  logic [3:0]       mop_cfg_idx_i,
  input  logic [31:0]      mop_cfg_wdata_i,
  output logic [5:0]       fifo_count_o,

  // dispatch request to a backend unit (never UNIT_NONE); dispatched when granted
  output logic             disp_req_o,
  output unit_e            disp_unit_o,
  output logic [31:0]      disp_insn_o,
  input  logic             disp_grant_i,

  // bit u: unit u retires this thread's instruction this cycle (bit 0, UNIT_NONE, unused)
  input  logic [NUM_UNITS-1:0] unit_retire_i,
  // two of this thread's instructions retire from the configuration unit this cycle (WRCFG.md: a
  // thread's next one can start in a WRCFG's second cycle, so it may hold two)
  input  logic             cfg_retire2_i,
  // one of this thread's instructions holds its gate (tt_core: ThCon executing, an UNPACR's address
  // phase, an ATGETM waiting for its mutex, a matrix-unit move waiting for its bank), and its unit
  input  logic             hold_i,
  input  unit_e            hold_unit_i,

  // wait-gate inputs (pre-edge state)
  input  logic [NUM_CND-1:0] cond_active_i,
  input  logic [31:0]      sem_value_i,
  input  logic [31:0]      sem_max_i,

  // retire report: bit u, this thread's instruction in unit u retires this cycle (bit 0: a
  // frontend-only instruction, whose word is none_insn_o); seq_o[u] its sequence number
  output logic [NUM_UNITS-1:0] retire_o,
  output logic [31:0]      seq_o [NUM_UNITS],
  output logic [31:0]      disp_seq_o,      // the sequence number of this cycle's dispatch
  output logic [31:0]      none_insn_o,

  output logic             thread_idle_o,
  output logic [7:0]       stall_reason_o,
  output fe_trace_t        trace_o,         // for the timing reference only (tt_pkg timing_t)
  // state read-back (docs/design.md "State read-back", targets 13 and 14)
  output logic [31:0]      mop_cfg_o [9],   // the MOP expander's MopCfg words
  output logic [15:0]      mop_mask_hi_o,   // and its MaskHi
  output logic [31:0]      wait_o           // the wait latch: [31] valid, [30] SEMWAIT, [29:21] block
                                            // mask, [20:8] conditions, [7:0] SEMWAIT's semaphores
);

  // ---------------------------------------------------------------------------------------------
  // BRISC / TRISC mux, FIFO, expanders and frontend register
  // ---------------------------------------------------------------------------------------------
  logic        fifo_valid, fifo_pop, fifo_brisc;
  logic [31:0] fifo_insn;
  logic        in_valid, in_brisc;
  logic [31:0] in_insn;

  // BRISC wins the mux; a TRISC push in the same cycle is discarded (the TRISC does not know).
  always_comb begin
    in_valid = push_valid_i || brisc_valid_i;
    in_brisc = brisc_valid_i;
    in_insn  = brisc_valid_i ? brisc_insn_i : push_insn_i;
    if (inj_brisc_mux_i && push_valid_i) begin
      // DELIBERATE BUG (INJ_BRISC_MUX): the TRISC push wins and the BRISC push is lost.
      in_brisc = 1'b0;
      in_insn  = push_insn_i;
    end
  end

  tt_insn_fifo u_fifo (
    .clk_i,
    .rst_ni,
    .inj_drop_full_i (inj_fifo_drop_i),
    .inj_refill29_i  (inj_t_i[0]),
    .inj_bypass_i    (inj_fifo_bypass_i),
    .push_valid_i    (in_valid),
    .push_insn_i     (in_insn),
    .push_brisc_i    (in_brisc),
    .push_ready_o,
    .pop_i           (fifo_pop),
    .head_valid_o    (fifo_valid),
    .head_insn_o     (fifo_insn),
    .head_brisc_o    (fifo_brisc),
    .count_o         (fifo_count_o)
  );

  logic        mop_ready, mop_valid, mop_busy;
  logic [31:0] mop_insn;
  logic        rep_ready, rep_valid, rep_busy;
  logic [31:0] rep_insn;
  logic        fe_valid_q;
  logic [31:0] fe_insn_q;
  logic        dispatch, fe_load, fe_ready;

  assign fifo_pop = fifo_valid && mop_ready;

  tt_mop_expander u_mop (
    .clk_i,
    .rst_ni,
    .inj_inner_short_i  (inj_mop_inner_short_i),
    .inj_no_quirk_i     (inj_mop_no_quirk_i),
    .inj_t0_no_maskhi_i (inj_mop_t0_no_maskhi_i),
    .inj_no_penalty_i   (inj_t_i[4]),
    .inj_penalty_all_i  (inj_t_i[5]),
    .cfg_we_i           (mop_cfg_we_i),
    .cfg_idx_i          (mop_cfg_idx_i),
    .cfg_wdata_i        (mop_cfg_wdata_i),
    .in_valid_i         (fifo_valid),
    .in_insn_i          (fifo_insn),
    .in_brisc_i         (fifo_brisc),
    .in_ready_o         (mop_ready),
    .out_valid_o        (mop_valid),
    .out_insn_o         (mop_insn),
    .out_ready_i        (rep_ready),
    .busy_o             (mop_busy),
    .cfg_o              (mop_cfg_o),
    .mask_hi_o          (mop_mask_hi_o)
  );

  tt_replay_expander u_replay (
    .clk_i,
    .rst_ni,
    .inj_len0_short_i (inj_replay_len0_short_i),
    .inj_load_passes_fe_i   (inj_replay_load_passes_fe_i),
    .inj_exec_load_silent_i (inj_replay_exec_load_silent_i),
    .inj_index_zero_i       (inj_replay_index_zero_i),
    .inj_penalty_i          (inj_t_rep_i[0]),
    .inj_exec_late_i        (inj_t_rep_i[1]),
    .inj_load_slow_i        (inj_t_rep_i[2]),
    .in_valid_i       (mop_valid),
    .in_insn_i        (mop_insn),
    .in_ready_o       (rep_ready),
    .out_valid_o      (rep_valid),
    .out_insn_o       (rep_insn),
    .out_ready_i      (fe_ready),
    .busy_o           (rep_busy)
  );

  // The frontend register takes the replay expander's output when it is empty or dispatching, so
  // an instruction is presented for dispatch the cycle after the replay expander emits it and a
  // thread can dispatch back to back (rtl_stubs/README.md "Timing model": push N, FIFO N+1,
  // frontend register N+2; timing reference T11).
  // DELIBERATE BUG (INJ_T_FE_FILL_EMPTY): it refills only when empty (a bubble after each dispatch).
  assign fe_ready = !fe_valid_q || (dispatch && !inj_t_rep_i[3]);
  assign fe_load  = rep_valid && fe_ready;

  // The register also holds its instruction's unit and block classes, decoded as it is loaded
  // rather than every cycle it waits (simulation speed).
  unit_e      fe_unit_q;
  logic [8:0] fe_blk_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      fe_valid_q <= 1'b0;
      fe_insn_q  <= '0;
      fe_unit_q  <= UNIT_NONE;
      fe_blk_q   <= '0;
    end else if (fe_load) begin
      fe_valid_q <= 1'b1;
      fe_insn_q  <= rep_insn;
      fe_unit_q  <= decode_unit(rep_insn);
      fe_blk_q   <= block_class(rep_insn);
    end else if (dispatch) begin
      fe_valid_q <= 1'b0;
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Wait gate
  // ---------------------------------------------------------------------------------------------
  logic                wait_valid_q, wait_is_sem_q;
  logic [NUM_BLK-1:0]  wait_block_q;
  logic [NUM_CND-1:0]  wait_cond_q;
  logic [7:0]          wait_semmask_q;
  logic                lag2_q;               // INJ_T_GATE_LAG2 only

  logic [7:0] sem_zero, sem_at_max;
  always_comb begin
    for (int s = 0; s < NUM_SEMS; s++) begin
      sem_zero[s]   = (sem_value_i[4*s +: 4] == 4'd0);
      sem_at_max[s] = (sem_value_i[4*s +: 4] >= sem_max_i[4*s +: 4]);
      // DELIBERATE BUG (INJ_SEMWAIT_MAX_GT): C1 waits only while the value is above max.
      if (inj_semwait_max_gt_i) sem_at_max[s] = (sem_value_i[4*s +: 4] > sem_max_i[4*s +: 4]);
    end
  end

  logic [NUM_CND-1:0] cond_hit;
  logic [7:0]         sem_hit;
  logic               keep_waiting;
  always_comb begin
    cond_hit = wait_cond_q & cond_active_i;
    // SEMWAIT: C0 = wait while a selected value is 0, C1 = wait while a selected value >= max
    sem_hit  = wait_semmask_q & ((wait_cond_q[0] ? sem_zero : 8'h00) |
                                 (wait_cond_q[1] ? sem_at_max : 8'h00));
    keep_waiting = wait_is_sem_q ? (sem_hit != '0) : (cond_hit != '0);
  end

  // DELIBERATE BUG (INJ_SEMWAIT_NO_HOLD): a latched SEMWAIT never holds anything.
  // DELIBERATE BUG (INJ_WAIT_REPLACE): a new wait instruction passes a latched wait and replaces
  // it (Wormhole behaviour; Blackhole holds it).
  logic fe_is_wait, inj_pass;
  assign fe_is_wait = (fe_insn_q[31:24] == OP_STALLWAIT) || (fe_insn_q[31:24] == OP_SEMWAIT);
  assign inj_pass   = (inj_semwait_no_hold_i && wait_is_sem_q) || (inj_wait_replace_i && fe_is_wait);

  logic fe_is_nop, gate_block;
  assign fe_is_nop  = (fe_insn_q[31:24] == OP_NOP);
  // NOP is blocked only by the all-ones mask; isa_semantics.md s.2
  // DELIBERATE BUG (INJ_T_GATE_NO_LAG): the gate opens in the cycle the condition clears.
  assign gate_block = wait_valid_q && !inj_pass && !(inj_t_i[1] && !keep_waiting) &&
                      (fe_is_nop ? (wait_block_q == '1)
                                 : ((fe_blk_q & wait_block_q) != '0));

  // ---------------------------------------------------------------------------------------------
  // Dispatch and in-flight tracking
  // ---------------------------------------------------------------------------------------------
  logic [NUM_UNITS-1:0] infl_q;        // bit u: this thread has an instruction in unit u ...
  logic [NUM_UNITS-1:0] infl;          // ... with the configuration unit's from cfg_cnt_q
  logic [1:0]           cfg_cnt_q;     // this thread's instructions in the configuration unit
  logic [2:0]           math_cnt_q;    // ... in the matrix unit (pipelined: several; one retires a cycle)
  logic [1:0]           sfpu_cnt_q;    // ... in the SFPU (E1 and E2: two; docs/decisions.md S20)
  logic [1:0]           unp_cnt_q [2]; // ... in each unpacker (an address stage and a datum stage)
  logic [1:0]           pk_cnt_q;      // ... in the packer (two at most: docs/decisions.md "Unpacker and
                                       // packer pipelining", the packer)
  logic [31:0]          useq_q [NUM_UNITS];
  logic [31:0]          none_insn_q;
  logic [31:0]          seq_q;         // program-order number of the next dispatch
  logic                 can_issue;

  // DELIBERATE BUG (INJ_T_DISPATCH_BUBBLE): nothing dispatches in the cycle after a retire.
  logic retired_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) retired_q <= 1'b0;
    else         retired_q <= retire_o != '0;
  end
  // The thread's own instructions that hold its gate (tt_core; e.g. ScalarUnit.md: its ThCon
  // instruction until it completes, busy through its retire cycle, so the next dispatch comes the
  // cycle after).
  // DELIBERATE BUG (INJ_T_ONE_IN_FLIGHT): the thread waits until nothing of it is in flight.
  assign can_issue   = fe_valid_q && !hold_i && !gate_block && !(inj_t_i[6] && retired_q) &&
                       !(inj_d_i[0] && infl != '0);
  assign disp_req_o  = can_issue && (fe_unit_q != UNIT_NONE);
  assign disp_unit_o = fe_unit_q;
  assign disp_insn_o = fe_insn_q;
  assign dispatch    = can_issue && ((fe_unit_q == UNIT_NONE) || disp_grant_i);

  // UNIT_NONE instructions retire in the cycle after dispatch (one a cycle).
  always_comb begin
    infl           = infl_q;
    infl[UNIT_CFG] = cfg_cnt_q != '0;
    infl[UNIT_MATH] = math_cnt_q != '0;
    infl[UNIT_SFPU] = sfpu_cnt_q != '0;
    infl[UNIT_UNPACK0] = unp_cnt_q[0] != '0;
    infl[UNIT_UNPACK1] = unp_cnt_q[1] != '0;
    infl[UNIT_PACK]    = pk_cnt_q != '0;
    retire_o    = unit_retire_i & infl;
    retire_o[0] = infl_q[0];
  end
  assign seq_o       = useq_q;
  assign disp_seq_o  = seq_q;
  assign none_insn_o = none_insn_q;

  logic disp_wait, disp_semwait;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [31:0] wait_insn;    // [14:13] belong to no wait field
  /* verilator lint_on UNUSEDSIGNAL */
  // DELIBERATE BUG (INJ_T_WAIT_LATCH_LATE): the wait latches one cycle after it passes the gate.
  logic        late_wait_q;
  logic [31:0] late_insn_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      late_wait_q <= 1'b0;
      late_insn_q <= '0;
    end else begin
      late_wait_q <= dispatch && (fe_insn_q[31:24] == OP_STALLWAIT || fe_insn_q[31:24] == OP_SEMWAIT);
      late_insn_q <= fe_insn_q;
    end
  end
  assign wait_insn    = inj_d_i[1] ? late_insn_q : fe_insn_q;
  assign disp_semwait = wait_insn[31:24] == OP_SEMWAIT;
  assign disp_wait    = inj_d_i[1] ? late_wait_q
                                   : dispatch && (fe_insn_q[31:24] == OP_STALLWAIT || disp_semwait);

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      infl_q      <= '0;
      cfg_cnt_q   <= '0;
      math_cnt_q  <= '0;
      sfpu_cnt_q  <= '0;
      unp_cnt_q   <= '{default: '0};
      pk_cnt_q    <= '0;
      none_insn_q <= '0;
      seq_q       <= '0;
      for (int u = 0; u < NUM_UNITS; u++) useq_q[u] <= '0;
    end else begin
      infl_q <= infl_q & ~retire_o;
      cfg_cnt_q <= cfg_cnt_q - (retire_o[UNIT_CFG] ? (cfg_retire2_i ? 2'd2 : 2'd1) : 2'd0) +
                   ((dispatch && fe_unit_q == UNIT_CFG) ? 2'd1 : 2'd0);
      math_cnt_q <= math_cnt_q - (retire_o[UNIT_MATH] ? 3'd1 : 3'd0) +
                    ((dispatch && fe_unit_q == UNIT_MATH) ? 3'd1 : 3'd0);
      sfpu_cnt_q <= sfpu_cnt_q - (retire_o[UNIT_SFPU] ? 2'd1 : 2'd0) +
                    ((dispatch && fe_unit_q == UNIT_SFPU) ? 2'd1 : 2'd0);
      for (int n = 0; n < 2; n++) begin
        unit_e un;
        un = (n != 0) ? UNIT_UNPACK1 : UNIT_UNPACK0;
        unp_cnt_q[n] <= unp_cnt_q[n] - (retire_o[un] ? 2'd1 : 2'd0) + ((dispatch && fe_unit_q == un) ? 2'd1 : 2'd0);
      end
      pk_cnt_q <= pk_cnt_q - (retire_o[UNIT_PACK] ? 2'd1 : 2'd0) + ((dispatch && fe_unit_q == UNIT_PACK) ? 2'd1 : 2'd0);
      if (dispatch) begin
        infl_q[fe_unit_q] <= 1'b1;
        useq_q[fe_unit_q] <= seq_q;
        seq_q             <= seq_q + 32'd1;
        if (fe_unit_q == UNIT_NONE) none_insn_q <= fe_insn_q;
      end
    end
  end

  // Latch: set by a wait instruction as it dispatches (a latched wait holds any further wait
  // instruction, so set and clear never coincide), cleared when no selected condition holds.
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      wait_valid_q   <= 1'b0;
      wait_is_sem_q  <= 1'b0;
      wait_block_q   <= '0;
      wait_cond_q    <= '0;
      wait_semmask_q <= '0;
    end else if (disp_wait) begin
      wait_valid_q   <= 1'b1;
      wait_is_sem_q  <= disp_semwait;
      // DELIBERATE BUG (INJ_T_STALLWAIT_DEF): block mask 0 means B7 (config), not B6 (math).
      wait_block_q   <= (wait_insn[23:15] != '0) ? wait_insn[23:15]
                      : (inj_t_i[3] ? 9'h080 : BLK_DEFAULT);
      if (disp_semwait) begin
        wait_cond_q    <= {11'b0, wait_insn[1:0]};  // 0 is UB (BH): never waits here
        wait_semmask_q <= wait_insn[9:2];
      end else begin
        wait_cond_q    <= (wait_insn[12:0] != '0) ? wait_insn[12:0] : CND_DEFAULT;
        wait_semmask_q <= '0;
      end
    end else if (wait_valid_q && !keep_waiting && !(inj_t_i[2] && !lag2_q)) begin
      wait_valid_q   <= 1'b0;
    end
  end

  // DELIBERATE BUG (INJ_T_GATE_LAG2): the latch needs two clear cycles in a row to release.
  always_ff @(posedge clk_i) begin
    if (!rst_ni) lag2_q <= 1'b0;
    else         lag2_q <= wait_valid_q && !keep_waiting;
  end

  // ---------------------------------------------------------------------------------------------
  // Status
  // ---------------------------------------------------------------------------------------------
  // Idle: nothing left to emit, and no push entering at this edge (else a `drain` right after a
  // push would pass before the pushed instruction is seen). A replay load waiting for more input
  // does not keep the thread busy.
  logic expanding;
  assign expanding     = mop_busy || rep_busy;
  assign thread_idle_o = !fifo_valid && !expanding && !fe_valid_q && (infl == '0) &&
                         !(in_valid && push_ready_o);

  assign trace_o = '{
    fe_valid:      fe_valid_q,
    fe_insn:       fe_insn_q,
    dispatch:      dispatch,
    push_acc:      in_valid && push_ready_o,
    fifo_valid:    fifo_valid,
    fifo_head_mop: fifo_valid && !fifo_brisc && (fifo_insn[31:24] == OP_MOP),
    mop_in:        fifo_pop,
    mop_out:       mop_valid && rep_ready,
    mop_active:    mop_busy,
    mop_out_ready: rep_ready,
    expanding:     expanding,
    fifo_brisc:    fifo_brisc,
    fifo_insn:     fifo_insn,
    rep_in_valid:  mop_valid,
    rep_in_insn:   mop_insn,
    rep_out_valid: rep_valid,
    rep_out_insn:  rep_insn,
    rep_out_ready: fe_ready
  };

  // Lowest set bit of a vector, for the stall detail nibble.
  function automatic logic [3:0] lowest_set(logic [15:0] v);
    lowest_set = 4'd0;
    for (int i = 15; i >= 0; i--) begin
      if (v[i]) lowest_set = 4'(i);
    end
  endfunction

  // Precedence: dispatching/idle -> NONE; held by the wait gate -> SEM_WAIT / WAIT_GATE (detail:
  // the first condition still holding, or the first selected one during the 1-cycle lag);
  // held by one of this thread's instructions -> UNIT_BUSY(its unit; tt_core shows MUTEX or
  // BANK_WAIT for a waiting ATGETM or move); lost arbitration or unit busy ->
  // UNIT_BUSY(target unit); nothing to dispatch but still executing -> FIFO_EMPTY.
  always_comb begin
    stall_reason_o = {STALL_NONE, 4'd0};
    if (fe_valid_q && !dispatch) begin
      if (gate_block) begin
        if (wait_is_sem_q) begin
          stall_reason_o = {STALL_SEM_WAIT,
                            lowest_set({8'b0, (sem_hit != '0) ? sem_hit : wait_semmask_q})};
        end else begin
          stall_reason_o = {STALL_WAIT_GATE,
                            lowest_set({3'b0, (cond_hit != '0) ? cond_hit : wait_cond_q})};
        end
      end else if (hold_i) begin
        // DELIBERATE BUG (INJ_T_STALL_FE_UNIT): names the waiting instruction's unit.
        stall_reason_o = {STALL_UNIT_BUSY, 4'(inj_t_i[7] ? fe_unit_q : hold_unit_i)};
      end else begin
        stall_reason_o = {STALL_UNIT_BUSY, 4'(fe_unit_q)};
      end
    end else if (!fe_valid_q && !fifo_valid && !expanding && infl != '0) begin
      stall_reason_o = {STALL_FIFO_EMPTY, 4'd0};
    end
  end

  // State read-back (docs/design.md "State read-back", target 14): the latch as it stands; the
  // fields keep the last wait's values after it is released (the checker compares them only while
  // valid)
  assign wait_o = {wait_valid_q, wait_is_sem_q, wait_block_q, wait_cond_q, wait_semmask_q};

endmodule
