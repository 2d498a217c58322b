// tb_top: the lockstep testbench around tt_core. It alone talks DPI: it takes the TRISC stimulus
// from the harness, reports every retire, L1 write, push and MMIO store to the checker, and
// stops the run. tt_core itself knows nothing of the model (docs/design.md).
/* verilator tracing_off */
module tb_top (
  input  logic        clk_i,
  // State read-back (docs/design.md "State read-back"): the harness drives these between clock
  // edges and evaluates the model without an edge; tt_core's backdoor read port is combinational,
  // so the item's data is on rb_data*_o at once and no cycle passes (32-bit words, so that both
  // harnesses see plain integer ports).
  input  logic [3:0]  rb_target_i,
  input  logic [1:0]  rb_unit_i,
  input  logic [31:0] rb_addr_i,
  output logic [31:0] rb_data0_o,
  output logic [31:0] rb_data1_o,
  output logic [31:0] rb_data2_o,
  output logic [31:0] rb_data3_o
);
  import tt_pkg::*;

  import "DPI-C" function int c_dpi_preload(input chandle ctx, input int index, output int target,
                                            output int unit, output int addr, output int d0,
                                            output int d1, output int d2, output int d3,
                                            output int be);
  // The next cycle's TRISC and BRISC actions, all four streams in one call (BRISC's first, then
  // threads 0..2): stream s's kind in 5 bits of the result, at [5s +: 5] (dpi/dpi_host.h DPI_STIM_*):
  // [0] a push of its word (BRISC's: into thread `addr`), [2:1] 1 an MMIO store of data to addr,
  // 2 an MMIO load of addr, 3 an L1 store of 2^[4:3] bytes of data at addr (a kernel's core may
  // offer a held push and another action in one cycle); its word, address and data at [32s +: 32]
  // of the outputs; each kernel's pc at [32t +: 32] of pcs and its state in 2 bits of kstate
  // (waves: 1 running, 2 held on a push, 3 waiting for a load), and at kstate[8 + t] thread t's
  // STALLWAIT C10 for tt_core trisc_cfg_pend_i in the next cycle.
  import "DPI-C" function int c_dpi_stim4(input chandle ctx, input longint cycle, input int idle_mask,
                                          output bit [127:0] words, output bit [127:0] addrs,
                                          output bit [127:0] datas, output bit [95:0] pcs,
                                          output int kstate);
  // The TRISC load of the stimulus before this edge: the RTL's answer (tt_core ld_data_o), first
  // at the edge, so that both sides hold the state after the edge before (docs/design.md "TRISC
  // load port").
  import "DPI-C" function void c_dpi_trisc_load(input chandle ctx, input longint cycle, input int thread,
                                                input int addr, input int data);
  // A TRISC L1 store committed at this edge (tt_core tl1_*_i): `size` bytes of `data` at `addr`.
  import "DPI-C" function void c_dpi_trisc_l1(input chandle ctx, input longint cycle, input int thread,
                                              input int addr, input int size, input int data);
  // In a quiet cycle: the first cycle after `cycle` that needs the harness (docs/speed.md
  // "Checking on events").
  import "DPI-C" function longint c_dpi_quiet_until(input chandle ctx, input longint cycle);
  import "DPI-C" function void c_dpi_push(input chandle ctx, input longint cycle, input int thread,
                                          input int word, input int dropped);
  import "DPI-C" function void c_dpi_brisc_push(input chandle ctx, input longint cycle,
                                                input int thread, input int word);
  import "DPI-C" function void c_dpi_mmio(input chandle ctx, input longint cycle, input int thread,
                                          input int addr, input int data);
  // One retire record (tt_pkg::retire_t) and one register-file row (tt_pkg::rf_wr_t) as packed
  // vectors: a new effect is a field in the struct and a line in dpi/retire_fields.def.
  import "DPI-C" function int c_dpi_layout(input chandle ctx, input int retire_bits,
                                           input int rf_wr_bits, input int timing_bits,
                                           input int sfpu_wr_bits);
  import "DPI-C" function void c_dpi_sfpu_write(input chandle ctx, input longint cycle,
                                                input bit [SFPU_WR_BITS-1:0] rec);
  import "DPI-C" function void c_dpi_retire(input chandle ctx, input longint cycle, input int lane,
                                            input bit [RETIRE_BITS-1:0] rec);
  import "DPI-C" function void c_dpi_rf_write(input chandle ctx, input longint cycle,
                                              input int writer, input bit [RF_WR_BITS-1:0] rec);
  import "DPI-C" function void c_dpi_l1_write(input chandle ctx, input longint cycle,
                                              input int writer, input int addr, input int be, input int w0,
                                              input int w1, input int w2, input int w3);
  import "DPI-C" function int c_dpi_cycle_end(input chandle ctx, input longint cycle,
                                              input int idle_mask, input int drained, input int stall0,
                                              input int stall1, input int stall2,
                                              input int fifo0, input int fifo1, input int fifo2,
                                              input bit [TIMING_BITS-1:0] timing);
  // Thread `thread` dispatched `insn` with sequence number `seq` this cycle (tt_core dispatch_*_o),
  // before the cycle's end: the wait-gate check and the sampling point (docs/design.md).
  import "DPI-C" function void c_dpi_dispatch(input chandle ctx, input longint cycle, input int thread,
                                              input int seq, input int insn);
  // The RTL reported an internal error (tt_core err_*_o): the run fails (docs/design.md "Error report").
  import "DPI-C" function void c_dpi_rtl_error(input chandle ctx, input longint cycle, input int code,
                                               input int info);

  // The harness hands its context and the injection mask over before the first clock edge. The
  // mask is not a tt_core port (docs/design.md "Outside the contract"): this project's RTL reads
  // tt_inj_pkg::inject; another RTL ignores it.
  export "DPI-C" function tb_set_ctx;
  chandle ctx;
  logic [31:0] srnd_seed_q;   // +srnd_seed: the packer's stochastic-rounding PRNG seed
  function void tb_set_ctx(input chandle c, input int inject0, input int inject1, input int inject2,
                           input int inject3, input int inject4, input int inject5, input int srnd_seed);
    ctx = c;
