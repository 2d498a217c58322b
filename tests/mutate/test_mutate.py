#!/usr/bin/env python3
"""make mutate-test: the mutation tools themselves (docs/mutation.md), on two small units.

1. tools/mutate.py on tt_unpack_convert and tt_pack_strided: the instrumented copies keep every
   line where it was; with no mutant switched in, the instrumentation gives the source back byte
   for byte; the manifest points at the right line and column (the token there is in the original
   text; hand-picked sites: `row0_i + step` swapped, `n = 4'd8` decremented); no mutant in a
   declaration, a parameter or a loop header, and none that switches a deliberate bug on.
2. The datum converter's comparison (tests/conv/conv_compare.cpp) built from the instrumented
   tt_unpack_convert, driven by tools/mutate_run.py: selector 0 passes (the baseline), a mutant
   known to be wrong (BFP8a's exponent e - LZ made e + LZ) is killed, and an equivalent one
   (clz8's value for a zero input, which no caller passes) survives.
3. The lockstep harness: the normal build accepts +mutant=0 and refuses +mutant=1 (it holds no
   mutants), with a message naming the mutation build.
4. `make` writes the manifest into a build directory that does not exist yet (a fresh clone).
5. tools/mutate_run.py stopped by SIGTERM exits 143 (item 2).
6. An equivalence note leaves the instrumented files as they were (item 1): no rebuild for it.
7. A package of functions (tt_sfpu_pkg's form) is read like a module: its functions' sites are
   mutants; a function a localparam calls (evaluated at elaboration, where the selector has no
   value) has none, and an elaboration $error is no module item to refuse.
"""
import argparse
import json
import os
import re
import signal
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import mutate  # noqa: E402

fails = []


def check(cond, what):
    if cond:
        print("ok   " + what)
    else:
        print("FAIL " + what)
        fails.append(what)


