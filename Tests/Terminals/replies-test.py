#!/usr/bin/env python3
"""The terminal's side of tour's questions, played adversarially on a pseudo-terminal.

A slow link, a busy terminal: the answers to the start-up questions (the color scheme,
the background color, the device attributes that fence them) come at 150 and 250 ms,
after tour's 100 ms wait, whole or split after their ESC or inside the color, with a
q typed on the first frame, ahead of them. A click's press and release come together. A DCS answer never ends. In
each case the outcome is the one the keys asked for, and once tour has exited and every
byte the terminal owed has been sent, nothing is left in the tty's input queue for the
shell (FIONREAD on the terminal is 0).

Run by `make test`: python3 Tests/Terminals/replies-test.py [TOUR]
"""
import fcntl, json, os, select, struct, subprocess, sys, tempfile, termios, time

import pyte

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Packages"))
from terminal import bytes_left_for_the_shell  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TOUR = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "release", "tour")

SCHEME = b"\x1b[?997;2n"
COLOR = b"\x1b]11;rgb:ffff/ffff/ffff\x1b\\"
FENCE = b"\x1b[?62;22c"
START_QUESTIONS = b"\x1b[?996n"
FENCE_QUESTION = b"\x1b[c"
MOUSE_OFF = b"\x1b[?1000l"
PASSED_ON_FENCE = b"\x1bP\x1b[c\x1b\\"  # behind GNU screen: the device attributes, for the outer terminal


class QuietScreen(pyte.Screen):
    """pyte's screen with its own answers off: the test answers, on its schedule."""

    def write_process_input(self, data):
        pass

    def report_device_status(self, mode, *args, **kwargs):
        pass


