#!/usr/bin/env python3
"""Every input limit, played, checked and rendered: each must take under a second.

Tour files come from strangers, and time must stay linear in the input. This writes one
file at each limit the README states (the longest word, the most lines, the most items,
the most pages, the deepest nesting, the most feature items on a page), then runs the
release binary on each: `tour check`, `tour render`, and a real play on a pseudo-terminal
(first frame, a few keys, q). It fails when any run takes a second or more.
`make test` runs it, so it runs on every change.
"""
import json, os, re, shutil, struct, subprocess, sys, tempfile, time, zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import TOUR, WELCOME as BUILTIN, Terminal  # noqa: E402

LIMIT_SECONDS = 1.0
MEMORY_LIMIT_KIB = 50 * 1024
# A tour of many pages that share pictures or art holds each once.
SHARED_MEMORY_LIMIT_KIB = 100 * 1024
FILE_LIMIT = 4 << 20


def files(directory):
    """(name, path, what the first frame shows) for each limit."""
    made = []

    def write(name, text, ready):
        path = os.path.join(directory, name)
        with open(path, "w", encoding="utf-8") as out:
            out.write(text)
        assert os.path.getsize(path) <= FILE_LIMIT, name
        made.append((name, path, ready))

    word = "x" * ((1 << 20) - 16)  # a 1 MiB string: one unbreakable word
    write("longest-word.json", json.dumps({"pages": [{"title": word}, {"title": "two"}]}), "xxxx")
    lines = "\n".join("word" for _ in range(700_000))  # as many subtitle lines as fit
    write("most-lines.md", "# Lines\n" + lines + "\n", "Lines")
    items = [{"icon": "*", "title": f"Item {i}", "text": "What item %d does, in a few words." % i} for i in range(1000)]
    write("most-items.json", json.dumps({"pages": [{"kind": "features", "title": "Items", "items": items}, {"title": "two"}]}), "Items")
    write("most-pages.json", json.dumps({"pages": [{"title": f"Page {i}", "subtitle": "A line."} for i in range(10_000)]}), "Page 0")
    # Pictures: a 2000x2000 PNG plays at once; a decompression bomb (a 100000x100000
    # header), a corrupt PNG and a truncated JPEG are refused in little memory.
    pictures = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Tests", "Fixtures", "pictures")
    for name in ["large-disc.png", "huge-header.png", "corrupt.png", "truncated.jpg", "largest-disc.png", "largest-disc.jpg",
                 "largest-progressive.jpg", "many-scans.jpg"]:
        shutil.copy(os.path.join(pictures, name), directory)
    write("largest-picture.json", json.dumps({"pages": [{"title": "Big picture", "heroImage": "large-disc.png"}, {"title": "two"}]}), "Big picture")
    # 4096x4096, the largest side taken: PNG row by row, JPEG decoded at 1/8.
    for name in ["largest-disc.png", "largest-disc.jpg"]:
        write(f"picture-{name}.json", json.dumps({"pages": [{"title": "Largest", "heroImage": name}, {"title": "two"}]}), "Largest")
    # A progressive JPEG that needs its whole picture's coefficients, and one of 568 legal
    # scans: both refused, quickly and in little memory.
    for name in ["huge-header.png", "corrupt.png", "truncated.jpg", "largest-progressive.jpg", "many-scans.jpg"]:
        write(f"bad-{name}.json", json.dumps({"pages": [{"title": "Bad", "heroImage": name}]}), None)
    # Many pages, one picture (a 2000x2000 PNG kept at 512x512) and one colored ANSI file:
    # each decoded once and shared.
    pages = [{"title": f"Shared {i}", "heroImage": "large-disc.png"} for i in range(1000)]
    write("shared-picture.json", json.dumps({"pages": pages}), "Shared 0")
    ansi = "".join("".join(f"\x1b[38;5;{(x + y) % 256}m#" for x in range(150)) + "\x1b[0m\n" for y in range(190))
    with open(os.path.join(directory, "colored.ans"), "w", encoding="utf-8") as out:
        out.write(ansi)
    pages = [{"title": f"Art {i}", "heroFile": "colored.ans"} for i in range(400)]
    write("shared-ansi-art.json", json.dumps({"pages": pages}), "Art 0")
    # The same art with an accent of its own on every page: art keeps its own colors, so
    # the web page still writes it once (it was 5.5 s and 335 MiB at 150 pages).
    pages = [{"title": f"Art {i}", "heroFile": "colored.ans", "accent": "#%02x%02x%02x" % (i % 256, (i * 7) % 256, (i * 13) % 256)}
             for i in range(400)]
    write("shared-art-own-accents.json", json.dumps({"pages": pages}), "Art 0")
    # 93,000 unknown keys of 33 characters on pages: "did you mean" and the messages stay bounded.
    keys = [{"title": "t", **{("k%032d" % (i * 31 + j)): 1 for j in range(31)}} for i in range(3000)]
    write("most-unknown-keys.json", json.dumps({"pages": keys}), None)
    # 20,000 page options (repeated, so refused) and 200,000 lines in Markdown.
    write("most-markdown-options.md", "# Options\n" + "<!-- button: Go -->\n" * 20_000 + "line\n" * 200_000, None)
    nested = '{"pages": [{"title": "Deep", "hero": ' + "[" * 63 + "]" * 63 + "}]}"
    write("deepest-nesting.json", nested, None)  # refused at the nesting limit: exit 65
    write("most-markdown-pages.md", "".join(f"# Page {i}\nA line.\n\n" for i in range(100_000)), None)  # over 10,000 pages: refused
    # Labels and the notice's hint: 200 characters each play; a 750,000-character hint is
    # refused at load rather than printed as 9,400 rows.
    labels = {name: "w" * 200 for name in ["next", "done", "skip", "hintNext", "enlarge"]}
    labels["whatsNewAgain"] = "w" * 190 + "{command}"
    labels["whatsNewTitle"] = "w" * 194 + "{name}"
    write("longest-labels.json", json.dumps({"labels": labels, "whatsNewHint": "h" * 200, "pages": [{"title": "Labels"}, {"title": "two"}]}), "Labels")
    write("runaway-hint.json", json.dumps({"whatsNewHint": "h" * 750_000, "pages": [{"title": "Hint"}]}), None)
    return made


