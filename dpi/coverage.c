/* coverage.c: the bins of coverage.h. Groups:
 *   insn        opcode x operand class x thread, classes from instruction fields (OPCLASS table)
 *   frontend    where retired instructions came from (TRISC, BRISC, MOP template, replay) per
 *               thread, and the frontend-only pushes (MOP, MOP_CFG, REPLAY load / exec)
 *   wait        STALLWAIT / SEMWAIT block and condition bits as issued, and which unit's
 *               instruction a wait actually held (from the stall trace)
 *   stall       every stall reason (kind and detail) the RTL showed, and each kind per thread
 *   unpack_fmt  UNPACR L1 format -> register format, per destination (SrcA, SrcB, Dest)
 *   unpack_mode UNPACR modes (tilize, transpose, compressed, upsampling, ...)
 *   pack_fmt    PACR In_data_format -> Out_data_format, and Dest read -> intermediate format
 *   pack_mode   PACR ReLU mode, edge mask, exponent threshold, stochastic rounding, BFP variants
 * The format-pair universe is what the model's converters define (a zero datum converts). */
#include "coverage.h"

#include <cjson/cJSON.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pack_convert.h"
#include "ttisa.h"
#include "unpack_convert.h"

/* Operand classes: OPCLASS(opcode, dimension, lsb, width, names of the values 0..2^width-1).
 * A name "-" is no bin (the plain case, hit by everything); a name starting with '~' is a value the
 * model reports as undefined or unimplemented, so no passing run hits it (listed as unreachable).
 * An implemented opcode with no row has one class, "any". */
