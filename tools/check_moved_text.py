#!/usr/bin/env python3
"""check_moved_text.py OLD NEW...: every line of OLD's text is still somewhere in the NEW files.

Written for the README split (issue 17): OLD is the README before the split (e.g. from
`git show REV:README.md`), NEW the new README.md and docs/*.md. A line of OLD counts as kept when its
text, with runs of blanks collapsed, occurs in the NEW files with all line breaks read as blanks
(so a reflowed paragraph still matches line by line). Headings (`#` lines), code fences and blank
lines are not checked. Relative link paths are compared without their leading `../` (a file moved
into docs/ points to `../waves/x.png`). A list marker (`- `) at the start of a line is ignored.

A line not found whole is split into clauses at `,`, `;`, `(` and `)`; when every clause of 12
characters or more is found (a paragraph turned into a table, a sentence cut at a clause), it is
listed as `SPLIT OLD:LINE: text` for a reader to look at, and counts as kept.

Prints one `MISSING OLD:LINE: text` line per line not found and `N of M lines kept (S split)`; exit
status 1 when a line is missing, 2 on a bad command line or an unreadable file.
"""
import re
import sys


def norm(text):
    text = text.replace("](../", "](")
    return re.sub(r"\s+", " ", text).strip()


def main(argv):
    if len(argv) < 3:
        print("usage: check_moved_text.py OLD NEW...", file=sys.stderr)
        return 2
    try:
        with open(argv[1], encoding="utf-8") as f:
            old = f.read().splitlines()
        corpus = []
        for path in argv[2:]:
            with open(path, encoding="utf-8") as f:
                corpus.append(norm(f.read()))
    except OSError as e:
        print(f"check_moved_text.py: {e.filename}: {e.strerror}", file=sys.stderr)
        return 2
    haystack = " \n ".join(corpus)
    checked = 0
    missing = 0
    split = 0
    in_code = False
    for n, line in enumerate(old, 1):
        s = line.strip()
        if s.startswith("```"):
            in_code = not in_code
            continue
        if not s or (s.startswith("#") and not in_code):
            continue
        if s.startswith("- "):
            s = s[2:]
        checked += 1
        if norm(s) in haystack:
            continue
        clauses = [c for c in (norm(c) for c in re.split(r"[,;()]", s)) if len(c) >= 12]
        if clauses and all(c in haystack for c in clauses):
            split += 1
            print(f"SPLIT {argv[1]}:{n}: {s}")
        else:
            missing += 1
            print(f"MISSING {argv[1]}:{n}: {s}")
    print(f"{checked - missing} of {checked} lines kept ({split} split)")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
