"""Freezes processes with the cgroup freezer, so a race can be lost on purpose: a frozen
process does not run, not even a signal handler, until thawed. SIGSTOP cannot stand in:
the kernel continues a stopped process whose process group becomes orphaned, which is
just what the death of the tool that started tour does.

Used by Tests/Terminals/hosts-test.py and Tests/Terminals/parent-dies-test.py.
"""
import os

V1 = "/sys/fs/cgroup/freezer"
V2 = "/sys/fs/cgroup"


def _write(path, text):
    with open(path, "w") as file:
        file.write(text)


def available():
    """Why freezing cannot be done here, or None when it can."""
    if os.geteuid() != 0:
        return "not root"
    if os.path.isdir(V1):
        return None
    if os.path.isfile(os.path.join(V2, "cgroup.controllers")):
        return None
    return "no cgroup freezer"


class Frozen:
    """`with Frozen(pids) as frozen:` the processes are frozen; `frozen.thaw()` (or leaving)
    lets them run again."""

    def __init__(self, pids, name="tour-test"):
        self.version = 1 if os.path.isdir(V1) else 2
        root = V1 if self.version == 1 else V2
        self.group = os.path.join(root, f"{name}-{os.getpid()}")
        self.parent = root
        self.pids = pids
        self.thawed = False

    def __enter__(self):
        os.makedirs(self.group, exist_ok=True)
        for pid in self.pids:
            _write(os.path.join(self.group, "cgroup.procs"), str(pid))
        if self.version == 1:
            _write(os.path.join(self.group, "freezer.state"), "FROZEN")
        else:
            _write(os.path.join(self.group, "cgroup.freeze"), "1")
        return self

    def thaw(self):
        if self.thawed:
            return
        self.thawed = True
        if self.version == 1:
            _write(os.path.join(self.group, "freezer.state"), "THAWED")
        else:
            _write(os.path.join(self.group, "cgroup.freeze"), "0")

    def __exit__(self, *exception):
        self.thaw()
        try:
            with open(os.path.join(self.group, "cgroup.procs")) as file:
                left = [line.strip() for line in file if line.strip()]
            for pid in left:
                _write(os.path.join(self.parent, "cgroup.procs"), pid)
            os.rmdir(self.group)
        except OSError:
            pass
        return False
