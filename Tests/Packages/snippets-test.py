#!/usr/bin/env python3
"""snippets-test.py TOUR_BINARY: the Go, Rust, C and shell snippets of docs/reference.md
("Calling tour from any other language"), built with this machine's compilers (Go from
Debian's golang-go, installed by the Makefile) and run as a tool's users would meet them:

- in a pipe: tour shows nothing, exit 0, the tool goes on;
- with no `tour` on PATH: the tool goes on without a word (tour: -1);
- on a pseudo-terminal, where the tool is the session's foreground: the tour shows,
  Ctrl-C (a SIGINT to the whole process group) ends it with 130, and the tool survives
  to print its own line; the terminal is restored and nothing is left in its input.
"""
import os, shutil, subprocess, sys, tempfile

sys.path.insert(0, os.path.dirname(__file__))
from checks import Checks  # noqa: E402
from snippets import build, snippets  # noqa: E402
from terminal import Terminal  # noqa: E402

BINARY = os.path.abspath(sys.argv[1])
check = Checks("snippets")


def main():
    found = snippets()
    check(f"docs/reference.md has the Go, Rust, C and shell snippets ({', '.join(sorted(found))})",
          sorted(found) == ["c", "go", "rust", "sh"])
    scratch = tempfile.mkdtemp(prefix="tour-snippets-")
    try:
        bin_folder = os.path.join(scratch, "bin")
        os.makedirs(bin_folder)
        os.symlink(BINARY, os.path.join(bin_folder, "tour"))
        for language, source in sorted(found.items()):
            folder = os.path.join(scratch, language)
            os.makedirs(folder)
            with open(os.path.join(folder, "mytool.json"), "w") as tour:
                tour.write('{"id": "snippet-%s", "pages": [{"title": "Hello from %s"}, {"title": "Two"}]}' % (language, language))
            argv, words = build(language, source, folder)
            check(f"{language}: the snippet builds", argv is not None, words[-1500:])
            if argv is None:
                continue
            home = os.path.join(folder, "home")
            env = {"PATH": f"{bin_folder}:/usr/bin:/bin", "HOME": home, "XDG_STATE_HOME": os.path.join(home, "state"),
                   "TERM": "xterm-256color", "LANG": "C.UTF-8"}
            piped = subprocess.run(argv, cwd=folder, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, text=True)
            check(f"{language}: in a pipe tour shows nothing and the tool goes on",
                  piped.returncode == 0 and piped.stdout == "mytool: ready (tour: 0)\n" and piped.stderr == "",
                  f"exit {piped.returncode}: {piped.stdout!r} {piped.stderr!r}")
            missing = subprocess.run(argv, cwd=folder, env=dict(env, PATH="/usr/bin:/bin"), stdin=subprocess.DEVNULL,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            check(f"{language}: without tour the tool goes on without a word",
                  missing.returncode == 0 and missing.stdout == "mytool: ready (tour: -1)\n" and missing.stderr == "",
                  f"exit {missing.returncode}: {missing.stdout!r} {missing.stderr!r}")
            terminal = Terminal(argv, env, cwd=folder, controlling=True)
            shown = terminal.wait_for(f"Hello from {language}")
            check(f"{language}: on a terminal the tour shows", shown, terminal.text())
            terminal.key(b"\x03", quiet=0.8)
            code, restored, left = terminal.finish()
            check(f"{language}: Ctrl-C ends the tour (130) and the tool goes on, terminal restored, nothing left",
                  "mytool: ready (tour: 130)" in terminal.text() and code == 0 and restored and left == 0,
                  f"exit {code}, restored {restored}, {left} left\n{terminal.text()}")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return check.summary()


if __name__ == "__main__":
    sys.exit(main())
