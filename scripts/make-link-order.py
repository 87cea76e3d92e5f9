#!/usr/bin/env python3
"""make link-order: writes scripts/link-order.txt, the functions tour runs, in the order it
first runs them, for the release link (scripts/release-ld) to lay out side by side.

Why: the kernel maps a program's file pages 64 KiB at a time around each page it touches,
so code that start-up runs, scattered over a 4 MiB .text, made most of .text resident.
Each scenario runs the release binary under callgrind on a pseudo-terminal, as a person
would: its first frame (dumped there), then keys through every page. The functions of the
first frames come first in the file, then those that only later keys run.

After the functions come the .bss variables those starts touch (see zeroed_data).

A stale list is never wrong, only slower: names that no longer exist are skipped by the
linker, and new functions land after the listed ones. `make bench` shows the effect.
"""
import bisect, fcntl, os, pty, re, select, shutil, struct, subprocess, sys, tempfile, termios, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOUR = os.path.join(ROOT, ".build", "release", "tour")
# The same link with its symbol table and no DWARF (scripts/split-debug.sh): the shipped
# binary is stripped of both, and valgrind needs the names.
TOUR_SYMBOLS = TOUR + ".symbols"
OUTPUT = os.path.join(ROOT, "scripts", "link-order.txt")
RIGHT, LEFT = b"\x1bOC", b"\x1bOD"


def scenarios(work):
    """(arguments, keys after the first frame) for each run."""
    art = os.path.join(work, "art.json")
    with open(art, "w") as f:
        f.write('{"id": "order", "pages": [' + ",".join(
            '{"title": "Page %d", "subtitle": "Some words about the page", "hero": ["  .--.  ", " (    ) ", "  \'--\'  "]}' % n
            for n in range(1, 4)) + "]}")
    markdown = os.path.join(work, "tour.md")
    with open(markdown, "w") as f:
        f.write("---\nid: order-md\n---\n# First\nA subtitle\n\n---\n\n# Second\n## Fast\nIt is.\n## Small\nIt is too.\n")
    state = os.path.join(work, "state")
    # The start a tool makes every time, once its tour was seen: no frame at all, so the
    # whole run counts as a first frame. It goes first, so that what it runs (and what
    # `tour --version` runs, a part of it) lies together at the front, in fewer 64 KiB
    # windows than when spread through the first frame's code.
    seen = os.path.join(work, "seen.json")
    with open(seen, "w") as f:
        f.write('{"id": "order-seen", "version": "1.0", "pages": [{"title": "Seen", "subtitle": "Already"}]}')
    os.makedirs(os.path.join(state, "tour"))
    with open(os.path.join(state, "tour", "order-seen.json"), "w") as f:
        f.write('{"format": 1, "outcome": "completed", "version": "1.0", "lastPage": 0, "seenAt": "2026-01-01T00:00:00Z"}')
    everything = [RIGHT, RIGHT, LEFT, b"?", b"?", RIGHT, RIGHT, RIGHT, b"j", b" ", RIGHT, b"q"]
    return [
        (["--once", "--plain", seen], []),
        (["--no-mouse", "--no-animation"], everything),
        ([], [RIGHT, RIGHT, b"q"]),
        (["--no-mouse", "--no-animation", "--once", art], [RIGHT, RIGHT, b"\r"]),
        (["--no-mouse", "--no-animation", markdown], [RIGHT, b"j", b"q"]),
    ], {"XDG_STATE_HOME": state}


