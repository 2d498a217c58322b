#!/usr/bin/env python3
"""test_shrink.py: tools/shrink.py against tests/shrink/fake_cosim.py, a stand-in harness whose
failure needs four lines spread over three threads and which hangs, stops with exit status 2 or
fails another way when some lines go (see its docstring). Seconds, no Verilator build needed."""
import json
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SHRINK = os.path.join(ROOT, "tools", "shrink.py")
FAKE = os.path.join(HERE, "fake_cosim.py")
FAKE_MODEL = os.path.join(HERE, "fake_model")   # fake_cosim.py as `ttmodel run`, written by setUp
sys.path.insert(0, os.path.join(ROOT, "tools"))
import shrink  # noqa: E402

FILL = ["ttnop", "ttdmanop", "ttadddmareg 1,3,1,2", "idle 3"]
NEEDED = ["ttsetdmareg 0,5,0,3", "ttstoreind 1,0,1,10,2,24,62", "ttsemwait 1,32,1", "ttsempost 32"]


def read(path):
    with open(path) as f:
        return f.read()


def fill(n):
    return [FILL[i % len(FILL)] for i in range(n)]


def failing_test():
    return "\n".join(
        ["# a test for the shrinker", "max_cycles 5000", "cfg 0 50 0x1", "l1 tile 0x1000 bf16 datums=16",
         "  1 2 3 4 5 6 7 8", "  9 10 11 12 13 14 15 16", "expect gpr 0 1 0x5", "thread 0"]
        + fill(15) + ["ttsetdmareg 0,5,0,3"] + fill(8) + ["ttsetdmareg 0,9,0,4"] + fill(8) + ["ttloadind 0,54,0,1,62", "drain", "store mop 0 0x2",
                                                            "ttmop 1,0,0"] + fill(7)
        + ["ttstoreind 1,0,1,10,2,24,62"] + fill(20)
        + ["thread 1"] + fill(12) + ["ttsemwait 1,32,1   # waits for thread 2"] + fill(12)
        + ["thread 2"] + fill(10) + ["idle 77"] + fill(5) + ["idle 78", "ttsempost 32"] + fill(15)
        + ["gpr 1 2 0x3       # a preload between streams", "brisc", "idle 4", "push 1 ttnop"]) + "\n"


def stream_lines(text):
    return [ln.split("#")[0].strip() for ln in text.splitlines() if shrink.classify(ln) == "stream"]


class ShrinkTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        global FAKE_MODEL
        FAKE_MODEL = os.path.join(self.tmp.name, "fake_model")
        with open(FAKE_MODEL, "w") as f:
            f.write(f"#!/bin/sh\nexec {sys.executable} {FAKE} \"$@\"\n")
        os.chmod(FAKE_MODEL, 0o755)
        self.src = os.path.join(self.tmp.name, "t.tts")
        with open(self.src, "w") as f:
            f.write(failing_test())

    def tearDown(self):
        self.tmp.cleanup()

    def run_shrink(self, *opts, src=None, hang=False):
        return subprocess.run([sys.executable, SHRINK, src or self.src, "--binary", FAKE, "--run-timeout", "3", "-q",
                               "--model", FAKE_MODEL,
                               "--json", os.path.join(self.tmp.name, "r.json")] + list(opts),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=300,
                              env=dict(os.environ, FAKE_HANG="1" if hang else ""))

    def test_classify(self):
        self.assertEqual(shrink.classify("thread 2   # pack"), "section")
        self.assertEqual(shrink.classify("brisc"), "section")
        self.assertEqual(shrink.classify("ttsetc16 41,257"), "stream")
        self.assertEqual(shrink.classify(".word 0x52851340"), "stream")
        self.assertEqual(shrink.classify("store mop 3 0x1"), "stream")
        self.assertEqual(shrink.classify("  1 2 0.5 -inf"), "fixed")      # l1 tile continuation
        self.assertEqual(shrink.classify("l1 u32 0x100 0x1"), "fixed")
        self.assertEqual(shrink.classify("expect gpr 0 1 0x5"), "expect")

    def test_shrinks_to_the_needed_lines(self):
        p = self.run_shrink(hang=True)
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
        out = os.path.join(self.tmp.name, "t_min.tts")
        text = read(out)
        # the four the failure needs, and the one the model alone needs to run without an error
        self.assertEqual(sorted(stream_lines(text)), sorted(NEEDED + ["ttsetdmareg 0,9,0,4"]), text)
        # preloads (with the tile's continuation lines) stay, the expect line goes
        for keep in ("cfg 0 50 0x1", "  9 10 11 12 13 14 15 16", "gpr 1 2 0x3", "max_cycles 5000"):
            self.assertIn(keep, text)
        self.assertNotIn("expect", text)
        self.assertNotIn("brisc", text)   # an emptied section is left out
        res = json.loads(read(os.path.join(self.tmp.name, "r.json")))
        self.assertEqual((res["kind"], res["insn"], res["lines_after"]), ("MISMATCH (L1 write)", "ttstoreind", 5))
        self.assertGreater(res["lines_before"], 100)
        self.assertFalse(res["budget_exhausted"])
        # and it still fails that way
        q = subprocess.run([FAKE, out], stdout=subprocess.PIPE, text=True)
        self.assertEqual(q.returncode, 1)
        self.assertIn("MISMATCH (L1 write)", q.stdout)

    def test_no_model_check(self):
        self.assertEqual(self.run_shrink("--no-model").returncode, 0)
        self.assertEqual(sorted(stream_lines(read(os.path.join(self.tmp.name, "t_min.tts")))), sorted(NEEDED))

    def test_parallel_gives_the_same_file(self):
        # candidates are taken in order whatever finishes first: the same result as one at a time
        self.assertEqual(self.run_shrink("--jobs", "3", "-o", os.path.join(self.tmp.name, "p.tts")).returncode, 0)
        self.assertEqual(sorted(stream_lines(read(os.path.join(self.tmp.name, "p.tts")))),
                         sorted(NEEDED + ["ttsetdmareg 0,9,0,4"]))

    def test_keep_expect(self):
        self.assertEqual(self.run_shrink("--keep-expect", "--budget", "0.3").returncode, 0)
        self.assertIn("expect gpr 0 1 0x5", read(os.path.join(self.tmp.name, "t_min.tts")))

    def test_budget_stops_with_a_failing_file(self):
        p = self.run_shrink("--budget", "0.5")
        self.assertEqual(p.returncode, 0, p.stderr)
        res = json.loads(read(os.path.join(self.tmp.name, "r.json")))
        self.assertTrue(res["budget_exhausted"])
        q = subprocess.run([FAKE, os.path.join(self.tmp.name, "t_min.tts")], stdout=subprocess.PIPE, text=True)
        self.assertIn("MISMATCH (L1 write)", q.stdout)

    def test_passing_test_is_not_shrunk(self):
        src = os.path.join(self.tmp.name, "pass.tts")
        with open(src, "w") as f:
            f.write("thread 0\nttnop\n")
        p = self.run_shrink(src=src)
        self.assertEqual(p.returncode, 1)
        self.assertIn("does not fail with a MISMATCH", p.stderr)
        self.assertFalse(os.path.exists(os.path.join(self.tmp.name, "pass_min.tts")))

    def test_other_failure_is_not_shrunk(self):
        src = os.path.join(self.tmp.name, "wd.tts")
        with open(src, "w") as f:
            f.write("thread 1\nttsemwait 1,32,1\n")
        p = self.run_shrink(src=src)
        self.assertEqual(p.returncode, 1)
        self.assertIn("WATCHDOG", p.stderr)

    def test_bad_command_lines(self):
        p = subprocess.run([sys.executable, SHRINK, self.src, "--binary", "/nonexistent/ttcosim"],
                           stderr=subprocess.PIPE, text=True)
        self.assertEqual(p.returncode, 2)
        self.assertIn("is not an executable", p.stderr)
        p = subprocess.run([sys.executable, SHRINK, "/nonexistent.tts", "--binary", FAKE], stderr=subprocess.PIPE,
                           text=True)
        self.assertEqual(p.returncode, 2)
        self.assertIn("cannot read /nonexistent.tts", p.stderr)


if __name__ == "__main__":
    unittest.main(verbosity=2)