# A child forked from Python starts with Python's own pages counted in its peak RSS, so
# runs go through a tiny C launcher that forks, execs and reports the child's ru_maxrss.
LAUNCHER_SOURCE = r"""
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
int main(int argc, char **argv) {
    pid_t pid = fork();
    if (pid == 0) { execv(argv[1], argv + 1); _exit(127); }
    int status; struct rusage usage;
    wait4(pid, &status, 0, &usage);
    fprintf(stderr, "maxrss %ld\n", usage.ru_maxrss);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
"""
LAUNCHER = None


def launcher():
    global LAUNCHER
    if LAUNCHER is None:
        work = tempfile.mkdtemp(prefix="tour-limits-")
        source = os.path.join(work, "run.c")
        open(source, "w").write(LAUNCHER_SOURCE)
        LAUNCHER = os.path.join(work, "run")
        subprocess.run(["cc", "-O2", source, "-o", LAUNCHER], check=True)
    return LAUNCHER


def timed(argv):
    """Seconds, exit code and peak memory (KiB) of one run."""
    start = time.perf_counter()
    result = subprocess.run([launcher()] + argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    kib = int(result.stderr.strip().splitlines()[-1].split()[1])
    return time.perf_counter() - start, result.returncode, kib


def play(path, ready, cols=80, rows=24):
    """First frame, j j j, Right, Left, q: the seconds it took, the exit code and peak KiB."""
    start = time.perf_counter()
    terminal = Terminal([launcher(), TOUR, "--no-animation", path], cols=cols, rows=rows)
    if ready is not None:
        terminal.wait_for(lambda t: ready in t.text(), timeout=5)
        for key in [b"j", b"j", b"j", b"\x1bOC", b"\x1bOD"]:
            os.write(terminal.fd, key)
            terminal.pump(0.01)
        os.write(terminal.fd, b"q")
    code, kib = ended(terminal, start, 10)
    return time.perf_counter() - start, code, kib


def ended(terminal, start, seconds):
    """Reads the run to its end (at most `seconds` from `start`): its exit code and peak KiB."""
    while terminal.pump(1.0):
        if time.perf_counter() - start > seconds:
            break
    _, status = os.waitpid(terminal.pid, 0)
    # The launcher's report is the last line of the terminal's output.
    found = re.findall(r"maxrss (\d+)", bytes(terminal.output).decode("utf-8", "replace"))
    return os.waitstatus_to_exitcode(status), int(found[-1]) if found else 0


def claimed_cells_check(directory):
    """A terminal that claims cells of 800x2700 pixels (65,535 pixels of window, as ssh may
    relay) and kitty graphics: the picture page's first frame still comes within the
    second and 50 MiB, as a cell that large is not believed."""
    path = os.path.join(directory, "claimed-cells.json")
    with open(path, "w") as out:
        json.dump({"pages": [{"title": "Claimed", "heroImage": "large-disc.png"}, {"title": "two"}]}, out)
    start = time.perf_counter()
    terminal = Terminal([launcher(), TOUR, "--no-animation", path], cell_pixels=(800, 2700), kitty=True)
    shown = terminal.wait_for(lambda t: "Claimed" in t.text(), timeout=10)
    seconds = time.perf_counter() - start
    os.write(terminal.fd, b"q")
    code, kib = ended(terminal, start, 15)
    line = f"{'claimed 800x2700 cells':24} play   {seconds * 1000:8.1f} ms  {kib / 1024:6.1f} MiB  exit {code}"
    print(line)
    if not shown or seconds >= LIMIT_SECONDS or kib >= MEMORY_LIMIT_KIB:
        return [line + f" (expected the first frame under {LIMIT_SECONDS:.0f} s and {MEMORY_LIMIT_KIB // 1024} MiB)"]
    return []


def size_checks(directory):
    """The largest sizes: render at 1000x1000 in every format, of a page without a picture,
    with a 1x1 PNG and with a 2000x2000 one, and the built-in tour played in a 1000x300
    window through every page. Each under a second and 50 MiB: the canvas is linear, and a
    picture is drawn at most at the size it can use, never the window's."""
    failures = []
    pictures = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Tests", "Fixtures", "pictures")
    shutil.copy(os.path.join(pictures, "large-disc.png"), directory)
    with open(os.path.join(directory, "one-pixel.png"), "wb") as out:
        raw = zlib.compress(b"\x00\xff\x00\x00")
        chunk = lambda kind, data: struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        out.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0)) + chunk(b"IDAT", raw) + chunk(b"IEND", b""))
    tours = {"no picture": {"pages": [{"title": "Words only", "subtitle": "A line of text."}]},
             "1x1 picture": {"pages": [{"title": "A dot", "heroImage": "one-pixel.png", "heroAlt": "a dot"}]},
             "2000x2000 picture": {"pages": [{"title": "A disc", "heroImage": "large-disc.png", "heroAlt": "a disc"}]}}
    for name, tour in tours.items():
        path = os.path.join(directory, name.replace(" ", "-") + ".json")
        with open(path, "w") as out:
            json.dump(tour, out)
        for form in ("text", "ansi", "svg"):
            seconds, code, kib = timed([TOUR, "render", path, "--size", "1000x1000", "--format", form])
            line = f"render 1000x1000 {form:4} {name:18} {seconds * 1000:8.1f} ms  {kib / 1024:6.1f} MiB  exit {code}"
            print(line)
            if seconds >= LIMIT_SECONDS or kib >= MEMORY_LIMIT_KIB or code != 0:
                failures.append(line + f" (expected under {LIMIT_SECONDS:.0f} s, {MEMORY_LIMIT_KIB // 1024} MiB and exit 0)")
    start = time.perf_counter()
    terminal = Terminal([launcher(), TOUR, "--no-animation"], cols=1000, rows=300)
    terminal.wait_for(lambda t: "Welcome to tour" in t.text(), timeout=10)
    # Page by page to the last: a practice page goes on once its key (one character in
    # the built-in tour) is pressed.
    for page in BUILTIN["pages"][:-1]:
        if page.get("kind") == "practice":
            os.write(terminal.fd, page["expect"].encode())
            terminal.pump(0.2)
        os.write(terminal.fd, b"\x1bOC")
        terminal.pump(0.2)
    os.write(terminal.fd, b"q")
    while terminal.pump(1.0) and time.perf_counter() - start < 20:
        pass
    _, status = os.waitpid(terminal.pid, 0)
    found = re.findall(r"maxrss (\d+)", bytes(terminal.output).decode("utf-8", "replace"))
    kib = int(found[-1]) if found else 0
    code = os.waitstatus_to_exitcode(status)
    line = f"play 1000x300, every page of the built-in tour   {kib / 1024:6.1f} MiB  exit {code}"
    print(line)
    if not kib or kib >= MEMORY_LIMIT_KIB or code != 0:
        failures.append(line + f" (expected under {MEMORY_LIMIT_KIB // 1024} MiB and exit 0: q closes the last page)")
    return failures