#define OPCLASSES(X)                                                                                   \
    X(SETDMAREG, form, 7, 1, "imm|signals")                                                            \
    X(ADDDMAREG, opb, 23, 1, "reg|const")                                                              \
    X(SUBDMAREG, opb, 23, 1, "reg|const")                                                              \
    X(MULDMAREG, opb, 23, 1, "reg|const")                                                              \
    X(BITWOPDMAREG, opb, 23, 1, "reg|const")                                                           \
    X(BITWOPDMAREG, op, 18, 3, "and|or|xor|~3|~4|~5|~6|~7")                                            \
    X(SHIFTDMAREG, opb, 23, 1, "reg|const")                                                            \
    X(SHIFTDMAREG, op, 18, 3, "left|right|~2|~3|~4|~5|~6|~7")                                          \
    X(CMPDMAREG, opb, 23, 1, "reg|const")                                                              \
    X(CMPDMAREG, op, 18, 3, "gt|lt|eq|~3|~4|~5|~6|~7")                                                 \
    X(LOADIND, size, 22, 2, "128b|32b|16b|8b")                                                         \
    X(LOADIND, inc, 12, 2, "0|2|4|16")                                                                 \
    X(STOREIND, mem, 23, 1, "~mmio|l1")                                                                \
    X(STOREIND, size, 21, 2, "128b|32b|16b|8b")                                                        \
    X(STOREIND, inc, 12, 2, "0|2|4|16")                                                                \
    X(WRCFG, width, 15, 1, "32b|128b")                                                                 \
    X(SETADC, channel, 20, 1, "ch0|ch1")                                                               \
    X(SETADC, dim, 18, 2, "x|y|z|w")                                                                   \
    X(SETADCXY, thread, 18, 2, "own|t0|t1|t2")                                                         \
    X(SETADCZW, thread, 18, 2, "own|t0|t1|t2")                                                         \
    X(INCADCXY, thread, 18, 2, "own|t0|t1|t2")                                                         \
    X(INCADCZW, thread, 18, 2, "own|t0|t1|t2")                                                         \
    X(ADDRCRXY, thread, 18, 2, "own|t0|t1|t2")                                                         \
    X(ADDRCRZW, thread, 18, 2, "own|t0|t1|t2")                                                         \
    X(CFGSHIFTMASK, op, 20, 3, "0|1|2|3|4|5|6|7")                                                      \
    X(SEMWAIT, cond, 0, 2, "~none|zero|max|both")                                                      \
    X(UNPACR, unpacker, 23, 1, "0|1")                                                                  \
    X(UNPACR, flush, 1, 1, "-|flush")                                                                  \
    X(UNPACR, incctx, 13, 1, "-|incctx")                                                               \
    X(UNPACR, multictx, 7, 1, "-|multictx")                                                            \
    X(UNPACR, usectr, 3, 1, "-|usectr")                                                                \
    X(UNPACR, flip, 6, 1, "-|flipsrc")                                                                 \
    X(UNPACR, allzero, 4, 1, "-|allzero")                                                              \
    X(UNPACR, rowsearch, 2, 1, "-|rowsearch")                                                          \
    X(UNPACR, bcast, 5, 1, "-|~srcb_bcast")                                                            \
    X(UNPACR_NOP, unpacker, 23, 1, "0|1")                                                              \
    X(UNPACR_NOP, pop, 0, 2, "pop_stream_cfg|clr_src|nop|pop")                                                      \
    X(UNPACR_NOP, clrval, 2, 2, "zero|neginf|one|clr_val")                                             \
    X(PACR, zerowrite, 12, 1, "-|zerowrite")                                                           \
    X(PACR, flush, 1, 1, "-|flush")                                                                    \
    X(PACR, last, 0, 1, "-|last")                                                                      \
    X(PACR, ovrd, 7, 1, "-|ovrd_thread")                                                               \
    X(PACR, addrmod, 15, 2, "am0|am1|am2|am3")                                                         \
    X(PACR, cfgctx, 21, 2, "-|~1|~2|~3")                                                               \
    X(PACR, rowpad, 18, 3, "-|~1|~2|~3|~4|~5|~6|~7")                                                   \
    X(PACR, strided, 17, 1, "-|strided")                                                               \
    X(PACR, ctxtctrl, 2, 2, "-|~1|~2|~3")                                                              \
    X(ZEROSRC, srcmask, 0, 2, "none|srca|srcb|both")                                                              \
    X(ZEROSRC, allbanks, 2, 1, "-|allbanks")                                                           \
    X(ZEROACC, mode, 19, 2, "row|block16|half|all")                                                    \
    X(ZEROACC, revert, 17, 1, "-|~revert")                                                             \
    X(CLEARDVALID, flip, 22, 2, "none|srca|srcb|both")                                                           \
    X(SETDVALID, flip, 0, 2, "none|srca|srcb|both")                                                              \
    X(SETRWC, clear_ab_vld, 22, 2, "0|1|2|3")                                                                \
    X(MOVB2D, mod, 11, 3, "0|1|2|3|4|5|6|7")                                                           \
    X(MOVA2D, mod, 12, 2, "0|1|2|3")

typedef struct {
    uint8_t opcode;
    const char *dim;
    uint8_t lsb, width;
    const char *names;
} opclass;

#define OPCLASS_ROW(op, d, lsb, w, names) {TT_OPC_##op, #d, lsb, w, names},
static const opclass opclasses[] = {OPCLASSES(OPCLASS_ROW)};
#undef OPCLASS_ROW
#define N_OPCLASS (sizeof opclasses / sizeof opclasses[0])

enum { G_INSN, G_FRONTEND, G_WAIT, G_STALL, G_UNPACK_FMT, G_UNPACK_MODE, G_PACK_FMT, G_PACK_MODE, N_GROUPS };
static const char *const group_names[N_GROUPS] = {"insn",        "frontend", "wait",     "stall",
                                                  "unpack_fmt",  "unpack_mode", "pack_fmt", "pack_mode"};
static const char *const group_about[N_GROUPS] = {
    "opcode x operand class x thread (opcodes the model executes)",
    "retire origin per thread; frontend-only pushes",
    "STALLWAIT/SEMWAIT block and condition bits; the unit of the instruction a wait held",
    /* one literal: clang's -Wstring-concatenation (make sanitize) flags split ones in an array */
    "stall reason kind:detail seen in the RTL; each kind per thread (WAIT_GATE's detail is the first condition holding, or the first selected one in the one-cycle lag: C9-C11 show there though they never hold)",
    "UNPACR L1 format -> register format per destination (pairs the converter defines)",
    "UNPACR modes",
    "PACR In_data_format -> Out_data_format; Dest read -> intermediate format (pairs the converter defines)",
    "PACR ReLU, edge mask, exponent threshold, rounding, BFP variants",
};

