#!/usr/bin/env bash
# debian-root.sh NAME SUITE [PACKAGE...]: prints the path of a Debian root made by
# `debootstrap --variant=minbase SUITE`, with PACKAGEs installed, making it first if needed.
#
# Roots are cached between runs on one machine in $TOUR_ROOTS (default
# ${XDG_CACHE_HOME:-~/.cache}/tour/roots), outside the checkout, so a fresh clone and CI
# reuse them. A root is complete only once its marker is written: a run cut short is
# made again from the start. One lock per root keeps two runs from making it at once.
# NAME.record, beside the root, says what it was made from (see the end).
#
# The release build links against the "bullseye-build" root (glibc 2.31); the tests play
# tour in "bullseye" and "trixie" roots and install the .deb in bullseye, bookworm and trixie.
# Needs root (debootstrap, chroot); everything comes from deb.debian.org by package name.
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 NAME SUITE [PACKAGE...]" >&2; exit 2; }
name=$1 suite=$2; shift 2
roots=${TOUR_ROOTS:-${XDG_CACHE_HOME:-$HOME/.cache}/tour/roots}
root=$roots/$name
marker=$root/.tour-root-complete
# DEBIAN_ROOT_ARCH=arm64 makes a root of another architecture (run through qemu-user-static).
arch=${DEBIAN_ROOT_ARCH:-}
wanted="$suite $*${arch:+ arch=$arch}"

mkdir -p "$roots"
exec 9>"$roots/$name.lock"
flock 9
if [ -f "$marker" ] && [ "$(cat "$marker")" = "$wanted" ]; then
    echo "$root"; exit 0
fi

[ "$(id -u)" = 0 ] || { echo "debian-root: making a Debian root needs root (debootstrap, chroot)" >&2; exit 77; }
command -v debootstrap >/dev/null 2>&1 || {
    apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >&2
}

started=$(date +%s)
rm -rf "$root"
debootstrap --variant=minbase ${arch:+--arch="$arch"} "$suite" "$root" http://deb.debian.org/debian >"$roots/$name.log" 2>&1 || {
    echo "debian-root: debootstrap $suite failed; the last lines of $roots/$name.log:" >&2
    tail -5 "$roots/$name.log" >&2; exit 1
}
if [ $# -gt 0 ]; then
    chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive \
        /bin/sh -c 'apt-get install -y -qq --no-install-recommends "$@"' sh "$@" >>"$roots/$name.log" 2>&1 || {
        echo "debian-root: installing $* in $suite failed; see $roots/$name.log" >&2; exit 1
    }
fi
chroot "$root" apt-get clean

# A linker given this root as its sysroot resolves symbolic links on the host: Debian's
# absolute links (lib64/ld-linux-x86-64.so.2 -> /lib/...) would point outside the root.
python3 - "$root" <<'EOF'
import os, sys
root = sys.argv[1]
for top in ("usr/lib", "usr/lib64"):
    for folder, dirs, files in os.walk(os.path.join(root, top)):
        for entry in dirs + files:
            path = os.path.join(folder, entry)
            target = os.readlink(path) if os.path.islink(path) else ""
            if target.startswith("/"):
                os.unlink(path)
                os.symlink(os.path.relpath(root + target, folder), path)
EOF
echo "$wanted" >"$marker"
echo "debian-root: made $name ($suite) in $(( $(date +%s) - started )) s" >&2

# What the root was made from, kept beside it ($name.record) and outlasting it: the day,
# the mirror's Release date, and every package's version. When a root is made again and
# any of that changed, say what, so a build that now differs from an earlier one says why.
record=$roots/$name.record
{
    echo "made $(date -u +%Y-%m-%d) by debootstrap --variant=minbase ${arch:+--arch=$arch }$suite"
    echo "mirror $(sed -n 's/^Date: //p' "$root"/var/lib/apt/lists/*_dists_"$suite"_InRelease 2>/dev/null | head -1)"
    chroot "$root" dpkg-query -W -f '${Package} ${Version}\n' | sort
} >"$record.new"
if [ -f "$record" ]; then
    changed=$(diff <(tail -n +3 "$record") <(tail -n +3 "$record.new") | sed -n 's/^\([<>]\) /\1 /p' || true)
    if [ -n "$changed" ]; then
        echo "debian-root: $name differs from the root $(head -1 "$record" | cut -d' ' -f2) (< then, > now):" >&2
        echo "$changed" | head -40 >&2
    fi
fi
mv "$record.new" "$record"
echo "$root"
