#!/usr/bin/env python3
"""play-in-root.py SUITE BINARY TITLE: copies BINARY into a throwaway copy of the cached
Debian SUITE root with only the packages docs/swift.md names for a Swift tool's users, runs it
there on a pseudo-terminal, waits for TITLE, presses Enter until it exits, and prints
what happened as JSON: {"shown", "exit", "restored", "left", "screen"}.
For tests written in Swift (ReadmeTests) that need a Debian root; exit 77 when chroot
is not permitted here."""
import json, os, sys

sys.path.insert(0, os.path.dirname(__file__))
from roots import NotPermitted, SWIFT_TOOL_PACKAGES, Root  # noqa: E402
from terminal import Terminal  # noqa: E402


def main():
    suite, binary, title = sys.argv[1:4]
    try:
        with Root(suite) as root:
            root.apt_install(*SWIFT_TOOL_PACKAGES[suite])
            root.copy_in(binary, "/usr/local/bin/" + os.path.basename(binary))
            terminal = Terminal(root.argv(os.path.basename(binary), env={"TERM": "xterm-256color",
                                                                         "XDG_STATE_HOME": "/root/state"}), {})
            shown = terminal.wait_for(title)
            for _ in range(10):
                if terminal.process.poll() is not None:
                    break
                terminal.key(b"\r", quiet=0.5)
            code, restored, left = terminal.finish()
            print(json.dumps({"shown": shown, "exit": code, "restored": restored, "left": left, "screen": terminal.text()}))
    except NotPermitted as refused:
        print(f"play-in-root: {refused}", file=sys.stderr)
        return 77
    return 0


if __name__ == "__main__":
    sys.exit(main())
