#!/usr/bin/env python3
"""tour in real terminal emulators under Xvfb, driven by xdotool as a person would.

Each set-up is one emulator (or tmux or GNU screen inside xterm) running a shell loop.
In it, tour plays the built-in tour page by page with the arrow keys (a screenshot per
page) and ends with Enter; then runs on a two-page tour are ended by fast clicks on
Skip and on Get started. After every run, Tests/Terminals/after-exit.py reads, as the
shell would, what was left in the terminal's input queue and asks the terminal for its
modes. Checked: each exit code, 0 bytes left, the cursor shown, the normal screen and no
mouse reporting after exit, and (TOUR_DEBUG's line) the palette chosen for the
emulator's background: light on the white set-ups, dark on the dark ones. On the picture
page, how the picture was drawn (TOUR_DEBUG's line, and a screenshot's cells with more than
two colors): in pixels in kitty, Konsole and xterm as a VT340 (sixel), in character cells
everywhere else.

    python3 Tests/Terminals/matrix.py TOUR [--setups a,b] [--write-docs]

`make test` runs the xterm, tmux and screen set-ups; `make test-terminals` runs them all
and, with --write-docs, writes docs/terminals.md's matrix and its screenshots.
"""
import datetime, json, os, shutil, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
WHITE, BLACK = "#ffffff", "#000000"
TMUX_CONF_PASSING = "set -g allow-passthrough on\n"
CLICKS = 3  # fast clicks on each of Skip and Get started, each in a fresh run (--clicks N)


def xterm(*extra, term="xterm-256color", colors=(BLACK, WHITE), size="80x24"):
    # 6x13 in its ISO 10646 form (xfonts-base): the dots and arrows are in it.
    return ["xterm", "-fn", "-misc-fixed-medium-r-semicondensed--13-120-75-75-c-60-iso10646-1", "-geometry", f"{size}+0+0", "-b", "0", "-bw", "0", "+sb", "-tn", term,
            "-fg", colors[0], "-bg", colors[1], "-xrm", "XTerm*allowWindowOps: false", *extra, "-e"]


