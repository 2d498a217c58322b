/* harness.c: see harness.h. */
#define _POSIX_C_SOURCE 200809L /* sigaction, fork, setenv */
#include "harness.h"
#include "kernel_run.h"
#include "numparse.h"
#include "outfile.h"
#include "suggest.h"

#include "ttisa.h"

#include <stdio.h>
#include <stdlib.h>
#include <signal.h>
#include <string.h>
#include <time.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <errno.h>

/* Deliberate RTL bugs (rtl_stubs/tt_pkg.sv INJ_*), each with the directed test that catches it. */
typedef struct {
    const char *name;
    int bit;
    const char *test;
    const char *insn;   /* the instruction the mismatch report must name */
    const char *what;
} tb_injection;

#define TB_INJECTION(name, bit, test, insn, what) {name, bit, test, insn, what},
static const tb_injection injections[] = {
#include "injections.def"
};
#undef TB_INJECTION
#define N_INJ (sizeof injections / sizeof injections[0])

struct tb_ctx {
    dpi_host host;            /* what the DPI shim calls (tb_dpi_host) */
    tb_args a;
    tb_preload_item *pre;
    size_t npre;
    tt_test test;
    tt_stim stim;
    cosim *cos;
    char repro[1024];
    uint64_t stim_cycle;   /* the cycle of the last stimulus call, +1 (0: none yet) */
    int idle_cycles;
    clock_t t0;
    bool stopped;
    uint64_t end_cycle; /* cycles of a run that stopped by itself (the read-back follows) */
    clock_t t_end;      /* and when it stopped */
    bool end_read;      /* the read-back after the run is done */
    uint64_t edges;     /* clock edges seen (tb_on_cycle_end calls): none may pass during a read-back */
    clock_t rb_clock;   /* CPU time of the drained points' read-backs, left out of the run's */
    int argc;           /* the command line, for the +wave_window re-run */
    char **argv;
    char wave_file[1024];
    char wave_abs[4096];   /* the +wave_window VCD's absolute path, for the printed gtkwave command */
    bool max_from_test;    /* the cycle budget is the test file's max_cycles, not +max_cycles */
    tt_krun *k;            /* the kernels' cores (NULL: no elf line; kernel_run.h) */
    int kload_rc;          /* their ELFs' load into the checker's model (its preload) */
    tt_cycle_stim cs;      /* the next cycle's offers, built at its first stimulus call */
    uint64_t cs_cycle;     /* the cycle cs is for, +1 */
    bool kfail;            /* a kernel's core stopped on an error (said on stderr) */
    const char *elf_list;  /* --elf T0,T1,T2 */
};

/* Set in the environment of the +wave_window re-run: a harness that sees it never re-runs itself,
 * whatever its command line says. */
#define WAVE_CHILD_ENV "TTCOSIM_WAVE_WINDOW_CHILD"

static int add_pre(tb_ctx *c, size_t *cap, tb_preload_item it)
{
    if (c->npre == *cap) {
        *cap = *cap ? *cap * 2 : 64;
        void *g = realloc(c->pre, *cap * sizeof *c->pre);
        if (!g) return -1;
        c->pre = g;
    }
    c->pre[c->npre++] = it;
    return 0;
}

/* The RTL is loaded with the model's state after the preload section, item by item, so both start
 * equal (field-name preloads are already merged into whole words by then). */
static int build_preload(tb_ctx *c)
{
    const tt_model *m = cosim_model(c->cos);
    size_t cap = 0;
    for (size_t i = 0; i < c->test.npreload; i++) {
        const tt_item *p = &c->test.preload[i];
        tb_preload_item it = {.unit = p->unit, .addr = (uint32_t)p->index};
        uint32_t v = 0, mx = 0;
        switch (p->kind) {
        case TT_ITEM_CFG: it.target = 0; tt_model_cfg_get(m, p->unit, p->index, &v); break;
        case TT_ITEM_TCFG: it.target = 1; tt_model_tcfg_get(m, p->unit, p->index, &v); break;
        case TT_ITEM_GPR: it.target = 2; tt_model_gpr_get(m, p->unit, p->index, &v); break;
        case TT_ITEM_ADC: {
            /* target 5: one field; addr = 8 * (2*set + channel) + field, as the loader numbers it */
            tt_adc_channel ch;
            it.target = 5;
            tt_model_adc_get(m, p->unit, p->index / 16, (p->index / 8) % 2, &ch);
            const uint32_t f[8] = {ch.x, ch.x_cr, ch.y, ch.y_cr, ch.z, ch.z_cr, ch.w, ch.w_cr};
            v = f[p->index % 8];
            break;
        }
        case TT_ITEM_SEM:
            it.target = 3;
            tt_model_sem_get(m, p->index, &v, &mx);
            v |= mx << 4;
            break;
        case TT_ITEM_RF:
            continue; /* the register files go in whole, below */
        case TT_ITEM_PACK:
            continue; /* expectations only */
        case TT_ITEM_IMPLIED:
            continue; /* part of the bank state, below */
        case TT_ITEM_DVALID:
            continue; /* Dest's zero flags go in whole, below */
        case TT_ITEM_L1: {
            const uint8_t *l1 = tt_model_l1_const(m);
            for (uint32_t a = p->addr & ~15u; a < p->addr + p->len; a += 16) {
                tb_preload_item l = {.target = 4, .addr = a};
                for (uint32_t b = 0; b < 16; b++) {
                    if (a + b >= p->addr && a + b < p->addr + p->len) l.be |= (uint16_t)(1u << b);
                    l.data[b / 4] |= (uint32_t)l1[a + b] << (8 * (b % 4));
                }
                if (add_pre(c, &cap, l)) return -1;
            }
            continue;
        }
        }
        it.data[0] = v;
        if (add_pre(c, &cap, it)) return -1;
    }
    /* a kernel test's ELF lines (kernel_run.h tt_krun_elf_line; tb/model_run.c counts them alike) */
    if (c->k) {
        const uint8_t *l1 = tt_model_l1_const(m);
        for (uint32_t line = 0; line < TT_L1_BYTES / 16u; line++) {
            if (!tt_krun_elf_line(&c->test, m, line)) continue;
            tb_preload_item l = {.target = 4, .addr = 16u * line, .be = 0xFFFF};
            for (uint32_t b = 0; b < 16; b++) l.data[b / 4] |= (uint32_t)l1[16u * line + b] << (8 * (b % 4));
            if (add_pre(c, &cap, l)) return -1;
        }
    }
    /* Register files (targets 6, 7): every row with a non-zero cell, four cells per item
     * (addr = bank << 12 | row << 2 | group), then the bank state. */
    static const int files[] = {TT_RF_SRCA, TT_RF_SRCB, TT_RF_DEST};
    for (int f = 0; f < 3; f++) {
        int banks = files[f] == TT_RF_DEST ? 1 : TT_SRC_BANKS;
        int rows = files[f] == TT_RF_DEST ? TT_DEST_ROWS : TT_SRC_ROWS;
        for (int b = 0; b < banks; b++)
            for (int row = 0; row < rows; row++) {
                uint32_t cells[TT_RF_COLS], any = 0;
                for (int col = 0; col < TT_RF_COLS; col++) {
                    tt_model_rf_get(m, files[f], b, row, col, &cells[col]);
                    any |= cells[col];
                }
                for (int g = 0; any && g < 4; g++) {
                    tb_preload_item it = {.target = 6, .unit = files[f], .addr = (uint32_t)(b << 12 | row << 2 | g)};
                    memcpy(it.data, &cells[4 * g], sizeof it.data);
                    if (add_pre(c, &cap, it)) return -1;
                }
            }
    }
    /* Dest's zero flags (target 6, file 3): 128 rows an item (addr = row / 128, bit r % 128 in
     * data[r % 128 / 32]), those with an invalid row (all are valid after reset) */
    for (int k = 0; k < TT_DEST_ROWS / 128; k++) {
        tb_preload_item it = {.target = 6, .unit = 3, .addr = (uint32_t)k};
        bool any = false;
        for (int r = 0; r < 128; r++) {
            if (tt_model_dest_valid_get(m, 128 * k + r)) it.data[r / 32] |= 1u << (r % 32);
            else any = true;
        }
        if (any && add_pre(c, &cap, it)) return -1;
    }
    tt_bank_state bs;
    tt_model_banks_get(m, &bs);
    if (tt_bank_pack(&bs)) { /* ownership, pointers and implied formats (a preload's are never unknown) */
        tb_preload_item it = {.target = 7, .data = {tt_bank_pack(&bs) & ((1u << TT_BANK_RTL_BITS) - 1u)}};
        if (add_pre(c, &cap, it)) return -1;
    }
    return 0;
}

