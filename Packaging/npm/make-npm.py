#!/usr/bin/env python3
"""make-npm.py BINARY OUT_DIR: the npm packages of `tour`, in esbuild's pattern.

- tour-onboarding-VERSION.tgz: the JavaScript API (index.js, index.d.ts) and the `tour`
  command (bin/tour.js), with one optional dependency per platform;
- tour-onboarding-linux-ARCH-VERSION.tgz: BINARY, for the platform it was built for
  (read from its ELF header), with `os` and `cpu` set so npm installs only the one that
  runs. No install script, nothing downloaded at install time.

`npm pack` writes the tarballs. Run by `make packages`.
"""
import json, os, shutil, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
NAME = "tour-onboarding"
# ELF e_machine → Node's process.arch.
NODE_ARCH = {0x3E: "x64", 0xB7: "arm64"}
PLATFORMS = ["linux-x64", "linux-arm64"]
# No repository or homepage: the project names none yet; the release workflow's
# publishing step is where a fork would add its own.
COMMON = {"license": "Apache-2.0"}


def elf_arch(binary):
    with open(binary, "rb") as file:
        header = file.read(20)
    if header[:4] != b"\x7fELF":
        sys.exit(f"make-npm: {binary} is not an ELF file")
    machine = int.from_bytes(header[18:20], "little")
    if machine not in NODE_ARCH:
        sys.exit(f"make-npm: {binary} is for ELF machine {machine:#x}, which no npm package is made for")
    return NODE_ARCH[machine]


def pack(folder, out):
    packed = subprocess.run(["npm", "pack", "--silent", "--pack-destination", os.path.abspath(out)], cwd=folder,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if packed.returncode != 0:
        sys.exit(f"make-npm: npm pack in {folder} failed:\n{packed.stderr}")
    return os.path.join(out, packed.stdout.strip().splitlines()[-1])


def main():
    binary, out = sys.argv[1], sys.argv[2]
    version = subprocess.run([binary, "--version"], stdout=subprocess.PIPE, check=True, text=True).stdout.split()[1]
    arch = elf_arch(binary)
    os.makedirs(out, exist_ok=True)
    stage = tempfile.mkdtemp(prefix="tour-npm-")
    try:
        main_package = os.path.join(stage, NAME)
        shutil.copytree(os.path.join(HERE, NAME), main_package)
        shutil.copy(os.path.join(TOP, "LICENSE"), main_package)
        # For editors: "$schema": "./node_modules/tour-onboarding/tour.schema.json".
        with open(os.path.join(main_package, "tour.schema.json"), "wb") as file:
            file.write(subprocess.run([binary, "schema"], stdout=subprocess.PIPE, check=True).stdout)
        manifest = {
            "name": NAME, "version": version,
            "description": "The tour command: a first-run tour for command-line tools, in the terminal",
            "keywords": ["onboarding", "terminal", "cli", "tui", "first-run"],
            **COMMON,
            "main": "index.js", "types": "index.d.ts",
            "bin": {"tour": "bin/tour.js"},
            "files": ["index.js", "index.d.ts", "bin/tour.js", "tour.schema.json"],
            "engines": {"node": ">=16"},
            "optionalDependencies": {f"{NAME}-{platform}": version for platform in PLATFORMS},
        }
        with open(os.path.join(main_package, "package.json"), "w") as file:
            json.dump(manifest, file, indent=2)
            file.write("\n")

        platform_package = os.path.join(stage, f"{NAME}-linux-{arch}")
        os.makedirs(os.path.join(platform_package, "bin"))
        shutil.copy(binary, os.path.join(platform_package, "bin", "tour"))
        os.chmod(os.path.join(platform_package, "bin", "tour"), 0o755)
        shutil.copy(os.path.join(TOP, "LICENSE"), platform_package)
        with open(os.path.join(platform_package, "README.md"), "w") as file:
            file.write(f"# {NAME}-linux-{arch}\n\nThe `tour` binary for Linux {arch} (glibc), used by "
                       f"[`{NAME}`](https://www.npmjs.com/package/{NAME}); depend on that package, not on this one.\n")
        with open(os.path.join(platform_package, "package.json"), "w") as file:
            json.dump({"name": f"{NAME}-linux-{arch}", "version": version,
                       "description": f"The tour binary for Linux {arch}, for {NAME}",
                       **COMMON, "os": ["linux"], "cpu": [arch], "libc": ["glibc"],
                       "files": ["bin/tour"], "preferUnplugged": True}, file, indent=2)
            file.write("\n")
        for folder in (main_package, platform_package):
            print(pack(folder, out))
    finally:
        shutil.rmtree(stage, ignore_errors=True)


if __name__ == "__main__":
    main()