typedef struct {
    char name[56];
    uint8_t group;
    const char *unreachable; /* why no passing run hits it, or NULL */
    uint64_t count;
} bin;

#define TH TT_NUM_THREADS
static const char *const unit_names[TT_NUM_UNITS] = {"NONE", "SYNC",    "CFG",  "THCON", "TDMA", "UNPACK0",
                                                     "UNPACK1", "MATH", "SFPU", "PACK",  "XMOV"};
static const char *const cond_names[13] = {"THCON",    "UNPACK0",  "UNPACK1", "PACK",     "MATH",
                                           "SRCA_CLR", "SRCB_CLR", "SRCA_VLD", "SRCB_VLD", "XMOV",
                                           "TRISC_CFG", "SFPU",   "CFGEXU"};
#define N_STALL_KINDS 11 /* tt_pkg stall_e */
static const char *const stall_kinds[N_STALL_KINDS] = {"NONE",      "FIFO_EMPTY", "WAIT_GATE", "UNIT_BUSY", "SEM_WAIT",
                                                       "MUTEX",     "BANK_WAIT",  "MATH_RULE", "UNP_ADDR",  "ARB_LOST",
                                                       "SFPU_RULE"};
static const char *const origin_names[] = {"trisc", "brisc", "mop0", "mop1", "replay", "loaded+exec"};
static const char *const unp_dst_names[3] = {"srca", "srcb", "dest"};
static const char *const U_STUB = "its instructions are unimplemented in the model (the RTL unit is a stub): a run "
                                  "stops at the first";
static const char *const U_MODEL = "the model reports this value as undefined or unimplemented";

struct tt_cov {
    bin *b;
    int n, cap;
    int first[N_GROUPS], count[N_GROUPS];
    int insn_any[256];          /* bin of thread 0, -1: not executed */
    int *cls_bin[N_OPCLASS];    /* per value: bin of thread 0, -1: no bin */
    int origin[6];              /* + thread */
    int push_mop[2], push_mop_cfg, push_replay[4], push_replay_count0, push_brisc;
    int sw_block[10], sw_cond[14], sm_block[10], sm_sem[8]; /* [9] / [13]: the default */
    int held_unit[TT_NUM_UNITS];
    int stall_kind[N_STALL_KINDS];          /* + thread */
    int stall_detail[N_STALL_KINDS][16];
    int unp_fmt[3][16][16];
    int unp_mode[12];
    int pck_fmt[16][16], pck_early[2][16];
    int pck_relu[4], pck_edge[3], pck_flag[8], pck_bfp[16];
};

