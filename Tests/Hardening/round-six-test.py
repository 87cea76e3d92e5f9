#!/usr/bin/env python3
"""round-six-test.py TOUR_BINARY: the faults of the sixth adversarial probe (issue 64)
that only the real binary shows, each run as the probe found it.

- Printed commands are words, whatever an author named things: the tip's off command for
  an id holding a quote and a zero-width joiner, and the notice's `tour whats-new FILE`
  for `-h.json` and for a name behind a prepended mark, pasted into a real bash: they
  name exactly the id or the file, and run nothing (items 1 and 15).
- The tip's off command works where a folder has the tool's own name (item 14).
- `tour tip --off` waits for the lock a start holds, and keeps its change (item 12); a
  newer tour's tips file is refused and left alone (item 13).
- `ACCESSIBLE=false` is off, as `CI=false` is (item 18).
- `--answers` and `render --output` write a file whose name is 245 bytes long (item 16).
- `--answers /dev/fd/3` writes into a socket (item 11).
- `npx tour` with no binary for the platform says so once and exits (item 6).
- tour as a PID namespace's init: SIGQUIT gives the terminal back and tour exits 131,
  nothing echoed afterwards (item 9).
Run by `make test`.
"""
import json, os, pty, re, select, shutil, signal, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "Packages"))
from checks import Checks  # noqa: E402
from roots import ROOT  # noqa: E402

BINARY = os.path.abspath(sys.argv[1])
check = Checks("round six")


def on_terminal(argv, env, keys=b"", seconds=4.0, cwd=None, keep=None):
    """Runs argv on a pty that answers DA1 as xterm; types `keys` once a frame is up;
    `keep`: a descriptor handed to it as 3. Returns (exit status or None, what was shown)."""
    pid, fd = pty.fork()
    if pid == 0:
        if cwd:
            os.chdir(cwd)
        if keep is not None:
            os.dup2(keep, 3)  # inheritable, as dup2 makes it
        os.execve(argv[0], argv, env)
    output, typed, code = b"", False, None
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if select.select([fd], [], [], 0.05)[0]:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                chunk = b""
            output += chunk
            for _ in range(chunk.count(b"\x1b[c")):
                os.write(fd, b"\x1b[?62;22c")
            if keys and not typed and (b"\x1b[?2026h" in output or b"[Enter]" in output):
                time.sleep(0.3)
                os.write(fd, keys)
                typed = True
        finished, status = os.waitpid(pid, os.WNOHANG)
        if finished:
            code = os.waitstatus_to_exitcode(status)
            break
    if code is None:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    try:
        while select.select([fd], [], [], 0.1)[0]:
            chunk = os.read(fd, 65536)
            if not chunk:
                break
            output += chunk
    except OSError:
        pass
    os.close(fd)
    return code, output


def plain(output):
    return re.sub(rb"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][0-9A-B]|\r", b"", output).decode("utf-8", "replace")


def bash_runs(command, folder):
    """What `printf '%s\\n' WORDS` makes of the printed command's words, in a real bash."""
    words = command.split(" ", 3)[-1] if command.startswith("tour tip") else command.split(" ", 2)[-1]
    result = subprocess.run(["bash", "-c", "printf '<%s>\\n' " + words], cwd=folder, capture_output=True)
    return result.stdout


