#!/usr/bin/env python3
"""check_doc_links.py FILE.md...: every relative link in the files points to a file that exists,
and every `#anchor` to a heading of that file (GitHub's rule: lower case, punctuation but `-` and
`_` dropped, blanks to `-`). Links in code blocks and to http(s) are not checked.
Prints `FILE:LINE: broken link TARGET (why)` per broken link and exits 1 when there is one."""
import os
import re
import sys


def slugs(path):
    out = set()
    in_code = False
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("```"):
                in_code = not in_code
            if in_code or not line.startswith("#"):
                continue
            text = line.lstrip("#").strip().lower()
            out.add(re.sub(r"[^\w\- ]", "", text).replace(" ", "-"))
    return out


def main(files):
    bad = 0
    for path in files:
        in_code = False
        with open(path, encoding="utf-8") as f:
            lines = f.readlines()
        for n, line in enumerate(lines, 1):
            if line.startswith("```"):
                in_code = not in_code
            if in_code:
                continue
            for target in re.findall(r"\]\(([^)\s]+)\)", line):
                if re.match(r"[a-z]+:", target):
                    continue
                file_part, _, anchor = target.partition("#")
                dest = os.path.normpath(os.path.join(os.path.dirname(path), file_part)) if file_part else path
                why = None
                if not os.path.exists(dest):
                    why = "no such file"
                elif anchor and dest.endswith(".md") and anchor not in slugs(dest):
                    why = f"no heading #{anchor} in {dest}"
                if why:
                    bad += 1
                    print(f"{path}:{n}: broken link {target} ({why})")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