# name: (command before the script, the background tour should see, pixels of padding
# around the cells, what the row says, part of make test, extra environment)
SETUPS = {
    "xterm": (xterm(colors=(WHITE, BLACK)), "dark", 0, "xterm, white on black", True, {}),
    "xterm-white": (xterm(), "light", 0, "xterm, black on white", True, {}),
    "xterm-sixel": (xterm("-ti", "vt340"), "light", 0, "xterm `-ti vt340` (sixel), black on white", True, {}),
    "xterm-8": (xterm(term="xterm", colors=(WHITE, BLACK)), "dark", 0, "xterm, `TERM=xterm` (8 colors)", True, {}),
    "xterm-8-white": (xterm(term="xterm"), "light", 0, "xterm, black on white, `TERM=xterm` (8 colors, bold drawn bright)", True, {}),
    "xterm-120x40": (xterm(colors=(WHITE, BLACK), size="120x40"), "dark", 0, "xterm at 120x40, white on black", True, {}),
    "python-tool": (xterm(size="100x30"), "light", 0, "xterm at 100x30, tour run by a Python tool (the module)", True, {}),
    "tmux": (xterm() + ["tmux", "-L", "tour-matrix", "-f", "@TMUXCONF@", "new-session"], "light", 0,
             "tmux inside xterm (white), `allow-passthrough on`", True, {}),
    "tmux-default": (xterm() + ["tmux", "-L", "tour-matrix-default", "-f", "/dev/null", "new-session"], "dark", 0,
                     "tmux inside xterm (white), default settings", True, {}),
    "screen": (xterm() + ["screen", "-S", "tour-matrix", "-c", "/dev/null"], "light", 0,
               "GNU screen inside xterm (white), default settings", True, {}),
    "urxvt": (["urxvt", "-geometry", "80x24+0+0", "-b", "0", "-bw", "0", "+sb", "-fg", BLACK, "-bg", WHITE, "-e"],
              "light", 0, "rxvt-unicode, black on white", False, {}),
    "st": (["stterm", "-g", "80x24+0+0", "-e"], "dark", 2, "st (its colors are compiled in: dark)", False, {}),
    "xfce4-terminal": (["xfce4-terminal", "--disable-server", "--geometry", "80x24+0+0", "--hide-menubar",
                        "--hide-toolbar", "--hide-scrollbar", "--color-bg", WHITE, "--color-text", BLACK, "-x"],
                       "light", 0, "xfce4-terminal (VTE), black on white", False, {}),
    "konsole": (["konsole", "--profile", "white", "--hide-menubar", "--hide-tabbar", "-e"], "light", 1,
                "konsole, black on white", False, {"QT_QPA_PLATFORM": "xcb"}),
    "tmux-kitty": (["kitty", "-o", "background=" + WHITE, "-o", "foreground=" + BLACK, "-o", "window_padding_width=0",
                    "-o", "remember_window_size=no", "-o", "initial_window_width=80c", "-o", "initial_window_height=25c",
                    "tmux", "-L", "tour-matrix-kitty", "-f", "@TMUXCONF@", "new-session"],
                   "light", 0, "tmux inside kitty (white), `allow-passthrough on`", False, {"LIBGL_ALWAYS_SOFTWARE": "1"}),
    "kitty": (["kitty", "-o", "background=" + WHITE, "-o", "foreground=" + BLACK, "-o", "window_padding_width=0",
               "-o", "remember_window_size=no", "-o", "initial_window_width=80c", "-o", "initial_window_height=24c"],
              "light", 0, "kitty, black on white (software GL)", False, {"LIBGL_ALWAYS_SOFTWARE": "1"}),
    "alacritty": (["alacritty", "-o", "colors.primary.background='" + WHITE + "'", "-o",
                   "colors.primary.foreground='" + BLACK + "'", "-o", "window.dimensions.columns=80", "-o",
                   "window.dimensions.lines=24", "-e"], "light", 0, "alacritty, black on white (software GL)", False,
                  {"LIBGL_ALWAYS_SOFTWARE": "1"}),
}
TOOLS = {"xterm": "xterm", "xterm-white": "xterm", "xterm-sixel": "xterm", "xterm-8": "xterm", "xterm-8-white": "xterm",
         "xterm-120x40": "xterm", "python-tool": "xterm", "tmux": "tmux", "tmux-default": "tmux",
         "screen": "screen", "urxvt": "urxvt", "st": "stterm", "xfce4-terminal": "xfce4-terminal",
         "konsole": "konsole", "kitty": "kitty", "tmux-kitty": "kitty", "alacritty": "alacritty"}
# Set-ups whose runs a tool makes, as its author would (tour_onboarding.play), not the shell.
HOST = """import sys
sys.path.insert(0, %r)
import tour_onboarding
outcome = tour_onboarding.play(*sys.argv[1:])
sys.exit({"finished": 0, "skipped": 1}.get(outcome.value, 3))
"""
HOSTED = {"python-tool"}
PACKAGES = {"urxvt": "rxvt-unicode"}  # the Debian package, where its name is not the command's
# Where the built-in tour's picture is drawn in pixels; every other set-up draws it in cells.
PIXELS = {"kitty": "kitty graphics", "konsole": "kitty graphics", "xterm-sixel": "sixel"}
PICTURE_PAGE = 6
PRACTICE_PAGE = 3  # "Try a key": it goes on once ? is pressed
PAGES = 6


def busy_cells(shot, cell, title_row):
    """Of the cells above the title row (the picture's) that are not one flat color, the
    share holding more than two colors, from a screenshot. Drawn in cells, a cell holds a
    block symbol's ink and paper, and only a font's antialiasing adds more (st's does);
    drawn in pixels, a cell shows several of the picture's own pixels."""
    size = run(["identify", "-format", "%w %h", shot]).stdout.split()
    width, height = int(size[0]), int(size[1])
    raw = subprocess.run(["convert", shot, "-depth", "8", "rgb:-"], capture_output=True).stdout
    busy = cells = 0
    for row in range(1, max(1, title_row - 1)):
        for column in range(int(width / cell[0])):
            colors = set()
            for y in range(int(row * cell[1]) + 1, min(height, int((row + 1) * cell[1])) - 1):
                for x in range(int(column * cell[0]) + 1, min(width, int((column + 1) * cell[0])) - 1):
                    at = (y * width + x) * 3
                    colors.add(raw[at:at + 3])
            if len(colors) > 1:
                cells += 1
                busy += len(colors) > 2
    return busy / cells if cells else 0.0