def trace(binary, arguments, keys, out, env, tool=None):
    """Runs one scenario; returns the callgrind files (first frame, then the rest).
    With `tool` (valgrind's arguments), runs it under that tool instead, to its end."""
    tool = tool or ["--tool=callgrind", "--demangle=no", "--compress-strings=no", "--compress-pos=no",
                    f"--callgrind-out-file={out}"]
    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        environment = dict(os.environ, TERM="xterm-256color", LC_ALL="C.UTF-8", **env)
        for name in ["NO_COLOR", "CI", "TOUR_DISABLE"]:
            environment.pop(name, None)
        os.execvpe("valgrind", ["valgrind", "-q", *tool, binary, *arguments], environment)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    screen = bytearray()
    answered = 0  # how far into `screen` the questions have been answered

    def answer():
        """Answers as a terminal does, so that the code which reads replies is traced too:
        a dark background for the OSC 11 question, the device attributes for the fence."""
        nonlocal answered
        asked = screen[answered:]
        reply = b""
        if b"\x1b]11;?" in asked:
            reply += b"\x1b]11;rgb:0000/0000/0000\x1b\\"
        if b"\x1b[c" in asked:
            reply += b"\x1b[?62;22c"
        if reply:
            os.write(fd, reply)
            answered = len(screen)

    def pump(seconds):
        deadline = time.time() + seconds
        while time.time() < deadline:
            ready, _, _ = select.select([fd], [], [], 0.05)
            if ready:
                try:
                    data = os.read(fd, 1 << 16)
                except OSError:
                    return False
                if not data:
                    return False
                screen.extend(data)
                answer()
        return True

    deadline = time.time() + 120
    while time.time() < deadline and b"\x1b[?2026l" not in screen and b"Next" not in screen:
        if not pump(0.2):
            break
    pump(1.0)
    subprocess.run(["callgrind_control", "-d", "first-frame", str(pid)], capture_output=True, check=False)
    for key in keys:
        os.write(fd, key)
        pump(1.5)
    for _ in range(300):
        if not pump(0.2):
            break
    try:
        os.kill(pid, 15)
    except OSError:
        pass
    os.waitpid(pid, 0)
    os.close(fd)
    first = [p for p in os.listdir(os.path.dirname(out)) if p.startswith(os.path.basename(out) + ".")]
    return [os.path.join(os.path.dirname(out), p) for p in sorted(first)], out


def functions(path, binary_name):
    """Function names with a cost in the binary, in the order callgrind lists them."""
    names, objects, current, seen = {}, {}, "", []
    for line in open(path, errors="replace"):
        if line.startswith(("ob=", "fn=")):
            match = re.match(r"(ob|fn)=(?:\((\d+)\))?\s*(.*)", line.rstrip("\n"))
            kind, number, name = match.groups()
            table = objects if kind == "ob" else names
            if name and number:
                table[number] = name
            name = name or table.get(number, "")
            if kind == "ob":
                current = os.path.basename(name)
            elif current == binary_name:
                name = name.split("'")[0]  # callgrind marks recursion as name'2
                if not name.startswith(("0x", "(")):
                    seen.append(name)
    return seen


# Where valgrind 3.19 loads a position-independent executable on x86_64.
VALGRIND_LOAD_BASE = 0x108000


def sections(binary):
    """{name: (address, size)} of the binary's sections."""
    table = {}
    for line in subprocess.run(["readelf", "-SW", binary], capture_output=True, text=True).stdout.splitlines():
        match = re.match(r"\s*\[\s*\d+\]\s+(\S+)\s+\S+\s+([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)", line)
        if match:
            table[match.group(1)] = (int(match.group(2), 16), int(match.group(3), 16))
    return table