`ifdef TT_NO_INJ
    // the speed build: the mask is the constant 0 (the harness refused a non-zero one: tb_inject_built)
`else
    tt_inj_pkg::inject = {inject5, inject4, inject3, inject2, inject1, inject0};
`endif
    srnd_seed_q = srnd_seed;
  endfunction

  // Whether this binary holds the deliberate RTL bugs (tt_inj_pkg::BUILT: 0 in the speed build,
  // build/ttcosim, compiled with TT_NO_INJ), so that the harness refuses an +inject it would ignore.
  export "DPI-C" function tb_inject_built;
  function int tb_inject_built();
    return int'(tt_inj_pkg::BUILT);
  endfunction

  // Mutation build (docs/mutation.md, tools/mutate.py): how many mutants this binary holds, so
  // that the harness can refuse a +mutant=N it does not have (tt_mut_pkg reads +mutant itself).
  export "DPI-C" function tb_mutant_count;
  function int tb_mutant_count();
`ifdef TT_MUTATE
    return int'(tt_mut_pkg::MUT_COUNT);
`else
    return 0;
`endif
  endfunction

  logic [63:0] cycle_q;
  logic [63:0] wake_q;          // the harness wants its calls again in this cycle (quiet gaps)
  logic        core_quiet;      // tt_core quiet_o: its clock stops at the next edge
  logic        clk_t;           // the clock of the harness calls and the stimulus registers
  logic [3:0]  rst_cnt_q;
  logic        rst_n;
  assign rst_n = rst_cnt_q == 4'hf;

  // Backdoor preload (design.md): one item per cycle after reset, before any TRISC action.
  logic        preload_done_q;
  int          preload_idx_q;
  logic        bd_valid_q;
  logic [2:0]  bd_target_q;
  logic [1:0]  bd_unit_q;
  logic [31:0] bd_addr_q;
  logic [127:0] bd_data_q;
  logic [15:0] bd_be_q;

  logic [127:0] bdr_data;
  assign {rb_data3_o, rb_data2_o, rb_data1_o, rb_data0_o} = bdr_data;

  logic        push_valid_q [3];
  logic [31:0] push_insn_q  [3];
  logic        brisc_valid_q;
  logic [1:0]  brisc_thread_q;
  logic [31:0] brisc_insn_q;
  logic        mmio_valid_q;
  logic [1:0]  mmio_thread_q;
  logic [31:0] mmio_addr_q, mmio_wdata_q;
  logic        ld_valid_q;       // TRISC load port (one load a cycle)
  logic [1:0]  ld_thread_q;
  logic [31:0] ld_addr_q, ld_data;
  logic        tl1_valid_q;      // TRISC L1 store port (one store a cycle)
  logic [1:0]  tl1_thread_q;
  logic [31:0] tl1_addr_q, tl1_wdata_q;
  logic [2:0]  tl1_size_q;
  logic [15:0] tl1_be;
  logic [127:0] tl1_data;
  logic [2:0]  trisc_cfg_pend_q;  // STALLWAIT C10 per thread (the kernel runner's, kstate[10:8])
  logic [31:0] trisc_pc_q    [3];  // waves: each kernel's pc, and what holds it (kstate)
  logic [1:0]  trisc_state_q [3];
  always_comb begin
    tl1_be   = 16'(((17'd1 << tl1_size_q) - 17'd1) << tl1_addr_q[3:0]);
    tl1_data = 128'(tl1_wdata_q) << (8 * tl1_addr_q[3:0]);
  end

  logic        push_ready   [3];
  retire_arr_t retire;          // tt_pkg array types: the ports are not copied
  logic [RET_LANES-1:0] retire_valid;
  logic        thread_retire [3];   // the thread retires something this cycle (waves)
  rf_wr_arr_t  rf_wr;
  sfpu_wr_t    sfpu_wr;
  logic        l1_wr_valid;
  logic        l1_wr_writer;   // 0 ThCon, 1 packer 0
  logic [31:0] l1_wr_addr;
  logic [15:0] l1_wr_be;
  logic [127:0] l1_wr_data;
  logic        thread_idle  [3];
  logic [5:0]  fifo_count   [3];
  logic [7:0]  stall_reason [3];
  logic [NUM_UNITS-1:0] unit_busy;
  timing_t     timing;
  logic        dispatch_valid [3];
  logic [31:0] dispatch_seq   [3];
  logic [31:0] dispatch_insn  [3];
  logic        err_valid;
  logic [7:0]  err_code;
  logic [31:0] err_info;

  tt_core u_core (
    .clk_i, .rst_ni(rst_n), .srnd_seed_i(srnd_seed_q),
    .push_valid_i(push_valid_q), .push_insn_i(push_insn_q), .push_ready_o(push_ready),
    .brisc_valid_i(brisc_valid_q), .brisc_thread_i(brisc_thread_q), .brisc_insn_i(brisc_insn_q),
    .mmio_valid_i(mmio_valid_q), .mmio_thread_i(mmio_thread_q), .mmio_addr_i(mmio_addr_q),
    .mmio_wdata_i(mmio_wdata_q),
    .ld_valid_i(ld_valid_q), .ld_thread_i(ld_thread_q), .ld_addr_i(ld_addr_q), .ld_data_o(ld_data),
    .trisc_cfg_pend_i(trisc_cfg_pend_q),
    .tl1_valid_i(tl1_valid_q), .tl1_addr_i(tl1_addr_q), .tl1_be_i(tl1_be), .tl1_data_i(tl1_data),
    .bd_valid_i(bd_valid_q), .bd_target_i(bd_target_q), .bd_unit_i(bd_unit_q),
    .bd_addr_i(bd_addr_q), .bd_data_i(bd_data_q), .bd_be_i(bd_be_q),
    .bdr_target_i(rb_target_i), .bdr_unit_i(rb_unit_i), .bdr_addr_i(rb_addr_i), .bdr_data_o(bdr_data),
.retire_o(retire), .retire_valid_o(retire_valid), .rf_wr_o(rf_wr), .sfpu_wr_o(sfpu_wr),
    .l1_wr_valid_o(l1_wr_valid), .l1_wr_writer_o(l1_wr_writer), .l1_wr_addr_o(l1_wr_addr), .l1_wr_be_o(l1_wr_be),
    .l1_wr_data_o(l1_wr_data),
    .dispatch_valid_o(dispatch_valid), .dispatch_seq_o(dispatch_seq), .dispatch_insn_o(dispatch_insn),
    .err_valid_o(err_valid), .err_code_o(err_code), .err_info_o(err_info),
    .thread_idle_o(thread_idle), .fifo_count_o(fifo_count), .stall_reason_o(stall_reason),
    .unit_busy_o(unit_busy), .timing_o(timing), .quiet_o(core_quiet)
  );

  // Checking on events (docs/speed.md): while the core is quiet (its clock stopped, no input
  // offered) and the harness has said that no stream acts before cycle wake_q, the cycles in
  // between make no harness call: their retires, writes, pushes and stores are none, and the
  // stimulus registers keep their values, so the logic they feed is not evaluated either. The
  // cycle counter alone runs on the ungated clock.
  always_ff @(posedge clk_i) cycle_q <= cycle_q + 64'd1;
  tt_clk_gate u_cg (.clk_i, .en_i (!(core_quiet && preload_done_q && cycle_q < wake_q)), .clk_o (clk_t));

  // The valid bits on their own (retire: tt_core's retire_valid_o): testing retire[t].valid in
  // the clocked block below made the simulator copy the whole 2342-bit record every cycle.
  logic        rf_wr_valid  [RF_WR_PORTS];
  always_comb for (int w = 0; w < int'(RF_WR_PORTS); w++) rf_wr_valid[w] = rf_wr[w].valid;
  always_comb for (int t = 0; t < 3; t++) thread_retire[t] = timing.retire[t] != '0;

  // Drained (docs/design.md "Drained points"): every thread idle (FIFO empty, nothing expanding,
  // nothing in flight, no push entering), no unit busy, and no L1 write or register-file row this
  // cycle. Nothing can be queued behind that: the packer writes its last queued line before its
  // PACR retires (tt_packer S_DRAIN), ThCon writes L1 in its retire cycle, the unpackers and the
  // matrix unit write their rows before theirs, and a retiring unit is still busy.
  logic drained;
  always_comb begin
    drained = thread_idle[0] && thread_idle[1] && thread_idle[2] && (unit_busy == '0) && !l1_wr_valid;
    for (int w = 0; w < int'(RF_WR_PORTS); w++) begin
      if (rf_wr_valid[w]) drained = 1'b0;
    end
  end

  // What the stall waves show (waves/stalls.gtkw); the only traced scope. Verilator 5.006 traces
  // an instance only when its instantiation is in a tracing_on region, whatever the module says.
  /* verilator tracing_on */
  tb_stall_probe u_stall_probe (
    .clk_i, .rst_ni(rst_n),
    .stall_reason_i(stall_reason), .fifo_count_i(fifo_count), .retire_valid_i(thread_retire),
    .push_valid_i(push_valid_q), .push_ready_i(push_ready), .unit_busy_i(unit_busy),
    .trisc_pc_i(trisc_pc_q), .trisc_state_i(trisc_state_q)
  );
  /* verilator tracing_off */

  // +sfpu_trace: the SFPU's write reports (sched, discarded, lreg_we) and its register-file rows
  // printed as they leave the RTL, one line each, checking on or off: SFPLOADMACRO's scheduled work
  // seen RTL alone (+cosim=0; docs/usage.md). Off by default.
  bit sfpu_trace;
  initial sfpu_trace = $test$plusargs("sfpu_trace") != 0;
  always_ff @(posedge clk_t) begin
    if (sfpu_trace && rst_n) begin
      if (sfpu_wr.valid)
        $display("sfpu_trace %0d: report lreg_we %05x sched %x discarded %0d word %08x %08x %08x %08x",
                 cycle_q, sfpu_wr.lreg_we, sfpu_wr.sched, sfpu_wr.discarded, sfpu_wr.sched_word[0],
                 sfpu_wr.sched_word[1], sfpu_wr.sched_word[2], sfpu_wr.sched_word[3]);
      for (int w = int'(RF_PORT_SFPU); w < int'(RF_WR_PORTS); w++)
        if (rf_wr[w].valid) begin
          $write("sfpu_trace %0d: rf file %0d row %0d mask %04x", cycle_q, rf_wr[w].file, rf_wr[w].row,
                 rf_wr[w].mask);
          for (int k = 0; k < 16; k++) $write(" %08x", rf_wr[w].cells[k]);
          $write("\n");
        end
    end
  end

  always_ff @(posedge clk_t) begin
    int kind, kinds, addr, idle_mask, stop;
    bit [127:0] s_words, s_addrs, s_datas;
    bit [95:0]  s_pcs;
    int         s_kstate;
    int target, unit, d0, d1, d2, d3, be;
    // An internal error the RTL reports fails the run at once, in the preload too (not in reset,
    // whose first cycles the outputs are not yet defined in).
    if (err_valid && rst_n) c_dpi_rtl_error(ctx, cycle_q, int'(err_code), err_info);
    if (!rst_n) begin
      // The C decoder's field table must match tt_pkg's structs, checked once.
      if (rst_cnt_q == 4'd0 && c_dpi_layout(ctx, RETIRE_BITS, RF_WR_BITS, TIMING_BITS, SFPU_WR_BITS) != 0) $finish;
      rst_cnt_q <= rst_cnt_q + 4'd1;
      mmio_valid_q <= 1'b0;
      ld_valid_q <= 1'b0;
      tl1_valid_q <= 1'b0;
      preload_done_q <= 1'b0;
      preload_idx_q <= 0;
      bd_valid_q <= 1'b0;
      for (int t = 0; t < 3; t++) push_valid_q[t] <= 1'b0;
      brisc_valid_q <= 1'b0;
    end else if (!preload_done_q) begin
      if (c_dpi_preload(ctx, preload_idx_q, target, unit, addr, d0, d1, d2, d3, be) != 0) begin
        bd_valid_q <= 1'b1;
        bd_target_q <= 3'(target);
        bd_unit_q <= 2'(unit);
        bd_addr_q <= addr;
        bd_data_q <= {d3, d2, d1, d0};
        bd_be_q <= 16'(be);
        preload_idx_q <= preload_idx_q + 1;
      end else begin
        bd_valid_q <= 1'b0;
        preload_done_q <= 1'b1;
      end
    end else begin
      // First at the edge: the TRISC load taken from the stimulus before (the state after the edge
      // before on both sides: no row, retire or store of this edge is reported yet).
      if (ld_valid_q) c_dpi_trisc_load(ctx, cycle_q, int'(ld_thread_q), ld_addr_q, ld_data);
      // Register-file rows written this cycle come before the retires: a writing instruction's
      // rows are all reported before (or with) its retire (design.md "Register-file writes").
      // Port p's writer: the unpackers (0, 1), the matrix unit (its rows in order on the others).
      for (int w = 0; w < int'(RF_WR_PORTS); w++) begin
        if (rf_wr_valid[w]) c_dpi_rf_write(ctx, cycle_q, (w < int'(RF_BY_MATH)) ? w :
                                            (w >= int'(RF_PORT_SFPU)) ? int'(RF_BY_SFPU) : int'(RF_BY_MATH), rf_wr[w]);
      end
      // The SFPU's write report goes with its retire, before it (design.md "SFPU writes").
      if (sfpu_wr.valid) c_dpi_sfpu_write(ctx, cycle_q, sfpu_wr);
      // Checker order within an edge: retires, L1 writes, then the TRISC side (design.md). The
      // checker puts a cycle's retires in thread and program order itself.
      if (retire_valid != '0) begin
        for (int l = 0; l < int'(RET_LANES); l++) begin
          if (retire_valid[l]) c_dpi_retire(ctx, cycle_q, l, retire[l]);
        end
      end
      if (l1_wr_valid) begin
        c_dpi_l1_write(ctx, cycle_q, int'(l1_wr_writer), l1_wr_addr, int'(l1_wr_be), l1_wr_data[31:0],
                       l1_wr_data[63:32], l1_wr_data[95:64], l1_wr_data[127:96]);
      end
      // BRISC's push wins the thread's frontend mux; a same-edge TRISC push there is discarded.
      if (brisc_valid_q && push_ready[brisc_thread_q]) begin
        c_dpi_brisc_push(ctx, cycle_q, int'(brisc_thread_q), brisc_insn_q);
      end
      for (int t = 0; t < 3; t++) begin
        if (push_valid_q[t] && push_ready[t]) begin
          c_dpi_push(ctx, cycle_q, t, push_insn_q[t],
                     int'(brisc_valid_q && push_ready[t] && brisc_thread_q == 2'(t)));
        end
      end
      if (mmio_valid_q) c_dpi_mmio(ctx, cycle_q, int'(mmio_thread_q), mmio_addr_q, mmio_wdata_q);
      if (tl1_valid_q) c_dpi_trisc_l1(ctx, cycle_q, int'(tl1_thread_q), tl1_addr_q, int'(tl1_size_q), tl1_wdata_q);
      for (int t = 0; t < 3; t++) begin
        if (dispatch_valid[t]) c_dpi_dispatch(ctx, cycle_q, t, dispatch_seq[t], dispatch_insn[t]);
      end

      idle_mask = {29'd0, thread_idle[2], thread_idle[1], thread_idle[0]};
      // A drained cycle may have the harness read the state back after this edge, before the next
      // one (tb_readback_run); a passing end (1) has it read back once more, in full.
      stop = c_dpi_cycle_end(ctx, cycle_q, idle_mask, int'(drained), int'(stall_reason[0]),
                             int'(stall_reason[1]), int'(stall_reason[2]), int'(fifo_count[0]),
                             int'(fifo_count[1]), int'(fifo_count[2]), timing);
      if (stop != 0) $finish;

      // Next cycle's TRISC and BRISC actions. A push stays offered until the FIFO takes it.
      kinds = c_dpi_stim4(ctx, cycle_q, idle_mask, s_words, s_addrs, s_datas, s_pcs, s_kstate);
      // a quiet cycle: the harness says until when nothing acts (after this cycle's stimulus call)
      if (core_quiet) wake_q <= c_dpi_quiet_until(ctx, cycle_q);
      brisc_valid_q <= kinds[15];
      brisc_thread_q <= 2'(s_addrs[96 +: 32]);
      brisc_insn_q <= s_words[96 +: 32];
      mmio_valid_q <= 1'b0;
      ld_valid_q <= 1'b0;
      tl1_valid_q <= 1'b0;
      trisc_cfg_pend_q <= 3'(s_kstate >> 8);
      for (int t = 0; t < 3; t++) begin
        kind = int'(kinds[5*t +: 5]);
        trisc_pc_q[t] <= s_pcs[32*t +: 32];
        trisc_state_q[t] <= 2'(s_kstate >> (2 * t));
        if ((kind & 6) == 4) begin
          ld_valid_q <= 1'b1;
          ld_thread_q <= 2'(t);
          ld_addr_q <= s_addrs[32*t +: 32];
        end
        if ((kind & 6) == 6) begin
          tl1_valid_q <= 1'b1;
          tl1_thread_q <= 2'(t);
          tl1_size_q <= 3'(1 << (kind >> 3));
          tl1_addr_q <= s_addrs[32*t +: 32];
          tl1_wdata_q <= s_datas[32*t +: 32];
        end
        push_valid_q[t] <= (kind & 1) != 0;
        push_insn_q[t] <= s_words[32*t +: 32];
        if ((kind & 6) == 2) begin
          mmio_valid_q <= 1'b1;
          mmio_thread_q <= 2'(t);
          mmio_addr_q <= s_addrs[32*t +: 32];
          mmio_wdata_q <= s_datas[32*t +: 32];
        end
      end
    end
  end

  initial begin
    // inject_q is set by tb_set_ctx before the first edge; not reset here.
    rst_cnt_q = '0;
    cycle_q = '0;
    wake_q = '0;
    bd_valid_q = 1'b0;
    bd_target_q = '0;
    bd_unit_q = '0;
    bd_addr_q = '0;
    bd_data_q = '0;
    bd_be_q = '0;
    brisc_valid_q = 1'b0;
    brisc_thread_q = '0;
    brisc_insn_q = '0;
    ld_valid_q = 1'b0;
    ld_thread_q = '0;
    ld_addr_q = '0;
    tl1_valid_q = 1'b0;
    tl1_thread_q = '0;
    tl1_size_q = '0;
    tl1_addr_q = '0;
    tl1_wdata_q = '0;
    trisc_cfg_pend_q = '0;
    for (int t = 0; t < 3; t++) begin
      trisc_pc_q[t] = '0;
      trisc_state_q[t] = '0;
    end
  end
endmodule
