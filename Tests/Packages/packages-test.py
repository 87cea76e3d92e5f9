#!/usr/bin/env python3
"""What a tool's users install, tested where they would install it (run by `make test`).

- The release binary: the glibc floor read from it (and stated in the README), stripped,
  at most 8 MB, with its debug file beside it; a crash backtrace taken with that file
  names the source lines.
- Debian 11 and 13 roots (debootstrap, cached): only the README's packages installed,
  then `tour --version`, `tour --plain` and a render of tours with pictures, and the
  built-in tour played on a pseudo-terminal (keys, exit 0 and 1, terminal restored,
  nothing left in its input queue).
- The .deb: lintian, then installed with apt-get in Debian 11, 12 and 13 roots, run,
  completed in bash, removed, and nothing left.
- The wheel: pip installs it into a fresh venv here and in the Debian 11 root, where a
  Python tool plays a tour through it; Examples/python-notes shows, stays silent, then
  shows what is new.

Every root is a throwaway copy of a cached one (Tests/Packages/roots.py). Without
permission to chroot, the run says so and fails: it never passes without having looked.
"""
import argparse, glob, importlib.util, json, os, re, select, shutil, signal, subprocess, sys, tempfile, time, zipfile

sys.path.insert(0, os.path.dirname(__file__))
from roots import ROOT, NotPermitted, PICTURE_PACKAGES, USER_PACKAGES, Root  # noqa: E402
from terminal import Terminal  # noqa: E402
from checks import Checks  # noqa: E402
from tips_clock import a_day_later  # noqa: E402

FIXTURES = os.path.join(ROOT, "Tests", "Fixtures", "pictures")
# Debian 11 has libchafa 1.6; tour reads chafa's canvas cell by cell with calls that 1.8 added.
CHAFA_TOO_OLD = {"bullseye"}
check = Checks("packages")


def output(*argv):
    return subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace").stdout


def glibc_floor(binary):
    """The newest GLIBC_x.y that any symbol the binary imports asks for."""
    versions = set(re.findall(r"\bGLIBC_(\d+)\.(\d+)\b", output("objdump", "-T", binary)))
    return max((int(major), int(minor)) for major, minor in versions)


# What glibc itself provides: all a shipped binary may load (ncurses and libstdc++ are
# linked in; the picture libraries are opened on first use, never NEEDED).
GLIBC_LIBRARIES = {"libc.so.6", "libm.so.6", "libpthread.so.0", "libdl.so.2", "libutil.so.1", "librt.so.1",
                   "ld-linux-x86-64.so.2", "ld-linux-aarch64.so.1"}


def needed_libraries(binary):
    return re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", output("readelf", "-d", binary))


# The dynamic loader's share of every start. 17 today: the imported data (GLOB_DAT) and
# the three copied from libc (COPY). 18,000 relative relocations (a 440 KB .rela.dyn,
# about 0.4 MiB resident) are packed instead and applied by the entry point
# (scripts/release-relr.c); a link that loses the packing puts them back here.
MOST_RELA_RELOCATIONS = 64
# The packed table: 3,216 bytes today. Each 8-byte word covers up to 63 pointers, so this
# bounds the writes the entry point makes, not just their encoding.
MOST_RELR_BYTES = 16 * 1024


def renamed_relr_tags():
    """The tag values scripts/hide-relr.py gives, read from the script itself."""
    spec = importlib.util.spec_from_file_location("hide_relr", os.path.join(ROOT, "scripts", "hide-relr.py"))
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    return script.RENAMES.values()


def check_relocations(binary):
    arch = output("readelf", "-h", binary)
    if "X86-64" not in arch:
        check("relocations: packed on x86_64 only (the aarch64 link keeps RELA)", True)
        return
    sections = {m.group(1): int(m.group(2), 16) for m in re.finditer(
        r"\s(\.rela\.dyn|\.relr\.dyn)\s+\S+\s+\S+\s+\S+\s+([0-9a-f]+)", output("readelf", "-SW", binary))}
    rela = sections.get(".rela.dyn", 0) // 24
    relr = sections.get(".relr.dyn", 0)
    relative = output("readelf", "-rW", binary).count("R_X86_64_RELATIVE")
    check(f"the loader applies at most {MOST_RELA_RELOCATIONS} relocations ({rela} in .rela.dyn, {relative} relative)",
          rela <= MOST_RELA_RELOCATIONS and relative == 0)
    check(f"the packed relative relocations take at most {MOST_RELR_BYTES} bytes ({relr})", 0 < relr <= MOST_RELR_BYTES)
    dynamic = output("readelf", "-d", binary)
    check("no loader sees the packed table: its tags are tour's own (scripts/hide-relr.py)",
          "(RELR)" not in dynamic and all(f"0x{tag:016x}" in dynamic for tag in renamed_relr_tags()), dynamic[-600:])
    entry = int(output("readelf", "-h", binary).split("Entry point address:")[1].split()[0], 16)
    named = [int(line.split()[0], 16) for line in output("nm", binary + ".symbols").splitlines()
             if line.endswith(" tour_entry")]
    check("the binary starts at tour_entry, which applies them", named == [entry], f"{entry:#x} {named}")


def check_binary(binary):
    floor = glibc_floor(binary)
    floor_text = f"{floor[0]}.{floor[1]}"
    check(f"glibc floor {floor_text} is 2.29 or lower", floor <= (2, 29))
    # exp, exp2, log and log2 are bound to glibc's base versions through --wrap: defining
    # them in the binary instead made libm's own name bind back to the definition, and
    # the first picture (libchafa calls log) spun for ever.
    exported = re.findall(r"\s(exp|exp2|log|log2)$", output("objdump", "-T", binary), re.M)
    check("the binary imports exp, exp2, log and log2 and defines none of them",
          all(f"*UND*" in line for line in output("objdump", "-T", binary).splitlines()
              if re.search(r"\s(exp|exp2|log|log2)$", line)) and len(exported) == 4, str(exported))
    picture = os.path.join(FIXTURES, "red-disc.png")
    scratch = tempfile.mkdtemp(prefix="tour-picture-")
    try:
        shutil.copy(picture, scratch)
        with open(os.path.join(scratch, "pictures.json"), "w") as file:
            file.write('{"pages": [{"title": "A red disc", "heroImage": "red-disc.png", "heroAlt": "A PNG disc."}]}')
        try:
            drawn = subprocess.run([binary, "render", os.path.join(scratch, "pictures.json"), "--size", "80x24", "--format", "ansi"],
                                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=20)
            check("the release binary draws a PNG through libchafa here", drawn.returncode == 0 and drawn.stdout.count("\x1b[") > 50,
                  drawn.stdout[-300:])
        except subprocess.TimeoutExpired:
            check("the release binary draws a PNG through libchafa here (it did not end in 20 s)", False)
    finally:
        shutil.rmtree(scratch)
    needed = needed_libraries(binary)
    check(f"the binary needs only glibc's libraries ({', '.join(needed)})",
          needed and set(needed) <= GLIBC_LIBRARIES, ", ".join(sorted(set(needed) - GLIBC_LIBRARIES)))
    check("no GLIBC_ABI_DT_RELR (Debian 11's loader has no packed relocations)",
          "GLIBC_ABI_DT_RELR" not in output("readelf", "-V", binary))
    check_relocations(binary)
    with open(os.path.join(ROOT, "README.md")) as readme:
        check(f"the README states the floor the binary has (glibc {floor_text})",
              f"glibc {floor_text} or later" in readme.read())
    size = os.path.getsize(binary)
    check(f"the binary is at most 9 MB ({size} bytes)", size <= 9_000_000)
    sections = output("readelf", "-S", binary)
    check("the binary is stripped", ".symtab" not in sections and ".debug_info" not in sections)
    check("its .gnu_debuglink names tour.debug", "tour.debug" in output("readelf", "--string-dump=.gnu_debuglink", binary))
    check("the debug file is beside it", ".debug_info" in output("readelf", "-S", binary + ".debug"))
    return floor_text


