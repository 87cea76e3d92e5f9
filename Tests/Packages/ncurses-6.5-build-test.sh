#!/usr/bin/env bash
# ncurses-6.5-build-test.sh: TourKit and Examples/mytool build against ncurses 6.5's
# headers, as on Debian 13: there NCURSES_OPAQUE makes WINDOW an incomplete type, and a
# Swift file that names WINDOW does not compile (issue 65). The headers come from a
# Debian 13 root with libncurses-dev (scripts/debian-root.sh, cached); only its ncursesw/
# folder is put ahead of the system's, so the C library's headers stay the toolchain's.
# This machine's toolchain builds; its ncurses 6.4 links. Run by `make test`.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
swift=${SWIFT:-$(command -v swift || echo /opt/swift/usr/bin/swift)}
root=$("$top/scripts/debian-root.sh" trixie-ncurses trixie libncurses-dev)
headers=$(mktemp -d)
scratch=${NCURSES65_SCRATCH:-$top/.build/ncurses-6.5}
trap 'rm -rf "$headers"' EXIT
ln -s "$root/usr/include/ncursesw" "$headers/ncursesw"
version=$(sed -n 's/^#define NCURSES_VERSION "\(.*\)"/\1/p' "$headers/ncursesw/curses.h")
opaque=$(sed -n 's/^#define NCURSES_OPAQUE[[:space:]]*\([0-9]\).*/\1/p' "$headers/ncursesw/curses.h")
if [ "$opaque" != 1 ]; then
    echo "ncurses-6.5: the Debian 13 root's curses.h (ncurses $version) does not define NCURSES_OPAQUE 1" >&2; exit 1
fi
log=$(mktemp)
if ! "$swift" build --package-path "$top/Examples/mytool" --scratch-path "$scratch" -Xcc -I"$headers" >"$log" 2>&1; then
    grep -E "error" "$log" | head -20 >&2
    echo "ncurses-6.5: FAILED: Examples/mytool (and TourKit) do not build against ncurses $version's headers" >&2
    rm -f "$log"; exit 1
fi
rm -f "$log"
# The flags reach Swift's view of the headers: there, WINDOW is a type no Swift code can
# name (what broke the build), while tour_window is.
probe=$(mktemp -d)
echo 'import CNcurses; let window: UnsafeMutablePointer<WINDOW>? = nil' > "$probe/names-window.swift"
echo 'import CNcurses; let window: tour_window? = tour_stdscr()' > "$probe/names-tour-window.swift"
swiftc=$(dirname "$swift")/swiftc
if "$swiftc" -typecheck -I "$top/Sources/CNcurses" -Xcc -I"$headers" "$probe/names-window.swift" >/dev/null 2>&1; then
    echo "ncurses-6.5: FAILED: WINDOW could be named: the build did not see ncurses $version's opaque headers" >&2; rm -rf "$probe"; exit 1
fi
if ! "$swiftc" -typecheck -I "$top/Sources/CNcurses" -Xcc -I"$headers" "$probe/names-tour-window.swift" >/dev/null 2>&1; then
    echo "ncurses-6.5: FAILED: tour_window cannot be named against ncurses $version's headers" >&2; rm -rf "$probe"; exit 1
fi
rm -rf "$probe"
echo "ncurses-6.5: TourKit and Examples/mytool build against ncurses $version's headers (NCURSES_OPAQUE 1)"
