#!/usr/bin/env python3
"""full-screen-host-test.py TOUR_BINARY: a full-screen tool (Python's curses, on the
alternate screen) calls tour as docs/reference.md says such a tool should (issue 65, 10):
`tour --once --at start FILE` before it takes the screen, `tour --once --at exit FILE`
after it gives it back. In tmux, at 100x30, as a person sees it:

- first start: the welcome, full screen, before the tool; at exit, nothing (the day of
  the welcome);
- after an update ("whatsNew": "notice"): nothing before the tool, and the notice printed
  at its exit, below what the tool left, on the screen the person sees then;
- a day later: the tip at exit, not before;
- the same tool calling once at start alone printed the notice before the tool, where
  the tool's own screen covers it while it runs: the reason for the two calls.
"""
import json, os, shutil, sys, tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Packages"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checks import Checks  # noqa: E402
from shell_driver import Shell  # noqa: E402
from tips_clock import a_day_later  # noqa: E402

check = Checks("full-screen-host")
BINARY = os.path.abspath(sys.argv[1])

TOOL = r'''
import curses, subprocess, sys
tour, tour_file, calls = sys.argv[1], sys.argv[2], sys.argv[3]
if calls == "two":
    subprocess.run([tour, "--once", "--at", "start", tour_file])
else:
    subprocess.run([tour, "--once", tour_file])
def app(screen):
    screen.addstr(0, 0, "KETTLE FULL SCREEN")
    screen.refresh()
    screen.getch()
curses.wrapper(app)
if calls == "two":
    subprocess.run([tour, "--once", "--at", "exit", tour_file])
print("kettle: bye")
'''


def write_tour(path, version, new_page=False):
    pages = [{"title": "Welcome to kettle", "subtitle": "It boils."}]
    if new_page:
        pages.append({"title": "Whistle on boil", "subtitle": "New.", "since": version})
    with open(path, "w") as file:
        json.dump({"id": "kettle", "version": version, "whatsNew": "notice", "pages": pages,
                   "tips": [{"id": "b", "text": "Press b to boil."}]}, file)


def main():
    folder = tempfile.mkdtemp(prefix="tour-full-screen-")
    tool = os.path.join(folder, "kettle.py")
    with open(tool, "w") as file:
        file.write(TOOL)
    tour_file = os.path.join(folder, "kettle.json")
    write_tour(tour_file, "1.0.0")
    shell = Shell(folder, 100, 30, backend="tmux")
    start = f"python3 {tool} {BINARY} {tour_file}"

    def start_tool(calls):
        """A clean screen, then the tool, up to its full screen: the prompt count and where its output begins."""
        shell.run("clear")
        count, mark = shell.prompts(), len(shell.output)
        shell.type(f"{start} {calls}\r")
        shell.wait_for(rb"KETTLE FULL SCREEN", after=mark)
        return count, mark

    try:
        # First start: the welcome before the tool, then the tool, then nothing at exit.
        count = shell.prompts()
        shell.type(start + " two\r")
        shell.wait_for(rb"Welcome to kettle")
        shell.key("Enter")
        shown = shell.wait_for(rb"KETTLE FULL SCREEN")
        check("first start: the welcome, full screen, then the tool", shown, shell.screen())
        shell.type("x")
        shell.wait_for_prompt(count + 1)
        screen = shell.screen()
        check("first start: at exit nothing more than the tool's own line", "kettle: bye" in screen
              and "What's new" not in screen and "Tip" not in screen, screen)

        # After an update: nothing before the tool, the notice at exit, on the screen then.
        write_tour(tour_file, "1.1.0", new_page=True)
        count, mark = start_tool("two")
        check("after an update: nothing before the tool (the notice waits for the exit)",
              b"What's new" not in shell.output[mark:], shell.output[mark:][-400:])
        shell.type("x")
        shell.wait_for_prompt(count + 1)
        screen = shell.screen()
        check("after an update: the notice printed at exit, on the screen the person sees, below the tool",
              "What's new in kettle  1.0.0 → 1.1.0" in screen and "Whistle on boil" in screen
              and screen.index("What's new") < screen.index("kettle: bye"), screen)

        # A day later: the tip at exit.
        a_day_later(folder, "kettle")
        count, mark = start_tool("two")
        before = b"Tip" not in shell.output[mark:]
        shell.type("x")
        shell.wait_for_prompt(count + 1)
        screen = shell.screen()
        check("a day later: no tip before the tool, the tip at its exit", before and "Tip  Press b to boil." in screen, screen)

        # The same tool with one call at start: the notice goes out before the tool, under
        # the tool's screen while it runs.
        write_tour(tour_file, "1.2.0", new_page=True)
        count, mark = start_tool("one")
        during = shell.screen()
        printed_before = b"What's new" in shell.output[mark:shell.output.index(b"KETTLE FULL SCREEN", mark)]
        check("one call at start: the notice was printed before the tool, and the tool's screen covers it",
              printed_before and "What's new" not in during, during)
        shell.type("x")
        shell.wait_for_prompt(count + 1)
    finally:
        shell.close()
        shutil.rmtree(folder, ignore_errors=True)
    return check.summary()


if __name__ == "__main__":
    sys.exit(main())
