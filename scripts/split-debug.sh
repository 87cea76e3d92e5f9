#!/bin/sh
# split-debug.sh BINARY: moves BINARY's debug info to BINARY.debug and strips BINARY,
# leaving a .gnu_debuglink that names the debug file (gdb and perf find it beside the
# binary, or in /usr/lib/debug/.build-id/). BINARY.symbols keeps the symbol table without
# the DWARF, for make link-order: valgrind 3.19 reads neither DWARF 5 nor a debug file of
# it, and needs the function names. A binary already split, one SwiftPM did not link
# again, is left as it is.
set -eu
binary=$1
objcopy=${OBJCOPY:-objcopy}
if ! readelf -S "$binary" | grep -q '\.debug_info'; then
    [ -f "$binary.debug" ] || { echo "split-debug: $binary has no debug info and no $binary.debug" >&2; exit 1; }
    exit 0
fi
$objcopy --strip-debug "$binary" "$binary.symbols"
$objcopy --only-keep-debug --compress-debug-sections=zlib "$binary" "$binary.debug"
chmod 0644 "$binary.debug"
$objcopy --strip-all --remove-section=.gnu_debuglink "$binary"
$objcopy --add-gnu-debuglink="$binary.debug" "$binary"
