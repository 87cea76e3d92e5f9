#!/usr/bin/env python3
"""Every input limit, played, checked and rendered: each must take under a second.

Tour files come from strangers, and time must stay linear in the input. This writes one
file at each limit the README states (the longest word, the most lines, the most items,
the most pages, the deepest nesting, the most feature items on a page), then runs the
release binary on each: `tour check`, `tour render`, and a real play on a pseudo-terminal
(first frame, a few keys, q). It fails when any run takes a second or more.
`make test` runs it, so it runs on every change.
"""
import json, os, re, shutil, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import TOUR, Terminal  # noqa: E402

LIMIT_SECONDS = 1.0
MEMORY_LIMIT_KIB = 50 * 1024
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
    for name in ["large-disc.png", "huge-header.png", "corrupt.png", "truncated.jpg"]:
        shutil.copy(os.path.join(pictures, name), directory)
    write("largest-picture.json", json.dumps({"pages": [{"title": "Big picture", "heroImage": "large-disc.png"}, {"title": "two"}]}), "Big picture")
    for name in ["huge-header.png", "corrupt.png", "truncated.jpg"]:
        write(f"bad-{name}.json", json.dumps({"pages": [{"title": "Bad", "heroImage": name}]}), None)
    nested = '{"pages": [{"title": "Deep", "hero": ' + "[" * 63 + "]" * 63 + "}]}"
    write("deepest-nesting.json", nested, None)  # refused at the nesting limit: exit 65
    write("most-markdown-pages.md", "".join(f"# Page {i}\nA line.\n\n" for i in range(100_000)), None)  # over 10,000 pages: refused
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


def play(path, ready):
    """First frame, j j j, Right, Left, q: the seconds it took, the exit code and peak KiB."""
    start = time.perf_counter()
    terminal = Terminal([launcher(), TOUR, "--no-animation", path])
    if ready is not None:
        terminal.wait_for(lambda t: ready in t.text(), timeout=5)
        for key in [b"j", b"j", b"j", b"\x1bOC", b"\x1bOD"]:
            os.write(terminal.fd, key)
            terminal.pump(0.01)
        os.write(terminal.fd, b"q")
    while terminal.pump(1.0):
        if time.perf_counter() - start > 10:
            break
    _, status = os.waitpid(terminal.pid, 0)
    # The launcher's report is the last line of the terminal's output.
    found = re.findall(r"maxrss (\d+)", bytes(terminal.output).decode("utf-8", "replace"))
    kib = int(found[-1]) if found else 0
    return time.perf_counter() - start, os.waitstatus_to_exitcode(status), kib


def main():
    failures = []
    with tempfile.TemporaryDirectory() as directory:
        for name, path, ready in files(directory):
            runs = [("check", timed([TOUR, "check", path])),
                    ("render", timed([TOUR, "render", path, "--page", "1", "--size", "80x24"])),
                    ("play", play(path, ready))]
            for what, (seconds, code, kib) in runs:
                expected = (0,) if ready is not None else (65,)
                if what == "play" and ready is not None:
                    expected = (1,)
                line = f"{name:24} {what:6} {seconds * 1000:8.1f} ms  {kib / 1024:6.1f} MiB  exit {code}"
                print(line)
                # Pictures are held to a memory bound too: a decompression bomb must not exhaust it.
                picture = "picture" in name or name.startswith("bad-")
                if seconds >= LIMIT_SECONDS or code not in expected or (picture and kib >= MEMORY_LIMIT_KIB):
                    failures.append(line + f" (expected under {LIMIT_SECONDS:.0f} s, {MEMORY_LIMIT_KIB // 1024} MiB and exit {expected[0]})")
    if failures:
        print("limits: FAILED\n" + "\n".join(failures))
        sys.exit(1)
    print("limits: every file at a limit took under a second; every picture under 50 MiB")


if __name__ == "__main__":
    main()
