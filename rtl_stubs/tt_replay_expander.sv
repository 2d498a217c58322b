// tt_replay_expander: one thread's replay expander (tt-isa-documentation WormholeB0 REPLAY.md
// "Functional model", "Performance"; the Blackhole page defers to it). 32-entry buffer; REPLAY
// fields Index [18:14], Count [9:4] (0 means 64), Exec [1], Load [0]; buffer index (Index + i) % 32.
//
// Timing (REPLAY.md "Performance", no transition penalties): pass-through and load-with-Exec move
// one instruction per cycle; REPLAY execute is ingested in the cycle it emits the first replayed
// instruction, then emits one per cycle without ingesting; REPLAY load without Exec ingests one
// instruction per cycle and emits nothing, whatever the instruction (a MOP, MOP_CFG or REPLAY
// too: REPLAY.md's load loop stores every incoming instruction and yields only if Exec; such a
// word is undefined only when it is emitted: docs/decisions.md, frontend).
/* verilator tracing_off */
module tt_replay_expander
  import tt_pkg::*;
(
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        inj_len0_short_i,   // INJ_REPLAY_LEN0_SHORT
  input  logic        inj_load_passes_fe_i, // INJ_REPLAY_LOAD_PASSES_FE
  input  logic        inj_exec_load_silent_i, // INJ_REPLAY_EXEC_LOAD_SILENT
  input  logic        inj_index_zero_i,   // INJ_REPLAY_INDEX_ZERO
  input  logic        inj_penalty_i,      // INJ_T_REPLAY_PENALTY
  input  logic        inj_exec_late_i,    // INJ_T_REPLAY_EXEC_LATE
  input  logic        inj_load_slow_i,    // INJ_T_REPLAY_LOAD_SLOW

  input  logic        in_valid_i,
  input  logic [31:0] in_insn_i,
  output logic        in_ready_o,

  output logic        out_valid_o,
  output logic [31:0] out_insn_o,
  input  logic        out_ready_i,

  output logic        busy_o       // replaying
);

  localparam logic [1:0] M_PASS = 2'd0, M_LOAD = 2'd1, M_PLAY = 2'd2;

  logic [31:0] buf_q [32];
  logic [1:0]  mode_q;
  logic        exec_q;
  logic [4:0]  idx_q;
  logic [6:0]  left_q;

  logic       in_is_replay;
  logic [4:0] in_index;
  logic [6:0] in_count;
  assign in_is_replay   = in_insn_i[31:24] == OP_REPLAY;
  // DELIBERATE BUG (INJ_REPLAY_INDEX_ZERO): the start index is ignored; loads and replays start at 0.
  assign in_index       = inj_index_zero_i ? 5'd0 : in_insn_i[18:14];
  always_comb begin
    in_count = {1'b0, in_insn_i[9:4]};
    if (in_count == 7'd0) begin
      // DELIBERATE BUG (INJ_REPLAY_LEN0_SHORT): Count 0 taken as 32 instead of 64.
      in_count = inj_len0_short_i ? 7'd32 : 7'd64;
    end
  end

  // DELIBERATE BUG (INJ_REPLAY_LOAD_PASSES_FE): during a load without Exec a MOP, MOP_CFG or REPLAY
  // word is passed on (and neither stored nor counted) instead of being stored silently.
  logic in_is_fe_op, load_pass;
  assign in_is_fe_op = in_is_replay || in_insn_i[31:24] == OP_MOP || in_insn_i[31:24] == OP_MOP_CFG;
  assign load_pass   = inj_load_passes_fe_i && mode_q == M_LOAD && !exec_q && in_is_fe_op;

  // Timing injections only: pen_q is the cycle after a replay's last instruction, slow_q toggles
  // each cycle of a load.
  logic pen_q, slow_q;

  logic in_take;
  always_comb begin
    out_valid_o = 1'b0;
    out_insn_o  = in_insn_i;
    in_ready_o  = 1'b0;
    unique case (mode_q)
      M_PLAY: begin
        out_valid_o = 1'b1;
        out_insn_o  = buf_q[idx_q];
      end
      M_LOAD: begin
        if (!exec_q && inj_load_slow_i && slow_q) begin
          // DELIBERATE BUG (INJ_T_REPLAY_LOAD_SLOW): a load without Exec ingests every other cycle
          // (REPLAY.md "Performance": one per cycle).
        end else if (exec_q && inj_exec_load_silent_i) begin
          // DELIBERATE BUG (INJ_REPLAY_EXEC_LOAD_SILENT): load with Exec stores but never emits.
          in_ready_o  = 1'b1;
        end else if (exec_q || load_pass) begin
          out_valid_o = in_valid_i;
          in_ready_o  = out_ready_i;
        end else begin
          in_ready_o  = 1'b1;
        end
      end
      default: begin
        if (inj_penalty_i && pen_q) begin
          // DELIBERATE BUG (INJ_T_REPLAY_PENALTY): a transition penalty after a replay (REPLAY.md
          // "Performance": there are none): nothing ingested or emitted.
        end else if (in_is_replay && in_insn_i[0]) begin
          in_ready_o  = 1'b1;                 // load: ingest, emit nothing
        end else if (in_is_replay && inj_exec_late_i) begin
          // DELIBERATE BUG (INJ_T_REPLAY_EXEC_LATE): execute ingests the REPLAY and emits its first
          // instruction only in the next cycle (REPLAY.md "Performance": in the ingest cycle).
          in_ready_o  = 1'b1;
        end else if (in_is_replay) begin
          out_valid_o = in_valid_i;           // execute: first replayed instruction at once
          out_insn_o  = buf_q[in_index];
          in_ready_o  = out_ready_i;
        end else begin
          out_valid_o = in_valid_i;
          in_ready_o  = out_ready_i;
        end
      end
    endcase
  end
  assign in_take = in_valid_i && in_ready_o;
  assign busy_o  = (mode_q == M_PLAY);

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      pen_q  <= 1'b0;
      slow_q <= 1'b0;
    end else begin
      pen_q  <= mode_q == M_PLAY && out_ready_i && left_q == 7'd1;
      slow_q <= mode_q == M_LOAD && !slow_q;
    end
  end

  // REPLAY.md: ReplayBuffer = [0] * 32 (the model starts from zeros too)
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      for (int k = 0; k < 32; k++) buf_q[k] <= '0;
    end else if (mode_q == M_LOAD && in_take && !load_pass) begin
      buf_q[idx_q] <= in_insn_i;
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      mode_q <= M_PASS;
      exec_q <= 1'b0;
      idx_q  <= '0;
      left_q <= '0;
    end else begin
      unique case (mode_q)
        M_PLAY: begin
          if (out_ready_i) begin
            idx_q  <= idx_q + 5'd1;
            left_q <= left_q - 7'd1;
            if (left_q == 7'd1) mode_q <= M_PASS;
          end
        end
        M_LOAD: begin
          if (in_take && !load_pass) begin
            idx_q  <= idx_q + 5'd1;
            left_q <= left_q - 7'd1;
            if (left_q == 7'd1) mode_q <= M_PASS;
          end
        end
        default: begin
          if (in_take && in_is_replay) begin
            exec_q <= in_insn_i[1];
            if (in_insn_i[0]) begin
              mode_q <= M_LOAD;
              idx_q  <= in_index;
              left_q <= in_count;
            end else if (inj_exec_late_i) begin
              mode_q <= M_PLAY;               // (INJ_T_REPLAY_EXEC_LATE) all Count from the next cycle
              idx_q  <= in_index;
              left_q <= in_count;
            end else if (in_count != 7'd1) begin
              mode_q <= M_PLAY;
              idx_q  <= in_index + 5'd1;
              left_q <= in_count - 7'd1;
            end
          end
        end
      endcase
    end
  end

endmodule
