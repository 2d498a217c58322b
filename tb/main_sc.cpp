// main_sc.cpp: the SystemC lockstep harness (Verilator --sc, Debian's libsystemc). Same shared
// harness as main.cpp; SystemC drives the clock.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <systemc.h>

#include "Vtb_top.h"
#include "Vtb_top__Dpi.h"
#include "harness.h"
#include "svdpi.h"
#include "verilated.h"
#include "verilated_vcd_sc.h"

// Built with -DVL_USER_FINISH: $finish ends the run without Verilator's "- file:line: Verilog
// $finish" line, which would read like a message from the test.
void vl_finish(const char *filename, int linenum, const char *hier) VL_MT_UNSAFE
{
    (void)filename, (void)linenum, (void)hier;
    Verilated::threadContextp()->gotFinish(true);
}

// Built with -DVL_USER_FATAL: a Verilator runtime error (a VCD write that fails, the disk full)
// ends the run with exit status 2 and the message (see main.cpp).
static std::string fatal_msg;
void vl_fatal(const char *filename, int linenum, const char *hier, const char *msg) VL_MT_UNSAFE
{
    (void)filename, (void)linenum, (void)hier;
    if (fatal_msg.empty()) fatal_msg = msg ? msg : "unknown error";
    Verilated::threadContextp()->gotFinish(true);
}

// The state read-back's port (tb_readback_run): the signals tb_top's rb_* ports are bound to.
struct read_port {
    sc_signal<uint32_t> target, unit, addr, data[4];
};

// One item of the state read-back. tt_core's read port is combinational: the new address is
// evaluated in delta cycles at the current time (between this cycle's posedge and the next), so no
// clock edge passes; tb_readback_run checks that none did.
static void read_state(void *arg, int target, int unit, uint32_t addr, uint32_t data[4])
{
    read_port *p = static_cast<read_port *>(arg);
    p->target.write(static_cast<uint32_t>(target));
    p->unit.write(static_cast<uint32_t>(unit));
    p->addr.write(addr);
    while (sc_pending_activity_at_current_time()) sc_start(SC_ZERO_TIME);
    for (int k = 0; k < 4; k++) data[k] = p->data[k].read();
}

int sc_main(int argc, char **argv)
{
    int rc = 0;
    tb_ctx *ctx = tb_ctx_create(argc, argv, "ttcosim_sc", &rc);
    if (!ctx) return rc;
    const tb_args *a = tb_ctx_args(ctx);
    if (a->vlcov) {  // line/toggle coverage: the C++ coverage build only
        std::fprintf(stderr, "ttcosim_sc: +vlcov needs the coverage build, build/ttcosim_cov\n");
        tb_ctx_destroy(ctx);
        return 2;
    }

    Verilated::commandArgs(argc, argv);
    if (a->trace) Verilated::traceEverOn(true);
    sc_clock clk("clk", 10, SC_NS, 0.5, 5, SC_NS, false);
    Vtb_top *top = new Vtb_top("top");
    top->clk_i(clk);
    read_port rb;
    top->rb_target_i(rb.target);
    top->rb_unit_i(rb.unit);
    top->rb_addr_i(rb.addr);
    top->rb_data0_o(rb.data[0]);
    top->rb_data1_o(rb.data[1]);
    top->rb_data2_o(rb.data[2]);
    top->rb_data3_o(rb.data[3]);
    sc_start(SC_ZERO_TIME);
    svSetScope(svGetScopeFromName("top.tb_top"));
    // the 192-bit injection mask goes over as six 32-bit words, least significant first
    tb_set_ctx(const_cast<dpi_host *>(tb_dpi_host(ctx)), static_cast<int>(a->inject[0] & 0xffffffffu), static_cast<int>(a->inject[0] >> 32),
               static_cast<int>(a->inject[1] & 0xffffffffu), static_cast<int>(a->inject[1] >> 32),
               static_cast<int>(a->inject[2] & 0xffffffffu), static_cast<int>(a->inject[2] >> 32), static_cast<int>(a->srnd_seed));
    if (tb_check_inject(ctx, "ttcosim_sc", tb_inject_built())    // +inject=NAME (the speed build has none)
        || tb_check_mutant(ctx, "ttcosim_sc", tb_mutant_count())) {   // +mutant=N (docs/mutation.md)
        delete top;
        tb_ctx_destroy(ctx);
        return 2;
    }

    VerilatedVcdSc *tfp = nullptr;
    static volatile int stop_signal = 0;
    tb_catch_signals(&stop_signal);
    uint64_t cycle = 0;
    while (!Verilated::gotFinish() && !stop_signal) {
        // The trace file covers +trace_start..+trace_stop: opened and closed at those cycles.
        if (a->trace && !tfp && cycle >= a->trace_start && (a->trace_stop == 0 || cycle <= a->trace_stop)) {
            tfp = new VerilatedVcdSc;
            top->trace(tfp, 99);
            tfp->open(a->trace);
        }
        if (tfp && a->trace_stop && cycle > a->trace_stop && tfp->isOpen()) tfp->close();
        // The cycle's posedge is due at its start (sc_start(t) leaves the event at its end time
        // pending): 3 ns take it, then a due state read-back runs between edges, then the negedge.
        sc_start(3, SC_NS);
        if (tb_readback_due(ctx) && !tb_readback_run(ctx, read_state, &rb)) {
            rc = 2;
            break;
        }
        sc_start(7, SC_NS);
        cycle++;
    }
    top->final();
    if (tfp) {
        if (tfp->isOpen()) tfp->close();   // flushes what was traced, also after a signal
        if (fatal_msg.empty()) {
            char cmd[8300];   // both paths absolute: the command works from any directory
            std::printf("waves: %s (open with: %s)\n", a->trace, tb_gtkwave_command(a->trace, cmd, sizeof cmd));
        }
    }
    if (!fatal_msg.empty()) {
        std::fprintf(stderr, "ttcosim_sc: %s%s: %s\n", a->trace ? "cannot write +trace " : "Verilator runtime error",
                     a->trace ? a->trace : "", fatal_msg.c_str());
        tb_ctx_destroy(ctx);
        delete top;
        return 2;
    }
    if (rc) {
        tb_ctx_destroy(ctx);
        delete top;
        return rc;
    }
    if (stop_signal) {
        rc = tb_ctx_interrupted(ctx, cycle, stop_signal);
        tb_ctx_destroy(ctx);
        delete top;
        return rc;
    }
    rc = tb_ctx_finish(ctx, cycle);
    tb_ctx_destroy(ctx);
    delete top;
    return rc;
}

// SystemC prints its banner when its kernel starts, before sc_main; keep the output to the run's
// own lines by setting the switch before handing over to the kernel.
int main(int argc, char **argv)
{
    setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);
    return sc_core::sc_elab_and_sim(argc, argv);
}