bool tb_preload(tb_ctx *c, unsigned index, tb_preload_item *out)
{
    if (index >= c->npre) return false;
    *out = c->pre[index];
    return true;
}

/* Every plusarg tb_ctx_create takes (its chain of plusarg() calls), for "did you mean". A name
 * the chain asks for that is missing here is an internal error (plusarg below), which any unknown
 * plusarg (tests/run_negative.sh cli_plusarg_*) reaches, as it passes every name of the chain. */
static const char *const known_plusargs[] = {
    "+inject", "+trace", "+trace_start", "+trace_stop", "+srnd_seed", "+max_cycles", "+cosim", "+timing",
    "+report", "+wave_window", "+wave_file", "+coverage", "+vlcov", "+readback", "+mutant", "+hazards", "+profile",
};

static bool plusarg(const char *arg, const char *name, const char **val)
{
    size_t n = strlen(name);
    bool listed = false;
    for (size_t i = 0; i < sizeof known_plusargs / sizeof known_plusargs[0]; i++)
        listed |= !strcmp(name, known_plusargs[i]);
    if (!listed) {
        fprintf(stderr, "internal error: plusarg %s is not in known_plusargs (tb/harness.c)\n", name);
        abort();
    }
    if (strncmp(arg, name, n) == 0 && arg[n] == '=') {
        *val = arg + n + 1;
        return true;
    }
    return false;
}

/* numparse.h's grammar and the plusarg's range. */
static bool parse_u64(const char *prog, const char *what, const char *s, uint64_t min, uint64_t max, uint64_t *out)
{
    tt_num_status st = tt_parse_number(s, min, max, out);
    if (st == TT_NUM_OK) return true;
    char plus[48], msg[256];
    snprintf(plus, sizeof plus, "+%s", what);
    fprintf(stderr, "%s: %s\n", prog, tt_number_message(msg, sizeof msg, plus, s, min, max, st));
    return false;
}

/* Verilator 5.006's runtime options (verilated.cpp commandArgsPlusMatch): flags, and options with
 * a number (numparse.h grammar) or a file name after their last '+'. */
static bool verilator_arg_ok(const char *prog, const char *arg)
{
    static const char *const flags[] = {"debug", "help", "noassert", "V", "version"};
    static const struct {
        const char *name;
        uint64_t max; /* 0: a file name */
    } valued[] = {
        {"debugi+", 9}, {"error+limit+", 1000000}, {"rand+reset+", 2}, {"seed+", 0xFFFFFFFFu},
        {"prof+exec+start+", TT_MAX_CYCLES_LIMIT}, {"prof+exec+window+", TT_MAX_CYCLES_LIMIT},
        {"prof+exec+file+", 0}, {"prof+vlt+file+", 0},
    };
    const char *o = arg + 11;
    for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++)
        if (strcmp(o, flags[i]) == 0) return true;
    for (size_t i = 0; i < sizeof valued / sizeof valued[0]; i++) {
        size_t n = strlen(valued[i].name);
        if (strncmp(o, valued[i].name, n) != 0) continue;
        if (!valued[i].max) {
            if (o[n]) return true;
            fprintf(stderr, "%s: %s expects a file name\n", prog, arg);
            return false;
        }
        uint64_t v;
        char what[64];
        snprintf(what, sizeof what, "+verilator+%.*s", (int)n - 1, valued[i].name);
        return parse_u64(prog, what + 1, o + n, 0, valued[i].max, &v);
    }
    fprintf(stderr,
            "%s: unknown Verilator runtime option '%s' (known: +verilator+debug, +verilator+debugi+N, "
            "+verilator+error+limit+N, +verilator+help, +verilator+noassert, +verilator+prof+exec+file+F, "
            "+verilator+prof+exec+start+N, +verilator+prof+exec+window+N, +verilator+prof+vlt+file+F, "
            "+verilator+rand+reset+N, +verilator+seed+N, +verilator+V, +verilator+version)\n",
            prog, arg);
    return false;
}

