#!/usr/bin/env python3
"""hosts-test.py TOUR_BINARY: tour run by a tool, as its authors ship it: a Python tool
through the module, a Node tool through the package, and the Go, C and shell tools of
docs/reference.md's snippets, each in a real interactive bash in tmux, at 80x24 and
120x40. For each tool:

- Ctrl-Z, then `fg`: the shell's prompt comes back with the terminal whole (the tool and
  tour stopped together), and `fg` brings the tour back;
- Ctrl-C: the tour ends (130) and the tool goes on;
- SIGTERM to the tool: the modules pass it on to tour; the snippets' TOUR_HOST_PID
  makes tour follow the tool out;
- the tool gone at once (SIGKILL, the extreme of a tool that exits without waiting):
  tour follows it out, the terminal given back;
- the same with the race lost on purpose (tour frozen until the shell has drawn its
  prompt, as a busy machine may do it): the prompt, hidden when tour leaves the
  alternate screen it went to, is drawn again;
- `tool &` on a first run: nothing shown, the job not stopped, nothing recorded;
- keys typed ahead with the command: no page turned.

Then the C tool under two other shells, SIGKILL with the race won and lost (the shell or
tour frozen until the other is done): dash, which has no line editor and uses the modes
it finds, gets the terminal's modes back; zsh gets its prompt drawn again.

After each: the prompt visible on the pane, nothing typed into the shell, the terminal's
state as before (terminal_state.py, fed by tmux's pipe-pane), `stty -g` as before, and
nothing left in the input queue. Run by `make test`.
"""
import os, shutil, signal, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "Packages"))
from checks import Checks  # noqa: E402
from roots import ROOT  # noqa: E402
from shell_driver import PROMPT, Shell  # noqa: E402
from snippets import build, snippets  # noqa: E402
from terminal_state import differences  # noqa: E402
import freezer  # noqa: E402

BINARY = os.path.abspath(sys.argv[1])
SIZES = [(80, 24), (120, 40)]
check = Checks("hosts")
SHELL_FIRST = "SIGKILL, the shell first"

PYTHON_TOOL = """import sys
sys.path.insert(0, %r)
import tour_onboarding
outcome = tour_onboarding.once("mytool.json")
print("mytool: ready (tour: %%s)" %% outcome.value)
"""
NODE_TOOL = """const tour = require(%r);
const outcome = tour.once('mytool.json');
console.log(`mytool: ready (tour: ${outcome})`);
"""


def tools(folder):
    """{name: command line} of every host, built in `folder`."""
    made = {}
    python_tool = os.path.join(folder, "tool.py")
    with open(python_tool, "w") as file:
        file.write(PYTHON_TOOL % os.path.join(ROOT, "Packaging", "python"))
    made["python"] = f"python3 {python_tool}"
    node_tool = os.path.join(folder, "tool.js")
    with open(node_tool, "w") as file:
        file.write(NODE_TOOL % os.path.join(ROOT, "Packaging", "npm", "tour-onboarding"))
    made["node"] = f"node {node_tool}"
    for language, source in sorted(snippets().items()):
        if language not in ("go", "c", "sh"):
            continue
        place = os.path.join(folder, language)
        os.makedirs(place)
        argv, words = build(language, source, place)
        check(f"{language}: the snippet builds", argv is not None, words[-800:])
        if argv:
            made[language] = " ".join(argv)
    return made


def write_tour(folder, name):
    with open(os.path.join(folder, "mytool.json"), "w") as file:
        file.write('{"id": "%s", "pages": [{"title": "First page"}, {"title": "Second page"}, {"title": "Third page"}]}' % name)


def prompt_visible(shell):
    """The last line with anything on it is the bare prompt (not the command line above it)."""
    lines = [line for line in shell.screen().splitlines() if line.strip()]
    return bool(lines) and lines[-1].strip() == PROMPT.decode().strip()


def after(shell, label, before, baseline_stty, count):
    came_back = shell.wait_for_prompt(count + 1)
    check(f"{label}: the prompt comes back and is on screen", came_back and prompt_visible(shell), shell.screen()[-400:])
    problems = differences(before, shell.model.state())
    check(f"{label}: the terminal is as found", not problems, problems)
    check(f"{label}: nothing typed into the shell", shell.tail_after_prompt().strip() == b"", shell.tail_after_prompt())
    check(f"{label}: stty -g as before", shell.stty() == baseline_stty)
    check(f"{label}: nothing left in the input queue", shell.pending_input() == 0)


