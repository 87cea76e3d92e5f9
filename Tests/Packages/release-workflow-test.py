#!/usr/bin/env python3
"""release-workflow-test.py [DIST]: .github/workflows/release.yml parses as YAML, runs on
version tags, runs `make packages` on an x86_64 and an aarch64 runner, and every file it
uploads or publishes is one that `make packages` writes: each path pattern is matched
against DIST (this machine's x86_64 artifacts) and against the same names for aarch64.
The workflow itself cannot run here (no GitHub runners, no registry to publish to).
"""
import fnmatch, os, re, sys

import yaml

sys.path.insert(0, os.path.dirname(__file__))
from checks import Checks  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
check = Checks("release-workflow")


def as_aarch64(name):
    return name.replace("x86_64", "aarch64").replace("_amd64", "_arm64").replace("linux-x64", "linux-arm64")


def main():
    dist = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "dist")
    with open(os.path.join(ROOT, ".github", "workflows", "release.yml")) as file:
        workflow = yaml.safe_load(file)
    triggers = workflow.get("on", workflow.get(True))  # YAML 1.1 reads a bare `on` as true
    tags = triggers["push"]["tags"]
    # GitHub's tag filters are globs in which + repeats: as a regex with the dots escaped.
    check("it runs on X.Y.Z tags, the form `make tag` writes",
          any(re.fullmatch(pattern.replace(".", r"\."), "2.3.0") for pattern in tags), str(tags))
    packages = workflow["jobs"]["packages"]
    check("make packages runs on an x86_64 and an aarch64 runner",
          sorted(packages["strategy"]["matrix"]["runner"]) == ["ubuntu-24.04", "ubuntu-24.04-arm"])
    runs = " ".join(step.get("run", "") for step in packages["steps"])
    check("the packages job runs make packages-native (each runner its own architecture)", "make packages-native" in runs, runs)
    upload = next(step for step in packages["steps"] if step.get("uses", "").startswith("actions/upload-artifact"))
    patterns = [line.strip() for line in upload["with"]["path"].splitlines() if line.strip()]
    written = sorted(os.path.relpath(os.path.join(folder, name), dist)
                     for folder, _, names in os.walk(dist) for name in names if name != "SHA256SUMS")
    check("make packages has written dist/", bool(written), dist)
    uploaded = set()
    for pattern in patterns:
        check(f"{pattern} is inside dist/", pattern.startswith("dist/"))
        here = [name for name in written if fnmatch.fnmatch("dist/" + name, pattern)]
        there = [as_aarch64(name) for name in written if fnmatch.fnmatch("dist/" + as_aarch64(name), pattern)]
        check(f"the upload {pattern} is a file make packages writes on x86_64 ({', '.join(here)}) and on aarch64",
              here and there)
        check(f"the upload {pattern} takes no file from a subfolder it does not name",
              all(os.path.dirname(name) == os.path.dirname(pattern[len("dist/"):]) for name in here), ", ".join(here))
        uploaded.update(here + there)
    everything = set(written) | {as_aarch64(name) for name in written}
    check("every file make packages writes is uploaded", everything <= uploaded, ", ".join(sorted(everything - uploaded)))

    publish = workflow["jobs"]["publish"]
    check("publish waits for the packages of both runners", publish["needs"] == "packages")
    script = "\n".join(step.get("run", "") for step in publish["steps"])
    published = re.findall(r"dist/[^\s\"';]+", script)
    for pattern in sorted(set(published)):
        matches = [name for name in uploaded | {"SHA256SUMS"} if fnmatch.fnmatch("dist/" + name, pattern)]
        check(f"the publish step's {pattern} names files the packages job uploaded", matches, pattern)
    pypi = next(step for step in publish["steps"] if "pypi-publish" in step.get("uses", ""))
    check("PyPI gets only the wheels", pypi["with"]["packages-dir"] == "pypi/" and "cp dist/*.whl pypi/" in script)
    summed = next((step["run"] for step in publish["steps"] if "SHA256SUMS" in step.get("name", "")), "")
    def kind(name):
        suffix = ".tar.gz" if name.endswith(".tar.gz") else os.path.splitext(name)[1]
        return os.path.join(os.path.dirname(name), "*" + suffix)
    kinds = {kind(name) for name in written}
    check(f"SHA256SUMS covers every kind of file uploaded ({', '.join(sorted(kinds))})",
          all(kind in summed.split() for kind in kinds), summed)
    check("PyPI uses trusted publishing (id-token), not a stored password",
          publish["permissions"].get("id-token") == "write" and "password" not in pypi.get("with", {}))
    return check.summary()


if __name__ == "__main__":
    sys.exit(main())
