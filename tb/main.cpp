// main.cpp: the plain C++ lockstep harness (Verilator --cc). Everything but the clock loop and
// the VCD lives in the shared C harness (tb/harness.c) reached through tb_top's DPI.
#include <cstdio>
#include <memory>
#include <string>

#include "Vtb_top.h"
#include "Vtb_top__Dpi.h"
#include "harness.h"
#include "svdpi.h"
#include "verilated.h"
#include "verilated_vcd_c.h"
#if VM_COVERAGE
#include "verilated_cov.h"
#endif

// Built with -DVL_USER_FINISH: $finish ends the run without Verilator's "- file:line: Verilog
// $finish" line, which would read like a message from the test.
void vl_finish(const char *filename, int linenum, const char *hier) VL_MT_UNSAFE
{
    (void)filename, (void)linenum, (void)hier;
    Verilated::threadContextp()->gotFinish(true);
}

// Built with -DVL_USER_FATAL: a Verilator runtime error (a VCD write that fails, the disk full)
// ends the run with exit status 2 and the message, instead of abort() or an endless retry.
static std::string fatal_msg;  // vl_fatal is a free function: the one place it can leave a note
void vl_fatal(const char *filename, int linenum, const char *hier, const char *msg) VL_MT_UNSAFE
{
    (void)filename, (void)linenum, (void)hier;
    if (fatal_msg.empty()) fatal_msg = msg ? msg : "unknown error";
    Verilated::threadContextp()->gotFinish(true);
}

// One item of the state read-back (tb_readback_run): tt_core's read port is combinational, so the
// model is only evaluated, with no clock edge and no VCD dump: no cycle passes.
static void read_state(void *arg, int target, int unit, uint32_t addr, uint32_t data[4])
{
    Vtb_top *top = static_cast<Vtb_top *>(arg);
    top->rb_target_i = static_cast<uint8_t>(target);
    top->rb_unit_i = static_cast<uint8_t>(unit);
    top->rb_addr_i = addr;
    top->eval();
    data[0] = top->rb_data0_o;
    data[1] = top->rb_data1_o;
    data[2] = top->rb_data2_o;
    data[3] = top->rb_data3_o;
}

int main(int argc, char **argv)
{
    int rc = 0;
    tb_ctx *ctx = tb_ctx_create(argc, argv, "ttcosim", &rc);
    if (!ctx) return rc;
    const tb_args *a = tb_ctx_args(ctx);
#if !VM_COVERAGE
    if (a->vlcov) {  // line/toggle coverage needs the Verilator --coverage build (make coverage)
        std::fprintf(stderr, "ttcosim: +vlcov needs the coverage build, build/ttcosim_cov\n");
        tb_ctx_destroy(ctx);
        return 2;
    }
#endif

    auto contextp = std::make_unique<VerilatedContext>();
    contextp->commandArgs(argc, argv);
    if (a->trace) contextp->traceEverOn(true);
    auto top = std::make_unique<Vtb_top>(contextp.get(), "TOP");
    svSetScope(svGetScopeFromName("TOP.tb_top"));
    // the 192-bit injection mask goes over as six 32-bit words, least significant first
    tb_set_ctx(const_cast<dpi_host *>(tb_dpi_host(ctx)), static_cast<int>(a->inject[0] & 0xffffffffu), static_cast<int>(a->inject[0] >> 32),
               static_cast<int>(a->inject[1] & 0xffffffffu), static_cast<int>(a->inject[1] >> 32),
               static_cast<int>(a->inject[2] & 0xffffffffu), static_cast<int>(a->inject[2] >> 32), static_cast<int>(a->srnd_seed));
    if (tb_check_inject(ctx, "ttcosim", tb_inject_built())    // +inject=NAME (the speed build has none)
        || tb_check_mutant(ctx, "ttcosim", tb_mutant_count())) {   // +mutant=N (docs/mutation.md)
        tb_ctx_destroy(ctx);
        return 2;
    }

    std::unique_ptr<VerilatedVcdC> tfp;
    if (a->trace) {
        tfp = std::make_unique<VerilatedVcdC>();
        top->trace(tfp.get(), 99);
        tfp->open(a->trace);
        if (!tfp->isOpen()) {
            std::fprintf(stderr, "ttcosim: cannot open trace file %s\n", a->trace);
            return 2;
        }
    }
    // Trace only the window asked for (+trace_start/+trace_stop, in cycles).
    auto in_window = [a](uint64_t c) { return c >= a->trace_start && (a->trace_stop == 0 || c <= a->trace_stop); };

    static volatile int stop_signal = 0;
    tb_catch_signals(&stop_signal);
    uint64_t cycle = 0;
    top->clk_i = 0;
    top->eval();
    while (!contextp->gotFinish() && !stop_signal) {
        top->clk_i = 1;
        top->eval();
        if (tfp && in_window(cycle)) tfp->dump(cycle * 10 + 5);
        top->clk_i = 0;
        top->eval();
        if (tfp && in_window(cycle)) tfp->dump(cycle * 10 + 10);
        cycle++;
        // a drained point's (or, after a pass, the run's) state read-back, before the next edge
        if (tb_readback_due(ctx) && !tb_readback_run(ctx, read_state, top.get())) {
            rc = 2;
            break;
        }
    }
    top->final();
#if VM_COVERAGE
    if (a->vlcov) contextp->coveragep()->write(a->vlcov);
#endif
    if (tfp) {
        tfp->close();   // flushes what was traced, also after a signal
        if (fatal_msg.empty()) {
            char cmd[8300];   // both paths absolute: the command works from any directory
            std::printf("waves: %s (open with: %s)\n", a->trace, tb_gtkwave_command(a->trace, cmd, sizeof cmd));
        }
    }
    if (!fatal_msg.empty()) {
        std::fprintf(stderr, "ttcosim: %s%s: %s\n", a->trace ? "cannot write +trace " : "Verilator runtime error",
                     a->trace ? a->trace : "", fatal_msg.c_str());
        tb_ctx_destroy(ctx);
        return 2;
    }
    if (rc) {
        tb_ctx_destroy(ctx);
        return rc;
    }
    if (stop_signal) {
        rc = tb_ctx_interrupted(ctx, cycle, stop_signal);
        tb_ctx_destroy(ctx);
        return rc;
    }
    rc = tb_ctx_finish(ctx, cycle);
    tb_ctx_destroy(ctx);
    return rc;
}
