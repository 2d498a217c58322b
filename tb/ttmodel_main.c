/* ttmodel_main.c: the golden model's own command line.
 *   ttmodel run FILE [--max-cycles N] [--srnd-seed N] [--dump-json OUT] [--hazards error|warn|off] [--profile] [--untimed]
 *               [--timing-profile NAME]
 *   ttmodel dis WORD...
 *   ttmodel asm            (lines on stdin, one hex word per line on stdout)
 */
#define _POSIX_C_SOURCE 200809L /* getline */
#include <cjson/cJSON.h>
#include <stdbool.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "numparse.h"
#include "outfile.h"
#include "suggest.h"
#include "kernel_run.h"
#include "model_run.h"
#include "ttisa.h"

static void usage(FILE *f)
{
    fprintf(f, "usage: ttmodel run FILE [--max-cycles N] [--srnd-seed N] [--dump-json OUT] [--hazards error|warn|off]\n"
               "                        [--profile] [--untimed] [--timing-profile NAME (house)] [--elf T0,T1,T2]\n"
               "       ttmodel run --elf T0[,T1[,T2]] [options]   (kernels alone: no test file)\n"
               "       ttmodel dis WORD...\n"
               "       ttmodel asm < FILE\n");
}

/* An option of `ttmodel run` that getopt_long did not take (arg: the command-line word): "unknown
 * option '--max_cycles'; did you mean '--max-cycles'?" against opts' names (suggest.h), or what a
 * known option lacks. A lockstep plusarg (+max_cycles=N) is pointed at its option. */
static void bad_option(const struct option *opts, const char *arg, int ret, int short_opt)
{
    char known[16][24];
    const char *names[16];
    size_t n = 0;
    for (; opts[n].name && n < 16; n++) {
        snprintf(known[n], sizeof known[n], "--%s", opts[n].name);
        names[n] = known[n];
    }
    if (ret == ':') {
        fprintf(stderr, "ttmodel: option '%s' needs a value\n", arg);
        return;
    }
    if (arg[0] == '-' && arg[1] != '-') {
        fprintf(stderr, "ttmodel: unknown option '-%c'\n", short_opt);
        usage(stderr);
        return;
    }
    size_t len = strcspn(arg, "=");
    const char *near = tt_suggest(arg, len, names, n);
    if (near)
        fprintf(stderr, "ttmodel: unknown option '%s'; did you mean '%s'?\n", arg, near);
    else {
        fprintf(stderr, "ttmodel: unknown option '%s'\n", arg);
        usage(stderr);
    }
}

/* A word starting with '+' where `ttmodel run` takes one file: a plusarg of the lockstep harnesses
 * ("+max_cycles=5"), named as its option here ("--max-cycles 5") when there is one. */
static void stray_plusarg(const struct option *opts, const char *arg)
{
    char opt[64];
    size_t len = strcspn(arg + 1, "=");
    snprintf(opt, sizeof opt, "--%.*s", (int)(len < 60 ? len : 60), arg + 1);
    for (char *p = opt; *p; p++)
        if (*p == '_') *p = '-';
    for (size_t i = 0; opts[i].name; i++)
        if (strcmp(opt + 2, opts[i].name) == 0) {
            fprintf(stderr, "ttmodel: '%s' is a plusarg of the lockstep harnesses; ttmodel run takes '%s%s%s'\n", arg,
                    opt, arg[len + 1] ? " " : "", arg[len + 1] ? arg + len + 2 : "");
            return;
        }
    fprintf(stderr, "ttmodel: '%s' is not an option of ttmodel run (plusargs are the lockstep harnesses')\n", arg);
    usage(stderr);
}

static cJSON *u32_array(const uint32_t *v, int n)
{
    cJSON *a = cJSON_CreateArray();
    for (int i = 0; i < n; i++) cJSON_AddItemToArray(a, cJSON_CreateNumber(v[i]));
    return a;
}