static void usage(FILE *f, const char *prog)
{
    fprintf(f,
            "usage: %s TEST.tts [--elf T0[,T1[,T2]]] [+max_cycles=N] [+srnd_seed=N] [+cosim=0] [+timing=0] [+inject=NAME[,NAME]|help]\n"
            "          [+trace=FILE.vcd [+trace_start=N] [+trace_stop=N]] [+report=FILE.json]\n"
            "          [+wave_window=N [+wave_file=FILE.vcd]]\n"
            "          [+coverage=FILE.json] [+vlcov=FILE.dat (build/ttcosim_cov only)] [+readback=drain|end]\n"
            "          [+hazards=error|warn|off] [+mutant=N (build/ttcosim_mut only)] [+profile=NAME (timing profile: house)]\n"
            "          [+sfpu_trace]\n"
            "       %s --elf T0[,T1[,T2]] [plusargs]   (kernels alone: no test file)\n",
            prog, prog);
}

/* An argument starting with '+' that no plusarg took: "unknown plusarg '+max_cycle=5'; did you mean
 * '+max_cycles'?" (the name before '=' against the known names, suggest.h), or, for a known name
 * without its value, what it needs. */
static void unknown_plusarg(const char *prog, const char *arg)
{
    size_t n = strcspn(arg, "=");
    const size_t nk = sizeof known_plusargs / sizeof known_plusargs[0];
    for (size_t i = 0; i < nk; i++)
        if (!arg[n] && strcmp(arg, known_plusargs[i]) == 0) {
            fprintf(stderr, "%s: plusarg '%s' needs a value: '%s=...' (%s --help)\n", prog, arg, arg, prog);
            return;
        }
    const char *near = tt_suggest(arg, n, known_plusargs, nk);
    if (near)
        fprintf(stderr, "%s: unknown plusarg '%s'; did you mean '%s'?\n", prog, arg, near);
    else {
        fprintf(stderr, "%s: unknown plusarg '%s'\n", prog, arg);
        usage(stderr, prog);
    }
}

/* +inject=NAME[,NAME]: every name must be known; an empty list or an empty name (`+inject=`,
 * `+inject=a,,b`) is an error, not a run without the injection the user meant to ask for. */
static int parse_inject(const char *prog, const char *list, uint64_t mask[3])
{
    if (!*list) {
        fprintf(stderr, "%s: +inject: expected NAME[,NAME...] or help, got an empty value\n", prog);
        return -1;
    }
    for (const char *tok = list;;) {
        size_t len = strcspn(tok, ",");
        if (len == 0) {
            fprintf(stderr, "%s: +inject: empty name in '%s' (expected NAME[,NAME...])\n", prog, list);
            return -1;
        }
        size_t i;
        for (i = 0; i < N_INJ; i++)
            if (strlen(injections[i].name) == len && strncmp(injections[i].name, tok, len) == 0) break;
        if (i == N_INJ) {
            fprintf(stderr, "%s: +inject: unknown injection '%.*s' (+inject=help lists them)\n", prog, (int)len, tok);
            return -1;
        }
        if (injections[i].bit < 0 || injections[i].bit >= TB_NUM_INJ_BITS) {
            fprintf(stderr, "%s: +inject: '%s' has bit %d, outside the %d-bit mask\n", prog, injections[i].name,
                    injections[i].bit, TB_NUM_INJ_BITS);
            return -1;
        }
        mask[injections[i].bit / 64] |= 1ull << (injections[i].bit % 64);
        if (!tok[len]) break;
        tok += len + 1;
    }
    return 0;
}

#ifndef TT_SOURCE_DIR /* the Makefile names the tree and the build's view (tb_gtkwave_command) */
#define TT_SOURCE_DIR "."
#endif
#ifndef TT_STALLS_GTKW
#define TT_STALLS_GTKW "build/stalls.gtkw"
#endif

/* path, made absolute against the current directory (not resolved: it need not exist yet). */
static const char *abs_path(const char *path, char *buf, size_t n)
{
    char cwd[4096];
    int r = -1;
    if (path[0] != '/' && getcwd(cwd, sizeof cwd))
        r = snprintf(buf, n, "%s/%s", cwd, strncmp(path, "./", 2) == 0 ? path + 2 : path);
    if (r < 0 || (size_t)r >= n) snprintf(buf, n, "%s", path); /* as given when it cannot be made absolute */
    return buf;
}

/* +wave_window: the run is deterministic, so the same binary with the same arguments fails again
 * at the same cycle; re-run it with +trace over the last N cycles (no +report, no +wave_window, and
 * WAVE_CHILD_ENV set, so it cannot recurse). This run's exit status is kept whatever happens. */
/* The test's own preload and end-of-run expectations, handed to the checker as functions
 * (cosim_test): the checker does not read the test format. */
/* A kernel's load got its value (kernel_run.h tt_krun_sync): the race detector, as model_run.c */
static void tb_load_sync(void *ctx, int thread, uint32_t addr)
{
    cosim_trisc_sync(((tb_ctx *)ctx)->cos, thread, addr);
}

static void test_preload(void *ctx, tt_model *m)
{
    tb_ctx *c = ctx;
    tt_test_apply_preload(&c->test, m);
    /* the kernels' ELFs into the checker's model: the RTL gets their lines with the preload items */
    if (c->k) tt_krun_set_sync(c->k, &(tt_krun_sync){.ctx = c, .load = tb_load_sync});
    if (c->k) c->kload_rc = tt_krun_load(c->k, &c->test, m, stderr);
}

static int test_check(void *ctx, const tt_model *m, const tt_l1_owner *own, FILE *out)
{
    return tt_test_check_owner(&((const tb_ctx *)ctx)->test, m, own, out);
}