def printed_commands(scratch, env):
    joined = "x'\u200d;touch PWNED;'"
    tour = os.path.join(scratch, "joined.json")
    with open(tour, "w") as file:
        json.dump({"id": joined, "pages": [{"title": "Hello"}], "tips": [{"id": "t", "text": "A tip."}]}, file, ensure_ascii=False)
    checked = subprocess.run([BINARY, "check", tour], capture_output=True, text=True)
    check("printed: a tour whose id holds a quote and a joiner passes tour check", checked.returncode == 0, checked.stderr)
    on_terminal([BINARY, "--once", "--no-animation", tour], env, keys=b"\r")
    _, shown = on_terminal([BINARY, "--once", "--every", "0", tour], env)
    line = next((line for line in plain(shown).splitlines() if "tour tip --off" in line), "")
    command = line[line.index("tour tip"):].strip() if line else ""
    check("printed: the tip names its off command with --id", command.startswith("tour tip --off --id "), repr(plain(shown)))
    words = bash_runs(command, scratch) if command else b""
    check("printed: pasted into bash, the off command names the id exactly and runs nothing",
          words == b"<--id>\n<" + joined.encode() + b">\n" and not os.path.exists(os.path.join(scratch, "PWNED")), (command, words))
    if command:
        ran = subprocess.run(["bash", "-c", command.replace("tour ", BINARY + " ", 1)], cwd=scratch, env=env, capture_output=True, text=True)
        check("printed: the off command, run, turns those tips off", ran.returncode == 0 and "are off" in ran.stdout, ran.stdout + ran.stderr)
        _, after = on_terminal([BINARY, "--once", "--every", "0", tour], env)
        check("printed: and no tip comes after it", "Tip" not in plain(after), plain(after))
    for number, name in enumerate(("-h.json", "\u0600x.json", "~root.json")):
        path = os.path.join(scratch, "notice")
        os.makedirs(path, exist_ok=True)
        with open(os.path.join(path, name), "w") as file:
            json.dump({"id": f"notice{number}", "version": "1.0.0", "whatsNew": "notice", "pages": [{"title": "Hello"}]}, file)
        on_terminal([BINARY, "--once", "--no-animation", "--", name], env, keys=b"\r", cwd=path)
        with open(os.path.join(path, name), "w") as file:
            json.dump({"id": f"notice{number}", "version": "1.1.0", "whatsNew": "notice",
                       "pages": [{"title": "Hello"}, {"title": "Brand new", "since": "1.1.0"}]}, file)
        _, shown = on_terminal([BINARY, "--once", "--", name], env, cwd=path)
        line = next((line for line in plain(shown).splitlines() if "tour whats-new" in line), "")
        command = line[line.index("tour whats-new"):].strip() if line else ""
        words = subprocess.run(["bash", "-c", "printf '<%s>\\n' " + command.split(" ", 2)[-1]], cwd=path, capture_output=True).stdout
        expected = (b"<-->\n" if name.startswith("-") else b"") + b"<" + name.encode() + b">\n"
        check(f"printed: the notice's command for {name!r}, pasted into bash, names the file", words == expected, (command, words))


def tips_beside_a_folder_of_their_name(scratch, env):
    folder = os.path.join(scratch, "kettle-home")
    os.makedirs(os.path.join(folder, "kettle"))
    tour = os.path.join(scratch, "kettle.json")
    with open(tour, "w") as file:
        json.dump({"id": "kettle", "pages": [{"title": "Kettle"}], "tips": [{"id": "boil", "text": "Boil."}]}, file)
    ran = subprocess.run([BINARY, "tip", "--off", "--id", "kettle"], cwd=folder, env=env, capture_output=True, text=True)
    check("tip --off --id kettle works beside a folder named kettle", ran.returncode == 0 and "are off" in ran.stdout, ran.stderr)
    bare = subprocess.run([BINARY, "tip", "--on", "kettle"], cwd=scratch, env=env, capture_output=True, text=True)
    check("a bare NAME still names the id where no file has it", bare.returncode == 0 and "are on" in bare.stdout, bare.stderr)