def watch_check(directory):
    """`--watch` on a file that is written without pause for two seconds (a 4 MiB tour
    appended to in small pieces): tour waits for a quiet moment before it reads it, so it
    costs a few percent of a core, not all of one. Then, once the file is whole and quiet,
    it shows the new text (at most a few thousand pages, under the 10,000 limit)."""
    path = os.path.join(directory, "growing.json")
    with open(path, "w") as out:
        json.dump({"pages": [{"title": "Before"}]}, out)
    terminal = Terminal([TOUR, "--watch", "--no-animation", path])
    terminal.wait_for(lambda t: "Before" in t.text(), timeout=5)
    start_ticks = terminal.cpu_ticks()
    piece = json.dumps({"title": "Page 0", "subtitle": "A line of text. " * 30})
    with open(path, "w") as out:
        out.write('{"pages": [')
        out.flush()
        deadline = time.monotonic() + 2.0
        while time.monotonic() < deadline and out.tell() < (4 << 20) - 4096:
            out.write(piece + ", ")
            out.flush()
            terminal.pump(0.001)
            time.sleep(0.002)
        out.write('{"title": "After"}]}')
    ticks = terminal.cpu_ticks() - start_ticks
    deadline = time.monotonic() + 5
    while "Page 0" not in terminal.text() and time.monotonic() < deadline:
        terminal.pump(0.05)
    shown = "Page 0" in terminal.text()
    cpu = ticks / os.sysconf("SC_CLK_TCK")
    os.write(terminal.fd, b"q")
    terminal.close()
    line = f"--watch on a file written for 2 s       CPU {cpu * 1000:6.1f} ms ({cpu / 2 * 100:.0f}% of a core)  reloaded {shown}"
    print(line)
    if cpu >= 0.2 or not shown:
        return [line + " (expected under 10% of a core, and the new text shown once the file was quiet)"]
    return []


