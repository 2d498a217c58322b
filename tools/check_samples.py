#!/usr/bin/env python3
"""check_samples.py [--root DIR] FILE.md...: the sample outputs of a document are what the commands
print today (issue 28 part 4: a stale sample fails `make docs-test`).

A sample is a fenced code block right after the line `<!-- sample -->` (text may follow `sample`
inside the comment, e.g. `<!-- sample: checked by make docs-test -->`; both may be indented, as in
a list item, and the block's lines lose the fence's indentation). In it, a line starting with
`$ ` is a command; the lines after it, up to the next command or the fence, are what it prints.
Each command runs with bash in DIR (default: the repository this script is in), on a pseudo-terminal
(so stdout and stderr interleave as a reader sees them), without the calling make's MAKEFLAGS; its
exit status must be 0, or N when the command line ends in `# exits N`.

Both sides are normalised before they are compared, for what varies from run to run or machine to
machine: DIR itself reads `<repo>`; a time (`0.01 s`) reads `# s`; a rate (`11232 cycles/s`,
`1.2 M cycles/s`, also instructions, tiles, items) reads `# cycles/s`; trailing blanks go. In the
sample, `...` inside a line stands for any text, and a line that is only `...` for any number of
lines (none too). Everything else must match line for line.

Prints, per stale command, `FILE:LINE: sample of 'CMD' is stale` with the expected and the actual
output, and exits 1 when there is one (2: an unreadable file, a block without commands, or a
marker not followed by a fence); otherwise prints `N samples, M commands checked` and exits 0."""
import os
import pty
import re
import select
import subprocess
import sys
import time

MARK = re.compile(r"^<!--\s*sample\b.*-->$")
EXITS = re.compile(r"#\s*exits\s+(\d+)\s*$")
TIMEOUT = 600


def normalise(text, root):
    text = text.replace(root, "<repo>")
    text = re.sub(r"\b\d+(?:\.\d+)?(?: ?[kM])? (cycles|instructions|tiles|items)/s\b", r"# \1/s", text)
    text = re.sub(r"\b\d+(?:\.\d+)? s\b", "# s", text)
    return [ln.rstrip() for ln in text.splitlines()]


def pattern(expected):
    """One regex over the whole output (lines joined by \\n) from the sample's lines."""
    parts = []
    for ln in expected:
        if ln.strip() == "...":
            parts.append(r"(?:[^\n]*\n)*?")
        else:
            parts.append(".*?".join(re.escape(p) for p in ln.split("...")) + r"\n")
    return re.compile("".join(parts))


def run(cmd, root):
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS", "MAKEOVERRIDES")}
    env["TERM"] = "dumb"
    master, slave = pty.openpty()
    p = subprocess.Popen(["bash", "-c", cmd], cwd=root, env=env, stdin=subprocess.DEVNULL, stdout=slave,
                         stderr=slave, close_fds=True)
    os.close(slave)
    out = bytearray()
    end = time.time() + TIMEOUT
    while True:
        r, _, _ = select.select([master], [], [], 1.0)
        if r:
            try:
                data = os.read(master, 65536)
            except OSError:   # EIO: every writer has closed the terminal
                data = b""
            if not data:
                break
            out += data
        if time.time() > end:
            p.kill()
            out += b"\n(killed after %d s)\n" % TIMEOUT
            break
    os.close(master)
    rc = p.wait()
    return rc, out.decode("utf-8", "replace").replace("\r\n", "\n")


def samples(path):
    """(line of the command, command, expected exit status, expected lines) per command."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    out, nblocks, i = [], 0, 0
    while i < len(lines):
        if not MARK.match(lines[i].strip()):
            i += 1
            continue
        if i + 1 >= len(lines) or not lines[i + 1].lstrip().startswith("```"):
            raise ValueError(f"{path}:{i + 1}: a sample marker must be followed by a ``` fence")
        indent = len(lines[i + 1]) - len(lines[i + 1].lstrip())   # a block inside a list item
        nblocks += 1
        i += 2
        cur = None
        start = len(out)
        while i < len(lines) and not lines[i].lstrip().startswith("```"):
            ln = lines[i][indent:] if lines[i][:indent].strip() == "" else lines[i]
            if ln.startswith("$ "):
                m = EXITS.search(ln)
                cur = [i + 1, ln[2:].strip(), int(m.group(1)) if m else 0, []]
                out.append(cur)
            elif cur is None:
                raise ValueError(f"{path}:{i + 1}: a sample's first line must be a command ('$ ...')")
            else:
                cur[3].append(ln)
            i += 1
        if len(out) == start:
            raise ValueError(f"{path}: the sample before line {i + 1} has no command")
        i += 1
    return nblocks, out


def main(argv):
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    if len(argv) > 2 and argv[1] == "--root":
        root = os.path.abspath(argv[2])
        argv = argv[2:]
    files = argv[1:]
    if not files:
        print("usage: check_samples.py [--root DIR] FILE.md...", file=sys.stderr)
        return 2
    stale = nblocks = ncmds = 0
    for path in files:
        try:
            nb, cmds = samples(path)
        except (OSError, ValueError) as e:
            print(f"check_samples.py: {e}", file=sys.stderr)
            return 2
        nblocks += nb
        for line, cmd, want_rc, expected in cmds:
            ncmds += 1
            rc, text = run(cmd, root)
            got = normalise(text, root)
            want = normalise("\n".join(expected), root)
            ok = rc == want_rc and pattern(want).fullmatch("".join(g + "\n" for g in got)) is not None
            if not ok:
                stale += 1
                print(f"{path}:{line}: sample of '{cmd}' is stale (exit status {rc}, expected {want_rc})")
                print("  the sample says:")
                print("".join(f"    {w}\n" for w in want), end="")
                print("  the command prints (normalised):")
                print("".join(f"    {g}\n" for g in got), end="")
    if stale:
        return 1
    print(f"{nblocks} samples, {ncmds} commands checked")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