static int add(tt_cov *v, int g, const char *why, const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static int add(tt_cov *v, int g, const char *why, const char *fmt, ...)
{
    if (v->n == v->cap) {
        int cap = v->cap ? 2 * v->cap : 1024;
        bin *nb = realloc(v->b, (size_t)cap * sizeof *nb);
        if (!nb) abort();
        v->b = nb;
        v->cap = cap;
    }
    bin *b = &v->b[v->n];
    memset(b, 0, sizeof *b);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(b->name, sizeof b->name, fmt, ap);
    va_end(ap);
    b->group = (uint8_t)g;
    b->unreachable = why;
    v->count[g]++;
    return v->n++;
}

/* Bins for every thread; returns thread 0's. */
static int add_th(tt_cov *v, int g, const char *why, const char *name)
{
    int first = add(v, g, why, "%s@t0", name);
    for (int t = 1; t < TH; t++) add(v, g, why, "%s@t%d", name, t);
    return first;
}

/* Value k's name in "a|b|c"; false past the end. */
static bool nth_name(const char *names, unsigned k, char *out, size_t len)
{
    const char *p = names;
    for (unsigned i = 0; i < k; i++) {
        p = strchr(p, '|');
        if (!p) return false;
        p++;
    }
    size_t n = strcspn(p, "|");
    if (n >= len) n = len - 1;
    memcpy(out, p, n);
    out[n] = 0;
    return true;
}

static void build_insn(tt_cov *v)
{
    v->first[G_INSN] = v->n;
    for (int op = 0; op < 256; op++) v->insn_any[op] = -1;
    for (size_t i = 0; i < tt_isa_count(); i++) {
        const tt_op_info *oi = tt_isa_at(i);
        if (oi->opcode == TT_OPC_MOP || oi->opcode == TT_OPC_MOP_CFG || oi->opcode == TT_OPC_REPLAY)
            continue; /* frontend-only: the frontend group has them */
        if (!tt_model_executes(oi->opcode)) {
            add(v, G_INSN, "the model reports it unimplemented (the RTL retires it as a stub)", "%s", oi->name);
            continue;
        }
        bool has_dim = false;
        for (size_t k = 0; k < N_OPCLASS; k++) {
            const opclass *c = &opclasses[k];
            if (c->opcode != oi->opcode) continue;
            has_dim = true;
            unsigned nv = 1u << c->width;
            v->cls_bin[k] = malloc(nv * sizeof(int));
            if (!v->cls_bin[k]) abort();
            for (unsigned val = 0; val < nv; val++) {
                char nm[24], full[56];
                if (!nth_name(c->names, val, nm, sizeof nm)) abort(); /* a table row with too few names */
                v->cls_bin[k][val] = -1;
                if (strcmp(nm, "-") == 0) continue;
                bool never = nm[0] == '~';
                snprintf(full, sizeof full, "%s.%s=%s", oi->name, c->dim, nm + never);
                v->cls_bin[k][val] = add_th(v, G_INSN, never ? U_MODEL : NULL, full);
            }
        }
        if (!has_dim) v->insn_any[oi->opcode] = add_th(v, G_INSN, NULL, oi->name);
    }
}

static void build_frontend(tt_cov *v)
{
    v->first[G_FRONTEND] = v->n;
    for (int o = 0; o < 6; o++) {
        char nm[32];
        snprintf(nm, sizeof nm, "origin=%s", origin_names[o]);
        v->origin[o] = add_th(v, G_FRONTEND, NULL, nm);
    }
    v->push_mop[0] = add(v, G_FRONTEND, NULL, "push.MOP.template0");
    v->push_mop[1] = add(v, G_FRONTEND, NULL, "push.MOP.template1");
    v->push_mop_cfg = add(v, G_FRONTEND, NULL, "push.MOP_CFG");
    static const char *const rp[4] = {"play", "load", "play(exec-bit)", "load+exec"};
    for (int k = 0; k < 4; k++) v->push_replay[k] = add(v, G_FRONTEND, NULL, "push.REPLAY.%s", rp[k]);
    v->push_replay_count0 = add(v, G_FRONTEND, NULL, "push.REPLAY.count0(=64)");
    v->push_brisc = add(v, G_FRONTEND, NULL, "push.brisc");
}

static void build_wait(tt_cov *v)
{
    v->first[G_WAIT] = v->n;
    for (int b = 0; b < 9; b++) v->sw_block[b] = add(v, G_WAIT, NULL, "stallwait.block=B%d", b);
    v->sw_block[9] = add(v, G_WAIT, NULL, "stallwait.block=default");
    for (int c = 0; c < 13; c++) v->sw_cond[c] = add(v, G_WAIT, NULL, "stallwait.cond=C%d_%s", c, cond_names[c]);
    v->sw_cond[13] = add(v, G_WAIT, NULL, "stallwait.cond=default");
    for (int b = 0; b < 9; b++) v->sm_block[b] = add(v, G_WAIT, NULL, "semwait.block=B%d", b);
    v->sm_block[9] = add(v, G_WAIT, NULL, "semwait.block=default");
    for (int s = 0; s < 8; s++) v->sm_sem[s] = add(v, G_WAIT, NULL, "semwait.sem=%d", s);
    for (int u = 0; u < TT_NUM_UNITS; u++)
        v->held_unit[u] = add(v, G_WAIT, u == TT_U_SFPU || u == TT_U_XMOV ? U_STUB : NULL, "held=%s",
                              u == TT_U_NONE ? "NONE(NOP)" : unit_names[u]);
}

static void build_stall(tt_cov *v)
{
    v->first[G_STALL] = v->n;
    memset(v->stall_detail, 0xff, sizeof v->stall_detail);
    for (int k = 1; k < N_STALL_KINDS; k++) v->stall_kind[k] = add_th(v, G_STALL, NULL, stall_kinds[k]);
    v->stall_detail[1][0] = add(v, G_STALL, NULL, "FIFO_EMPTY");
    for (int c = 0; c < 13; c++)
        v->stall_detail[2][c] = add(v, G_STALL, NULL, "WAIT_GATE:%s", cond_names[c]);
    for (int u = 1; u < TT_NUM_UNITS; u++)
        v->stall_detail[3][u] =
            add(v, G_STALL,
                u == TT_U_XMOV   ? U_STUB
                : u == TT_U_SFPU ? "the SFPU takes one instruction a cycle (docs/decisions.md S20); its holds show SFPU_RULE"
                                 : NULL,
                "UNIT_BUSY:%s", unit_names[u]);
    for (int s = 0; s < 8; s++) v->stall_detail[4][s] = add(v, G_STALL, NULL, "SEM_WAIT:sem%d", s);
    static const int mutexes[4] = {0, 2, 3, 4};
    for (int i = 0; i < 4; i++) v->stall_detail[5][mutexes[i]] = add(v, G_STALL, NULL, "MUTEX:m%d", mutexes[i]);
    static const char *const bw[4] = {"unpack_SrcA", "unpack_SrcB", "math_SrcA", "math_SrcB"};
    for (int d = 0; d < 4; d++) v->stall_detail[6][d] = add(v, G_STALL, NULL, "BANK_WAIT:%s", bw[d]);
    /* the matrix unit's acceptance rules (tt_pkg mrule_e); SHIFTXB is a stub */
    static const char *const mr[4] = {"dst_read", "after_movd2a", "after_movd2b", "after_shiftxb"};
    for (int d = 0; d < 4; d++) v->stall_detail[7][d] = add(v, G_STALL, d == 3 ? U_STUB : NULL, "MATH_RULE:%s", mr[d]);
    /* held off by the other unpacker's address cycles (detail: that unpacker); lost a round robin
     * (detail: the unit; the Miscellaneous unit has a slot per thread, no arbiter) */
    for (int d = 0; d < 2; d++) v->stall_detail[8][d] = add(v, G_STALL, NULL, "UNP_ADDR:UNPACK%d", d);
    /* the SFPU's automatic stalls (docs/decisions.md S21) */
    v->stall_detail[10][0] = add(v, G_STALL, NULL, "SFPU_RULE:mad_result");
    v->stall_detail[10][1] = add(v, G_STALL, NULL, "SFPU_RULE:nop_only");
    for (int u = 1; u < TT_NUM_UNITS; u++)
        v->stall_detail[9][u] = add(v, G_STALL,
                                    u == TT_U_TDMA ? "the Miscellaneous unit takes one instruction per thread a cycle: "
                                                     "no arbitration"
                                    : u == TT_U_XMOV ? U_STUB
                                                                       : NULL,
                                    "ARB_LOST:%s", unit_names[u]);
}

static bool unp_defined(unsigned in, unsigned out, bool to_dest)
{
    for (int e4 = 0; e4 < 2; e4++)
        for (int uns = 0; uns < 2; uns++) {
            tt_unpack_conv_mode m = {.to_dest = to_dest, .int8_unsigned = uns, .fp8_e4m3 = e4};
            uint32_t o = 0;
            if (tt_unpack_convert(in, out, 0, 0, &m, &o, NULL, 0) == TT_OK) return true;
        }
    return false;
}

static bool pck_defined(unsigned in, unsigned out, int read_32b, int inter)
{
    for (int raw = 0; raw < 2; raw++) {
        tt_pack_conv_cfg c = {.read_32b = read_32b, .read_raw = raw, .inter_fmt = (uint8_t)inter,
                              .in_fmt = (uint8_t)in, .out_fmt = (uint8_t)out};
        char msg[160];
        uint32_t z[16] = {0}, o;
        bool none[16] = {false};
        uint8_t e, f[16];
        tt_status s = tt_pack_fmt_is_bfp(out) ? tt_pack_convert_bfp(&c, z, none, false, &e, f, msg, sizeof msg)
                                              : tt_pack_convert(&c, 0, false, false, &o, msg, sizeof msg);
        if (s == TT_OK) return true;
    }
    return false;
}

static void build_data(tt_cov *v)
{
    v->first[G_UNPACK_FMT] = v->n;
    memset(v->unp_fmt, 0xff, sizeof v->unp_fmt);
    for (int d = 0; d < 3; d++)
        for (unsigned in = 0; in < 16; in++)
            for (unsigned out = 0; out < 16; out++)
                if (tt_df_bits(in) && unp_defined(in, out, d == 2))
                    v->unp_fmt[d][in][out] =
                        add(v, G_UNPACK_FMT, NULL, "%s:%s->%s", unp_dst_names[d], tt_df_name(in), tt_df_name(out));
    v->first[G_UNPACK_MODE] = v->n;
    static const char *const um[12] = {"to_dest", "tilize",       "transpose",     "compressed",
                                       "upsample", "force_exp",   "fp8_e4m3",      "int8_unsigned",
                                       "multi_ctx", "no_bfp_exp", "unpacker0",     "unpacker1"};
    for (int k = 0; k < 12; k++) v->unp_mode[k] = add(v, G_UNPACK_MODE, NULL, "%s", um[k]);
    v->first[G_PACK_FMT] = v->n;
    memset(v->pck_fmt, 0xff, sizeof v->pck_fmt);
    memset(v->pck_early, 0xff, sizeof v->pck_early);
    bool early[2][16] = {{false}};
    for (unsigned in = 0; in < 16; in++)
        for (unsigned out = 0; out < 16; out++) {
            if (!tt_pack_fmt_bits(out) || !tt_df_bits(in)) continue;
            bool any = false;
            for (int r32 = 0; r32 < 2; r32++)
                for (int inter = 0; inter < 16; inter++)
                    if (pck_defined(in, out, r32, inter)) any = early[r32][inter] = true;
            if (any) v->pck_fmt[in][out] = add(v, G_PACK_FMT, NULL, "%s->%s", tt_df_name(in), tt_df_name(out));
        }
    for (int r32 = 0; r32 < 2; r32++)
        for (int inter = 0; inter < 16; inter++)
            if (early[r32][inter])
                v->pck_early[r32][inter] =
                    add(v, G_PACK_FMT, NULL, "%s->inter:%s", r32 ? "dst32b" : "dst16b", tt_df_name((unsigned)inter));
    v->first[G_PACK_MODE] = v->n;
    for (int k = 0; k < 4; k++) v->pck_relu[k] = add(v, G_PACK_MODE, NULL, "relu=%d", k);
    static const char *const edge[3] = {"none", "zero", "neg_inf"};
    for (int k = 0; k < 3; k++) v->pck_edge[k] = add(v, G_PACK_MODE, NULL, "edge=%s", edge[k]);
    static const char *const fl[8] = {"exp_threshold", "srnd_gasket", "srnd_packer", "dis_shared_exp",
                                      "read_32b",      "read_raw",    "fp8_e4m3",    "zero_write"};
    for (int k = 0; k < 8; k++) v->pck_flag[k] = add(v, G_PACK_MODE, NULL, "%s", fl[k]);
    memset(v->pck_bfp, 0xff, sizeof v->pck_bfp);
    for (unsigned f = 0; f < 16; f++)
        if (tt_pack_fmt_is_bfp(f)) v->pck_bfp[f] = add(v, G_PACK_MODE, NULL, "bfp_out=%s", tt_df_name(f));
}

tt_cov *tt_cov_create(void)
{
    tt_cov *v = calloc(1, sizeof *v);
    if (!v) return NULL;
    build_insn(v);
    build_frontend(v);
    build_wait(v);
    build_stall(v);
    build_data(v);
    return v;
}

void tt_cov_destroy(tt_cov *v)
{
    if (!v) return;
    for (size_t k = 0; k < N_OPCLASS; k++) free(v->cls_bin[k]);
    free(v->b);
    free(v);
}

static void hit(tt_cov *v, int idx)
{
    if (idx >= 0) v->b[idx].count++;
}

static uint32_t field(uint32_t insn, unsigned lsb, unsigned width) { return (insn >> lsb) & ((1u << width) - 1u); }

void tt_cov_push(tt_cov *v, int thread, uint32_t insn, bool brisc)
{
    (void)thread;
    if (brisc) {
        hit(v, v->push_brisc);
        return; /* BRISC pushes pass the MOP expander untouched */
    }
    switch (insn >> 24) {
    case TT_OPC_MOP: hit(v, v->push_mop[field(insn, 23, 1)]); break;
    case TT_OPC_MOP_CFG: hit(v, v->push_mop_cfg); break;
    case TT_OPC_REPLAY:
        hit(v, v->push_replay[field(insn, 0, 1) | field(insn, 1, 1) << 1]);
        if (field(insn, 4, 6) == 0) hit(v, v->push_replay_count0);
        break;
    default: break;
    }
}

static void retire_wait(tt_cov *v, uint32_t insn)
{
    uint8_t op = (uint8_t)(insn >> 24);
    if (op != TT_OPC_STALLWAIT && op != TT_OPC_SEMWAIT) return;
    bool sw = op == TT_OPC_STALLWAIT;
    uint32_t block = field(insn, 15, 9);
    int *bb = sw ? v->sw_block : v->sm_block;
    if (!block) hit(v, bb[9]);
    for (int b = 0; b < 9; b++)
        if (block >> b & 1u) hit(v, bb[b]);
    if (sw) {
        uint32_t cond = field(insn, 0, 13);
        if (!cond) hit(v, v->sw_cond[13]);
        for (int c = 0; c < 13; c++)
            if (cond >> c & 1u) hit(v, v->sw_cond[c]);
    } else {
        uint32_t sems = field(insn, 2, 8);
        for (int s = 0; s < 8; s++)
            if (sems >> s & 1u) hit(v, v->sm_sem[s]);
    }
}

static void retire_data(tt_cov *v, const tt_dp_info *d, uint32_t insn)
{
    if (d->kind == TT_DP_UNPACK) {
        int dst = (d->flags & TT_DPF_TO_DEST) ? 2 : d->unit ? 1 : 0;
        hit(v, v->unp_fmt[dst][d->in_fmt & 15][d->out_fmt & 15]);
        for (int k = 0; k < 10; k++)
            if (d->flags >> k & 1u) hit(v, v->unp_mode[k]);
        hit(v, v->unp_mode[10 + (d->unit & 1)]);
    } else if (d->kind == TT_DP_PACK) {
        hit(v, v->pck_fmt[d->in_fmt & 15][d->out_fmt & 15]);
        hit(v, v->pck_early[(d->flags & TT_DPF_READ_32B) != 0][d->inter_fmt & 15]);
        hit(v, v->pck_relu[d->relu_mode & 3]);
        hit(v, v->pck_edge[!(d->flags & TT_DPF_EDGE_MASK) ? 0 : (d->flags & TT_DPF_EDGE_NEG_INF) ? 2 : 1]);
        static const uint32_t fl[7] = {TT_DPF_EXP_THR,  TT_DPF_SRND_GASKET, TT_DPF_SRND_PACKER, TT_DPF_DIS_SHARED_EXP,
                                       TT_DPF_READ_32B, TT_DPF_READ_RAW,    TT_DPF_FP8_E4M3};
        for (int k = 0; k < 7; k++)
            if (d->flags & fl[k]) hit(v, v->pck_flag[k]);
        if (field(insn, 12, 1)) hit(v, v->pck_flag[7]);
        hit(v, v->pck_bfp[d->out_fmt & 15]);
    }
}

void tt_cov_retire(tt_cov *v, int thread, const tt_exec_result *x)
{
    if (thread < 0 || thread >= TH) return;
    uint32_t insn = x->insn;
    uint8_t op = (uint8_t)(insn >> 24);
    hit(v, v->insn_any[op] >= 0 ? v->insn_any[op] + thread : -1);
    for (size_t k = 0; k < N_OPCLASS; k++) {
        const opclass *c = &opclasses[k];
        if (c->opcode != op || !v->cls_bin[k]) continue;
        int b = v->cls_bin[k][field(insn, c->lsb, c->width)];
        if (b >= 0) hit(v, b + thread);
    }
    int o = x->origin == TT_ORIGIN_MOP ? 2 + (x->mop_template & 1) : x->origin == TT_ORIGIN_REPLAY ? 4 : x->origin;
    hit(v, v->origin[o] + thread);
    if (x->replay_loaded) hit(v, v->origin[5] + thread);
    retire_wait(v, insn);
    retire_data(v, &x->dp, insn);
}

void tt_cov_cycle(tt_cov *v, const tt_timing_obs *o)
{
    for (int t = 0; t < TH; t++) {
        const tt_timing_thread *th = &o->th[t];
        int kind = th->stall >> 4 & 15, det = th->stall & 15;
        if (kind < 1 || kind >= N_STALL_KINDS || (kind == TT_STALL_UNP_ADDR && det > 1)) continue;
        hit(v, v->stall_kind[kind] + t);
        hit(v, v->stall_detail[kind][kind == 1 ? 0 : det]);
        if ((kind == TT_STALL_WAIT_GATE || kind == TT_STALL_SEM_WAIT) && th->fe_valid) {
            int u = tt_timing_unit(th->fe_insn);
            if (u >= 0 && u < TT_NUM_UNITS) hit(v, v->held_unit[u]);
        }
    }
}

static int find_group(const char *g)
{
    for (int i = 0; i < N_GROUPS; i++)
        if (strcmp(group_names[i], g) == 0) return i;
    return -1;
}

long long tt_cov_count(const tt_cov *v, const char *group, const char *name)
{
    int g = find_group(group);
    if (g < 0) return -1;
    for (int i = v->first[g]; i < v->first[g] + v->count[g]; i++)
        if (strcmp(v->b[i].name, name) == 0) return (long long)v->b[i].count;
    return -1;
}

int tt_cov_group_bins(const tt_cov *v, const char *group)
{
    int g = find_group(group);
    return g < 0 ? -1 : v->count[g];
}

char *tt_cov_json(const tt_cov *v, const char *test, const char *result)
{
    cJSON *root = cJSON_CreateObject();
    if (!root) return NULL;
    cJSON_AddStringToObject(root, "format", "ttcosim-coverage-1");
    cJSON_AddStringToObject(root, "test", test ? test : "");
    cJSON_AddStringToObject(root, "result", result ? result : "");
    cJSON *groups = cJSON_AddObjectToObject(root, "groups");
    for (int g = 0; g < N_GROUPS && groups; g++) {
        cJSON *go = cJSON_AddObjectToObject(groups, group_names[g]);
        if (!go) break;
        cJSON_AddStringToObject(go, "about", group_about[g]);
        cJSON *bins = cJSON_AddObjectToObject(go, "bins");
        cJSON *un = cJSON_AddObjectToObject(go, "unreachable");
        for (int i = v->first[g]; i < v->first[g] + v->count[g] && bins && un; i++) {
            cJSON_AddNumberToObject(bins, v->b[i].name, (double)v->b[i].count);
            if (v->b[i].unreachable) cJSON_AddStringToObject(un, v->b[i].name, v->b[i].unreachable);
        }
    }
    char *text = cJSON_PrintUnformatted(root);
    cJSON_Delete(root);
    return text;
}