static void wave_window_rerun(void *arg, cosim *cos, const char *kind, uint64_t cycle)
{
    tb_ctx *c = arg;
    (void)kind;
    uint64_t first = cycle + 1 >= c->a.wave_window ? cycle + 1 - c->a.wave_window : 0;
    char trace[1100], start[48], stop[48], why[1400];
    snprintf(trace, sizeof trace, "+trace=%s", c->a.wave_file);
    snprintf(start, sizeof start, "+trace_start=%llu", (unsigned long long)first);
    snprintf(stop, sizeof stop, "+trace_stop=%llu", (unsigned long long)cycle);
    char **av = calloc((size_t)c->argc + 4, sizeof *av);
    if (!av) {
        cosim_note_waves(cos, abs_path(c->a.wave_file, c->wave_abs, sizeof c->wave_abs), "", first, cycle,
                         "out of memory");
        return;
    }
    int n = 0;
    static const char *const drop[] = {"+wave_window=", "+wave_file=", "+report=", "+trace=", "+trace_start=",
                                       "+trace_stop="};
    for (int i = 0; i < c->argc; i++) {
        bool keep = true;
        for (size_t k = 0; i > 0 && k < sizeof drop / sizeof drop[0]; k++)
            if (strncmp(c->argv[i], drop[k], strlen(drop[k])) == 0) keep = false;
        if (keep) av[n++] = c->argv[i];
    }
    av[n++] = trace;
    av[n++] = start;
    av[n++] = stop;
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid == 0) {
        int fd = open("/dev/null", O_WRONLY);
        if (fd >= 0) {
            dup2(fd, 1);
            dup2(fd, 2);
        }
        setenv(WAVE_CHILD_ENV, "1", 1);
        execv("/proc/self/exe", av);
        _exit(127);
    }
    free(av);
    int st = 0;
    pid_t w = -1;
    if (pid > 0)
        while ((w = waitpid(pid, &st, 0)) < 0 && errno == EINTR) {}
    struct stat sb;
    if (pid < 0 || w < 0)
        snprintf(why, sizeof why, "cannot start the re-run: %s", strerror(errno));
    else if (!WIFEXITED(st) || WEXITSTATUS(st) != 1)
        snprintf(why, sizeof why, "the re-run with %s %s %s did not fail the same way (%s %d)", trace, start, stop,
                 WIFEXITED(st) ? "exit status" : "signal", WIFEXITED(st) ? WEXITSTATUS(st) : WTERMSIG(st));
    else if (stat(c->a.wave_file, &sb) != 0 || sb.st_size == 0)
        snprintf(why, sizeof why, "the re-run left %s empty or missing", c->a.wave_file);
    else
        why[0] = 0;
    /* the file by its absolute path, so that the report's gtkwave command opens it from anywhere */
    char view[4200];
    const char *vcd = abs_path(c->a.wave_file, c->wave_abs, sizeof c->wave_abs);
    cosim_note_waves(cos, vcd, tb_gtkwave_command(vcd, view, sizeof view), first, cycle, why[0] ? why : NULL);
}

const dpi_host *tb_dpi_host(tb_ctx *c) { return &c->host; }

static void tb_on_trisc_load(tb_ctx *c, uint64_t cycle, int thread, uint32_t addr, uint32_t data);
static void tb_on_trisc_l1(tb_ctx *c, uint64_t cycle, int thread, uint32_t addr, unsigned size, uint32_t data);
static void tb_kernel_view(tb_ctx *c, uint32_t pc[3], unsigned *state);

static void fill_host(tb_ctx *c)
{
    c->host = (dpi_host){
        .ctx = c,
        .preload = tb_preload,
        .stim = tb_stim,
        .on_push = tb_on_push,
        .on_brisc_push = tb_on_brisc_push,
        .on_mmio = tb_on_mmio,
        .on_trisc_load = tb_on_trisc_load,
        .on_trisc_l1 = tb_on_trisc_l1,
        .kernel_view = tb_kernel_view,
        .wants_retire_record = tb_wants_retire_record,
        .on_retire = tb_on_retire,
        .on_retire_unchecked = tb_on_retire_unchecked,
        .on_l1_write = tb_on_l1_write,
        .on_rf_write = tb_on_rf_write,
        .on_sfpu_write = tb_on_sfpu_write,
        .on_dispatch = tb_on_dispatch,
        .on_rtl_error = tb_on_rtl_error,
        .wants_timing = tb_wants_timing,
        .on_cycle_end = tb_on_cycle_end,
        .quiet_until = tb_quiet_until,
    };
}

