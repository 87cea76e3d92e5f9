#!/usr/bin/env python3
"""parent-dies-test.py TOUR_BINARY: a tool that runs tour without ignoring SIGINT dies
of the same Ctrl-C as the tour (one process group), and bash takes the terminal back
while tour is still giving it back. Nothing tour asks the terminal may then reach the
prompt, and tour must still exit (no SIGTTOU stop, no hang).

A real interactive bash in tmux runs such a parent five times (the race differs from run
to run); after each Ctrl-C, the prompt line must be the bare prompt, bash must run the
next command, and no tour may be left running. A sixth run loses the race on purpose
(tour frozen until bash has drawn its prompt): leaving the alternate screen hides that
prompt, so tour must have bash draw it again. Run by `make test`.
"""
import os, shutil, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Packages"))
sys.path.insert(0, os.path.dirname(__file__))
from checks import Checks  # noqa: E402
import freezer  # noqa: E402

BINARY = os.path.abspath(sys.argv[1])
RUNS = 5
SESSION = f"tour-parent-dies-{os.getpid()}"
# The parent: forks tour and waits, with SIGINT at its default, so Ctrl-C kills it at once.
PARENT = """import os, signal, sys
signal.signal(signal.SIGINT, signal.SIG_DFL)
child = os.fork()
if child == 0:
    os.execv(sys.argv[1], [sys.argv[1]])
os.waitpid(child, 0)
"""
check = Checks("parent-dies")


def tmux(*arguments):
    return subprocess.run(["tmux", "-L", SESSION, *arguments], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def screen():
    return tmux("capture-pane", "-p", "-t", SESSION).stdout


def wait_for(words, timeout=10):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if words in screen():
            return True
        time.sleep(0.05)
    return False


def tours_running():
    return subprocess.run(["pgrep", "-f", "-x", "./tour"], stdout=subprocess.PIPE, text=True).stdout.split()


def shell_first():
    """Ctrl-C with tour frozen: the parent dies and bash draws its prompt first."""
    tmux("send-keys", "-t", SESSION, "clear", "Enter")
    time.sleep(0.3)
    tmux("send-keys", "-t", SESSION, "python3 parent.py ./tour", "Enter")
    check("shell first: the tour shows under the parent", wait_for("Welcome to tour"), screen())
    time.sleep(0.3)
    with freezer.Frozen([int(pid) for pid in tours_running()]) as frozen:
        tmux("send-keys", "-t", SESSION, "C-c")
        drawn = wait_for("\n$", timeout=5)
        check("shell first: bash draws its prompt while tour cannot run", drawn, screen())
        frozen.thaw()
    time.sleep(1.5)
    lines = [line for line in screen().splitlines() if line.strip()]
    check("shell first: the prompt is on screen again, bare, below the command",
          lines[-2:] == ["$ python3 parent.py ./tour", "$"], "\n    ".join(lines[-4:]))
    check("shell first: the tour has exited", not tours_running(), " ".join(tours_running()))
    tmux("send-keys", "-t", SESSION, "echo shell-first-ok", "Enter")
    check("shell first: bash runs the next command as typed", wait_for("\nshell-first-ok"), screen())


def main():
    scratch = tempfile.mkdtemp(prefix="tour-parent-dies-")
    parent = os.path.join(scratch, "parent.py")
    with open(parent, "w") as file:
        file.write(PARENT)
    environment = {"PATH": "/usr/bin:/bin", "HOME": scratch, "TERM": "xterm-256color", "LANG": "C.UTF-8",
                   "PS1": "$ ", "XDG_STATE_HOME": os.path.join(scratch, "state")}
    command = ["env", "-i", *(f"{k}={v}" for k, v in environment.items()), "bash", "--norc", "--noprofile", "-i"]
    os.symlink(BINARY, os.path.join(scratch, "tour"))
    tmux("new-session", "-d", "-s", SESSION, "-x", "80", "-y", "24", "-c", scratch, *command)
    try:
        check("bash shows its prompt", wait_for("$"))
        for run in range(1, RUNS + 1):
            tmux("send-keys", "-t", SESSION, "clear", "Enter")
            time.sleep(0.3)
            tmux("send-keys", "-t", SESSION, "python3 parent.py ./tour", "Enter")
            shown = wait_for("Welcome to tour")
            check(f"run {run}: the tour shows under the parent", shown, screen())
            tmux("send-keys", "-t", SESSION, "C-c")
            time.sleep(1.5)
            lines = [line for line in screen().splitlines() if line.strip()]
            after = lines[lines.index("$ python3 parent.py ./tour") + 1:] if "$ python3 parent.py ./tour" in lines else lines
            # The shell may draw its prompt while tour is still on the alternate screen;
            # leaving it hides that prompt, and tour has the shell draw it again.
            check(f"run {run}: after Ctrl-C a bare prompt follows the command, alone (nothing tour asked reached it)",
                  after == ["$"], "\n    ".join(lines[-4:]))
            check(f"run {run}: the tour has exited (not stopped, not waiting)", not tours_running(), " ".join(tours_running()))
            tmux("send-keys", "-t", SESSION, f"echo run-{run}-ok", "Enter")
            check(f"run {run}: bash runs the next command as typed", wait_for(f"\nrun-{run}-ok"), screen())
        why_not = freezer.available()
        check("the cgroup freezer is there, to lose the race on purpose", why_not is None, why_not)
        if why_not is None:
            shell_first()
    finally:
        tmux("kill-server")
        subprocess.run(["pkill", "-f", "-x", "./tour"])
        shutil.rmtree(scratch, ignore_errors=True)
    return check.summary()


if __name__ == "__main__":
    sys.exit(main())
