#!/usr/bin/env python3
"""Pictures in pixels, played on a pseudo-terminal that answers as a graphics terminal does.

The test's terminal says its cells are 10x20 pixels (TIOCGWINSZ) and answers tour's
questions as kitty does (the graphics query OK), as a sixel terminal does (DA1 with 4),
or as neither. tour plays the built-in tour on its picture page; what it wrote back is
decoded into pixels (kitty's transmission, or the sixel's bands) and compared with the
picture file itself, decoded and scaled here. Then the next page takes the picture away
(a kitty delete; a sixel's cells erased), q ends the run with every kitty picture freed
before the alternate screen is left, and nothing is left for the shell. A terminal that
answers neither gets cells and no graphics bytes at all; `--pictures cells` does not even
ask, and NO_COLOR keeps the picture in pixels. Behind a real tmux with allow-passthrough on, in front of a terminal that says it is
a kitty that shows Unicode placeholders, the pane holds placeholder cells and the picture
goes to the terminal through passthrough.

Run by `make test`: python3 Tests/Terminals/pixels-test.py [TOUR]
"""
import base64, fcntl, os, re, select, shutil, struct, subprocess, sys, tempfile, termios, time, zlib

import pyte

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Packages"))
from terminal import bytes_left_for_the_shell  # noqa: E402
from png import png_rgba  # noqa: E402
from bench import without_picture_strings  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TOUR = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "release", "tour")
LOGO = os.path.join(ROOT, "Resources", "art", "logo.png")
COLS, ROWS, CELL_W, CELL_H = 80, 24, 10, 20
PICTURE_PAGE = "6"  # the built-in tour's page with art/logo.png

KITTY_QUERY = b"\x1b_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\x1b\\"
FENCE_QUESTION = b"\x1b[c"
APC = re.compile(rb"\x1b_G([^;\x1b]*)(?:;([^\x1b]*))?\x1b\\")

failures = []


def check(condition, what):
    print(("ok   " if condition else "FAIL ") + what)
    if not condition:
        failures.append(what)


# --- pictures, decoded here --------------------------------------------------------------

def pixel(image, x, y):
    width, height, rows = image
    return rows[y][x * 4:x * 4 + 4]