def scenario(shell, host, command, how, baseline_stty, size):
    label = f"{host} {size}: {how}"
    write_tour(shell.folder, f"{host}-{how.replace(' ', '-')}-{size}")
    before, count, start = shell.model.state(), shell.prompts(), len(shell.output)
    if how == "&":
        printed = shell.run(f"{command} & wait $!")
        check(f"{label}: a background first run goes on, unstopped, showing nothing",
              b"mytool: ready" in printed and b"Stopped" not in printed and b"First page" not in printed, printed[-300:])
        count, start = shell.prompts(), len(shell.output)
        shell.type(f"{command}\r")
        check(f"{label}: and recorded nothing: the next start shows the welcome", shell.wait_for(rb"First page", after=start))
        shell.pump(0.4)
        shell.type("q")
        after(shell, label, before, baseline_stty, count)
        return
    shell.type(f"{command}\r" + ("\r\r" if how == "typed ahead" else ""))
    if not shell.wait_for(rb"First page", after=start):
        check(f"{label}: the tour shows", False, shell.screen())
        return
    shell.pump(0.5)
    if how == "typed ahead":
        check(f"{label}: keys typed ahead turn no page", b"Second page" not in shell.output[start:])
        shell.type("q")
    elif how == "Ctrl-Z/fg":
        shell.key("C-z")
        stopped = shell.wait_for_prompt(count + 1)
        check(f"{label}: Ctrl-Z: the shell's prompt is on screen, the job stopped",
              stopped and prompt_visible(shell) and b"Stopped" in shell.output[start:], shell.screen()[-400:])
        check(f"{label}: Ctrl-Z: the terminal is as found while stopped", not differences(before, shell.model.state()),
              differences(before, shell.model.state()))
        check(f"{label}: Ctrl-Z: nothing typed into the shell", shell.tail_after_prompt().strip() == b"", shell.tail_after_prompt())
        count, resumed = shell.prompts(), len(shell.output)
        shell.type("fg\r")
        check(f"{label}: fg brings the tour back", shell.wait_for(rb"First page", after=resumed))
        shell.pump(0.4)
        shell.type("q")
    elif how == "Ctrl-C":
        shell.key("C-c")
    elif how in ("SIGTERM", "SIGKILL"):
        number = signal.SIGTERM if how == "SIGTERM" else signal.SIGKILL
        hosts = [pid for pid in shell.pids(command.split()[-1]) if pid not in shell.pids("tour --once")]
        check(f"{label}: the tool's process is found", bool(hosts))
        for pid in hosts:
            os.kill(pid, number)
    elif how == SHELL_FIRST:
        tours = shell.pids("tour --once")
        hosts = [pid for pid in shell.pids(command.split()[-1]) if pid not in tours]
        check(f"{label}: the tool's and tour's processes are found", bool(hosts) and bool(tours))
        check(f"{label}: the shell draws its prompt while tour cannot run", kill_tool(shell, hosts, tours, count, "shell"),
              shell.screen())
        count = shell.prompts()
        # The prompt is drawn again once tour has left the alternate screen, and twice
        # more: one for each size change.
        count += 1
    after(shell, label, before, baseline_stty, count)
    if how in ("Ctrl-Z/fg", "Ctrl-C", "typed ahead"):
        check(f"{label}: the tool goes on after the tour", b"mytool: ready" in shell.output[start:], shell.screen()[-300:])
    if how in ("SIGTERM", "SIGKILL", SHELL_FIRST):
        shell.pump(0.5)
        check(f"{label}: no tour left running", not shell.pids(f"tour --once"), shell.pids("tour --once"))


def kill_tool(shell, hosts, tours, count, first):
    """SIGKILL to the tool, with the race decided by the freezer: `first` "shell" freezes
    tour until the shell has drawn its prompt, "tour" freezes the shell until tour has
    left. True when the side asked for did go first."""
    with freezer.Frozen(tours if first == "shell" else [shell.shell_pid()]) as frozen:
        for pid in hosts:
            os.kill(pid, signal.SIGKILL)
        if first == "shell":
            went_first = shell.wait_for_prompt(count + 1)
        else:
            went_first = shell.pump(5.0, until=lambda: not shell.pids("tour --once"))
        frozen.thaw()
    return went_first