def line_of(path, text):
    with open(os.path.join(ROOT, path)) as f:
        for n, line in enumerate(f, 1):
            if text in line:
                return n
    raise SystemExit("test_mutate.py: %s has no line with %r (the unit changed: pick another site)" % (path, text))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default="build")
    a = ap.parse_args()
    out = os.path.join(a.build, "mutate_test")
    os.makedirs(out, exist_ok=True)

    # ---- 1. the instrumentation and the manifest ----
    units = ["tt_unpack_convert", "tt_pack_strided"]
    r = subprocess.run([sys.executable, "tools/mutate.py", "--out", out, "--units", ",".join(units), "--equiv", ""],
                       cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    check(r.returncode == 0, "tools/mutate.py runs on %s" % ", ".join(units))
    if r.returncode != 0:
        print(r.stdout)
        return 1
    with open(os.path.join(ROOT, out, "manifest.json")) as f:
        man = json.load(f)
    ms = man["mutants"]
    check(len(ms) > 100 and man["count"] == len(ms), "the manifest lists %d mutants" % len(ms))
    # an equivalence note changes the manifest's status, not the instrumented files (the mutation
    # build, about 20 minutes here, would otherwise be redone for each note)
    key = ("file", "context", "operator", "original", "mutated")   # what an entry matches on
    first = next(m for m in ms if m["status"] == "ok")
    eq_path = os.path.join(ROOT, out, "equiv_one.json")
    with open(eq_path, "w") as f:
        json.dump({"equivalent": [dict({k: first[k] for k in key}, reason="test")]}, f)
    out2 = out + "_eq"
    r2 = subprocess.run([sys.executable, "tools/mutate.py", "--out", out2, "--units", ",".join(units), "--equiv", eq_path],
                        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    with open(os.path.join(ROOT, out2, "manifest.json")) as f:
        st2 = {m["id"]: m["status"] for m in json.load(f)["mutants"]}
    same = all(open(os.path.join(ROOT, out, "rtl", u + ".sv")).read() == open(os.path.join(ROOT, out2, "rtl", u + ".sv")).read()
               for u in units)
    check(r2.returncode == 0 and st2.get(first["id"]) == "equivalent" and same,
          "an equivalence note marks mutant #%d equivalent and leaves the instrumented files as they were" % first["id"])
    # a note whose text occurs on several lines must say so (`every_line`), or it would hide the
    # other lines' mutants unseen: mutate.py refuses it, naming the lines
    by_key = {}
    for m in ms:
        by_key.setdefault(tuple(m[k] for k in key), set()).add(m["line"])
    multi = next(k for k, ls in sorted(by_key.items()) if len(ls) > 1)
    for every in (False, True):
        note = dict(zip(key, multi), reason="test")
        if every:
            note["every_line"] = True
        with open(eq_path, "w") as f:
            json.dump({"equivalent": [note]}, f)
        r3 = subprocess.run([sys.executable, "tools/mutate.py", "--out", out + "_eq3", "--units", ",".join(units),
                             "--equiv", eq_path], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        lines = ", ".join(str(x) for x in sorted(by_key[multi]))
        if every:
            check(r3.returncode == 0, "a note on text found on lines %s with \"every_line\" is taken" % lines)
        else:
            check(r3.returncode != 0 and ("lines " + lines) in r3.stdout,
                  "a note on text found on lines %s without \"every_line\" is refused, naming them" % lines)
    # a note with "col" marks only the mutant at that column of two same-text mutants on one line
    # (tt_mx_gmpool.sv's invalid row {16'hFFFF, 16'hFFFF}: only the low half's decrement is equivalent)
    by_line = {}
    for m in ms:
        by_line.setdefault(tuple(m[k] for k in key) + (m["line"],), []).append(m)
    twins = next((v for _, v in sorted(by_line.items(), key=lambda kv: kv[1][0]["id"]) if len(v) > 1), None)
    check(twins is not None, "the units have two same-text mutants on one line")
    if twins:
        with open(eq_path, "w") as f:
            json.dump({"equivalent": [dict({k: twins[1][k] for k in key}, col=twins[1]["col"], reason="test")]}, f)
        r4 = subprocess.run([sys.executable, "tools/mutate.py", "--out", out + "_eq4", "--units", ",".join(units),
                             "--equiv", eq_path], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        with open(os.path.join(ROOT, out + "_eq4", "manifest.json")) as f:
            st4 = {m["id"]: m["status"] for m in json.load(f)["mutants"]}
        check(r4.returncode == 0 and st4.get(twins[1]["id"]) == "equivalent" and st4.get(twins[0]["id"]) == "ok",
              "a note with \"col\" marks mutant #%d equivalent and leaves its same-text twin #%d on line %d as it was"
              % (twins[1]["id"], twins[0]["id"], twins[0]["line"]))
    # the random programs a mutation run generates are made again when a generator changes (they
    # were kept while the files existed, so a widened generator was never measured)
    import mutate_run  # noqa: E402
    rdir = os.path.join(ROOT, out, "rand")
    os.makedirs(rdir, exist_ok=True)
    open(os.path.join(rdir, "ttcosim_mut"), "w").close()
    ra = argparse.Namespace(build=rdir, out=rdir, tests="random", random_seeds=1, conv_dir=None)
    gen_names = [t.name for t in mutate_run.build_tests(ra)]
    first_prog = os.path.join(ROOT, gen_names[0])
    with open(first_prog, "w") as f:
        f.write("# stale\n")
    mutate_run.build_tests(ra)
    check(open(first_prog).read() == "# stale\n", "the generated random programs are kept while the generators stay")
    with open(os.path.join(rdir, "tests", "generators.sha256"), "w") as f:
        f.write("an older generator")
    mutate_run.build_tests(ra)
    check(len(gen_names) == 6 and open(first_prog).read() != "# stale\n",
          "the random programs are made again when a generator changed (%d programs)" % len(gen_names))
    # a negative test passes on a mutant only when it fails as expected: exit 1 of its own, every
    # expect-error / expect-lockstep text, the file named (as tests/run_negative.sh --lockstep)
    nt = mutate_run.Test("tests/negative/x.tts", ["ttcosim_mut", "tests/negative/x.tts"], "negative",
                         expect=["0x87000000", "code 2 (ERR_SFPU_UNDEFINED)"])
    good = "tests/negative/x.tts: RTL ERROR ...: code 2 (ERR_SFPU_UNDEFINED), info 0x87000000"
    check(mutate_run.passed(nt, 1, good) and not mutate_run.passed(nt, 0, good) and
          not mutate_run.passed(nt, -11, good) and not mutate_run.passed(nt, 1, good.replace("code 2", "code 1")),
          "a negative test passes only on its expected failure")
    want = mutate_run.negative_expect(os.path.join(ROOT, "tests/negative/run_undefined_sfppushc_full.tts"))
    check("code 2 (ERR_SFPU_UNDEFINED), info 0x87000000" in want and "0x87000000" in want,
          "a negative test's expectations include its expect-lockstep lines")
    for u in units:
        src = open(os.path.join(ROOT, "rtl_stubs", u + ".sv")).read()
        ins = open(os.path.join(ROOT, out, "rtl", u + ".sv")).read()
        check(src.count("\n") == ins.count("\n"), "%s: the instrumented copy has the source's %d lines"
              % (u, src.count("\n")))
        fd = mutate.Finder(u, "rtl_stubs/%s.sv" % u, src)
        fd.run()
        text, _ = mutate.instrument(fd, [])
        check(text == src, "%s: with no mutant the instrumentation gives the source back" % u)
        # every mutant's line/col holds one of its original tokens
        lines = src.split("\n")
        bad = []
        for m in (m for m in ms if m["unit"] == u):
            at = lines[m["line"] - 1][m["col"] - 1:]
            tok = re.match(r"[A-Za-z_$][\w$]*|\d+'?[sS]?[bBoOdDhH]?[0-9a-fA-F_]*|\S+?", at)
            if not tok or tok.group(0) not in m["original"] or m["context"] != lines[m["line"] - 1].strip():
                bad.append("#%d %s:%d:%d %r" % (m["id"], u, m["line"], m["col"], m["original"]))
        check(not bad, "%s: every mutant's line and column hold its original text%s" % (u, (": " + bad[0]) if bad else ""))
        # nothing in declarations, parameters or loop headers
        hdr = []
        for m in (m for m in ms if m["unit"] == u):
            full = lines[m["line"] - 1]
            st = full.lstrip()
            if st.startswith(("localparam", "parameter", "input", "output", "typedef")) or \
                    (re.match(r"(logic|int|bit)\b", st) and "=" not in st):
                hdr.append(m)
            if st.startswith("for ("):
                depth, close = 0, 0
                for k, ch in enumerate(full):
                    depth += ch == "("
                    depth -= ch == ")"
                    if ch == ")" and depth == 0:
                        close = k
                        break
                if m["col"] - 1 <= close:
                    hdr.append(m)
        check(not hdr, "%s: no mutant in a declaration, a parameter or a loop header%s"
              % (u, (": #%d line %d" % (hdr[0]["id"], hdr[0]["line"])) if hdr else ""))
        check(not [m for m in ms if m["unit"] == u and re.search(r"\binj|INJ_", m["original"] + m["mutated"])],
              "%s: no mutant switches a deliberate bug on" % u)
    ln = line_of("rtl_stubs/tt_pack_strided.sv", "row_o = row0_i + step;")
    check(any(m["line"] == ln and m["operator"] == "swap" and m["mutated"] == "row0_i - step" for m in ms),
          "tt_pack_strided.sv:%d: `row0_i + step` swapped to `row0_i - step`" % ln)
    ln_clz = line_of("rtl_stubs/tt_unpack_convert.sv", "n = 4'd8;")
    equiv = [m for m in ms if m["line"] == ln_clz and m["operator"] == "const_dec" and m["unit"] == "tt_unpack_convert"]
    check(len(equiv) == 1 and equiv[0]["mutated"] == "4'd7", "tt_unpack_convert.sv:%d: `4'd8` decremented" % ln_clz)
    ln_bfpa = line_of("rtl_stubs/tt_unpack_convert.sv", "e_n  = e - {4'd0, lz};")
    killed = [m for m in ms if m["line"] == ln_bfpa and m["operator"] == "swap" and m["unit"] == "tt_unpack_convert"]
    check(len(killed) == 1 and killed[0]["mutated"] == "e + {4'd0, lz}",
          "tt_unpack_convert.sv:%d: `e - {4'd0, lz}` swapped" % ln_bfpa)
    if fails:
        return 1

    # ---- 2. a killed and a surviving mutant through tools/mutate_run.py ----
    vl = os.path.join(out, "verilate_conv.log")
    cmd = ["verilator", "--cc", "--exe", "--build", "-j", "1", "--Mdir", os.path.join(out, "obj_conv"),
           "--top-module", "tt_unpack_convert", "-Wno-fatal", "-O3", "-MAKEFLAGS", "OPT_FAST=-O2",
           "-CFLAGS", "-I%s/ref_model/src -I%s/ref_model/include" % (ROOT, ROOT),
           "-LDFLAGS", os.path.abspath(os.path.join(a.build, "libttmodel.a")),
           "rtl_stubs/tt_pkg.sv", os.path.join(out, "rtl", "tt_mut_pkg.sv"), os.path.join(out, "rtl", "tt_unpack_convert.sv"),
           os.path.join(ROOT, "tests/conv/conv_compare.cpp")]
    with open(os.path.join(ROOT, vl), "w") as log:
        rc = subprocess.run(cmd, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT).returncode
    check(rc == 0, "the converter comparison builds from the instrumented tt_unpack_convert (log: %s)" % vl)
    if rc:
        return 1
    os.replace(os.path.join(ROOT, out, "obj_conv", "Vtt_unpack_convert"), os.path.join(ROOT, out, "conv_compare_mut"))
    kid, eid = killed[0]["id"], equiv[0]["id"]
    r = subprocess.run([sys.executable, "tools/mutate_run.py", "--build", a.build, "--out", out, "--jobs", "2",
                        "--ids", "%d,%d" % (kid, eid), "--tests", "conv", "--conv-dir", out],
                       cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    check(r.returncode == 0, "tools/mutate_run.py runs (selector 0 passes the baseline)")
    if r.returncode != 0:
        print(r.stdout[-3000:])
        return 1
    with open(os.path.join(ROOT, out, "report.json")) as f:
        rep = {x["id"]: x for x in json.load(f)["results"]}
    check(rep.get(kid, {}).get("status") == "killed" and rep[kid].get("by") == "conv_compare",
          "mutant #%d (BFP8a e + LZ) is killed by conv_compare" % kid)
    check(rep.get(eid, {}).get("status") == "survived", "mutant #%d (clz8 of 0, never asked) survives" % eid)
    md = open(os.path.join(ROOT, out, "report.md")).read()
    check("| %d | rtl_stubs/tt_unpack_convert.sv:%d |" % (eid, ln_clz) in md, "report.md lists the survivor with its line")

    # a run stopped from outside (SIGTERM as a batch system sends, here in its baseline) ends at once
    # with 128 + 15, never 0, and without a traceback (it once reported 0 and a partial table)
    p = subprocess.Popen([sys.executable, "tools/mutate_run.py", "--build", a.build, "--out", out, "--jobs", "1",
                          "--ids", "%d,%d" % (kid, eid), "--tests", "conv", "--conv-dir", out],
                         cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    first = p.stdout.readline()
    p.send_signal(signal.SIGTERM)
    rest = p.stdout.read()
    p.wait()
    check(first.startswith("mutate: baseline") and p.returncode == 143 and "interrupted" in rest
          and "Traceback" not in rest, "tools/mutate_run.py stopped by SIGTERM exits 143: %s" % rest.strip()[-100:])

    # ---- 3. the lockstep harness and +mutant ----
    test = "tests/directed/unpack_a_bfp8.tts"
    r0 = subprocess.run([os.path.join(a.build, "ttcosim"), test, "+mutant=0"], cwd=ROOT, stdout=subprocess.PIPE,
                        stderr=subprocess.STDOUT, text=True)
    check(r0.returncode == 0 and ": PASS:" in r0.stdout, "build/ttcosim accepts +mutant=0")
    r1 = subprocess.run([os.path.join(a.build, "ttcosim"), test, "+mutant=1"], cwd=ROOT, stdout=subprocess.PIPE,
                        stderr=subprocess.STDOUT, text=True)
    check(r1.returncode == 2 and "holds no mutants" in r1.stdout and "ttcosim_mut" in r1.stdout,
          "build/ttcosim refuses +mutant=1: %s" % r1.stdout.strip()[:120])
    r2 = subprocess.run([os.path.join(a.build, "ttcosim"), test, "+mutant=x"], cwd=ROOT, stdout=subprocess.PIPE,
                        stderr=subprocess.STDOUT, text=True)
    check(r2.returncode == 2 and "mutant" in r2.stdout, "build/ttcosim refuses +mutant=x")

    # ---- 7. a package of functions; a function evaluated at elaboration ----
    pdir = os.path.join(ROOT, a.build, "mutate_test_pkg")
    os.makedirs(pdir, exist_ok=True)
    with open(os.path.join(pdir, "t_pkg.sv"), "w") as f:
        f.write("package t_pkg;\n"
                "  typedef struct packed { logic [3:0] a; logic b; } t_s;\n"
                "  function automatic logic [3:0] run_fn(logic [3:0] x);\n"
                "    return x + 4'd3;\n"
                "  endfunction\n"
                "  function automatic logic [3:0] elab_fn();\n"
                "    return 4'd5 - 4'd1;\n"
                "  endfunction\n"
                "  localparam logic [3:0] K = elab_fn();\n"
                "endpackage\n")
    with open(os.path.join(pdir, "t_mod.sv"), "w") as f:
        f.write("module t_mod (input logic [3:0] x_i, output logic [3:0] y_i);\n"
                "  if (1) begin : g_chk\n"
                "    $error(\"never\");\n"
                "  end\n"
                "  assign y_i = t_pkg::run_fn(x_i) & t_pkg::K;\n"
                "endmodule\n")
    r = subprocess.run([sys.executable, "tools/mutate.py", "--out", os.path.join(pdir, "out"), "--rtl", pdir,
                        "--units", "t_pkg,t_mod", "--equiv", ""],
                       cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    check(r.returncode == 0, "tools/mutate.py reads a package and a module with an elaboration $error: %s"
          % r.stdout.strip()[-200:])
    if r.returncode == 0:
        with open(os.path.join(pdir, "out", "manifest.json")) as f:
            pm = json.load(f)["mutants"]
        lines = {(m["unit"], m["line"]) for m in pm}
        check(("t_pkg", 4) in lines, "a package function's sites are mutants (x + 4'd3 on line 4)")
        check(not any(u == "t_pkg" and ln == 7 for u, ln in lines),
              "no mutant in a function a localparam calls (line 7)")
        check(("t_mod", 5) in lines, "the module after the $error block is read (line 5)")

    # ---- 4. the manifest rule from an empty build directory (a fresh clone has no build/) ----
    fresh = os.path.join(a.build, "mutate_fresh")
    subprocess.run(["rm", "-rf", fresh], cwd=ROOT)
    r = subprocess.run(["make", "--no-print-directory", "BUILD=" + fresh, fresh + "/mutate/manifest.json"],
                       cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    check(r.returncode == 0 and os.path.exists(os.path.join(ROOT, fresh, "mutate", "manifest.json")),
          "make writes the mutation manifest into a build directory that does not exist yet")
    if r.returncode != 0:
        print(r.stdout[-2000:])
    subprocess.run(["rm", "-rf", fresh], cwd=ROOT)
    print("mutate-test: %s" % ("all checks passed" if not fails else "%d check(s) failed" % len(fails)))
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
