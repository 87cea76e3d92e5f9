"""The Go, Rust, C and shell snippets of docs/reference.md ("Calling tour from any other
language"), read and built as a tool author would: for snippets-test.py, which runs them
piped and on a pseudo-terminal, and for Tests/Terminals/hosts-test.py, which runs them in
a real bash in tmux."""
import os, re, subprocess

from roots import ROOT

# Debian's rustc (1.63 on Debian 12, which the Makefile installs), as the snippet is
# written for the Rust that Debian stable ships; the first on PATH only where it is missing.
RUSTC = "/usr/bin/rustc" if os.access("/usr/bin/rustc", os.X_OK) else "rustc"


def snippets():
    """{language: source} of the section's fenced blocks."""
    with open(os.path.join(ROOT, "docs", "reference.md")) as reference:
        text = reference.read()
    section = text.split("### Calling tour from any other language", 1)[1].split("\n### ", 1)[0]
    return dict(re.findall(r"^```(go|rust|c|sh)\n(.*?)^```", section, re.M | re.S))


def build(language, source, folder, rustc=RUSTC):
    """The snippet as a program in `folder`: the argv that runs it, or None, with the compiler's words."""
    names = {"go": "main.go", "rust": "main.rs", "c": "main.c", "sh": "tool.sh"}
    path = os.path.join(folder, names[language])
    with open(path, "w") as file:
        file.write(source)
    program = os.path.join(folder, "tool")
    commands = {
        "go": ["go", "build", "-o", program, path],
        "rust": [rustc, "--edition", "2021", "-O", "-o", program, path],
        "c": ["cc", "-std=c11", "-D_POSIX_C_SOURCE=200809L", "-Wall", "-Werror", "-o", program, path],
    }
    if language == "sh":
        return ["/bin/sh", path], ""
    env = dict(os.environ, GOCACHE=os.path.join(folder, "gocache"), GOPATH=os.path.join(folder, "gopath"),
               GOFLAGS="-mod=mod", GO111MODULE="off")
    built = subprocess.run(commands[language], cwd=folder, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return ([program] if built.returncode == 0 else None), built.stdout