def crash_backtrace(binary):
    """gdb's backtrace when tour, waiting for a key, gets SIGSEGV."""
    master, slave = os.openpty()
    # gdb writes to a file, not a pipe: its complaints while reading the debug file (a
    # "Could not find DWO CU" for each module cache a unit names) outgrew a pipe's 64 KiB,
    # and a gdb blocked on a full pipe never started tour.
    log = tempfile.TemporaryFile(mode="w+")
    gdb = subprocess.Popen(["gdb", "-q", "-batch", "-nx", "-ex", "set debuginfod enabled off",
                            "-ex", f"run < {os.ttyname(slave)} > {os.ttyname(slave)}", "-ex", "bt", "--args", binary],
                           stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, text=True,
                           env=dict(os.environ, TERM="xterm-256color", LC_ALL="C.UTF-8"))
    child = None
    for _ in range(200):
        found = output("pgrep", "-P", str(gdb.pid)).split()
        if found:
            child = int(found[0])
            break
        time.sleep(0.05)
    drain_until = time.monotonic() + 1.5  # the first frame drawn: tour waits for a key
    while time.monotonic() < drain_until:
        if select.select([master], [], [], 0.1)[0]:
            os.read(master, 65536)
    if child:
        os.kill(child, signal.SIGSEGV)
    try:
        gdb.wait(timeout=60)
    except subprocess.TimeoutExpired:
        gdb.kill()
        gdb.wait()
    os.close(master)
    os.close(slave)
    log.seek(0)
    text = log.read()
    log.close()
    return text


def check_backtrace(binary):
    scratch = tempfile.mkdtemp(prefix="tour-backtrace-")
    try:
        shutil.copy(binary, scratch)
        alone = crash_backtrace(os.path.join(scratch, "tour"))
        shutil.copy(binary + ".debug", scratch)
        with_debug = crash_backtrace(os.path.join(scratch, "tour"))
    finally:
        shutil.rmtree(scratch)
    source_line = re.compile(r" at \S*Sources/\S+\.swift:\d+")
    check("a crash under gdb stops on SIGSEGV", "SIGSEGV" in with_debug, with_debug[-1500:])
    check("with the debug file beside it, the backtrace names tour's functions at their source lines",
          len(source_line.findall(with_debug)) >= 3 and "TourTerminal" in with_debug, with_debug[-1500:])
    check("without it, no source line (the debug file is what gives them)", not source_line.search(alone), alone[-800:])


def picture_tour(root):
    root.copy_in(os.path.join(FIXTURES, "red-disc.png"), "/srv/tour/red-disc.png", 0o644)
    root.copy_in(os.path.join(FIXTURES, "red-disc.jpg"), "/srv/tour/red-disc.jpg", 0o644)
    with open(os.path.join(root.path, "srv/tour/pictures.json"), "w") as tour:
        tour.write('{"pages": [{"title": "A red disc", "subtitle": "PNG.", "heroImage": "red-disc.png", "heroAlt": "A PNG disc."},'
                   ' {"title": "Another", "subtitle": "JPEG.", "heroImage": "red-disc.jpg", "heroAlt": "A JPEG disc."}]}')
    return "/srv/tour/pictures.json"


def play(argv, keys, env=None):
    """Plays on a pseudo-terminal: the screens after each key, the exit, the terminal."""
    environment = {"TERM": "xterm-256color", "LANG": "C.UTF-8", "HOME": "/root", "PATH": "/usr/local/bin:/usr/bin:/bin"}
    environment.update(env or {})
    terminal = Terminal(argv, environment)
    shown = terminal.wait_for("Welcome to tour")
    screens = [terminal.text()]
    for key in keys:
        terminal.key(key)
        screens.append(terminal.text())
    code, restored, left = terminal.finish()
    return shown, screens, code, restored, left


def check_plays(where, argv, keys_only=False):
    """The built-in tour played with arrows and q; then (unless `keys_only`) with Enter to the end."""
    shown, screens, code, restored, left = play(argv, [b"\x1bOC", b"\x1bOD", b"q"])
    check(f"{where}: the built-in tour shows its first page", shown, screens[0])
    check(f"{where}: → shows page 2 of 6, ← page 1 again", "○ ● ○ ○ ○ ○" in screens[1] and "● ○ ○ ○ ○ ○" in screens[2],
          screens[1] + "\n----\n" + screens[2])
    check(f"{where}: q skips, exit 1 (was {code})", code == 1)
    check(f"{where}: the terminal is restored after q", restored)
    check(f"{where}: nothing is left in the terminal's input queue after q ({left} bytes)", left == 0)
    if keys_only:
        return
    # Page 3 is a practice: it goes on once ? is pressed there.
    shown, screens, code, restored, left = play(argv, [b"\r", b"\r", b"?", b"\r", b"\r", b"\r", b"\r"])
    check(f"{where}: ? on the practice page is the key it asks for", "✓ That is the help key." in screens[3], screens[3])
    check(f"{where}: Enter on every page reaches Get started", "Get started" in screens[6], screens[6])
    check(f"{where}: the last Enter finishes, exit 0 (was {code})", code == 0)
    check(f"{where}: the terminal is restored after finishing", restored and left == 0)