tb_ctx *tb_ctx_create(int argc, char **argv, const char *prog, int *exit_code)
{
    clock_t t_start = clock();   /* the load (parse, model setup, preload list) is timed apart */
    tb_ctx *c = calloc(1, sizeof *c);
    *exit_code = 2;
    if (!c) return NULL;
    fill_host(c);
    c->a.check = true;
    c->a.timing = true;
    c->a.profile = tt_timing_profile_house();
    size_t rl = (size_t)snprintf(c->repro, sizeof c->repro, "%s", argv[0]);
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i], *v;
        if (rl < sizeof c->repro)
            rl += (size_t)snprintf(c->repro + rl, sizeof c->repro - rl, " %s", arg);
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            usage(stdout, prog);
            *exit_code = 0;
            goto fail;
        }
        if (strcmp(arg, "--elf") == 0) { /* kernels from the command line, as ttmodel run --elf */
            if (i + 1 == argc) {
                fprintf(stderr, "%s: --elf needs T0[,T1[,T2]] (one ELF path per thread)\n", prog);
                goto fail;
            }
            c->elf_list = argv[++i];
            if (rl < sizeof c->repro)
                rl += (size_t)snprintf(c->repro + rl, sizeof c->repro - rl, " %s", c->elf_list);
            continue;
        }
        if (plusarg(arg, "+inject", &v)) {
            if (strcmp(v, "help") == 0) {
                printf("%-24s %-3s %-48s %-12s %s\n", "injection", "bit", "caught by", "names", "bug");
                for (size_t k = 0; k < N_INJ; k++)
                    printf("%-24s %-3d %-48s %-12s %s\n", injections[k].name, injections[k].bit, injections[k].test,
                           injections[k].insn, injections[k].what);
                *exit_code = 0;
                goto fail;
            }
            if (parse_inject(prog, v, c->a.inject)) goto fail;
        } else if (plusarg(arg, "+trace", &v)) {
            c->a.trace = v;
        } else if (plusarg(arg, "+trace_start", &v)) {
            if (!parse_u64(prog, "trace_start", v, 0, TT_MAX_CYCLES_LIMIT, &c->a.trace_start)) goto fail;
        } else if (plusarg(arg, "+trace_stop", &v)) {
            if (!parse_u64(prog, "trace_stop", v, 1, TT_MAX_CYCLES_LIMIT, &c->a.trace_stop)) goto fail;
        } else if (plusarg(arg, "+srnd_seed", &v)) {
            uint64_t seed;
            if (!parse_u64(prog, "srnd_seed", v, 1, 0xFFFFFFFFu, &seed)) goto fail;
            c->a.srnd_seed = (uint32_t)seed;
        } else if (plusarg(arg, "+max_cycles", &v)) {
            if (!parse_u64(prog, "max_cycles", v, 1, TT_MAX_CYCLES_LIMIT, &c->a.max_cycles)) goto fail;
        } else if (plusarg(arg, "+cosim", &v)) {
            if (strcmp(v, "0") && strcmp(v, "1")) {
                fprintf(stderr, "%s: +cosim expects 0 or 1, got '%s'\n", prog, v);
                goto fail;
            }
            c->a.check = v[0] == '1';
        } else if (plusarg(arg, "+timing", &v)) {
            if (strcmp(v, "0") && strcmp(v, "1")) {
                fprintf(stderr, "%s: +timing expects 0 or 1, got '%s'\n", prog, v);
                goto fail;
            }
            c->a.timing = v[0] == '1';
        } else if (plusarg(arg, "+report", &v)) {
            c->a.report = v;
        } else if (plusarg(arg, "+wave_window", &v)) {
            if (!parse_u64(prog, "wave_window", v, 1, 1000000, &c->a.wave_window)) goto fail;
        } else if (plusarg(arg, "+wave_file", &v)) {
            c->a.wave_file = v;
        } else if (plusarg(arg, "+coverage", &v)) {
            c->a.coverage = v;
        } else if (plusarg(arg, "+vlcov", &v)) {
            c->a.vlcov = v;
        } else if (plusarg(arg, "+readback", &v)) {
            /* docs/design.md "Drained points": the state read-back at every drained point and
             * after the run (drain, the default), or after the run only (end) */
            if (strcmp(v, "end") && strcmp(v, "drain")) {
                fprintf(stderr, "%s: +readback expects end or drain, got '%s'\n", prog, v);
                goto fail;
            }
            c->a.readback_end_only = v[0] == 'e';
        } else if (plusarg(arg, "+mutant", &v)) {
            /* docs/mutation.md: the mutation build's tt_mut_pkg reads it too; checked against
             * the binary's mutant count once the model exists (tb_check_mutant) */
            if (!parse_u64(prog, "mutant", v, 0, 10000000, &c->a.mutant)) goto fail;
        } else if (plusarg(arg, "+profile", &v)) {
            /* docs/design.md "Timing profiles": the timing rules' parameters of the RTL under test */
            if (!(c->a.profile = tt_timing_profile_by_name(v))) {
                char names[160];
                fprintf(stderr, "%s: +profile: unknown timing profile '%s'; known: %s\n", prog, v,
                        tt_timing_profile_names(names, sizeof names));
                goto fail;
            }
        } else if (plusarg(arg, "+hazards", &v)) {
            /* docs/decisions.md "Race detector": a race stops the run (error, the default), is
             * reported and the run goes on (warn), or is not looked for (off) */
            if (!strcmp(v, "error")) c->a.hazards = COSIM_HAZARDS_ERROR;
            else if (!strcmp(v, "warn")) c->a.hazards = COSIM_HAZARDS_WARN;
            else if (!strcmp(v, "off")) c->a.hazards = COSIM_HAZARDS_OFF;
            else {
                fprintf(stderr, "%s: +hazards expects error, warn or off, got '%s'\n", prog, v);
                goto fail;
            }
        } else if (!strcmp(arg, "+sfpu_trace")) {
            /* read by tb_top itself ($test$plusargs): the SFPU's reports printed (docs/usage.md) */
        } else if (arg[0] == '+') {
            /* Verilator's own +verilator+ arguments pass through, but only the ones its runtime
             * knows: it aborts the process on any other (issue 8 part 1). */
            if (strncmp(arg, "+verilator+", 11) != 0) {
                unknown_plusarg(prog, arg);
                goto fail;
            }
            if (!verilator_arg_ok(prog, arg)) goto fail;
        } else if (!c->a.test) {
            c->a.test = arg;
        } else {
            fprintf(stderr, "%s: more than one test file ('%s' and '%s')\n", prog, c->a.test, arg);
            goto fail;
        }
    }
    if (!c->a.test && !c->elf_list) {
        usage(stderr, prog);
        goto fail;
    }
    const bool no_file = !c->a.test; /* --elf alone */
    if (no_file) c->a.test = "kernels"; /* names the +wave_window file (kernels.window.vcd) only */
    /* Outputs that cannot be written are found now, not after the run (issue 8 part 1). */
    if (c->a.report && !tt_output_probe(prog, "+report", c->a.report)) goto fail;
    if (c->a.trace && !tt_output_probe(prog, "+trace", c->a.trace)) goto fail;
    if (c->a.coverage && !tt_output_probe(prog, "+coverage", c->a.coverage)) goto fail;
    if (c->a.vlcov && !tt_output_probe(prog, "+vlcov", c->a.vlcov)) goto fail;
    if (c->a.trace_stop && c->a.trace_stop < c->a.trace_start) {
        fprintf(stderr, "%s: +trace_stop=%llu is before +trace_start=%llu: the trace window is empty\n", prog,
                (unsigned long long)c->a.trace_stop, (unsigned long long)c->a.trace_start);
        goto fail;
    }
    if (c->a.wave_file && !c->a.wave_window) {
        fprintf(stderr, "%s: +wave_file needs +wave_window=N (how many cycles before the failure)\n", prog);
        goto fail;
    }
    if (c->a.wave_window && !c->a.check) {
        fprintf(stderr, "%s: +wave_window needs checking on: with +cosim=0 nothing can fail\n", prog);
        goto fail;
    }
    if (getenv(WAVE_CHILD_ENV)) c->a.wave_window = 0; /* the re-run itself: no recursion */
    if (c->a.wave_window) {
        if (!c->a.wave_file) {
            const char *base = strrchr(c->a.test, '/');
            base = base ? base + 1 : c->a.test;
            size_t n = strlen(base);
            if (n > 4 && strcmp(base + n - 4, ".tts") == 0) n -= 4;
            snprintf(c->wave_file, sizeof c->wave_file, "%.*s.window.vcd", (int)n, base);
            c->a.wave_file = c->wave_file;
        }
        if (c->a.trace && strcmp(c->a.trace, c->a.wave_file) == 0) {
            fprintf(stderr, "%s: +trace and +wave_file name the same file %s\n", prog, c->a.trace);
            goto fail;
        }
        if (!tt_output_probe(prog, "+wave_file", c->a.wave_file)) goto fail;
        /* written only after a failure: an earlier run's window must not look like this run's
         * (a regular file only: /dev/null must survive a run as root) */
        struct stat sb;
        if (stat(c->a.wave_file, &sb) == 0 && S_ISREG(sb.st_mode)) remove(c->a.wave_file);
    }
    c->argc = argc;
    c->argv = argv;
    char err[512];
    if (no_file) {
        memset(&c->test, 0, sizeof c->test); /* --elf alone: the kernels, no preload, no expectation */
        snprintf(c->test.path, sizeof c->test.path, "%s --elf", prog);
    } else if (tt_test_load(c->a.test, &c->test, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        goto fail;
    }
    if (c->elf_list && tt_krun_set_elfs(&c->test, c->elf_list, prog)) {
        tt_test_free(&c->test);
        goto fail;
    }
    if (tt_test_has_elf(&c->test) && !(c->k = tt_krun_create())) {
        fprintf(stderr, "%s: out of memory\n", prog);
        tt_test_free(&c->test);
        goto fail;
    }
    /* `expect retire` lines of another profile are skipped, not passed (docs/test_format.md) */
    tt_test_select_retire_profile(&c->test, c->a.profile->name);
    if (!c->a.max_cycles) {
        c->max_from_test = c->test.max_cycles != 0;
        c->a.max_cycles = c->test.max_cycles ? c->test.max_cycles : 1000000;
    }
    if (!c->a.srnd_seed) c->a.srnd_seed = c->test.srnd_seed ? c->test.srnd_seed : TT_SRND_SEED_DEFAULT;
    tt_stim_init(&c->stim, &c->test);
    cosim_opts o = {.repro = c->repro, .report_json = c->a.report, .check = c->a.check,
                    .timing = c->a.timing, .srnd_seed = c->a.srnd_seed, .coverage = c->a.coverage,
                    .readback_end_only = c->a.readback_end_only,
                    .hazards = c->a.hazards, .profile = c->a.profile,
                    .on_failure = c->a.wave_window ? wave_window_rerun : NULL, .on_failure_arg = c};
    /* the checker sees the test through cosim_test only (docs/design.md "Layers") */
    cosim_retire_expect *rx = NULL;
    if (c->test.nretire_expect && !(rx = calloc(c->test.nretire_expect, sizeof *rx))) {
        fprintf(stderr, "%s: out of memory\n", prog);
        tt_test_free(&c->test);
        goto fail;
    }
    for (size_t i = 0; i < c->test.nretire_expect; i++) {
        const tt_retire_expect *e = &c->test.retire_expect[i];
        rx[i] = (cosim_retire_expect){.thread = e->thread, .seq = e->seq, .lo = e->lo, .hi = e->hi, .line = e->line};
    }
    const cosim_test ct = {.path = c->test.path, .retire_expect = rx, .nretire_expect = c->test.nretire_expect,
                           .nretire_skipped = c->test.nretire_skipped,
                           .ctx = c, .preload = test_preload, .check = test_check};
    c->cos = cosim_create(&ct, &o);
    free(rx);
    if (!c->cos) {
        fprintf(stderr, "%s: out of memory\n", prog);
        tt_krun_destroy(c->k);
        tt_test_free(&c->test);
        goto fail;
    }
    if (c->kload_rc) { /* an ELF that cannot load: bad input, said on stderr */
        tb_ctx_destroy(c);
        *exit_code = 2;
        return NULL;
    }
    for (int th = 0; th < TT_NUM_THREADS; th++)
        if (tt_krun_on(c->k, th)) cosim_set_kernel(c->cos, th);
    if (build_preload(c)) {
        fprintf(stderr, "%s: out of memory\n", prog);
        tb_ctx_destroy(c);
        return NULL;
    }
    c->t0 = clock();
    cosim_set_load_seconds(c->cos, (double)(c->t0 - t_start) / CLOCKS_PER_SEC);
    *exit_code = 0;
    return c;
fail:
    free(c);
    return NULL;
}