def difference(decoded, picture):
    """Mean difference of each channel, 0-255, between `decoded` (width, height, pixel
    function giving RGBA or None for undrawn) and `picture` sampled at the same places;
    transparent pixels of the picture count as matching an undrawn one."""
    width, height, at = decoded
    pw, ph = picture[0], picture[1]
    total = count = 0
    for y in range(0, height, max(1, height // 48)):
        for x in range(0, width, max(1, width // 48)):
            source = pixel(picture, x * pw // width, y * ph // height)
            got = at(x, y)
            if source[3] < 128:
                total += 0 if got is None or got[3] < 128 else 255
            elif got is None:
                total += 255
            else:
                total += sum(abs(got[i] - source[i]) for i in range(3)) / 3
            count += 1
    return total / max(1, count)


def kitty_images(output):
    """Every kitty transmission in `output`: {id: (width, height, pixel function)}; and
    every command's keys, in order."""
    images, commands, pending = {}, [], None
    for match in APC.finditer(output):
        keys = dict(part.split(b"=", 1) for part in match.group(1).split(b",") if b"=" in part)
        commands.append(keys)
        payload = match.group(2) or b""
        if keys.get(b"a") == b"t":
            pending = [keys, payload]
        elif pending is not None and list(keys) == [b"m"]:
            pending[1] += payload
        else:
            continue
        if pending and keys.get(b"m") == b"0":
            first, data = pending
            width, height, form = int(first[b"s"]), int(first[b"v"]), int(first[b"f"])
            raw = base64.b64decode(data)
            if first.get(b"o") == b"z":
                raw = zlib.decompress(raw)
            size = 4 if form == 32 else 3
            assert len(raw) == width * height * size, (len(raw), width, height, size)

            def at(x, y, raw=raw, width=width, size=size):
                chunk = raw[(y * width + x) * size:(y * width + x + 1) * size]
                return bytes(chunk) + (b"\xff" if size == 3 else b"")
            images[int(first[b"i"])] = (width, height, at)
            pending = None
    return images, commands


def sixel_image(output):
    """The last sixel DCS in `output`, decoded: (width, height, pixel function)."""
    start = output.rfind(b"\x1bP0;1;0q")
    assert start >= 0
    end = output.index(b"\x1b\\", start)
    body = output[start + len(b"\x1bP0;1;0q"):end]
    palette, pixels = {}, {}
    x = y = 0
    color = 0
    width = height = 0
    index = 0

    def number():
        nonlocal index
        begin = index
        while index < len(body) and body[index:index + 1].isdigit():
            index += 1
        return int(body[begin:index] or b"0")
    while index < len(body):
        byte = body[index:index + 1]
        if byte == b'"':
            index += 1
            values = [number()]
            while body[index:index + 1] == b";":
                index += 1
                values.append(number())
            width, height = values[2], values[3]
        elif byte == b"#":
            index += 1
            register = number()
            if body[index:index + 1] == b";":
                index += 1
                values = [number()]
                while body[index:index + 1] == b";":
                    index += 1
                    values.append(number())
                palette[register] = tuple(round(v * 255 / 100) for v in values[1:4])
            else:
                color = register
        elif byte == b"!":
            index += 1
            count = number()
            bits = body[index] - 63
            index += 1
            for _ in range(count):
                for bit in range(6):
                    if bits & (1 << bit):
                        pixels[(x, y + bit)] = palette[color]
                x += 1
        elif byte == b"$":
            x = 0
            index += 1
        elif byte == b"-":
            x, y = 0, y + 6
            index += 1
        elif 63 <= body[index] <= 126:
            bits = body[index] - 63
            for bit in range(6):
                if bits & (1 << bit):
                    pixels[(x, y + bit)] = palette[color]
            x += 1
            index += 1
        else:
            index += 1

    def at(px, py):
        value = pixels.get((px, py))
        return None if value is None else bytes(value) + b"\xff"
    return width, height, at


# --- the terminal ------------------------------------------------------------------------

class QuietScreen(pyte.Screen):
    def write_process_input(self, data):
        pass

    def report_device_status(self, mode, *args, **kwargs):
        pass


class GraphicsTerminal:
    """tour on a pty with 10x20-pixel cells, answering its questions as `kind` would:
    "kitty", "sixel" or "none"."""

    def __init__(self, argv, env, kind):
        self.master, self.slave = os.openpty()
        fcntl.ioctl(self.slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, COLS * CELL_W, ROWS * CELL_H))
        self.screen = QuietScreen(COLS, ROWS)
        self.stream = pyte.ByteStream(self.screen)
        self.kind, self.output, self.seen = kind, b"", 0
        self.unshown = b""
        self.version_seen = 0
        self.process = subprocess.Popen(argv, env=env, stdin=self.slave, stdout=self.slave, stderr=subprocess.PIPE,
                                        start_new_session=True, close_fds=True)

    def answer(self):
        # tmux asks its terminal what it is (XTVERSION): a kitty that shows placeholders.
        if self.kind == "kitty" and self.output.find(b"\x1b[>q", self.version_seen) >= 0:
            self.version_seen = self.output.find(b"\x1b[>q", self.version_seen) + 4
            os.write(self.master, b"\x1bP>|kitty(0.35.2)\x1b\\")
        while True:
            query = self.output.find(KITTY_QUERY, self.seen)
            fence = self.output.find(FENCE_QUESTION, self.seen)
            found = [i for i in (query, fence) if i >= 0]
            if not found:
                return
            at = min(found)
            if at == query:
                if self.kind == "kitty":
                    os.write(self.master, b"\x1b_Gi=31;OK\x1b\\")
                self.seen = at + len(KITTY_QUERY)
            else:
                os.write(self.master, b"\x1b[?62;4;22c" if self.kind == "sixel" else b"\x1b[?62;22c")
                self.seen = at + len(FENCE_QUESTION)

    def show(self, data):
        """Feeds pyte the text of `data`: pyte knows no APC and no sixel, and would print
        their payload as text."""
        shown, self.unshown = without_picture_strings(self.unshown + data)
        self.stream.feed(shown)

    def pump(self, seconds):
        until = time.monotonic() + seconds
        while time.monotonic() < until:
            ready, _, _ = select.select([self.master], [], [], 0.02)
            if ready:
                try:
                    data = os.read(self.master, 1 << 20)
                except OSError:
                    return
                self.output += data
                self.show(data)
                self.answer()

    def pump_until(self, condition, seconds=10):
        """Reads until `condition()` holds: what a busy machine takes, not a guess at it."""
        until = time.monotonic() + seconds
        while not condition() and time.monotonic() < until:
            self.pump(0.1)

    def key(self, data, settle=0.6):
        mark = len(self.output)
        os.write(self.master, data)
        self.pump(settle)
        return self.output[mark:]

    def finish(self, timeout=5):
        until = time.monotonic() + timeout
        while self.process.poll() is None and time.monotonic() < until:
            self.pump(0.05)
        self.pump(0.1)
        code = self.process.poll()
        if code is None:
            self.process.kill()
        left = bytes_left_for_the_shell(self.slave)
        return code, left


def environment(state, **extra):
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": state, "XDG_STATE_HOME": state, "TERM": "xterm-256color",
           "LANG": "C.UTF-8", "TOUR_REDUCE_MOTION": "1"}
    env.update(extra)
    return env


def play(kind, state, extra_args=(), **env):
    terminal = GraphicsTerminal([TOUR, "--page", PICTURE_PAGE, *extra_args], environment(state, **env), kind)
    terminal.pump(1.5)
    return terminal


def main():
    if not os.path.exists(TOUR):
        sys.exit(f"no tour binary at {TOUR}")
    logo = png_rgba(LOGO)
    state = tempfile.mkdtemp(prefix="tour-pixels-")

    # kitty: transmitted once, placed, deleted on the next page, freed at exit.
    terminal = play("kitty", state)
    # The questions go out before the switch to the alternate screen: tmux 3.3 drops a
    # passthrough sequence it reads in one batch with that switch.
    asked, switched = terminal.output.find(KITTY_QUERY), terminal.output.find(b"\x1b[?1049h")
    check(0 <= asked < switched, f"kitty: the questions come before the alternate screen ({asked}, {switched})")
    images, commands = kitty_images(terminal.output)
    check(len(images) == 1, f"kitty: one picture transmitted ({len(images)})")
    if images:
        image_id, decoded = next(iter(images.items()))
        check(decoded[0] <= 60 * CELL_W and decoded[1] <= 14 * CELL_H, f"kitty: scaled to the box, {decoded[0]}x{decoded[1]} pixels")
        check(decoded[0] > 64, f"kitty: drawn larger than a cell grid would show it ({decoded[0]} px wide, cells are {CELL_W})")
        check(any(c.get(b"a") == b"t" and c.get(b"o") == b"z" for c in commands), "kitty: the pixels go compressed (o=z)")
        diff = difference(decoded, logo)
        check(diff < 12, f"kitty: the decoded pixels are the picture (mean difference {diff:.1f} of 255)")
        placements = [c for c in commands if c.get(b"a") == b"p"]
        check(len(placements) == 1 and placements[0].get(b"i") == str(image_id).encode(), "kitty: placed once, under its id")
        check(all(c.get(b"q") == b"2" or list(c) == [b"m"] for c in commands if c.get(b"a") != b"q"), "kitty: every command asks for no answer (q=2)")
        cells = "".join(terminal.screen.display)
        check("Shown once" in cells, "kitty: the page's title shows")
        after = terminal.key(b"\x1b[D")
        _, later = kitty_images(after)
        check(any(c.get(b"a") == b"d" and c.get(b"d") == b"i" and c.get(b"i") == str(image_id).encode() for c in later),
              "kitty: the previous page takes the picture off the screen")
        check(not any(c.get(b"a") == b"t" for c in later), "kitty: nothing is sent again on a page without the picture")
        again = terminal.key(b"\x1b[C")
        _, returned = kitty_images(again)
        check(not any(c.get(b"a") == b"t" for c in returned) and any(c.get(b"a") == b"p" for c in returned),
              "kitty: back on the page, the picture is placed again without being sent again")
        # A resize takes the picture down and places it again at the new size.
        fcntl.ioctl(terminal.slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 100 * CELL_W, 30 * CELL_H))
        terminal.screen.resize(30, 100)
        os.killpg(terminal.process.pid, 28)  # SIGWINCH
        terminal.pump(0.8)
        _, resized_commands = kitty_images(terminal.output)
        check(len([c for c in resized_commands if c.get(b"a") == b"p"]) >= 3, "kitty: placed again after a resize")
        # Ctrl-Z: the picture is deleted, pixels and all, before the shell's screen comes
        # back; at fg it is sent and placed again.
        mark = len(terminal.output)
        os.killpg(terminal.process.pid, 20)  # SIGTSTP
        terminal.pump(0.6)
        stopped = terminal.output[mark:]
        check(b"a=d,d=I,i=" + str(image_id).encode() in stopped and stopped.find(b"a=d,d=I") < max(0, stopped.find(b"\x1b[?1049l")),
              "kitty: Ctrl-Z frees the picture before the alternate screen is left")
        # (In its own session, orphaned, the stop itself is discarded by the kernel: tour
        # carries on at once, as after fg.)
        os.killpg(terminal.process.pid, 18)  # SIGCONT
        terminal.pump(1.0)
        after_stop = terminal.output[mark:]
        _, resumed = kitty_images(after_stop[after_stop.find(b"\x1b[?1049l"):])
        check(any(c.get(b"a") == b"t" for c in resumed) and any(c.get(b"a") == b"p" for c in resumed), "kitty: after fg it is sent and placed again")
        mark = len(terminal.output)
        terminal.key(b"q", settle=0.3)
        code, left = terminal.finish()
        quit_bytes = terminal.output[mark:]
        freed = quit_bytes.find(b"a=d,d=I,i=" + str(image_id).encode())
        leaves = quit_bytes.find(b"\x1b[?1049l")
        check(code == 0, f"kitty: q exits 0 ({code})")
        check(freed >= 0 and (leaves < 0 or freed < leaves), "kitty: at exit the picture is freed before the alternate screen is left")
        check(left == b"", f"kitty: nothing left for the shell ({left!r})")

    # A crash: the C handler deletes every placement before it leaves the alternate screen.
    terminal = play("kitty", state)
    crashed_at = len(terminal.output)
    os.killpg(terminal.process.pid, 3)  # SIGQUIT, whose default action ends the process
    code, left = terminal.finish()
    crash = terminal.output[crashed_at:]
    cleanup = re.search(rb"\x1b_Ga=d,d=I,i=(\d+),q=2\x1b\\", crash)
    placed = set(re.findall(rb"a=p,i=(\d+)", terminal.output[:crashed_at]))
    check(cleanup is not None and cleanup.start() < crash.find(b"\x1b[?1049l") and b"d=A" not in crash
          and (not placed or cleanup.group(1) in placed),
          "kitty: a crash frees this run's picture, by its id and no other, before leaving the alternate screen")
    check(left == b"", f"kitty: after the crash nothing is left for the shell ({left!r})")

    # sixel: drawn into the box, erased on the next page.
    terminal = play("sixel", state)
    check(b"\x1bP0;1;0q" in terminal.output, "sixel: a sixel image is drawn")
    check(not kitty_images(terminal.output)[0], "sixel: no kitty transmission")
    if b"\x1bP0;1;0q" in terminal.output:
        decoded = sixel_image(terminal.output)
        check(decoded[0] > 64, f"sixel: {decoded[0]}x{decoded[1]} pixels, finer than cells")
        diff = difference(decoded, logo)
        check(diff < 30, f"sixel: the decoded pixels are the picture, in 216 dithered colors (mean difference {diff:.1f} of 255)")
        after = terminal.key(b"\x1b[D")
        check(re.search(rb"\x1b\[\d+X", after) is not None, "sixel: the previous page erases the picture's cells")
        terminal.key(b"q", settle=0.3)
        code, left = terminal.finish()
        check(code == 1 and left == b"", f"sixel: q before the last page exits 1, skipped ({code}), nothing left ({left!r})")

    # Neither: cells, no graphics bytes. --pictures cells: not even asked.
    terminal = play("none", state)
    check(b"\x1b_G" in terminal.output, "none: the kitty query is asked")
    check(b"a=t" not in terminal.output and b"\x1bP0;1;0q" not in terminal.output, "none: no picture in pixels")
    check("\u2580" in "".join(terminal.screen.display) or "\u2584" in "".join(terminal.screen.display) or "\u2588" in "".join(terminal.screen.display),
          "none: the picture is drawn in cells")
    terminal.key(b"q", settle=0.3)
    code, left = terminal.finish()
    check(code == 0 and left == b"", f"none: q exits 0 ({code}), nothing left ({left!r})")
    for how, args, env in (("--pictures cells", ["--pictures", "cells"], {}), ("TOUR_PICTURES=cells", [], {"TOUR_PICTURES": "cells"})):
        terminal = play("kitty", state, args, **env)
        check(b"\x1b_G" not in terminal.output, f"{how}: no graphics question, no picture in pixels")
        terminal.key(b"q", settle=0.3)
        terminal.finish()
    # NO_COLOR is about the text: the picture stays a picture, in pixels.
    terminal = play("kitty", state, NO_COLOR="1")
    check(len(kitty_images(terminal.output)[0]) == 1 and b"\x1b[38;5;" not in terminal.output, "NO_COLOR: no colors, and the picture in pixels")
    terminal.key(b"q", settle=0.3)
    terminal.finish()
    # A tour without pictures asks nothing about graphics.
    plain = os.path.join(state, "plain.json")
    with open(plain, "w") as f:
        f.write('{"pages": [{"title": "One"}, {"title": "Two"}]}')
    terminal = GraphicsTerminal([TOUR, plain], environment(state), "kitty")
    terminal.pump(1.0)
    check(b"\x1b_G" not in terminal.output, "a tour without pictures asks nothing about graphics")
    terminal.key(b"q", settle=0.3)
    terminal.finish()

    tmux_placeholders(state)
    shutil.rmtree(state, ignore_errors=True)
    print(f"{len(failures)} failed" if failures else "pixels: all passed")
    sys.exit(1 if failures else 0)


def tmux_placeholders(state):
    """A real tmux in front of a terminal that says it is kitty 0.35: placeholders."""
    if shutil.which("tmux") is None:
        check(False, "tmux is installed")
        return
    socket = os.path.join(state, "tmux.sock")
    config = os.path.join(state, "tmux.conf")
    with open(config, "w") as f:
        f.write("set -g allow-passthrough on\nset -g status off\nset -g default-terminal tmux-256color\nset -as terminal-features ',xterm-256color:RGB'\n")
    env = environment(state, TERM="xterm-256color")
    env.pop("TOUR_REDUCE_MOTION")
    # tour starts once tmux has heard the terminal's XTVERSION answer, which the pane's
    # command can start before (tmux starts it before the client has asked): a fixed sleep
    # was not always long enough on a cold start. Five seconds at most, then it starts anyway.
    known = os.path.join(state, "termtype.txt")
    wait = (f"for i in $(seq 100); do tmux display-message -p '#{{client_termtype}}' > {known}; "
            f"grep -q . {known} && break; sleep 0.05; done")
    inner = f"{wait}; TOUR_REDUCE_MOTION=1 TOUR_DEBUG=1 {TOUR} --page {PICTURE_PAGE} 2>{state}/debug.txt; echo exit=$? > {state}/exit.txt; sleep 30"
    terminal = GraphicsTerminal(["tmux", "-S", socket, "-f", config, "new-session", inner], env, "kitty")
    # A kitty query passed through tmux reaches the terminal unwrapped, and is answered as kitty.
    until = time.monotonic() + 7
    while time.monotonic() < until and KITTY_QUERY not in terminal.output:
        terminal.pump(0.1)
    terminal.pump(1.0)
    outer = open(known).read().strip() if os.path.exists(known) else ""
    check(outer == "kitty(0.35.2)", f"tmux: tmux heard the terminal say it is kitty 0.35 ({outer!r})")
    images, commands = kitty_images(terminal.output)
    capture = subprocess.run(["tmux", "-S", socket, "capture-pane", "-p", "-e"], capture_output=True, text=True).stdout
    check(len(images) == 1, f"tmux: the picture reaches the terminal through passthrough ({len(images)})")
    check(any(c.get(b"U") == b"1" for c in commands), "tmux: placed virtually, for placeholders")
    check("\U0010EEEE" in capture, "tmux: the pane holds kitty's placeholder cells")
    if images:
        image_id = int(next(iter(images)))
        top, rgb = image_id >> 24, ((image_id >> 16) & 0xFF, (image_id >> 8) & 0xFF, image_id & 0xFF)
        check(f"38;5;{rgb[2]}m" in capture or "38;2;%d;%d;%dm" % rgb in capture, f"tmux: the placeholders are inked in the picture's id ({image_id})")
        check(top > 0, f"tmux: the id's top byte is the run's own ({image_id})")
    # A resize: tmux redraws the pane, tour places the picture again at the new size.
    mark = len(terminal.output)
    fcntl.ioctl(terminal.slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 100 * CELL_W, 30 * CELL_H))
    os.killpg(terminal.process.pid, 28)  # SIGWINCH, to the tmux client
    placed_again = lambda: any(c.get(b"U") == b"1" for c in kitty_images(terminal.output[mark:])[1])
    terminal.pump_until(placed_again)
    terminal.pump(0.3)  # the placeholder cells, drawn after the placement
    _, after_resize = kitty_images(terminal.output[mark:])
    capture = subprocess.run(["tmux", "-S", socket, "capture-pane", "-p", "-e"], capture_output=True, text=True).stdout
    check(any(c.get(b"U") == b"1" for c in after_resize) and "\U0010EEEE" in capture, "tmux: after a resize the picture is placed again and its cells are there")
    subprocess.run(["tmux", "-S", socket, "send-keys", "q"])
    exit_file = os.path.join(state, "exit.txt")
    # The shell creates exit.txt before it writes the status into it: done once it is whole.
    read_exit = lambda: open(exit_file).read().strip() if os.path.exists(exit_file) else ""
    deleted = lambda: any(c.get(b"a") == b"d" for c in kitty_images(terminal.output)[1])
    terminal.pump_until(lambda: read_exit().startswith("exit=") and deleted())
    check(deleted(), "tmux: q deletes the picture through passthrough")
    exit_text = read_exit() or "none"
    # TOUR_DEBUG's lines are written once tour has given the screen back.
    debug = open(os.path.join(state, "debug.txt")).read() if os.path.exists(os.path.join(state, "debug.txt")) else ""
    check(exit_text == "exit=0", f"tmux: tour exits 0 ({exit_text})")
    check("kitty placeholders through tmux" in debug, f"tmux: TOUR_DEBUG says placeholders: {debug.strip()!r}")
    subprocess.run(["tmux", "-S", socket, "kill-server"], capture_output=True)
    terminal.finish(timeout=2)


if __name__ == "__main__":
    main()
