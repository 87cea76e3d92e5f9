#!/usr/bin/env python3
"""shape-test.py: the code stays in pieces a reader can hold (issue 66, item 12): no file
under Sources over 500 lines (generated tables aside), no Swift function over 80 lines.
A function is counted from its `func` line to the brace that closes it at its indent.
"""
import glob, os, re, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Packages"))
from checks import Checks  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
check = Checks("shape")
# Written by scripts/generate-width-table.py.
GENERATED = {"Sources/TourCore/Text/WidthTable.swift"}


def functions(lines):
    for index, line in enumerate(lines):
        found = re.match(r"^(\s*)(?:[\w@()]+\s+)*func\s+(\w+)", line)
        if not found or not line.rstrip().endswith("{"):
            continue
        indent = found.group(1)
        for end in range(index + 1, len(lines)):
            if lines[end].startswith(indent + "}") and len(lines[end]) - len(lines[end].lstrip()) == len(indent):
                yield found.group(2), index + 1, end - index + 1
                break


def main():
    sources = sorted(glob.glob(os.path.join(ROOT, "Sources", "**", "*.swift"), recursive=True)
                     + glob.glob(os.path.join(ROOT, "Sources", "**", "*.c"), recursive=True))
    check("the sources are there", len(sources) > 100, str(len(sources)))
    for path in sources:
        name = os.path.relpath(path, ROOT)
        lines = open(path).read().split("\n")
        if name not in GENERATED:
            check(f"{name} is at most 500 lines ({len(lines)})", len(lines) <= 501)
        if path.endswith(".swift"):
            for function, line, length in functions(lines):
                check(f"{name}:{line}: {function} is at most 80 lines ({length})", length <= 80)
    return check.summary()


if __name__ == "__main__":
    sys.exit(main())
