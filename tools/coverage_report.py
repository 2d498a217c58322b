#!/usr/bin/env python3
"""coverage_report.py: merge and print the coverage of lockstep runs (issue 8 part 5).

  merge -o OUT.json FILE|DIR...      sum the functional bins of +coverage=FILE.json runs (dpi/coverage.c)
  report MERGED.json [--before B.json] [--vl MERGED.dat] [--missed N]
                                     one table per group: bins, unreachable, hit, missed, %, the missed
                                     bins (first N); with --vl, Verilator line and toggle coverage per
                                     RTL file from a merged coverage.dat
  weights MERGED.json -o W.json      knob multipliers for tools/gen_random.py --weights, raised for the
                                     generator choices whose bins were missed
A bin listed under "unreachable" (with its reason) is left out of the percentages; one that is hit
anyway is reported, since its reason is then wrong.
"""
import argparse
import collections
import json
import os
import re
import sys

FORMAT = "ttcosim-coverage-1"


def load_runs(paths):
    files = []
    for p in paths:
        if os.path.isdir(p):
            files += sorted(os.path.join(p, f) for f in os.listdir(p) if f.endswith(".json"))
        else:
            files.append(p)
    return files


def merge(paths):
    out = {"format": FORMAT, "runs": 0, "failed": [], "groups": {}}
    for f in load_runs(paths):
        with open(f) as fh:
            d = json.load(fh)
        if d.get("format") != FORMAT:
            raise SystemExit(f"coverage_report.py: {f}: not a {FORMAT} file")
        out["runs"] += d.get("runs", 1)  # a merged file counts its runs
        out["failed"] += d.get("failed", [])
        if d.get("result", "pass") != "pass":
            out["failed"].append(d.get("test", f))
        for g, go in d["groups"].items():
            m = out["groups"].setdefault(g, {"about": go.get("about", ""), "bins": {}, "unreachable": {}})
            for b, n in go["bins"].items():
                m["bins"][b] = m["bins"].get(b, 0) + n
            m["unreachable"].update(go.get("unreachable", {}))
    return out


def group_stats(go):
    un = go.get("unreachable", {})
    reach = [b for b in go["bins"] if b not in un]
    hit = [b for b in reach if go["bins"][b] > 0]
    missed = [b for b in reach if go["bins"][b] == 0]
    bad = [b for b in un if go["bins"].get(b, 0) > 0]
    return reach, hit, missed, bad


def pct(a, b):
    return 100.0 * a / b if b else 100.0


# ---- Verilator coverage.dat ----------------------------------------------------------------------
def vl_points(path):
    """{(file, kind): [points, hit]} from a coverage.dat (kind: line, toggle, other)."""
    res = collections.defaultdict(lambda: [0, 0])
    with open(path, encoding="utf-8", errors="replace") as fh:
        for ln in fh:
            if not ln.startswith("C '"):
                continue
            key, _, cnt = ln.rstrip("\n").rpartition("' ")
            fields = dict(kv.split("\x02", 1) for kv in key[3:].split("\x01") if "\x02" in kv)
            page = fields.get("page", "")
            kind = "line" if page.startswith("v_line") else "toggle" if page.startswith("v_toggle") else \
                "branch" if page.startswith("v_branch") else "other"
            if kind == "branch":
                kind = "line"   # Verilator counts if/else arms as line coverage
            e = res[(os.path.basename(fields.get("f", "?")), kind)]
            e[0] += 1
            e[1] += int(cnt) > 0
    return res


def vl_table(path):
    pts = vl_points(path)
    files = sorted({f for f, _ in pts})
    rows = []
    tot = {"line": [0, 0], "toggle": [0, 0]}
    for f in files:
        r = [f]
        for k in ("line", "toggle"):
            n, h = pts.get((f, k), [0, 0])
            tot[k][0] += n
            tot[k][1] += h
            r.append((h, n))
        rows.append(r)
    return rows, tot