def tips_off_under_the_lock(scratch, env):
    """A start that prints a tip holds the tips state's lock while it reads and writes it;
    a `tour tip --off` meanwhile waits, and its change stands (item 12). A tips file of a
    newer tour, in another layout, is refused and left alone (item 13)."""
    import fcntl
    first = subprocess.run([BINARY, "tip", "--on", "--id", "racing"], env=env, capture_output=True, text=True)
    folder = os.path.join(env["XDG_STATE_HOME"], "tour", "tips")
    name = next((n for n in os.listdir(folder) if n.endswith(".json") and "racing" in n), None) if first.returncode == 0 else None
    check("the tips state of an id is written", name is not None, first.stderr)
    if name is None:
        return
    path = os.path.join(folder, name)
    stale = open(path).read()
    with open(os.path.join(folder, "." + name[:-len(".json")] + ".lock"), "a+") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        off = subprocess.Popen([BINARY, "tip", "--off", "--id", "racing"], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        time.sleep(0.4)
        with open(path, "w") as file:  # the start's write, from what it read before the off
            file.write(stale.replace('"shownCount": 0', '"shownCount": 1'))
        fcntl.flock(lock, fcntl.LOCK_UN)
    out, err = off.communicate(timeout=10)
    now = json.load(open(path))
    check("tip --off while a start holds the tips state: it waits, and tips stay off", off.returncode == 0 and now.get("off") is True, (out, err, now))
    newer = '{"format": 9, "entries": [{"id": "x"}]}'
    with open(path, "w") as file:
        file.write(newer)
    refused = subprocess.run([BINARY, "tip", "--off", "--id", "racing"], env=env, capture_output=True, text=True)
    check("tip --off on a newer tour's tips file: says so, exits non-zero, leaves it",
          refused.returncode != 0 and "newer tour" in refused.stderr and open(path).read() == newer, (refused.returncode, refused.stdout, refused.stderr))


def accessible_false(scratch, env):
    tour = os.path.join(scratch, "plain.json")
    with open(tour, "w") as file:
        json.dump({"id": "acc", "pages": [{"title": "One"}, {"title": "Two"}]}, file)
    _, shown = on_terminal([BINARY, "--no-animation", tour], dict(env, ACCESSIBLE="false"), keys=b"q")
    check("ACCESSIBLE=false is off: the tour is full screen", b"\x1b[?1049h" in shown, plain(shown)[:200])
    _, shown = on_terminal([BINARY, "--no-animation", tour], dict(env, ACCESSIBLE="1"), keys=b"q\n")
    check("ACCESSIBLE=1 is on: the accessible mode", b"\x1b[?1049h" not in shown, plain(shown)[:200])


def long_names(scratch, env):
    folder = os.path.join(scratch, "long")
    os.makedirs(folder)
    tour = os.path.join(folder, "q.json")
    with open(tour, "w") as file:
        json.dump({"id": "long", "pages": [{"kind": "choice", "key": "k", "title": "Pick",
                                            "options": [{"value": "a", "label": "A"}, {"value": "b", "label": "B"}]}]}, file)
    answers = os.path.join(folder, "a" * 240 + ".json")
    code, _ = on_terminal([BINARY, "--no-animation", "--answers", answers, tour], env, keys=b"1\r")
    check("--answers writes a file whose name is 245 bytes", code == 0 and os.path.exists(answers), code)
    output = os.path.join(folder, "p" * 240 + ".html")
    rendered = subprocess.run([BINARY, "render", "--format", "html", "--output", output, tour], env=env, capture_output=True, text=True)
    check("render --output writes a file whose name is 245 bytes", rendered.returncode == 0 and os.path.exists(output), rendered.stderr)


def answers_into_a_socket(scratch, env):
    """`--answers /dev/fd/3` where 3 is a socket, as Node's stdio 'pipe' and Python's
    socketpair() hand it over (item 11)."""
    import socket
    tour = os.path.join(scratch, "long", "q.json")
    mine, theirs = socket.socketpair()
    code, _ = on_terminal([BINARY, "--no-animation", "--answers", "/dev/fd/3", tour], env, keys=b"2\r", keep=theirs.fileno())
    theirs.close()
    mine.settimeout(2)
    try:
        got = mine.recv(4096)
    except OSError:
        got = b""
    mine.close()
    check("--answers /dev/fd/3 on a socket: the answers arrive", code == 0 and json.loads(got or b"{}") == {"k": "b"}, (code, got))


def npx_without_a_binary(scratch):
    if not shutil.which("node"):
        check("node is there for the npm wrapper's check", False)
        return
    package = os.path.join(scratch, "project", "node_modules", "tour-onboarding")
    shutil.copytree(os.path.join(ROOT, "Packaging", "npm", "tour-onboarding"), package)
    bin_folder = os.path.join(scratch, "project", "node_modules", ".bin")
    os.makedirs(bin_folder)
    os.symlink(os.path.join("..", "tour-onboarding", "bin", "tour.js"), os.path.join(bin_folder, "tour"))
    os.chmod(os.path.join(package, "bin", "tour.js"), 0o755)
    env = {"PATH": f"{bin_folder}:/usr/bin:/bin", "HOME": scratch}
    started = time.monotonic()
    ran = subprocess.run([os.path.join(bin_folder, "tour"), "--version"], env=env, capture_output=True, text=True, timeout=20)
    seconds = time.monotonic() - started
    check("npx tour with no binary: one line, exit 127, at once (no process spawns itself)",
          ran.returncode == 127 and ran.stderr.count("no binary") == 1 and seconds < 5, (ran.returncode, ran.stderr, seconds))


def init_of_a_pid_namespace(scratch, env):
    if os.geteuid() != 0 or not shutil.which("unshare"):
        print("round six: tour as PID 1 not tried (needs root and unshare)")
        return
    tour = os.path.join(scratch, "init.json")
    with open(tour, "w") as file:
        json.dump({"id": "init", "pages": [{"title": "Init page"}, {"title": "Two"}]}, file)
    pid, fd = pty.fork()
    if pid == 0:
        os.execve("/usr/bin/unshare", ["unshare", "--pid", "--fork", "--kill-child", BINARY, "--no-animation", tour], env)
    output, quit_sent, status, closed = b"", False, None, False
    end = time.monotonic() + 8
    while time.monotonic() < end and status is None:
        if not closed and select.select([fd], [], [], 0.05)[0]:
            try:
                chunk = os.read(fd, 65536)
            except OSError:  # the terminal's other side closed: tour is gone
                chunk, closed = b"", True
            output += chunk
            for _ in range(chunk.count(b"\x1b[c")):
                os.write(fd, b"\x1b[?62;22c")
        if not quit_sent and b"Init page" in output:
            time.sleep(0.3)
            listed = subprocess.run(["pgrep", "-a", "-f", "--", "--no-animation " + tour], capture_output=True, text=True).stdout
            for line in listed.splitlines():
                if line.split()[1] == BINARY:
                    os.kill(int(line.split()[0]), signal.SIGQUIT)
            quit_sent = True
            time.sleep(0.5)
            if not closed:
                try:
                    os.write(fd, b"\r")  # the next key: nothing may answer it now
                except OSError:
                    pass
        finished, raw = os.waitpid(pid, os.WNOHANG)
        if finished:
            status = os.waitstatus_to_exitcode(raw)
        elif closed:
            time.sleep(0.05)
    if status is None:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    os.close(fd)
    check("tour as PID 1: SIGQUIT gives the terminal back and tour ends (131)", status == 131, (status, plain(output)[-200:]))
    check("tour as PID 1: it does not live on without a screen (the next key turns no page)", b"Two" not in output, output[-300:])


def main():
    scratch = tempfile.mkdtemp(prefix="tour-round-six-")
    # tour installed: first on PATH, so the hints it prints call it `tour`.
    env = {"PATH": f"{os.path.dirname(os.path.abspath(BINARY))}:/usr/bin:/bin", "HOME": scratch, "XDG_STATE_HOME": os.path.join(scratch, "state"),
           "TERM": "xterm-256color", "LANG": "C.UTF-8"}
    try:
        printed_commands(scratch, env)
        tips_beside_a_folder_of_their_name(scratch, env)
        tips_off_under_the_lock(scratch, env)
        accessible_false(scratch, env)
        long_names(scratch, env)
        answers_into_a_socket(scratch, env)
        npx_without_a_binary(scratch)
        init_of_a_pid_namespace(scratch, env)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return check.summary()


if __name__ == "__main__":
    sys.exit(main())
