#!/usr/bin/env python3
"""Unit test of tools/coverage_report.py: merge sums bins and keeps unreachable ones out of the
percentages, a failing run is named, weights raise only the knobs of missed bins, and the
coverage.dat reader splits line and toggle points per file."""
import io
import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tools"))
import coverage_report as cr  # noqa: E402


def run(test, result, bins, unreachable=None):
    return {"format": cr.FORMAT, "test": test, "result": result,
            "groups": {"insn": {"about": "x", "bins": bins, "unreachable": unreachable or {}}}}


def main():
    with tempfile.TemporaryDirectory() as d:
        a = run("a.tts", "pass", {"ADDDMAREG.opb=reg@t0": 2, "ADDDMAREG.opb=const@t0": 0, "X": 0}, {"X": "never"})
        b = run("b.tts", "fail", {"ADDDMAREG.opb=reg@t0": 1, "ADDDMAREG.opb=const@t0": 0, "X": 0}, {"X": "never"})
        for n, r in (("a", a), ("b", b)):
            with open(os.path.join(d, n + ".json"), "w") as f:
                json.dump(r, f)
        m = cr.merge([d])
        assert m["runs"] == 2 and m["failed"] == ["b.tts"], m
        g = m["groups"]["insn"]
        assert g["bins"]["ADDDMAREG.opb=reg@t0"] == 3
        reach, hit, missed, bad = cr.group_stats(g)
        assert len(reach) == 2 and hit == ["ADDDMAREG.opb=reg@t0"] and missed == ["ADDDMAREG.opb=const@t0"] and not bad
        out = io.StringIO()
        cr.report(m, out=out)
        text = out.getvalue()
        assert "50.0%" in text and "FAILED" in text and "never" in text, text
        w = cr.weights(m)["knobs"]
        assert w == {"body.alu": 3.0, "alu.adddmareg": 3.0}, w
        g["bins"]["X"] = 1                       # an unreachable bin that is hit is reported
        out = io.StringIO()
        cr.report(m, out=out)
        assert "WARNING: insn/X" in out.getvalue()
        dat = os.path.join(d, "c.dat")
        with open(dat, "w") as f:
            f.write("# SystemC::Coverage-3\n")
            f.write("C '\x01f\x02rtl/a.sv\x01l\x0210\x01page\x02v_line/a\x01o\x02block' 5\n")
            f.write("C '\x01f\x02rtl/a.sv\x01l\x0211\x01page\x02v_line/a\x01o\x02block' 0\n")
            f.write("C '\x01f\x02rtl/a.sv\x01l\x023\x01page\x02v_toggle/a\x01o\x02x[0]' 1\n")
        pts = cr.vl_points(dat)
        assert pts[("a.sv", "line")] == [2, 1] and pts[("a.sv", "toggle")] == [1, 1], dict(pts)
    print("test_coverage_report.py: all passed")


if __name__ == "__main__":
    main()
