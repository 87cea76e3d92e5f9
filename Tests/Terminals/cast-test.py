#!/usr/bin/env python3
"""cast-test.py TOUR_BINARY: `tour render --format cast` (issue 66, item 8) writes an
asciicast v2 file that Debian's asciinema plays (`asciinema cat`), and that shows, page by
page, what the pager shows: the recording is replayed into a terminal model (pyte) and
the screen at each page a person reads is held to `tour render --page N --format text`,
the same page drawn alone. A practice page is read twice: as it asks (drawn alone as
render draws it) and once its key was pressed, with the check mark and its done line.
"""
import json, os, pty, subprocess, sys, tempfile

import pyte

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Packages"))
from checks import Checks  # noqa: E402

check = Checks("cast")
BINARY = os.path.abspath(sys.argv[1])
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
WELCOME = json.load(open(os.path.join(ROOT, "Resources", "welcome.json")))
# The built-in tour's practice pages, numbered from 1, and the line each shows once done.
BUILTIN_PRACTICE = {number: page["done"] for number, page in enumerate(WELCOME["pages"], start=1) if page.get("kind") == "practice"}
ENV = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": "/nonexistent", "TERM": "xterm-256color"}


def on_terminal(argv):
    """Runs `argv` with a pseudo-terminal as its controlling terminal (asciinema cat opens
    /dev/tty); returns its exit code and everything it wrote."""
    pid, fd = pty.fork()
    if pid == 0:
        os.execvpe(argv[0], argv, ENV)
    output = b""
    while True:
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            break
        if not chunk:
            break
        output += chunk
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    return os.waitstatus_to_exitcode(status), output


def rendered_page(page, size, tour=None):
    argv = [BINARY, "render", *([tour] if tour else []), "--page", str(page), "--size", size, "--format", "text"]
    return subprocess.run(argv, env=ENV, stdout=subprocess.PIPE, check=True, text=True).stdout


def screen_lines(screen):
    return [line.rstrip() for line in screen.display]


def settled_screens(events, columns, rows):
    """The screen at each moment a person reads: the last frame before a pause of a second
    or more (the pager is fed Enter only after the page was read)."""
    screen = pyte.Screen(columns, rows)
    stream = pyte.Stream(screen)
    settled = []
    for index, (time, _, data) in enumerate(events):
        stream.feed(data)
        following = events[index + 1][0] if index + 1 < len(events) else None
        if following is not None and following - time >= 1.0:
            settled.append(screen_lines(screen))
    return settled


def play(size, tour=None, pages=None, practice=None):
    """practice: the practice pages, by number, and each one's done line."""
    practice = practice or {}
    columns, rows = (int(n) for n in size.split("x"))
    with tempfile.TemporaryDirectory() as folder:
        cast = os.path.join(folder, "tour.cast")
        made = subprocess.run([BINARY, "render", *([tour] if tour else []), "--format", "cast", "--size", size, "--output", cast],
                              env=ENV, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        check(f"{size}: render --format cast exits 0", made.returncode == 0, made.stdout)
        lines = open(cast).read().splitlines()
        header = json.loads(lines[0])
        check(f"{size}: an asciicast v2 header of the size asked", header.get("version") == 2 and header.get("width") == columns
              and header.get("height") == rows, lines[0])
        events = [json.loads(line) for line in lines[1:]]
        check(f"{size}: every event is [time, \"o\", text], in order of time",
              all(len(e) == 3 and e[1] == "o" and isinstance(e[2], str) for e in events)
              and all(a[0] <= b[0] for a, b in zip(events, events[1:])), lines[1][:200])
        code, output = on_terminal(["asciinema", "cat", cast])
        check(f"{size}: asciinema cat plays it, every event's output in order",
              code == 0 and output.decode() == "".join(e[2] for e in events), output.decode(errors="replace")[-300:])
        settled = settled_screens(events, columns, rows)
        # Each page once; a practice page again once its key was pressed.
        readings = [(number, done) for number in range(1, pages + 1) for done in ([False, True] if number in practice else [False])]
        check(f"{size}: one settled screen a page, and one more a practice ({len(settled)} for {pages} pages, {len(practice)} practice)",
              len(settled) == len(readings))
        for (number, done), screen in zip(readings, settled):
            if done:
                check(f"{size}: page {number} in the recording, its key pressed: the check mark and its done line, the same title",
                      any(f"✓ {practice[number]}" in line for line in screen) and WELCOME["pages"][number - 1]["title"] in "\n".join(screen),
                      "\n".join(screen))
                continue
            alone = [line.rstrip() for line in rendered_page(number, size, tour).split("\n")][:rows]
            alone += [""] * (rows - len(alone))
            check(f"{size}: page {number} in the recording is the page as render draws it", screen == alone,
                  "\n".join(f"{a!r}\n{b!r}" for a, b in zip(screen, alone) if a != b)[:800])
        # Slides between pages: frames in between, a sixtieth of a second apart.
        gaps = [round(b[0] - a[0], 3) for a, b in zip(events, events[1:]) if 0 < b[0] - a[0] < 0.05]
        check(f"{size}: the slides are in it, frame by frame ({len(gaps)} frames under 50 ms apart)", len(gaps) >= pages)


def main():
    play("80x24", pages=len(WELCOME["pages"]), practice=BUILTIN_PRACTICE)
    play("120x40", pages=len(WELCOME["pages"]), practice=BUILTIN_PRACTICE)
    with tempfile.TemporaryDirectory() as folder:
        tour = os.path.join(folder, "t.json")
        with open(tour, "w") as file:
            json.dump({"id": "cast", "pages": [{"title": "One", "subtitle": "First"}, {"title": "Two"},
                                               {"title": "Three", "kind": "features", "items": [{"title": "A", "text": "a"}]}]}, file)
        play("60x20", tour=tour, pages=3)
    return check.summary()


if __name__ == "__main__":
    sys.exit(main())
