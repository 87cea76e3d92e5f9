"""Find and call the `tour` command that this package installed, from a Python tool.

    import tour_onboarding

    def main():
        tour_onboarding.once("/path/to/mytool.json")   # the welcome once, else what's new, else a tip
        ...                                             # the tool's own work

Each call runs `tour` with the tool's own terminal and returns an `Outcome`. It never
raises for an outcome and never stops the tool: when `tour` cannot be found or run, the
outcome is `Outcome.UNAVAILABLE` and nothing is printed. In a pipe, in CI, or when the
person set TOUR_DISABLE=1, `tour` itself shows nothing (`Outcome.FINISHED`). Every call
puts `--` before the file, so a path that starts with "-" stays a path.
"""
# Only what the interpreter has loaded already, or nearly: a tool pays for this import on
# every start, so subprocess and the rest are imported by the call that needs them
# (`make bench` holds the import to at most the cost of `import json`).
import enum
import os

__all__ = ["Outcome", "find_tour_bin", "once", "play", "tip", "tips_off", "done", "whats_new", "answers", "reset"]


class Outcome(enum.Enum):
    """What a run of `tour` came to, from its exit code (tour(1), EXIT STATUS)."""

    FINISHED = "finished"            # 0: "Get started", or nothing to show
    SKIPPED = "skipped"              # 1: q or Esc
    USAGE_ERROR = "usage error"      # 2: the arguments
    BAD_FILE = "bad file"            # 65: the tour file is wrong (tour check says where)
    MISSING_FILE = "missing file"    # 66: the file, or something it names, is missing
    OUTPUT_FAILED = "output failed"  # 74: nothing recorded
    INTERRUPTED = "interrupted"      # 129, 130, 143: a hang-up, Ctrl-C, SIGTERM; shows again next time
    UNAVAILABLE = "unavailable"      # tour is not installed here, or cannot run
    OTHER = "other"                  # any other exit code

    @classmethod
    def from_exit_code(cls, code):
        known = {0: cls.FINISHED, 1: cls.SKIPPED, 2: cls.USAGE_ERROR, 65: cls.BAD_FILE, 66: cls.MISSING_FILE,
                 74: cls.OUTPUT_FAILED, 126: cls.UNAVAILABLE, 127: cls.UNAVAILABLE}
        if code in known:
            return known[code]
        if code in (129, 130, 143) or code < 0:  # a negative code: subprocess saw the signal itself
            return cls.INTERRUPTED
        return cls.OTHER


def find_tour_bin():
    """The path of the `tour` binary: the one this package installed in its environment's
    scripts folder (or the user scheme's, for `pip install --user`), else the first on PATH.
    Raises FileNotFoundError when there is none."""
    name = "tour"
    # A venv's (and pipx's) scripts folder is the interpreter's own: one stat, first, since
    # sysconfig's answer costs about 0.1 ms a call on every start of the tool.
    import sys
    beside = os.path.join(os.path.dirname(sys.executable), name) if sys.executable else None
    if beside and _is_executable_file(beside):
        return beside
    import sysconfig
    folders = [sysconfig.get_path("scripts")]
    user_scheme = {"posix": "posix_user", "nt": "nt_user"}.get(os.name)
    if user_scheme:
        try:
            folders.append(sysconfig.get_path("scripts", scheme=user_scheme))
        except KeyError:
            pass
    for folder in folders:
        path = os.path.join(folder, name)
        if _is_executable_file(path):
            return path
    import shutil
    found = shutil.which(name)
    if found:
        return found
    raise FileNotFoundError(os.path.join(folders[0], name))


def _is_executable_file(path):
    return os.path.isfile(path) and os.access(path, os.X_OK)


def play(*arguments, env=None):
    """Runs `tour ARGUMENTS...` on this process's terminal; returns its Outcome."""
    # TOUR_HOST_PID: should this process die while the tour is up (SIGKILL), tour follows
    # it out and gives the terminal back, rather than stay on the shell's screen.
    import subprocess
    env = dict(os.environ if env is None else env, TOUR_HOST_PID=str(os.getpid()))
    try:
        process = subprocess.Popen([find_tour_bin(), *arguments], env=env)
    except OSError:  # FileNotFoundError, PermissionError, an exec format error
        return Outcome.UNAVAILABLE
    with _signals_for(process) as received:
        code = process.wait()
    outcome = Outcome.from_exit_code(code)
    if received:  # the tool's own SIGTERM or SIGHUP, now that the terminal is back
        os.kill(os.getpid(), received[0])
    return outcome


