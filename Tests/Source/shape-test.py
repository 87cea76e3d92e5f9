#!/usr/bin/env python3
"""shape-test.py: the code stays in pieces a reader can hold (issue 66, item 12): no file
under Sources over 500 lines (generated tables aside), no Swift function over 80 lines.
A function is counted from its `func` line to the brace that closes it at its indent.

And the terminal's answers are read in one place (issue 66, item 2): a file that looks at
which answer came (a `case` of one, or a comparison with one) is one of three: the reduce
(TerminalReplies.note), the decoder that takes them out of the input (it stops waiting at
the fence), and the list of questions (whose cases are named as the answers are).
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


REPLY_NAMES = r"(deviceAttributes|colorScheme|backgroundColor|kittyGraphics|sixelGraphics|terminalVersion|cellSize)\b"
REPLY_READ = re.compile(r"case (let )?\." + REPLY_NAMES + r"|(==|!=) \." + REPLY_NAMES + r"|contains\(\." + REPLY_NAMES)
REPLY_READERS = {"Sources/TourCore/Input/TerminalReplies.swift", "Sources/TourCore/Input/KeyDecoder.swift",
                 "Sources/TourCore/Input/StartupQuestions.swift"}


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
    readers = {os.path.relpath(path, ROOT) for path in sources
               if path.endswith(".swift") and REPLY_READ.search(open(path).read())}
    check(f"the terminal's answers are read in at most 3 files: {sorted(readers)}",
          readers <= REPLY_READERS and 1 <= len(readers) <= 3)
    return check.summary()


if __name__ == "__main__":
    sys.exit(main())
