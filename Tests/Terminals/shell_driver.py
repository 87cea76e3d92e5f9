"""A real interactive bash, driven as a person drives it, in a pseudo-terminal of a given
size or in a tmux pane; every byte written to the terminal is followed by the model of
terminal_state.py, so the state at one prompt can be compared with the state at the next.

In the pseudo-terminal this script is the terminal: it answers the device-attributes
question (what tour fences its exit with), as xterm would. In tmux, tmux answers, and
`pipe-pane` hands the pane's output to the model.

Used by Tests/Terminals/as-found-test.py and Tests/Terminals/hosts-test.py.
"""
import fcntl, os, pty, re, select, signal, struct, subprocess, termios, time

from terminal_state import TerminalState

PROMPT = b"as-found$ "
STTY = re.compile(rb"[\r\n]([0-9a-f]+(?::[0-9a-f]+){20,})\r?\n")


class Shell:
    """bash --norc -i (or `shell`) on a terminal `columns` x `rows`; `backend` is "pty" or "tmux"."""

    count = 0  # tmux servers started: each shell has its own

    def __init__(self, folder, columns, rows, backend="pty", environment=None, shell=("bash", "--norc", "--noprofile", "-i")):
        self.folder, self.columns, self.rows, self.backend = folder, columns, rows, backend
        self.output = b""
        self.model = TerminalState(rows, columns)
        self.answered = 0
        env = {"PATH": "/usr/bin:/bin", "HOME": folder, "TERM": "xterm-256color", "LANG": "C.UTF-8",
               "PS1": PROMPT.decode(), "XDG_STATE_HOME": os.path.join(folder, "state"), "HISTFILE": "/dev/null"}
        env.update(environment or {})
        command = list(shell)
        if backend == "pty":
            self.pid, self.fd = pty.fork()
            if self.pid == 0:
                os.chdir(folder)
                os.execvpe("bash", command, env)
            fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        else:
            env["TERM"] = "tmux-256color"
            Shell.count += 1
            self.socket = f"as-found-{os.getpid()}-{Shell.count}"
            self.pipe = os.path.join(folder, f"pane-{columns}x{rows}.out")
            open(self.pipe, "wb").close()
            self._tmux("new-session", "-d", "-s", "t", "-x", str(columns), "-y", str(rows), "-c", folder,
                       "env", "-i", *(f"{k}={v}" for k, v in env.items()), *command)
            self._tmux("pipe-pane", "-O", "-t", "t", f"cat >> {self.pipe}")
            self._tmux("send-keys", "-t", "t", "clear", "Enter")
            self.read_offset = 0
        self.wait_for_prompt(1)

    # -- the terminal ----------------------------------------------------------------

    def _tmux(self, *arguments):
        return subprocess.run(["tmux", "-L", self.socket, *arguments], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)

    def pump(self, seconds, until=None):
        """Reads what the terminal shows for up to `seconds`, or until `until()` holds."""
        end = time.monotonic() + seconds
        while True:
            if until and until():
                return True
            left = end - time.monotonic()
            if left <= 0:
                return False
            if self.backend == "pty":
                ready, _, _ = select.select([self.fd], [], [], min(left, 0.05))
                if not ready:
                    continue
                try:
                    chunk = os.read(self.fd, 65536)
                except OSError:
                    return False
                self._take(chunk)
                # The terminal's answer to each device-attributes question, as xterm gives it.
                asked = len(re.findall(rb"\x1b\[0?c", self.output))
                while self.answered < asked:
                    os.write(self.fd, b"\x1b[?62;22c")
                    self.answered += 1
            else:
                time.sleep(0.03)
                with open(self.pipe, "rb") as pipe:
                    pipe.seek(self.read_offset)
                    chunk = pipe.read()
                self.read_offset += len(chunk)
                if chunk:
                    self._take(chunk)

    def _take(self, chunk):
        self.output += chunk
        self.model.feed(chunk)

    def type(self, text):
        """Keys as the person types them (bytes, or text)."""
        data = text.encode() if isinstance(text, str) else text
        if self.backend == "pty":
            os.write(self.fd, data)
        else:
            self._tmux("send-keys", "-t", "t", "-l", data.decode("latin-1"))

    def key(self, name):
        """Ctrl-C, Ctrl-Z, Enter: C-c, C-z, Enter."""
        if self.backend == "pty":
            os.write(self.fd, {"C-c": b"\x03", "C-z": b"\x1a", "Enter": b"\r", "q": b"q"}[name])
        else:
            self._tmux("send-keys", "-t", "t", name)

    def prompts(self):
        return self.output.count(PROMPT)

    def wait_for_prompt(self, count, seconds=15):
        """Until the `count`th prompt is on screen; then a moment, for what the shell sends after it."""
        shown = self.pump(seconds, lambda: self.prompts() >= count)
        self.pump(0.25)
        return shown

    def wait_for(self, pattern, seconds=10, after=0):
        return self.pump(seconds, lambda: re.search(pattern, self.output[after:]) is not None)

    def tail_after_prompt(self):
        """What follows the last prompt: keys that reached the shell show here."""
        text = self.output.rsplit(PROMPT, 1)[-1]
        return re.sub(rb"\x1b\[\??[0-9;]*[A-Za-z]|\x1b[=>]|\r", b"", text)

    def screen(self):
        """The pane's text (tmux only)."""
        return self._tmux("capture-pane", "-p", "-t", "t").stdout

    # -- what a check asks -----------------------------------------------------------

    def run(self, command, seconds=15):
        """Types `command` at the prompt and waits for the next; returns what it printed."""
        count, start = self.prompts(), len(self.output)
        self.type(command + "\r")
        self.wait_for_prompt(count + 1, seconds)
        return self.output[start:]

    def stty(self):
        printed = self.run("stty -g")
        found = STTY.search(printed.replace(b"\r\n", b"\n"))
        return found.group(1).decode() if found else None

    def pending_input(self):
        """FIONREAD on the terminal, read by a program the shell starts: bytes waiting for it."""
        printed = self.run("python3 -c 'import array,fcntl,termios; b=array.array(\"i\",[0]); "
                           "fcntl.ioctl(0,termios.FIONREAD,b); print(\"queued=%d\" % b[0])'")
        found = re.search(rb"queued=(\d+)", printed)
        return int(found.group(1)) if found else None

    def exit_status(self):
        found = re.search(rb"status=(\d+)", self.run("echo status=$?"))
        return int(found.group(1)) if found else None

    def shell_pid(self):
        if self.backend == "pty":
            return self.pid
        return int(self._tmux("display-message", "-p", "-t", "t", "#{pane_pid}").stdout.strip())

    def pids(self, pattern):
        found = subprocess.run(["pgrep", "-f", pattern], stdout=subprocess.PIPE, text=True).stdout.split()
        return [int(pid) for pid in found]

    def signal(self, pattern, number):
        for pid in self.pids(pattern):
            os.kill(pid, number)

    def close(self):
        if self.backend == "pty":
            try:
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
            except OSError:
                pass
            os.close(self.fd)
        else:
            self._tmux("kill-server")
