#!/usr/bin/env python3
"""tools/check_contract.py must pass on the tree and fail on each planted difference between
docs/design.md's contract tables and rtl_stubs/tt_core.sv, rtl_stubs/tt_pkg.sv and
dpi/retire_fields.def (a checker that cannot fail proves nothing)."""
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TOOL = os.path.join(ROOT, "tools", "check_contract.py")
FILES = {"core": "rtl_stubs/tt_core.sv", "pkg": "rtl_stubs/tt_pkg.sv", "doc": "docs/design.md",
         "def": "dpi/retire_fields.def"}

# (what, file, text to replace, replacement, text the report must contain, exit status)
PLANTS = [
    ("a port's width", "core", "input  logic [31:0]          srnd_seed_i,", "input  logic [15:0]          srnd_seed_i,",
     "srnd_seed_i", 1),
    ("a port the doc lacks", "core", "  input  logic                 rst_ni,\n",
     "  input  logic                 rst_ni,\n  input  logic [NUM_INJ_BITS-1:0] inject_i,\n", "inject_i", 1),
    ("a port's direction", "core", "output logic                 err_valid_o,", "input  logic                 err_valid_o,",
     "err_valid_o", 1),
    ("a port the code lacks", "doc", "| `err_info_o` |", "| `err_extra_o` |", "err_extra_o", 1),
    ("a port row missing", "doc", "| `quiet_o` | output | 1 |", "| `quiet_x` | output | 1 |", "quiet_o", 1),
    ("a documented width", "doc", "| `retire_o` | output | 22 × retire_t |", "| `retire_o` | output | 21 × retire_t |",
     "retire_o", 1),
    ("a struct field's width", "pkg", "    logic [9:0]  row;      // SrcA/SrcB 0..63",
     "    logic [10:0] row;      // SrcA/SrcB 0..63", "rf_wr_t: row", 1),
    ("an enum value", "pkg", "UNIT_XMOV    = 4'd10", "UNIT_XMOV    = 4'd12", "unit_e", 1),
    ("a constant", "pkg", "localparam int unsigned RF_MATH_PORTS = 8, RF_MATH_WR_PORTS = 16,",
     "localparam int unsigned RF_MATH_PORTS = 8, RF_MATH_WR_PORTS = 15,", "RF_MATH_WR_PORTS", 1),
    ("the C field table's order", "def", "    X(cfg_state, 1, 1)     \\\n    X(cfg_addr, 8, 1)      \\\n",
     "    X(cfg_addr, 8, 1)      \\\n    X(cfg_state, 1, 1)     \\\n", "RETIRE_FIELDS entry 6", 1),
    ("the C field table's width", "def", "    X(bulk, 11, 1)         \\\n", "    X(bulk, 10, 1)         \\\n",
     "RF_WR_FIELDS", 1),
    ("a table's marker", "doc", "<!-- contract: enum stall_e -->", "<!-- stall_e -->", "contract: enum stall_e", 1),
    # a "/*" inside a line comment opens no block comment (it once hid every constant after tt_pkg's
    # include-guard comment naming rtl_stubs/*.sv: exit 2, "GPR_WR_SLOTS is not defined")
    ("a constant after a line comment naming *.sv", "pkg", "  localparam int unsigned GPR_WR_SLOTS = 5;",
     "  // rtl_stubs/*.sv\n  localparam int unsigned GPR_WR_SLOTS = 6;", "GPR_WR_SLOTS", 1),
    ("an unreadable port list", "core", "output logic                 quiet_o", "output logic quiet_o = 1",
     "cannot read port", 2),
]


def run(paths):
    p = subprocess.run([sys.executable, TOOL, "--core", paths["core"], "--pkg", paths["pkg"], "--doc", paths["doc"],
                        "--def", paths["def"]], capture_output=True, text=True)
    return p.returncode, p.stdout + p.stderr


def main():
    fails = 0
    orig = {k: os.path.join(ROOT, v) for k, v in FILES.items()}
    rc, out = run(orig)
    if rc != 0:
        print("FAIL: the tree itself does not pass:\n" + out)
        return 1
    print("ok   the tree passes")
    with tempfile.TemporaryDirectory() as d:
        for what, key, old, new, expect, want_rc in PLANTS:
            with open(orig[key]) as f:
                text = f.read()
            if text.count(old) != 1:
                print("FAIL %s: the fixture's text is not in %s once (update the fixture)" % (what, FILES[key]))
                fails += 1
                continue
            planted = os.path.join(d, os.path.basename(FILES[key]))
            with open(planted, "w") as f:
                f.write(text.replace(old, new))
            paths = dict(orig)
            paths[key] = planted
            rc, out = run(paths)
            if rc == want_rc and expect in out:
                print("ok   %s: caught (exit %d)" % (what, rc))
            else:
                print("FAIL %s: exit %d (want %d), report without '%s':\n%s" % (what, rc, want_rc, expect, out))
                fails += 1
    print("%d planted differences, %d not caught" % (len(PLANTS), fails))
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