class _signals_for:
    """While tour owns the screen, signals are the tour's (handlers are set in the main thread only):
    - Ctrl-C: tour gives the terminal back and exits 130; the tool gets the outcome, not a
      KeyboardInterrupt, as with os.system.
    - Ctrl-Z: the tool must not stop before tour has handed the terminal back, or the shell
      takes it while tour is still writing; tour stops the whole job once it has.
    - SIGTERM and SIGHUP sent to the tool: passed on to tour, waited for, then raised again
      here, so the tool ends as it would have, with the terminal given back first.
    """

    def __init__(self, process):
        self.process = process
        self.previous = {}
        self.received = []

    def _pass_on(self, number, _frame):
        if not self.received:
            self.received.append(number)
        try:
            self.process.send_signal(number)
        except OSError:
            pass

    def __enter__(self):
        import signal
        import threading
        if threading.current_thread() is threading.main_thread():
            plan = {signal.SIGINT: signal.SIG_IGN}
            for name, handler in (("SIGTSTP", signal.SIG_IGN), ("SIGTERM", self._pass_on), ("SIGHUP", self._pass_on)):
                if hasattr(signal, name):
                    plan[getattr(signal, name)] = handler
            for number, handler in plan.items():
                self.previous[number] = signal.signal(number, handler)
        return self.received

    def __exit__(self, *_):
        import signal
        for number, handler in self.previous.items():
            signal.signal(number, signal.SIG_DFL if handler is None else handler)  # None: set outside Python
        return False


def once(tour_file, *arguments, env=None, values=None):
    """`tour --once TOUR_FILE`: what this person has not seen of the tour, or nothing.
    `values` ({"search": "?"}) fill the tour's {search}: the person's own keys, the tool's name."""
    return play("--once", *_set(values), *arguments, "--", os.fspath(tour_file), env=env)


def _set(values):
    """`--set NAME=VALUE` for each of `values`."""
    return [word for name, value in (values or {}).items() for word in ("--set", f"{name}={value}")]


def whats_new(tour_file, since=None, env=None, values=None):
    """`tour whats-new TOUR_FILE`: every page an update brought, newest first (only those
    newer than `since`), for a tool's own `whats-new` command. Records nothing."""
    return play("whats-new", *(["--since", since] if since else []), *_set(values), "--", os.fspath(tour_file), env=env)


def answers(tour_file, env=None):
    """`tour answers TOUR_FILE`: the latest answer this person gave to each question of the
    tour, as a dict (`{"telemetry": "no"}`); `{}` when none, or when `tour` cannot run. It
    shows nothing and works in a pipe or in CI. Treat a missing answer as "no" for consent."""
    import json
    import subprocess
    try:
        result = subprocess.run([find_tour_bin(), "answers", "--", os.fspath(tour_file)], env=env,
                                stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    except OSError:
        return {}
    if result.returncode != 0:
        return {}
    try:
        found = json.loads(result.stdout.decode("utf-8"))
    except ValueError:
        return {}
    return {key: value for key, value in found.items() if isinstance(key, str) and isinstance(value, str)} if isinstance(found, dict) else {}


def tip(tips_file, *arguments, env=None):
    """`tour tip TIPS_FILE`: the tip that is due, printed in place, or nothing."""
    return play("tip", *arguments, "--", os.fspath(tips_file), env=env)


def tips_off(tips_file, on=False, env=None):
    """`tour tip --off TIPS_FILE` (or `--on`): for your own command, such as `mytool tips
    off`, which the file's "off" (a tour's "tipsOff") names in the tip's last line. Prints
    nothing, so your command says it in its own words."""
    import subprocess
    try:
        result = subprocess.run([find_tour_bin(), "tip", "--on" if on else "--off", "--", os.fspath(tips_file)], env=env,
                                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
    except OSError:
        return Outcome.UNAVAILABLE
    return Outcome.from_exit_code(result.returncode)


def done(tour_file, item, env=None):
    """`tour done TOUR_FILE ITEM`: ticks ITEM of the tour's "checklist" for this person. Call
    it when your command for that item worked (a `sync` that synced). Prints nothing, writes
    the tick once, and nothing when the tour was never shown (a script, CI). Returns
    `Outcome.FINISHED`; `Outcome.USAGE_ERROR` for an item the checklist does not have (tour
    names the nearest on stderr); `Outcome.UNAVAILABLE` without tour."""
    import subprocess
    try:
        result = subprocess.run([find_tour_bin(), "done", "--", os.fspath(tour_file), item], env=env,
                                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
    except OSError:
        return Outcome.UNAVAILABLE
    return Outcome.from_exit_code(result.returncode)


def reset(tour_file, env=None):
    """`tour --reset TOUR_FILE`: forgets what was seen, for a "show the tour again" command."""
    return play("--reset", "--", os.fspath(tour_file), env=env)
