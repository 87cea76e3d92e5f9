#!/usr/bin/env python3
"""Run in the terminal right after tour exits, as the shell would be: what the terminal
left for the shell, and the modes tour should have given back.

Writes JSON to the path given: `left`, the bytes that were waiting in the input queue
(read in non-canonical mode for 0.3 s, as the shell's next read gets them), and `modes`,
the terminal's DECRQM answers for the cursor (25), the alternate screen (1049), mouse
reporting (1000, 1006) and synchronized output (2026): 1 set, 2 reset, 0 unknown, absent
when the terminal does not answer DECRQM (inside tmux, which does not, tmux's own
record of the pane's modes). The device attributes fence the answers.

With --size, run before tour instead: the window's rows and columns, and the text
area's size in pixels where the terminal reports it (CSI 14 t), for aiming clicks.

Used by Tests/Terminals/matrix.py: python3 after-exit.py [--size] OUT.json
"""
import json, os, re, select, subprocess, sys, termios, time

MODES = (25, 1049, 1000, 1006, 2026)


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


def tmux_modes():
    """tmux answers no DECRQM, but says what it keeps of the pane's modes."""
    flags = subprocess.run(["tmux", "display-message", "-p", "-t", os.environ.get("TMUX_PANE", ""),
                            "#{cursor_flag} #{alternate_on} #{mouse_standard_flag} #{mouse_sgr_flag}"],
                           capture_output=True, text=True).stdout.split()
    if len(flags) != 4:
        return {}
    return {mode: 1 if flag == "1" else 2 for mode, flag in zip((25, 1049, 1000, 1006), flags)}


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
    finally:
        termios.tcsetattr(fd, termios.TCSANOW, saved)
    pixels = re.search(rb"\x1b\[4;([0-9]+);([0-9]+)t", answers)
    with open(out, "w") as file:
        json.dump({"rows": rows, "columns": columns,
                   "pixels": [int(pixels.group(2)), int(pixels.group(1))] if pixels else None}, file)


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
        os.write(sys.stdout.fileno(), b"".join(b"\x1b[?%d$p" % mode for mode in MODES) + b"\x1b[c")
        answers = read_for(fd, 1.5, until=lambda got: re.search(rb"\x1b\[\?[0-9;]*c", got) is not None)
    finally:
        termios.tcsetattr(fd, termios.TCSANOW, saved)
    modes = {int(mode): int(value) for mode, value in re.findall(rb"\x1b\[\?([0-9]+);([0-9]+)\$y", answers)}
    if not modes and os.environ.get("TMUX"):
        modes = tmux_modes()
    with open(sys.argv[1], "w") as out:
        json.dump({"left": left.decode("latin-1"), "modes": modes,
                   "fenced": re.search(rb"\x1b\[\?[0-9;]*c", answers) is not None}, out)


if __name__ == "__main__":
    main()