# ---- report ----------------------------------------------------------------------------------------
def report(merged, before=None, vl=None, nmissed=12, out=sys.stdout, table_only=False):
    w = out.write
    w(f"functional coverage: {merged['runs']} runs")
    if merged["failed"]:
        w(f", {len(merged['failed'])} FAILED (their bins count): {', '.join(merged['failed'][:5])}")
    w("\n")
    hdr = f"{'group':<12} {'bins':>5} {'unreach':>7} {'hit':>5} {'missed':>6} {'%':>6}"
    if before:
        hdr += f" {'before':>7}"
    w(hdr + "  missed bins\n" + "-" * (len(hdr) + 40) + "\n")
    tr = th = 0
    btr = bth = 0
    for g, go in merged["groups"].items():
        reach, hit, missed, bad = group_stats(go)
        tr += len(reach)
        th += len(hit)
        line = f"{g:<12} {len(go['bins']):>5} {len(go.get('unreachable', {})):>7} {len(hit):>5} {len(missed):>6} " \
               f"{pct(len(hit), len(reach)):>5.1f}%"
        if before:
            bg = before["groups"].get(g)
            if bg:
                br, bh, _, _ = group_stats(bg)
                btr += len(br)
                bth += len(bh)
                line += f" {pct(len(bh), len(br)):>6.1f}%"
            else:
                line += f" {'-':>7}"
        shown = ", ".join(missed[:nmissed]) + (f", ... {len(missed) - nmissed} more" if len(missed) > nmissed else "")
        shown = shown if nmissed else ""
        w(line + "  " + shown + "\n")
        for b in bad:
            w(f"  WARNING: {g}/{b} is listed unreachable ({go['unreachable'][b]}) but was hit\n")
    line = f"{'total':<12} {'':>5} {'':>7} {th:>5} {tr - th:>6} {pct(th, tr):>5.1f}%"
    if before:
        line += f" {pct(bth, btr):>6.1f}%"
    w(line + "\n")
    if table_only:
        return
    unreach = [(g, b, r) for g, go in merged["groups"].items() for b, r in go.get("unreachable", {}).items()]
    reasons = collections.Counter((g, r) for g, _, r in unreach)
    w(f"unreachable bins ({len(unreach)}), by reason:\n")
    for (g, r), n in sorted(reasons.items()):
        ex = [b for gg, b, rr in unreach if gg == g and rr == r][:4]
        w(f"  {g}: {n} bins ({', '.join(ex)}{', ...' if n > 4 else ''}): {r}\n")
    if vl:
        rows, tot = vl_table(vl)
        w("\nVerilator line and toggle coverage (merged coverage.dat):\n")
        w(f"{'file':<26} {'line points':>18} {'toggle points':>20}\n")
        for f, (lh, ln), (tgh, tgn) in rows:
            w(f"{f:<26} {lh:>6}/{ln:<6} {pct(lh, ln):>5.1f}% {tgh:>7}/{tgn:<7} {pct(tgh, tgn):>5.1f}%\n")
        (ln, lh), (tn, tgh) = tot["line"], tot["toggle"]
        w(f"{'total':<26} {lh:>6}/{ln:<6} {pct(lh, ln):>5.1f}% {tgh:>7}/{tn:<7} {pct(tgh, tn):>5.1f}%\n")


