#!/usr/bin/env bash
# make install into a temporary DESTDIR, checked as a packager would: every file in place,
# the binary runs without the Swift toolchain and links no Swift library, both man pages
# render and lint clean, the completions complete in a real bash, zsh and fish, and make uninstall
# leaves the directory empty. Run by `make test` after the release build.
set -u
cd "$(dirname "$0")/../.."
destdir=$(mktemp -d)
trap 'rm -rf "$destdir"' EXIT
passed=0 failed=0
check() {  # check "what" command...
    local what=$1; shift
    if "$@" >/tmp/tour-install-check.log 2>&1; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1)); echo "install: FAILED: $what"; sed 's/^/    /' /tmp/tour-install-check.log | head -20
    fi
}

make --no-print-directory install DESTDIR="$destdir" PREFIX=/usr >/dev/null || { echo "install: make install failed"; exit 1; }
root=$destdir/usr
for file in bin/tour share/man/man1/tour.1 share/man/man5/tour.5 share/bash-completion/completions/tour \
            share/zsh/site-functions/_tour share/fish/vendor_completions.d/tour.fish share/tour/tour.schema.json; do
    check "$file is installed" test -s "$root/$file"
done

# No toolchain on PATH, no Swift library linked: it runs on a machine without Swift.
check "runs with PATH stripped of the toolchain" env -i PATH=/usr/bin:/bin "$root/bin/tour" --version
check "ldd shows no Swift library" bash -c "! ldd '$root/bin/tour' | grep -i swift"
check "ldd shows no libstdc++ (linked in by scripts/release-ld)" bash -c "! ldd '$root/bin/tour' | grep -F libstdc++"
check "plays the built-in tour as text" bash -c "env -i PATH=/usr/bin:/bin '$root/bin/tour' --plain | grep -q 'Welcome to tour'"

# The man pages render, and lint without a warning.
check "man -l renders tour(1)" bash -c "MANWIDTH=80 man -l '$root/share/man/man1/tour.1' | grep -q -- '--allow-outside-art'"
check "man -l renders tour(5)" bash -c "MANWIDTH=80 man -l '$root/share/man/man5/tour.5' | grep -q 'heroFile'"
check "tour(5) describes tips files" bash -c "MANWIDTH=80 man -l '$root/share/man/man5/tour.5' | grep -q 'Tips files'"
check "tour(1) describes tour tip and tour tips" bash -c "MANWIDTH=80 man -l '$root/share/man/man1/tour.1' | grep -q 'TOUR_NO_TIPS'"
check "mandoc -T lint tour(1)" mandoc -T lint -W warning "$root/share/man/man1/tour.1"
check "mandoc -T lint tour(5)" mandoc -T lint -W warning "$root/share/man/man5/tour.5"
# Every option of the table is in the man page and the help.
for option in $("$root/bin/tour" --help | grep -oE -- '--[a-z-]+' | sort -u); do
    check "tour(1) documents $option" grep -q -- "Fl ${option#-}" "$root/share/man/man1/tour.1"
done

