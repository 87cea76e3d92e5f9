#!/usr/bin/env python3
"""tour with no /proc (a bare chroot, a build sandbox): a mount namespace with an empty
/proc, as root. `tour --version`, an unknown option's error and the built-in tour in a
pty work as with /proc; statically linked Swift reads CommandLine from /proc/self/cmdline,
so tour takes its arguments from the C entry point instead (issue 49, item 7).

Usage: no-proc-test.py RELEASE_BINARY"""
import os, subprocess, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checks import Checks  # noqa: E402
from terminal import Terminal  # noqa: E402

check = Checks("no-proc")


def without_proc(*argv):
    """argv run in a new mount namespace whose /proc is an empty tmpfs."""
    return ["unshare", "-m", "sh", "-c", 'mount -t tmpfs none /proc && exec "$@"', "sh", *argv]


def main():
    binary = os.path.abspath(sys.argv[1])
    if os.geteuid() != 0:
        print("no-proc: needs root for a mount namespace; nothing checked")
        return 0
    empty = subprocess.run(without_proc("ls", "-A", "/proc"), stdout=subprocess.PIPE, text=True)
    check("the namespace's /proc is empty", empty.returncode == 0 and empty.stdout == "", empty.stdout[:200])
    version = subprocess.run(without_proc(binary, "--version"), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    check("tour --version runs with no /proc", version.returncode == 0 and version.stdout.startswith("tour "),
          f"exit {version.returncode}: {version.stdout} {version.stderr}")
    wrong = subprocess.run(without_proc(binary, "--no-such-option"), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    check("an unknown option is still a usage error (2), so the words were read", wrong.returncode == 2 and "--no-such-option" in wrong.stderr,
          f"exit {wrong.returncode}: {wrong.stderr}")
    env = {"PATH": "/usr/bin:/bin", "TERM": "xterm-256color", "LC_ALL": "C.UTF-8", "HOME": "/nonexistent"}
    terminal = Terminal(without_proc(binary, "--no-animation"), env)
    check("the built-in tour's first page shows", terminal.wait_for("Welcome to tour"), terminal.text())
    terminal.key(b"q")
    code, restored, left = terminal.finish()
    check("q skips it (exit 1), the terminal is restored and nothing is left for the shell",
          code == 1 and restored and left == 0, f"exit {code}, restored {restored}, {left} bytes left")
    return check.summary()


if __name__ == "__main__":
    sys.exit(main())
