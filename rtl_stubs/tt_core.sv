// tt_core: top of the ttcosim Tensix (Blackhole) RTL. Ports exactly as docs/design.md
// "tt_core ports". Three thread frontends dispatch in order to shared backend units; a thread may
// have an instruction in each unit at once, and they retire out of program order across units.
// Every retire is reported on its lane with its program-order sequence number and its effects
// (docs/design.md ordering contract).
// MMIO stores commit at the edge and win over a same-edge instruction write to the same register.
/* verilator tracing_off */
module tt_core
  import tt_pkg::*;
#(
  parameter int unsigned L1_LINES = L1_LINES_DEFAULT   // 128-bit lines (default 1536 KiB)
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  input  logic [31:0]          srnd_seed_i,    // packer 0's stochastic-rounding PRNG seed (at reset)

  // TRISC pushes
  input  logic                 push_valid_i   [3],
  input  logic [31:0]          push_insn_i    [3],
  output logic                 push_ready_o   [3],

  // BRISC push into thread brisc_thread_i, after the MOP expander; taken when
  // push_ready_o[brisc_thread_i]; a TRISC push to that thread at the same edge is discarded
  input  logic                 brisc_valid_i,
  input  logic [1:0]           brisc_thread_i,
  input  logic [31:0]          brisc_insn_i,

  // TRISC MMIO store, committed at this edge
  input  logic                 mmio_valid_i,
  input  logic [1:0]           mmio_thread_i,
  input  logic [31:0]          mmio_addr_i,
  input  logic [31:0]          mmio_wdata_i,

  // TRISC MMIO load (docs/design.md "TRISC load port"): what a load by thread ld_thread_i at
  // ld_addr_i reads, combinational from the state after the last edge; the core decodes the
  // address as for the store (this thread's GPR window, config states 0 and 1, semaphore values)
  input  logic                 ld_valid_i,
  input  logic [1:0]           ld_thread_i,
  input  logic [31:0]          ld_addr_i,
  output logic [31:0]          ld_data_o,

  // TRISC L1 store (docs/design.md "TRISC L1 store port"): a byte-enabled line, committed at this
  // edge over a same-edge instruction write of the line; not reported on l1_wr_*_o
  input  logic                 tl1_valid_i,
  input  logic [31:0]          tl1_addr_i,
  input  logic [15:0]          tl1_be_i,
  input  logic [127:0]         tl1_data_i,

  // STALLWAIT C10 (TRISC_CFG, STALLWAIT.md): bit t while thread t's TRISC has a GPR or config
  // write-request emitted and not processed by the last edge (the harness's kernel runner: its
  // store queue, docs/design.md "TRISC store queue"); 0 without kernels
  input  logic [2:0]           trisc_cfg_pend_i,

  // backdoor preload (tb_top only, after reset and before any TRISC action; not an instruction)
  input  logic                 bd_valid_i,
  input  logic [2:0]           bd_target_i,  // 0 cfg, 1 thread cfg, 2 GPR, 3 semaphore, 4 L1 line,
                                             // 5 ADC field, 6 register-file cells, 7 bank state
  input  logic [1:0]           bd_unit_i,    // config state (0) or thread (1, 2)
  input  logic [31:0]          bd_addr_i,
  input  logic [127:0]         bd_data_i,
  input  logic [15:0]          bd_be_i,

  // backdoor read-back (tb_top only, at drained points and after the run; issue 8 part 0):
  // combinational, so the harness reads it between clock edges (docs/design.md "State read-back").
  // Targets as the preload's (bdr_target_i 0..7, same unit/addr meaning, data in the same bits)
  // plus 8 = mutex holder (bdr_addr_i = index; [1:0] = thread, 3 = free), 9 PACR_SETREG data,
  // 10 Dest's zero flags, 11..14 the counters and latches (the read-back block at the end)
  input  logic [3:0]           bdr_target_i,
  input  logic [1:0]           bdr_unit_i,
  input  logic [31:0]          bdr_addr_i,
  output logic [127:0]         bdr_data_o,

  // retire reports: one record per lane, valid in the retire cycle (tt_pkg::retire_t); lane t < 3:
  // thread t's frontend-only instructions, lane RET_LANE_UNIT0 + u - 1: unit u
  output retire_arr_t          retire_o,      // [lane]
  output logic [RET_LANES-1:0] retire_valid_o,       // retire_o[l].valid on its own (no record copy)

  // register-file row writes this cycle, per writer (unpacker 0, unpacker 1, matrix unit)
  output rf_wr_arr_t           rf_wr_o,       // [port]: unpacker 0, 1, the matrix unit's rows
  output sfpu_wr_t             sfpu_wr_o,     // the SFPU's write report (design.md "SFPU writes")

  // L1 write report
  output logic                 l1_wr_valid_o,
  output logic                 l1_wr_writer_o,  // 0 ThCon, 1 packer 0
  output logic [31:0]          l1_wr_addr_o,
  output logic [15:0]          l1_wr_be_o,
  output logic [127:0]         l1_wr_data_o,

  // dispatch report: thread t's instruction leaves its frontend for its unit at this edge (the
  // wait gate let it pass), with the sequence number its retire will carry
  output logic                 dispatch_valid_o [3],
  output logic [31:0]          dispatch_seq_o   [3],
  output logic [31:0]          dispatch_insn_o  [3],

  // error report: an internal error this RTL detected (code tt_pkg::ERR_*, info per code)
  output logic                 err_valid_o,
  output logic [7:0]           err_code_o,
  output logic [31:0]          err_info_o,

  // status
  output logic                 thread_idle_o  [3],
  output logic [5:0]           fifo_count_o   [3],
  output logic [7:0]           stall_reason_o [3],
  output logic [NUM_UNITS-1:0] unit_busy_o,
  // what the frontends did this cycle, for the timing reference (tt_pkg::timing_t)
  output timing_t              timing_o,
  // the core's clock stops at the next edge (quiet, rtl_stubs/README.md "Per-unit activity"): no
  // output changes until an input comes
  output logic                 quiet_o
);

  localparam int unsigned L1_AW = $clog2(L1_LINES);

  // The injection mask is not a port (docs/design.md "Outside the contract"): the testbench sets
  // tt_inj_pkg::inject. Named as the port it was, so that the units' wiring below is unchanged.
  logic [NUM_INJ_BITS-1:0] inject_i;
  assign inject_i = tt_inj_pkg::inject;

  // ---------------------------------------------------------------------------------------------
  // Core clock gate (rtl_stubs/README.md "Per-unit activity", docs/speed.md): once the core has
  // been quiet for QUIET_EDGES cycles in a row (every thread idle, no unit busy, no L1 or
  // register-file write, no push, MMIO store, backdoor write or reset), no flop behind clk_c can
  // change: what a quiet edge still moves (a wait latch's release, the frontends' one-cycle
  // delays, the matrix unit's windows, at most 3 cycles) has settled, and the matrix unit's cycle
  // counter is read only relative to instructions it holds. The core's clock stops until the next
  // input, so an idle cycle costs the harness and the stimulus path only.
  // ---------------------------------------------------------------------------------------------
  localparam int unsigned QUIET_EDGES = 8;
  logic       core_quiet, clk_c;
  logic [3:0] quiet_cnt_q;
  logic       rf_wr_any;
  always_comb begin
    rf_wr_any = 1'b0;
    for (int w = 0; w < int'(RF_WR_PORTS); w++) rf_wr_any |= rf_wr_o[w].valid;
    core_quiet = rst_ni && thread_idle_o[0] && thread_idle_o[1] && thread_idle_o[2] && (u_busy == '0) &&
                 !l1_wr_valid_o && !rf_wr_any && !push_valid_i[0] && !push_valid_i[1] &&
                 !push_valid_i[2] && !brisc_valid_i && !mmio_valid_i && !bd_valid_i && !tl1_valid_i;
  end
  always_ff @(posedge clk_i) begin
    if (!core_quiet)                           quiet_cnt_q <= '0;
    else if (quiet_cnt_q != 4'(QUIET_EDGES))   quiet_cnt_q <= quiet_cnt_q + 4'd1;
  end
  assign quiet_o = core_quiet && quiet_cnt_q == 4'(QUIET_EDGES);
  tt_clk_gate u_cg (.clk_i, .en_i (!quiet_o), .clk_o (clk_c));

  // ---------------------------------------------------------------------------------------------
  // Frontends
  // ---------------------------------------------------------------------------------------------
  logic               disp_req   [3];
  unit_e              disp_unit  [3];
  logic [31:0]        disp_insn  [3];
  logic               disp_grant [3];
  logic [NUM_CND-1:0] cond_active[3];
  logic [31:0]        sem_value_q, sem_max_q, sem_value_d, sem_max_d;
  logic [7:0]         fe_stall_reason[3];
  logic [NUM_UNITS-1:0] fe_ret     [3];   // bit u: thread t's instruction in unit u retires
  logic [31:0]        fe_seq       [3][NUM_UNITS];
  logic [31:0]        disp_seq     [3];   // the sequence number of thread t's dispatch this cycle
  logic [31:0]        fe_none_insn [3];
  fe_trace_t          fe_trace     [3];
  logic               th_hold      [3];   // the thread's gate is held by its own instruction ...
  unit_e              th_hold_unit [3];   // ... in this unit
  logic               thcon_holds_thread; // ThCon's instruction holds its thread (not a LOADIND's wait)
  logic [2:0]         arb_lost;           // [t]: lost its free unit to another thread (stall ARB_LOST)
  logic               unp0_start;         // unpacker 0 is asked and can start: it starts this cycle

  // MOP config stores: 0xFFB80000 + 4k, k < 9, to the storing thread's MOP expander.
  logic mop_cfg_we [3];
  always_comb begin
    for (int t = 0; t < 3; t++) begin
      mop_cfg_we[t] = mmio_valid_i && mmio_thread_i == 2'(t) &&
                      mmio_addr_i >= MMIO_MOP_BASE && mmio_addr_i < MMIO_MOP_BASE + 32'd36;
    end
  end

  // state read-back of the counters and latches (targets 11..14, the read-back block at the end)
  logic [31:0] fe_mop_cfg [3][9];
  logic [15:0] fe_mop_mask_hi [3];
  logic [31:0] fe_wait [3];
  logic [2:0]  unp_ctx_ctr [2][3];
  logic [46:0] math_rwc [3];
  // the SFPU's Dest access (SFPLOAD's read port, SFPSTORE's rows) and its AddrMod request
  logic        sf_rd_en, sf_rd32;
  logic [9:0]  sf_rd_row;
  logic [16*16-1:0] sf_rd_hi [4], sf_rd_lo [4];
  logic        sf_rd_vld [4];
  rf_wr_t      sf_rf_wr [RF_SFPU_WR_PORTS];
  logic        sf_am_valid;
  logic [1:0]  sf_am_thread;
  logic [2:0]  sf_am_idx;
  logic [9:0]  sfpu_rwc_dst [3];

  for (genvar t = 0; t < 3; t++) begin : g_fe
    tt_frontend u_fe (
      .clk_i (clk_c),
      .rst_ni,
      .inj_fifo_drop_i (inject_i[INJ_FIFO_DROP_FULL]),
      .inj_mop_inner_short_i   (inject_i[INJ_MOP_INNER_SHORT]),
      .inj_mop_no_quirk_i      (inject_i[INJ_MOP_NO_QUIRK]),
      .inj_mop_t0_no_maskhi_i  (inject_i[INJ_MOP_T0_NO_MASKHI]),
      .inj_replay_len0_short_i (inject_i[INJ_REPLAY_LEN0_SHORT]),
      .inj_replay_load_passes_fe_i   (inject_i[INJ_REPLAY_LOAD_PASSES_FE]),
      .inj_replay_exec_load_silent_i (inject_i[INJ_REPLAY_EXEC_LOAD_SILENT]),
      .inj_replay_index_zero_i       (inject_i[INJ_REPLAY_INDEX_ZERO]),
      .inj_brisc_mux_i         (inject_i[INJ_BRISC_MUX]),
      .inj_semwait_no_hold_i   (inject_i[INJ_SEMWAIT_NO_HOLD]),
      .inj_wait_replace_i      (inject_i[INJ_WAIT_REPLACE]),
      .inj_semwait_max_gt_i    (inject_i[INJ_SEMWAIT_MAX_GT]),
      .inj_t_i                 ({inject_i[INJ_T_STALL_FE_UNIT], inject_i[INJ_T_DISPATCH_BUBBLE],
                                 inject_i[INJ_T_MOP_PENALTY_ALL], inject_i[INJ_T_MOP_NO_PENALTY],
                                 inject_i[INJ_T_WAIT_BLOCK_DEF], inject_i[INJ_T_GATE_LAG2],
                                 inject_i[INJ_T_GATE_NO_LAG], inject_i[INJ_T_FIFO_REFILL29]}),
      .inj_fifo_bypass_i       (inject_i[INJ_T_FIFO_BYPASS]),
      .inj_t_rep_i             ({inject_i[INJ_T_FE_FILL_EMPTY], inject_i[INJ_T_REPLAY_LOAD_SLOW],
                                 inject_i[INJ_T_REPLAY_EXEC_LATE], inject_i[INJ_T_REPLAY_PENALTY]}),
      .inj_d_i                 ({inject_i[INJ_T_WAIT_LATCH_LATE], inject_i[INJ_T_ONE_IN_FLIGHT]}),
      .push_valid_i    (push_valid_i[t]),
      .push_insn_i     (push_insn_i[t]),
      .push_ready_o    (push_ready_o[t]),
      .brisc_valid_i   (brisc_valid_i && brisc_thread_i == 2'(t)),
      .brisc_insn_i,
      .mop_cfg_we_i    (mop_cfg_we[t]),
      .mop_cfg_idx_i   (mmio_addr_i[5:2]),
      .mop_cfg_wdata_i (mmio_wdata_i),
      .fifo_count_o    (fifo_count_o[t]),
      .disp_req_o      (disp_req[t]),
      .disp_unit_o     (disp_unit[t]),
      .disp_insn_o     (disp_insn[t]),
      .disp_grant_i    (disp_grant[t]),
      .unit_retire_i   (u_retires[t]),
      .cfg_retire2_i   (cfg_e1_done[t] && cfg_e2_done[t]),
      .hold_i          (th_hold[t]),
      .hold_unit_i     (th_hold_unit[t]),
      .cond_active_i   (cond_active[t]),
      .sem_value_i     (sem_value_q),
      .sem_max_i       (sem_max_q),
      .retire_o        (fe_ret[t]),
      .seq_o           (fe_seq[t]),
      .disp_seq_o      (disp_seq[t]),
      .none_insn_o     (fe_none_insn[t]),
      .thread_idle_o   (thread_idle_o[t]),
      .stall_reason_o  (fe_stall_reason[t]),
      .trace_o         (fe_trace[t]),
      .mop_cfg_o       (fe_mop_cfg[t]),
      .mop_mask_hi_o   (fe_mop_mask_hi[t]),
      .wait_o          (fe_wait[t])
    );
  end

  logic pk_step;   // the packer steps this cycle (tt_packer step_o; trace only)
  always_comb begin
    for (int t = 0; t < 3; t++) begin
      timing_o.fe_valid[t]      = fe_trace[t].fe_valid;
      timing_o.fe_insn[t]       = fe_trace[t].fe_insn;
      timing_o.dispatch[t]      = fe_trace[t].dispatch;
      timing_o.retire[t]        = fe_ret[t];
      timing_o.push_acc[t]      = fe_trace[t].push_acc;
      timing_o.push_ready[t]    = push_ready_o[t];
      timing_o.fifo_count[t]    = fifo_count_o[t];
      timing_o.fifo_valid[t]    = fe_trace[t].fifo_valid;
      timing_o.fifo_head_mop[t] = fe_trace[t].fifo_head_mop;
      timing_o.mop_in[t]        = fe_trace[t].mop_in;
      timing_o.mop_out[t]       = fe_trace[t].mop_out;
      timing_o.mop_active[t]    = fe_trace[t].mop_active;
      timing_o.mop_out_ready[t] = fe_trace[t].mop_out_ready;
      timing_o.expanding[t]     = fe_trace[t].expanding;
      timing_o.fifo_brisc[t]    = fe_trace[t].fifo_brisc;
      timing_o.fifo_insn[t]     = fe_trace[t].fifo_insn;
      timing_o.rep_in_valid[t]  = fe_trace[t].rep_in_valid;
      timing_o.rep_in_insn[t]   = fe_trace[t].rep_in_insn;
      timing_o.rep_out_valid[t] = fe_trace[t].rep_out_valid;
      timing_o.rep_out_insn[t]  = fe_trace[t].rep_out_insn;
      timing_o.rep_out_ready[t] = fe_trace[t].rep_out_ready;
      timing_o.stall[t]         = stall_reason_o[t];
    end
    timing_o.unit_busy = unit_busy_o;
    timing_o.pack_step = pk_step;
  end

  // The dispatch report (docs/design.md "Dispatch report"): what the checker's wait-gate check and
  // the unpackers' and packer's sampling point need, without this RTL's frontend trace.
  always_comb begin
    for (int t = 0; t < 3; t++) begin
      dispatch_valid_o[t] = fe_trace[t].dispatch;
      dispatch_seq_o[t]   = disp_seq[t];
      dispatch_insn_o[t]  = fe_trace[t].fe_insn;
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Arbitration: one round-robin arbiter per backend unit (UNIT_NONE needs none)
  // ---------------------------------------------------------------------------------------------
  unit_req_t            u_req [NUM_UNITS];
  unit_rsp_t            u_rsp [NUM_UNITS];
  logic [NUM_UNITS-1:0] u_ready, u_busy, u_done;
  logic [1:0]           u_thread [NUM_UNITS];
  logic [2:0]           u_gnt    [NUM_UNITS];
  logic [NUM_UNITS-1:0] u_accept;
  logic [1:0]           u_acc_thread [NUM_UNITS];
  logic [31:0]          u_acc_insn   [NUM_UNITS];
  // unit u holds / retires an instruction of thread t: decoded once for the retire path, the
  // wait-gate conditions and the per-thread effect muxes
  logic [NUM_UNITS-1:0] u_holds   [3];
  logic [NUM_UNITS-1:0] u_retires [3];

  // UNIT_NONE: no unit behind it
  assign u_rsp[UNIT_NONE]    = '0;
  assign u_gnt[UNIT_NONE]    = '0;

  // The Miscellaneous unit takes one instruction per thread per cycle (MiscellaneousUnit.md): no
  // arbiter, each thread has its own slot (tdma_req / tdma_rsp). The sync unit has a slot per
  // thread too and decides itself which it accepts (SyncUnit.md throughput rules: sync_gnt).
  unit_req_t  tdma_req [3];
  unit_rsp_t  tdma_rsp [3];
  logic [2:0] sync_req, sync_gnt, sync_lost;
  unit_rsp_t  sync_rsp [3];
  logic [2:0] cfg_req, cfg_gnt, cfg_lost;     // the configuration unit likewise (ConfigurationUnit.md)
  unit_rsp_t  cfg_rsp [3];
  // its two stages per thread: what retires from each, with the sequence number it carries
  logic [2:0]  cfg_e1_done, cfg_e2_done;
  logic [31:0] cfg_e1_insn [3], cfg_e2_insn [3], cfg_e1_seq [3], cfg_e2_seq [3];
  for (genvar u = 1; u < NUM_UNITS; u++) begin : g_arb
    logic [2:0] req;
    for (genvar t = 0; t < 3; t++) begin : g_req
      assign req[t] = disp_req[t] && (disp_unit[t] == unit_e'(u));
    end
    if (u == UNIT_SYNC) begin : g_sync
      assign sync_req = req;
      assign u_gnt[u] = sync_gnt;
    end else if (u == UNIT_CFG) begin : g_cfg
      assign cfg_req  = req;
      assign u_gnt[u] = cfg_gnt;
    end else if (u == UNIT_TDMA) begin : g_per_thread
      for (genvar t = 0; t < 3; t++) begin : g_gnt
        // DELIBERATE BUG (INJ_T_TDMA_SHARED): one instruction a cycle, the lowest thread's.
        assign u_gnt[u][t] = req[t] && tdma_rsp[t].ready &&
                             !(inject_i[INJ_T_TDMA_SHARED] && (req & ((3'd1 << t) - 3'd1)) != '0);
        assign tdma_req[t] = '{valid: u_gnt[u][t], thread: 2'(t), insn: disp_insn[t]};
      end
    end else begin : g_shared
      tt_unit_arb u_arb (
        .clk_i (clk_c),
        .rst_ni,
        .inj_fixed_i (inject_i[INJ_T_ARB_FIXED]),
        .req_i   (req),
        .ready_i (u_ready[u]),
        .gnt_o   (u_gnt[u])
      );
    end
  end

  // Grants to requests, unit responses to status, status to per-thread views: separate blocks,
  // so Verilator sees the dataflow they are (one block for all made a false combinational loop).
  always_comb begin
    u_accept = '0;
    for (int u = 0; u < NUM_UNITS; u++) begin
      u_accept[u]     = (u_gnt[u] != '0);
      u_acc_thread[u] = u_gnt[u][2] ? 2'd2 : (u_gnt[u][1] ? 2'd1 : 2'd0);
      u_acc_insn[u]   = disp_insn[u_acc_thread[u]];
      u_req[u]        = '{valid: u_accept[u], thread: u_acc_thread[u], insn: u_acc_insn[u]};
    end
  end

  // the sync, configuration and Miscellaneous units' slots (one per thread), seen as one unit: busy
  // or retiring when any slot is
  function automatic unit_rsp_t any_slot(unit_rsp_t r [3]);
    return '{ready: 1'b0, busy: r[0].busy || r[1].busy || r[2].busy, thread: 2'd0, insn: 32'd0,
             done: r[0].done || r[1].done || r[2].done};
  endfunction
  assign u_rsp[UNIT_SYNC] = any_slot(sync_rsp);
  assign u_rsp[UNIT_CFG]  = any_slot(cfg_rsp);
  assign u_rsp[UNIT_TDMA] = any_slot(tdma_rsp);

  always_comb begin
    for (int u = 0; u < NUM_UNITS; u++) begin
      u_busy[u]   = u_rsp[u].busy;
      u_done[u]   = u_rsp[u].done;
      u_thread[u] = u_rsp[u].thread;
    end
  end

  // Unpacker 0 starts its address calculation first when both are asked in one cycle: unpacker 1
  // is not ready then. Applied here, on the arbiter's side, and not in the unpacker's own ready:
  // there it closed a combinational loop (ready -> busy -> wait gate -> dispatch -> ready), which
  // the simulator re-evaluated every cycle (UNOPTFLAT).
  always_comb begin
    for (int u = 0; u < NUM_UNITS; u++) u_ready[u] = u_rsp[u].ready;
    // DELIBERATE BUG (INJ_T_UNP_INTERLOCK): the unpackers do not exclude each other's start.
    // (only when unpacker 0 starts: a request to a busy unpacker 0 holds nothing back)
    if (unp0_start && !inject_i[INJ_T_UNP_INTERLOCK]) u_ready[UNIT_UNPACK1] = 1'b0;
  end

  always_comb begin
    for (int t = 0; t < 3; t++) begin
      disp_grant[t] = 1'b0;
      for (int u = 0; u < NUM_UNITS; u++) disp_grant[t] |= u_gnt[u][t];
    end
  end

  // Which units work for which thread, compared once and used as masks
  logic [NUM_UNITS-1:0] on_thread [3];
  always_comb begin
    for (int t = 0; t < 3; t++) for (int u = 0; u < NUM_UNITS; u++) on_thread[t][u] = (u_thread[u] == 2'(t));
    for (int t = 0; t < 3; t++) begin
      u_holds[t]     = u_busy & on_thread[t];
      u_retires[t]   = u_done & on_thread[t];
      u_holds[t][UNIT_TDMA]   = tdma_rsp[t].busy;
      u_retires[t][UNIT_TDMA] = tdma_rsp[t].done;
      u_holds[t][UNIT_SYNC]   = sync_rsp[t].busy;
      u_retires[t][UNIT_SYNC] = sync_rsp[t].done;
      u_holds[t][UNIT_CFG]    = cfg_rsp[t].busy;
      u_holds[t][UNIT_MATH]   = math_holds[t];   // the pipelined matrix unit holds several
      u_holds[t][UNIT_UNPACK0] = unp_holds[0][t];  // and each unpacker two (address and datum stages)
      u_holds[t][UNIT_UNPACK1] = unp_holds[1][t];
      u_holds[t][UNIT_PACK]    = pk_holds[t];     // the packer up to two (address and stepping stages, record)
      u_holds[t][UNIT_SFPU]    = sfpu_holds[t];   // the SFPU two (E1, E2; S20), S23's condition
      u_retires[t][UNIT_CFG]  = cfg_rsp[t].done;
    end
  end

  // DELIBERATE BUG (INJ_T_BUSY_EARLY_FREE): a unit shows free already in its retire cycle.
  assign unit_busy_o = inject_i[INJ_T_BUSY_EARLY_FREE] ? (u_busy & ~u_done) : u_busy;

  // The error report (docs/design.md "Error report"). This RTL's one internal check: a unit retires
  // only an instruction it holds (a unit is busy up to and including its retire cycle); the lowest
  // such unit is reported. DELIBERATE BUG (INJ_ERR_BUSY_BLIND): the check sees no unit busy, so
  // every retire is reported: the check, the port and the checker's report tested end to end.
  always_comb begin
    err_valid_o = 1'b0;
    err_code_o  = '0;
    err_info_o  = '0;
    for (int u = NUM_UNITS - 1; u > 0; u--) begin
      if (u_done[u] && !(u_busy[u] && !inject_i[INJ_ERR_BUSY_BLIND])) begin
        err_valid_o = 1'b1;
        err_code_o  = ERR_UNIT_DONE_IDLE;
        err_info_o  = 32'(u);
      end
    end
    // an SFP instruction of a form the pages leave undefined and the model reports (tt_sfpu)
    if (!err_valid_o && sfpu_err) begin
      err_valid_o = 1'b1;
      err_code_o  = ERR_SFPU_UNDEFINED;
      err_info_o  = sfpu_err_info;
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Sync unit (semaphores, STALLWAIT/SEMWAIT hand-off)
  // ---------------------------------------------------------------------------------------------
  logic [7:0]  sync_sem_we;
  logic        sync_mutex_we     [3];   // per retiring thread's instruction
  logic [2:0]  sync_mutex_idx    [3];
  logic [1:0]  sync_mutex_holder [3];
  logic [1:0]  sync_holder_d [8];   // mutex holders after this cycle's retire (3 = free)

  tt_sync_unit u_sync (
    .clk_i (clk_c),
    .rst_ni,
    .inj_sempost_no_sat_i (inject_i[INJ_SEMPOST_NO_SAT]),
    .inj_atrelm_non_holder_i (inject_i[INJ_ATRELM_NON_HOLDER]),
    .inj_no_pipe_i        (inject_i[INJ_T_SYNC_NO_PIPE]),
    .inj_mutex_one_i      (inject_i[INJ_T_SYNC_MUTEX_ONE]),
    .req_i (sync_req), .req_insn_i (disp_insn), .gnt_o (sync_gnt), .lost_o (sync_lost), .rsp_o (sync_rsp),







    .mmio_valid_i,
    .mmio_addr_i,
    .mmio_wdata_i,
    .bd_valid_i           (bd_valid_i && bd_target_i == 3'd3),
    .bd_addr_i,
    .bd_data_i            (bd_data_i[7:0]),
    .sem_we_o             (sync_sem_we),
    .sem_value_q_o        (sem_value_q),
    .sem_max_q_o          (sem_max_q),
    .sem_value_d_o        (sem_value_d),
    .sem_max_d_o          (sem_max_d),
    .bdr_idx_i            (bdr_addr_i[2:0]),
    .bdr_holder_o         (sync_bdr),
    .eff_mutex_we_o       (sync_mutex_we),
    .eff_mutex_idx_o      (sync_mutex_idx),
    .eff_mutex_holder_o   (sync_mutex_holder),
    .holder_d_o           (sync_holder_d)
  );

  // A thread held at its gate by an ATGETM whose mutex another thread holds shows MUTEX (detail:
  // the mutex index), one held by a MOVA2D/MOVB2D waiting for its bank BANK_WAIT (2 SrcA, 3 SrcB),
  // one whose matrix-unit instruction an acceptance rule holds MATH_RULE (detail: the rule),
  // one whose UNPACR waits in its unpacker for its bank BANK_WAIT (n) (docs/design.md); the
  // frontend shows UNIT_BUSY for these.
  always_comb begin
    for (int t = 0; t < 3; t++) begin
      // a thread that dispatches (or has nothing to dispatch and nothing in flight) shows NONE
      stall_reason_o[t] = fe_stall_reason[t];
      if (fe_stall_reason[t][7:4] != STALL_NONE) begin
        if (fe_stall_reason[t] == {STALL_UNIT_BUSY, 4'(UNIT_SYNC)} && gate_mutex[t])
          stall_reason_o[t] = {STALL_MUTEX, 1'b0, disp_insn[t][2:0]};
        if (fe_stall_reason[t] == {STALL_UNIT_BUSY, 4'(UNIT_MATH)} && gate_bank[t])
          // (an arithmetic instruction, waiting for both banks, shows 2 whichever side holds it: the
          // timing reference's rule, dpi/timing.c expected_stall)
          stall_reason_o[t] = {STALL_BANK_WAIT, (mx_bank_sides(disp_insn[t][31:24]) == 2'b10) ? 4'd3 : 4'd2};
        // DELIBERATE BUG (INJ_T_MATH_RULE_REASON): a thread held by a rule shows UNIT_BUSY MATH.
        else if (fe_stall_reason[t] == {STALL_UNIT_BUSY, 4'(UNIT_MATH)} && gate_mrule[t] &&
                 !inject_i[INJ_T_MATH_RULE_REASON])
          stall_reason_o[t] = {STALL_MATH_RULE, math_rule_why[t]};
        // one whose SFP instruction an automatic stall holds SFPU_RULE (detail: 0 the MAD sub-unit's,
        // 1 only SFPNOP after SFPSWAP / SFPSHFT2)
        else if (fe_stall_reason[t] == {STALL_UNIT_BUSY, 4'(UNIT_SFPU)} && gate_srule[t])
          stall_reason_o[t] = {STALL_SFPU_RULE, 3'd0, sfpu_rule_why[t]};
        // asked for its unit and not granted (the frontend shows UNIT_BUSY of it): another thread
        // won the unit's round robin (its class, in the sync and configuration units) while the
        // unit was free for this one -> ARB_LOST; an unpacker whose address stage is empty held off
        // by the other one's address cycles (or its start this cycle, unpacker 0 first) -> UNP_ADDR
        // (the other)
        // DELIBERATE BUGS (INJ_T_ARB_REASON, INJ_T_UNP_ADDR_REASON): UNIT_BUSY of the asked unit.
        if (disp_req[t] && !disp_grant[t] && arb_lost[t] && !inject_i[INJ_T_ARB_REASON])
          stall_reason_o[t] = {STALL_ARB_LOST, 4'(disp_unit[t])};
        for (int n = 0; n < 2; n++)
          if (disp_req[t] && !disp_grant[t] && disp_unit[t] == ((n != 0) ? UNIT_UNPACK1 : UNIT_UNPACK0) &&
              unp_front_free[n] &&
              (unp_addr_calc[1 - n] || (n == 1 && unp0_start)) && !inject_i[INJ_T_UNP_ADDR_REASON])
            stall_reason_o[t] = {STALL_UNP_ADDR, 4'(1 - n)};
        for (int n = 0; n < 2; n++)
          if (unp_bank_wait[n] && u_thread[(n != 0) ? UNIT_UNPACK1 : UNIT_UNPACK0] == 2'(t))
            stall_reason_o[t] = {STALL_BANK_WAIT, 4'(n)};
      end
    end
  end

  // arb_lost[t]: thread t asked for a unit that was free for it, and the unit granted another
  // thread in its place (the shared units' round robin; the sync and configuration units' classes
  // from their own walk: lost_o). Stall ARB_LOST (docs/design.md).
  always_comb begin
    for (int t = 0; t < 3; t++) begin
      arb_lost[t] = 1'b0;
      unique case (disp_unit[t])
        UNIT_SYNC: arb_lost[t] = sync_lost[t];
        UNIT_CFG:  arb_lost[t] = cfg_lost[t];
        UNIT_NONE, UNIT_TDMA: arb_lost[t] = 1'b0;   // no arbiter: a slot per thread
        default:   arb_lost[t] = u_ready[disp_unit[t]] && (u_gnt[disp_unit[t]] & ~(3'd1 << t)) != '0;
      endcase
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Configuration unit and ThCon (GPRs, L1 stores)
  // ---------------------------------------------------------------------------------------------
  logic [1:0]   cfg_gpr_rd_thread;
  logic [5:0]   cfg_gpr_rd_idx;
  logic [31:0]  cfg_gpr_rd_data [4];
  logic [3:0]   cfg_eff_cfg_we;           // the config write of the cycle (thread cfg_eff_cfg_thread)
  logic [1:0]   cfg_eff_cfg_thread;
  logic         cfg_eff_cfg_stage;        // 0: from E1 (RMWCIB), 1: from E2 (WRCFG, CFGSHIFTMASK)
  logic         cfg_eff_cfg_state;
  logic [7:0]   cfg_eff_cfg_addr;
  logic [31:0]  cfg_eff_cfg_data [4];
  logic         cfg_eff_tcfg_we   [3];    // each thread's SETC16
  logic [7:0]   cfg_eff_tcfg_addr [3];
  logic [31:0]  cfg_eff_tcfg_data [3];
  logic         cfg_eff_gpr_we;           // the RDCFG of the cycle (thread cfg_eff_gpr_thread)
  logic [1:0]   cfg_eff_gpr_thread;
  logic [5:0]   cfg_eff_gpr_idx;
  logic [31:0]  cfg_eff_gpr_data;
  cfg_arr_t     cfg_all;    // tt_pkg types, as the ports they connect to (no copies)
  tcfg_arr_t    tcfg_all;

  tt_cfg_unit u_cfg (
    .clk_i (clk_c),
    .rst_ni,
    .inj_setc16_thread_i  (inject_i[INJ_SETC16_WRONG_THREAD]),
    .inj_wrcfg_lat3_i     (inject_i[INJ_T_WRCFG_LAT3]),
    .inj_rmwcib_lane_i    (inject_i[INJ_RMWCIB_LANE]),
    .inj_wrcfg128_short_i (inject_i[INJ_WRCFG128_SHORT]),
    .inj_cfgshiftmask_rotl_i (inject_i[INJ_CFGSHIFTMASK_ROTL]),
    .inj_global_single_i     (inject_i[INJ_CFG_GLOBAL_SINGLE]),
    .inj_wrcfg_stray_i       (inject_i[INJ_WRCFG_STRAY_NEXT]),
    .inj_no_pipe_i        (inject_i[INJ_T_CFG_NO_PIPE]),
    .inj_rmw_after_wr_i   (inject_i[INJ_T_CFG_RMW_AFTER_WR]),
    .inj_one_stage_i      (inject_i[INJ_T_CFG_ONE_STAGE]),
    .inj_wh_rules_i       (inject_i[INJ_T_CFG_WH_RULES]),
    .req_i (cfg_req), .req_insn_i (disp_insn), .req_seq_i (disp_seq), .gnt_o (cfg_gnt), .lost_o (cfg_lost),
    .rsp_o (cfg_rsp),
    .e1_done_o (cfg_e1_done), .e2_done_o (cfg_e2_done), .e1_insn_o (cfg_e1_insn), .e2_insn_o (cfg_e2_insn),
    .e1_seq_o (cfg_e1_seq), .e2_seq_o (cfg_e2_seq), .eff_cfg_stage_o (cfg_eff_cfg_stage),







    .mmio_valid_i,
    .mmio_addr_i,
    .mmio_wdata_i,
    .bd_cfg_valid_i       (bd_valid_i && bd_target_i == 3'd0),
    .bd_tcfg_valid_i      (bd_valid_i && bd_target_i == 3'd1),
    .bd_unit_i,
    .bd_addr_i,
    .bd_data_i            (bd_data_i[31:0]),
    .gpr_rd_thread_o      (cfg_gpr_rd_thread),
    .gpr_rd_idx_o         (cfg_gpr_rd_idx),
    .gpr_rd_data_i        (cfg_gpr_rd_data),
    .eff_cfg_we_o         (cfg_eff_cfg_we),
    .eff_cfg_thread_o     (cfg_eff_cfg_thread),
    .eff_cfg_state_o      (cfg_eff_cfg_state),
    .eff_cfg_addr_o       (cfg_eff_cfg_addr),
    .eff_cfg_data_o       (cfg_eff_cfg_data),
    .eff_tcfg_we_o        (cfg_eff_tcfg_we),
    .eff_tcfg_addr_o      (cfg_eff_tcfg_addr),
    .eff_tcfg_data_o      (cfg_eff_tcfg_data),
    .eff_gpr_we_o         (cfg_eff_gpr_we),
    .eff_gpr_thread_o     (cfg_eff_gpr_thread),
    .eff_gpr_idx_o        (cfg_eff_gpr_idx),
    .eff_gpr_data_o       (cfg_eff_gpr_data),
    .cfg_o                (cfg_all),
    .tcfg_o               (tcfg_all)
  );

  logic [31:0]   th_ld_data;      // the TRISC load port's GPR (tt_thcon)
  logic          th_l1_valid;
  logic          pk_l1_valid;     // packer 0 has a line for the L1 port (declared before ThCon uses it)
  logic [31:0]   th_l1_addr;
  logic [15:0]   th_l1_be;
  logic [127:0]  th_l1_data;
  logic [31:0]   th_l1_rd_addr;
  logic [GPR_WR_SLOTS-1:0] th_eff_gpr_we;
  logic [5:0]    th_eff_gpr_idx  [GPR_WR_SLOTS];
  logic [31:0]   th_eff_gpr_data [GPR_WR_SLOTS];

  tt_thcon #(.L1_LINES(L1_LINES)) u_thcon (
    .clk_i (clk_c),
    .rst_ni,
    .inj_adddmareg_const_i (inject_i[INJ_ADDDMAREG_CONST]),
    .inj_group_lat_i       (inject_i[INJ_T_THCON_GROUP]),
    .inj_storeind_be_i     (inject_i[INJ_STOREIND_BE]),
    .inj_subdmareg_swap_i  (inject_i[INJ_SUBDMAREG_SWAP]),
    .inj_shiftdmareg_nomask_i (inject_i[INJ_SHIFTDMAREG_NOMASK]),
    .inj_loadind_lane_i    (inject_i[INJ_LOADIND_LANE]),
    .inj_muldmareg_full_i  (inject_i[INJ_MULDMAREG_FULL]),
    .inj_loadind128_word3_i(inject_i[INJ_LOADIND128_WORD3]),
    .inj_l1_prio_i         (inject_i[INJ_T_PACK_L1_PRIO] && pk_l1_valid),
    .req_i (u_req[UNIT_THCON]), .rsp_o (u_rsp[UNIT_THCON]), .holds_thread_o (thcon_holds_thread),







    .mmio_valid_i,
    .mmio_thread_i,
    .mmio_addr_i,
    .mmio_wdata_i,
    .bd_valid_i            (bd_valid_i && bd_target_i == 3'd2),
    .bd_unit_i,
    .bd_addr_i,
    .bd_data_i             (bd_data_i[31:0]),
    .bdr_thread_i          (bdr_unit_i),
    .bdr_idx_i             (bdr_addr_i[5:0]),
    .bdr_data_o            (th_bdr),
    .ld_thread_i           (inject_i[INJ_TRISC_LD_GPR] ? ((ld_thread_i == 2'd2) ? 2'd0 : ld_thread_i + 2'd1)
                                                       : ld_thread_i),
    .ld_idx_i              (ld_addr_i[7:2]),
    .ld_data_o             (th_ld_data),
    .inj_gpr_drop_i        (inject_i[INJ_THCON_GPR_DROP]),
    .inj_gpr_stray_i       (inject_i[INJ_THCON_GPR_STRAY]),
    .cfg_rd_thread_i       (cfg_gpr_rd_thread),
    .cfg_rd_idx_i          (cfg_gpr_rd_idx),
    .cfg_rd_data_o         (cfg_gpr_rd_data),
    .cfg_wr_valid_i        (cfg_eff_gpr_we),
    .cfg_wr_thread_i       (cfg_eff_gpr_thread),
    .cfg_wr_idx_i          (cfg_eff_gpr_idx),
    .cfg_wr_data_i         (cfg_eff_gpr_data),
    .l1_wr_valid_o         (th_l1_valid),
    .l1_wr_addr_o          (th_l1_addr),
    .l1_wr_be_o            (th_l1_be),
    .l1_wr_data_o          (th_l1_data),
    .l1_rd_addr_o          (th_l1_rd_addr),
    .l1_rd_data_i          (l1_rd_data),
    .eff_gpr_we_o          (th_eff_gpr_we),
    .eff_gpr_idx_o         (th_eff_gpr_idx),
    .eff_gpr_data_o        (th_eff_gpr_data)
  );

  // ---------------------------------------------------------------------------------------------
  // L1. One write port: ThCon (in its retire cycle, first), packer 0 (a queued line, when ThCon
  // does not write), or the backdoor preload, which never overlaps an instruction. Only
  // instruction writes are reported, with their writer. Writes beyond the last line are dropped.
  // ---------------------------------------------------------------------------------------------
  logic          l1_in_range, bd_l1, bd_l1_in_range;
  logic [127:0]  l1_line_after, l1_rd_data;
  logic          pk_l1_ready, pk_sel;
  logic [31:0]   pk_l1_addr, w_addr;
  logic [127:0]  pk_l1_data, pk_l1_rd_data;
  logic [31:0]   pk_l1_rd_addr;
  logic [15:0]   w_be;
  logic [127:0]  w_data;

  assign bd_l1          = bd_valid_i && (bd_target_i == 3'd4);
  assign pk_l1_ready    = !th_l1_valid && !bd_l1;
  assign pk_sel         = !th_l1_valid && pk_l1_valid;
  assign w_addr         = pk_sel ? pk_l1_addr : th_l1_addr;
  assign w_be           = pk_sel ? 16'hFFFF : th_l1_be;
  assign w_data         = pk_sel ? pk_l1_data : th_l1_data;
  assign l1_in_range    = ({4'b0, w_addr[31:4]} < 32'(L1_LINES));
  assign bd_l1_in_range = ({4'b0, bd_addr_i[31:4]} < 32'(L1_LINES));

  // Data-path clock gate (rtl_stubs/README.md "Per-unit activity", docs/speed.md): the two
  // unpackers, packer 0, L1 and the Miscellaneous (ADC) unit share one gated clock, enabled while
  // any of them has work (act_o: an instruction offered or held, the packer's line queue, an ADC
  // update or backdoor write) or L1 is written. One clock rather than one each: every extra clock
  // costs its trigger evaluation in every cycle, and in the busy streams one of them nearly always
  // works (measured: docs/speed.md; the ADC unit's own gate cost 5.5 % on an idle run).
  logic clk_dp, l1_we, pk_act, adc_act;
  logic unp_act [2];
  logic tl1_we;
  assign l1_we = bd_l1 ? bd_l1_in_range : ((th_l1_valid || pk_l1_valid) && l1_in_range);
  assign tl1_we = tl1_valid_i && ({4'b0, tl1_addr_i[31:4]} < 32'(L1_LINES));
  // Gated from clk_i, not clk_c: a TRISC L1 store can come while the core is quiet, and the edge
  // that wakes clk_c is its first, with no falling edge of clk_c before it to open this gate (its
  // other enables are all low while the core is quiet, so nothing else changes).
  tt_clk_gate u_cg_dp (.clk_i (clk_i), .en_i (unp_act[0] || unp_act[1] || pk_act || l1_we || tl1_we || adc_act),
                       .clk_o (clk_dp));

  tt_l1 #(.LINES(L1_LINES)) u_l1 (
    .clk_i (clk_dp),
    .wr_valid_i      (l1_we),
    .wr_line_i       (bd_l1 ? bd_addr_i[L1_AW+3:4] : w_addr[L1_AW+3:4]),
    .wr_be_i         (bd_l1 ? bd_be_i : w_be),
    .wr_data_i       (bd_l1 ? bd_data_i : w_data),
    .wr_line_after_o (l1_line_after),
    .twr_valid_i     (tl1_we),
    .twr_line_i      (tl1_addr_i[L1_AW+3:4]),
    .twr_be_i        (tl1_be_i),
    .twr_data_i      (tl1_data_i),
    .rd_line_i       (th_l1_rd_addr[L1_AW+3:4]),   // ThCon LOADIND, in its retire cycle
    .prd_line_i      (pk_l1_rd_addr[L1_AW+3:4]),   // packer 0's L1 accumulation read
    .prd_data_o      (pk_l1_rd_data),
    .rd_data_o       (l1_rd_data),
    .bdr_line_i      (bdr_addr_i[L1_AW+3:4]),
    .bdr_data_o      (l1_bdr),
    .urd_en_i        (unp_rd_en),
    .urd_line_i      (unp_dat_line),
    .urd_data_o      (unp_dat_lines),
    .erd_line_i      (unp_exp_line),
    .erd_data_o      (unp_exp_lines),
    .drd_line_i      (unp_delta_line),
    .drd_data_o      (unp_delta_lines)
  );

  assign l1_wr_valid_o  = (th_l1_valid || pk_l1_valid) && l1_in_range && !bd_l1;
  assign l1_wr_writer_o = pk_sel;
  assign l1_wr_addr_o   = {w_addr[31:4], 4'b0};
  assign l1_wr_be_o     = w_be;
  assign l1_wr_data_o  = l1_line_after;

  // ---------------------------------------------------------------------------------------------
  // Stub units
  // ---------------------------------------------------------------------------------------------

  // ---------------------------------------------------------------------------------------------
  // Unpackers, register files, source-bank state, matrix unit (data-movement subset)
  // ---------------------------------------------------------------------------------------------
  logic             unp_rd_en [2];
  logic [L1_AW-1:0] unp_dat_line [2], unp_exp_line [2];
  logic [127:0]     unp_dat_lines [2][5];
  logic [127:0]     unp_exp_lines [2];
  logic [L1_AW-1:0] unp_delta_line [2];
  logic [127:0]     unp_delta_lines [2];
  adc_arr_t         adc_state, adc_pre;
  logic [1:0]       srca_client, srcb_client, unp_bank, math_bank;
  logic [5:0]       src_row [2][3];
  logic [23:0]      banks_after [3];
  logic [15:0]      implied_fmt;        // the banks' implied formats (tt_src_banks implied_o)
  logic             unp_addr_calc [2], unp_active [2], unp_bank_wait [2], unp_accept [2];
  logic [1:0]       unp_want [2], unp_tier [2];
  logic [1:0]       unp_flip [2];
  logic             unp_flip_fmt_we [2];
  logic [3:0]       unp_flip_fmt [2];
  logic             unp_rowadv [2], unp_adc_inc [2], unp_adc_rep [2];
  logic [1:0]       unp_wadc [2], unp_ch0y [2], unp_ch0z [2], unp_ch1y [2], unp_ch1z [2];
  // each unpacker holds up to two instructions (an address stage and a datum stage): which threads,
  // the address stage's thread, its hand-over, the retiring one's sequence number and WhichADC
  logic [2:0]       unp_holds [2];
  logic [1:0]       unp_fthread [2], unp_rep_wadc [2];
  logic             unp_handover [2];
  logic             unp_front_free [2];   // its address stage is empty (free but for the other unpacker)
  logic [31:0]      unp_ret_seq [2];
  logic             unp_mmio_we [2];
  logic [31:0]      unp_mmio_addr [2], unp_mmio_data [2];
  logic [1:0]       math_clr_flip;
  logic             math_clr_keep, math_clr_reset;

  // Both unpackers share L1 read bandwidth (UNPACR_Regular.md "Performance" table): when both
  // read, the grant depends on what each wants; alone, each gets what it wants.
  always_comb begin
    unp_tier[0] = unp_want[0];
    unp_tier[1] = unp_want[1];
    if (unp_active[0] && unp_active[1]) begin
      unique case ({unp_want[0], unp_want[1]})
        {2'd0, 2'd0}: begin unp_tier[0] = 2'd0; unp_tier[1] = 2'd0; end
        {2'd1, 2'd0}: begin unp_tier[0] = 2'd1; unp_tier[1] = 2'd0; end
        {2'd2, 2'd0}: begin unp_tier[0] = 2'd2; unp_tier[1] = 2'd0; end
        {2'd0, 2'd1}: begin unp_tier[0] = 2'd0; unp_tier[1] = 2'd1; end
        {2'd1, 2'd1}: begin unp_tier[0] = 2'd0; unp_tier[1] = 2'd0; end
        {2'd2, 2'd1}: begin unp_tier[0] = 2'd1; unp_tier[1] = 2'd0; end
        {2'd0, 2'd2}: begin unp_tier[0] = 2'd0; unp_tier[1] = 2'd2; end
        {2'd1, 2'd2}: begin unp_tier[0] = 2'd0; unp_tier[1] = 2'd1; end
        default:      begin unp_tier[0] = 2'd1; unp_tier[1] = 2'd1; end
      endcase
    end
  end

  // Unpacker 0 starts an address calculation this cycle (asked, and idle with unpacker 1 not in its
  // address cycles: its ready): unpacker 1 cannot start in the same cycle. A request to a busy
  // unpacker 0 does not hold unpacker 1 (UNPACR_Regular.md "Performance": only the address
  // calculation excludes the other unpacker).
  assign unp0_start = unp_accept[0] && u_rsp[UNIT_UNPACK0].ready;

  for (genvar n = 0; n < 2; n++) begin : g_unp
    localparam unit_e U = n ? UNIT_UNPACK1 : UNIT_UNPACK0;
    // the unpacker is asked this cycle (unpacker 0's start holds unpacker 1 off: unp0_start, u_ready)
    assign unp_accept[n] = (disp_req[0] && disp_unit[0] == U) || (disp_req[1] && disp_unit[1] == U) ||
                           (disp_req[2] && disp_unit[2] == U);
    tt_unpacker #(.WHICH(n), .L1_LINES(L1_LINES)) u_unpacker (
      .clk_i (clk_dp), .rst_ni, .act_o (unp_act[n]),
      .inj_i             (inject_i),
      .req_i (u_req[U]), .rsp_o (u_rsp[U]),







      .req_seq_i         (disp_seq[u_acc_thread[U]]),
      .ret_seq_o         (unp_ret_seq[n]),
      .holds_o           (unp_holds[n]),
      .front_thread_o    (unp_fthread[n]),
      .handover_o        (unp_handover[n]),
      .front_free_o      (unp_front_free[n]),
      .other_addr_calc_i (unp_addr_calc[1-n]),
      .addr_calc_o       (unp_addr_calc[n]),
      .active_o          (unp_active[n]),
      .want_tier_o       (unp_want[n]),
      .tier_i            (unp_tier[n]),
      .cfg_i             (cfg_all),
      .tcfg_i            (tcfg_all),
      .adc_i             (adc_state),
      .srca_client_i     (srca_client),
      .srcb_client_i     (srcb_client),
      .unp_bank_i        (unp_bank),
      .math_bank_i       (math_bank),
      .src_row_i         (src_row[n]),
      .rd_en_o           (unp_rd_en[n]),
      .dat_line_o        (unp_dat_line[n]),
      .dat_lines_i       (unp_dat_lines[n]),
      .exp_line_o        (unp_exp_line[n]),
      .exp_line_i        (unp_exp_lines[n]),
      .delta_line_o      (unp_delta_line[n]),
      .delta_line_i      (unp_delta_lines[n]),
      .rf_wr_o           (rf_wr_o[n]),
      .bank_wait_o       (unp_bank_wait[n]),
      .flip_o            (unp_flip[n]),
      .flip_fmt_we_o     (unp_flip_fmt_we[n]),
      .flip_fmt_o        (unp_flip_fmt[n]),
      .rowadv_o          (unp_rowadv[n]),
      .adc_inc_o         (unp_adc_inc[n]),
      .adc_report_o      (unp_adc_rep[n]),
      .adc_wadc_o        (unp_wadc[n]),
      .rep_wadc_o        (unp_rep_wadc[n]),
      .inc_ch0y_o        (unp_ch0y[n]),
      .inc_ch0z_o        (unp_ch0z[n]),
      .inc_ch1y_o        (unp_ch1y[n]),
      .inc_ch1z_o        (unp_ch1z[n]),
      .mmio_we_o         (unp_mmio_we[n]),
      .mmio_addr_o       (unp_mmio_addr[n]),
      .mmio_data_o       (unp_mmio_data[n]),
      .ctx_ctr_o         (unp_ctx_ctr[n])
    );
  end

  logic        m_rd_en, m_rd_srcb, m_rd_bank;
  logic [5:0]  m_rd_src_row [RF_MATH_PORTS];
  logic [16*19-1:0] m_rd_src [RF_MATH_PORTS];
  logic [9:0]  m_rd_dest_row [RF_MATH_PORTS];
  logic [16*16-1:0] m_rd_dest [RF_MATH_PORTS];
  logic        m_rd_dest_vld [RF_MATH_PORTS];
  logic [1023:0] dest_vld;       // Dest's zero flags (read back as target 10)
  logic [1:0]  math_mflip;
  rf_wr_t      m_rf_wr [RF_MATH_PORTS];
  rf_wr_t      m_rf_wr_trn [RF_MATH_WR_PORTS - RF_MATH_PORTS];   // TRNSPSRCB's rows 8..15
  logic [31:0] math_ret_seq;        // the matrix unit carries its instructions' sequence numbers
  logic [2:0]  math_holds;          // [t]: thread t has an instruction in the matrix unit
  logic [2:0]  math_rule_hold;      // [t]: an acceptance rule holds the instruction thread t presents
  mrule_e      math_rule_why [3];
  logic [1:0]  math_bank_chg;       // a SrcA [0] / SrcB [1] bank hand-over in flight, not retiring now
  logic [1:0]  math_bank_busy;      // ... in flight (its retire cycle too)
  // the arithmetic's wide register-file read (tt_regfile mx_*)
  logic        mx_rd_en, mx_srca_bank, mx_srcb_bank, mx_dest32;
  logic [5:0]  mx_srca_row, mx_srcb_row;
  logic [9:0]  mx_dest_row;
  logic [MX_SRCA_ROWS*MX_SW-1:0] mx_srca;
  logic [MX_SRCB_ROWS*MX_SW-1:0] mx_srcb;
  logic [MX_DEST_ROWS*MX_DW-1:0] mx_dest;
  logic [MX_DEST_ROWS-1:0]       mx_dest_vld;
  // TRNSPSRCB's 16 SrcB rows (tt_regfile tr_*)
  logic        tr_rd_en, tr_bank;
  logic [5:0]  tr_row;
  logic [16*MX_SW-1:0] tr_srcb;

  tt_math_unit u_math (
    .clk_i (clk_c), .rst_ni,
    .inj_addrmod_i     (inject_i[INJ_MATH_ADDRMOD_NO_CR]),
    .inj_mova2d_tf32_i (inject_i[INJ_MATH_MOVA2D_TF32_LOW]),
    .inj_movb2a_noflush_i (inject_i[INJ_MATH_MOVB2A_NO_FLUSH]),
    .inj_move_lat5_i   (inject_i[INJ_T_MATH_MOVE_LAT5]),
    .inj_no_a2d_rule_i (inject_i[INJ_T_MATH_NO_A2D_RULE]),
    .inj_no_d2b_rule_i (inject_i[INJ_T_MATH_NO_D2B_RULE]),
    .inj_rows_late_i   (inject_i[INJ_MATH_ROWS_LATE]),
    .inj_rwc_retire_i  (inject_i[INJ_MATH_RWC_AT_RETIRE]),
    .inj_no_pipe_i     (inject_i[INJ_T_MATH_NO_PIPE]),
    .inj_mx_trunc_i    (inject_i[INJ_MX_GROUP_TRUNC]),
    .inj_mx_fid_i      (inject_i[INJ_MX_FID_SLICE]),
    .inj_trnsp_low_i   (inject_i[INJ_MX_TRNSP_LOW_ROWS]),
    .tr_rd_en_o (tr_rd_en), .tr_bank_o (tr_bank), .tr_row_o (tr_row), .tr_srcb_i (tr_srcb),
    .mx_rd_en_o (mx_rd_en), .mx_srca_bank_o (mx_srca_bank), .mx_srca_row_o (mx_srca_row),
    .mx_srcb_bank_o (mx_srcb_bank), .mx_srcb_row_o (mx_srcb_row), .mx_dest_row_o (mx_dest_row),
    .mx_dest32_o (mx_dest32), .mx_srca_i (mx_srca), .mx_srcb_i (mx_srcb), .mx_dest_i (mx_dest),
    .mx_dest_vld_i (mx_dest_vld),
    .cfg_i (cfg_all), .tcfg_i (tcfg_all),
    .rd_en_o (m_rd_en), .rd_srcb_o (m_rd_srcb), .rd_bank_o (m_rd_bank), .rd_src_row_o (m_rd_src_row), .rd_src_i (m_rd_src),
    .rd_dest_row_o (m_rd_dest_row), .rd_dest_i (m_rd_dest), .rd_dest_vld_i (m_rd_dest_vld), .mflip_o (math_mflip),
    .req_i (u_req[UNIT_MATH]), .req_seq_i (disp_seq[u_acc_thread[UNIT_MATH]]), .rsp_o (u_rsp[UNIT_MATH]),
    .ret_seq_o (math_ret_seq), .holds_o (math_holds),
    .pres_insn_i (disp_insn), .rule_hold_o (math_rule_hold), .rule_why_o (math_rule_why),
    .bank_chg_o (math_bank_chg), .bank_busy_o (math_bank_busy),
    // the implied formats after this cycle's hand-overs (thread order, as the model applies them)
    .unp_bank_i (unp_bank), .math_bank_i (math_bank), .math_bank_next_i (banks_after[2][7:6]),
    .implied_fmt_i (banks_after[2][23:8]),
    .inj_implied_ignored_i (inject_i[INJ_IMPLIED_IGNORED]), .inj_implied_b_gate_i (inject_i[INJ_IMPLIED_B_GATE]),
    .inj_zf_dst_ign_i (inject_i[INJ_ZF_DST_DISABLE_IGN]), .inj_zeroacc_abs_i (inject_i[INJ_ZEROACC_ABSOLUTE]),
    .inj_zf_revert_i (inject_i[INJ_ZF_REVERT_IGN]),
    .rf_wr_o (m_rf_wr), .rf_wr_trn_o (m_rf_wr_trn),
    .clr_flip_o (math_clr_flip), .clr_keep_o (math_clr_keep), .clr_reset_o (math_clr_reset),
    .inj_srcb_clr_keep_cr_i (inject_i[INJ_MATH_SRCB_CLR_KEEPS_CR]),
    .am_valid_i (sf_am_valid), .am_thread_i (sf_am_thread), .am_idx_i (sf_am_idx),
    .rwc_dst_o (sfpu_rwc_dst), .rwc_o (math_rwc)
  );
  for (genvar k = 0; k < int'(RF_MATH_PORTS); k++) begin : g_mrf
    assign rf_wr_o[RF_PORT_MATH0 + k] = m_rf_wr[k];
  end
  for (genvar k = 0; k < int'(RF_MATH_WR_PORTS - RF_MATH_PORTS); k++) begin : g_mrf_trn
    assign rf_wr_o[RF_PORT_MATH0 + RF_MATH_PORTS + k] = m_rf_wr_trn[k];
  end

  // Bank requests of the unit retiring each thread's instruction
  bank_req_t  bank_req [3];
  logic [5:0] src_base [3][2];
  always_comb begin
    for (int t = 0; t < 3; t++) begin
      bank_req[t] = '0;
      src_base[t][0] = {tcfg_all[t][5][1:0], 4'd0};    // SRCA_SET_Base << 4
      src_base[t][1] = {tcfg_all[t][6][1:0], 4'd0};    // SRCB_SET_Base << 4
      for (int n = 0; n < 2; n++) begin
        // both unpackers may retire instructions of one thread in one cycle: each its own bit
        if (u_retires[t][(n != 0) ? UNIT_UNPACK1 : UNIT_UNPACK0]) begin
          bank_req[t].unp_flip  |= unp_flip[n];
          bank_req[t].unp_rowadv[n] = unp_rowadv[n];
          bank_req[t].unp_fmt_we[n] = unp_flip_fmt_we[n];
          bank_req[t].unp_fmt[n]    = unp_flip_fmt[n];
        end
      end
      // SETDVALID (Miscellaneous unit): [1] FlipSrcB, [0] FlipSrcA
      if (tdma_rsp[t].done && tdma_rsp[t].insn[31:24] == OP_SETDVALID)
        bank_req[t].unp_flip |= tdma_rsp[t].insn[1:0];
      if (u_retires[t][UNIT_MATH]) begin
        bank_req[t].clr_flip  = math_clr_flip;
        bank_req[t].clr_keep  = math_clr_keep;
        bank_req[t].clr_reset = math_clr_reset;
        bank_req[t].mflip     = math_mflip;
      end
    end
  end

  tt_src_banks u_banks (
    .clk_i (clk_c), .rst_ni,
    .inj_flip_no_row_i      (inject_i[INJ_UNP_FLIP_NO_ROW]),
    .inj_row_upd_i          (inject_i[INJ_UNP_SRC_ROW_UPD]),
    .inj_cleardvalid_keep_i (inject_i[INJ_CLEARDVALID_KEEP]),
    .req_i         (bank_req),
    .src_base_i    (src_base),
    .bd_valid_i    (bd_valid_i && bd_target_i == 3'd7),
    .bd_data_i     (bd_data_i[23:0]),
    .srca_client_o (srca_client),
    .srcb_client_o (srcb_client),
    .unp_bank_o    (unp_bank),
    .math_bank_o   (math_bank),
    .src_row_o     (src_row),
    .implied_o     (implied_fmt),
    .banks_after_o (banks_after)
  );

  tt_regfile u_regfile (
    .clk_i (clk_c),
    .wr_i       (rf_wr_o),
    .inj_bulk_short_i (inject_i[INJ_MATH_BULK_SHORT]),
    .inj_zf_no_clear_i (inject_i[INJ_ZF_NO_CLEAR]),
    .inj_zf_no_set_i  (inject_i[INJ_ZF_WRITE_NO_SET]),
    .rd_en_i    (m_rd_en),
    .rd_srcb_i  (m_rd_srcb),
    .rd_bank_i  (m_rd_bank),
    .rd_src_row_i (m_rd_src_row),
    .rd_src_o   (m_rd_src),
    .rd_dest_row_i (m_rd_dest_row),
    .rd_dest_o  (m_rd_dest),
    .rd_dest_vld_o (m_rd_dest_vld),
    .mx_rd_en_i     (mx_rd_en),
    .mx_srca_bank_i (mx_srca_bank),
    .mx_srca_row_i  (mx_srca_row),
    .mx_srcb_bank_i (mx_srcb_bank),
    .mx_srcb_row_i  (mx_srcb_row),
    .tr_rd_en_i     (tr_rd_en),
    .tr_bank_i      (tr_bank),
    .tr_row_i       (tr_row),
    .tr_srcb_o      (tr_srcb),
    .mx_dest_row_i  (mx_dest_row),
    .mx_dest32_i    (mx_dest32),
    .mx_srca_o      (mx_srca),
    .mx_srcb_o      (mx_srcb),
    .mx_dest_o      (mx_dest),
    .mx_dest_vld_o  (mx_dest_vld),
    .sf_rd_en_i (sf_rd_en), .sf_rd32_i (sf_rd32), .sf_rd_row_i (sf_rd_row),
    .sf_rd_hi_o (sf_rd_hi), .sf_rd_lo_o (sf_rd_lo), .sf_rd_vld_o (sf_rd_vld),
    .pk_rd_row_i (pk_rd_row),
    .pk_rd_col_i (pk_rd_col),
    .pk_rd_o     (pk_rd),
    .pk_rd_vld_o (pk_rd_vld),
    .dest_vld_o  (dest_vld),
    .bdr_file_i (bdr_unit_i),
    .bdr_addr_i,
    .bdr_data_o (rf_bdr),
    .inj_drop_i (inject_i[INJ_RF_DROP_UNP0]),
    .bd_valid_i (bd_valid_i && bd_target_i == 3'd6),
    .bd_file_i  (bd_unit_i),
    .bd_addr_i,
    .bd_data_i
  );

  // PRNG_SEED_Seed_Val (config word 186, global) written at this edge, by an instruction (the config
  // unit's write report) or a RISC-V store (any of its three MMIO images; the store wins, as in the
  // config unit); a backdoor preload seeds nothing (docs/decisions.md S2)
  localparam logic [7:0] CFG_PRNG_SEED = 8'd186;
  logic        prng_seed_we;
  logic [31:0] prng_seed;
  always_comb begin
    logic [9:0] w;
    prng_seed_we = 1'b0;
    prng_seed    = '0;
    for (int k = 0; k < 4; k++) begin
      if (cfg_eff_cfg_we[k] && cfg_eff_cfg_addr + 8'(k) == CFG_PRNG_SEED) begin
        prng_seed_we = 1'b1;
        prng_seed    = cfg_eff_cfg_data[k];
      end
    end
    w = mmio_addr_i[11:2];
    if (mmio_valid_i && mmio_addr_i[31:12] == MMIO_CFG_BASE[31:12] && mmio_addr_i[1:0] == 2'b00 &&
        (w == 10'(CFG_PRNG_SEED) || w == 10'(CFG_PRNG_SEED) + 10'(CFG_WORDS) ||
         w == 10'(CFG_PRNG_SEED) + 10'(2 * CFG_WORDS))) begin
      prng_seed_we = 1'b1;
      prng_seed    = mmio_wdata_i;
    end
  end

  // Vector unit (SFPU): LRegs and lane state; its write report leaves on sfpu_wr_o
  logic        sfpu_err;
  logic [31:0] sfpu_err_info;
  logic [31:0] sfpu_ret_seq;      // the SFPU carries its instructions' sequence numbers (two in flight)
  logic [2:0]  sfpu_holds;        // [t]: thread t has an instruction in the SFPU (E1 or E2)
  logic [2:0]  sfpu_rule_hold;    // [t]: an automatic stall holds the instruction thread t presents (S21)
  logic [2:0]  sfpu_rule_why;
  logic [127:0] sfpu_bdr;   // the SFPU's state read-back (target 15)
  tt_sfpu u_sfpu (
    .clk_i (clk_c), .rst_ni,
    .req_i (u_req[UNIT_SFPU]), .req_seq_i (disp_seq[u_acc_thread[UNIT_SFPU]]), .rsp_o (u_rsp[UNIT_SFPU]),
    .ret_seq_o (sfpu_ret_seq), .holds_o (sfpu_holds),
    .pres_insn_i (disp_insn), .rule_hold_o (sfpu_rule_hold), .rule_why_o (sfpu_rule_why),
    .inj_no_mad_stall_i (inject_i[INJ_T_SFPU_NO_MAD_STALL]),
    .sfpu_wr_o,
    .err_valid_o (sfpu_err),
    .err_info_o  (sfpu_err_info),
    .inj_lane_en_i (inject_i[INJ_SFPU_LANE_EN_IGNORED]),
    .inj_ties_away_i   (inject_i[INJ_SFPU_FMA_TIES_AWAY]),
    .inj_st_col_even_i (inject_i[INJ_SFPU_ST_COL_EVEN]),
    .inj_popc_flags_i  (inject_i[INJ_SFPU_POPC_KEEP_FLAGS]),
    .inj_lm_delay_i    (inject_i[INJ_SFPU_LM_DELAY_LATE]),
    .inj_lm_vbvc_i     (inject_i[INJ_SFPU_LM_VBVC_SWAP]),
    .inj_lm_disc_i     (inject_i[INJ_SFPU_LM_NO_DISCARD]),
    .prng_seed_we_i (prng_seed_we), .prng_seed_i (prng_seed),
    .cfg_i (cfg_all), .tcfg_i (tcfg_all), .rwc_dst_i (sfpu_rwc_dst),
    .rd_en_o (sf_rd_en), .rd32_o (sf_rd32), .rd_row_o (sf_rd_row),
    .rd_hi_i (sf_rd_hi), .rd_lo_i (sf_rd_lo), .rd_vld_i (sf_rd_vld),
    .rf_wr_o (sf_rf_wr),
    .am_valid_o (sf_am_valid), .am_thread_o (sf_am_thread), .am_idx_o (sf_am_idx),
    .bdr_addr_i (bdr_addr_i[7:0]), .bdr_data_o (sfpu_bdr)
  );
  for (genvar k = 0; k < int'(RF_SFPU_WR_PORTS); k++) begin : g_sfrf
    assign rf_wr_o[RF_PORT_SFPU + k] = sf_rf_wr[k];
  end
  // Packer 0 (PACR): Dest through the register file's packer port, L1 lines through the L1 port
  logic [9:0]  pk_rd_row [2];
  logic [3:0]  pk_rd_col;
  logic [15:0] pk_rd [2];
  logic        pk_rd_vld [2];
  logic        pk_adc_upd, pk_adc_report;
  logic [31:0] pk_setreg_data;   // PACR_SETREG write data, read back as target 9
  logic [1:0]  pk_adc_thread;
  logic [15:0] pk_addrmod;
  // two PACRs in flight: which threads it holds, the retiring one's sequence number, its WhichADC and
  // ADC capture slot, and the slot of the one whose AddrMod applies now
  logic [2:0]  pk_holds;
  logic [31:0] pk_ret_seq;
  logic [1:0]  pk_rep_wadc;
  logic        pk_adc_slot, pk_ret_slot;
  tt_packer u_pack (
    .clk_i (clk_dp), .rst_ni, .act_o (pk_act),
    .inj_i        (inject_i),
    .srnd_seed_i,
    .req_i (u_req[UNIT_PACK]), .rsp_o (u_rsp[UNIT_PACK]),
    .req_seq_i    (disp_seq[u_acc_thread[UNIT_PACK]]),
    .ret_seq_o    (pk_ret_seq),
    .holds_o      (pk_holds),
    .cfg_i        (cfg_all),
    .tcfg_i       (tcfg_all),
    .adc_i        (adc_state),
    .rd_row_o     (pk_rd_row),
    .rd_col_o     (pk_rd_col),
    .rd_data_i    (pk_rd),
    .rd_vld_i     (pk_rd_vld),
    .step_o       (pk_step),
    .l1_valid_o   (pk_l1_valid),
    .l1_addr_o    (pk_l1_addr),
    .l1_data_o    (pk_l1_data),
    .l1_ready_i   (pk_l1_ready),
    .l1_rd_addr_o (pk_l1_rd_addr),
    .l1_rd_data_i (pk_l1_rd_data),
    .adc_upd_o    (pk_adc_upd),
    .adc_thread_o (pk_adc_thread),
    .addrmod_o    (pk_addrmod),
    .adc_report_o (pk_adc_report),
    .rep_wadc_o   (pk_rep_wadc),
    .adc_slot_o   (pk_adc_slot),
    .ret_slot_o   (pk_ret_slot),
    .setreg_data_o (pk_setreg_data)
  );
  // Miscellaneous (TDMA) unit: the address counters (ADCs); SETDVALID and DMANOP retire there.
  logic [5:0]  adc_eff_we     [3];   // per retiring thread's instruction
  logic [1:0]  adc_eff_thread [3];
  adc_thr_t    adc_eff        [3];

  tt_adc_unit u_adc (
    .clk_i (clk_dp), .rst_ni, .act_o (adc_act),
    .inj_override_i     (inject_i[INJ_ADC_OVERRIDE_IGNORED]),
    .inj_lat2_i         (inject_i[INJ_T_TDMA_LAT2]),
    .inj_inc_y_to_x_i   (inject_i[INJ_INCADC_Y_TO_X]),
    .inj_addrcr_no_cr_i (inject_i[INJ_ADDRCR_NO_CR]),
    .inj_zw_8bit_i      (inject_i[INJ_ADC_ZW_8BIT]),
    .req_i (tdma_req), .rsp_o (tdma_rsp),



    .bd_valid_i  (bd_valid_i && bd_target_i == 3'd5),
    .bd_thread_i (bd_unit_i),
    .bd_addr_i   (bd_addr_i[5:0]),
    .bd_data_i   (bd_data_i[17:0]),
    .eff_adc_we_o     (adc_eff_we),
    .eff_adc_thread_o (adc_eff_thread),
    .eff_adc_o        (adc_eff),
    .unp_inc_i        (unp_adc_inc_ret),
    .unp_thread_i     (unp_thread),
    .unp_wadc_i       (unp_wadc),
    .unp_ch0y_i       (unp_ch0y),
    .unp_ch0z_i       (unp_ch0z),
    .unp_ch1y_i       (unp_ch1y),
    .unp_ch1z_i       (unp_ch1z),
    .pk_upd_i         (pk_adc_upd),
    .pk_thread_i      (pk_adc_thread),
    .pk_addrmod_i     (pk_addrmod),
    .adc_o            (adc_state),
    .adc_pre_o        (adc_pre)
  );
  logic       unp_adc_inc_ret [2];
  // The unpackers and the packer update ADCs in their first address cycle; their retire reports the
  // channels as that update left them (the model's view: docs/decisions.md "Overlapping dispatch"),
  // whatever later instructions wrote since. Captured here: unpacker n's for its thread and its
  // WhichADC, the packer's for its ADC thread.
  // Two deep per unpacker: the address stage's (captured at its increment) moves to the datum
  // stage's with the instruction (tt_unpacker handover_o); the retire reports the datum stage's.
  // Two for the packer (it holds two PACRs at most): the slots alternate (tt_packer adc_slot_o,
  // ret_slot_o).
  adc_thr_t unp_cap_q [2][2];
  adc_thr_t unp_fcap_q [2][2];
  adc_thr_t pk_cap_q [2];
  always_ff @(posedge clk_c) begin
    for (int n = 0; n < 2; n++) begin
      if (unp_handover[n]) unp_cap_q[n] <= unp_fcap_q[n];
      if (unp_adc_inc[n] && !inject_i[INJ_UNP_ADC_AT_RETIRE]) begin
        unp_fcap_q[n][0] <= adc_pre[unp_thread[n]];
        unp_fcap_q[n][1] <= adc_pre[unp_wadc[n]];
      end
      if (unp_adc_inc[n] && inject_i[INJ_UNP_ADC_AT_RETIRE]) begin   // (increments at the retire)
        unp_cap_q[n][0] <= adc_pre[unp_thread[n]];
        unp_cap_q[n][1] <= adc_pre[unp_wadc[n]];
      end
    end
    if (pk_adc_upd) pk_cap_q[pk_adc_slot] <= adc_pre[pk_adc_thread];
  end
  logic [1:0] unp_thread [2];
  always_comb begin
    for (int n = 0; n < 2; n++) begin
      unp_adc_inc_ret[n] = unp_adc_inc[n];   // end of the address phase (tt_unpacker)
      // the increments are the address stage's (at the retire with INJ_UNP_ADC_AT_RETIRE)
      unp_thread[n]      = inject_i[INJ_UNP_ADC_AT_RETIRE] ? u_thread[(n != 0) ? UNIT_UNPACK1 : UNIT_UNPACK0]
                                                          : unp_fthread[n];
    end
  end
  tt_xmov_stub u_xmov (
    .clk_i (clk_c), .rst_ni,
    .req_i (u_req[UNIT_XMOV]), .rsp_o (u_rsp[UNIT_XMOV])
  );

  // What holds a thread's wait gate besides the latched wait: its own instructions in flight, and
  // two waits of the instruction at the gate itself. ScalarUnit.md: a ThCon instruction, until it
  // completes; UNPACR_Regular.md "Performance": an UNPACR's address calculation (2 cycles; the
  // other unpacker cannot start one meanwhile either). SyncUnit.md: an ATGETM does not pass the
  // gate while another thread holds its mutex; MatrixUnit.md: a MOVA2D / MOVB2D waits at the gate
  // until the matrix unit owns its source bank. Both read the state after this cycle's retires
  // (a releasing ATRELM or a SETDVALID retiring now lets it pass now), which depends on the units'
  // held instructions only, not on this cycle's dispatch. docs/decisions.md "Overlapping dispatch".
  logic gate_mutex [3], gate_bank [3], gate_mrule [3], gate_srule [3];
  always_comb begin
    logic [23:0] a_after;  // tt_bank_pack of the state after all of this cycle's bank requests
    a_after = banks_after[2];
    for (int t = 0; t < 3; t++) begin
      logic [7:0]  op;
      logic [15:0] idx;
      logic [1:0]  sides;
      op  = disp_insn[t][31:24];
      idx = disp_insn[t][15:0];
      // ATGETM.md: indices 0, 2, 3, 4 exist (others wait forever on silicon; UB, not held here)
      gate_mutex[t] = op == OP_ATGETM && (idx == 16'd0 || (idx >= 16'd2 && idx <= 16'd4)) &&
                      sync_holder_d[idx[2:0]] != 2'd3 && sync_holder_d[idx[2:0]] != 2'(t);
      // tt_bank_pack: [1:0] SrcA AllowedClient, [3:2] SrcB, [7:6] the matrix unit's banks
      // The sides whose bank it waits for (tt_pkg mx_bank_sides: TRNSPSRCB as MOVB2D, TRNSPSRCB.md; the
      // arithmetic both, as it reads both at its retire): until the matrix unit owns them, and while a
      // hand-over of one of them is in the matrix unit (docs/decisions.md "Matrix unit timing": it
      // reads its bank at its retire, after that hand-over).
      // DELIBERATE BUG (INJ_T_MATH_BANK_INFLIGHT): a move does not wait for the hand-over (the
      // arithmetic and TRNSPSRCB take their banks at acceptance in tt_math_unit: outside it).
      sides = mx_bank_sides(op);
      gate_bank[t]  = (sides[0] && !a_after[{4'b0000, a_after[6]}]) || (sides[1] && !a_after[{4'b0001, a_after[7]}]);
      if ((sides & math_bank_chg) != 2'b00 &&
          !(inject_i[INJ_T_MATH_BANK_INFLIGHT] && (op == OP_MOVA2D || op == OP_MOVB2D)))
        gate_bank[t] = 1'b1;
      // the matrix unit's acceptance rules (MOVA2D.md ... MOVD2B.md "Instruction scheduling")
      gate_mrule[t] = disp_unit[t] == UNIT_MATH && math_rule_hold[t];
      // the SFPU's automatic stalls (SFPMAD.md, SFPSWAP.md, SFPSHFT2.md "Instruction scheduling"; S21)
      gate_srule[t] = disp_unit[t] == UNIT_SFPU && sfpu_rule_hold[t];
      // DELIBERATE BUGS (INJ_T_ATGETM_NO_HOLD, INJ_T_MOVE_BANK_NO_HOLD): the gate ignores them.
      if (inject_i[INJ_T_ATGETM_NO_HOLD])    gate_mutex[t] = 1'b0;
      if (inject_i[INJ_T_MOVE_BANK_NO_HOLD]) gate_bank[t]  = 1'b0;
    end
  end

  always_comb begin
    for (int t = 0; t < 3; t++) begin
      th_hold[t]      = 1'b1;
      th_hold_unit[t] = UNIT_THCON;
      // DELIBERATE BUGS (INJ_T_THCON_NO_HOLD, INJ_T_UNP_ADDR_NO_HOLD): one of the holds is missing.
      // (a LOADIND only through its first 3 cycles: tt_thcon holds_thread_o)
      if (u_holds[t][UNIT_THCON] && thcon_holds_thread && !inject_i[INJ_T_THCON_NO_HOLD])
        th_hold_unit[t] = UNIT_THCON;
      else if (unp_addr_calc[0] && unp_fthread[0] == 2'(t) && !inject_i[INJ_T_UNP_ADDR_NO_HOLD])
        th_hold_unit[t] = UNIT_UNPACK0;
      else if (unp_addr_calc[1] && unp_fthread[1] == 2'(t) && !inject_i[INJ_T_UNP_ADDR_NO_HOLD])
        th_hold_unit[t] = UNIT_UNPACK1;
      else if (gate_mutex[t]) th_hold_unit[t] = UNIT_SYNC;
      else if (gate_bank[t])  th_hold_unit[t] = UNIT_MATH;
      else if (gate_mrule[t]) th_hold_unit[t] = UNIT_MATH;
      else if (gate_srule[t]) th_hold_unit[t] = UNIT_SFPU;
      else th_hold[t] = 1'b0;
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Wait-gate conditions per thread (isa_semantics.md s.2, BH numbering). "Current thread has an
  // instruction in unit X" = X's slot holds one of thread t. Not modelled yet (never wait):
  // (C10: the harness says which threads' TRISCs have GPR/config stores in flight.)
  // ---------------------------------------------------------------------------------------------
  always_comb begin
    for (int t = 0; t < 3; t++) begin
      cond_active[t]               = '0;
      // C0: ThCon holds an instruction of the thread; seen holding only while a LOADIND waits for
      // its result (every other ThCon instruction holds its thread until it retires)
      // DELIBERATE BUG (INJ_C0_IGNORED): C0 never holds.
      cond_active[t][CND_THCON]    = u_holds[t][UNIT_THCON] && !inject_i[INJ_C0_IGNORED];
      // DELIBERATE BUGS (INJ_T_C1..C4_IGNORED): the condition never holds.
      cond_active[t][CND_UNPACK0]  = u_holds[t][UNIT_UNPACK0] && !inject_i[INJ_T_C1_IGNORED];
      cond_active[t][CND_UNPACK1]  = u_holds[t][UNIT_UNPACK1] && !inject_i[INJ_T_C2_IGNORED];
      cond_active[t][CND_PACK]     = u_holds[t][UNIT_PACK] && !inject_i[INJ_T_C3_IGNORED];
      cond_active[t][CND_MATH]     = u_holds[t][UNIT_MATH] && !inject_i[INJ_T_C4_IGNORED];
      cond_active[t][CND_XMOV]     = u_busy[UNIT_XMOV];      // any thread
      cond_active[t][CND_SFPU]     = u_holds[t][UNIT_SFPU];
      cond_active[t][CND_CFGEXU]   = u_busy[UNIT_CFG];       // any thread
      // C10: the thread's TRISC has a GPR/config store emitted and not yet processed
      // DELIBERATE BUG (INJ_C10_IGNORED): C10 never holds.
      cond_active[t][CND_TRISC_CFG] = trisc_cfg_pend_i[t] && !inject_i[INJ_C10_IGNORED];
      // DELIBERATE BUG (INJ_T_CFGEXU_OWN): C12 looks only at this thread's instruction.
      if (inject_i[INJ_T_CFGEXU_OWN]) cond_active[t][CND_CFGEXU] = u_holds[t][UNIT_CFG];
      // source-bank ownership (STALLWAIT.md, Blackhole numbering)
      // (and while a hand-over of that side is in the matrix unit: in order, it can retire later than
      // its latency of 1, and a STALLWAIT on the bank after it must see its result; docs/decisions.md
      // "Matrix unit timing")
      cond_active[t][CND_SRCA_CLR] = srca_client[unp_bank[0]] || math_bank_busy[0];     // unpacker 0's bank not free
      cond_active[t][CND_SRCB_CLR] = srcb_client[unp_bank[1]] || math_bank_busy[1];
      cond_active[t][CND_SRCA_VLD] = !srca_client[math_bank[0]] || math_bank_busy[0];   // matrix unit's bank not valid
      cond_active[t][CND_SRCB_VLD] = !srcb_client[math_bank[1]] || math_bank_busy[1];
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Retire lanes: lane t < 3 reports thread t's frontend-only instructions, lane
  // RET_LANE_UNIT0 + u - 1 unit u's; a unit retires at most one instruction a cycle, so every
  // retire has its lane, and several of one thread can retire in one cycle. Each lane carries
  // only what its unit can write (the constant index lets the simulator drop the rest).
  // ---------------------------------------------------------------------------------------------
  for (genvar t = 0; t < 3; t++) begin : g_ret_fe
    assign retire_valid_o[t] = fe_ret[t][UNIT_NONE];
    always_comb begin
      retire_o[t]        = '0;
      retire_o[t].valid  = fe_ret[t][UNIT_NONE];
      retire_o[t].thread = 2'(t);
      retire_o[t].seq    = fe_seq[t][UNIT_NONE];
      retire_o[t].insn   = fe_none_insn[t];
      retire_o[t].unit   = 4'(UNIT_NONE);
    end
  end

  // Lane L reports unit u's retire; for the Miscellaneous and sync units, the slot of thread LT (0 on
  // the unit's own lane; 1 and 2 on the extra lanes: RET_LANE_EXTRA0 + 0/1 Miscellaneous, + 2/3
  // sync).
  for (genvar L = RET_LANE_UNIT0; L < RET_LANES; L++) begin : g_ret
    localparam int u  = (L < RET_LANE_EXTRA0) ? int'(L - RET_LANE_UNIT0) + 1
                      : (L < RET_LANE_EXTRA0 + 2) ? int'(UNIT_TDMA)
                      : (L < RET_LANE_EXTRA0 + 4) ? int'(UNIT_SYNC) : int'(UNIT_CFG);
    // the configuration unit's second stage: lanes RET_LANE_EXTRA0 + 6 .. + 8, threads 0..2
    localparam bit E2 = (L >= RET_LANE_EXTRA0 + 6);
    localparam int LT = (L < RET_LANE_EXTRA0) ? 0
                      : E2 ? int'(L - RET_LANE_EXTRA0) - 6 : int'(L - RET_LANE_EXTRA0) % 2 + 1;
    localparam unit_e U = unit_e'(u);
    logic [1:0]  th;
    logic        l_done;
    logic [31:0] l_insn;
    if (U == UNIT_TDMA) begin : g_thr
      assign th     = 2'(LT);
      assign l_done = tdma_rsp[LT].done;
      assign l_insn = tdma_rsp[LT].insn;
    end else if (U == UNIT_SYNC) begin : g_sync_thr
      assign th     = 2'(LT);
      assign l_done = sync_rsp[LT].done;
      assign l_insn = sync_rsp[LT].insn;
    end else if (U == UNIT_CFG) begin : g_cfg_thr
      assign th     = 2'(LT);
      assign l_done = E2 ? cfg_e2_done[LT] : cfg_e1_done[LT];
      assign l_insn = E2 ? cfg_e2_insn[LT] : cfg_e1_insn[LT];
    end else begin : g_unit
      assign th     = u_thread[u];
      assign l_done = u_done[u];
      assign l_insn = u_rsp[u].insn;
    end
    assign retire_valid_o[L] = l_done;
    always_comb begin
      retire_o[L]        = '0;
      retire_o[L].valid  = l_done;
      // read only when valid: assembled only then (simulation speed, docs/speed.md)
      if (l_done) begin
        retire_o[L].thread = th;
        // the configuration unit carries its instructions' sequence numbers (two of a thread)
        // (so does the matrix unit: a thread may have several instructions in it)
        retire_o[L].seq    = (U == UNIT_CFG) ? (E2 ? cfg_e2_seq[LT] : cfg_e1_seq[LT])
                           : (U == UNIT_MATH) ? math_ret_seq
                           : (U == UNIT_UNPACK0 || U == UNIT_UNPACK1) ? unp_ret_seq[u - int'(UNIT_UNPACK0)]
                           : (U == UNIT_PACK) ? pk_ret_seq
                           : (U == UNIT_SFPU) ? sfpu_ret_seq
                           : fe_seq[th][u];
        // DELIBERATE BUGS (INJ_RET_SEQ_NEXT, INJ_RET_THREAD_NEXT): a lane misnames its instruction.
        if (U == UNIT_PACK && inject_i[INJ_RET_SEQ_NEXT]) retire_o[L].seq = pk_ret_seq + 32'd1;
        if (U == UNIT_SYNC && inject_i[INJ_RET_THREAD_NEXT]) retire_o[L].thread = (th == 2'd2) ? 2'd0 : th + 2'd1;
        retire_o[L].insn   = l_insn;
        retire_o[L].unit   = 4'(u);
        if (U == UNIT_CFG) begin
          // each effect on the lane of the thread whose instruction made it
          if (cfg_eff_cfg_thread == 2'(LT) && cfg_eff_cfg_stage == E2) begin
            retire_o[L].cfg_we    = cfg_eff_cfg_we;
            retire_o[L].cfg_state = cfg_eff_cfg_state;
            retire_o[L].cfg_addr  = cfg_eff_cfg_addr;
            for (int k = 0; k < 4; k++) retire_o[L].cfg_data[k] = cfg_eff_cfg_data[k];
          end
          retire_o[L].tcfg_we   = cfg_eff_tcfg_we[LT] && !E2;
          retire_o[L].tcfg_addr = cfg_eff_tcfg_addr[LT];
          retire_o[L].tcfg_data = cfg_eff_tcfg_data[LT];
          // RDCFG writes one GPR, in slot 0
          if (cfg_eff_gpr_thread == 2'(LT) && E2) begin
            retire_o[L].gpr_we[0]   = cfg_eff_gpr_we;
            retire_o[L].gpr_idx[0]  = cfg_eff_gpr_idx;
            retire_o[L].gpr_data[0] = cfg_eff_gpr_data;
          end
        end
        if (U == UNIT_THCON) begin
          // ThCon fills up to GPR_WR_SLOTS slots
          retire_o[L].gpr_we = th_eff_gpr_we;
          for (int k = 0; k < GPR_WR_SLOTS; k++) begin
            retire_o[L].gpr_idx[k]  = th_eff_gpr_idx[k];
            retire_o[L].gpr_data[k] = th_eff_gpr_data[k];
          end
        end
        if (U == UNIT_SYNC) begin
          // the one semaphore-class retire of the cycle reports the semaphores (a mutex one none)
          if (l_insn[31:24] != OP_ATGETM && l_insn[31:24] != OP_ATRELM) retire_o[L].sem_we = sync_sem_we;
          retire_o[L].sem_value    = sem_value_d;
          retire_o[L].sem_max      = sem_max_d;
          retire_o[L].mutex_we     = sync_mutex_we[LT];
          retire_o[L].mutex_idx    = sync_mutex_idx[LT];
          retire_o[L].mutex_holder = sync_mutex_holder[LT];
        end else begin
          retire_o[L].mutex_holder = 2'd3;
        end
        // ADC unit: the written channels of thread adc_thread and their values after (the checker
        // reads the values of written channels only)
        if (U == UNIT_TDMA) begin
          retire_o[L].adc_we     = adc_eff_we[LT];
          retire_o[L].adc_thread = adc_eff_thread[LT];
          for (int i = 0; i < 6; i++) for (int k = 0; k < 8; k++) retire_o[L].adc[i][k] = adc_eff[LT][i][k];
        end
        if (U == UNIT_UNPACK0 || U == UNIT_UNPACK1) begin
          if (unp_adc_rep[u - int'(UNIT_UNPACK0)]) begin
            retire_o[L].adc_we     = 6'b11 << (2 * (u - int'(UNIT_UNPACK0)));
            retire_o[L].adc_thread = th;
            for (int i = 0; i < 6; i++)
              for (int k = 0; k < 8; k++) retire_o[L].adc[i][k] = unp_cap_q[u - int'(UNIT_UNPACK0)][0][i][k];
            if (unp_rep_wadc[u - int'(UNIT_UNPACK0)] != th) begin
              retire_o[L].adc2_we     = 6'b11 << (2 * (u - int'(UNIT_UNPACK0)));
              retire_o[L].adc2_thread = unp_rep_wadc[u - int'(UNIT_UNPACK0)];
              for (int i = 0; i < 6; i++)
                for (int k = 0; k < 8; k++)
                  retire_o[L].adc2[i][k] = unp_cap_q[u - int'(UNIT_UNPACK0)][1][i][k];
            end
          end
          if (unp_mmio_we[u - int'(UNIT_UNPACK0)]) begin
            retire_o[L].mmio_we   = 1'b1;
            retire_o[L].mmio_addr = unp_mmio_addr[u - int'(UNIT_UNPACK0)];
            retire_o[L].mmio_data = unp_mmio_data[u - int'(UNIT_UNPACK0)];
          end
        end
        // PACR: the pack set's two channels of the ADC it used, after its AddrMod
        if (U == UNIT_PACK && pk_adc_report) begin
          retire_o[L].adc_we     = 6'b110000;
          retire_o[L].adc_thread = pk_rep_wadc;
          for (int i = 0; i < 6; i++)
            for (int k = 0; k < 8; k++)
              retire_o[L].adc[i][k] = pk_cap_q[pk_ret_slot][i][k];
        end
        // Bank ownership: the state after this thread's requests of the cycle (the checker
        // compares it after the thread's last bank-changing retire of the cycle)
        if (U == UNIT_UNPACK0 || U == UNIT_UNPACK1) retire_o[L].banks_we = unp_flip[u - int'(UNIT_UNPACK0)] != 2'b00;
        if (U == UNIT_TDMA) retire_o[L].banks_we = l_insn[31:24] == OP_SETDVALID && l_insn[1:0] != 2'b00;
        if (U == UNIT_MATH) retire_o[L].banks_we = math_clr_flip != 2'b00 || math_clr_reset || math_mflip != 2'b00;
        retire_o[L].banks = banks_after[th];
      end
    end
  end

  // ---------------------------------------------------------------------------------------------
  // TRISC load port (docs/design.md "TRISC load port"): the address decoded as the store port's
  // (ScalarUnit.md "RISCV access to GPRs": the thread's own 64 GPRs; BackendConfiguration.md:
  // Config[state][word], state 1 from word CFG_WORDS; SyncUnit.md: a semaphore read gives its
  // Value). Anything else reads 0 (the harness faults such a load before it reaches the port).
  // ---------------------------------------------------------------------------------------------
  logic [9:0] ld_cfg_word;
  assign ld_cfg_word = ld_addr_i[11:2];
  always_comb begin
    ld_data_o = '0;
    if (ld_valid_i && ld_addr_i[1:0] == 2'b00) begin
      if (ld_addr_i[31:8] == MMIO_GPR_BASE[31:8]) begin
        ld_data_o = th_ld_data;
      end else if (ld_addr_i[31:12] == MMIO_CFG_BASE[31:12] && ld_cfg_word < 10'(CFG_STATES * CFG_WORDS)) begin
        ld_data_o = (ld_cfg_word >= 10'(CFG_WORDS)) ? cfg_all[1][8'(ld_cfg_word - 10'(CFG_WORDS))]
                                                     : cfg_all[0][ld_cfg_word[7:0]];
      end else if (ld_addr_i[31:5] == MMIO_SEM_BASE[31:5]) begin
        ld_data_o = {28'd0, sem_value_q[4*ld_addr_i[4:2] +: 4]};
      end
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Backdoor read-back of the architectural state (tb_top compares it with the model's after the
  // run: docs/design.md "State read-back")
  // ---------------------------------------------------------------------------------------------
  logic [1:0]   sync_bdr;
  logic [31:0]  th_bdr;
  logic [31:0]  cnt_bdr;
  logic [127:0] l1_bdr, rf_bdr;
  always_comb begin
    bdr_data_o = '0;
    unique case (bdr_target_i)
      4'd0: if (bdr_addr_i < 32'(CFG_WORDS)) bdr_data_o[31:0] = cfg_all[bdr_unit_i[0]][bdr_addr_i[7:0]];
      4'd1: if (bdr_addr_i < 32'(TCFG_WORDS) && bdr_unit_i != 2'd3)
              bdr_data_o[31:0] = tcfg_all[bdr_unit_i][bdr_addr_i[6:0]];
      4'd2: bdr_data_o[31:0] = th_bdr;
      4'd3: bdr_data_o[7:0]  = {sem_max_q[4*bdr_addr_i[2:0] +: 4], sem_value_q[4*bdr_addr_i[2:0] +: 4]};
      4'd4: if ({4'b0, bdr_addr_i[31:4]} < 32'(L1_LINES)) bdr_data_o = l1_bdr;
      4'd5: if (bdr_unit_i != 2'd3 && bdr_addr_i[5:3] < 3'd6)
              bdr_data_o[17:0] = adc_state[bdr_unit_i][bdr_addr_i[5:3]][bdr_addr_i[2:0]];
      4'd6: bdr_data_o = rf_bdr;
      4'd7: bdr_data_o[23:0] = {implied_fmt, math_bank[1], math_bank[0], unp_bank[1], unp_bank[0],
                                srcb_client[1], srcb_client[0], srca_client[1], srca_client[0]};
      4'd8: bdr_data_o[1:0] = sync_bdr;
      4'd9: bdr_data_o[31:0] = pk_setreg_data;   // PACR_SETREG's write data (dpi/state_check.h)
      4'd10: bdr_data_o = dest_vld[{bdr_addr_i[2:0], 7'd0} +: 128];   // Dest's zero flags, 128 rows
      4'd11, 4'd12, 4'd13, 4'd14: bdr_data_o[31:0] = cnt_bdr;          // counters, latches (below)
      4'd15: if (bdr_addr_i < 32'd235) bdr_data_o = sfpu_bdr;           // the SFPU's state (tt_sfpu)
      default: ;
    endcase
  end

  // Targets 11..14 (docs/design.md "State read-back"; compared at drained points and after the run):
  // 11 RWC field bdr_addr_i of thread bdr_unit_i (0 Dst, 1 Dst_Cr, 2 SrcA, 3 SrcA_Cr, 4 SrcB,
  //    5 SrcB_Cr, 6 FidelityPhase, 7 ExtraAddrModBit), in [9:0];
  // 12 unpacker bdr_unit_i's counters of thread bdr_addr_i: [5:0] SrcRow, [10:8] ContextCounter;
  // 13 MOP config of thread bdr_unit_i: bdr_addr_i 0..8 MopCfg word, 9 MaskHi (in [15:0]);
  // 14 the wait latch of thread bdr_unit_i (tt_frontend wait_o).
  always_comb begin
    logic [1:0] th;
    cnt_bdr = '0;
    th = (bdr_unit_i == 2'd3) ? 2'd0 : bdr_unit_i;
    unique case (bdr_target_i)
      4'd11: unique case (bdr_addr_i[2:0])
               3'd0: cnt_bdr[9:0] = math_rwc[th][46:37];
               3'd1: cnt_bdr[9:0] = math_rwc[th][36:27];
               3'd2: cnt_bdr[5:0] = math_rwc[th][26:21];
               3'd3: cnt_bdr[5:0] = math_rwc[th][20:15];
               3'd4: cnt_bdr[5:0] = math_rwc[th][14:9];
               3'd5: cnt_bdr[5:0] = math_rwc[th][8:3];
               3'd6: cnt_bdr[1:0] = math_rwc[th][2:1];
               default: cnt_bdr[0] = math_rwc[th][0];
             endcase
      4'd12: if (bdr_addr_i < 32'd3)
               cnt_bdr[10:0] = {unp_ctx_ctr[bdr_unit_i[0]][bdr_addr_i[1:0]], 2'b0,
                                src_row[bdr_unit_i[0]][bdr_addr_i[1:0]]};
      4'd13: if (bdr_addr_i < 32'd9)      cnt_bdr = fe_mop_cfg[th][bdr_addr_i[3:0]];
             else if (bdr_addr_i == 32'd9) cnt_bdr[15:0] = fe_mop_mask_hi[th];
      4'd14: cnt_bdr = fe_wait[th];
      default: ;
    endcase
  end

  // Unit-held instruction words are for waves only; the L1 read address is used in part.
  /* verilator lint_off UNUSED */
  logic unused;
  assign unused = ^{th_l1_rd_addr, pk_l1_rd_addr, w_addr[3:0], bd_addr_i[3:0], tl1_addr_i[3:0],
                    u_ready[UNIT_NONE], u_accept[UNIT_NONE]};
  /* verilator lint_on UNUSED */

endmodule