# ---- weights for tools/gen_random.py ----------------------------------------------------------------
# (bin regex, knobs of the generators it depends on[, the only group it applies to]); a bin no row
# names is not the generators'.
KNOBS = [
    (r"^WRCFG\.width=32b", ["body.cfg", "cfg.wrcfg"]),
    (r"^WRCFG\.width=128b", ["body.cfg", "cfg.wrcfg128"]),
    (r"^RDCFG", ["body.cfg", "cfg.rdcfg"]),
    (r"^RMWCIB", ["body.cfg", "cfg.rmwcib"]),
    (r"^SETC16", ["body.cfg", "cfg.setc16"]),
    (r"^CFGSHIFTMASK", ["body.cfg", "cfg.cfgshiftmask"]),
    (r"^SETDMAREG\.form=imm", ["body.setdmareg", "setdmareg.imm"]),
    (r"^SETDMAREG\.form=signals", ["body.setdmareg", "setdmareg.signals"]),
    (r"^(ADD|SUB|MUL|BITWOP|SHIFT|CMP)DMAREG", ["body.alu", "alu.{op}"]),
    (r"^LOADIND", ["body.loadind"]),
    (r"^STOREIND", ["body.storeind"]),
    (r"^SETADC\.", ["body.adc", "adc.setadc"]),
    (r"^SETADCXX", ["body.adc", "adc.setadcxx"]),
    (r"^(SETADC|INCADC|ADDRCR)(XY|ZW)", ["body.adc", "adc.xyzw", "adc.{op}"]),
    (r"^(SEMINIT|SEMPOST|SEMGET)", ["body.sem", "sem.{op}"]),
    (r"^STALLWAIT|^stallwait\.|^WAIT_GATE", ["body.sem", "sem.stallwait"]),
    (r"^SEMWAIT|^semwait\.|^SEM_WAIT|^held=", ["thread.wait"]),
    (r"^(ATGETM|ATRELM)|^MUTEX", ["thread.mutex"]),
    (r"^NOP@", ["body.nop"]),
    (r"^DMANOP", ["body.dmanop"]),
    (r"^origin=mop|^push\.MOP", ["thread.mop"]),
    (r"^origin=replay|^push\.REPLAY\.play|^push\.REPLAY\.count0", ["thread.replay"]),
    (r"^origin=loaded|^push\.REPLAY\.load", ["thread.replayload"]),
    (r"^origin=brisc|^push\.brisc", ["brisc.count"]),
    (r"^FIFO_EMPTY", ["thread.misc"]),
    (r"^UNIT_BUSY:CFG", ["body.cfg"]),
    (r"^UNIT_BUSY:THCON", ["body.alu", "body.loadind", "body.storeind"]),
    (r"^UNIT_BUSY:TDMA", ["body.adc"]),
    (r"^UNIT_BUSY:SYNC", ["body.sem"]),
    # tools/random_unpack.py and tools/random_pack.py (knobs: tools/gen_weights.py); {1}, {2}: the
    # regex's groups
    (r"^(?:srca|srcb|dest):(\w+)->(\w+)$", ["unpack.fmt.{1}->{2}"]),
    (r"^(to_dest|tilize|transpose|compressed|upsample|force_exp|unpacker0|unpacker1)$", ["unpack.{1}"]),
    (r"^(dst16b|dst32b)->inter:(\w+)$", ["pack.inter.{1}:{2}"]),
    (r"^(\w+)->(\w+)$", ["pack.fmt.{1}->{2}"]),
    (r"^relu=(\d)$", ["pack.relu.{1}"]),
    (r"^edge=zero$", ["pack.edge.zero"]),
    (r"^edge=neg_inf$", ["pack.edge.zero", "pack.edge.neg_inf"]),
    (r"^(exp_threshold|read_32b|read_raw|zero_write|fp8_e4m3)$", ["pack.{1}"], "pack_mode"),
]
GROUPS = ("insn", "frontend", "wait", "stall", "unpack_fmt", "unpack_mode", "pack_fmt", "pack_mode")
BOOST = 4.0   # a knob whose bins were all missed gets 1 + BOOST


def weights(merged):
    tot = collections.Counter()
    miss = collections.Counter()
    for g in GROUPS:
        go = merged["groups"].get(g)
        if not go:
            continue
        reach, _, missed, _ = group_stats(go)
        missed = set(missed)
        for b in reach:
            for rx, knobs, *only in KNOBS:
                m = re.match(rx, b)
                if not m or (only and only[0] != g):
                    continue
                for k in knobs:
                    k = k.replace("{op}", b.split(".")[0].split("@")[0].lower())
                    for i, grp in enumerate(m.groups(), 1):
                        k = k.replace("{%d}" % i, grp or "")
                    tot[k] += 1
                    miss[k] += b in missed
                break
    knobs = {k: round(1 + BOOST * miss[k] / tot[k], 3) for k in sorted(tot) if miss[k]}
    return {"format": "ttcosim-weights-1", "knobs": knobs,
            "missed": {k: f"{miss[k]}/{tot[k]}" for k in sorted(tot) if miss[k]}}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    m = sub.add_parser("merge")
    m.add_argument("-o", "--output", required=True)
    m.add_argument("inputs", nargs="+")
    r = sub.add_parser("report")
    r.add_argument("merged")
    r.add_argument("--before")
    r.add_argument("--vl")
    r.add_argument("--missed", type=int, default=12)
    r.add_argument("--table-only", action="store_true", help="the table, without the unreachable bins")
    w = sub.add_parser("weights")
    w.add_argument("merged")
    w.add_argument("-o", "--output", required=True)
    a = ap.parse_args()
    if a.cmd == "merge":
        d = merge(a.inputs)
        with open(a.output, "w") as fh:
            json.dump(d, fh, indent=0, sort_keys=False)
    elif a.cmd == "report":
        d, b = merge([a.merged]), merge([a.before]) if a.before else None
        report(d, b, a.vl, a.missed, table_only=a.table_only)
    else:
        d = merge([a.merged])
        with open(a.output, "w") as fh:
            json.dump(weights(d), fh, indent=1)


if __name__ == "__main__":
    main()