def zeroed_data(binary, arguments, work, env):
    """The .bss variables a run reads or writes, in the order it first touches them.

    Why: a page of .bss costs a fault when first read (the zero page) and another when
    first written, and the variables start-up touches (the Swift runtime's caches, once
    tokens, metadata caches) lay spread over 22 of its pages. Named in the order file, the
    linker puts their sections side by side. Traced with valgrind's lackey, every access."""
    log = os.path.join(work, "lackey.log")
    trace(binary, arguments, [b"q"], log, env, tool=["--tool=lackey", "--trace-mem=yes", f"--log-file={log}"])
    entry = int(re.search(r"Entry point address:\s+0x([0-9a-f]+)",
                          subprocess.run(["readelf", "-h", binary], capture_output=True, text=True).stdout).group(1), 16)
    start, size = sections(binary)[".bss"]
    symbols = []
    for line in subprocess.run(["nm", "-n", "-S", binary], capture_output=True, text=True).stdout.splitlines():
        fields = line.split()
        if len(fields) == 4 and fields[2] in "bB":
            symbols.append((int(fields[0], 16), int(fields[1], 16), fields[3]))
    addresses = [address for address, _, _ in symbols]
    entered, order = False, {}
    with open(log, errors="replace") as f:
        for line in f:
            if line.startswith("I  "):
                entered = entered or int(line[3:].split(",")[0], 16) == VALGRIND_LOAD_BASE + entry
            elif line[:1] == " " and line[1:2] in "LSM":
                address = int(line[3:].split(",")[0], 16) - VALGRIND_LOAD_BASE
                if start <= address < start + size:
                    index = bisect.bisect_right(addresses, address) - 1
                    if index >= 0 and address < symbols[index][0] + max(symbols[index][1], 1):
                        order.setdefault(symbols[index][2], None)
    os.remove(log)
    if not entered:  # another load address: the names would be wrong ones
        print("make-link-order: the traced binary was not where lackey was expected to load it; no .bss order", file=sys.stderr)
        return []
    return list(order)


def check():
    """--check: how many of the functions the built-in tour runs before its first frame
    the committed list still names. Writes nothing; `make bench` prints the answer, so a
    list gone stale (new code, renamed functions) shows before it costs memory unseen."""
    work = tempfile.mkdtemp(prefix="tour-link-order-")
    binary = os.path.join(work, "tour")
    shutil.copy(TOUR_SYMBOLS, binary)
    runs, env = scenarios(work)
    arguments, _ = runs[1]
    dumps, _ = trace(binary, arguments, [b"q"], os.path.join(work, "callgrind.check"), env)
    ran = list(dict.fromkeys(name for dump in dumps for name in functions(dump, "tour")))
    listed = set(open(OUTPUT).read().split())
    found = sum(1 for name in ran if name in listed)
    print(f"{found} {len(ran)}")
    shutil.rmtree(work, ignore_errors=True)


def main():
    for tool in ["valgrind", "callgrind_control"]:
        if not shutil.which(tool):
            sys.exit(f"make-link-order: {tool} is needed (apt-get install valgrind)")
    if sys.argv[1:] == ["--check"]:
        check()
        return
    work = tempfile.mkdtemp(prefix="tour-link-order-")
    # valgrind 3.19 cannot read the DWARF 5 the toolchain writes: trace the copy without it.
    binary = os.path.join(work, "tour")
    shutil.copy(TOUR_SYMBOLS, binary)
    runs, env = scenarios(work)
    first, later = [], []
    for number, (arguments, keys) in enumerate(runs):
        dumps, final = trace(binary, arguments, keys, os.path.join(work, f"callgrind.{number}"), env)
        for dump in dumps:
            first += functions(dump, "tour")
        if os.path.exists(final):
            (later if dumps else first).extend(functions(final, "tour"))
        print(f"make-link-order: scenario {number + 1} of {len(runs)}: {' '.join(arguments) or '(built-in tour)'}", file=sys.stderr)
    order = list(dict.fromkeys(first + later))
    # Then the zeroed variables of the two starts that matter most: the one that shows
    # nothing, and the built-in tour's first frame.
    data = list(dict.fromkeys(name for arguments in [runs[0][0], ["--no-animation"]]
                              for name in zeroed_data(binary, arguments, work, env)))
    with open(OUTPUT, "w") as f:
        f.write("\n".join(order + data) + "\n")
    print(f"make-link-order: {len(order)} functions ({len(dict.fromkeys(first))} before a first frame) "
          f"and {len(data)} .bss variables in {os.path.relpath(OUTPUT, ROOT)}")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
