#!/usr/bin/env python3
"""Every input limit, played, checked and rendered: each must take under a second.

Tour files come from strangers, and time must stay linear in the input. This writes one
file at each limit the README states (the longest word, the most lines, the most items,
the most pages, the deepest nesting, the most feature items on a page), then runs the
release binary on each: `tour check`, `tour render`, and a real play on a pseudo-terminal
(first frame, a few keys, q). It fails when any run takes a second or more.
`make test` runs it, so it runs on every change.
"""
import json, os, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import TOUR, Terminal  # noqa: E402

LIMIT_SECONDS = 1.0
FILE_LIMIT = 4 << 20


def files(directory):
    """(name, path, what the first frame shows) for each limit."""
    made = []

    def write(name, text, ready):
        path = os.path.join(directory, name)
        with open(path, "w", encoding="utf-8") as out:
            out.write(text)
        assert os.path.getsize(path) <= FILE_LIMIT, name
        made.append((name, path, ready))

    word = "x" * ((1 << 20) - 16)  # a 1 MiB string: one unbreakable word
    write("longest-word.json", json.dumps({"pages": [{"title": word}, {"title": "two"}]}), "xxxx")
    lines = "\n".join("word" for _ in range(700_000))  # as many subtitle lines as fit
    write("most-lines.md", "# Lines\n" + lines + "\n", "Lines")
    items = [{"icon": "*", "title": f"Item {i}", "text": "What item %d does, in a few words." % i} for i in range(1000)]
    write("most-items.json", json.dumps({"pages": [{"kind": "features", "title": "Items", "items": items}, {"title": "two"}]}), "Items")
    write("most-pages.json", json.dumps({"pages": [{"title": f"Page {i}", "subtitle": "A line."} for i in range(10_000)]}), "Page 0")
    nested = '{"pages": [{"title": "Deep", "hero": ' + "[" * 63 + "]" * 63 + "}]}"
    write("deepest-nesting.json", nested, None)  # refused at the nesting limit: exit 65
    write("most-markdown-pages.md", "".join(f"# Page {i}\nA line.\n\n" for i in range(100_000)), None)  # over 10,000 pages: refused
    return made


def timed(argv):
    start = time.perf_counter()
    code = os.spawnv(os.P_WAIT, argv[0], argv) if False else None
    import subprocess
    result = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start, result.returncode


def play(path, ready):
    """First frame, j j j, Right, Left, q: the seconds it took and the exit code."""
    start = time.perf_counter()
    terminal = Terminal([TOUR, "--no-animation", path])
    if ready is not None:
        terminal.wait_for(lambda t: ready in t.text(), timeout=5)
        for key in [b"j", b"j", b"j", b"\x1bOC", b"\x1bOD"]:
            os.write(terminal.fd, key)
            terminal.pump(0.01)
        os.write(terminal.fd, b"q")
    while terminal.pump(1.0):
        if time.perf_counter() - start > 10:
            break
    _, status = os.waitpid(terminal.pid, 0)
    return time.perf_counter() - start, os.waitstatus_to_exitcode(status)


def main():
    failures = []
    with tempfile.TemporaryDirectory() as directory:
        for name, path, ready in files(directory):
            runs = [("check", timed([TOUR, "check", path])),
                    ("render", timed([TOUR, "render", path, "--page", "1", "--size", "80x24"])),
                    ("play", play(path, ready))]
            for what, (seconds, code) in runs:
                expected = (0,) if ready is not None else (65,)
                if what == "play" and ready is not None:
                    expected = (1,)
                line = f"{name:24} {what:6} {seconds * 1000:8.1f} ms  exit {code}"
                print(line)
                if seconds >= LIMIT_SECONDS or code not in expected:
                    failures.append(line + f" (expected under {LIMIT_SECONDS:.0f} s and exit {expected[0]})")
    if failures:
        print("limits: FAILED\n" + "\n".join(failures))
        sys.exit(1)
    print("limits: every file at a limit took under a second")


if __name__ == "__main__":
    main()
