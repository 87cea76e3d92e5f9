#!/usr/bin/env python3
"""make bench: tour measured side by side with dialog and mdp, in one run, on one machine.

Every program runs on a pseudo-terminal of its own, driven as a person would, and what it
writes is read through a terminal emulator (pyte). Shared machines are noisy, so runs
alternate between the programs and the table gives medians, spreads and ratios.
"""
import argparse, datetime, fcntl, json, os, platform, pty, random, re, shutil, select, signal, statistics, struct, subprocess, sys, tempfile, termios, time

import pyte

from hosts import host_costs, run_on_terminal

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOUR = os.environ.get('TOUR_BIN_BENCH', os.path.join(ROOT, '.build', 'release', 'tour'))
MICRO = os.path.join(ROOT, ".build", "release", "TourBenchmarks")
BSU, ESU = b"\x1b[?2026h", b"\x1b[?2026l"
RIGHT = b"\x1b[C"
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


class AnsweringScreen(pyte.Screen):
    """pyte's screen, answering as a terminal does: the device attributes (which tour's
    background question is fenced by) go back to the program at once. A private status
    report (CSI ? 996 n, the color-scheme question) is not one pyte knows: no answer, as
    from a terminal without the feature."""

    def __init__(self, cols, rows, answer):
        super().__init__(cols, rows)
        self.answer = answer

    def write_process_input(self, data):
        self.answer(data.encode())

    def report_device_status(self, mode, *args, **kwargs):
        if not kwargs.get("private"):
            super().report_device_status(mode)


# What tour reads from the environment to stay quiet or to draw differently.
PERSON_UNSET = ("CI", "TOUR_DISABLE", "TOUR_NO_TIPS", "TOUR_DEBUG", "NO_COLOR", "ACCESSIBLE",
                "TOUR_REDUCE_MOTION", "REDUCED_MOTION", "TOUR_BACKGROUND", "COLORFGBG", "COLORTERM",
                "STY", "TMUX", "ESCDELAY")


def without_picture_strings(data):
    """(what `data` shows as text, what is held back): the APC and DCS strings taken out,
    kitty's pictures and sixel, which pyte would print as text, slowly; a string not yet
    ended is held back for the next bytes."""
    shown = b""
    while True:
        starts = [i for i in (data.find(b"\x1b_"), data.find(b"\x1bP")) if i >= 0]
        if not starts:
            return shown + data, b""
        start = min(starts)
        end = data.find(b"\x1b\\", start + 2)
        if end < 0:
            return shown + data[:start], data[start:]
        shown, data = shown + data[:start], data[end + 2:]