/* Final state in the layout documented in docs/test_format.md ("--dump-json"). */
static int dump_json(const char *path, const tt_test *t, const tt_model *m, const tt_run_stats *st)
{
    cJSON *root = cJSON_CreateObject();
    cJSON_AddStringToObject(root, "test", t->path);
    cJSON_AddNumberToObject(root, "cycles", (double)st->cycles);
    cJSON_AddNumberToObject(root, "instructions", (double)st->instructions);
    cJSON *cfg = cJSON_AddArrayToObject(root, "cfg");
    for (int s = 0; s < TT_CFG_STATES; s++) {
        uint32_t v[TT_CFG_WORDS];
        for (int i = 0; i < TT_CFG_WORDS; i++) tt_model_cfg_get(m, s, i, &v[i]);
        cJSON_AddItemToArray(cfg, u32_array(v, TT_CFG_WORDS));
    }
    cJSON *tcfg = cJSON_AddArrayToObject(root, "thread_cfg");
    cJSON *gprs = cJSON_AddArrayToObject(root, "gpr");
    for (int th = 0; th < TT_NUM_THREADS; th++) {
        uint32_t v[TT_TCFG_WORDS], g[TT_NUM_GPRS];
        for (int i = 0; i < TT_TCFG_WORDS; i++) tt_model_tcfg_get(m, th, i, &v[i]);
        for (int i = 0; i < TT_NUM_GPRS; i++) tt_model_gpr_get(m, th, i, &g[i]);
        cJSON_AddItemToArray(tcfg, u32_array(v, TT_TCFG_WORDS));
        cJSON_AddItemToArray(gprs, u32_array(g, TT_NUM_GPRS));
    }
    cJSON *sems = cJSON_AddArrayToObject(root, "semaphores");
    for (int i = 0; i < TT_NUM_SEMS; i++) {
        uint32_t v, mx;
        tt_model_sem_get(m, i, &v, &mx);
        cJSON *o = cJSON_CreateObject();
        cJSON_AddNumberToObject(o, "value", v);
        cJSON_AddNumberToObject(o, "max", mx);
        cJSON_AddItemToArray(sems, o);
    }
    /* adc[thread][set][channel] = {x, x_cr, y, y_cr, z, z_cr, w, w_cr}; set 0 unpack0, 1 unpack1, 2 pack */
    cJSON *adcs = cJSON_AddArrayToObject(root, "adc");
    for (int th = 0; th < TT_NUM_THREADS; th++) {
        cJSON *sets = cJSON_CreateArray();
        for (int s = 0; s < TT_ADC_SETS; s++) {
            cJSON *chs = cJSON_CreateArray();
            for (int c = 0; c < TT_ADC_CHANNELS; c++) {
                tt_adc_channel a;
                tt_model_adc_get(m, th, s, c, &a);
                const uint32_t v[8] = {a.x, a.x_cr, a.y, a.y_cr, a.z, a.z_cr, a.w, a.w_cr};
                static const char *const names[8] = {"x", "x_cr", "y", "y_cr", "z", "z_cr", "w", "w_cr"};
                cJSON *o = cJSON_CreateObject();
                for (int k = 0; k < 8; k++) cJSON_AddNumberToObject(o, names[k], v[k]);
                cJSON_AddItemToArray(chs, o);
            }
            cJSON_AddItemToArray(sets, chs);
        }
        cJSON_AddItemToArray(adcs, sets);
    }
    /* The L1 ranges the test names in its expectations, as hex strings. */
    cJSON *l1 = cJSON_AddArrayToObject(root, "l1");
    const uint8_t *mem = tt_model_l1_const(m);
    for (size_t i = 0; i < t->nexpect; i++) {
        const tt_item *it = &t->expect[i];
        if (it->kind != TT_ITEM_L1) continue;
        char *hex = malloc(it->len * 2 + 1);
        if (!hex) break;
        for (size_t k = 0; k < it->len; k++) sprintf(hex + 2 * k, "%02x", mem[it->addr + k]);
        cJSON *o = cJSON_CreateObject();
        cJSON_AddNumberToObject(o, "addr", it->addr);
        cJSON_AddStringToObject(o, "bytes", hex);
        cJSON_AddItemToArray(l1, o);
        free(hex);
    }
    char *text = cJSON_Print(root);
    cJSON_Delete(root);
    if (!text) {
        fprintf(stderr, "ttmodel: out of memory writing %s\n", path);
        return 2;
    }
    size_t n = strlen(text);
    char *line = realloc(text, n + 2);
    if (line) {
        text = line;
        memcpy(text + n, "\n", 2);
    }
    bool ok = tt_output_write("ttmodel", "--dump-json", path, text);
    free(text);
    return ok ? 0 : 2;
}

