#!/usr/bin/env bash
# make-deb.sh STAGE OUT_DIR: the Debian package of `make install` staged in STAGE (PREFIX=/usr),
# written as OUT_DIR/tour_VERSION_ARCH.deb. Depends is computed from the binary by
# dpkg-shlibdeps; the picture libraries, loaded only when a picture is drawn, are Recommends.
# Run by `make deb`; `make test` installs the result in Debian 11, 12 and 13 roots.
set -euo pipefail
stage=$(cd "$1" && pwd) out=$2
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
version=$("$stage/usr/bin/tour" --version | cut -d' ' -f2)
arch=${DEB_ARCH:-$(dpkg --print-architecture)}  # DEB_ARCH=arm64 for the aarch64 binary
maintainer=$("$here/maintainer.sh")  # DEB_MAINTAINER, DEBFULLNAME and DEBEMAIL, or git's user

# Debian's places: zsh reads vendor completions from vendor-completions, man pages are
# compressed, and the package's documents sit in /usr/share/doc/tour.
mkdir -p "$stage/usr/share/zsh/vendor-completions" "$stage/usr/share/doc/tour" "$stage/DEBIAN"
mv "$stage/usr/share/zsh/site-functions/_tour" "$stage/usr/share/zsh/vendor-completions/_tour"
rmdir "$stage/usr/share/zsh/site-functions"
gzip -9n "$stage/usr/share/man/man1/tour.1" "$stage/usr/share/man/man5/tour.5"
install -m 0644 "$here/copyright" "$stage/usr/share/doc/tour/copyright"
# The .deb holds the same binary as the tarball, the wheel and the npm package: ncurses
# linked in, so that one build runs the same everywhere and plays where no terminfo
# database is installed. lintian reports that as embedded-library; the override says so.
mkdir -p "$stage/usr/share/lintian/overrides"
printf '%s\n' "# One binary for every package: ncurses and its terminfo reader are linked in (CONTRIBUTING.md)." \
    "tour: embedded-library ncurses [usr/bin/tour]" >"$stage/usr/share/lintian/overrides/tour"
chmod 0644 "$stage/usr/share/lintian/overrides/tour"

# A Debian changelog of this version, made from CHANGELOG.md's section for it: one entry
# per line item, each item's first sentence.
python3 - "$top/CHANGELOG.md" "$version" "$maintainer" >"$stage/usr/share/doc/tour/changelog" <<'PYTHON'
import datetime, re, sys, textwrap
path, version, maintainer = sys.argv[1:]
text = open(path).read()
section = re.search(rf"^## {re.escape(version)} — (\d{{4}}-\d{{2}}-\d{{2}})\n(.*?)(?=^## |\Z)", text, re.M | re.S)
if not section:
    sys.exit(f"make-deb: CHANGELOG.md has no section for {version}")
date = datetime.datetime.strptime(section.group(1), "%Y-%m-%d").replace(tzinfo=datetime.timezone.utc)
items = re.findall(r"^- (.*?)(?=^- |^#|\Z)", section.group(2), re.M | re.S)
print(f"tour ({version}) unstable; urgency=medium\n")
for item in items:
    words = " ".join(item.split())
    first = re.split(r"(?<=\.)\s", words, maxsplit=1)[0].replace("`", "")
    print(textwrap.fill(first, 78, initial_indent="  * ", subsequent_indent="    "))
print(f"\n -- {maintainer}  {date.strftime('%a, %d %b %Y %H:%M:%S +0000')}")
PYTHON
gzip -9n "$stage/usr/share/doc/tour/changelog"

# Depends from dpkg-shlibdeps, run in the Debian 11 root the binary was linked against
# (SYSROOT; its dpkg-dev is there for this): the versions it needs are those of that
# root's libraries. On this machine's newer Debian, libdl and libpthread are parts of
# libc6 2.34, and the same run would ask for libc6 (>= 2.34).
sysroot=${SYSROOT:?make-deb: set SYSROOT to the build root (make deb does)}
work=$(mktemp -d "$sysroot/tmp/tour-shlibdeps.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/debian"
printf 'Source: tour\n\nPackage: tour\nArchitecture: any\n' >"$work/debian/control"
cp "$stage/usr/bin/tour" "$work/tour"
depends=$(chroot "$sysroot" /bin/sh -c "cd /tmp/${work##*/} && dpkg-shlibdeps -O tour" 2>"$work/log" | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "make-deb: dpkg-shlibdeps gave no Depends:" >&2; cat "$work/log" >&2; exit 1; }

cat >"$stage/DEBIAN/control" <<CONTROL
Package: tour
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $(du -sk --exclude=DEBIAN "$stage" | cut -f1)
Depends: $depends
Recommends: libpng16-16t64 | libpng16-16, libjpeg62-turbo, libchafa0t64 | libchafa0 (>= 1.8)
Section: utils
Priority: optional
Description: first-run tour for command-line tools, in the terminal
 A command-line tool calls "tour --once mytool.json" on every start: a new user
 gets a few full-screen pages to swipe through (a picture, a title, a line of
 text, dots, a Next button), once; after an update, only what is new. Nothing is
 shown in a pipe, in CI or when the user opted out, and the exit code says
 whether the tour was finished or skipped. tour also prints start-up tips.
CONTROL
(cd "$stage" && find usr -type f | sort | xargs md5sum) >"$stage/DEBIAN/md5sums"
chmod 0644 "$stage/DEBIAN/control" "$stage/DEBIAN/md5sums"
mkdir -p "$out"
dpkg-deb --root-owner-group -Zxz --build "$stage" "$out/tour_${version}_${arch}.deb" >/dev/null
echo "$out/tour_${version}_${arch}.deb"
