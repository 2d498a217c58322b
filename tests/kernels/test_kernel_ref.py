#!/usr/bin/env python3
"""test_kernel_ref.py: the self-test of tools/kernel_ref.py (make kernel-test): values worked by hand
from the spec's and the ISA pages' rules (each case's working is in kernel_ref.self_test), and a
check that the reference can fail (a wrong expected value is reported)."""
import os
import sys

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
    return rc


if __name__ == '__main__':
    sys.exit(main())