void tb_ctx_destroy(tb_ctx *c)
{
    if (!c) return;
    tt_krun_destroy(c->k);
    free(c->pre);
    cosim_destroy(c->cos);
    tt_test_free(&c->test);
    free(c);
}

const tb_args *tb_ctx_args(const tb_ctx *c) { return &c->a; }

const char *tb_gtkwave_command(const char *vcd, char *buf, size_t n)
{
    char v[4096], root[4096];
    abs_path(vcd, v, sizeof v);
    /* the build's view names the filter by its absolute path; waves/stalls.gtkw names it relative
     * to the tree's root, so without the former gtkwave starts there */
    if (access(TT_STALLS_GTKW, R_OK) == 0)
        snprintf(buf, n, "gtkwave %s %s", v, TT_STALLS_GTKW);
    else
        snprintf(buf, n, "cd %s && gtkwave %s waves/stalls.gtkw", abs_path(TT_SOURCE_DIR, root, sizeof root), v);
    return buf;
}

int tb_check_mutant(const tb_ctx *c, const char *prog, int count)
{
    if (c->a.mutant == 0 || c->a.mutant <= (uint64_t)(count > 0 ? count : 0)) return 0;
    if (count <= 0)
        fprintf(stderr, "%s: +mutant=%llu: this binary holds no mutants (the mutation build is build/ttcosim_mut: "
                        "make mutate, docs/mutation.md)\n", prog, (unsigned long long)c->a.mutant);
    else
        fprintf(stderr, "%s: +mutant=%llu: this binary holds mutants 1..%d\n", prog, (unsigned long long)c->a.mutant,
                count);
    return 2;
}

int tb_check_inject(const tb_ctx *c, const char *prog, int built)
{
    if (built || (c->a.inject[0] | c->a.inject[1] | c->a.inject[2]) == 0) return 0;
    fprintf(stderr, "%s: +inject: this binary was built without injections; use build/ttcosim_sc (the speed build "
                    "ties the mask to 0: docs/speed.md \"Injection terms out of the speed build\")\n",
            prog);
    return 2;
}

int tb_ctx_finish(tb_ctx *c, uint64_t cycle)
{
    /* The run's cycles and time, without the state read-backs (after the run and at drained
     * points; cosim_finish reports the drained points' time apart). */
    double secs = (double)((c->end_cycle ? c->t_end : clock()) - c->t0 - c->rb_clock) / CLOCKS_PER_SEC;
    return cosim_finish(c->cos, c->end_cycle ? c->end_cycle : cycle, secs);
}

int tb_ctx_interrupted(tb_ctx *c, uint64_t cycle, int sig)
{
    return cosim_interrupted(c->cos, cycle, sig, sig == SIGINT ? "SIGINT" : sig == SIGTERM ? "SIGTERM" : "a signal");
}

static volatile int *signal_flag; /* the one the mains poll; a signal handler can reach nothing else */

static void on_signal(int sig)
{
    if (signal_flag) *signal_flag = sig;
}

