#!/usr/bin/env python3
"""as-found-test.py TOUR_BINARY: tour leaves the terminal exactly as it found it, at 80x24,
120x40, 200x60 and 40x12, however a run ends.

A real interactive bash in a pseudo-terminal of each size runs tour; the model of
terminal_state.py follows every byte, and the whole state at the prompt after a run (the
scroll margins, every private and ANSI mode, the keypad, SGR, the character sets, the
titles, the keyboard protocols) must equal the state at the prompt before it. The ways a
run ends: finished, skipped, Ctrl-C, Ctrl-Z (the state at the shell's prompt while tour is
stopped) then `fg`, SIGTERM, SIGHUP, a crash (SIGSEGV), and the tip and the what's-new
notice that a start prints in place. After each: nothing typed into the shell, `stty -g`
as before, and nothing left in the input queue.

Then, once per size, what a tool's users do (issue 63):
- keys typed ahead (Enter twice, before the first frame) turn no page;
- `tour --once FILE &` on a first run shows nothing, records nothing, is not stopped;
- a launcher that starts tour and exits without waiting, run from a script: the modes
  come back when tour quits.
Run by `make test`.
"""
import json, os, re, shutil, signal, sys, tempfile

sys.path.insert(0, os.path.dirname(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Packages"))
from checks import Checks  # noqa: E402
from shell_driver import Shell  # noqa: E402
from terminal_state import differences  # noqa: E402

BINARY = os.path.abspath(sys.argv[1])
SIZES = [(80, 24), (120, 40), (200, 60), (40, 12)]
check = Checks("as-found")

PAGES = [{"title": "First page", "subtitle": "One."}, {"title": "Second page"}, {"title": "Third page"}]


def write_tour(folder, name, version="1.0.0", new_page=False):
    pages = PAGES + ([{"title": "Brand new", "since": version}] if new_page else [])
    tour = {"id": name, "version": version, "whatsNew": "notice", "pages": pages,
            "tips": [{"id": "one", "text": "Press `x` to go."}]}
    with open(os.path.join(folder, name + ".json"), "w") as file:
        json.dump(tour, file)
    return name + ".json"


def ending(shell, size, how, baseline_stty):
    """One run of a new tour, ended `how`; checks the state at the prompts."""
    label = f"{size}: {how}"
    name = "t-" + how.replace(" ", "-").replace("/", "-")
    path = write_tour(shell.folder, name)
    before = shell.model.state()
    count = shell.prompts()
    start = len(shell.output)
    shell.type(f"./tour --once --no-animation {path}\r")
    if not shell.wait_for(rb"First page", after=start):
        check(f"{label}: the tour shows", False, shell.output[start:][-400:])
        return
    shell.pump(0.4)
    if how == "finish":
        for _ in range(3):
            shell.key("Enter")
            shell.pump(0.3)
    elif how == "skip":
        shell.key("q")
    elif how == "Ctrl-C":
        shell.key("C-c")
    elif how == "Ctrl-Z/fg":
        shell.key("C-z")
        stopped = shell.wait_for_prompt(count + 1)
        check(f"{label}: the shell's prompt comes back while tour is stopped", stopped and b"Stopped" in shell.output[start:])
        check(f"{label}: the shell's terminal is as found while tour is stopped", not differences(before, shell.model.state()),
              differences(before, shell.model.state()))
        check(f"{label}: nothing typed into the shell at the stop", shell.tail_after_prompt().strip() == b"",
              shell.tail_after_prompt())
        count = shell.prompts()
        resumed_at = len(shell.output)
        shell.type("fg\r")
        check(f"{label}: fg brings the tour back", shell.wait_for(rb"First page", after=resumed_at))
        shell.pump(0.3)
        shell.key("q")
    elif how in ("SIGTERM", "SIGHUP", "crash"):
        number = {"SIGTERM": signal.SIGTERM, "SIGHUP": signal.SIGHUP, "crash": signal.SIGSEGV}[how]
        shell.signal(f"tour --once --no-animation {path}", number)
    came_back = shell.wait_for_prompt(count + 1)
    check(f"{label}: the prompt comes back", came_back, shell.output[start:][-300:])
    problems = differences(before, shell.model.state())
    check(f"{label}: the terminal is as found", not problems, problems)
    check(f"{label}: nothing typed into the shell", shell.tail_after_prompt().strip() == b"", shell.tail_after_prompt())
    expected = {"finish": 0, "skip": 1, "Ctrl-C": 130, "Ctrl-Z/fg": 1, "SIGTERM": 143, "SIGHUP": 129, "crash": 139}[how]
    status = shell.exit_status()
    check(f"{label}: exit status {expected}", status == expected, status)
    check(f"{label}: stty -g as before", shell.stty() == baseline_stty)
    check(f"{label}: nothing left in the input queue", shell.pending_input() == 0)


def printed_in_place(shell, size, baseline_stty):
    """The tip and the what's-new notice: printed at the prompt, the terminal untouched."""
    path = write_tour(shell.folder, "printed")
    shell.run(f"./tour --once --no-animation {path} </dev/null >/dev/null")  # not a terminal: nothing
    count = shell.prompts()
    shell.type(f"./tour --once --no-animation {path}\r")
    shell.wait_for(rb"First page")
    shell.pump(0.3)
    shell.key("q")
    shell.wait_for_prompt(count + 1)
    for what, command, words in (
            ("tip", f"./tour --once --every 0 {path}", rb"Press"),
            ("notice", None, rb"Brand new")):
        if command is None:
            write_tour(shell.folder, "printed", version="1.1.0", new_page=True)
            command = f"./tour --once --every 0 {path}"
        before = shell.model.state()
        printed = shell.run(command)
        check(f"{size}: the {what} is printed in place", re.search(words, printed) is not None, printed[-300:])
        problems = differences(before, shell.model.state())
        check(f"{size}: after the {what} the terminal is as found", not problems, problems)
        check(f"{size}: after the {what} stty -g as before", shell.stty() == baseline_stty)


def typed_ahead(shell, size):
    """Enter, Enter typed with the command, before tour is up: the first page stays."""
    path = write_tour(shell.folder, "typed-ahead")
    count, start = shell.prompts(), len(shell.output)
    shell.type(f"./tour --once --no-animation {path}\r\r\r")
    shell.wait_for(rb"First page", after=start)
    shell.pump(0.8)
    frames = shell.output[start:]
    check(f"{size}: keys typed ahead turn no page", b"Second page" not in frames and b"Third page" not in frames)
    shell.key("q")
    shell.wait_for_prompt(count + 1)
    check(f"{size}: keys typed ahead: the tour was still up to skip", shell.exit_status() == 1)


def background_first_run(shell, size, baseline_stty):
    """`tour --once FILE &` on a first run: nothing shown, not stopped, nothing recorded."""
    path = write_tour(shell.folder, "background")
    before = shell.model.state()
    printed = shell.run(f"TOUR_DEBUG=1 ./tour --once {path} & wait $!; echo status=$?")
    check(f"{size}: a background first run is not stopped", b"Stopped" not in printed, printed[-300:])
    check(f"{size}: a background first run exits 0 at once", b"status=0" in printed, printed[-300:])
    check(f"{size}: TOUR_DEBUG says why", b"background job" in printed, printed[-300:])
    check(f"{size}: a background first run shows nothing", b"First page" not in printed and not differences(before, shell.model.state()))
    count, start = shell.prompts(), len(shell.output)
    shell.type(f"./tour --once --no-animation {path}\r")
    check(f"{size}: a background first run recorded nothing: the next start shows the welcome",
          shell.wait_for(rb"First page", after=start))
    shell.pump(0.3)
    shell.key("q")
    shell.wait_for_prompt(count + 1)
    check(f"{size}: stty -g as before after the background run", shell.stty() == baseline_stty)


LAUNCHER = """import subprocess, sys, time
subprocess.Popen(sys.argv[1:])  # started, not waited for
time.sleep(1)  # its own work, done while the tour is up; then it exits
"""


def launcher_exits_early(shell, size, baseline_stty):
    """A launcher starts tour and exits; the script that ran it goes on in front."""
    path = write_tour(shell.folder, "launched")
    with open(os.path.join(shell.folder, "launcher.py"), "w") as file:
        file.write(LAUNCHER)
    before = shell.model.state()
    count, start = shell.prompts(), len(shell.output)
    shell.type(f"sh -c 'python3 launcher.py ./tour --once --no-animation {path}; sleep 3'\r")
    if shell.wait_for(rb"First page", after=start):
        shell.pump(1.5)  # the launcher has exited
        shell.key("q")
    shell.wait_for_prompt(count + 1, seconds=10)
    check(f"{size}: launched and not waited for: the terminal is as found", not differences(before, shell.model.state()),
          differences(before, shell.model.state()))
    check(f"{size}: launched and not waited for: stty -g as before (echo, icanon, icrnl, onlcr)", shell.stty() == baseline_stty)


def main():
    check("the terminal model passes its own check", os.system(f"python3 {os.path.dirname(__file__)}/terminal_state.py >/dev/null") == 0)
    for columns, rows in SIZES:
        size = f"{columns}x{rows}"
        folder = tempfile.mkdtemp(prefix=f"tour-as-found-{size}-")
        os.symlink(BINARY, os.path.join(folder, "tour"))
        shell = Shell(folder, columns, rows)
        try:
            baseline_stty = shell.stty()
            check(f"{size}: stty -g reads", baseline_stty is not None)
            for how in ("finish", "skip", "Ctrl-C", "Ctrl-Z/fg", "SIGTERM", "SIGHUP", "crash"):
                ending(shell, size, how, baseline_stty)
            printed_in_place(shell, size, baseline_stty)
            typed_ahead(shell, size)
            background_first_run(shell, size, baseline_stty)
            launcher_exits_early(shell, size, baseline_stty)
        finally:
            shell.close()
            shutil.rmtree(folder, ignore_errors=True)
    sys.exit(check.summary())


if __name__ == "__main__":
    main()
