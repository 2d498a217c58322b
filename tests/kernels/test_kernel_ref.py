#!/usr/bin/env python3
"""test_kernel_ref.py: the self-test of tools/kernel_ref.py (make kernel-test): values worked by hand
from the spec's and the ISA pages' rules (each case's working is in kernel_ref.self_test), and a
check that the reference can fail (a wrong expected value is reported), and that --check fails on a
stale test file."""
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'tools'))
import kernel_ref as K  # noqa: E402


def main():
    rc = K.self_test()
    # the comparison can fail: ELWADD's half-up tie read as round-to-even would give 1.0 here
    if K.elwadd(0x3F80, 0x3B80) == 0x3F80:
        print('FAIL elwadd 1 + 2^-8 rounds to even, not half up')
        rc = 1
    # LoFi drops SrcB's last mantissa bit: a full-precision multiplier would keep it
    if K.elwmul_lofi(0x3F80, 0x3F81) == 0x3F81:
        print('FAIL elwmul LoFi kept SrcB mantissa bit 7')
        rc = 1
    # --check fails on a stale file: write the files to a scratch directory, change one datum
    tool = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'tools', 'kernel_ref.py')
    with tempfile.TemporaryDirectory() as d:
        subprocess.run([sys.executable, tool, '--write', d], check=True)
        if subprocess.run([sys.executable, tool, '--check', d]).returncode != 0:
            print('FAIL kernel_ref.py --check rejects what --write wrote')
            rc = 1
        path = os.path.join(d, 'llk_add.tts')
        with open(path) as f:
            text = f.read()
        with open(path, 'w') as f:
            f.write(text.replace('raw:0x', 'raw:0X', 1))
        p = subprocess.run([sys.executable, tool, '--check', d], capture_output=True, text=True)
        if p.returncode != 1 or 'llk_add.tts differs' not in p.stderr:
            print('FAIL kernel_ref.py --check accepted a stale llk_add.tts (exit %d)' % p.returncode)
            rc = 1
    print('test_kernel_ref: %s' % ('PASS' if rc == 0 else 'FAIL'))
    return rc


if __name__ == '__main__':
    sys.exit(main())
