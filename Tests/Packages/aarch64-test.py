#!/usr/bin/env python3
"""aarch64-test.py [DIST]: what `make packages-aarch64` left in DIST, checked where its
users would run it. The wheel's aarch64 binary goes into an arm64 Debian 11 root (minbase:
no libncursesw6, no ncurses-term), run through qemu-user-static: `tour --version`, then
the built-in tour on a pseudo-terminal, → and q, exit 1, the terminal restored and
nothing left in its input. Without aarch64 artifacts in DIST (make test builds only
this machine's), it says so and checks nothing.
"""
import glob, os, sys, zipfile

sys.path.insert(0, os.path.dirname(__file__))
from checks import Checks  # noqa: E402
from roots import ROOT, NotPermitted, Root  # noqa: E402
from terminal import Terminal  # noqa: E402

check = Checks("aarch64")


def main():
    dist = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "dist")
    wheels = glob.glob(os.path.join(dist, "tour_onboarding-*_aarch64.whl"))
    if not wheels:
        print("aarch64: no aarch64 artifacts in dist/ (make packages-aarch64 builds them); nothing to check")
        return 0
    for kind in ("*_arm64.deb", "*-linux-aarch64.tar.gz", "npm/tour-onboarding-linux-arm64-*.tgz"):
        check(f"dist/ holds the aarch64 {kind}", glob.glob(os.path.join(dist, kind)))
    wheel = max(wheels)
    try:
        with Root("bullseye", arch="arm64") as root, zipfile.ZipFile(wheel) as archive:
            binary = next(name for name in archive.namelist() if name.endswith(".data/scripts/tour"))
            target = os.path.join(root.path, "usr/local/bin/tour")
            with open(target, "wb") as out:
                out.write(archive.read(binary))
            os.chmod(target, 0o755)
            absent = root.run("dpkg-query", "-W", "-f", "${Status}\\n", "libncursesw6", "ncurses-term", check=False)
            check("arm64 bullseye: neither libncursesw6 nor ncurses-term is installed", "ok installed" not in absent.stdout)
            version = root.run("tour", "--version", check=False)
            check("arm64 bullseye: tour --version (under qemu)", version.returncode == 0 and version.stdout.startswith("tour "),
                  version.stdout[-400:])
            for term in ("xterm-256color", "xterm-kitty"):
                terminal = Terminal(root.argv("/usr/local/bin/tour", env={"TERM": term}), {})
                shown = terminal.wait_for("Welcome to tour", timeout=60)
                check(f"arm64 bullseye, TERM={term}: the built-in tour shows", shown, terminal.text())
                terminal.key(b"\x1bOC", quiet=1.5)
                check(f"arm64 bullseye, TERM={term}: → shows page 2", "○ ● ○ ○ ○ ○" in terminal.text(), terminal.text())
                terminal.key(b"q", quiet=1.5)
                code, restored, left = terminal.finish(timeout=60)
                check(f"arm64 bullseye, TERM={term}: q skips (exit 1), terminal restored, nothing left",
                      code == 1 and restored and left == 0, f"exit {code}, restored {restored}, {left} left")
    except NotPermitted as refused:
        print(f"aarch64: FAILED: {refused}")
        return 1
    return check.summary()


if __name__ == "__main__":
    sys.exit(main())