# bash completes "tour --no-" to the three --no- options, in a real bash.
check "bash completes --no-" bash -c "
    source '$root/share/bash-completion/completions/tour'
    COMP_WORDS=(tour --no-); COMP_CWORD=1; _tour
    [ \"\${COMPREPLY[*]}\" = '--no-color --no-animation --no-mouse' ]"
check "bash completes render --format" bash -c "
    source '$root/share/bash-completion/completions/tour'
    COMP_WORDS=(tour render --format ''); COMP_CWORD=3; _tour
    [ \"\${COMPREPLY[*]}\" = 'text ansi svg html cast' ]"
check "bash completes FILE to *.json and *.md" bash -c "
    source '$root/share/bash-completion/completions/tour'
    cd Tests/Fixtures/markdown; COMP_WORDS=(tour check ''); COMP_CWORD=2; _tour
    printf '%s\n' \"\${COMPREPLY[@]}\" | sort | tr '\n' ' ' | grep -qx 'art broken.md habits.json habits.md '"
check "bash completes ren to render, one word, and ch to check and checklist" bash -c "
    source '$root/share/bash-completion/completions/tour'
    cd \$(mktemp -d); COMP_WORDS=(tour ren); COMP_CWORD=1; _tour
    [ \"\${#COMPREPLY[@]}\" = 1 ] && [ \"\${COMPREPLY[0]}\" = render ] || exit 1
    COMP_WORDS=(tour ch); _tour
    [ \"\${COMPREPLY[*]}\" = 'check checklist' ]"
check "bash offers check, render, tip, tips, whats-new, answers, schema, done and checklist as nine words" bash -c "
    source '$root/share/bash-completion/completions/tour'
    cd \$(mktemp -d); COMP_WORDS=(tour ''); COMP_CWORD=1; _tour
    [ \"\${#COMPREPLY[@]}\" = 9 ] && [ \"\${COMPREPLY[*]}\" = 'check render tip tips whats-new answers schema done checklist' ]"
check "bash completes tip --o to --off and --on" bash -c "
    source '$root/share/bash-completion/completions/tour'
    COMP_WORDS=(tour tip --o); COMP_CWORD=2; _tour
    [ \"\${COMPREPLY[*]}\" = '--off --on' ]"
check "fish completes tip --e to --every" bash -c "fish -c \"source '$root/share/fish/vendor_completions.d/tour.fish'; complete -C 'tour tip --e'\" | cut -f1 | grep -qx -- --every"
check "sourcing the bash completion leaves extglob as it was" bash -c "
    shopt -u extglob; source '$root/share/bash-completion/completions/tour'; ! shopt -q extglob"
check "bash keeps a tour file with a space whole" bash -c "
    d=\$(mktemp -d); touch \"\$d/my tour.json\" \"\$d/notes.txt\"; cd \"\$d\"
    source '$root/share/bash-completion/completions/tour'; COMP_WORDS=(tour my); COMP_CWORD=1; _tour
    [ \"\${#COMPREPLY[@]}\" = 1 ] && [ \"\${COMPREPLY[0]}\" = 'my tour.json' ]"
check "fish completes ch to check" bash -c "fish -c \"source '$root/share/fish/vendor_completions.d/tour.fish'; complete -C 'tour ch'\" | cut -f1 | grep -qx check"
check "zsh completes ch to check, in a real zsh" zsh Tests/Install/zsh-completes.zsh "$root/share/zsh/site-functions"
check "zsh loads _tour" zsh -c "fpath=('$root/share/zsh/site-functions' \$fpath); autoload -U compinit; compinit -u -d /tmp/tour-install-zcompdump; autoload -U _tour; (( \$+functions[_tour] ))"
check "zsh parses _tour" zsh -n "$root/share/zsh/site-functions/_tour"
check "fish parses tour.fish" fish -n "$root/share/fish/vendor_completions.d/tour.fish"
check "fish completes --no-" bash -c "fish -c \"source '$root/share/fish/vendor_completions.d/tour.fish'; complete -C 'tour --no-'\" | cut -f1 | sort | tr '\n' ' ' | grep -qx -- '--no-animation --no-color --no-mouse '"

make --no-print-directory uninstall DESTDIR="$destdir" PREFIX=/usr >/dev/null
check "make uninstall leaves the directory empty" bash -c "[ -z \"\$(ls -A '$destdir')\" ]"

# make dist: the tarball holds the same files, the LICENSE and the README; beside it the
# debug file and SHA256SUMS, which verify the download itself.
version=$(.build/release/tour --version | cut -d' ' -f2)
name=tour-$version-linux-$(uname -m)
check "make dist" make --no-print-directory dist
check "the tarball holds binary, man pages, completions, INSTALL, LICENSE, README" bash -c "
    tar -tzf '$name.tar.gz' | sed 's|^[^/]*/||' | LC_ALL=C sort | tr '\n' ' ' | grep -qx -- ' INSTALL LICENSE README.md bin/ bin/tour share/ share/bash-completion/ share/bash-completion/completions/ share/bash-completion/completions/tour share/fish/ share/fish/vendor_completions.d/ share/fish/vendor_completions.d/tour.fish share/man/ share/man/man1/ share/man/man1/tour.1 share/man/man5/ share/man/man5/tour.5 share/tour/ share/tour/tour.schema.json share/zsh/ share/zsh/site-functions/ share/zsh/site-functions/_tour '"
check "SHA256SUMS beside the tarball names the tarball and the debug file, and verifies" bash -c "
    [ \"\$(cut -d' ' -f3 SHA256SUMS | tr '\n' ' ')\" = '$name.tar.gz $name.debug ' ] && sha256sum --quiet -c SHA256SUMS"
check "a changed tarball fails the check" bash -c "
    cp '$name.tar.gz' /tmp/tour-dist-copy && printf x >> '$name.tar.gz' && ! sha256sum --quiet -c SHA256SUMS 2>/dev/null; status=\$?; mv /tmp/tour-dist-copy '$name.tar.gz'; exit \$status"
check "the debug file beside it has the binary's debug info and build id" bash -c "
    readelf -S '$name.debug' | grep -q debug_info &&
    [ \"\$(readelf -n '$name.debug' | grep 'Build ID')\" = \"\$(readelf -n .build/release/tour | grep 'Build ID')\" ]"
# INSTALL's own commands, as a person follows them, into ~/.local of a home of their own:
# every indented line that copies, with ~ that home; then tour runs, man finds its page
# and the completions are where bash-completion looks, and the files INSTALL lists as
# what to remove are exactly those installed.
unpacked=$(mktemp -d)
tar -C "$unpacked" -xzf "$name.tar.gz"
home=$(mktemp -d)
check "INSTALL's user install works as written: tour --version, man tour" bash -c "
    cd '$unpacked/$name' && grep -E '^    mkdir -p ~/.local' INSTALL | sed 's/#.*//; s|~|$home|g' | bash -e &&
    [ \"\$('$home/.local/bin/tour' --version)\" = 'tour $version' ] &&
    MANPATH='$home/.local/share/man' man -w tour | grep -q '$home/.local/share/man/man1/tour.1'"
check "INSTALL names every installed file to remove" bash -c "
    listed=\$(tr -s ' \n,' '\n\n\n' < '$unpacked/$name/INSTALL' | grep -E '^(bin|share)/' | sed 's/[.]\$//' | LC_ALL=C sort -u | tr '\n' ' ')
    installed=\$(cd '$home/.local' && find . -type f | sed 's|^./||' | LC_ALL=C sort | tr '\n' ' ')
    [ \"\$listed\" = \"\$installed\" ]"
rm -rf "$unpacked" "$home"
rm -f "$name.tar.gz" "$name.debug" SHA256SUMS

echo "install: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
