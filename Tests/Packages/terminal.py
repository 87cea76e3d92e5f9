"""A program on a pseudo-terminal of the test's own, read through pyte as a person sees it.

The packaging tests play tour this way inside Debian roots (through chroot) and from a
Python tool in a venv: keys in, the screen after each key, the exit code, and whether the
terminal was given back as it was found, with nothing left in its input queue for a shell.
"""
import fcntl, os, select, struct, subprocess, sys, termios, time

import pyte

# The screen that answers the device-attributes question, as make bench's terminal does.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "bench"))
from bench import AnsweringScreen  # noqa: E402


def bytes_left_for_the_shell(slave):
    """What a shell reading the terminal next would get. In canonical mode FIONREAD counts
    only whole lines, and an answer or a mouse report has no newline: it is read in
    non-canonical mode instead."""
    modes = termios.tcgetattr(slave)
    modes[3] &= ~(termios.ICANON | termios.ECHO)
    modes[6][termios.VMIN], modes[6][termios.VTIME] = 0, 0
    termios.tcsetattr(slave, termios.TCSANOW, modes)
    left = b""
    while True:
        chunk = os.read(slave, 4096)
        if not chunk:
            return left
        left += chunk


class Terminal:
    def __init__(self, argv, env, cols=80, rows=24, cwd=None, controlling=False):
        """`controlling`: the terminal is the program's controlling terminal, as in a shell,
        so Ctrl-C there is SIGINT to its whole process group."""
        self.master, self.slave = os.openpty()
        fcntl.ioctl(self.slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        # What a shell leaves a terminal in before it runs a command: canonical, echoing.
        self.modes_before = termios.tcgetattr(self.slave)
        self.screen = AnsweringScreen(cols, rows, lambda reply: os.write(self.master, reply))
        self.stream = pyte.ByteStream(self.screen)
        self.output = b""
        def take_as_controlling_terminal():
            os.setsid()
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)
        self.process = subprocess.Popen(argv, env=env, cwd=cwd, stdin=self.slave, stdout=self.slave, stderr=self.slave,
                                        start_new_session=not controlling, close_fds=True,
                                        preexec_fn=take_as_controlling_terminal if controlling else None)

    def pump(self, timeout):
        """Reads what the program wrote for up to `timeout` seconds; False once it is quiet."""
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return False
        try:
            data = os.read(self.master, 65536)
        except OSError:
            return False
        self.output += data
        self.stream.feed(data)
        return True

    def text(self):
        return "\n".join(line.rstrip() for line in self.screen.display)

    def wait_for(self, words, timeout=15):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if words in self.text():
                return True
            self.pump(0.05)
        return words in self.text()

    def settle(self, quiet=0.3, timeout=5):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and self.pump(quiet):
            pass

    def key(self, data, quiet=0.3):
        os.write(self.master, data)
        self.settle(quiet)

    def finish(self, timeout=15):
        """Waits for the exit; returns (exit code, terminal restored, bytes left for the shell)."""
        deadline = time.monotonic() + timeout
        while self.process.poll() is None and time.monotonic() < deadline:
            self.pump(0.05)
        if self.process.poll() is None:
            self.process.kill()
        code = self.process.wait()
        while self.pump(0.1):
            pass
        restored = termios.tcgetattr(self.slave) == self.modes_before and \
            self.output.rfind(b"\x1b[?1049l") >= self.output.rfind(b"\x1b[?1049h")
        left = len(bytes_left_for_the_shell(self.slave))
        os.close(self.master)
        os.close(self.slave)
        return code, restored, left