def check_distribution(suite, binary, version):
    with Root(suite) as root:
        root.apt_install(*USER_PACKAGES[suite])
        root.copy_in(binary, "/usr/local/bin/tour")
        ran = root.run("tour", "--version", check=False)
        check(f"{suite}: tour --version with only {' '.join(USER_PACKAGES[suite]) or 'debootstrap --variant=minbase'} installed",
              ran.returncode == 0 and ran.stdout.strip() == f"tour {version}", ran.stdout[-600:])
        check_plays(suite, root.argv("/usr/local/bin/tour", env={"TERM": "xterm-256color"}))
        if suite == "bullseye":
            absent = root.run("dpkg-query", "-W", "-f", "${Status}\n", "libncursesw6", "ncurses-term", check=False)
            check(f"{suite}: neither libncursesw6 nor ncurses-term is installed", "ok installed" not in absent.stdout,
                  absent.stdout)
            # No xterm-kitty in this root's database: the entry built into tour is read.
            check_plays(f"{suite}, TERM=xterm-kitty (built-in entry)",
                        root.argv("/usr/local/bin/tour", env={"TERM": "xterm-kitty"}), keys_only=True)
            root.run("rm", "-rf", "/lib/terminfo", "/usr/share/terminfo", "/etc/terminfo")
            check_plays(f"{suite} with no terminfo database at all",
                        root.argv("/usr/local/bin/tour", env={"TERM": "xterm-256color"}), keys_only=True)
        # The decoders first, without libchafa (its package is only recommended): the words
        # stand where the picture would be, and check says why.
        decoders = [name for name in PICTURE_PACKAGES[suite] if "chafa" not in name]
        root.apt_install(*decoders)
        tour = picture_tour(root)
        words = root.run("tour", "render", tour, "--page", "1", "--size", "80x24", check=False)
        check(f"{suite}: without libchafa a picture page shows its heroAlt in the picture's place",
              words.returncode == 0 and "[ A PNG disc. ]" in words.stdout and "A red disc" in words.stdout, words.stdout[-400:])
        checked = root.run("tour", "check", tour, check=False)
        check(f"{suite}: without libchafa, tour check warns that this machine cannot draw pictures (exit 0)",
              checked.returncode == 0 and "cannot draw pictures" in checked.stdout, checked.stdout[-400:])
        root.apt_install(*PICTURE_PACKAGES[suite])
        plain = root.run("tour", "--plain", tour, check=False)
        check(f"{suite}: tour --plain on a tour with a PNG and a JPEG (libpng, libjpeg-turbo)",
              plain.returncode == 0 and "Picture: A PNG disc." in plain.stdout and "Picture: A JPEG disc." in plain.stdout,
              plain.stdout[-600:])
        drawn = root.run("tour", "render", tour, "--page", "1", "--size", "80x24", "--format", "ansi", check=False)
        if suite in CHAFA_TOO_OLD:
            check(f"{suite}: with libchafa older than 1.8, a picture page shows its heroAlt in the picture's place",
                  drawn.returncode == 0 and "A red disc" in drawn.stdout and "A PNG disc." in drawn.stdout
                  and drawn.stdout.count("\x1b[") < 20, drawn.stdout[-300:])
        else:
            check(f"{suite}: tour render draws the picture in cells (libchafa)",
                  drawn.returncode == 0 and drawn.stdout.count("\x1b[") > 50 and "A red disc" in drawn.stdout, drawn.stdout[-300:])


def check_lintian(deb):
    report = output("lintian", "--fail-on", "error,warning", "--no-tag-display-limit", deb)
    problems = [line for line in report.splitlines() if re.match(r"[EW]: ", line)]
    check("lintian finds no error and no warning in the .deb", not problems, "\n    ".join(problems))


def check_deb(suite, deb, version):
    with Root(suite) as root:
        root.run("apt-get", "update", "-qq")
        before = root.files("/usr", "/etc")
        root.copy_in(deb, "/tmp/" + os.path.basename(deb), 0o644)
        installed = root.run("/bin/sh", "-c", f"DEBIAN_FRONTEND=noninteractive apt-get install -y -qq /tmp/{os.path.basename(deb)}",
                             check=False)
        check(f"{suite}: apt-get install ./{os.path.basename(deb)}", installed.returncode == 0, installed.stdout[-1500:])
        ran = root.run("tour", "--version", check=False)
        check(f"{suite}: tour --version from the .deb", ran.stdout.strip() == f"tour {version}", ran.stdout[-500:])
        completed = root.run("bash", "-c", "source /usr/share/bash-completion/completions/tour; "
                             "COMP_WORDS=(tour --no-); COMP_CWORD=1; _tour; echo \"${COMPREPLY[*]}\"", check=False)
        check(f"{suite}: bash completes tour --no- from the packaged completion",
              completed.stdout.strip() == "--no-color --no-animation --no-mouse", completed.stdout[-500:])
        manual = root.run("sh", "-c", "zcat /usr/share/man/man1/tour.1.gz | head -c 200", check=False)
        check(f"{suite}: tour(1) is packaged", ".TH" in manual.stdout or ".Dt" in manual.stdout, manual.stdout)
        removed = root.run("/bin/sh", "-c", "DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq tour && "
                           "DEBIAN_FRONTEND=noninteractive apt-get autoremove --purge -y -qq", check=False)
        check(f"{suite}: apt-get purge tour, then autoremove", removed.returncode == 0, removed.stdout[-1500:])
        root.run("rm", "-f", "/tmp/" + os.path.basename(deb))
        left = sorted(root.files("/usr", "/etc") ^ before)
        check(f"{suite}: nothing of the package is left in /usr and /etc", not left, "\n    ".join(left[:20]))


def person(home, **extra):
    """A person's environment: their own HOME and state, a terminal, no CI."""
    env = {"HOME": home, "XDG_STATE_HOME": os.path.join(home, "state"), "TERM": "xterm-256color",
           "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"}
    env.update(extra)
    return env


def check_wheel_tag(wheel, floor):
    name = os.path.basename(wheel)
    check(f"the wheel is tagged with the binary's floor, manylinux_{floor.replace('.', '_')}_x86_64 ({name})",
          name.endswith(f"-py3-none-manylinux_{floor.replace('.', '_')}_x86_64.whl"))


def example_release(scratch, version):
    """Examples/python-notes as its author would release VERSION: 1.0.0 is the 1.1.0 of
    the repository without the page that 1.1.0 added."""
    copy = os.path.join(scratch, f"notes-{version}")
    shutil.copytree(os.path.join(ROOT, "Examples", "python-notes"), copy)
    tour_path = os.path.join(copy, "notes", "tour.json")
    with open(tour_path) as file:
        tour = json.load(file)
    if version != tour["version"]:
        tour["version"] = version
        tour["pages"] = [page for page in tour["pages"] if "since" not in page]
        with open(tour_path, "w") as file:
            json.dump(tour, file)
        project = os.path.join(copy, "pyproject.toml")
        with open(project) as file:
            text = file.read()
        with open(project, "w") as file:
            file.write(re.sub(r'^version = ".*"', f'version = "{version}"', text, flags=re.M))
    return copy


def run_notes(venv, home):
    terminal = Terminal([os.path.join(venv, "bin", "notes")], person(home))
    terminal.settle(quiet=1.0, timeout=10)
    return terminal