def run(argv, **kwargs):
    return subprocess.run(argv, capture_output=True, text=True, **kwargs)


class Display:
    """An Xvfb of its own: it picks a free display and says which on a pipe."""

    def __init__(self):
        # Tried three times: an Xvfb that died at start, or never took a client, left the
        # test with "Can't open display" (once in a fresh-clone CI run, not seen again).
        for attempt in range(3):
            if self._start():
                return
            self.close()
        raise SystemExit("matrix: Xvfb did not take a client in 3 starts")

    def _start(self):
        read_end, write_end = os.pipe()
        self.server = subprocess.Popen(["Xvfb", "-displayfd", str(write_end), "-screen", "0", "1024x768x24",
                                        "-nolisten", "tcp"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                       pass_fds=[write_end])
        os.close(write_end)
        self.pipe = read_end
        number = b""
        # Read to the newline and keep the pipe open: Xvfb writes the number and the
        # newline apart, and dies of EPIPE if the reader has gone in between.
        while not number.endswith(b"\n"):
            chunk = os.read(read_end, 64)
            if not chunk:
                return False
            number += chunk
        self.name = ":" + number.decode().strip()
        # Up once it accepts a client (the first start on a machine can take seconds).
        for _ in range(400):
            if self.server.poll() is not None:
                return False
            if subprocess.run(["xdotool", "getdisplaygeometry"], env=dict(os.environ, DISPLAY=self.name),
                              capture_output=True).returncode == 0:
                return True
            time.sleep(0.05)
        return False

    def close(self):
        self.server.terminate()
        self.server.wait()
        os.close(self.pipe)


class Setup:
    def __init__(self, name, tour, work, clicks=CLICKS):
        self.name, self.tour = name, tour
        self.command, self.background, self.padding, self.label, _, extra = SETUPS[name]
        self.work = os.path.join(work, name)
        os.makedirs(self.work)
        self.env = {k: v for k, v in os.environ.items()
                    if k not in ("CI", "TOUR_DISABLE", "TOUR_DEBUG", "NO_COLOR", "TMUX", "TMUX_PANE", "STY", "COLORFGBG",
                                 "TOUR_BACKGROUND", "COLORTERM")}
        self.env.update(LC_ALL="C.UTF-8", XDG_STATE_HOME=os.path.join(self.work, "state"),
                        HOME=os.path.join(self.work, "home"), **extra)
        os.makedirs(os.path.join(self.env["HOME"], ".local", "share", "konsole"))
        # konsole takes its colors from a profile only.
        with open(os.path.join(self.env["HOME"], ".local", "share", "konsole", "white.profile"), "w") as out:
            out.write("[Appearance]\nColorScheme=BlackOnWhite\n[General]\nName=white\n[Scrolling]\nScrollBarPosition=2\n")
        # ... and shows its toolbars above the cells unless told not to.
        os.makedirs(os.path.join(self.env["HOME"], ".config"))
        with open(os.path.join(self.env["HOME"], ".config", "konsolerc"), "w") as out:
            out.write("[MainWindow][Toolbar mainToolBar]\nHidden=true\n[MainWindow][Toolbar sessionToolbar]\nHidden=true\n"
                      "[KonsoleWindow]\nShowMenuBarByDefault=false\n")
        self.two_pages = os.path.join(self.work, "two.json")
        with open(self.two_pages, "w") as out:
            json.dump({"id": "matrix", "pages": [{"title": "First"}, {"title": "Last"}]}, out)
        self.runs = [("pages", [])] + [("skip", ["--page", "1", self.two_pages])] * clicks \
            + [("button", ["--page", "2", self.two_pages])] * clicks
        self.results, self.failures, self.shots = [], [], []
        self.pictures = None  # "pixels" or "cells", as the run said and its screenshot shows
        self.busy = None  # the share of the picture's cells with more than two colors

    def script(self):
        path = os.path.join(self.work, "loop.sh")
        with open(os.path.join(self.work, "runs"), "w") as out:
            out.write("".join(" ".join([str(index)] + arguments) + "\n" for index, (_, arguments) in enumerate(self.runs)))
        command = self.tour
        if self.name in HOSTED:
            with open(os.path.join(self.work, "host.py"), "w") as out:
                out.write(HOST % os.path.join(ROOT, "Packaging", "python"))
            os.makedirs(os.path.join(self.work, "bin"))
            os.symlink(self.tour, os.path.join(self.work, "bin", "tour"))
            command = f"PATH={self.work}/bin:$PATH python3 {self.work}/host.py"
        with open(path, "w") as out:
            out.write(f"#!/bin/sh\nd={self.work}\npython3 {HERE}/after-exit.py --size $d/size\n")
            out.write("while read i args <&3; do\n  stty sane\n  echo ready > $d/ready.$i\n")
            out.write(f"  TOUR_DEBUG=1 {command} --no-animation $args 2> $d/err.$i\n  echo $? > $d/exit.$i\n")
            out.write(f"  python3 {HERE}/after-exit.py $d/after.$i.json\n  echo done > $d/done.$i\ndone 3< $d/runs\n")
        return path

    def wait_for(self, name, seconds=20):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if os.path.exists(os.path.join(self.work, name)):
                return True
            time.sleep(0.02)
        return False

    def window(self, display, emulator):
        for _ in range(200):
            if emulator.poll() is not None:
                break
            found = run(["xdotool", "search", "--onlyvisible", "--name", "."], env=display).stdout.split()
            for window in found:
                geometry = dict(line.split("=") for line in run(["xdotool", "getwindowgeometry", "--shell", window],
                                                                env=display).stdout.split())
                if int(geometry["WIDTH"]) > 100:
                    return window, geometry
            time.sleep(0.1)
        return None, None

    def screenshot(self, display, window, page, into):
        """Half size, 32 colors: small enough to keep in the repository."""
        if not into:
            return
        name = f"{self.name}-{page}.png"
        shot = os.path.join(self.work, "shot.png")
        run(["import", "-window", window, shot], env=display, timeout=20)
        run(["convert", shot, "-resize", "50%", "-colors", "32", "PNG8:" + os.path.join(into, name)], timeout=20)
        self.shots.append(name)

    def play(self, shots_into=None):
        display = dict(self.env, DISPLAY="")
        xvfb = Display()
        display["DISPLAY"] = xvfb.name
        conf = os.path.join(self.work, "tmux.conf")
        with open(conf, "w") as out:
            out.write(TMUX_CONF_PASSING)
        command = [conf if word == "@TMUXCONF@" else word for word in self.command]
        emulator = None
        try:
            script = self.script()
            for attempt in range(2):
                emulator = subprocess.Popen(command + ["sh", script], env=display, stdout=subprocess.DEVNULL,
                                            stderr=open(os.path.join(self.work, "emulator.log"), "w"), start_new_session=True)
                window, geometry = self.window(display, emulator)
                # One that died at once (the display not yet taking clients) is started again.
                if window is not None or emulator.poll() is None:
                    break
            if window is None or not self.wait_for("size"):
                self.failures.append("no window came up: " + open(os.path.join(self.work, "emulator.log")).read()[-300:])
                return
            size = json.load(open(os.path.join(self.work, "size")))
            rows, columns = size["rows"], size["columns"]
            # tmux's status line is a row of the window that the pane does not have.
            window_rows = rows + (1 if self.name.startswith("tmux") else 0)
            width, height = int(geometry["WIDTH"]), int(geometry["HEIGHT"])
            if size["pixels"] and not self.name.startswith(("tmux", "screen")):
                # The text area as the terminal reports it: below any toolbar, centred across.
                area = size["pixels"]
                origin = ((width - area[0]) // 2, height - area[1] - self.padding)
            else:
                area = (width - 2 * self.padding, height - 2 * self.padding)
                origin = (self.padding, self.padding)
            cell = (area[0] / columns, area[1] / window_rows)
            # No window manager: the pointer's window has the keyboard.
            run(["xdotool", "mousemove", str(int(geometry["X"]) + 20), str(int(geometry["Y"]) + 20)], env=display)
            for index, (kind, _) in enumerate(self.runs):
                if not self.wait_for(f"ready.{index}"):
                    self.failures.append(f"run {index} ({kind}) did not start")
                    break
                time.sleep(1.0 if index == 0 else 0.5)  # the first frame, and the answers to its questions
                if kind == "pages":
                    for page in range(1, PAGES + 1):
                        self.screenshot(display, window, page, shots_into)
                        if page == PICTURE_PAGE:
                            self.judge_picture(display, window, origin, area, cell, columns, rows)
                        if page == PRACTICE_PAGE:
                            run(["xdotool", "key", "question"], env=display)
                            time.sleep(0.4)
                        run(["xdotool", "key", "Right" if page < PAGES else "Return"], env=display)
                        time.sleep(0.4)
                else:
                    target = self.target(kind, columns, rows)
                    x = int(geometry["X"]) + origin[0] + int((target[0] + 0.5) * cell[0])
                    y = int(geometry["Y"]) + origin[1] + int((target[1] + 0.5) * cell[1])
                    run(["xdotool", "mousemove", str(x), str(y), "click", "1"], env=display)
                ended = self.wait_for(f"done.{index}", 10)
                if not ended:
                    self.failures.append(f"run {index} ({kind}): tour did not end on the " +
                                         ("keys" if kind == "pages" else "click"))
                    run(["xdotool", "key", "q"], env=display)
                    self.wait_for(f"done.{index}", 5)
                self.check(index, kind, ended)
        finally:
            if emulator:
                os.killpg(emulator.pid, 15)
                emulator.wait()
            for server in ("tour-matrix", "tour-matrix-default", "tour-matrix-kitty"):
                run(["tmux", "-L", server, "kill-server"])
            run(["screen", "-S", "tour-matrix", "-X", "quit"])
            xvfb.close()

    def judge_picture(self, display, window, origin, area, cell, columns, rows):
        shot = os.path.join(self.work, "picture.png")
        run(["import", "-window", window, shot], env=display, timeout=20)
        cropped = os.path.join(self.work, "picture-cells.png")
        run(["convert", shot, "-crop", f"{area[0]}x{area[1]}+{origin[0]}+{origin[1]}", "+repage", cropped], timeout=20)
        screen = run([self.tour, "render", "--page", str(PICTURE_PAGE), "--size", f"{columns}x{rows}"]).stdout.split("\n")
        title_row = next((row for row, line in enumerate(screen) if "Shown once" in line), rows // 2)
        self.busy = busy_cells(cropped, cell, title_row)

    def judge_pictures(self, said):
        """Pixels where the run says so (TOUR_DEBUG) and the screenshot shows it (a tenth of
        the picture's cells or more hold more than two colors); cells where the run says
        cells: a font's antialiasing can make cells look busy, never pixels look flat."""
        self.pictures = "pixels" if "pictures in pixels" in said else "cells" if "pictures in cells" in said else None
        expected = "pixels" if self.name in PIXELS else "cells"
        if self.pictures != expected:
            self.failures.append(f"pictures: the run drew them in {self.pictures}, expected {expected}")
        elif expected == "pixels" and (self.busy or 0) < 0.1:
            self.failures.append(f"pictures: said pixels, but {self.busy or 0:.0%} of the picture's cells hold more than two colors")

    def target(self, kind, columns, rows):
        words, page = ("Skip", 1) if kind == "skip" else ("Get started", 2)
        screen = run([self.tour, "render", self.two_pages, "--page", str(page), "--size", f"{columns}x{rows}"]).stdout
        for row, line in enumerate(screen.split("\n")):
            column = line.find(words)
            if column >= 0:
                return column + 1, row
        raise SystemExit(f"matrix: {words!r} is not on the page")

    def check(self, index, kind, ended):
        read = lambda name: open(os.path.join(self.work, name)).read() if os.path.exists(os.path.join(self.work, name)) else None
        code = (read(f"exit.{index}") or "none").strip()
        after = json.loads(read(f"after.{index}.json") or '{"left": "?", "modes": {}, "fenced": false}')
        expected = {"pages": "0", "skip": "1", "button": "0"}[kind]
        result = {"kind": kind, "ended": ended, "exit": code, "left": after["left"], "modes": after["modes"],
                  "ansi_modes": after.get("ansi_modes", {}), "margins": after.get("margins"), "fenced": after["fenced"]}
        self.results.append(result)
        if code != expected:
            self.failures.append(f"run {index} ({kind}): exit {code}, expected {expected}")
        if after["left"]:
            self.failures.append(f"run {index} ({kind}): left for the shell: {after['left']!r}")
        wrong = self.changed(after)
        if wrong:
            self.failures.append(f"run {index} ({kind}): after exit " + ", ".join(wrong))
        if kind == "pages":
            said = read(f"err.{index}") or ""
            if f"colors for a {self.background} background" not in said:
                self.failures.append(f"palette: expected {self.background}, tour said {said.strip()!r}")
            result["palette"] = next((line for line in said.splitlines() if "colors for a" in line), said.strip())
            result["pixels"] = next((line for line in said.splitlines() if "pictures in" in line), "")
            self.judge_pictures(result["pixels"])

    def changed(self, after):
        """What the terminal reports differently after a run than before the first: every
        mode it answers DECRQM for, and the scroll margins (DECRQSS), which must also be the
        whole window."""
        size = json.loads(open(os.path.join(self.work, "size")).read()) if os.path.exists(os.path.join(self.work, "size")) else {}
        before = size.get("before", {})
        # 1 set, 2 reset, 3 and 4 permanently so, 0 not known.
        wrong = []
        for key, mark in (("modes", "?"), ("ansi_modes", "")):
            was = {int(mode): value for mode, value in before.get(key, {}).items()}
            now = {int(mode): value for mode, value in after.get(key, {}).items()}
            wrong += [f"{mark}{mode} is {now[mode]}, was {was[mode]}" for mode in sorted(now) if mode in was and now[mode] != was[mode]]
        margins = after.get("margins")
        whole = f"1;{size['rows']}" if "rows" in size else None
        if margins is not None and (margins != before.get("margins") or (whole and margins != whole)):
            wrong.append(f"margins {margins}, were {before.get('margins')}, the window is {whole}")
        return wrong

    def size(self):
        size = json.loads(open(os.path.join(self.work, "size")).read()) if os.path.exists(os.path.join(self.work, "size")) else {}
        return f"{size['columns']}x{size['rows']}" if "rows" in size else "?"

    def row(self):
        clicks = [r for r in self.results if r["kind"] != "pages"]
        good_clicks = sum(1 for r in clicks if r["ended"] and r["exit"] == {"skip": "1", "button": "0"}[r["kind"]])
        left = sum(len(r["left"]) for r in self.results)
        reported = [r for r in self.results if r["modes"]]
        counted = max((len(r["modes"]) + len(r["ansi_modes"]) for r in reported), default=0)
        margins = next((r["margins"] for r in self.results if r["margins"]), None)
        said = f"{counted} modes" + (f" and the margins ({margins})" if margins else "")
        modes = (f"✓ {said} as before" if reported and not any("after exit" in f for f in self.failures) else
                 "not reported (no DECRQM)" if not reported else f"✗ (of {said})")
        pages = [r for r in self.results if r["kind"] == "pages"]
        keys = "✓" if pages and pages[0]["ended"] and pages[0]["exit"] == "0" else "✗"
        palette = pages[0].get("palette", "") if pages else ""
        # "tour: colors for a light background: the terminal's ..." → "✓ light: the terminal's ..."
        said = palette.split("colors for a ", 1)[-1].replace(" background:", ":", 1) if palette else "no line"
        palette_cell = ("✓ " if not any(f.startswith("palette") for f in self.failures) else "✗ ") + said
        busy = f" ({self.busy:.0%} of its cells hold 3+ colors)" if self.busy is not None else ""
        shown = {"pixels": "pixels, " + PIXELS.get(self.name, "?"), "cells": "cells", None: "not said"}[self.pictures] + busy
        pictures_cell = ("✓ " if not any(f.startswith("pictures") for f in self.failures) else "✗ ") + shown
        return keys, f"{good_clicks} of {len(clicks)}", f"{left} bytes", modes, palette_cell, pictures_cell


def version(name):
    """The Debian package's version: what was tested, exactly."""
    package = PACKAGES.get(TOOLS[name], TOOLS[name])
    found = run(["dpkg-query", "-W", "-f", "${Version}", package])
    return f"{package} {found.stdout.strip()}" if found.returncode == 0 else package


def write_docs(setups, today, kept=()):
    """The matrix's table: a row for each set-up run now, and `kept`, the rows already in
    the table of set-ups not run this time, each in the order of SETUPS."""
    shots = "docs/terminals"
    rows = {setup.label: None for setup in setups}
    lines = ["| set-up | size | version | keys and exit codes | fast clicks | left for the shell | modes and margins after exit | "
             "palette | picture | pages | run on |", "|---|---|---|---|---|---|---|---|---|---|---|"]
    for setup in setups:
        keys, clicks, left, modes, palette, picture = setup.row()
        pictures = " ".join(f"[{n}]({os.path.basename(shots)}/{shot})" for n, shot in enumerate(setup.shots, start=1)) or "—"
        rows[setup.label] = (f"| {setup.label} | {setup.size()} | {version(setup.name)} | {keys} | {clicks} | {left} | {modes} | {palette} | "
                             f"{picture} | {pictures} | {today} |")
    for row in kept:
        label = row.split(" | ")[0][2:]
        if rows.get(label) is None:
            rows[label] = row
    order = [setup[3] for setup in SETUPS.values()]
    lines += [rows[label] for label in sorted(rows, key=lambda label: order.index(label) if label in order else len(order)) if rows[label]]
    return "\n".join(lines) + "\n"


def main():
    arguments = sys.argv[1:]
    tour = os.path.abspath(arguments[0]) if arguments and not arguments[0].startswith("--") else \
        os.path.join(ROOT, ".build", "release", "tour")
    names = [name for name, setup in SETUPS.items() if setup[4]]
    if "--setups" in arguments:
        names = arguments[arguments.index("--setups") + 1].split(",")
    if "--all" in arguments:
        names = list(SETUPS)
    write = "--write-docs" in arguments
    clicks = int(arguments[arguments.index("--clicks") + 1]) if "--clicks" in arguments else CLICKS
    for tool in ["Xvfb", "xdotool", "import", "convert", "identify"] + [TOOLS[name] for name in names]:
        if not shutil.which(tool):
            raise SystemExit(f"matrix: {tool} is missing (make test-terminals installs what it needs)")
    work = tempfile.mkdtemp(prefix="tour-matrix-")
    shots = os.path.join(ROOT, "docs", "terminals") if write else None
    if shots:
        os.makedirs(shots, exist_ok=True)
    setups, failed = [], False
    for name in names:
        setup = Setup(name, tour, work, clicks)
        setup.play(shots)
        setups.append(setup)
        keys, clicked, left, modes, palette, picture = setup.row()
        print(f"matrix: {name:15} keys {keys}  clicks {clicked}  left {left}  modes {modes}  palette {palette}  picture {picture}")
        for failure in setup.failures:
            print(f"matrix:   {name}: {failure}")
        failed = failed or bool(setup.failures)
    if write:
        today = datetime.date.today().isoformat()
        path = os.path.join(ROOT, "docs", "terminals.md")
        text = open(path).read()
        begin, end = "<!-- matrix: begin -->\n", "<!-- matrix: end -->\n"
        old = text[text.index(begin) + len(begin):text.index(end)].splitlines()[2:] if begin in text and end in text else []
        # A row from before the picture column gets one, unknown.
        old = [row if row.count(" | ") >= 9 else row.replace(" | [1](", " | not seen | [1](", 1) for row in old]
        # ... and a row from before the size column, the size every set-up then had.
        old = [row if row.count(" | ") >= 10 else row.replace(" | ", " | 80x24 | ", 1) for row in old]
        table = write_docs(setups, today, kept=old)
        if begin in text and end in text:
            text = text[:text.index(begin) + len(begin)] + table + text[text.index(end):]
            open(path, "w").write(text)
        else:
            print(table)
    if failed:
        print("matrix: FAILED")
        sys.exit(1)
    print(f"matrix: {len(setups)} set-ups, every run as asked, 0 bytes left for the shell")


if __name__ == "__main__":
    main()