class ScriptedTerminal:
    """tour on a pty whose other side answers on a schedule of the test's."""

    def __init__(self, argv, env, delay, split=None, typed_ahead=b"", answer_fences=True, outer_delay=None,
                 after_first_frame=False):
        """`outer_delay`: the terminal plays GNU screen in front of a terminal that answers
        a fence passed on in a DCS that much later, while screen answers its own at once.
        `after_first_frame`: nothing is answered before tour's first frame has ended, however
        slowly a busy machine starts it, so a late answer is late for certain."""
        self.master, self.slave = os.openpty()
        fcntl.ioctl(self.slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.screen = QuietScreen(80, 24)
        self.stream = pyte.ByteStream(self.screen)
        self.delay, self.split, self.typed_ahead, self.answer_fences = delay, split, typed_ahead, answer_fences
        self.outer_delay = outer_delay
        self.after_first_frame = after_first_frame
        self.scheduled = []  # (time, bytes), written in order when due
        self.output = b""
        self.seen = 0  # how much of the output was scanned for questions
        self.fences_asked = 0
        self.mouse_on = False
        self.start = time.monotonic()
        self.process = subprocess.Popen(argv, env=env, stdin=self.slave, stdout=self.slave, stderr=subprocess.DEVNULL,
                                        start_new_session=True, close_fds=True)

    def now(self):
        return time.monotonic() - self.start

    def schedule(self, at, data):
        self.scheduled.append((at, data))
        self.scheduled.sort(key=lambda item: item[0])

    def answer(self):
        """Scans new output for questions and schedules what a terminal would answer."""
        text = self.output
        while True:
            start_at = text.find(START_QUESTIONS, self.seen)
            fence_at = text.find(FENCE_QUESTION, self.seen)
            passed_on_at = text.find(PASSED_ON_FENCE, self.seen) if self.outer_delay is not None else -1
            found = [i for i in (start_at, fence_at, passed_on_at) if i >= 0]
            if not found:
                break
            index = min(found)
            if index == passed_on_at:
                # The fence screen hands on: the outer terminal answers it after what it sent before.
                self.schedule(self.now() + self.outer_delay, FENCE)
                self.seen = index + len(PASSED_ON_FENCE)
            elif index == start_at:
                # The start-up questions: scheme, color, then the fence, all `delay` late.
                replies = SCHEME + COLOR + FENCE
                when = self.now() + self.delay
                if self.split == "after-escape":
                    self.schedule(when, replies[:1])
                    self.schedule(when + 0.05, replies[1:])
                elif self.split == "inside-color":
                    cut = len(SCHEME) + 12
                    self.schedule(when, replies[:cut])
                    self.schedule(when + 0.05, replies[cut:])
                else:
                    self.schedule(when, replies)
                self.seen = text.index(FENCE_QUESTION, index) + len(FENCE_QUESTION)
                self.fences_asked += 1
            else:
                self.fences_asked += 1
                if self.answer_fences:
                    self.schedule(self.now() + self.delay, FENCE)
                self.seen = index + len(FENCE_QUESTION)
        if b"\x1b[?1000h" in text[-4096:]:
            self.mouse_on = text.rfind(b"\x1b[?1000h") > text.rfind(MOUSE_OFF)

    def pump(self, timeout):
        due = [at for at, _ in self.scheduled]
        wait = timeout if not due else max(0, min(timeout, due[0] - self.now()))
        ready, _, _ = select.select([self.master], [], [], wait)
        if ready:
            try:
                data = os.read(self.master, 65536)
            except OSError:
                data = b""
            self.output += data
            self.stream.feed(data)
            self.answer()
            # Typed as soon as the first frame is up, before the late answers come: keys
            # typed before it are dropped (Tests/Terminals/as-found-test.py).
            if self.typed_ahead and b"\x1b[?2026h" in self.output:
                os.write(self.master, self.typed_ahead)
                self.typed_ahead = b""
        if self.after_first_frame and not self.first_frame_ended():
            return
        while self.scheduled and self.scheduled[0][0] <= self.now():
            os.write(self.master, self.scheduled.pop(0)[1])

    def first_frame_ended(self):
        begun = self.output.find(b"\x1b[?2026h")
        return begun >= 0 and self.output.find(b"\x1b[?2026l", begun) >= 0

    def pump_until(self, condition, seconds=5):
        deadline = time.monotonic() + seconds
        while not condition() and time.monotonic() < deadline:
            self.pump(0.02)

    def run_until_exit(self, timeout=10):
        deadline = time.monotonic() + timeout
        while self.process.poll() is None and time.monotonic() < deadline:
            self.pump(0.01)
        if self.process.poll() is None:
            self.process.kill()
        code = self.process.wait()
        # Everything the terminal owed goes out, as a real one would send it, exit or not.
        self.after_first_frame = False
        while self.scheduled:
            self.pump(0.01)
        time.sleep(0.05)
        while True:
            ready, _, _ = select.select([self.master], [], [], 0.05)
            if not ready:
                break
            try:
                self.output += os.read(self.master, 65536)
            except OSError:
                break
        left = len(bytes_left_for_the_shell(self.slave))
        os.close(self.master)
        os.close(self.slave)
        return code, left

    def find(self, words):
        for row, line in enumerate(self.screen.display):
            column = line.find(words)
            if column >= 0:
                return column, row
        return None


def main():
    work = tempfile.mkdtemp(prefix="tour-replies-")
    tour = os.path.join(work, "tour.json")
    with open(tour, "w") as out:
        json.dump({"id": "replies", "version": "1.0", "pages": [{"title": "One"}, {"title": "Two"}, {"title": "Three"}]}, out)
    failures = []
    results = []

    def environment(state):
        env = {k: v for k, v in os.environ.items() if k not in ("CI", "TOUR_DISABLE", "TOUR_DEBUG", "NO_COLOR", "TMUX", "STY",
                                                               "TOUR_BACKGROUND", "COLORFGBG")}
        env.update(TERM="xterm-256color", LC_ALL="C.UTF-8", XDG_STATE_HOME=state)
        return env

    def recorded(state):
        path = os.path.join(state, "tour", "replies.json")
        return json.load(open(path)) if os.path.exists(path) else None

    # Replies late, whole or split, with q typed on the first frame ahead of them: skipped at page 1, nothing left.
    for delay in (0.15, 0.25):
        for split in (None, "after-escape", "inside-color"):
            state = tempfile.mkdtemp(dir=work)
            terminal = ScriptedTerminal([TOUR, "--once", "--no-animation", tour], environment(state), delay, split, typed_ahead=b"q")
            started = time.monotonic()
            code, left = terminal.run_until_exit()
            seconds = time.monotonic() - started
            state_file = recorded(state)
            outcome = state_file and (state_file.get("outcome"), state_file.get("lastPage"))
            name = f"replies at {int(delay * 1000)} ms{', split ' + split if split else ''}, q typed ahead"
            line = f"{name:55} exit {code}  recorded {outcome}  left {left} bytes  ({seconds * 1000:.0f} ms)"
            results.append(line)
            if code != 1 or outcome != ("skipped", 0) or left != 0:
                failures.append(line + " (expected exit 1, skipped at page 0, 0 bytes left)")

    # A late light background is used: the page is drawn again, in other colors, once the
    # answer comes (a yellow accent is darkened to read on white).
    accented = os.path.join(work, "accented.json")
    with open(accented, "w") as out:
        json.dump({"id": "accented", "accent": "#ffff00", "pages": [{"title": "One"}, {"title": "Two"}]}, out)
    state = tempfile.mkdtemp(dir=work)
    terminal = ScriptedTerminal([TOUR, "--no-animation", accented], environment(state), 0.25, after_first_frame=True)
    terminal.pump_until(lambda: terminal.first_frame_ended() and terminal.find("One") is not None)
    before = len(terminal.output)
    first_frame = terminal.output
    terminal.pump_until(lambda: b"38;" in terminal.output[before:])
    after = terminal.output[before:]
    os.write(terminal.master, b"q")
    code, left = terminal.run_until_exit()
    redrawn = b"38;" in after and b"One" in first_frame
    line = f"{'a light background answered at 250 ms':55} exit {code}  left {left} bytes  drawn again in its colors {redrawn}"
    results.append(line)
    if code != 1 or left != 0 or not redrawn:
        failures.append(line + " (expected the page drawn again once the answer came)")

    # A light background answered in time (5 ms): the first frame, composed for a dark one
    # while the questions were out, is dropped unsent; the one frame sent is the frame
    # --background light draws, cell for cell and color for color.
    def first_screen(argv, answers):
        state = tempfile.mkdtemp(dir=work)
        terminal = ScriptedTerminal(argv, environment(state), 0.005, answer_fences=answers)
        deadline = time.monotonic() + 5
        while terminal.find("One") is None and time.monotonic() < deadline:
            terminal.pump(0.02)
        while terminal.now() < 0.3:
            terminal.pump(0.02)
        cells = [[(c.data, c.fg, c.bg, c.bold, c.reverse) for c in (terminal.screen.buffer[y][x] for x in range(80))] for y in range(24)]
        frames = terminal.output.count(b"\x1b[?2026h")
        os.write(terminal.master, b"q")
        code, left = terminal.run_until_exit()
        return cells, frames, code, left
    answered, answered_frames, code, left = first_screen([TOUR, "--no-animation", accented], True)
    given, given_frames, given_code, given_left = first_screen([TOUR, "--no-animation", "--background", "light", accented], True)
    same = answered == given and any(cell[1] not in ("default", "white") for row in answered for cell in row)
    line = (f"{'a light background answered at 5 ms':55} exit {code}  left {left} bytes  frames sent {answered_frames}  "
            f"drawn as --background light {same}")
    results.append(line)
    if code != 1 or left != 0 or answered_frames != 1 or given_frames != 1 or not same or given_code != 1 or given_left != 0:
        failures.append(line + " (expected one frame, the one --background light draws, 0 bytes left)")

    # A click on the button of the last page, its press and release together, then with
    # the release 20 ms after the press (before the terminal has read tour's mouse-off):
    # finished, 0 left.
    for name, gap in [("a click, press and release together, on Get started", None),
                      ("a fast click, the release 20 ms after the press", 0.02)]:
        state = tempfile.mkdtemp(dir=work)
        terminal = ScriptedTerminal([TOUR, "--no-animation", "--page", "3", tour], environment(state), 0.005)
        deadline = time.monotonic() + 5
        while terminal.find("Get started") is None and time.monotonic() < deadline:
            terminal.pump(0.02)
        where = terminal.find("Get started")
        if where:
            x, y = where[0] + 2, where[1] + 1
            press, release = f"\x1b[<0;{x};{y}M".encode(), f"\x1b[<0;{x};{y}m".encode()
            if gap is None:
                os.write(terminal.master, press + release)
            else:
                os.write(terminal.master, press)
                time.sleep(gap)  # the finger lifts
                os.write(terminal.master, release)
        code, left = terminal.run_until_exit()
        line = f"{name:55} exit {code}  left {left} bytes"
        results.append(line)
        if code != 0 or left != 0:
            failures.append(line + " (expected exit 0, 0 bytes left)")

    # Behind GNU screen (STY set), which answers the fence itself at once: a click's release
    # still on its way from the outer terminal (40 ms) when tour exits on the press, and
    # when it crashes. The drain fences the outer terminal too, answered after the release.
    for name, crash in [("behind screen, a click's release 40 ms behind its press", False),
                        ("behind screen, a crash with a release 40 ms away", True)]:
        state = tempfile.mkdtemp(dir=work)
        env = dict(environment(state), STY="4242.replies")
        terminal = ScriptedTerminal([TOUR, "--no-animation", "--page", "3", tour], env, 0.005, outer_delay=0.06)
        deadline = time.monotonic() + 5
        while terminal.find("Get started") is None and time.monotonic() < deadline:
            terminal.pump(0.02)
        where = terminal.find("Get started") or (0, 0)
        x, y = where[0] + 2, where[1] + 1
        if crash:
            os.kill(terminal.process.pid, 11)
        else:
            os.write(terminal.master, f"\x1b[<0;{x};{y}M".encode())
        terminal.schedule(terminal.now() + 0.04, f"\x1b[<0;{x};{y}m".encode())
        code, left = terminal.run_until_exit()
        expected = 128 + 11 if crash else 0
        line = f"{name:55} exit {code}  left {left} bytes"
        results.append(line)
        if code not in (expected, -11) or left != 0:
            failures.append(line + f" (expected exit {expected}, 0 bytes left)")

    # A DCS answer that never ends, then q: keys are not dead; skipped within a second.
    state = tempfile.mkdtemp(dir=work)
    terminal = ScriptedTerminal([TOUR, "--no-animation", tour], environment(state), 0.005)
    while terminal.now() < 0.4:
        terminal.pump(0.02)
    os.write(terminal.master, b"\x1bP1$r" + b"0;38;2;1;2;3;48;2;4;5;6;1;3;4;9m" * 2)  # past the 32 bytes a sequence may take
    sent = time.monotonic()
    skipped_at = None
    for _ in range(40):
        terminal.pump(0.05)
        if terminal.process.poll() is not None:
            skipped_at = time.monotonic()
            break
        os.write(terminal.master, b"q")
    code, left = terminal.run_until_exit()
    took = (skipped_at or time.monotonic()) - sent
    line = f"{'an unterminated DCS answer, then q (every 50 ms)':55} exit {code}  after {took * 1000:.0f} ms  left {left} bytes"
    results.append(line)
    if code != 1 or took > 1.0:
        failures.append(line + " (expected exit 1 within a second)")

    # With no terminal answering the exit fence at all, the exit waits at most its limit.
    state = tempfile.mkdtemp(dir=work)
    terminal = ScriptedTerminal([TOUR, "--no-animation", tour], environment(state), 0.005, answer_fences=False)
    while terminal.now() < 0.4:
        terminal.pump(0.02)
    os.write(terminal.master, b"q")
    sent = time.monotonic()
    while terminal.process.poll() is None and time.monotonic() - sent < 5:
        terminal.pump(0.01)
    took = time.monotonic() - sent
    code, left = terminal.run_until_exit()
    line = f"{'no answer to the exit fence: q to exit':55} exit {code}  after {took * 1000:.0f} ms"
    results.append(line)
    if code != 1 or took > 1.0:
        failures.append(line + " (expected exit 1 within a second)")

    for line in results:
        print(line)
    if failures:
        print("replies: FAILED")
        for line in failures:
            print(line)
        sys.exit(1)
    print(f"replies: {len(results)} terminal set-ups, the outcome the keys asked for and 0 bytes left for the shell in each")


if __name__ == "__main__":
    main()
