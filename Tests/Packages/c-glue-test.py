#!/usr/bin/env python3
"""c-glue-test.py: the C glue holds what it claims (issue 66, item 9).

- Sources/CImage/draw.c declares libchafa's API by hand, so that neither chafa's nor
  glib's headers are needed to build: every CHAFA_ name it gives a value must have the
  same value in the installed chafa headers (/usr/include/chafa, from libchafa-dev),
  where enums count on from the last explicit value as C does.
- The image code's library lock is one object for every file: defined once, declared
  `extern` (a `static` in library.h gave each file its own).
- Only libjpeg's 6.2 ABI is opened: the code is compiled against its struct layout.
"""
import glob, os, re, sys

sys.path.insert(0, os.path.dirname(__file__))
from checks import Checks  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
check = Checks("c-glue")


def enum_values(text):
    """Every enumerator of every enum in C source `text`, by name."""
    values = {}
    for body in re.findall(r"enum\s*\w*\s*\{(.*?)\}", re.sub(r"/\*.*?\*/|//[^\n]*", "", text, flags=re.S), re.S):
        following = 0
        for entry in body.split(","):
            entry = entry.strip()
            if not entry:
                continue
            name, _, expression = entry.partition("=")
            name = name.strip()
            if expression.strip():
                python = re.sub(r"\b[A-Z_][A-Z0-9_]*\b", lambda found: str(values.get(found.group(0), found.group(0))), expression)
                following = eval(python, {"__builtins__": {}})  # shifts, ors and numbers only, from our own files
            values[name] = following
            following += 1
    return values


def main():
    ours = enum_values(open(os.path.join(ROOT, "Sources", "CImage", "draw.c")).read())
    ours = {name: value for name, value in ours.items() if name.startswith("CHAFA_")}
    headers = "".join(open(path).read() for path in sorted(glob.glob("/usr/include/chafa/*.h")))
    check("the chafa headers are installed (libchafa-dev)", headers)
    theirs = enum_values(headers)
    check("draw.c declares chafa's values", len(ours) >= 10, str(ours))
    for name, value in sorted(ours.items()):
        check(f"{name} is {value}, as chafa's headers say", theirs.get(name) == value, f"chafa: {theirs.get(name)}")

    library = open(os.path.join(ROOT, "Sources", "CImage", "library.h")).read()
    sources = {path: open(path).read() for path in glob.glob(os.path.join(ROOT, "Sources", "CImage", "*.c"))}
    definitions = [path for path, text in sources.items() if re.search(r"^pthread_mutex_t\s+tour_image_library_lock\s*=", text, re.M)]
    check("the library lock is declared extern in library.h and defined in one file",
          re.search(r"extern\s+pthread_mutex_t\s+tour_image_library_lock;", library) and len(definitions) == 1
          and "static pthread_mutex_t" not in library, str(definitions))
    jpeg = re.search(r'names\[\]\s*=\s*\{("libjpeg[^}]*)\}', sources[os.path.join(ROOT, "Sources", "CImage", "decode.c")])
    check("only libjpeg.so.62 is opened", jpeg and jpeg.group(1).replace(" ", "") == '"libjpeg.so.62",NULL', jpeg and jpeg.group(1))
    return check.summary()


if __name__ == "__main__":
    sys.exit(main())