class Terminal:
    """One program on a pseudo-terminal, its output read through an emulator."""

    def __init__(self, argv, cols=80, rows=24, env=None, cell_pixels=None, kitty=False):
        """`cell_pixels` (width, height): the window size says how large a cell is, as a
        graphics terminal's does; `kitty`: the kitty graphics query is answered OK."""
        self.cols, self.rows = cols, rows
        self.kitty, self.kitty_seen = kitty, 0
        # pyte knows neither kitty's APCs nor sixel and would print their payload, slowly.
        self.filters_pictures, self.held = cell_pixels is not None, b""
        pixels = (cols * cell_pixels[0], rows * cell_pixels[1]) if cell_pixels else (0, 0)
        self.screen = AnsweringScreen(cols, rows, self.answer)
        self.stream = pyte.ByteStream(self.screen)
        self.output = bytearray()
        # Milestones, in seconds from the spawn: the program's first byte, its terminal
        # question (the device-attributes fence), and this terminal's answer.
        self.first_output = self.asked = self.answered = None
        # A person's terminal: nothing inherited from a CI runner or the caller's shell
        # turns tour off or changes what it draws, unless `env` asks for it.
        environment = {k: v for k, v in os.environ.items() if k not in PERSON_UNSET}
        environment.update(TERM="xterm-256color", LC_ALL="C.UTF-8", **(env or {}))
        self.fd, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, *pixels))
        slave_path = os.ttyname(slave)
        os.close(slave)
        program = argv[0] if "/" in argv[0] else shutil.which(argv[0])
        # posix_spawn (vfork and exec), not pty.fork: a forked copy of this Python, with
        # pyte loaded, took about 5 ms to reach exec, the same for every program and
        # larger than what the programs themselves took. The child leads a session of its
        # own, and the pseudo-terminal it opens becomes its controlling terminal, as a
        # terminal emulator's child has it; the signals Python ignores are the defaults again.
        self.start = time.perf_counter()
        self.pid = os.posix_spawn(program, argv, environment, setsid=True,
                                  setsigdef=(signal.SIGPIPE, signal.SIGXFSZ),
                                  file_actions=[(os.POSIX_SPAWN_OPEN, 0, slave_path, os.O_RDWR, 0),
                                                (os.POSIX_SPAWN_DUP2, 0, 1), (os.POSIX_SPAWN_DUP2, 0, 2),
                                                (os.POSIX_SPAWN_CLOSE, self.fd)])
        self.last_output = self.start
        self.shown_rows = [""] * rows
        self.replaying = False
        self.fences_seen = 0  # how far into `output` frame_time answered DA1

    def answer(self, data):
        if self.replaying:  # `frame_time` answered as the bytes came
            return
        if self.answered is None:
            self.answered = time.perf_counter() - self.start
        os.write(self.fd, data)

    def pump(self, timeout):
        """Reads what is there within `timeout` seconds; returns False once the program is gone."""
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return True
        try:
            data = os.read(self.fd, 1 << 16)
        except OSError:
            return False
        if not data:
            return False
        self.output += data
        self.last_output = time.perf_counter()
        if self.first_output is None:
            self.first_output = self.last_output - self.start
        if self.asked is None and b"\x1b[c" in self.output:
            self.asked = self.last_output - self.start
        # kitty's answer goes before the device attributes, which pyte answers as it reads.
        query = self.output.find(KITTY_QUERY, self.kitty_seen)
        if self.kitty and query >= 0:
            os.write(self.fd, b"\x1b_Gi=31;OK\x1b\\")
            self.kitty_seen = query + len(KITTY_QUERY)
        self.stream.feed(self.text_of(data) if self.filters_pictures else data)
        return True

    def text_of(self, data):
        shown, self.held = without_picture_strings(self.held + data)
        return shown

    def text(self):
        """What the screen shows. Only the rows changed since the last call are read
        again: pyte's own `display` takes about 1.6 ms for 80x24, and a check that slow
        between two reads made a frame that came meanwhile look that much later."""
        buffer, columns = self.screen.buffer, self.screen.columns
        if len(self.shown_rows) != self.screen.lines:
            self.shown_rows = [""] * self.screen.lines
            self.screen.dirty.update(range(self.screen.lines))
        for row in self.screen.dirty:
            if row < len(self.shown_rows):
                line = buffer[row]
                # A wide character's second cell holds "", so the join is what is shown.
                self.shown_rows[row] = "".join(line[x].data for x in range(columns))
        self.screen.dirty.clear()
        return "\n".join(self.shown_rows)

    def wait_for(self, predicate, timeout=10):
        """Seconds from start until predicate(self) holds (None on timeout). Each read is
        parsed before the next is taken, so a time here runs late by the parsing of what came
        before: it is for waiting on a screen, and for comparing tour with itself (pictures
        in pixels and in cells). Against another program, time with `frame_time`."""
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            # What has come is read before the check, so the time is when the last byte came.
            while self.pump(0):
                if not select.select([self.fd], [], [], 0)[0]:
                    break
            if predicate(self):
                return self.last_output - self.start
            if not self.pump(0.05):
                break
        return self.last_output - self.start if predicate(self) else None

    def frame_time(self, predicate, quiet=0.15, timeout=10):
        """Seconds from the spawn to the read that completed what `predicate` looks for,
        each read timed as it came; None if it never did. Nothing is parsed while the
        program runs. `wait_for` parses each read before taking the next, and a program
        that writes its frame in many small pieces waits meanwhile in the pseudo-terminal:
        dialog writes its first frame in 89 writes, some of a single byte, and was timed 1.2
        to 1.3 ms late, tour 0.5 to 0.6 ms. The one question the programs here wait on,
        DA1 (tour's fence), is answered the moment it is read, as a terminal does; when the
        program has been quiet for `quiet` seconds, the reads go through the emulator in
        order, and the first after which `predicate` holds gives the time."""
        reads = []
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            ready, _, _ = select.select([self.fd], [], [], 0.01)
            if not ready:
                if reads and time.perf_counter() - self.last_output >= quiet:
                    break
                continue
            try:
                data = os.read(self.fd, 1 << 16)
            except OSError:
                break
            if not data:
                break
            now = time.perf_counter()
            reads.append((now, data))
            self.output += data
            self.last_output = now
            if self.first_output is None:
                self.first_output = now - self.start
            while (at := self.output.find(b"\x1b[c", self.fences_seen)) >= 0:
                self.fences_seen = at + 3
                if self.asked is None:
                    self.asked = now - self.start
                os.write(self.fd, b"\x1b[?6c")  # what pyte answers
                if self.answered is None:
                    self.answered = time.perf_counter() - self.start
        done = None
        self.replaying = True
        try:
            for at, data in reads:
                self.stream.feed(self.text_of(data) if self.filters_pictures else data)
                if done is None and predicate(self):
                    done = at - self.start
        finally:
            self.replaying = False
        return done

    def settle(self, quiet=0.3, timeout=5):
        """Reads until nothing came for `quiet` seconds."""
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            if time.perf_counter() - self.last_output >= quiet:
                return
            self.pump(0.02)

    def key(self, data, quiet=0.3, marker=None):
        """Sends a key; returns (bytes written in reply, seconds from key to the reply's last byte)."""
        self.settle(quiet)
        before = len(self.output)
        sent = time.perf_counter()
        os.write(self.fd, data)
        self.last_output = sent  # the quiet period starts now
        if marker is not None:
            deadline = sent + 5
            while marker not in self.output[before:] and time.perf_counter() < deadline:
                self.pump(0.01)
        self.settle(quiet)
        reply = len(self.output) - before
        return reply, (self.last_output - sent) if reply else None

    def arrow(self, direction):
        """The bytes a real terminal sends for an arrow key: ESC O x once the program has
        turned on application cursor keys (DECCKM, as ncurses' keypad does), ESC [ x before."""
        application = (1 << 5) in self.screen.mode  # pyte stores private mode 1 shifted by 5
        return (b"\x1bO" if application else b"\x1b[") + direction

    def exit_after(self, data, timeout=5):
        """Sends a key that ends the program; seconds from the key to its exit."""
        self.settle(0.3)
        sent = time.perf_counter()
        os.write(self.fd, data)
        while time.perf_counter() - sent < timeout:
            pid, _ = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                ended = time.perf_counter() - sent
                self.pid = -1  # reaped: close() has nothing to kill
                return ended
            self.pump(0.002)
        return None

    def status(self, field):
        with open(f"/proc/{self.pid}/status") as status:
            for line in status:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
        return None

    def minor_faults(self):
        with open(f"/proc/{self.pid}/stat") as stat:
            return int(stat.read().rsplit(")", 1)[1].split()[7])  # minflt

    def cpu_ticks(self):
        with open(f"/proc/{self.pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])  # utime + stime

    def close(self):
        try:
            if self.pid > 0:
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
        except OSError:
            pass
        os.close(self.fd)


BEFORE_NAME = "before"
KITTY_QUERY = b"\x1b_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\x1b\\"


def picture_frame(path, drawn):
    """Seconds from the spawn to the first complete frame of a page with a picture, and
    the bytes written by then, in a terminal of 10×20-pixel cells: `drawn` "cells" (it
    answers no graphics question), "kitty" (it answers kitty's) or "sixel" (DA1 with 4).
    Complete: the title is on screen and, in pixels, the picture's placement or sixel
    has been written."""
    env = {"TOUR_PICTURES": "cells"} if drawn == "cells" else None
    terminal = Terminal(tour_argv("--no-animation", path=path), env=env, cell_pixels=(10, 20), kitty=drawn == "kitty")
    if drawn == "sixel":
        terminal.screen.answer = lambda data: terminal.answer(data.replace(b"?6c", b"?62;4c") if data.startswith(b"\x1b[?") else data)
    ending = {"cells": None, "kitty": b"a=p,", "sixel": b"\x1bP0;1;0q"}[drawn]
    try:
        seconds = terminal.wait_for(lambda t: "Page 1" in t.text() and (ending is None or (ending in t.output and
                                                                                          (drawn != "sixel" or t.output.rfind(b"\x1b\\") > t.output.find(ending)))))
        sent = re.search(rb"a=t,[^;]*s=(\d+),v=(\d+)", bytes(terminal.output))
        return seconds, len(terminal.output), (int(sent.group(1)), int(sent.group(2))) if sent else None
    finally:
        terminal.close()


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def spread(values):
    values = sorted(v for v in values if v is not None)
    return (values[0], values[-1]) if values else (None, None)


# --- the programs and what "on screen" means for each -------------------------------

def tour_argv(*extra, path=None):
    return [TOUR, "--no-mouse", *extra] + ([path] if path else [])


def tour_ready(title):
    return lambda t: title in t.text() and "[ Next → ]" in t.text()


WELCOME = json.load(open(os.path.join(ROOT, "Resources", "welcome.json")))
FIRST = WELCOME["pages"][0]
DIALOG_TEXT = FIRST["title"] + "\\n\\n" + FIRST["subtitle"]


def dialog_argv():
    return ["dialog", "--msgbox", DIALOG_TEXT, "16", "64"]


def dialog_ready(t):
    return "OK  >" in t.text() and "keyboard." in t.text()


def write_slides(directory):
    """The built-in tour as mdp slides: title, text and the same art, one slide a page."""
    slides = []
    for page in WELCOME["pages"]:
        if "items" in page:  # a feature list: its items as a Markdown list
            body = "\n".join(f"* {item['title']}: {item.get('text', '')}" for item in page["items"])
            slides.append(f"# {page['title']}\n\n{body}\n")
            continue
        if "heroFile" not in page:  # a picture: mdp shows its words
            slides.append(f"# {page['title']}\n\n{page['subtitle']}\n\n{page.get('heroAlt', '')}\n")
            continue
        # The largest version of the art, as tour draws it at 80x24.
        files = page["heroFile"] if isinstance(page["heroFile"], list) else [page["heroFile"]]
        art = open(os.path.join(ROOT, "Resources", files[0])).read().rstrip("\n")
        art = re.sub(r"\x1b\[[0-9;]*m", "", art)  # mdp shows art as text; colors are tour's own
        slides.append(f"# {page['title']}\n\n{page['subtitle']}\n\n" + "\n".join("    " + l for l in art.split("\n")) + "\n")
    path = os.path.join(directory, "slides.md")
    open(path, "w").write("\n-------------------------------------------------\n\n".join(slides))
    return path


def generated_tour(directory, name, pages, art_cols=70, art_rows=18, subtitle_words=20, seed=1):
    rng = random.Random(seed)
    art = ["".join(rng.choice("#*+=-. ") for _ in range(art_cols)) for _ in range(art_rows)]
    document = {"id": name, "pages": [
        {"title": f"Page {n + 1}", "subtitle": " ".join(rng.choice(["terminal", "tour", "swift", "pages", "keys", "fast"]) for _ in range(subtitle_words)),
         "hero": art} for n in range(pages)]}
    path = os.path.join(directory, name + ".json")
    json.dump(document, open(path, "w"))
    return path


def four_mib_tour(directory):
    """Just under the 4 MiB limit: many pages with long subtitles."""
    path = os.path.join(directory, "large.json")
    page = {"title": "A page", "subtitle": "words " * 600}
    count = (4 * 1024 * 1024 - 4096) // len(json.dumps(page))
    json.dump({"pages": [page] * count}, open(path, "w"))
    return path, os.path.getsize(path), count


def seen_tour_with_art(directory, name, version="1.0"):
    """Just under the 4 MiB limit: about 3,600 pages, each with 14 rows of art, marked as seen."""
    rng = random.Random(7)
    def page(n):
        art = ["".join(rng.choice("#*+=-. ") for _ in range(60)) for _ in range(14)]
        return {"title": f"Page {n + 1}", "subtitle": "What this page is about, in a few words.", "hero": art}
    pages, size = [], 200
    while True:
        candidate = page(len(pages))
        size += len(json.dumps(candidate)) + 2
        if size > 4 * 1024 * 1024 - 8192:
            break
        pages.append(candidate)
    path = os.path.join(directory, name + ".json")
    json.dump({"id": name, "version": version, "pages": pages}, open(path, "w"))
    return path, len(pages)


def mark_seen(state_home, tour_id, version):
    """The state file `tour --once` writes when the tour was completed."""
    folder = os.path.join(state_home, "tour")
    os.makedirs(folder, exist_ok=True)
    json.dump({"format": 1, "outcome": "completed", "version": version, "lastPage": 0, "seenAt": "2026-01-01T00:00:00Z"},
              open(os.path.join(folder, tour_id + ".json"), "w"))


def cpu_seconds(argv, env):
    """User plus system CPU time of one run of the process alone (not its parent), and its exit code."""
    process = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    return usage.ru_utime + usage.ru_stime, process.returncode


def cpu_seconds_on_terminal(argv, env):
    """The same, with stdin, stdout and stderr on a pseudo-terminal of 80×24, as a tool's
    start in a terminal has them; what the process printed comes back too."""
    output, code, usage = run_on_terminal(argv, env)
    return usage.ru_utime + usage.ru_stime, code, output


def nothing_new(directory, runs):
    """The call a tool makes on every start, when everything was seen: `tour --once --plain` on
    a seen 3-page tour and on a seen tour of about 3,600 pages with art (under 4 MiB), beside
    `tour --version`; CPU time of the tour process, the three alternating."""
    state_home = os.path.join(directory, "state")
    three = generated_tour(directory, "nothing-new-three", 3, art_cols=20, art_rows=3, subtitle_words=8)
    document = json.load(open(three))
    document["version"] = "1.0"
    json.dump(document, open(three, "w"))
    large, large_pages = seen_tour_with_art(directory, "nothing-new-large")
    for tour_id in ["nothing-new-three", "nothing-new-large"]:
        mark_seen(state_home, tour_id, "1.0")
    env = {k: v for k, v in os.environ.items() if k not in ("CI", "TOUR_DISABLE", "TOUR_DEBUG")}
    env["XDG_STATE_HOME"] = state_home
    # A tips file of 30 tips: `tour tip --every 0` shows one each run (on a terminal), and
    # `tour tip` right after shows none (the interval).
    tips = os.path.join(directory, "tips.json")
    json.dump({"id": "bench-tips", "version": "1.0", "tips": [
        {"id": f"tip{n}", "text": f"Tip number {n}: press `{n % 10}` to do the thing it does, on every machine."} for n in range(30)]},
        open(tips, "w"))
    env["TERM"] = "xterm-256color"
    figures = {"version": [], "three": [], "large": [], "large_pages": large_pages, "large_bytes": os.path.getsize(large),
               "tip_shown": [], "tip_due_later": []}
    for _ in range(runs):
        for name, argv in [("version", [TOUR, "--version"]), ("three", [TOUR, "--once", "--plain", three]),
                           ("large", [TOUR, "--once", "--plain", large])]:
            seconds, code = cpu_seconds(argv, env)
            if name != "version" and code != 0:
                raise SystemExit(f"{argv}: exit {code}; a seen tour exits 0")
            figures[name].append(seconds)
        seconds, code, output = cpu_seconds_on_terminal([TOUR, "tip", "--every", "0", tips], env)
        if code != 0 or b"Tip" not in output:
            raise SystemExit(f"tour tip --every 0 showed no tip (exit {code}): {output!r}")
        figures["tip_shown"].append(seconds)
        seconds, code, output = cpu_seconds_on_terminal([TOUR, "tip", tips], env)
        if code != 0 or b"Tip" in output:
            raise SystemExit(f"tour tip right after a tip showed one (exit {code}): {output!r}")
        figures["tip_due_later"].append(seconds)
    return figures


# --- measurements -------------------------------------------------------------------

TRUE = shutil.which("true") or "/bin/true"


def started_warm(argv, env=None):
    """A Terminal for `argv`, started right after `true` ran: the run before it ends with
    `frame_time`'s quiet wait, and a program started after 50 ms idle drew its first frame
    0.3 ms later than one started just after another process (2.39 against 2.10 ms,
    21 runs each), enough to tilt a ratio by which program happened to follow which."""
    subprocess.run([TRUE], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return Terminal(argv, env=env)


def first_frame(argv, ready, runs_env=None, breakdown=None):
    terminal = started_warm(argv, env=runs_env)
    try:
        seconds = terminal.frame_time(ready)
        rss = terminal.status("VmHWM")
        if breakdown is not None:
            breakdown.append(memory_breakdown(terminal.pid, argv[0]))
        return seconds, rss
    finally:
        terminal.close()


def time_breakdowns(binaries, runs):
    """time_breakdown for each binary, the binaries alternating run by run; medians."""
    each = {binary: [] for binary in binaries}
    for _ in range(runs):
        for binary in binaries:
            each[binary].append(time_breakdown(binary))
    return {binary: {key: median([sample[key] for sample in samples]) for key in samples[0]}
            for binary, samples in each.items()}


def time_breakdown(binary):
    """One run of where the built-in tour's first frame goes, as milestones on the terminal
    (ms from the spawn): `tour --version` run to its exit (the loader and relocations, the
    Swift runtime's start-up, the arguments) beside `true` run the same way (the spawn and
    exec themselves), tour's first byte (the tour loaded, ncurses set up), its question,
    this terminal's answer, and the complete frame. The loader's own count of its work
    comes from LD_DEBUG=statistics."""
    def spawn_to_exit(argv):
        terminal = Terminal(argv)
        try:
            terminal.wait_for(lambda t: False, timeout=5)
            os.waitpid(terminal.pid, 0)
            terminal.pid = -1
            return (time.perf_counter() - terminal.start) * 1000
        finally:
            terminal.close()

    sample = {"true_exit_ms": spawn_to_exit([TRUE]),
              "version_exit_ms": spawn_to_exit([binary, "--version"])}
    terminal = started_warm([binary, "--no-mouse", "--no-animation"])
    try:
        frame = terminal.frame_time(tour_ready("Welcome to tour"))
        milestones = {"first_byte_ms": terminal.first_output, "asked_ms": terminal.asked,
                      "answered_ms": terminal.answered, "frame_ms": frame}
        complete = None not in milestones.values()  # a run that missed one counts for none of them
        sample.update({key: value * 1000 if complete else None for key, value in milestones.items()})
    finally:
        terminal.close()
    statistics_text = subprocess.run([binary, "--version"], env=dict(os.environ, LD_DEBUG="statistics"),
                                     capture_output=True, text=True).stderr
    for key, pattern in [("loader_cycles", r"total startup time in dynamic loader: (\d+)"),
                         ("relocation_cycles", r"time needed for relocation: (\d+)"),
                         ("relocations", r"number of relocations: (\d+)"),
                         ("relative_relocations", r"number of relative relocations: (\d+)")]:
        found = re.search(pattern, statistics_text)
        sample[key] = int(found.group(1)) if found else None
    return sample


def breakdown_table(columns):
    """columns: [(heading, time_breakdown(...) result)]."""
    rows = [
        ("`true` (a C program that does nothing), spawn to exit: the pseudo-terminal, posix_spawn and exec", "true_exit_ms"),
        ("`tour --version`, spawn to exit: the loader and relocations, the Swift runtime's start-up, the arguments", "version_exit_ms"),
        ("spawn to tour's first byte: the built-in tour read and checked, ncurses set up", "first_byte_ms"),
        ("… to the terminal question (background colour, fenced by DA1)", "asked_ms"),
        ("… to the terminal's answer (given the moment the question is read)", "answered_ms"),
        ("… to the complete first frame: laid out and drawn while the question is out, sent once the reply agrees", "frame_ms"),
    ]
    text = "| where (medians, ms from the spawn) | " + " | ".join(h for h, _ in columns) + " |\n|---|" + "---|" * len(columns) + "\n"
    for label, key in rows:
        text += f"| {label} | " + " | ".join("–" if c.get(key) is None else f"{c[key]:.2f}" for _, c in columns) + " |\n"
    for label, key in [("dynamic loader, total (LD_DEBUG=statistics, cycles)", "loader_cycles"),
                       ("… of it relocating (cycles)", "relocation_cycles"),
                       ("relative relocations the loader applied", "relative_relocations"),
                       ("other relocations the loader applied", "relocations")]:
        text += f"| {label} | " + " | ".join("–" if c.get(key) is None else f"{c[key]:,.0f}" for _, c in columns) + " |\n"
    return text


def memory_breakdown(pid, binary):
    """Resident KiB at the first frame, by where it lives: the program's own file-backed
    pages, other libraries (and locale files), the heap, and other anonymous memory."""
    parts = {"binary": 0, "libraries": 0, "heap": 0, "anonymous": 0}
    name = None
    real = os.path.realpath(shutil.which(binary) or binary)
    try:
        lines = open(f"/proc/{pid}/smaps").read().splitlines()
    except OSError:
        return parts
    for line in lines:
        fields = line.split()
        if fields and "-" in fields[0] and len(fields) >= 5 and not line.startswith(("Rss", "Pss")) and ":" not in fields[0]:
            name = fields[5] if len(fields) > 5 else ""
        elif line.startswith("Rss:") and name is not None:
            kib = int(fields[1])
            if name and os.path.realpath(name) == real:
                parts["binary"] += kib
            elif name == "[heap]":
                parts["heap"] += kib
            elif name.startswith("/"):
                parts["libraries"] += kib
            else:
                parts["anonymous"] += kib
    return parts


def as_read_from_disk(programs):
    """Drops each program's file from the page cache, so that every one is measured as
    it is after a reboot: read from disk. A file just written with write() (cp, an
    installer) is cached in large folios, and a page fault then maps a whole folio: the
    same tour binary was 3,752 KiB resident at its first frame when copied with cp and
    3,224 KiB when read from disk, so how a binary reached the disk decided its figure."""
    for program in programs:
        if not program:
            continue
        try:
            descriptor = os.open(program, os.O_RDONLY)
        except OSError:
            continue
        try:
            os.fsync(descriptor)  # only clean pages can be dropped
            os.posix_fadvise(descriptor, 0, 0, os.POSIX_FADV_DONTNEED)
        finally:
            os.close(descriptor)


def measure(args):
    runs = args.runs
    results = {"runs": runs}
    work = tempfile.mkdtemp(prefix="tour-bench-")
    as_read_from_disk([TOUR, args.before, shutil.which("dialog"), shutil.which("mdp")])

    def wanted(part):
        return not args.only or part in args.only

    # 1, 2: first frame and peak RSS, alternating tour and dialog.
    tour_times, tour_rss, dialog_times, dialog_rss = [], [], [], []
    tour_parts, dialog_parts, before_parts, before_times, before_rss = [], [], [], [], []
    for _ in range(runs if wanted("first-frame") else 0):
        seconds, rss = first_frame(tour_argv("--no-animation"), tour_ready("Welcome to tour"), breakdown=tour_parts)
        tour_times.append(seconds); tour_rss.append(rss)
        seconds, rss = first_frame(dialog_argv(), dialog_ready, breakdown=dialog_parts)
        dialog_times.append(seconds); dialog_rss.append(rss)
        if args.before:  # an earlier binary, in the same alternation
            seconds, rss = first_frame([args.before] + tour_argv("--no-animation")[1:], tour_ready("Welcome to tour"),
                                       breakdown=before_parts)
            before_times.append(seconds); before_rss.append(rss)
    results["first_frame"] = {"tour": tour_times, "dialog": dialog_times}
    results["rss"] = {"tour": tour_rss, "dialog": dialog_rss}
    if before_times:
        results["first_frame"]["before"], results["rss"]["before"] = before_times, before_rss
    results["rss_breakdown"] = {
        who: {part: median([p[part] for p in parts]) for part in ["binary", "libraries", "heap", "anonymous"]}
        for who, parts in [("tour", tour_parts), ("dialog", dialog_parts), ("before", before_parts)] if parts}

    if wanted("first-frame"):
        timed = time_breakdowns([TOUR] + ([args.before] if args.before else []), runs)
        results["time_breakdown"] = {"tour": timed[TOUR]}
        if args.before:
            results["time_breakdown"]["before"] = timed[args.before]

    # How fresh the release link's order file is (see scripts/make-link-order.py).
    if wanted("first-frame") and shutil.which("valgrind"):
        checked = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "make-link-order.py"), "--check"],
                                 capture_output=True, text=True)
        if checked.returncode == 0 and len(checked.stdout.split()) == 2:
            results["link_order"] = [int(n) for n in checked.stdout.split()]

    # 3, 4: bytes per page change, and key to settled frame.
    slides = write_slides(work)
    changes = {}
    for cols, rows in ([(80, 24), (200, 60)] if wanted("keys") else []):
        for label, argv, marker in [
            ("tour", tour_argv("--no-animation"), ESU),
            ("tour_animated", tour_argv(), None),
            ("mdp", ["mdp", slides], None),
        ]:
            bytes_, latency, full = [], [], []
            for _ in range(max(1, runs // 2)):
                terminal = Terminal(argv, cols, rows)
                try:
                    terminal.settle(0.5)
                    full.append(len(terminal.output))
                    for direction in [b"C", b"D"]:
                        size, seconds = terminal.key(terminal.arrow(direction), marker=marker)
                        bytes_.append(size); latency.append(seconds)
                finally:
                    terminal.close()
            changes[f"{label}_{cols}x{rows}"] = {"bytes": bytes_, "latency": latency, "first_output": full}
    results["page_change"] = changes

    # 5: idle CPU over 3 s on a page.
    idle = {}
    for label, argv in [("tour", tour_argv()), ("dialog", dialog_argv()), ("mdp", ["mdp", slides])] if wanted("keys") else []:
        terminal = Terminal(argv)
        try:
            terminal.settle(0.6)
            before = terminal.cpu_ticks()
            deadline = time.perf_counter() + args.idle_seconds
            while time.perf_counter() < deadline:
                terminal.pump(0.1)
            idle[label] = terminal.cpu_ticks() - before
        finally:
            terminal.close()
    results["idle_ticks"] = idle

    # 5b: the key that ends it to the exit: tour's includes the drain (mouse off, then a
    # device-attributes fence answered by the terminal, here at once) that keeps a click's
    # release or a late answer out of the shell.
    exits = {}
    for label, argv, key in ([("tour", tour_argv("--no-animation"), b"q"), ("dialog", dialog_argv(), b"\r"),
                              ("mdp", ["mdp", slides], b"q")] if wanted("keys") else []):
        times = []
        for _ in range(max(3, runs // 2)):
            terminal = Terminal(argv)
            try:
                terminal.settle(0.5)
                seconds = terminal.exit_after(key)
                if seconds is not None:
                    times.append(seconds)
            finally:
                terminal.close()
        exits[label] = times
    results["exit"] = exits

    # 6: scale. The same large art on 3 pages and on 1,000.
    small = generated_tour(work, "three", 3)
    large = generated_tour(work, "thousand", 1000)
    scale = {"three": [], "thousand": [], "three_change": [], "thousand_change": [], "three_faults": [], "thousand_faults": []}
    for _ in range(runs if wanted("scale") else 0):
        for name, path in [("three", small), ("thousand", large)]:
            terminal = started_warm(tour_argv("--no-animation", path=path))
            try:
                scale[name].append(terminal.frame_time(tour_ready("Page 1")))
                scale[name + "_faults"].append(terminal.minor_faults())
                _, seconds = terminal.key(RIGHT, quiet=0.15, marker=ESU)
                scale[name + "_change"].append(seconds)
            finally:
                terminal.close()
    # The same figure growing with the work: 3, 100, 1,000 and 10,000 pages of short text.
    # The sizes alternate within each round, as the programs do elsewhere: a ratio of
    # medians taken minutes apart on a shared machine measured the machine as much as tour.
    growth = {}
    sizes_run = [3, 100, 1000, 10000] if wanted("scale") else []
    paths = {pages: generated_tour(work, f"pages{pages}", pages, art_cols=20, art_rows=3, subtitle_words=8) for pages in sizes_run}
    for pages in sizes_run:
        growth[str(pages)] = {"startup": [], "rss": [], "bytes": os.path.getsize(paths[pages])}
    for _ in range(runs if sizes_run else 0):
        for pages in sizes_run:
            seconds, rss = first_frame(tour_argv("--no-animation", path=paths[pages]), tour_ready("Page 1"))
            growth[str(pages)]["startup"].append(seconds); growth[str(pages)]["rss"].append(rss)
    scale["growth"] = growth
    # What a picture page costs: the same two pages with a PNG hero and with ASCII art.
    shutil.copy(os.path.join(ROOT, "Tests", "Fixtures", "pictures", "red-disc.png"), work)
    with_picture = os.path.join(work, "picture.json")
    json.dump({"pages": [{"title": "Page 1", "heroImage": "red-disc.png"}, {"title": "Two"}]}, open(with_picture, "w"))
    with_art = os.path.join(work, "art.json")
    json.dump({"pages": [{"title": "Page 1", "hero": ["  .--.  ", " (    ) ", "  '--'  "]}, {"title": "Two"}]}, open(with_art, "w"))
    picture = {"picture": [], "art": [], "picture_rss": [], "art_rss": []}
    for _ in range(max(3, runs // 2) if wanted("scale") else 0):
        for name, path in [("picture", with_picture), ("art", with_art)]:
            seconds, rss = first_frame(tour_argv("--no-animation", path=path), tour_ready("Page 1"))
            picture[name].append(seconds); picture[name + "_rss"].append(rss)
    scale["picture"] = picture
    # A 2000×2000 PNG hero in pixels (kitty, sixel) against the same in cells.
    shutil.copy(os.path.join(ROOT, "Tests", "Fixtures", "pictures", "large-disc.png"), work)
    large_picture = os.path.join(work, "large-picture.json")
    json.dump({"pages": [{"title": "Page 1", "heroImage": "large-disc.png"}, {"title": "Two"}]}, open(large_picture, "w"))
    pixels = {drawn: {"first_frame": [], "bytes": [], "sent": None} for drawn in ("cells", "kitty", "sixel")}
    for _ in range(max(3, runs // 2) if wanted("scale") or wanted("pixels") else 0):
        for drawn in pixels:
            seconds, written, sent = picture_frame(large_picture, drawn)
            pixels[drawn]["first_frame"].append(seconds); pixels[drawn]["bytes"].append(written)
            pixels[drawn]["sent"] = sent or pixels[drawn]["sent"]
    scale["pixels"] = pixels
    big, big_bytes, big_pages = four_mib_tour(work)
    scale["four_mib"] = []
    for _ in range(max(3, runs // 2) if wanted("scale") else 0):
        seconds, _ = first_frame(tour_argv("--no-animation", path=big), tour_ready("A page"))
        scale["four_mib"].append(seconds)
    scale["four_mib_bytes"], scale["four_mib_pages"] = big_bytes, big_pages
    results["scale"] = scale

    # 7: the call a tool makes on every start, when there is nothing new.
    results["nothing_new"] = nothing_new(work, max(25, runs * 2)) if wanted("nothing-new") else {}

    # 7b: the same call from a Python or a Node tool, through its module (bench/hosts.py).
    results["hosts"] = host_costs(TOUR, max(21, runs), mark_seen) if wanted("hosts") else {}

    # 8: in-process micro-benchmarks.
    if not wanted("micro"):
        results["micro"] = {}
        return results
    # No CI or TOUR_DISABLE: the embedded once figure must reach the seen state.
    quiet_env = {k: v for k, v in os.environ.items() if k not in ("CI", "TOUR_DISABLE")}
    output = subprocess.run([MICRO, os.path.join(ROOT, "Resources", "welcome.json"), str(args.micro_samples), large],
                            capture_output=True, text=True, check=True, cwd=ROOT, env=quiet_env).stdout
    results["micro"] = json.loads(output)
    return results


# --- the table ----------------------------------------------------------------------

def fmt_ms(seconds):
    return "—" if seconds is None else f"{seconds * 1000:.1f} ms"


def fmt_range_ms(values):
    low, high = spread(values)
    return "" if low is None else f" ({low * 1000:.1f}–{high * 1000:.1f})"


def ratio(a, b):
    return None if a is None or not b else a / b


def fmt_ratio(value):
    return "—" if value is None else f"{value:.2f}×"


def verdict(ok):
    return "yes" if ok else "**no**"


def table(results):
    rows = []
    ff_tour, ff_dialog = median(results["first_frame"]["tour"]), median(results["first_frame"]["dialog"])
    r = ratio(ff_tour, ff_dialog)
    rows.append(("First complete frame, 80×24", fmt_ms(ff_tour) + fmt_range_ms(results["first_frame"]["tour"]),
                 "dialog " + fmt_ms(ff_dialog) + fmt_range_ms(results["first_frame"]["dialog"]), fmt_ratio(r), "≤ 0.7× dialog", verdict(r is not None and r <= 0.7)))
    rss_tour, rss_dialog = median(results["rss"]["tour"]), median(results["rss"]["dialog"])
    if results["first_frame"].get("before"):
        before_ff, before_rss = median(results["first_frame"]["before"]), median(results["rss"]["before"])
        rows.append((f"… the same, tour before (`{BEFORE_NAME}`), same alternation",
                     fmt_ms(before_ff) + fmt_range_ms(results["first_frame"]["before"]) + f", {before_rss / 1024:.1f} MiB", "",
                     f"{fmt_ratio(ratio(before_ff, ff_dialog))}, {fmt_ratio(ratio(before_rss, rss_dialog))}", "(reported)", ""))
    r = ratio(rss_tour, rss_dialog)
    rows.append(("Peak RSS at first frame", f"{rss_tour / 1024:.1f} MiB", f"dialog {rss_dialog / 1024:.1f} MiB", fmt_ratio(r), "≤ 1.8× dialog", verdict(r is not None and r <= 1.8)))
    for size in ["80x24", "200x60"]:
        change = results["page_change"]
        tour_bytes = median(change[f"tour_{size}"]["bytes"])
        animated = median(change[f"tour_animated_{size}"]["bytes"])
        mdp_bytes = median(change[f"mdp_{size}"]["bytes"])
        full = median(change[f"tour_{size}"]["first_output"])
        cols, rows_ = (int(n) for n in size.split("x"))
        every_cell = cols * rows_  # a repaint of every cell takes at least a byte a cell
        r = ratio(tour_bytes, mdp_bytes)
        rows.append((f"Bytes per page change, {size.replace('x', '×')}",
                     f"{tour_bytes:.0f} B (animated {animated:.0f} B; first frame {full:.0f} B; every cell ≥ {every_cell} B)",
                     f"mdp {mdp_bytes:.0f} B", fmt_ratio(r), "≤ 0.25× mdp, well under a full frame",
                     verdict(r is not None and r <= 0.25 and tour_bytes <= every_cell / 2)))
        tour_latency = median(change[f"tour_{size}"]["latency"])
        mdp_latency = median(change[f"mdp_{size}"]["latency"])
        rows.append((f"Key to settled frame, {size.replace('x', '×')}", fmt_ms(tour_latency), "mdp " + fmt_ms(mdp_latency),
                     fmt_ratio(ratio(tour_latency, mdp_latency)), "(reported)", ""))
    exits = results.get("exit", {})
    if exits.get("tour"):
        tour_exit = median(exits["tour"])
        rows.append(("Key to exit (q; tour drains input until the terminal's fence)", fmt_ms(tour_exit) + fmt_range_ms(exits["tour"]),
                     f"dialog {fmt_ms(median(exits['dialog']))}, mdp {fmt_ms(median(exits['mdp']))}" if exits.get("dialog") and exits.get("mdp") else "",
                     fmt_ratio(ratio(tour_exit, median(exits["dialog"]))) if exits.get("dialog") else "", "(reported)", ""))
    idle = results["idle_ticks"]
    rows.append(("Idle CPU over 3 s", f"{idle['tour']} ticks", f"dialog {idle['dialog']}, mdp {idle['mdp']} ticks", "", "0 ticks", verdict(idle["tour"] == 0)))
    scale = results["scale"]
    three, thousand = median(scale["three"]), median(scale["thousand"])
    r = ratio(thousand, three)
    rows.append(("Start-up, 1,000 pages vs 3 (same large art)", f"{fmt_ms(thousand)} vs {fmt_ms(three)}", "", fmt_ratio(r), "(reported)", ""))
    growth = scale.get("growth")
    if growth and growth.get("100") and growth.get("3"):
        hundred, base = median(growth["100"]["startup"]), median(growth["3"]["startup"])
        r = ratio(hundred, base)
        rows.append(("Start-up, 100 pages vs 3 (short pages)", f"{fmt_ms(hundred)} vs {fmt_ms(base)}", "", fmt_ratio(r), "≤ 1.2×", verdict(r is not None and r <= 1.2)))
    if growth and growth.get("10000"):
        largest, largest_rss = median(growth["10000"]["startup"]), median(growth["10000"]["rss"]) / 1024
        rows.append(("10,000 pages: first frame, peak RSS", f"{fmt_ms(largest)}, {largest_rss:.1f} MiB", "", "", "< 1 s, < 64 MiB",
                     verdict(largest < 1.0 and largest_rss < 64)))
    three_change, thousand_change = median(scale["three_change"]), median(scale["thousand_change"])
    r = ratio(thousand_change, three_change)
    rows.append(("Page change, 1,000 pages vs 3", f"{fmt_ms(thousand_change)} vs {fmt_ms(three_change)}", "", fmt_ratio(r), "independent of page count", verdict(r is not None and r <= 1.5)))
    rows.append((f"Load and first frame, {scale['four_mib_bytes'] / 1048576:.2f} MiB tour ({scale['four_mib_pages']} pages)", fmt_ms(median(scale["four_mib"])) + fmt_range_ms(scale["four_mib"]), "", "", "(reported)", ""))
    quiet = results.get("nothing_new")
    if quiet:
        version, three, large = (median(quiet[k]) for k in ["version", "three", "large"])
        r = ratio(large, three)
        rows.append((f"`--once` on a seen tour: {quiet['large_bytes'] / 1048576:.2f} MiB ({quiet['large_pages']:,} pages with art) vs 3 pages, CPU",
                     f"{fmt_ms(large)} vs {fmt_ms(three)}", "", fmt_ratio(r), "≤ 1.2×", verdict(r is not None and r <= 1.2)))
        r = ratio(large, version)
        # Issue 32: the start that shows nothing (seen, no tip due) stays within 1.2× of --version.
        rows.append(("`--once` on that seen tour vs `tour --version`, CPU", f"{fmt_ms(large)} vs {fmt_ms(version)}", "", fmt_ratio(r), "≤ 1.2×",
                     verdict(r is not None and r <= 1.2)))
        shown, later = median(quiet["tip_shown"]), median(quiet["tip_due_later"])
        rows.append(("`tour tip` showing one of 30 tips, on a terminal, vs `tour --version`, CPU", f"{fmt_ms(shown)} vs {fmt_ms(version)}", "",
                     fmt_ratio(ratio(shown, version)), "about `--version`", ""))
        rows.append(("`tour tip` with the next tip not yet due, vs `tour --version`, CPU", f"{fmt_ms(later)} vs {fmt_ms(version)}", "",
                     fmt_ratio(ratio(later, version)), "about `--version`", ""))
    hosts = results.get("hosts")
    if hosts:
        # Issue 65, 6: what a Python or Node tool pays on every start, beside the cheapest thing of its kind.
        for label, ours, theirs, name, limit in [
                ("Python: `import tour_onboarding` vs `import json`", "import_module", "import_json", "`import json`", 1.0),
                ("Python: `once()` on a seen tour vs `subprocess.run([\"true\"])`", "once", "spawn_true", "`run(true)`", 2.5),
                ("Node: `require` and `once()` on a seen tour vs `spawnSync('true')`", "node_once", "node_spawn", "`spawnSync`", 2.5)]:
            a, b = median(hosts[ours]), median(hosts[theirs])
            r = ratio(a, b)
            rows.append((label + ", wall", fmt_ms(a) + fmt_range_ms(hosts[ours]), f"{name} {fmt_ms(b)}", fmt_ratio(r),
                         f"≤ {limit:g}×", verdict(r is not None and r <= limit)))
    micro = results["micro"]
    for size in ["80x24", "200x60"]:
        render = micro[f"render_{size}"]
        ok = render["median_us"] <= 100 if size == "200x60" else True
        rows.append((f"Lay out and render one frame, {size.replace('x', '×')}", f"{render['median_us']:.1f} µs (p10 {render['p10_us']:.1f}, p90 {render['p90_us']:.1f})", "", "",
                     "≤ 100 µs at 200×60" if size == "200x60" else "(reported)", verdict(ok) if size == "200x60" else ""))
    if "embedded_seen_3_us" in micro:
        three, large = micro["embedded_seen_3_us"], micro["embedded_seen_3600_us"]
        r = ratio(large["median_us"], three["median_us"])
        # TourKit's initializers read and check every page (a tour is a plain value): this grows with the file.
        rows.append((f"TourKit: `Tour(jsonBytes:)` and `run` with `once`, seen, {large['bytes'] / 1048576:.2f} MiB (3,600 pages) vs 3 pages, in-process",
                     f"{large['median_us']:.1f} µs vs {three['median_us']:.1f} µs", "", fmt_ratio(r), "(reported)", ""))
    header = "| figure | tour | reference | ratio | target | met |\n|---|---|---|---|---|---|\n"
    text = header + "\n".join("| " + " | ".join(row) + " |" for row in rows) + "\n"
    # Where the memory at the first frame lives, so the next person need not dig for it.
    parts = results.get("rss_breakdown")
    if parts:
        text += "\nResident memory at the first frame, by where it lives (medians, KiB):\n\n"
        text += "| | own binary (file-backed) | other libraries and locale files | heap | other anonymous |\n|---|---|---|---|---|\n"
        for who in ["before", "tour", "dialog"]:
            if who not in parts:
                continue
            p = parts[who]
            name = f"tour before (`{BEFORE_NAME}`)" if who == "before" else who
            text += f"| {name} | {p['binary']:.0f} | {p['libraries']:.0f} | {p['heap']:.0f} | {p['anonymous']:.0f} |\n"
        if results.get("link_order"):
            found, ran = results["link_order"]
            text += (f"\nThe release link lays out first the functions `scripts/link-order.txt` names: it names {found} of the "
                     f"{ran} that the built-in tour runs before its first frame (callgrind). Code added since the list was written "
                     f"lands elsewhere and costs resident pages; `make link-order` writes it again.\n")
    timing = results.get("time_breakdown")
    if timing:
        columns = ([(f"before (`{BEFORE_NAME}`)", timing["before"])] if "before" in timing else []) + [("tour", timing["tour"])]
        text += "\nWhere the first frame's time goes, as milestones on the terminal:\n\n" + breakdown_table(columns)
    picture = results["scale"].get("picture")
    if picture:
        extra_ms = (median(picture["picture"]) - median(picture["art"])) * 1000
        extra_rss = (median(picture["picture_rss"]) - median(picture["art_rss"])) / 1024
        text += (f"\nA PNG hero (200×200, drawn by libchafa, loaded on first use) against ASCII art on the same page: "
                 f"first frame {fmt_ms(median(picture['picture']))} vs {fmt_ms(median(picture['art']))} ({extra_ms:+.1f} ms), "
                 f"peak RSS {median(picture['picture_rss']) / 1024:.1f} vs {median(picture['art_rss']) / 1024:.1f} MiB ({extra_rss:+.1f} MiB). "
                 f"A tour without pictures loads none of the image libraries.\n")
    pixels = results["scale"].get("pixels")
    if pixels and pixels["cells"]["first_frame"]:
        text += ("\nA 2000×2000 PNG hero at 80×24 with 10×20-pixel cells, in pixels against cells (first complete frame: the title "
                 "and, in pixels, the picture written; bytes: everything tour wrote by then):\n\n"
                 "| drawn | first frame | vs cells | bytes written |\n|---|---|---|---|\n")
        cells_ms = median(pixels["cells"]["first_frame"])
        for drawn, label in [("cells", "cells (libchafa)"), ("kitty", "kitty graphics, zlib-compressed (RGB where opaque)"), ("sixel", "sixel, 216 colors")]:
            figure = median(pixels[drawn]["first_frame"])
            text += (f"| {label} | {fmt_ms(figure)}{fmt_range_ms(pixels[drawn]['first_frame'])} | {fmt_ratio(ratio(figure, cells_ms))} | "
                     f"{median(pixels[drawn]['bytes']):,.0f} |\n")
        sent = pixels["kitty"].get("sent")
        size = f" ({sent[0]}×{sent[1]} pixels here, {sent[0] // 10}×{sent[1] // 20} cells)" if sent else ""
        text += (f"\nThe picture is decoded once at 512 pixels a side at most and scaled to the box it fills{size} before it is "
                 "sent; kitty holds it for the run, sixel is written each time its page shows.\n")
    growth = results["scale"].get("growth")
    if growth:
        base = median(growth["3"]["startup"])
        text += "\nStart-up and memory as the tour grows (short pages, a 20×3 picture each; medians):\n\n"
        text += "| pages | file | first frame | vs 3 pages | peak RSS |\n|---|---|---|---|---|\n"
        for pages, figures in growth.items():
            startup = median(figures["startup"])
            text += f"| {int(pages):,} | {figures['bytes'] / 1024:.0f} KiB | {fmt_ms(startup)} | {fmt_ratio(ratio(startup, base))} | {median(figures['rss']) / 1024:.1f} MiB |\n"
        largest = median(growth["10000"]["startup"])
        text += (f"\nTargets: 100 pages within 1.2× of 3 ({fmt_ratio(ratio(median(growth['100']['startup']), base))}); 10,000 pages "
                 f"under 1 s and 64 MiB ({fmt_ms(largest)}, {median(growth['10000']['rss']) / 1024:.1f} MiB). "
                 f"Every page is read, checked and built before the first frame.\n")
    quiet = results.get("nothing_new")
    if quiet and quiet.get("three"):
        version, three, large = (median(quiet[k]) for k in ["version", "three", "large"])
        text += (f"\nThe call a tool makes on every start, when there is nothing new (CPU time of the `tour` process, "
                 f"{len(quiet['three'])} runs alternating): `tour --version` {fmt_ms(version)}; `tour --once --plain` on a seen "
                 f"3-page tour {fmt_ms(three)}; on a seen tour of {quiet['large_bytes'] / 1048576:.2f} MiB "
                 f"({quiet['large_pages']:,} pages with 14 rows of art each) {fmt_ms(large)}, {fmt_ratio(ratio(large, three))} the "
                 f"3-page tour and {fmt_ratio(ratio(large, version))} `--version`. Before 2.2 every page was parsed, checked and "
                 f"built on every start (57 ms for that tour, 23× the 3-page one); now the seen state and the tour's top-level "
                 f"`id` and `version` settle it, and the rest of the file is not read. `tour tip` on a 30-tip file: "
                 f"{fmt_ms(median(quiet['tip_shown']))} when it shows a tip (it writes the state: a temporary file, fsync, "
                 f"rename) and {fmt_ms(median(quiet['tip_due_later']))} when none is due (the state and the file's id only).\n")
    micro = results.get("micro", {})
    if "large_load_us" in micro:
        scale = results["scale"]
        three, thousand = median(scale["three"]), median(scale["thousand"])
        read, parse, load = (micro[k]["median_us"] / 1000 for k in ["large_read_us", "large_parse_us", "large_load_us"])
        allowed = three * 0.5 * 1000
        text += (f"\nWhere the 1,000-page tour's extra start-up goes ({fmt_ms(thousand)} against {fmt_ms(three)} for 3 pages, "
                 f"{abs(thousand - three) * 1000:.1f} ms {'more' if thousand >= three else 'less'}), measured in-process on the same file: reading it {read:.1f} ms; "
                 f"the JSON token tape alone {parse:.1f} ms; the whole load (the tape, and every page checked and built) {load:.1f} ms. "
                 f"The process also touches more fresh memory: "
                 f"{median(scale['thousand_faults']):.0f} page faults to its first frame against {median(scale['three_faults']):.0f}. "
                 f"Every page is checked and built before the screen is taken, in one pass over a flat tape of tokens over the "
                 f"file's bytes, so a bad one is reported (FILE:LINE:COL) first and the tour that plays is the one that was checked.\n")
    return text


def quick_look(results):
    """The figures that --only measured, with spreads, for a before/after in a commit message."""
    lines = []
    def add(label, values, unit, scale=1.0):
        if values:
            low, high = spread(values)
            lines.append(f"{label}: {median(values) * scale:.1f} {unit} [{low * scale:.1f}–{high * scale:.1f}]")
    add("first frame, tour", results["first_frame"]["tour"], "ms", 1000)
    add("first frame, dialog", results["first_frame"]["dialog"], "ms", 1000)
    if results["first_frame"].get("before"):
        add(f"first frame, {BEFORE_NAME}", results["first_frame"]["before"], "ms", 1000)
    for drawn, figures in results.get("scale", {}).get("pixels", {}).items():
        add(f"2000x2000 PNG first frame, {drawn}", figures["first_frame"], "ms", 1000)
        add(f"2000x2000 PNG bytes written, {drawn}", figures["bytes"], "bytes")
    add("peak RSS, tour", results["rss"]["tour"], "MiB", 1 / 1024)
    add("peak RSS, dialog", results["rss"]["dialog"], "MiB", 1 / 1024)
    if results["rss"]["tour"]:
        lines.append(f"ratios: first frame {ratio(median(results['first_frame']['tour']), median(results['first_frame']['dialog'])):.2f}×, "
                     f"RSS {ratio(median(results['rss']['tour']), median(results['rss']['dialog'])):.2f}×")
        lines.append("tour's resident KiB by place: " + ", ".join(f"{k} {v:.0f}" for k, v in results["rss_breakdown"]["tour"].items()))
        if results.get("link_order"):
            lines.append("link order names {} of the {} functions run before the first frame".format(*results["link_order"]))
    timing = results.get("time_breakdown")
    if timing:
        if "before" in results.get("rss_breakdown", {}):
            lines.append("before's resident KiB by place: " + ", ".join(f"{k} {v:.0f}" for k, v in results["rss_breakdown"]["before"].items()))
        columns = ([("before", timing["before"])] if "before" in timing else []) + [("tour", timing["tour"])]
        lines.append(breakdown_table(columns))
    for program, times in results.get("exit", {}).items():
        add(f"key to exit, {program}", times, "ms", 1000)
    for name, values in (results.get("hosts") or {}).items():
        add(f"host: {name}", values, "ms", 1000)
    scale = results.get("scale", {})
    if scale.get("three"):
        add("start-up, 3 pages", scale["three"], "ms", 1000)
        add("start-up, 1,000 pages", scale["thousand"], "ms", 1000)
        lines.append(f"1,000 vs 3: {ratio(median(scale['thousand']), median(scale['three'])):.2f}×; "
                     f"page faults {median(scale['thousand_faults']):.0f} vs {median(scale['three_faults']):.0f}")
    quiet = results.get("nothing_new")
    if quiet:
        for name, label in [("version", "tour --version"), ("three", "--once, seen, 3 pages"), ("large", f"--once, seen, {quiet['large_pages']} pages with art"),
                            ("tip_shown", "tour tip, one shown"), ("tip_due_later", "tour tip, none due")]:
            add(f"CPU, {label}", quiet[name], "ms", 1000)
        lines.append(f"seen large vs seen 3 pages: {ratio(median(quiet['large']), median(quiet['three'])):.2f}×; "
                     f"vs --version: {ratio(median(quiet['large']), median(quiet['version'])):.2f}×")
    micro = results.get("micro", {})
    if "embedded_seen_3_us" in micro:
        lines.append(f"TourKit embedded, once, seen: 3 pages {micro['embedded_seen_3_us']['median_us']:.1f} µs, "
                     f"3,600 pages {micro['embedded_seen_3600_us']['median_us']:.1f} µs")
    for pages, figures in scale.get("growth", {}).items():
        add(f"growth, {pages} pages: first frame", figures["startup"], "ms", 1000)
        add(f"growth, {pages} pages: peak RSS", figures["rss"], "MiB", 1 / 1024)
    return "\n".join(lines)


def machine_line():
    model = ""
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    versions = []
    for name, command in [("dialog", ["dialog", "--version"]), ("mdp", ["mdp", "-v"])]:
        try:
            output = subprocess.run(command, capture_output=True, text=True, timeout=5)
            line = (output.stdout + output.stderr).strip().splitlines()[0]
            versions.append(line if line.startswith(name) else f"{name} {line}")
        except Exception:
            pass
    return f"{platform.system()} {platform.release()} {platform.machine()}, {os.cpu_count()} cores, {model}; " + "; ".join(versions)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=21, help="runs per figure (alternating programs)")
    parser.add_argument("--idle-seconds", type=float, default=3.0)
    parser.add_argument("--micro-samples", type=int, default=201)
    parser.add_argument("--smoke", action="store_true", help="one quick pass to show the harness works; writes nothing")
    parser.add_argument("--output", default=os.path.join(ROOT, "BENCHMARKS.md"))
    parser.add_argument("--before", help="an earlier tour binary: its time and memory breakdown beside this one's")
    parser.add_argument("--before-name", default="before", help="what to call it (a commit, say)")
    parser.add_argument("--only", type=lambda text: set(text.split(",")), default=None,
                        help="a quick look at some parts (first-frame, keys, scale, micro, hosts): prints, writes nothing")
    args = parser.parse_args()
    global BEFORE_NAME
    BEFORE_NAME = args.before_name
    if args.smoke:
        args.runs, args.idle_seconds, args.micro_samples = 1, 0.5, 11
    results = measure(args)
    if args.only:
        print(quick_look(results))
        return
    text = table(results)
    print(text)
    if args.smoke:
        return
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    with open(args.output, "w") as out:
        out.write(f"# Benchmarks\n\nMeasured by `make bench` on {now}.\n\nMachine: {machine_line()}.\n\n")
        out.write(f"Medians of {results['runs']} runs (spread in brackets: fastest–slowest), the programs alternating; "
                  "each program started with posix_spawn on a pseudo-terminal of its own (its controlling terminal), "
                  "its screen read through pyte. A first frame is timed by the read that completed it, each read "
                  "timed as it came and parsed only once the program was quiet; DA1, the question tour waits on, is "
                  "answered the moment it is read, and each program is started right after `true` ran, so that none "
                  "follows the quiet wait of the run before it on a processor gone idle. Until 2026-12-04 21:50 UTC each read was parsed before the next was "
                  "taken, which timed dialog's frame (89 writes) 1.2 to 1.3 ms late and tour's 0.5 to 0.6 ms late: "
                  "tour's first-frame ratio to dialog read 0.71× where this way reads 0.84–0.85× (21 runs each, twice, "
                  "the two ways side by side). Until 2026-12-04 "
                  "programs were started with pty.fork, whose copy of this Python took about 5 ms to reach exec, and the "
                  "screen was read in a way that could time a frame up to 3 ms late: figures from before then are not "
                  "comparable with these, ratios less so than times. `tour` is the release build "
                  "that `make install` ships (`make release`: the Swift standard library and libstdc++ linked in, the code "
                  "laid out by scripts/link-order.txt, its relative relocations packed and applied by its own entry point) "
                  "showing the built-in tour; dialog shows a `--msgbox` with the same title and text; "
                  "mdp shows the built-in tour as slides with the same text and art. Page changes are one → and one ← "
                  "after the screen settled; bytes are everything written in reply. Every program measured is first dropped "
                  "from the page cache, so each is read from disk as after a reboot (until 2026-12-04 a binary copied with cp "
                  "showed about 0.5 MiB more of itself resident than the same binary read from disk). "
                  "Benchmarks are not tests: nothing here fails CI.\n\n")
        out.write(text)
        out.write("\nRaw figures:\n\n```json\n" + json.dumps(results, indent=1, default=str) + "\n```\n")
    print(f"wrote {args.output}")


if __name__ == "__main__":
    main()
