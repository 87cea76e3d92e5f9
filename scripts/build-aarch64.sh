#!/usr/bin/env bash
# build-aarch64.sh OUT_BINARY: the release binary for Linux aarch64, built on an x86_64
# machine under emulation (qemu-user-static and binfmt_misc), with the Swift toolchain
# that Debian packages for arm64 (swiftlang 6.0.3, in trixie), linked like the x86_64
# one against a Debian 11 arm64 root: glibc floor 2.31 or lower, ncurses and libstdc++
# linked in. Both roots are made once and kept with the others (scripts/debian-root.sh).
# Slow: about an hour on two cores (see CONTRIBUTING.md). Run by `make packages-aarch64`.
set -euo pipefail
out=$1
top=$(cd "$(dirname "$0")/.." && pwd)
[ "$(id -u)" = 0 ] || { echo "build-aarch64: needs root (debootstrap, chroot, binfmt_misc)" >&2; exit 77; }
if [ ! -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ]; then
    command -v qemu-aarch64-static >/dev/null 2>&1 || {
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq qemu-user-static binfmt-support >/dev/null; }
    mountpoint -q /proc/sys/fs/binfmt_misc || mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc
    update-binfmts --enable qemu-aarch64 >/dev/null 2>&1 || true
fi
[ -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ] || { echo "build-aarch64: binfmt_misc has no qemu-aarch64 entry" >&2; exit 1; }
toolchain=$(DEBIAN_ROOT_ARCH=arm64 "$top/scripts/debian-root.sh" trixie-arm64-swift trixie swiftlang libncurses-dev libpng-dev libjpeg62-turbo-dev libchafa-dev)
sysroot=$(DEBIAN_ROOT_ARCH=arm64 "$top/scripts/debian-root.sh" bullseye-arm64-build bullseye libc6-dev libncurses-dev libstdc++-10-dev libgcc-10-dev dpkg-dev)
# What this build is made with, from the roots' records (debian-root.sh).
for name in trixie-arm64-swift bullseye-arm64-build; do
    record=$(dirname "$toolchain")/$name.record
    [ -f "$record" ] && echo "build-aarch64: $name $(head -1 "$record" | cut -d' ' -f2): $(grep -E '^(swiftlang|libncurses-dev|libc6) ' "$record" | tr '\n' ' ')" >&2
done

work=$toolchain/build/tour
# The committed tree. Only files whose bytes changed are copied over the last run's, and
# .build is kept: SwiftPM goes by modification times, so a second run compiles only what
# changed (the first compiles everything under emulation).
mkdir -p "$work" "$toolchain/sysroot"
fresh=$(mktemp -d)
git -C "$top" archive HEAD | tar -x -C "$fresh"
(cd "$fresh" && find . -type f) | while read -r file; do
    cmp -s "$fresh/$file" "$work/$file" || { mkdir -p "$(dirname "$work/$file")"; cp -p "$fresh/$file" "$work/$file"; }
done
(cd "$work" && find . -path ./.build -prune -o -type f -print) | while read -r file; do
    [ -e "$fresh/$file" ] || rm -f "$work/$file"
done
rm -rf "$fresh"
cleanup() {
    umount "$toolchain/sysroot" 2>/dev/null || true
    umount "$toolchain/proc" 2>/dev/null || true
}
trap cleanup EXIT
mount --bind "$sysroot" "$toolchain/sysroot"
mountpoint -q "$toolchain/proc" || mount -t proc proc "$toolchain/proc"
chroot "$toolchain" /usr/bin/env -i PATH=/usr/libexec/swift/bin:/usr/bin:/bin HOME=/root TOUR_LD_LLD=/usr/libexec/swift/bin/ld.lld /bin/sh -c '
    set -e
    cd /build/tour
    mkdir -p .build
    clang -O2 --sysroot=/sysroot -c scripts/release-compat.c -o .build/release-compat.o
    swift build -c release --product tour --static-swift-stdlib --disable-local-rpath \
        -Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections \
        -Xswiftc -use-ld=lld -Xswiftc -ld-path=/build/tour/scripts/release-ld \
        -Xswiftc -Xclang-linker -Xswiftc --sysroot=/sysroot -Xlinker /build/tour/.build/release-compat.o \
        -Xlinker --build-id=sha1 -Xlinker --wrap=exp -Xlinker --wrap=exp2 -Xlinker --wrap=log -Xlinker --wrap=log2
'
mkdir -p "$(dirname "$out")"
cp "$work/.build/release/tour" "$out"
# llvm-objcopy reads any architecture; the host's objcopy reads only its own.
OBJCOPY="$(dirname "$(command -v swiftc || echo /opt/swift/usr/bin/swiftc)")/llvm-objcopy" "$top/scripts/split-debug.sh" "$out"
echo "$out"