OTHER_SHELLS = {"dash": ("dash", "-i"), "zsh": ("zsh", "-f")}


def other_shells(made, bin_folder, scratch):
    """The C tool killed under dash and zsh: what a person then has in front of them."""
    for name, command_line in OTHER_SHELLS.items():
        if not shutil.which(command_line[0]):
            check(f"{name}: the shell is installed (make test installs it)", False)
            continue
        folder = os.path.join(scratch, f"shell-{name}")
        os.makedirs(folder)
        shell = Shell(folder, 80, 24, backend="tmux", environment={"PATH": f"{bin_folder}:/usr/bin:/bin"}, shell=command_line)
        try:
            baseline_stty = shell.stty()
            check(f"{name}: stty -g reads", baseline_stty is not None)
            for lost in (False, True):
                label = f"{name}: SIGKILL to the tool, the race {'lost' if lost else 'won'}"
                write_tour(folder, f"{name}-{lost}")
                count, start = shell.prompts(), len(shell.output)
                shell.type(made["c"] + "\r")
                if not shell.wait_for(rb"First page", after=start):
                    check(f"{label}: the tour shows", False, shell.screen())
                    continue
                shell.pump(0.5)
                tours = shell.pids("tour --once")
                hosts = [pid for pid in shell.pids(made["c"]) if pid not in tours]
                # Either side of the race is taken on purpose: left to the scheduler, a busy
                # machine decides it, and dash cannot draw a hidden prompt again.
                first = "shell" if lost else "tour"
                check(f"{label}: the {first} goes first, the other frozen", kill_tool(shell, hosts, tours, count, first))
                shell.wait_for_prompt(count + 1)
                shell.pump(1.0)
                if name == "zsh" or not lost:
                    # dash has no line editor: a prompt the alternate screen took stays hidden.
                    check(f"{label}: the prompt is on screen", prompt_visible(shell), shell.screen()[-300:])
                if name == "dash":
                    check(f"{label}: stty -g as before (dash keeps what it finds)", shell.stty() == baseline_stty)
                printed = shell.run(f"echo next-{int(lost)}")
                # Output after its line, not the typed line's echo. zsh, when it read the
                # modes before tour could set them back, keeps them (no CR before LF): tour
                # cannot undo that, so the line ends either way here.
                check(f"{label}: the next command runs", f"\nnext-{int(lost)}\r".encode() in printed.replace(b"\r\r", b"\r")
                      or (name == "zsh" and f"\nnext-{int(lost)}\n".encode() in printed), printed[-200:])
                check(f"{label}: no tour left running", not shell.pids("tour --once"))
        finally:
            shell.close()


def main():
    if not shutil.which("tmux"):
        print("hosts: tmux is missing (make test installs it)")
        return 1
    scratch = tempfile.mkdtemp(prefix="tour-hosts-")
    try:
        bin_folder = os.path.join(scratch, "bin")
        os.makedirs(bin_folder)
        os.symlink(BINARY, os.path.join(bin_folder, "tour"))
        made = tools(scratch)
        # Losing the race on purpose takes the cgroup freezer (root): `make test` runs as root.
        why_not = freezer.available()
        check("the cgroup freezer is there, to lose the race on purpose", why_not is None, why_not)
        shell_first = () if why_not else (SHELL_FIRST,)
        check("every host is there: python, node, go, c, sh", sorted(made) == ["c", "go", "node", "python", "sh"], sorted(made))
        for columns, rows in SIZES:
            size = f"{columns}x{rows}"
            for host, command in sorted(made.items()):
                folder = os.path.join(scratch, f"{host}-{size}")
                os.makedirs(folder)
                shell = Shell(folder, columns, rows, backend="tmux", environment={"PATH": f"{bin_folder}:/usr/bin:/bin"})
                try:
                    baseline_stty = shell.stty()
                    check(f"{host} {size}: stty -g reads", baseline_stty is not None)
                    for how in ("Ctrl-Z/fg", "Ctrl-C", "SIGTERM", "SIGKILL", "&", "typed ahead") + shell_first:
                        scenario(shell, host, command, how, baseline_stty, size)
                finally:
                    shell.close()
        if not why_not:
            other_shells(made, bin_folder, scratch)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return check.summary()


if __name__ == "__main__":
    sys.exit(main())