static int cmd_run(int argc, char **argv)
{
    static const struct option opts[] = {{"dump-json", required_argument, 0, 'j'},
                                         {"max-cycles", required_argument, 0, 'm'},
                                         {"srnd-seed", required_argument, 0, 's'},
                                         {"hazards", required_argument, 0, 'z'},
                                         {"profile", no_argument, 0, 'p'},
                                         {"untimed", no_argument, 0, 'u'},
                                         {"elf", required_argument, 0, 'e'},
                                         {"timing-profile", required_argument, 0, 't'},
                                         {"help", no_argument, 0, 'h'},
                                         {0, 0, 0, 0}};
    const char *json = NULL, *elf = NULL;
    uint64_t max_cycles = 0, srnd_seed = 0;
    bool profile = false, untimed = false;
    int hazards = TT_HAZARDS_ERROR;
    const tt_timing_profile *tp = tt_timing_profile_house();
    int c;
    optind = 1;
    opterr = 0; /* bad_option says what is wrong, with a suggestion */
    while ((c = getopt_long(argc, argv, ":j:m:h", opts, NULL)) != -1) {
        switch (c) {
        case 'j': json = optarg; break;
        case 'm': {
            tt_num_status st = tt_parse_number(optarg, 1, TT_MAX_CYCLES_LIMIT, &max_cycles);
            if (st != TT_NUM_OK) {
                char msg[256];
                fprintf(stderr, "ttmodel: %s\n",
                        tt_number_message(msg, sizeof msg, "--max-cycles", optarg, 1, TT_MAX_CYCLES_LIMIT, st));
                return 2;
            }
            break;
        }
        case 's': {
            tt_num_status st = tt_parse_number(optarg, 1, 0xFFFFFFFFu, &srnd_seed);
            if (st != TT_NUM_OK) {
                char msg[256];
                fprintf(stderr, "ttmodel: %s\n",
                        tt_number_message(msg, sizeof msg, "--srnd-seed", optarg, 1, 0xFFFFFFFFu, st));
                return 2;
            }
            break;
        }
        case 'z':
            /* The race detector (docs/decisions.md "Race detector"): the same happens-before rules as
             * the lockstep run, so the model alone reports the same races. */
            if (!strcmp(optarg, "error")) hazards = TT_HAZARDS_ERROR;
            else if (!strcmp(optarg, "warn")) hazards = TT_HAZARDS_WARN;
            else if (!strcmp(optarg, "off")) hazards = TT_HAZARDS_OFF;
            else {
                fprintf(stderr, "ttmodel: --hazards: expected error, warn or off, got '%s'\n", optarg);
                return 2;
            }
            break;
        case 'p': profile = true; break;
        case 'u': untimed = true; break;
        case 'e': elf = optarg; break;
        case 't':
            /* docs/design.md "Timing profiles": the rules' parameters of the RTL the run stands for */
            if (!(tp = tt_timing_profile_by_name(optarg))) {
                char names[160];
                fprintf(stderr, "ttmodel: --timing-profile: unknown profile '%s'; known: %s\n", optarg,
                        tt_timing_profile_names(names, sizeof names));
                return 2;
            }
            break;
        case 'h': usage(stdout); return 0;
        default: bad_option(opts, argv[optind - 1], c, optopt); return 2;
        }
    }
    for (int i = optind; i < argc; i++)
        if (argv[i][0] == '+') {
            stray_plusarg(opts, argv[i]);
            return 2;
        }
    if (optind != argc - 1 && !(elf && optind == argc)) {
        usage(stderr);
        return 2;
    }
    tt_test t;
    char err[512];
    if (optind == argc) {
        memset(&t, 0, sizeof t); /* --elf alone: the kernels with no preload and no expectation */
        snprintf(t.path, sizeof t.path, "ttmodel run --elf");
    } else if (tt_test_load(argv[optind], &t, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    if (elf && tt_krun_set_elfs(&t, elf, "ttmodel")) {
        tt_test_free(&t);
        return 2;
    }
    tt_test_select_retire_profile(&t, tp->name); /* other profiles' `expect retire` lines: skipped */
    if (profile && untimed) {
        fprintf(stderr, "ttmodel: --profile needs the cycle-level scheduler (leave out --untimed)\n");
        tt_test_free(&t);
        return 2;
    }
    if (!max_cycles) max_cycles = t.max_cycles ? t.max_cycles : 1000000;
    /* An output that cannot be written is found before the run, not after it (issue 8 part 1). */
    if (json && !tt_output_probe("ttmodel", "--dump-json", json)) {
        tt_test_free(&t);
        return 2;
    }
    tt_model *m = tt_model_create();
    if (!m) {
        fprintf(stderr, "ttmodel: out of memory\n");
        return 2;
    }
    if (!srnd_seed) srnd_seed = t.srnd_seed ? t.srnd_seed : TT_SRND_SEED_DEFAULT;
    tt_model_set_srnd_seed(m, (uint32_t)srnd_seed);
    tt_run_stats st;
    clock_t t0 = clock();
    uint64_t checks = 0;
    int rc = untimed ? tt_model_run(&t, m, max_cycles, hazards, &st, stderr)
                     : tt_model_run_timed_profile(&t, m, max_cycles, hazards, profile ? stdout : NULL, tp, &st, &checks,
                                                  stderr);
    double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
    int jrc = json ? dump_json(json, &t, m, &st) : 0;
    char timing[160] = "untimed";
    if (!untimed) {
        char prof[96] = "";
        if (strcmp(tp->name, "house") != 0)
            snprintf(prof, sizeof prof, " (profile %s), %zu skipped", tp->name, t.nretire_skipped);
        snprintf(timing, sizeof timing, "timing checked (%llu rule checks), %zu expect retire%s",
                 (unsigned long long)checks, t.nretire_expect, prof);
    }
    printf("%s: %s: %llu instructions, %llu L1 writes, %s, %llu cycles, %.0f instructions/s, srnd seed %llu\n",
           t.path, rc ? "FAIL" : "PASS", (unsigned long long)st.instructions, (unsigned long long)st.l1_writes, timing,
           (unsigned long long)st.cycles, secs > 0 ? (double)st.instructions / secs : 0.0,
           (unsigned long long)srnd_seed);
    tt_model_destroy(m);
    tt_test_free(&t);
    return jrc ? jrc : rc;
}

static int cmd_dis(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    for (int i = 1; i < argc; i++) {
        char *end;
        unsigned long long v = strtoull(argv[i], &end, 16);
        if (*end || end == argv[i] || v > 0xFFFFFFFFull) {
            fprintf(stderr, "ttmodel dis: argument %d: expected a 32-bit hex word, got '%s'\n", i, argv[i]);
            return 2;
        }
        char buf[128];
        tt_disasm((uint32_t)v, buf, sizeof buf);
        printf("%s\n", buf);
    }
    return 0;
}

/* A line of any length (getline): a long comment must not be cut in two and its tail read as an
 * instruction. A NUL byte inside a line is an error rather than an early end of it. */
static int cmd_asm(void)
{
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    int n = 0, rc = 0;
    while ((len = getline(&line, &cap, stdin)) != -1) {
        n++;
        if (memchr(line, '\0', (size_t)len)) {
            fprintf(stderr, "<stdin>:%d: a NUL byte in the line (expected text)\n", n);
            rc = 2;
            continue;
        }
        if (tt_asm_line_is_blank(line)) continue;
        uint32_t w;
        char err[256];
        if (tt_asm_line(line, &w, err, sizeof err)) {
            fprintf(stderr, "<stdin>:%d: %s\n", n, err);
            rc = 2;
            continue;
        }
        printf("0x%08x\n", w);
    }
    free(line);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    if (strcmp(argv[1], "run") == 0) return cmd_run(argc - 1, argv + 1);
    if (strcmp(argv[1], "dis") == 0) return cmd_dis(argc - 1, argv + 1);
    if (strcmp(argv[1], "asm") == 0) return cmd_asm();
    if (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0) {
        usage(stdout);
        return 0;
    }
    static const char *const commands[] = {"run", "dis", "asm"};
    const char *near = tt_suggest(argv[1], strlen(argv[1]), commands, 3);
    if (near) {
        fprintf(stderr, "ttmodel: unknown command '%s'; did you mean '%s'?\n", argv[1], near);
        return 2;
    }
    fprintf(stderr, "ttmodel: unknown command '%s'\n", argv[1]);
    usage(stderr);
    return 2;
}
