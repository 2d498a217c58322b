"""gen_files.py: the write-or-check step shared by the test-file generators (kernel_ref.py,
gen_kernel_mx_tests.py, sfpu_ref.py): each generates its files as text and either writes them or
checks that the checked-in ones are exactly that (their --check in make kernel-test / sfpu-test)."""
import os
import sys


def sync(tool, files, out_dir, write, rerun):
    """Write `files` ({name: text}) under out_dir, or (write False) count those whose checked-in text
    is missing or differs, each named on stderr as `tool`'s with the hint `rerun`. Returns that count."""
    bad = 0
    if write:
        os.makedirs(out_dir, exist_ok=True)
    for name, text in sorted(files.items()):
        path = os.path.join(out_dir, name)
        if write:
            with open(path, 'w') as f:
                f.write(text)
            continue
        try:
            with open(path) as f:
                cur = f.read()
        except OSError as e:
            print('%s: %s: %s' % (tool, path, e.strerror), file=sys.stderr)
            bad += 1
            continue
        if cur != text:
            print('%s: %s differs from what tools/%s writes (%s)' % (tool, path, tool, rerun), file=sys.stderr)
            bad += 1
    return bad