void tb_catch_signals(volatile int *flag)
{
    signal_flag = flag;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

bool tb_readback_due(const tb_ctx *c) { return (c->end_cycle && !c->end_read) || cosim_readback_due(c->cos); }

bool tb_readback_run(tb_ctx *c, tb_read_fn read, void *arg)
{
    bool full = c->end_cycle && !c->end_read;
    if (!full && !cosim_readback_due(c->cos)) return true;
    if (full) c->end_read = true;
    clock_t t = clock();
    uint64_t edges = c->edges;
    unsigned n = cosim_readback_begin(c->cos, full);
    for (unsigned i = 0; i < n; i++) {
        int target, unit;
        uint32_t addr, d[4] = {0, 0, 0, 0};
        if (!cosim_readback_item(c->cos, i, &target, &unit, &addr)) break;
        read(arg, target, unit, addr, d);
        cosim_readback_data(c->cos, i, d);
    }
    /* The read port is combinational and the mains only evaluate it: a clock edge here would
     * have advanced the RTL behind the checker's back. */
    if (c->edges != edges) {
        fprintf(stderr, "%s: internal error: a clock edge passed during the state read-back\n", c->test.path);
        return false;
    }
    clock_t dt = clock() - t;
    if (!full) c->rb_clock += dt;
    cosim_readback_end(c->cos, (double)dt / CLOCKS_PER_SEC);
    return true;
}

void tb_on_retire(tb_ctx *c, const cosim_retire_rec *r)
{
    cosim_retire(c->cos, r);
}

bool tb_wants_retire_record(tb_ctx *c) { return cosim_wants_retire_record(c->cos); }

void tb_on_retire_unchecked(tb_ctx *c) { cosim_retire_unchecked(c->cos); }

void tb_on_l1_write(tb_ctx *c, uint64_t cycle, int writer, uint32_t addr, uint16_t be, const uint8_t line[16])
{
    cosim_l1_write(c->cos, cycle, writer, addr, be, line);
}

void tb_on_rf_write(tb_ctx *c, uint64_t cycle, const tt_rf_write *w)
{
    cosim_rf_write(c->cos, cycle, w);
}

void tb_on_sfpu_write(tb_ctx *c, const cosim_sfpu_rec *r) { cosim_sfpu_write(c->cos, r); }

void tb_on_dispatch(tb_ctx *c, uint64_t cycle, int thread, uint32_t seq, uint32_t insn)
{
    if (!c->stopped) cosim_dispatch(c->cos, cycle, thread, seq, insn);
}

void tb_on_rtl_error(tb_ctx *c, uint64_t cycle, unsigned code, uint32_t info)
{
    if (!c->stopped) cosim_rtl_error(c->cos, cycle, code, info);
}

void tb_on_push(tb_ctx *c, uint64_t cycle, int thread, uint32_t word, bool dropped)
{
    if (tt_krun_on(c->k, thread)) { /* the core's held push; its pc stands for the line */
        if (dropped) {
            tt_krun_push_dropped(c->k, thread);
            return;
        }
        const uint32_t pc = tt_krun_push_taken(c->k, thread, true);
        cosim_push(c->cos, cycle, thread, word, (int)pc, false);
        return;
    }
    int line = tt_stim_line(&c->stim, thread);
    tt_stim_accept(&c->stim, thread);
    if (!dropped) cosim_push(c->cos, cycle, thread, word, line, false);
}

void tb_on_brisc_push(tb_ctx *c, uint64_t cycle, int thread, uint32_t word)
{
    int line = tt_stim_line(&c->stim, TT_BRISC_STREAM);
    tt_stim_accept(&c->stim, TT_BRISC_STREAM);
    if (tt_krun_on(c->k, thread)) (void)tt_krun_push_taken(c->k, thread, false);
    cosim_push(c->cos, cycle, thread, word, line, true);
}

void tb_on_mmio(tb_ctx *c, uint64_t cycle, int thread, uint32_t addr, uint32_t data)
{
    if (tt_krun_on(c->k, thread)) {
        cosim_mmio(c->cos, cycle, thread, addr, data, (int)tt_krun_store_pc(c->k));
        return;
    }
    int line = tt_stim_line(&c->stim, thread);
    tt_stim_accept(&c->stim, thread);
    cosim_mmio(c->cos, cycle, thread, addr, data, line);
}

/* The RTL's answer to a kernel's load offered the cycle before, first at this edge: compared with
 * the model's (the state after the edge before on both sides), and the core gets it. */
static void tb_on_trisc_load(tb_ctx *c, uint64_t cycle, int thread, uint32_t addr, uint32_t data)
{
    if (!tt_krun_on(c->k, thread)) return;
    char what[96];
    const uint32_t v = tt_krun_load_model(c->k, thread, addr, what, sizeof what);
    cosim_trisc_load(c->cos, cycle, thread, tt_krun_pc(c->k, thread), addr, what, v, data);
    /* with +cosim=0 the model does not follow the RTL: the core gets the RTL's answer */
    tt_krun_load_deliver(c->k, thread, c->a.check ? v : data);
}

static void tb_on_trisc_l1(tb_ctx *c, uint64_t cycle, int thread, uint32_t addr, unsigned size, uint32_t data)
{
    /* c->cs is still the stimulus this store came from (the next one is built after this edge) */
    cosim_trisc_l1(c->cos, cycle, thread, c->cs.l1_pc, addr, size, data);
}

static void tb_kernel_view(tb_ctx *c, uint32_t pc[3], unsigned *state)
{
    if (c->k) tt_krun_view(c->k, pc, state);
    else pc[0] = pc[1] = pc[2] = 0, *state = 0;
}

static void tb_drain_cb(void *ctx, int stream, int thread) { cosim_drain(((tb_ctx *)ctx)->cos, stream, thread); }

int tb_stim(tb_ctx *c, uint64_t cycle, int stream, unsigned idle_mask, uint32_t *word, uint32_t *addr,
            uint32_t *data)
{
    /* The cycle's offers are built at its first call (the shim asks BRISC's stream first, then
     * threads 0..2): the file streams' (a push stays offered until taken; one MMIO store a cycle,
     * lowest thread first), then the kernels' cores, as tb/model_run.c builds them. */
    if (c->cs_cycle != cycle + 1) {
        /* Cycles tb_top skipped (tb_quiet_until) count down the streams' idle lines as their calls would. */
        if (c->stim_cycle && cycle > c->stim_cycle) tt_stim_skip(&c->stim, cycle - c->stim_cycle);
        c->stim_cycle = cycle + 1;
        c->cs_cycle = cycle + 1;
        tt_cycle_stim_files(&c->stim, idle_mask, &c->cs, tb_drain_cb, c);
        if (c->k && !c->stopped && !tt_krun_step(c->k, &c->test, &c->cs, idle_mask, stderr)) c->kfail = true;
        if (c->cs.post_taken) tt_stim_accept(&c->stim, TT_BRISC_STREAM);
    }
    const tt_sched_in *in = &c->cs.in;
    unsigned kind = 0;
    *word = *addr = *data = 0;
    if (stream == TT_BRISC_STREAM) {
        if (in->brisc_valid) kind = DPI_STIM_PUSH, *word = in->brisc_insn, *addr = (uint32_t)in->brisc_thread;
        return (int)kind;
    }
    if (in->push_valid[stream]) kind |= DPI_STIM_PUSH, *word = in->push_insn[stream];
    if (in->store_valid && in->store_thread == stream)
        kind |= DPI_STIM_STORE, *addr = in->store_addr, *data = in->store_data;
    else if (c->cs.load_valid && c->cs.load_thread == stream)
        kind |= DPI_STIM_LOAD, *addr = c->cs.load_addr;
    else if (c->cs.l1_valid && c->cs.l1_thread == stream)
        kind |= DPI_STIM_L1 | DPI_STIM_L1_SIZE(c->cs.l1_size == 4 ? 2 : c->cs.l1_size == 2 ? 1 : 0),
            *addr = c->cs.l1_addr, *data = c->cs.l1_data;
    return (int)kind;
}

/* The RTL is quiet (tt_core quiet_o: it stays so until an input comes) after this cycle's calls.
 * The next cycle that needs the harness: the end of the shortest `idle` countdown of the streams,
 * at the latest the watchdog's cycle. No gap while the run is ending or failed, or with coverage
 * (it counts cycles). A skipped cycle would have had no retire, write, push, store or dispatch to
 * check, and the timing reference's observation is that of the quiet cycles before it. */
uint64_t tb_quiet_until(tb_ctx *c, uint64_t cycle)
{
    uint64_t h = tt_stim_quiet_calls(&c->stim);
    if (c->stopped || c->a.coverage || c->a.vlcov || h == 0 || c->k) return cycle + 1; /* a kernel steps each cycle */
    uint64_t w = cycle + 1 + h;
    if (c->a.max_cycles && w > c->a.max_cycles - 1) w = c->a.max_cycles - 1;
    return w > cycle + 1 ? w : cycle + 1;
}

bool tb_wants_timing(tb_ctx *c) { return !c->stopped && cosim_wants_timing(c->cos); }

int tb_on_cycle_end(tb_ctx *c, uint64_t cycle, unsigned idle_mask, bool drained, const int stall[3],
                    const int fifo[3], tt_timing_obs *obs)
{
    c->edges++;
    if (c->stopped) return 1;
    cosim_cycle_end(c->cos, cycle, obs, drained);
    if (c->kfail) cosim_fail_kernel(c->cos, cycle, "a kernel's core stopped on an error (said above)\n");
    if (cosim_failed(c->cos)) {
        c->stopped = true;
        return 2;
    }
    bool done = tt_stim_done(&c->stim, TT_BRISC_STREAM);
    for (int th = 0; th < TT_NUM_THREADS; th++)
        done &= tt_stim_done(&c->stim, th) && (idle_mask & (1u << th));
    if (c->k) done &= tt_krun_done(c->k);
    /* Idle for two cycles in a row: nothing is left in flight. */
    c->idle_cycles = done ? c->idle_cycles + 1 : 0;
    if (c->idle_cycles >= 2) {
        c->stopped = true;
        c->end_cycle = cycle + 1;
        c->t_end = clock();
        return 1;
    }
    if (cycle + 1 >= c->a.max_cycles && c->edges == 1) {
        /* The first cycle after reset and the backdoor preload (one item a cycle, tb_top.sv) is
         * already past the budget: the preload used it up, nothing hangs (issue 28 part 4). */
        char budget[96], details[512];
        if (c->max_from_test)
            snprintf(budget, sizeof budget, "max_cycles %llu of the test file", (unsigned long long)c->a.max_cycles);
        else
            snprintf(budget, sizeof budget, "+max_cycles=%llu", (unsigned long long)c->a.max_cycles);
        snprintf(details, sizeof details,
                 "  watchdog: the cycle budget (%s) ran out during the preload of %zu item%s (reset and preload "
                 "took %llu cycles); raise %s\n",
                 budget, c->npre, c->npre == 1 ? "" : "s", (unsigned long long)cycle + 1,
                 c->max_from_test ? "the test's max_cycles or give +max_cycles=N" : "+max_cycles");
        cosim_fail_watchdog(c->cos, cycle, details);
        c->stopped = true;
        return 2;
    }
    if (cycle + 1 >= c->a.max_cycles) {
        char details[2048];
        size_t n = (size_t)snprintf(details, sizeof details,
                                    "  watchdog: %llu cycles (+max_cycles) passed and the run has not finished:\n",
                                    (unsigned long long)c->a.max_cycles);
        const tt_model *m = cosim_model(c->cos);
        for (int th = 0; th < TT_NUM_THREADS && n < sizeof details; th++) {
            char rtl_why[64], model_why[160] = "", at[600] = "its end", next[96] = "nothing";
            uint32_t insn;
            tb_stall_name(stall[th], rtl_why, sizeof rtl_why);
            if (tt_stim_line(&c->stim, th))
                snprintf(at, sizeof at, "%s:%d", c->test.path, tt_stim_line(&c->stim, th));
            /* The model's view: the oldest instruction not retired (dispatched and waiting in its unit,
             * or still to come out of the frontend) and, if something holds it, why. */
            uint32_t seq;
            if (c->a.check && tt_model_oldest_unexecuted(m, th, &seq, &insn)) {
                tt_disasm(insn, next, sizeof next);
                uint32_t w, p;
                if (tt_model_issued_at(m, th, seq, &w, &p)) {
                    if (!tt_model_unit_holds(m, th, insn, model_why, sizeof model_why)) model_why[0] = 0;
                } else if (tt_model_can_issue(m, th, model_why, sizeof model_why)) {
                    model_why[0] = 0;
                }
            }
            n += (size_t)snprintf(details + n, sizeof details - n,
                                  "  thread %d: %s, %d in FIFO, RTL stall reason %s; next to retire: %s%s%s; TRISC "
                                  "stream at %s\n",
                                  th, (idle_mask & (1u << th)) ? "idle" : "busy", fifo[th], rtl_why, next,
                                  model_why[0] ? ", model: " : "", model_why, at);
        }
        if (n < sizeof details) tt_krun_stuck_text(c->k, &c->test, details, sizeof details);
        cosim_fail_watchdog(c->cos, cycle, details);
        c->stopped = true;
        return 2;
    }
    return 0;
}
