"""Throwaway copies of the cached Debian roots (scripts/debian-root.sh), for tests that
install things into them. The cached root stays as debootstrap left it; each test works
on a copy of its own, with /proc mounted while it lives, and deletes it afterwards."""
import os, shutil, subprocess, tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))

# The packages a person installs for tour on each release: the README's list. None: the
# binary links ncurses in and needs only glibc.
USER_PACKAGES = {"bullseye": [], "bookworm": [], "trixie": []}
# What the users of a Swift tool built on TourKit install (docs/swift.md): that build links
# the system's ncurses, as SwiftPM does; libstdc++6 comes with apt in every root.
SWIFT_TOOL_PACKAGES = {"bullseye": ["libncursesw6"], "bookworm": ["libncursesw6"], "trixie": ["libncursesw6"]}
PICTURE_PACKAGES = {
    "bullseye": ["libpng16-16", "libjpeg62-turbo", "libchafa0"],
    "bookworm": ["libpng16-16", "libjpeg62-turbo", "libchafa0"],
    "trixie": ["libpng16-16t64", "libjpeg62-turbo", "libchafa0t64"],
}


CHROOT = shutil.which("chroot") or "/usr/sbin/chroot"


class NotPermitted(Exception):
    pass


def cached_root(suite, arch=None):
    """The cached minbase root of `suite`; of another architecture (`arm64`, run through
    qemu-user-static) when `arch` is given."""
    env = dict(os.environ, DEBIAN_ROOT_ARCH=arch) if arch else None
    made = subprocess.run([os.path.join(ROOT, "scripts", "debian-root.sh"), f"{suite}-{arch}" if arch else suite, suite],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    if made.returncode == 77:
        raise NotPermitted(made.stderr.strip())
    if made.returncode != 0:
        raise RuntimeError(f"could not make the {suite} root: {made.stderr.strip()}")
    return made.stdout.strip()


class Root:
    """A copy of a Debian root. `run` runs a command in it with chroot."""

    def __init__(self, suite, arch=None):
        self.suite = suite
        base = cached_root(suite, arch)
        self.scratch = tempfile.mkdtemp(prefix=f"tour-{suite}-")
        self.path = os.path.join(self.scratch, "root")
        subprocess.run(["cp", "-a", base, self.path], check=True)
        probe = subprocess.run([CHROOT, self.path, "/bin/true"], stderr=subprocess.PIPE, text=True)
        if probe.returncode != 0:
            shutil.rmtree(self.scratch, ignore_errors=True)
            raise NotPermitted(f"chroot into a Debian root is not permitted here: {probe.stderr.strip()}")
        subprocess.run(["mount", "-t", "proc", "proc", os.path.join(self.path, "proc")], check=True)

    def argv(self, *command, env=None):
        """The command as chroot runs it, with a clean environment and `env` added."""
        variables = {"PATH": "/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin", "HOME": "/root", "LANG": "C.UTF-8"}
        variables.update(env or {})
        return [CHROOT, self.path, "/usr/bin/env", "-i", *(f"{k}={v}" for k, v in variables.items()), *command]

    def run(self, *command, check=True):
        result = subprocess.run(self.argv(*command), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if check and result.returncode != 0:
            raise RuntimeError(f"{self.suite}: {' '.join(command)} exited {result.returncode}:\n{result.stdout[-2000:]}")
        return result

    def apt_install(self, *packages):
        """apt-get install from Debian's archive (the lists are refreshed first: a cached
        root's may name versions the archive no longer has)."""
        if not packages:
            return
        self.run("apt-get", "update", "-qq")
        self.run("/bin/sh", "-c", 'DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@"', "sh", *packages)

    def copy_in(self, source, destination, mode=0o755):
        target = os.path.join(self.path, destination.lstrip("/"))
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(source, target)
        os.chmod(target, mode)

    def files(self, *tops):
        """Every path under `tops` (inside the root), for before/after comparisons."""
        found = set()
        for top in tops:
            for folder, dirs, names in os.walk(os.path.join(self.path, top.lstrip("/"))):
                for name in dirs + names:
                    found.add(os.path.relpath(os.path.join(folder, name), self.path))
        return found

    def close(self):
        subprocess.run(["umount", os.path.join(self.path, "proc")], stderr=subprocess.DEVNULL)
        shutil.rmtree(self.scratch, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *error):
        self.close()
