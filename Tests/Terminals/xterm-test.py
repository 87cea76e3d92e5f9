#!/usr/bin/env python3
"""tour in a real xterm under Xvfb, clicked with xdotool as fast as a touchpad tap.

A fast click on Get started or Skip used to leave the mouse release for the shell
(readline printed `0;40;22m` at the prompt): tour acts on the press and exits, and the
release was already on its way. In one xterm, a shell loop runs tour 20 times on its last
page and 20 times on its first; each time xdotool clicks the button (Get started) or
Skip, and the shell reads what is left in the terminal's input queue after tour exits.
Every run must exit as the click asked (0, 1) and leave 0 bytes.

Run by `make test` (which installs xvfb, xterm and xdotool): python3 Tests/Terminals/xterm-test.py [TOUR]
"""
import json, os, shutil, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from matrix import Display  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TOUR = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "release", "tour"))
RUNS = 20
CELL_WIDTH, CELL_HEIGHT = 6, 13  # xterm's "6x13" font, no border: cell (c, r) is at (6c, 13r)


def find(screen, words):
    for row, line in enumerate(screen.split("\n")):
        column = line.find(words)
        if column >= 0:
            return column, row
    raise SystemExit(f"xterm: {words!r} is not on the page:\n{screen}")


def main():
    for tool in ("Xvfb", "xterm", "xdotool"):
        if not shutil.which(tool):
            raise SystemExit(f"xterm: {tool} is missing (make test installs xvfb, xterm and xdotool)")
    work = tempfile.mkdtemp(prefix="tour-xterm-")
    tour = os.path.join(work, "tour.json")
    with open(tour, "w") as out:
        json.dump({"id": "xterm", "pages": [{"title": "First"}, {"title": "Last"}]}, out)
    # Where the button and Skip are: render draws the same layout as the pager.
    render = lambda page: subprocess.run([TOUR, "render", tour, "--page", str(page), "--size", "80x24"],
                                         capture_output=True, text=True, check=True).stdout
    button = find(render(2), "Get started")
    skip = find(render(1), "Skip")
    targets = [("Get started", 2, 0, (button[0] + 3, button[1]))] * RUNS + [("Skip", 1, 1, (skip[0] + 1, skip[1]))] * RUNS

    xvfb = Display()
    display = xvfb.name
    env = {k: v for k, v in os.environ.items() if k not in ("CI", "TOUR_DISABLE", "TOUR_DEBUG", "NO_COLOR", "TMUX", "STY")}
    env.update(DISPLAY=display, LC_ALL="C.UTF-8", XDG_STATE_HOME=os.path.join(work, "state"))
    # One shell in one xterm: for each run, say ready, run tour, then read for 0.3 s what
    # is left in the input queue, as the shell's next read would get it.
    script = os.path.join(work, "loop.sh")
    with open(script, "w") as out:
        out.write("#!/bin/sh\nd=%s\n" % work)
        out.write("i=0\nwhile read page <&3; do\n  i=$((i+1))\n  stty sane\n  echo ready > $d/ready.$i\n")
        out.write("  %s --no-animation --page $page %s\n  echo $? > $d/exit.$i\n" % (TOUR, tour))
        out.write("  stty -icanon -echo min 0 time 3\n  dd bs=4096 count=1 2>/dev/null > $d/left.$i\n  stty sane\n  echo done > $d/done.$i\ndone 3< $d/pages\n")
    with open(os.path.join(work, "pages"), "w") as out:
        out.write("".join(f"{page}\n" for _, page, _, _ in targets))
    failures, lines = [], []
    try:
        terminal = subprocess.Popen(["xterm", "-fn", "6x13", "-geometry", "80x24+0+0", "-b", "0", "-bw", "0", "+sb",
                                     "-xrm", "XTerm*allowWindowOps: false", "-e", "sh", script], env=env,
                                    stdout=subprocess.DEVNULL, stderr=open(os.path.join(work, "xterm.log"), "w"))
        window = None
        for _ in range(100):
            found = subprocess.run(["xdotool", "search", "--onlyvisible", "--class", "xterm"], env=env,
                                   capture_output=True, text=True, timeout=10).stdout.split()
            if found:
                window = found[0]
                break
            time.sleep(0.1)
        if window is None:
            raise SystemExit("xterm: no xterm window appeared: " + open(os.path.join(work, "xterm.log")).read()[-500:])
        for index, (name, page, expected, (column, row)) in enumerate(targets, start=1):
            deadline = time.monotonic() + 10
            while not os.path.exists(os.path.join(work, f"ready.{index}")) and time.monotonic() < deadline:
                time.sleep(0.01)
            time.sleep(0.4)  # the first frame, and the answers to its questions
            x, y = column * CELL_WIDTH + CELL_WIDTH // 2, row * CELL_HEIGHT + CELL_HEIGHT // 2
            # No window manager: the xterm sits at 0,0 with no border, so screen and cell coordinates agree.
            subprocess.run(["xdotool", "mousemove", str(x), str(y), "click", "1"], env=env, check=True)
            deadline = time.monotonic() + 10
            while not os.path.exists(os.path.join(work, f"done.{index}")) and time.monotonic() < deadline:
                time.sleep(0.02)
            code = open(os.path.join(work, f"exit.{index}")).read().strip() if os.path.exists(os.path.join(work, f"exit.{index}")) else "none"
            left = open(os.path.join(work, f"left.{index}"), "rb").read() if os.path.exists(os.path.join(work, f"left.{index}")) else b"?"
            lines.append((name, code, left))
            if code != str(expected) or left:
                failures.append(f"click {index} on {name}: exit {code} (expected {expected}), left {left!r}")
        terminal.terminate()
    finally:
        xvfb.close()
    for name in ("Get started", "Skip"):
        runs = [line for line in lines if line[0] == name]
        leaked = sum(1 for _, _, left in runs if left)
        print(f"xterm: {len(runs)} fast clicks on {name:12} exits {sorted(set(code for _, code, _ in runs))}  runs that left bytes: {leaked}")
    if failures:
        print("xterm: FAILED")
        for failure in failures:
            print(failure)
        sys.exit(1)
    print(f"xterm: {len(lines)} fast clicks, each exit as asked and 0 bytes left for the shell")


if __name__ == "__main__":
    main()