def state_checks(directory):
    """Tips and states at their limits: what a legal file makes is read back, what is
    past a limit is refused by check (exit 65), each at once. A tips file of 1,000 tips
    with 64-byte ids, all seen, keeps its whole history (it warned, and forgot everything,
    from 420 KB of state); a tour of a 64-byte version is seen once."""
    failures = []
    state = os.path.join(directory, "state")
    environment = {"XDG_STATE_HOME": state}

    def run_on_terminal(argv, keys=b""):
        terminal = Terminal([launcher()] + argv, env=environment)
        start = time.perf_counter()
        while terminal.pump(0.5) and time.perf_counter() - start < 10:
            pass
        if keys:
            os.write(terminal.fd, keys)
            while terminal.pump(0.5) and time.perf_counter() - start < 10:
                pass
        _, status = os.waitpid(terminal.pid, 0)
        os.close(terminal.fd)
        text = bytes(terminal.output).decode("utf-8", "replace")
        found = re.findall(r"maxrss (\d+)", text)
        return time.perf_counter() - start, os.waitstatus_to_exitcode(status), int(found[-1]) if found else 0, text

    tips = os.path.join(directory, "largest-tips.json")
    with open(tips, "w") as out:
        json.dump({"id": "largest-tips", "version": "1.0-" + "x" * 60,
                   "tips": [{"id": ("%d" % i).ljust(64, "\\"), "title": "T" * 80, "text": "Tip %d. " % i + "w" * 900}
                            for i in range(1000)]}, out)
    # `tour tips` counts every tip as seen: the state holds all 1,000 at once.
    seconds, code, kib, text = run_on_terminal([TOUR, "tips", "--no-animation", tips], keys=b"q")
    state_file = os.path.join(state, "tour", "tips", "largest-tips.json")
    size = os.path.getsize(state_file) if os.path.exists(state_file) else 0
    shown = []
    for _ in range(3):
        seconds, code, kib, text = run_on_terminal([TOUR, "tip", "--every", "0", tips])
        found = re.findall(r"Tip (\d+)\.", text)
        shown.append(found[0] if found and code == 0 and "warning" not in text else None)
    line = f"largest tips file, all seen: state {size / 1024:6.1f} KiB; the next three starts show tips {shown}"
    print(line)
    if not size or size >= 256 * 1024 or shown != ["0", "1", "2"]:
        failures.append(line + " (expected a state under 256 KiB, read back: the least recently shown tips, 0, 1, 2, no warning)")

    for name, tour, problem in [
            ("version of 70,004 bytes", {"version": "1.0-" + "x" * 70000, "pages": [{"title": "a"}]}, "a version is at most 64"),
            ("tip title of 1 MB", {"tips": [{"title": "T" * 1000000, "text": "a"}]}, "a title is one line of at most 80"),
            ("1,000 tip ids of 400 bytes", {"tips": [{"id": "%d" % i + "i" * 400, "text": "Tip %d" % i} for i in range(1000)]},
             "a tip id is at most 64")]:
        path = os.path.join(directory, "bound.json")
        with open(path, "w") as out:
            json.dump(tour, out)
        seconds, code, kib = timed([TOUR, "check", path])
        result = subprocess.run([TOUR, "check", path], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        line = f"check, {name:28} {seconds * 1000:8.1f} ms  {kib / 1024:6.1f} MiB  exit {code}"
        print(line)
        if seconds >= LIMIT_SECONDS or code != 65 or problem not in result.stdout:
            failures.append(line + f" (expected exit 65 saying {problem!r} under a second)")

    versioned = os.path.join(directory, "versioned.json")
    with open(versioned, "w") as out:
        json.dump({"id": "versioned", "version": "1.0-" + "x" * 60, "pages": [{"title": "Versioned"}]}, out)
    first = run_on_terminal([TOUR, "--once", "--no-animation", versioned], keys=b"q")
    second = run_on_terminal([TOUR, "--once", versioned])
    line = f"--once, a version of 64 bytes           first shows {'Versioned' in first[3]}, second shows {'Versioned' in second[3]}"
    print(line)
    if "Versioned" not in first[3] or "Versioned" in second[3] or "warning" in second[3]:
        failures.append(line + " (expected the second start to show nothing and warn of nothing)")
    return failures


def nonblocking_checks(directory):
    """A parent may leave the terminal non-blocking (Node does): output that cannot be
    written yet is waited for, not spun on, and the accessible mode waits for a key."""
    failures = []
    big = os.path.join(directory, "most-pages.json")
    read_end, write_end = os.pipe()
    os.set_blocking(write_end, False)
    process = subprocess.Popen([TOUR, "--plain", big], stdout=write_end, stderr=subprocess.DEVNULL)
    os.close(write_end)
    time.sleep(1.0)  # nobody reads: the pipe is full and tour must sleep
    with os.fdopen(read_end, "rb") as reader:
        reader.read()
    _, status, usage = os.wait4(process.pid, 0)
    cpu = usage.ru_utime + usage.ru_stime
    line = f"non-blocking stdout, reader 1 s late   CPU {cpu * 1000:6.1f} ms  exit {os.waitstatus_to_exitcode(status)}"
    print(line)
    if cpu >= 0.3 or os.waitstatus_to_exitcode(status) != 0:
        failures.append(line + " (expected under 300 ms of CPU and exit 0)")

    tour = os.path.join(directory, "two.json")
    with open(tour, "w") as out:
        json.dump({"pages": [{"title": "One"}, {"title": "Two"}]}, out)
    read_end, write_end = os.pipe()
    os.set_blocking(read_end, False)
    process = subprocess.Popen([TOUR, "--accessible", tour], stdin=read_end, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(read_end)
    time.sleep(0.5)
    waited = process.poll() is None
    os.write(write_end, b"\n\n")
    os.close(write_end)
    code = process.wait(timeout=5)
    line = f"non-blocking stdin, accessible mode    waited {waited}  exit {code}"
    print(line)
    if not waited or code != 0:
        failures.append(line + " (expected to wait for the answers, then exit 0)")

    # 50 MB without a newline: the answer is cut, memory stays small.
    long_line = os.path.join(directory, "long-line.txt")
    with open(long_line, "wb") as out:
        out.write(b"x" * (50 << 20))
    with open(long_line, "rb") as source:
        result = subprocess.run([launcher(), TOUR, "--accessible", tour], stdin=source, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    kib = int(result.stderr.strip().splitlines()[-1].split()[1])
    line = f"50 MB answer, accessible mode          {kib / 1024:6.1f} MiB  exit {result.returncode}"
    print(line)
    if kib >= MEMORY_LIMIT_KIB or result.returncode != 129:
        failures.append(line + " (expected under 50 MiB, and 129: input ended without a choice)")
    return failures


def main():
    failures = []
    with tempfile.TemporaryDirectory() as directory:
        for name, path, ready in files(directory):
            runs = [("check", timed([TOUR, "check", path])),
                    ("render", timed([TOUR, "render", path, "--page", "1", "--size", "80x24"])),
                    ("html", timed([TOUR, "render", path, "--format", "html", "--output", os.path.join(directory, "page.html")])),
                    ("play", play(path, ready))]
            for what, (seconds, code, kib) in runs:
                expected = (0,) if ready is not None else (65,)
                if what == "play" and ready is not None:
                    expected = (1, 0)  # q skips, or on the last page (a one-page tour's) closes it finished
                line = f"{name:24} {what:6} {seconds * 1000:8.1f} ms  {kib / 1024:6.1f} MiB  exit {code}"
                print(line)
                # Pictures are held to a memory bound too: a decompression bomb must not exhaust it.
                picture = "picture" in name or name.startswith("bad-")
                memory = SHARED_MEMORY_LIMIT_KIB if name.startswith("shared-") else MEMORY_LIMIT_KIB
                if seconds >= LIMIT_SECONDS or code not in expected or ((picture or name.startswith("shared-")) and kib >= memory):
                    failures.append(line + f" (expected under {LIMIT_SECONDS:.0f} s, {memory // 1024} MiB and exit {expected[0]})")
        failures += claimed_cells_check(directory)
        failures += size_checks(directory)
        failures += watch_check(directory)
        failures += state_checks(directory)
        failures += nonblocking_checks(directory)
    if failures:
        print("limits: FAILED\n" + "\n".join(failures))
        sys.exit(1)
    print("limits: every file at a limit took under a second; every picture under 50 MiB, every shared one under 100 MiB"
          " (art shared by pages of their own accents too); a terminal's claim of huge cells bounded;"
          " every render at 1000x1000 and a 1000x300 pager under a second and 50 MiB; --watch under 10% of a core while"
          " a file is written; the largest legal tips and seen states read back, and past the bounds refused;"
          " a non-blocking terminal is waited on")


if __name__ == "__main__":
    main()
