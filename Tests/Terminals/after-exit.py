#!/usr/bin/env python3
"""Run in the terminal right after tour exits, as the shell would be: what the terminal
left for the shell, and the terminal's own report of its state, to compare with the same
report read before tour ran.

Writes JSON to the path given: `left`, the bytes that were waiting in the input queue
(read in non-canonical mode for 0.3 s, as the shell's next read gets them); `modes`, the
terminal's DECRQM answers for every DEC private mode a program may leave set (MODES) and
`ansi_modes` for the ANSI ones (insert 4, newline 20): 1 set, 2 reset, 3 and 4
permanently so, 0 unknown, absent when the terminal does not answer DECRQM (inside tmux,
which does not, tmux's own record of the pane's modes); and `margins`, the scroll margins
as DECRQSS reports them ("1;40", or null when not answered). The device attributes fence
the answers.

With --size, run before tour instead: the window's rows and columns, the text area's
size in pixels where the terminal reports it (CSI 14 t), for aiming clicks, and the same
report of the state, `before`.

Used by Tests/Terminals/matrix.py: python3 after-exit.py [--size] OUT.json
"""
import json, os, re, select, subprocess, sys, termios, time

# Cursor keys, origin, autowrap, cursor, the alternate screens, every mouse mode, focus
# events, bracketed paste, synchronized output, the keypad (DECNKM).
MODES = (1, 6, 7, 25, 47, 66, 1047, 1049, 9, 1000, 1002, 1003, 1004, 1005, 1006, 1015, 1016, 2004, 2026)
ANSI_MODES = (4, 20)


def read_for(fd, seconds, until=None):
    got = b""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], max(0, end - time.monotonic()))
        if not ready:
            break
        chunk = os.read(fd, 4096)
        if not chunk:
            break
        got += chunk
        if until and until(got):
            break
    return got


# What tmux keeps of a pane, by the DEC private mode each flag is (tmux 3.3's formats).
TMUX_FLAGS = {1: "keypad_cursor_flag", 6: "origin_flag", 7: "wrap_flag", 25: "cursor_flag", 66: "keypad_flag",
              1049: "alternate_on", 1000: "mouse_standard_flag", 1002: "mouse_button_flag", 1003: "mouse_any_flag",
              1005: "mouse_utf8_flag", 1006: "mouse_sgr_flag"}


def tmux_state():
    """tmux answers no DECRQM and no DECRQSS, but says what it keeps of the pane: its modes,
    insert mode and the scroll margins."""
    names = list(TMUX_FLAGS.values()) + ["insert_flag", "scroll_region_upper", "scroll_region_lower"]
    values = subprocess.run(["tmux", "display-message", "-p", "-t", os.environ.get("TMUX_PANE", ""),
                             " ".join("#{%s}" % name for name in names)], capture_output=True, text=True).stdout.split()
    if len(values) != len(names):
        return {}, {}, None
    modes = {mode: 1 if value == "1" else 2 for mode, value in zip(TMUX_FLAGS, values)}
    upper, lower = values[-2:]
    return modes, {4: 1 if values[-3] == "1" else 2}, f"{int(upper) + 1};{int(lower) + 1}"


def report(fd):
    """The terminal's own report of its state: DECRQM for MODES and ANSI_MODES, DECRQSS for
    the margins, fenced by the device attributes."""
    questions = b"".join(b"\x1b[?%d$p" % mode for mode in MODES) + b"".join(b"\x1b[%d$p" % mode for mode in ANSI_MODES)
    os.write(sys.stdout.fileno(), questions + b"\x1bP$qr\x1b\\" + b"\x1b[c")
    answers = read_for(fd, 1.5, until=lambda got: re.search(rb"\x1b\[\?[0-9;]*c", got) is not None)
    modes = {int(mode): int(value) for mode, value in re.findall(rb"\x1b\[\?([0-9]+);([0-9]+)\$y", answers)}
    ansi = {int(mode): int(value) for mode, value in re.findall(rb"\x1b\[([0-9]+);([0-9]+)\$y", answers)}
    margins = re.search(rb"\x1bP1\$r([0-9;]*)r", answers)
    margins = margins.group(1).decode() if margins else None
    if not modes and os.environ.get("TMUX"):
        modes, ansi, margins = tmux_state()
    return answers, {"modes": modes, "ansi_modes": ansi, "margins": margins}


def size(out):
    fd = sys.stdin.fileno()
    rows, columns = os.get_terminal_size(fd)[::-1]
    saved = termios.tcgetattr(fd)
    raw = termios.tcgetattr(fd)
    raw[3] &= ~(termios.ICANON | termios.ECHO)
    try:
        termios.tcsetattr(fd, termios.TCSANOW, raw)
        os.write(sys.stdout.fileno(), b"\x1b[14t\x1b[c")
        answers = read_for(fd, 1.5, until=lambda got: re.search(rb"\x1b\[\?[0-9;]*c", got) is not None)
        _, before = report(fd)
    finally:
        termios.tcsetattr(fd, termios.TCSANOW, saved)
    pixels = re.search(rb"\x1b\[4;([0-9]+);([0-9]+)t", answers)
    write_whole(out, {"rows": rows, "columns": columns, "before": before,
                      "pixels": [int(pixels.group(2)), int(pixels.group(1))] if pixels else None})


def write_whole(path, value):
    """matrix.py waits for the file to exist, so it must never exist half-written."""
    with open(path + ".part", "w") as file:
        json.dump(value, file)
    os.replace(path + ".part", path)


def main():
    if sys.argv[1] == "--size":
        return size(sys.argv[2])
    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    raw = termios.tcgetattr(fd)
    raw[3] &= ~(termios.ICANON | termios.ECHO)
    raw[6][termios.VMIN], raw[6][termios.VTIME] = 0, 0
    try:
        termios.tcsetattr(fd, termios.TCSANOW, raw)
        left = read_for(fd, 0.3)
        answers, state = report(fd)
    finally:
        termios.tcsetattr(fd, termios.TCSANOW, saved)
    write_whole(sys.argv[1], {"left": left.decode("latin-1"), **state,
                              "fenced": re.search(rb"\x1b\[\?[0-9;]*c", answers) is not None})


if __name__ == "__main__":
    main()
