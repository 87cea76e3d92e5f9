#!/usr/bin/env python3
"""make-wheel.py [--pure] BINARY OUT_DIR: a platform wheel of `tour` for PyPI, as ruff and uv ship theirs.

The wheel holds the binary in its .data/scripts (pip puts it on the environment's PATH)
and the small `tour_onboarding` module a Python tool imports to find and call it. Its tag
is the binary's real glibc floor, read from the binary (readelf -V), never set by hand:
manylinux_2_29_x86_64 says "glibc 2.29 or later", which pip checks before installing.

With --pure, the py3-none-any wheel of the same version: the module alone, no binary
(BINARY only says the version and the schema). pip takes a platform wheel wherever one
fits and this one everywhere else (macOS, Windows, musl, armv7), so a tool that depends on
`tour-onboarding` installs on every platform, and there the module's calls return
`Outcome.UNAVAILABLE` (or run a `tour` found on PATH).
Written with the standard library only; run by `make wheel` and `make packages`.
"""
import ast, base64, hashlib, os, re, subprocess, sys, zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
NAME = "tour_onboarding"


def glibc_floor(binary):
    # readelf, not objdump: it reads an aarch64 binary on an x86_64 machine too.
    versions = subprocess.run(["readelf", "-V", binary], stdout=subprocess.PIPE, check=True, text=True, errors="replace").stdout
    return max(tuple(map(int, found)) for found in re.findall(r"\bGLIBC_(\d+)\.(\d+)\b", versions))


def elf_machine(binary):
    """The architecture the binary is for, from its ELF header (it may be built for
    another machine than this one)."""
    with open(binary, "rb") as file:
        header = file.read(20)
    return {0x3E: "x86_64", 0xB7: "aarch64"}[int.from_bytes(header[18:20], "little")]


def record_line(path, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{path},sha256={digest},{len(data)}"


def module_names():
    """The module's public names, from its own __all__: the description lists what it has."""
    with open(os.path.join(HERE, NAME, "__init__.py")) as source:
        tree = ast.parse(source.read())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(target, "id", None) == "__all__" for target in node.targets):
            return [element.value for element in node.value.elts]
    raise SystemExit("make-wheel: tour_onboarding has no __all__")


def main():
    pure = sys.argv[1] == "--pure"
    binary, out = sys.argv[1 + pure], sys.argv[2 + pure]
    version = subprocess.run([binary, "--version"], stdout=subprocess.PIPE, check=True, text=True).stdout.split()[1]
    names = ", ".join(f"`{name}`" for name in module_names())
    everywhere = ("Depend on `tour-onboarding` with no environment marker: pip takes the wheel with the binary "
                  "on Linux x86_64 and aarch64 (glibc), and elsewhere the wheel of the module alone, whose calls "
                  "return `Outcome.UNAVAILABLE` unless a `tour` is on PATH.\n")
    if pure:
        tag = "py3-none-any"
        what = (f"This wheel is the module `tour_onboarding` ({names}) alone, without the `tour` binary: "
                "it is what pip installs where no wheel with the binary fits (macOS, Windows, musl, armv7).\n\n")
        classifiers = "Classifier: Environment :: Console\nClassifier: Operating System :: OS Independent\n"
    else:
        major, minor = glibc_floor(binary)
        tag = f"py3-none-manylinux_{major}_{minor}_{elf_machine(binary)}"
        what = (f"This wheel installs `tour` on the environment's PATH and the module `tour_onboarding` ({names}). "
                f"Linux {elf_machine(binary)} with glibc {major}.{minor} or later; nothing else (ncurses is built in).\n\n")
        classifiers = "Classifier: Environment :: Console :: Curses\nClassifier: Operating System :: POSIX :: Linux\n"
    dist_info = f"{NAME}-{version}.dist-info"
    with open(os.path.join(TOP, "README.md")) as readme:
        summary = readme.read().split("\n\n")[1].replace("\n", " ")
    metadata = (f"Metadata-Version: 2.1\nName: tour-onboarding\nVersion: {version}\n"
                "Summary: The tour command: a first-run tour for command-line tools, in the terminal\n"
                "License: Apache-2.0\nRequires-Python: >=3.8\n" + classifiers +
                "Description-Content-Type: text/markdown\n\n"
                f"{summary}\n\n{what}{everywhere}")
    files = [
        (f"{NAME}/__init__.py", open(os.path.join(HERE, NAME, "__init__.py"), "rb").read(), 0o644),
        (f"{NAME}/__main__.py", open(os.path.join(HERE, NAME, "__main__.py"), "rb").read(), 0o644),
        # For editors: "$schema" can name it inside the environment, as `tour schema` prints it.
        (f"{NAME}/tour.schema.json", subprocess.run([binary, "schema"], stdout=subprocess.PIPE, check=True).stdout, 0o644),
        *([] if pure else [(f"{NAME}-{version}.data/scripts/tour", open(binary, "rb").read(), 0o755)]),
        (f"{dist_info}/METADATA", metadata.encode(), 0o644),
        (f"{dist_info}/WHEEL", f"Wheel-Version: 1.0\nGenerator: tour make-wheel\nRoot-Is-Purelib: {str(pure).lower()}\nTag: {tag}\n".encode(), 0o644),
        (f"{dist_info}/licenses/LICENSE", open(os.path.join(TOP, "LICENSE"), "rb").read(), 0o644),
    ]
    record = "\n".join(record_line(path, data) for path, data, _ in files) + f"\n{dist_info}/RECORD,,\n"
    files.append((f"{dist_info}/RECORD", record.encode(), 0o644))
    os.makedirs(out, exist_ok=True)
    wheel = os.path.join(out, f"{NAME}-{version}-{tag}.whl")
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for path, data, mode in files:
            entry = zipfile.ZipInfo(path, date_time=(2020, 1, 1, 0, 0, 0))
            entry.external_attr = (0o100000 | mode) << 16
            entry.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(entry, data)
    print(wheel)


if __name__ == "__main__":
    main()