def readme_requirement():
    """The README's dependency line for Python tools, which Examples/python-notes uses too."""
    from pip._vendor.packaging.requirements import Requirement
    with open(os.path.join(ROOT, "README.md")) as readme:
        lines = [line.strip("`") for line in re.findall(r"`tour-onboarding[^`]*`", readme.read())]
    check("the README gives one dependency line for Python tools", len(set(lines)) == 1, str(lines))
    requirement = Requirement(lines[0]) if lines else None
    check("the README's line has no environment marker: it installs everywhere", requirement and requirement.marker is None,
          str(lines))
    with open(os.path.join(ROOT, "Examples", "python-notes", "pyproject.toml")) as project:
        check("Examples/python-notes depends on the README's line", lines and f'"{lines[0]}"' in project.read())
    return requirement


def check_python_everywhere(dist, version):
    """The README's line on every platform, as pip resolves it against dist/ (pip download
    --platform, which is how pip picks a wheel for another machine): the wheel with the
    binary on Linux glibc, the module alone (py3-none-any) on macOS, Windows, musl and
    armv7; a real install of that one returns UNAVAILABLE; and nothing in dist/ is read
    as a Python source package."""
    requirement = readme_requirement()
    if requirement is None:
        return
    check(f"the README's line takes this version ({version})", requirement.specifier.contains(version), str(requirement))
    scratch = tempfile.mkdtemp(prefix="tour-pip-")
    try:
        # pip takes --platform tags as given; a machine lists every older glibc's too.
        glibc_2_31 = [f"manylinux_2_{minor}_x86_64" for minor in range(31, 16, -1)]
        platforms = {"Linux x86_64, glibc 2.31": (glibc_2_31, "-manylinux_"),
                     "macOS arm64": (["macosx_11_0_arm64"], "-py3-none-any.whl"),
                     "macOS x86_64": (["macosx_10_12_x86_64"], "-py3-none-any.whl"),
                     "Windows": (["win_amd64"], "-py3-none-any.whl"),
                     "musl (Alpine)": (["musllinux_1_2_x86_64", "musllinux_1_1_x86_64"], "-py3-none-any.whl"),
                     "armv7": ([f"manylinux_2_{minor}_armv7l" for minor in range(31, 16, -1)], "-py3-none-any.whl")}
        for label, (tags, wanted) in platforms.items():
            into = os.path.join(scratch, label.replace(" ", "-"))
            fetched = subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--disable-pip-version-check", "--no-index",
                                      "--find-links", dist, "--only-binary=:all:", *(f"--platform={tag}" for tag in tags),
                                      "--no-deps", "-d", into, str(requirement)],
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            got = [name for name in os.listdir(into) if name.startswith("tour_onboarding-")] if os.path.isdir(into) else []
            check(f"pip download for {label}: the README's line takes {'the wheel with the binary' if wanted == '-manylinux_' else 'the module alone'}",
                  fetched.returncode == 0 and len(got) == 1 and wanted in got[0], fetched.stdout[-600:] + str(got))

        pure = os.path.join(dist, f"tour_onboarding-{version}-py3-none-any.whl")
        venv = os.path.join(scratch, "venv")
        subprocess.run([sys.executable, "-m", "venv", venv], check=True)
        installed = subprocess.run([os.path.join(venv, "bin", "python"), "-m", "pip", "install", "-q", "--no-index",
                                    "--disable-pip-version-check", pure], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        probe = ("import tour_onboarding as t; print(t.once('tour.json').name, t.tip('tips.json').name, "
                 "t.answers('tour.json'), t.tips_off('tips.json').name)")
        # A HOME of its own: pip's user scheme (~/.local/bin) is searched too, and must hold no tour.
        ran = subprocess.run(["env", "-i", "PATH=/usr/bin:/bin", f"HOME={scratch}", os.path.join(venv, "bin", "python"), "-c", probe],
                             stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        check("the module-alone wheel installs; with no tour on PATH every call returns UNAVAILABLE, without a word",
              installed.returncode == 0 and not os.path.exists(os.path.join(venv, "bin", "tour"))
              and ran.stdout == "UNAVAILABLE UNAVAILABLE {} UNAVAILABLE\n", installed.stdout[-400:] + ran.stdout)

        sources = subprocess.run([sys.executable, "-m", "pip", "download", "--disable-pip-version-check", "--no-index",
                                  "--find-links", dist, "--no-binary", ":all:", "--no-deps", "-d", os.path.join(scratch, "sources"),
                                  "tour-onboarding"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        check("pip finds no source package of tour-onboarding in dist/ (the npm tarballs are in dist/npm/)",
              sources.returncode != 0 and "No matching distribution" in sources.stdout
              and "setup.py" not in sources.stdout and "Python project" not in sources.stdout, sources.stdout[-600:])
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def check_readme_python(venv):
    """The README's Python lines compile, and every name they use is the installed module's."""
    with open(os.path.join(ROOT, "README.md")) as readme:
        blocks = re.findall(r"^```python\n(.*?)^```", readme.read(), re.M | re.S)
    check("the README has its Python example", len(blocks) == 1)
    text = "".join(blocks)
    names = sorted(set(re.findall(r"tour_onboarding\.(\w+)", text)) | set(re.findall(r"Outcome\.(\w+)", text)))
    for block in blocks:
        compile(block, "README.md", "exec")
    probe = "import tour_onboarding as t; print(' '.join(n for n in %r if not hasattr(t, n) and not hasattr(t.Outcome, n)))" % names
    missing = output(os.path.join(venv, "bin", "python"), "-c", probe).strip()
    check(f"every name of the README's Python example is in tour_onboarding ({', '.join(names)})", not missing, missing)


def check_wheel_here(wheel):
    scratch = tempfile.mkdtemp(prefix="tour-wheel-")
    try:
        venv = os.path.join(scratch, "venv")
        subprocess.run([sys.executable, "-m", "venv", venv], check=True)
        pip = [os.path.join(venv, "bin", "python"), "-m", "pip", "install", "-q", "--no-index", "--disable-pip-version-check"]
        installed = subprocess.run(pip + [wheel], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        check("pip installs the wheel into a fresh venv", installed.returncode == 0, installed.stdout[-800:])
        on_path = output("env", "-i", f"PATH={venv}/bin:/usr/bin:/bin", "tour", "--version")
        check("the wheel puts tour on the venv's PATH", on_path.startswith("tour "), on_path)
        check_readme_python(venv)
        # The description on PyPI names every public name the module has, and no other.
        names = output(os.path.join(venv, "bin", "python"), "-c", "import tour_onboarding as t; print(' '.join(t.__all__))").split()
        with zipfile.ZipFile(wheel) as archive:
            metadata = next(archive.read(n).decode() for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
        listed = re.search(r"the module `tour_onboarding` \(([^)]*)\)", metadata)
        check("the wheel's description lists the module's own names", listed is not None
              and sorted(re.findall(r"`(\w+)`", listed.group(1))) == sorted(names), f"{names} / {listed and listed.group(1)}")
        shipped = output(os.path.join(venv, "bin", "python"), "-c",
                         "import json, os, tour_onboarding as t; print(json.load(open(os.path.join(os.path.dirname(t.__file__), 'tour.schema.json')))['$id'])")
        check("the wheel ships tour.schema.json beside the module", shipped.strip() == "urn:tour:tour-file", shipped)
        dashed = output(os.path.join(venv, "bin", "python"), "-c", "import tour_onboarding as t; print(t.once('-h'))")
        check("once('-h') names a file called -h, not tour's --help", "MISSING_FILE" in dashed and "USAGE" not in dashed, dashed)
        valued = os.path.join(scratch, "valued.json")
        with open(valued, "w") as file:
            file.write('{"id": "v", "version": "2.0.0", "values": {"tool": "notes"}, "pages": [{"title": "Hello {tool}", "since": "2.0.0"}]}')
        filled = output(os.path.join(venv, "bin", "python"), "-c",
                        f"import tour_onboarding as t; t.whats_new({valued!r}, values={{'tool': 'jot'}}); print(t.once({valued!r}, values={{'tool': 'jot'}}).name)")
        check("values={'tool': 'jot'} reaches tour as --set tool=jot (whats_new prints 'Hello jot'; once in a pipe shows nothing)",
              "Hello jot" in filled and filled.strip().endswith("FINISHED"), filled)

        wheels = os.path.dirname(os.path.abspath(wheel))
        home = os.path.join(scratch, "home")
        os.makedirs(home)
        example = pip + ["--find-links", wheels]

        def release(version):
            """The example's wheel, built by this Python's setuptools; pip in the venv then
            installs it and tour's wheel with no index: nothing else can come in."""
            built = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation",
                                    "-w", os.path.join(scratch, "wheels"), example_release(scratch, version)],
                                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            if built.returncode != 0:
                return built
            return subprocess.run(example + ["--find-links", os.path.join(scratch, "wheels"), f"notes=={version}"],
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)

        installed = release("1.0.0")
        check("pip installs Examples/python-notes 1.0.0 beside the wheel", installed.returncode == 0, installed.stdout[-800:])
        first = run_notes(venv, home)
        check("python-notes, first start: the welcome", "Welcome to notes" in first.text(), first.text())
        first.key(b"\r")
        first.key(b"\r", quiet=1.0)
        check("python-notes, first start: the consent page, No thanks preselected",
              "Share anonymous usage counts?" in first.text() and "● No thanks" in first.text(), first.text())
        first.key(b"\x1b[A", quiet=0.5)   # up: yes
        first.key(b"\r", quiet=1.0)
        code, restored, left = first.finish()
        after = first.text()
        check("python-notes, first start: the answer read back, and acted on",
              "notes: sharing anonymous usage counts" in after, after)
        check("python-notes, first start: its own output after the tour, and no tip (one thing a start)",
              "No notes yet" in after and "Tip" not in after, after)
        check("python-notes, first start: exit 0, terminal restored, nothing left", code == 0 and restored and left == 0,
              f"exit {code}, restored {restored}, {left} bytes left")

        second = run_notes(venv, home)
        code, restored, left = second.finish()
        check("python-notes, second start: no tour and no tip (the day counts from the welcome), only its own output",
              second.text().strip() == "notes: sharing anonymous usage counts\nNo notes yet. Add one with: notes add TEXT" and code == 0,
              second.text())

        installed = release("1.1.0")
        check("pip upgrades python-notes to 1.1.0", installed.returncode == 0, installed.stdout[-800:])
        third = run_notes(venv, home)
        code, restored, left = third.finish()
        shown = third.text()
        check("python-notes after the update: what is new as a notice in place, then its own output",
              "What's new in notes  1.0.0 → 1.1.0" in shown and "New in 1.1: search" in shown and "Welcome" not in shown
              and shown.index("New in 1.1") < shown.index("No notes yet"), shown)
        check("python-notes after the update: no key asked, exit 0, nothing left", code == 0 and restored and left == 0,
              f"exit {code}, restored {restored}, {left} bytes left")

        # A day later (the tips state's clock set back), the getting-started checklist in a
        # tip's place, in place, before its own output; never a tip beside it.
        a_day_later(home, "notes")
        fourth = run_notes(venv, home)
        code, restored, left = fourth.finish()
        check("python-notes a day later: the checklist, 0 of 3 with the next hint, then its own output",
              "Getting started with notes  0 of 3" in fourth.text() and "Next: notes add TEXT" in fourth.text()
              and "Tip" not in fourth.text() and "What's new" not in fourth.text() and code == 0, fourth.text())

        # `notes sync` ticks its item (tour_onboarding.done) once the sync worked, in a pipe,
        # silently; the next day's start shows it ticked.
        synced = subprocess.run([os.path.join(venv, "bin", "notes"), "sync"], env=person(home), stdin=subprocess.DEVNULL,
                                capture_output=True, text=True)
        a_day_later(home, "notes")
        ticked = run_notes(venv, home)
        ticked.finish()
        check("`notes sync` ticks its checklist item: a day later, 1 of 3 with Sync ticked",
              # After the consent line: this person said yes to usage counts earlier.
              synced.returncode == 0 and synced.stdout.endswith("Synced 0 notes.\n") and synced.stderr == ""
              and "1 of 3" in ticked.text() and "✓ Sync your notes" in ticked.text(), f"{synced.stdout}{synced.stderr}\n{ticked.text()}")

        # done() with a misspelled item: USAGE_ERROR, and tour names the nearest on stderr.
        kettle = os.path.join(scratch, "kettle-checklist.json")
        with open(kettle, "w") as out:
            out.write('{"id": "kettle", "pages": [{"title": "Hi"}], "checklist": {"items": [{"id": "boil", "title": "Boil"}, {"id": "pour", "title": "Pour"}]}}')
        wrong = subprocess.run([os.path.join(venv, "bin", "python"), "-c", "import sys, tour_onboarding as t; print(t.done(sys.argv[1], 'bol').name)", kettle],
                               env=person(home), stdin=subprocess.DEVNULL, capture_output=True, text=True)
        check("tour_onboarding.done with a misspelled item: USAGE_ERROR, the nearest named",
              wrong.stdout == "USAGE_ERROR\n" and 'did you mean "boil"?' in wrong.stderr, f"{wrong.stdout}{wrong.stderr}")

        # The checklist's last line is the tips', the tool's own command (the tour's "tipsOff"),
        # and that command, as pipx installs it (the tool's link alone on PATH), turns both off.
        check("python-notes' checklist names the tool's own command", "Hide tips: notes tips off" in fourth.text(), fourth.text())
        local_bin = os.path.join(home, ".local", "bin")
        os.makedirs(local_bin, exist_ok=True)
        os.symlink(os.path.join(venv, "bin", "notes"), os.path.join(local_bin, "notes"))
        pipx_path = f"{local_bin}:/usr/bin:/bin"
        off = subprocess.run(["bash", "-c", "notes tips off"], env=person(home, PATH=pipx_path), stdin=subprocess.DEVNULL,
                             capture_output=True, text=True)
        a_day_later(home, "notes")
        fifth = run_notes(venv, home)
        fifth.finish()
        check("`notes tips off` (tour_onboarding.tips_off) turns the tips and the checklist off: a day later, neither",
              off.returncode == 0 and off.stdout == "notes: tips are off\n" and "Tip" not in fifth.text()
              and "Getting started" not in fifth.text(),
              f"{off.stdout}{off.stderr}\n{fifth.text()}")

        # With no "tipsOff" of the tour's own, the default hint names the venv's tour by its
        # path, since the person's PATH has no tour; pasted into bash, it works.
        tips = os.path.join(scratch, "kettle-tips.json")
        with open(tips, "w") as out:
            out.write('{"id": "kettle", "tips": [{"id": "boil", "text": "Press b to boil."}]}')
        program = "import sys, tour_onboarding\ntour_onboarding.tip(sys.argv[1], '--every', '0')\n"
        shown = Terminal([os.path.join(venv, "bin", "python"), "-c", program, tips], person(home, PATH=pipx_path))
        shown.settle(quiet=1.0, timeout=10)
        shown.finish()
        hint = next((line for line in shown.text().splitlines() if "Turn tips off: " in line), "")
        command = hint.split("Turn tips off: ", 1)[-1].strip()
        pasted = subprocess.run(["bash", "-c", command], env=person(home, PATH=pipx_path), stdin=subprocess.DEVNULL,
                                capture_output=True, text=True)
        again = Terminal([os.path.join(venv, "bin", "python"), "-c", program, tips], person(home, PATH=pipx_path))
        again.settle(quiet=1.0, timeout=10)
        again.finish()
        check("a tip through the module, tour not on PATH: the hint names the venv's tour, and pasted into bash it turns tips off",
              command == os.path.realpath(os.path.join(venv, "bin", "tour")) + " tip --off --id kettle" and pasted.returncode == 0
              and "are off" in pasted.stdout and "Tip" not in again.text(), f"{shown.text()!r}\n{pasted.stdout}{pasted.stderr}\n{again.text()!r}")

        # Ctrl-C during the tour, a SIGINT to the whole process group as in a shell, ends the
        # tour (130, INTERRUPTED), not the Python tool (no KeyboardInterrupt).
        tool = os.path.join(scratch, "tool.json")
        with open(tool, "w") as out:
            out.write('{"id": "ctrl-c", "pages": [{"title": "Press Ctrl-C"}, {"title": "Two"}]}')
        program = "import tour_onboarding\nprint('outcome:', tour_onboarding.once(%r).value)\n" % tool
        terminal = Terminal([os.path.join(venv, "bin", "python"), "-c", program], person(home), controlling=True)
        shown = terminal.wait_for("Press Ctrl-C")
        terminal.key(b"\x03", quiet=0.8)
        code, restored, left = terminal.finish()
        check("a Python tool: Ctrl-C during the tour comes back as Outcome.INTERRUPTED, and the tool goes on",
              shown and "outcome: interrupted" in terminal.text() and code == 0 and restored and left == 0,
              f"exit {code}, restored {restored}, {left} left\n{terminal.text()}")

        os.remove(os.path.join(venv, "bin", "tour"))
        missing = run_notes(venv, os.path.join(scratch, "home"))
        code, _, _ = missing.finish()
        check("python-notes without tour: goes on without a word",
              missing.text().strip() == "No notes yet. Add one with: notes add TEXT" and code == 0, missing.text())
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def npm(*argv, cwd):
    return subprocess.run(["npm", *argv, "--offline", "--no-audit", "--no-fund", "--loglevel=error"], cwd=cwd,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def node_notes_release(scratch, version):
    """Examples/node-notes as its author would release VERSION, packed by npm: 1.0.0 is the
    1.1.0 of the repository without the page that 1.1.0 added."""
    copy = os.path.join(scratch, f"node-notes-{version}")
    shutil.copytree(os.path.join(ROOT, "Examples", "node-notes"), copy)
    for name in ("tour.json", "package.json"):
        path = os.path.join(copy, name)
        with open(path) as file:
            data = json.load(file)
        if data["version"] != version:
            data["version"] = version
            if "pages" in data:
                data["pages"] = [page for page in data["pages"] if "since" not in page]
            with open(path, "w") as file:
                json.dump(data, file)
    packed = npm("pack", "--pack-destination", scratch, cwd=copy)
    return os.path.join(scratch, packed.stdout.strip().splitlines()[-1]) if packed.returncode == 0 else None


def check_npm(tarballs):
    """The npm packages installed offline into a fresh project, as a Node tool's author
    would; then Examples/node-notes through a first start, a second, an update, a tip."""
    scratch = tempfile.mkdtemp(prefix="tour-npm-")
    try:
        project = os.path.join(scratch, "project")
        os.makedirs(project)
        npm("init", "-y", cwd=project)
        installed = npm("install", *tarballs, cwd=project)
        check("npm installs the two tarballs into a fresh project, offline", installed.returncode == 0, installed.stdout[-800:])
        schema = os.path.join(project, "node_modules", "tour-onboarding", "tour.schema.json")
        check("the npm package ships tour.schema.json, as tour schema prints it",
              os.path.exists(schema) and json.load(open(schema)).get("$id") == "urn:tour:tour-file")
        probe = ("const tour = require('tour-onboarding');"
                 "console.log(typeof tour.once, tour.once(process.argv[1]), tour.play(['check', process.argv[1]]));")
        bad = os.path.join(scratch, "bad.json")
        with open(bad, "w") as file:
            file.write('{"pages": [}')
        required = subprocess.run(["node", "-e", probe, bad], cwd=project, stdin=subprocess.DEVNULL,
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        check("require('tour-onboarding') works: once() in a pipe shows nothing ('finished'), check of a bad file is 'bad file'",
              required.stdout.strip().endswith("function finished bad file"), required.stdout[-600:])
        version = subprocess.run(["npx", "--offline", "tour", "--version"], cwd=project, stdin=subprocess.DEVNULL,
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        check("npx tour --version inside the project", re.fullmatch(r"tour \d+\.\d+\.\d+\n", version.stdout), version.stdout)
        dashed = subprocess.run(["node", "-e", "console.log(require('tour-onboarding').once('-h'))"], cwd=project,
                                stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        check("once('-h') names a file called -h, not tour's --help", "missing file" in dashed.stdout and "USAGE" not in dashed.stdout,
              dashed.stdout[-400:])
        valued = os.path.join(scratch, "valued.json")
        with open(valued, "w") as file:
            file.write('{"id": "v", "version": "2.0.0", "values": {"tool": "notes"}, "pages": [{"title": "Hello {tool}", "since": "2.0.0"}]}')
        filled = subprocess.run(["node", "-e", "const t = require('tour-onboarding'); t.whatsNew(process.argv[1], {values: {tool: 'jot'}});"
                                 "console.log(t.once(process.argv[1], {values: {tool: 'jot'}}))", valued], cwd=project,
                                stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        check("{values: {tool: 'jot'}} reaches tour as --set tool=jot (whatsNew prints 'Hello jot'; once in a pipe shows nothing)",
              "Hello jot" in filled.stdout and filled.stdout.strip().endswith("finished"), filled.stdout[-400:])
        with open(os.path.join(ROOT, "README.md")) as readme:
            blocks = re.findall(r"^```js\n(.*?)^```", readme.read(), re.M | re.S)
        check("the README has its Node example", len(blocks) == 1)
        with open(os.path.join(project, "readme.js"), "w") as file:
            file.write("".join(blocks) + "console.log('ran');\n")
        with open(os.path.join(project, "tour.json"), "w") as file:
            file.write('{"id": "readme-js", "pages": [{"title": "Hello"}]}')
        ran = subprocess.run(["node", "readme.js"], cwd=project, stdin=subprocess.DEVNULL,
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        check("the README's Node example runs as written (in a pipe: nothing shown)", ran.stdout == "ran\n", ran.stdout[-500:])
        typed = os.path.join(project, "typed.ts")
        with open(typed, "w") as file:
            file.write("import { once, answers, Outcome } from 'tour-onboarding';\n"
                       "const outcome: Outcome = once('tour.json', { args: ['--no-animation'], values: { search: '?' } });\n"
                       "const consent: string | undefined = answers('tour.json')['telemetry'];\n"
                       "if (outcome === Outcome.SKIPPED && consent === 'yes') { console.log(outcome); }\n")
        compiled = subprocess.run(["tsc", "--noEmit", "--strict", typed], cwd=project,
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        check("index.d.ts: a typed caller compiles with tsc --strict", compiled.returncode == 0, compiled.stdout[-800:])

        home = os.path.join(scratch, "home")
        os.makedirs(home)
        tool = os.path.join(scratch, "tool")
        os.makedirs(tool)
        npm("init", "-y", cwd=tool)
        notes = [os.path.join(tool, "node_modules", ".bin", "notes")]
        env = person(home, PATH="/usr/bin:/bin")

        def release(version):
            packed = node_notes_release(scratch, version)
            return npm("install", *tarballs, packed, cwd=tool) if packed else None

        installed = release("1.0.0")
        check("npm installs Examples/node-notes 1.0.0 beside tour's packages", installed and installed.returncode == 0,
              installed.stdout[-800:] if installed else "npm pack failed")
        first = Terminal(notes, env)
        check("node-notes, first start: the welcome", first.wait_for("Welcome to notes"), first.text())
        first.key(b"\r")
        first.key(b"\r", quiet=1.0)
        first.key(b"\x1b[A", quiet=0.5)   # up: yes
        first.key(b"\r", quiet=1.0)
        code, restored, left = first.finish()
        check("node-notes, first start: the consent answered yes, then its own output, no tip",
              "notes: sharing anonymous usage counts" in first.text() and "No notes yet" in first.text()
              and "Tip" not in first.text(), first.text())
        check("node-notes, first start: exit 0, terminal restored, nothing left", code == 0 and restored and left == 0,
              f"exit {code}, restored {restored}, {left} bytes left")
        second = Terminal(notes, env)
        code, restored, left = second.finish()
        check("node-notes, second start: no tour and no tip, only its own output",
              second.text().strip() == "notes: sharing anonymous usage counts\nNo notes yet. Add one with: notes add TEXT"
              and code == 0 and left == 0, second.text())
        installed = release("1.1.0")
        check("npm upgrades node-notes to 1.1.0", installed and installed.returncode == 0)
        third = Terminal(notes, env)
        code, restored, left = third.finish()
        shown = third.text()
        check("node-notes after the update: what is new as a notice in place, then its own output",
              "What's new in notes  1.0.0 → 1.1.0" in shown and "New in 1.1: search" in shown
              and shown.index("New in 1.1") < shown.index("No notes yet") and code == 0 and left == 0, shown)
        a_day_later(home, "notes")
        fourth = Terminal(notes, env)
        code, restored, left = fourth.finish()
        check("node-notes a day later: the checklist in a tip's place, then its own output, nothing left",
              "Getting started with notes  0 of 3" in fourth.text() and "Tip" not in fourth.text()
              and code == 0 and restored and left == 0, fourth.text())
        # `notes sync` ticks its item (tour.done) once the sync worked; a day later it shows.
        synced = subprocess.run(notes + ["sync"], env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True)
        a_day_later(home, "notes")
        ticked = Terminal(notes, env)
        ticked.finish()
        check("`notes sync` in node-notes ticks its checklist item: a day later, 1 of 3 with Sync ticked",
              synced.returncode == 0 and synced.stdout.endswith("Synced 0 notes.\n") and "1 of 3" in ticked.text()
              and "✓ Sync your notes" in ticked.text(), f"{synced.stdout}{synced.stderr}\n{ticked.text()}")

        kettle = os.path.join(scratch, "kettle-checklist.json")
        with open(kettle, "w") as out:
            out.write('{"id": "kettle", "pages": [{"title": "Hi"}], "checklist": {"items": [{"id": "boil", "title": "Boil"}, {"id": "pour", "title": "Pour"}]}}')
        wrong = subprocess.run(["node", "-e", "console.log(require('tour-onboarding').done(process.argv[1], 'bol'))", kettle], cwd=project,
                               env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True)
        check("done() from Node with a misspelled item: 'usage error', the nearest named",
              wrong.stdout == "usage error\n" and 'did you mean "boil"?' in wrong.stderr, f"{wrong.stdout}{wrong.stderr}")

        # Ctrl-C during the tour reaches the whole process group, as in a shell: it ends
        # the tour (INTERRUPTED), and the Node tool goes on.
        tour_file = os.path.join(scratch, "ctrl-c.json")
        with open(tour_file, "w") as out:
            out.write('{"id": "ctrl-c", "pages": [{"title": "Press Ctrl-C"}, {"title": "Two"}]}')
        program = "const t = require('tour-onboarding'); console.log('outcome:', t.once(process.argv[1]));"
        terminal = Terminal(["node", "-e", program, tour_file], env, cwd=project, controlling=True)
        shown = terminal.wait_for("Press Ctrl-C")
        terminal.key(b"\x03", quiet=0.8)
        code, restored, left = terminal.finish()
        check("a Node tool: Ctrl-C during the tour comes back as 'interrupted', and the tool goes on",
              shown and "outcome: interrupted" in terminal.text() and code == 0 and restored and left == 0,
              f"exit {code}, restored {restored}, {left} left\n{terminal.text()}")

        shutil.rmtree(os.path.join(tool, "node_modules", "tour-onboarding-linux-x64"))
        missing = Terminal(notes, person(os.path.join(scratch, "home2"), PATH="/usr/bin:/bin"))
        code, _, _ = missing.finish()
        check("node-notes without the platform package (and no tour on PATH): goes on without a word",
              missing.text().strip() == "No notes yet. Add one with: notes add TEXT" and code == 0, missing.text())
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def check_maintainer(deb):
    """The .deb names who maintains it (issue 65, 11): DEB_MAINTAINER, else DEBFULLNAME and
    DEBEMAIL, else git's user; never a placeholder, and with none make-deb stops."""
    script = os.path.join(ROOT, "Packaging", "deb", "maintainer.sh")
    base = {"PATH": "/usr/bin:/bin", "HOME": "/nonexistent", "GIT_CONFIG_NOSYSTEM": "1"}

    def field(**extra):
        ran = subprocess.run([script], env={**base, **extra}, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        return ran.returncode, ran.stdout.strip(), ran.stderr
    check("Maintainer: DEB_MAINTAINER first", field(DEB_MAINTAINER="A B <a@b.example>", DEBFULLNAME="C", DEBEMAIL="c@d.example")[1]
          == "A B <a@b.example>")
    check("Maintainer: DEBFULLNAME and DEBEMAIL, as dch reads them", field(DEBFULLNAME="Ana Lima", DEBEMAIL="ana@lima.example")[1]
          == "Ana Lima <ana@lima.example>")
    check("Maintainer: DEBEMAIL alone as \"Name <address>\"", field(DEBEMAIL="Ana Lima <ana@lima.example>")[1] == "Ana Lima <ana@lima.example>")
    code, _, said = field(DEBFULLNAME="Ana", DEBEMAIL="not an address")
    check("Maintainer: a field that is not \"Name <address>\" is refused", code == 1 and "not \"Name <address>\"" in said, said)
    with tempfile.TemporaryDirectory() as outside:
        copy = os.path.join(outside, "maintainer.sh")
        shutil.copy(script, copy)
        alone = subprocess.run([copy], env=base, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=outside)
        code, said = alone.returncode, alone.stderr
        check("Maintainer: with nothing to go by, make-deb stops and names the settings", code == 1 and "DEBFULLNAME and DEBEMAIL" in said, said)
    built = subprocess.run(["dpkg-deb", "-f", deb, "Maintainer"], stdout=subprocess.PIPE, text=True).stdout.strip()
    wanted = f"{os.environ['DEBFULLNAME']} <{os.environ['DEBEMAIL']}>" if os.environ.get("DEBFULLNAME") else None
    check(f"the .deb's Maintainer is the one make packages was given ({built})",
          built != "tour developers <tour@example.org>" and (wanted is None or built == wanted), f"{built} / {wanted}")


def check_wheel_in(suite, wheel):
    with Root(suite) as root:
        root.apt_install(*USER_PACKAGES[suite], "python3", "python3-venv")
        root.copy_in(wheel, "/tmp/" + os.path.basename(wheel), 0o644)
        root.run("python3", "-m", "venv", "/opt/tool")
        installed = root.run("/opt/tool/bin/python", "-m", "pip", "install", "-q", "--no-index", "--disable-pip-version-check",
                             "/tmp/" + os.path.basename(wheel), check=False)
        check(f"{suite}: the system's pip in a venv accepts the wheel's tag and installs it", installed.returncode == 0,
              installed.stdout[-800:])
        with open(os.path.join(root.path, "srv/tool.json"), "w") as tour:
            tour.write('{"id": "tool", "version": "1.0", "pages": [{"title": "Hello from a Python tool"}, {"title": "Two"}]}')
        program = ("import tour_onboarding\n"
                   "outcome = tour_onboarding.once('/srv/tool.json')\n"
                   "print('outcome:', outcome.value)\n")
        terminal = Terminal(root.argv("/opt/tool/bin/python", "-c", program,
                                      env={"TERM": "xterm-256color", "XDG_STATE_HOME": "/root/state"}), {})
        shown = terminal.wait_for("Hello from a Python tool")
        terminal.key(b"q", quiet=0.8)
        code, restored, left = terminal.finish()
        check(f"{suite}: a Python tool plays a tour through tour_onboarding in a pseudo-terminal", shown, terminal.text())
        check(f"{suite}: q comes back to the tool as Outcome.SKIPPED, terminal restored",
              "outcome: skipped" in terminal.text() and code == 0 and restored and left == 0,
              f"exit {code}, restored {restored}, {left} left\n{terminal.text()}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "tour"))
    parser.add_argument("--dist", default=os.path.join(ROOT, "dist"), help="what make packages wrote")
    parser.add_argument("--only", default="binary,distributions,deb,wheel,npm", help="comma-separated parts")
    arguments = parser.parse_args()
    parts = arguments.only.split(",")
    binary = arguments.binary
    version = output(binary, "--version").split()[1]
    started = time.monotonic()
    try:
        if "binary" in parts:
            floor = check_binary(binary)
            check_backtrace(binary)
        else:
            floor = "%d.%d" % glibc_floor(binary)
            print(f"packages: the release binary needs glibc {floor}", flush=True)
        if "distributions" in parts:
            for suite in ("bullseye", "trixie"):
                check_distribution(suite, binary, version)
        if "deb" in parts:
            deb = os.path.join(arguments.dist, f"tour_{version}_amd64.deb")
            check(f"the .deb of {version} is there (make packages)", os.path.exists(deb))
            if deb:
                check_lintian(deb)
                check_maintainer(deb)
                for suite in ("bullseye", "bookworm", "trixie"):
                    check_deb(suite, deb, version)
        if "wheel" in parts:
            wheel = max(glob.glob(os.path.join(arguments.dist, f"tour_onboarding-{version}-*_x86_64.whl")), default=None)
            check(f"the x86_64 wheel of {version} is there (make packages)", wheel and os.path.exists(wheel))
            if wheel:
                check_wheel_tag(wheel, floor)
                with zipfile.ZipFile(wheel) as archive, open(binary, "rb") as release:
                    shipped = archive.read(f"tour_onboarding-{version}.data/scripts/tour")
                    check("the wheel's binary is the release binary that played in the Debian 11 root above",
                          shipped == release.read())
                check_wheel_here(wheel)
                check_wheel_in("bullseye", wheel)
            check_python_everywhere(arguments.dist, version)
        if "npm" in parts:
            tarballs = [os.path.join(arguments.dist, "npm", name) for name in (f"tour-onboarding-{version}.tgz",
                                                                        f"tour-onboarding-linux-x64-{version}.tgz")]
            check("the npm packages are there (make packages)", all(map(os.path.exists, tarballs)))
            check_npm(tarballs)
    except NotPermitted as refused:
        print(f"packages: FAILED: {refused}. These tests need root and chroot; they did not run.")
        return 1
    return check.summary(f" in {time.monotonic() - started:.0f} s")


if __name__ == "__main__":
    sys.exit(main())
