#!/usr/bin/env python3
"""check-packages.py DIST: checks every artifact in DIST with the validator its registry's
users trust, then writes DIST/SHA256SUMS of them all. Exits 1 when any check fails.

- wheels (.whl): `twine check --strict`; `auditwheel show` must call a platform wheel
  manylinux with the very tag in its name (nothing outside the manylinux libraries);
  the py3-none-any wheel must hold no binary;
- .debs: `lintian --fail-on error,warning`;
- npm packages (.tgz): `npm publish --dry-run`, which needs no login and sends nothing;
- dist/ itself, which `pip install --find-links dist` reads: no file there but a wheel
  may be named as a Python package of ours (the npm tarballs live in dist/npm/);
- every shipped binary (in the tarball, the .deb, the wheel and the npm platform package):
  `readelf -d` lists only glibc's libraries, and its architecture is the one its name says.
Run by `make packages`.
"""
import hashlib, os, re, subprocess, sys, tarfile, tempfile, zipfile

GLIBC_LIBRARIES = {"libc.so.6", "libm.so.6", "libpthread.so.0", "libdl.so.2", "libutil.so.1", "librt.so.1",
                   "ld-linux-x86-64.so.2", "ld-linux-aarch64.so.1"}
ELF_MACHINE = {0x3E: "x86_64", 0xB7: "aarch64"}
# How each kind of name spells an architecture.
SPELLING = {"amd64": "x86_64", "arm64": "aarch64", "x64": "x86_64", "x86_64": "x86_64", "aarch64": "aarch64"}
failures = []


def run(*argv):
    return subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace")


def check(what, ok, detail=""):
    print(f"packages: {'ok' if ok else 'FAILED'}: {what}" + ("" if ok or not detail else f"\n    {detail}"), flush=True)
    if not ok:
        failures.append(what)


def check_binary(where, data, arch):
    machine = ELF_MACHINE.get(int.from_bytes(data[18:20], "little")) if data[:4] == b"\x7fELF" else None
    check(f"{where}: the binary is {arch}", machine == arch, f"it is {machine}")
    with tempfile.NamedTemporaryFile() as file:
        file.write(data)
        file.flush()
        needed = re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", run("readelf", "-d", file.name).stdout)
    check(f"{where}: the binary needs only glibc's libraries ({', '.join(needed)})",
          needed and set(needed) <= GLIBC_LIBRARIES, ", ".join(sorted(set(needed) - GLIBC_LIBRARIES)))


def check_wheel(path):
    name = os.path.basename(path)
    tag = name[:-len(".whl")].split("-")[-1]
    checked = run("twine", "check", "--strict", path)
    check(f"{name}: twine check --strict", checked.returncode == 0 and "PASSED" in checked.stdout, checked.stdout[-800:])
    if tag == "any":
        with zipfile.ZipFile(path) as wheel:
            check(f"{name}: the module alone, no binary", not any("/scripts/" in entry for entry in wheel.namelist())
                  and "tour_onboarding/__init__.py" in wheel.namelist(), str(wheel.namelist()))
        return
    shown = run("auditwheel", "show", path)
    said = re.search(r'consistent\s+with\s+the\s+following\s+platform\s+tag:\s+"([^"]+)"', shown.stdout)
    check(f"{name}: auditwheel show calls it {tag}", shown.returncode == 0 and said and said.group(1) == tag,
          shown.stdout[-1200:])
    with zipfile.ZipFile(path) as wheel:
        binary = next(entry for entry in wheel.namelist() if entry.endswith(".data/scripts/tour"))
        check_binary(name, wheel.read(binary), "x86_64" if tag.endswith("_x86_64") else tag.rsplit("_", 1)[-1])


def check_deb(path):
    name = os.path.basename(path)
    report = run("lintian", "--fail-on", "error,warning", "--no-tag-display-limit", path)
    problems = [line for line in report.stdout.splitlines() if re.match(r"[EW]: ", line)]
    check(f"{name}: lintian finds no error and no warning", report.returncode == 0 and not problems, "\n    ".join(problems))
    with tempfile.TemporaryDirectory() as unpacked:
        run("dpkg-deb", "-x", path, unpacked)
        with open(os.path.join(unpacked, "usr", "bin", "tour"), "rb") as binary:
            check_binary(name, binary.read(), SPELLING[name[:-len(".deb")].rsplit("_", 1)[-1]])


def member(tarball, suffix):
    with tarfile.open(tarball) as archive:
        for entry in archive.getmembers():
            if entry.name.endswith(suffix) and entry.isfile():
                return archive.extractfile(entry).read()
    return None


def check_npm(path):
    name = os.path.basename(path)
    # An absolute path: npm reads "dist/x.tgz" as a GitHub repository.
    published = run("npm", "publish", "--dry-run", "--ignore-scripts", os.path.abspath(path))
    check(f"{name}: npm publish --dry-run", published.returncode == 0, published.stdout[-800:])
    platform = re.match(r"tour-onboarding-linux-(x64|arm64)-", name)
    if platform:
        check_binary(name, member(path, "package/bin/tour") or b"", SPELLING[platform.group(1)])
    else:
        check(f"{name}: holds no binary and no install script",
              member(path, "bin/tour") is None and '"install"' not in (member(path, "package/package.json") or b"").decode()
              and '"postinstall"' not in (member(path, "package/package.json") or b"").decode())


def check_nothing_misread_by_pip(dist):
    """pip's --find-links reads the folder's own files (not its subfolders) and takes an
    archive named NAME-VERSION.tar.gz, .tgz or .zip for a source package of NAME."""
    ours = re.compile(r"^tour[-_.]onboarding[-_.]", re.I)
    misread = [entry for entry in os.listdir(dist) if os.path.isfile(os.path.join(dist, entry))
               and ours.match(entry) and not entry.endswith(".whl")]
    check(f"{dist}: no file but a wheel is named as a Python package of ours (what pip --find-links reads)",
          not misread, ", ".join(misread))


def main():
    dist = sys.argv[1]
    artifacts = sorted(os.path.relpath(os.path.join(folder, entry), dist)
                       for folder, _, entries in os.walk(dist) for entry in entries if entry != "SHA256SUMS")
    for entry in artifacts:
        path = os.path.join(dist, entry)
        if entry.endswith(".whl"):
            check_wheel(path)
        elif entry.endswith(".deb"):
            check_deb(path)
        elif entry.endswith(".tgz"):
            check_npm(path)
        elif entry.endswith(".tar.gz"):
            arch = re.search(r"-linux-(\w+)\.tar\.gz$", entry).group(1)
            check_binary(entry, member(path, "/bin/tour") or b"", SPELLING[arch])
    check_nothing_misread_by_pip(dist)
    kinds = {kind: [entry for entry in artifacts if entry.endswith(kind)] for kind in (".whl", ".deb", ".tgz", ".tar.gz")}
    check(f"{dist} holds the wheels (one py3-none-any), a .deb, a tarball and the npm packages (in npm/)",
          all(kinds.values()) and len(kinds[".tgz"]) >= 2 and all(entry.startswith("npm/") for entry in kinds[".tgz"])
          and any(entry.endswith("-py3-none-any.whl") for entry in kinds[".whl"]), str(kinds))
    with open(os.path.join(dist, "SHA256SUMS"), "w") as sums:
        for entry in artifacts:
            with open(os.path.join(dist, entry), "rb") as file:
                sums.write(f"{hashlib.sha256(file.read()).hexdigest()}  {entry}\n")
    print(f"packages: {len(artifacts)} artifacts in {dist}, {len(failures)} failed checks; {dist}/SHA256SUMS written")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
