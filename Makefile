# tour: two commands on a fresh machine.
#   make run    installs what is missing, builds, plays the built-in tour
#   make test   runs every test (unit, snapshot, end-to-end in tmux)

SHELL := /bin/bash
SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
SWIFTC ?= $(shell command -v swiftc 2>/dev/null || echo /opt/swift/usr/bin/swiftc)
# The toolchain's clang, with libFuzzer, for the C fuzz target.
CLANG ?= $(dir $(SWIFTC))clang
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
BIN := .build/debug/tour

.PHONY: all deps sysroot deb wheel tag terminfo-entries packages packages-native packages-aarch64 packages-deps terminals-test-deps emulators-deps test-terminals packages-test-deps bench-deps web-test-deps install-test-deps build release link-order run test bench fuzz docs width-table install uninstall dist generated clean

all: build

# Debian packages the build and the tests need; installed only when missing.
# ncurses-term brings the "-direct" terminfo entries that 24-bit color needs; the release
# link takes its C libraries from a Debian 11 root (see release).
deps:
	@missing=""; \
	[ -f /usr/include/ncursesw/curses.h ] || missing="$$missing libncurses-dev"; \
	command -v tmux >/dev/null 2>&1 || missing="$$missing tmux"; \
	[ -e /usr/share/terminfo/t/tmux-direct ] || missing="$$missing ncurses-term"; \
	[ -f /usr/include/png.h ] || missing="$$missing libpng-dev"; \
	[ -f /usr/include/jpeglib.h ] || missing="$$missing libjpeg62-turbo-dev"; \
	ls /usr/lib/*/libchafa.so.0 >/dev/null 2>&1 || missing="$$missing libchafa-dev"; \
	[ -f /usr/include/chafa/chafa.h ] || missing="$$missing libchafa-dev"; \
	if [ -n "$$missing" ]; then \
		echo "Installing:$$missing"; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; \
	fi
	@test -x "$(SWIFT)" || command -v "$(SWIFT)" >/dev/null || \
		{ echo "Swift toolchain not found (set SWIFT=/path/to/swift)"; exit 1; }

build: deps
	$(SWIFT) build

# The binary that make install ships and make bench measures. It runs on glibc 2.31 and
# later (Debian 11 and every later Debian; CONTRIBUTING.md says why this way): it is linked
# against a Debian 11 root used as the sysroot (scripts/debian-root.sh, made once and kept
# in ~/.cache/tour/roots), with libstdc++ from that root linked in statically
# (scripts/release-ld) and the one C++ function it lacks in scripts/release-compat.c. Its
# link is laid out for a small resident set: lld puts the functions that tour runs
# (scripts/link-order.txt, from make link-order) side by side. The binary is stripped;
# its debug info is .build/release/tour.debug, named by the binary's .gnu_debuglink.
# No $ORIGIN rpath: it sent the dynamic loader looking in the binary's own folder (and
# its glibc-hwcaps subfolders) for every library before the system's.
ROOTS ?= $(or $(TOUR_ROOTS),$(or $(XDG_CACHE_HOME),$(HOME)/.cache)/tour/roots)
SYSROOT := $(ROOTS)/bullseye-build
SYSROOT_PACKAGES := libc6-dev libncurses-dev libstdc++-10-dev libgcc-10-dev dpkg-dev
RELEASE_COMPAT := .build/release-compat.o
# x86_64: the relative relocations packed, and applied by the binary's own entry point
# (scripts/release-relr.c says why), 3 KB where RELA took 440 KB and 0.4 MiB resident.
RELEASE_RELR := .build/release-relr.o
# x86_64: the Swift runtime's argument grabber and backtracer left out (scripts/release-startup.c).
RELEASE_STARTUP := .build/release-startup.o
RELR_FLAGS := $(if $(filter x86_64,$(shell uname -m)),-Xlinker $(CURDIR)/$(RELEASE_RELR) \
	-Xlinker --pack-dyn-relocs=relr -Xlinker -e -Xlinker tour_entry -Xlinker $(CURDIR)/$(RELEASE_STARTUP))
# exp, exp2, log and log2 at the versions every glibc has (scripts/release-compat.c).
LIBM_BASE_VERSIONS := -Xlinker --wrap=exp -Xlinker --wrap=exp2 -Xlinker --wrap=log -Xlinker --wrap=log2
RELEASE_FLAGS := -c release --static-swift-stdlib --disable-local-rpath \
	-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors \
	-Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections \
	-Xswiftc -use-ld=lld -Xswiftc -ld-path=$(CURDIR)/scripts/release-ld \
	-Xswiftc -Xclang-linker -Xswiftc --sysroot=$(SYSROOT) -Xlinker $(CURDIR)/$(RELEASE_COMPAT) \
	-Xlinker --symbol-ordering-file=$(CURDIR)/scripts/link-order.txt -Xlinker --no-warn-symbol-ordering \
	-Xlinker --build-id=sha1 $(LIBM_BASE_VERSIONS) $(RELR_FLAGS)
RELEASE_BIN := .build/release/tour
# Linked by the same build, with the same entry point: the benchmarks and TourKit's harness.
RELEASE_OTHER_BINS := .build/release/TourBenchmarks .build/release/TourKitHarness

sysroot:
	@scripts/debian-root.sh bullseye-build bullseye $(SYSROOT_PACKAGES) >/dev/null

release: deps sysroot
	@mkdir -p .build
	$(CLANG) -O2 --sysroot=$(SYSROOT) -c scripts/release-compat.c -o $(RELEASE_COMPAT)
	$(if $(RELR_FLAGS),$(CLANG) -O2 -fPIC --sysroot=$(SYSROOT) -c scripts/release-relr.c -o $(RELEASE_RELR))
	$(if $(RELR_FLAGS),$(CLANG) -O2 --sysroot=$(SYSROOT) -c scripts/release-startup.c -o $(RELEASE_STARTUP))
	$(SWIFT) build $(RELEASE_FLAGS)
	$(if $(RELR_FLAGS),@scripts/hide-relr.py $(RELEASE_BIN) $(RELEASE_OTHER_BINS))
	@scripts/split-debug.sh $(RELEASE_BIN)

# Traces the release binary under callgrind and rewrites scripts/link-order.txt; run it
# after larger changes, then make bench.
link-order: release
	@command -v valgrind >/dev/null 2>&1 || $(SUDO) apt-get install -y valgrind
	python3 scripts/make-link-order.py
	rm -f $(RELEASE_BIN)  # SwiftPM does not track the order file: link again
	$(MAKE) --no-print-directory release

# Exit 1 means the tour was skipped (q): an answer, not a failure for make to report.
run: build
	@$(BIN) || [ $$? -eq 1 ]

# Everything: the example tool's build, a short smoke of every fuzz target, then the
# unit, snapshot and end-to-end tests (which run the built binaries in tmux and ptys).
FUZZ_SMOKE_SECONDS ?= 5
test: build bench-deps install-test-deps packages-deps terminals-test-deps web-test-deps
	$(SWIFT) build --package-path Examples/mytool --disable-build-manifest-caching
	SWIFT=$(SWIFT) bash Tests/Packages/ncurses-6.5-build-test.sh
	$(MAKE) --no-print-directory release
	python3 bench/bench.py --smoke
	python3 bench/limits.py
	python3 Tests/Terminals/replies-test.py $(RELEASE_BIN)
	python3 Tests/Terminals/pixels-test.py $(RELEASE_BIN)
	python3 Tests/Terminals/parent-dies-test.py $(RELEASE_BIN)
	python3 Tests/Terminals/as-found-test.py $(RELEASE_BIN)
	python3 Tests/Terminals/hosts-test.py $(RELEASE_BIN)
	python3 Tests/Terminals/full-screen-host-test.py $(RELEASE_BIN)
	python3 Tests/Terminals/cast-test.py $(RELEASE_BIN)
	python3 Tests/Hardening/round-six-test.py $(RELEASE_BIN)
	python3 Tests/Packages/no-proc-test.py $(RELEASE_BIN)
	python3 Tests/Packages/c-glue-test.py
	python3 Tests/Source/shape-test.py
	python3 Tests/Schema/schema-test.py $(RELEASE_BIN)
	python3 Tests/Web/web-test.py $(RELEASE_BIN)
	python3 Tests/Terminals/xterm-test.py $(RELEASE_BIN)
	python3 Tests/Terminals/matrix.py $(RELEASE_BIN)
	bash Tests/Install/install-test.sh
	DEBFULLNAME="tour tests" DEBEMAIL=tour-tests@example.org $(MAKE) --no-print-directory packages-native
	DEBFULLNAME="tour tests" DEBEMAIL=tour-tests@example.org python3 Tests/Packages/packages-test.py
	python3 Tests/Packages/snippets-test.py $(RELEASE_BIN)
	python3 Tests/Packages/release-workflow-test.py
	python3 Tests/Packages/aarch64-test.py
	$(MAKE) --no-print-directory fuzz FUZZ_SECONDS=$(FUZZ_SMOKE_SECONDS)
	TOUR_BIN=$(CURDIR)/$(BIN) $(SWIFT) test --disable-xctest

# What the install test checks with: mandoc (lint), man, zsh and fish (their completions).
install-test-deps:
	@missing=""; \
	command -v mandoc >/dev/null 2>&1 || missing="$$missing mandoc"; \
	command -v man >/dev/null 2>&1 || missing="$$missing man-db"; \
	command -v zsh >/dev/null 2>&1 || missing="$$missing zsh"; \
	command -v fish >/dev/null 2>&1 || missing="$$missing fish"; \
	if [ -n "$$missing" ]; then \
		echo "Installing:$$missing"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; \
	fi

# What the packaging test (Tests/Packages) works with: debootstrap for the Debian roots,
# lintian for the .deb, gdb for the crash backtrace, pip's wheel for the Python example,
# and jsonschema for the schema test.
packages-test-deps:
	@missing=""; \
	command -v debootstrap >/dev/null 2>&1 || missing="$$missing debootstrap"; \
	command -v lintian >/dev/null 2>&1 || missing="$$missing lintian"; \
	command -v gdb >/dev/null 2>&1 || missing="$$missing gdb"; \
	command -v objdump >/dev/null 2>&1 || missing="$$missing binutils"; \
	if [ -n "$$missing" ]; then \
		echo "Installing:$$missing"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; \
	fi
	@python3 -c "import wheel" 2>/dev/null || python3 -m pip install --quiet wheel
	@python3 -c "import jsonschema" 2>/dev/null || python3 -m pip install --quiet jsonschema

# What the web page's test (Tests/Web) plays it in: headless Chromium, driven by Selenium.
web-test-deps:
	@missing=""; \
	command -v chromium >/dev/null 2>&1 || missing="$$missing chromium"; \
	command -v chromedriver >/dev/null 2>&1 || missing="$$missing chromium-driver"; \
	if [ -n "$$missing" ]; then \
		echo "Installing:$$missing"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
	fi
	@python3 -c "import selenium" 2>/dev/null || python3 -m pip install --quiet selenium

# What `make bench` compares against and reads screens with.
bench-deps: deps
	@missing=""; \
	command -v dialog >/dev/null 2>&1 || missing="$$missing dialog"; \
	command -v mdp >/dev/null 2>&1 || missing="$$missing mdp"; \
	if [ -n "$$missing" ]; then \
		echo "Installing:$$missing"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; \
	fi
	@python3 -c "import pyte" 2>/dev/null || python3 -m pip install --quiet pyte

# What the real-terminal tests need: an X server without a screen, xterm (and the font it
# is clicked at), xdotool to click, screen, and asciinema (which plays render --format cast).
terminals-test-deps:
	@missing=""; \
	command -v Xvfb >/dev/null 2>&1 || missing="$$missing xvfb"; \
	command -v xterm >/dev/null 2>&1 || missing="$$missing xterm"; \
	command -v xdotool >/dev/null 2>&1 || missing="$$missing xdotool"; \
	command -v screen >/dev/null 2>&1 || missing="$$missing screen"; \
	command -v asciinema >/dev/null 2>&1 || missing="$$missing asciinema"; \
	command -v import >/dev/null 2>&1 || missing="$$missing imagemagick"; \
	[ -e /usr/share/fonts/X11/misc/6x13-ISO8859-1.pcf.gz ] || missing="$$missing xfonts-base"; \
	if [ -n "$$missing" ]; then \
		echo "Installing:$$missing"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
	fi

# The emulators of the full matrix, ImageMagick for its screenshots, and Mesa for the two
# that draw with OpenGL (kitty and alacritty, in software under Xvfb).
emulators-deps: terminals-test-deps
	@missing=""; \
	command -v urxvt >/dev/null 2>&1 || missing="$$missing rxvt-unicode"; \
	command -v stterm >/dev/null 2>&1 || missing="$$missing stterm"; \
	command -v xfce4-terminal >/dev/null 2>&1 || missing="$$missing xfce4-terminal"; \
	command -v konsole >/dev/null 2>&1 || missing="$$missing konsole"; \
	command -v kitty >/dev/null 2>&1 || missing="$$missing kitty"; \
	command -v alacritty >/dev/null 2>&1 || missing="$$missing alacritty"; \
	command -v import >/dev/null 2>&1 || missing="$$missing imagemagick"; \
	[ -e /usr/lib/x86_64-linux-gnu/dri/swrast_dri.so ] || [ "$$(uname -m)" != x86_64 ] || missing="$$missing libgl1-mesa-dri"; \
	if [ -n "$$missing" ]; then \
		echo "Installing:$$missing"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
	fi

# The real-terminal tests, all of them: the pty that answers late and adversarially, fast
# clicks in xterm, and the matrix of emulators, which rewrites docs/terminals.md's table
# and its screenshots (make test runs the first two and the matrix's xterm, tmux and
# screen rows, writing nothing).
test-terminals: bench-deps emulators-deps release
	python3 Tests/Terminals/replies-test.py $(RELEASE_BIN)
	python3 Tests/Terminals/xterm-test.py $(RELEASE_BIN)
	python3 Tests/Terminals/matrix.py $(RELEASE_BIN) --all --write-docs

# tour against dialog and mdp, side by side in one run: prints the table, writes BENCHMARKS.md.
# BENCH_FLAGS: say --before BINARY --before-name NAME to measure an earlier build beside it.
bench: bench-deps release
	python3 bench/bench.py $(BENCH_FLAGS)

# libFuzzer targets over the parts that read untrusted bytes, FUZZ_SECONDS each (60 by
# default; CI runs a short smoke). New inputs go to .build/fuzz/work-*, never into the
# committed seed corpus; a crash stops with its input saved under .build/fuzz/.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS := decoder markdown tips messages ansi_art keys wrap words image
fuzz: deps
	@mkdir -p .build/fuzz
	@echo "fuzz: building image"; \
	$(CLANG) -g -O1 -fsanitize=fuzzer,address -I Sources/CImage/include Sources/CImage/decode.c Sources/CImage/draw.c Fuzz/Targets/image.c \
		-o .build/fuzz/image > .build/fuzz/image.build.log 2>&1 || { grep -E 'error' .build/fuzz/image.build.log; exit 1; }
	@for target in $(filter-out image,$(FUZZ_TARGETS)); do \
		echo "fuzz: building $$target"; \
		if ! $(SWIFTC) -parse-as-library -sanitize=fuzzer,address -module-name TourFuzz -package-name tour -Onone -g \
			$$(find Sources/TourCore -name '*.swift') Fuzz/Checks/FuzzChecks.swift Fuzz/Targets/$$target.swift \
			-o .build/fuzz/$$target > .build/fuzz/$$target.build.log 2>&1; then \
			grep -E 'error' .build/fuzz/$$target.build.log; exit 1; \
		fi; \
	done
	@for target in $(FUZZ_TARGETS); do \
		mkdir -p .build/fuzz/work-$$target; \
		echo "fuzz: $$target for $(FUZZ_SECONDS) s"; \
		SWIFT_BACKTRACE=enable=no LSAN_OPTIONS=suppressions=$(CURDIR)/Fuzz/lsan.supp .build/fuzz/$$target -max_total_time=$(FUZZ_SECONDS) -rss_limit_mb=2048 \
			-timeout=10 -print_final_stats=1 -artifact_prefix=.build/fuzz/$$target- \
			.build/fuzz/work-$$target Fuzz/Corpus/$$target 2>&1 | grep -E '^(Done|stat::number_of_executed_units|==[0-9]+==|SUMMARY)' ; \
		status=$${PIPESTATUS[0]}; \
		if [ "$$status" != 0 ]; then \
			echo "fuzz: $$target found a crash: .build/fuzz/$$target-*; add the input to Fuzz/Regressions/$$target/"; exit 1; \
		fi; \
	done

# The pictures of the built-in tour in the README, drawn by `tour render`, and its web
# page as headless Chromium draws it.
docs: build web-test-deps
	@for page in 1 2 3 4 5 6; do \
		$(BIN) render --page $$page --size 80x24 --format svg > docs/tour-page-$$page.svg; \
	done
	python3 Tests/Web/web-test.py $(BIN) --update-screenshots

# make install PREFIX=/usr/local DESTDIR=: the release binary (static Swift standard
# library: it runs without the toolchain), the man pages, the shell completions and the
# JSON Schema of tour files (share/tour/tour.schema.json, what `tour schema` prints).
# make uninstall removes exactly those files, and the folders it made that are left empty.
PREFIX ?= /usr/local
INSTALLED := bin/tour share/man/man1/tour.1 share/man/man5/tour.5 \
	share/bash-completion/completions/tour share/zsh/site-functions/_tour share/fish/vendor_completions.d/tour.fish \
	share/tour/tour.schema.json
GENERATED := .build/generated

generated: release
	@mkdir -p $(GENERATED)
	$(RELEASE_BIN) --generate-manual > $(GENERATED)/tour.1
	$(RELEASE_BIN) --generate-completion-script bash > $(GENERATED)/tour.bash
	$(RELEASE_BIN) --generate-completion-script zsh > $(GENERATED)/_tour
	$(RELEASE_BIN) --generate-completion-script fish > $(GENERATED)/tour.fish
	$(RELEASE_BIN) schema > $(GENERATED)/tour.schema.json

# INSTALL_BIN: the binary installed (make packages-aarch64 installs the aarch64 one).
INSTALL_BIN ?= $(RELEASE_BIN)
install: generated
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/man/man1" "$(DESTDIR)$(PREFIX)/share/man/man5" \
		"$(DESTDIR)$(PREFIX)/share/bash-completion/completions" "$(DESTDIR)$(PREFIX)/share/zsh/site-functions" \
		"$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d" "$(DESTDIR)$(PREFIX)/share/tour"
	install -m 0755 $(INSTALL_BIN) "$(DESTDIR)$(PREFIX)/bin/tour"
	install -m 0644 $(GENERATED)/tour.1 "$(DESTDIR)$(PREFIX)/share/man/man1/tour.1"
	install -m 0644 docs/man/tour.5 "$(DESTDIR)$(PREFIX)/share/man/man5/tour.5"
	install -m 0644 $(GENERATED)/tour.bash "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/tour"
	install -m 0644 $(GENERATED)/_tour "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_tour"
	install -m 0644 $(GENERATED)/tour.fish "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/tour.fish"
	install -m 0644 $(GENERATED)/tour.schema.json "$(DESTDIR)$(PREFIX)/share/tour/tour.schema.json"

uninstall:
	@for file in $(INSTALLED); do rm -f "$(DESTDIR)$(PREFIX)/$$file"; done
	@for dir in bin share/man/man1 share/man/man5 share/man share/bash-completion/completions share/bash-completion \
		share/zsh/site-functions share/zsh share/fish/vendor_completions.d share/fish share/tour share; do \
		rmdir "$(DESTDIR)$(PREFIX)/$$dir" 2>/dev/null || true; \
	done
	@if [ -n "$(DESTDIR)" ]; then p="$(PREFIX)"; \
		while [ -n "$$p" ] && [ "$$p" != "/" ]; do rmdir "$(DESTDIR)$$p" 2>/dev/null || break; p=$$(dirname "$$p"); done; \
	fi

# make dist: tour-VERSION-linux-ARCH.tar.gz with the binary, the man pages, the completions,
# LICENSE, README.md and INSTALL (Packaging/tarball: how to install from it); beside it tour-VERSION-linux-ARCH.debug (the binary's debug info:
# gdb finds it as tour.debug beside the binary, or by build id) and SHA256SUMS of both, so
# a download can be checked before it is unpacked. VERSION is what tour --version prints.
# OUT sets the folder that dist, deb and wheel write into (make packages: dist/).
OUT ?= .
dist: generated
	@version=$$($(RELEASE_BIN) --version | cut -d' ' -f2); arch=$$(uname -m); \
	name=tour-$$version-linux-$$arch; stage=.build/dist/$$name; \
	rm -rf .build/dist && mkdir -p $$stage $(OUT) && \
	$(MAKE) --no-print-directory install DESTDIR=$(CURDIR)/$$stage PREFIX= >/dev/null && \
	cp LICENSE README.md Packaging/tarball/INSTALL $$stage/ && \
	tar -C .build/dist --owner=0 --group=0 --sort=name -czf $(OUT)/$$name.tar.gz $$name && \
	cp $(RELEASE_BIN).debug $(OUT)/$$name.debug && \
	(cd $(OUT) && sha256sum $$name.tar.gz $$name.debug > SHA256SUMS) && \
	echo "$(OUT)/$$name.tar.gz $(OUT)/$$name.debug $(OUT)/SHA256SUMS"

# make packages: every artifact this machine can build, in dist/, each checked by the
# validator its registry's users trust (Packaging/check-packages.py: twine and auditwheel
# for the wheels, lintian for the .debs, npm publish --dry-run for the npm packages,
# readelf for every shipped binary), and one SHA256SUMS. It fails when a check fails.
# The npm tarballs go in dist/npm/: in dist/ itself, `pip install --find-links dist` took
# tour-onboarding-X.Y.Z.tgz for a Python source package of the same name. Beside the
# platform wheels, a py3-none-any wheel holds the module alone, for every other platform.
# The aarch64 artifacts come from scripts/build-aarch64.sh where it can build them.
# make packages-native: this machine's architecture only (what make test builds: the
# aarch64 build under emulation takes about an hour). Each leaves the other's files in
# dist/ and checks everything there.
DIST := dist
AARCH64_BIN := .build/aarch64/tour
AARCH64_SYSROOT := $(ROOTS)/bullseye-arm64-build
packages: packages-native packages-aarch64

packages-native: generated packages-deps
	@mkdir -p $(DIST) && rm -f $(DIST)/*x86_64* $(DIST)/*amd64* $(DIST)/*-none-any.whl $(DIST)/tour-onboarding-*.tgz \
		$(DIST)/npm/*-x64-* $(DIST)/npm/tour-onboarding-[0-9]*.tgz $(DIST)/SHA256SUMS
	@$(MAKE) --no-print-directory dist OUT=$(DIST) >/dev/null
	@rm -f $(DIST)/SHA256SUMS
	@$(MAKE) --no-print-directory deb OUT=$(DIST) >/dev/null
	@$(MAKE) --no-print-directory wheel OUT=$(DIST) >/dev/null
	@python3 Packaging/python/make-wheel.py --pure $(RELEASE_BIN) $(DIST) >/dev/null
	@python3 Packaging/npm/make-npm.py $(RELEASE_BIN) $(DIST)/npm >/dev/null
	@python3 Packaging/check-packages.py $(DIST)

# The aarch64 binary (scripts/build-aarch64.sh), then its tarball, .deb (arm64), wheel and
# npm package, with the man pages and completions that the native binary wrote.
# qemu-user finds the aarch64 loader and glibc in the arm64 root, to run the binary here
# (make-deb.sh, make-wheel.py and make-npm.py ask it its version).
packages-aarch64: export QEMU_LD_PREFIX := $(AARCH64_SYSROOT)
packages-aarch64: generated packages-deps
	scripts/build-aarch64.sh $(AARCH64_BIN)
	@mkdir -p $(DIST) && rm -f $(DIST)/*aarch64* $(DIST)/*arm64* $(DIST)/npm/*arm64* $(DIST)/SHA256SUMS
	@version=$$($(RELEASE_BIN) --version | cut -d' ' -f2); name=tour-$$version-linux-aarch64; stage=.build/dist-aarch64/$$name; \
	rm -rf .build/dist-aarch64 && mkdir -p $$stage && \
	$(MAKE) --no-print-directory install DESTDIR=$(CURDIR)/$$stage PREFIX= INSTALL_BIN=$(AARCH64_BIN) >/dev/null && \
	cp LICENSE README.md Packaging/tarball/INSTALL $$stage/ && \
	tar -C .build/dist-aarch64 --owner=0 --group=0 --sort=name -czf $(DIST)/$$name.tar.gz $$name && \
	cp $(AARCH64_BIN).debug $(DIST)/$$name.debug
	@rm -rf .build/deb-aarch64 && $(MAKE) --no-print-directory install DESTDIR=$(CURDIR)/.build/deb-aarch64/stage PREFIX=/usr INSTALL_BIN=$(AARCH64_BIN) >/dev/null
	@DEB_ARCH=arm64 SYSROOT=$(AARCH64_SYSROOT) Packaging/deb/make-deb.sh .build/deb-aarch64/stage $(DIST) >/dev/null
	@python3 Packaging/python/make-wheel.py $(AARCH64_BIN) $(DIST) >/dev/null
	@python3 Packaging/npm/make-npm.py $(AARCH64_BIN) $(DIST)/npm >/dev/null
	@python3 Packaging/check-packages.py $(DIST)

# What make packages builds and checks with (npm, auditwheel, twine), what the tests of
# its npm packages compile the TypeScript types with (tsc), and the compilers of the
# other-language snippets in docs/reference.md (Go, and Debian's Rust, which is what
# Debian stable's users have, whatever rustup put first on PATH; C is the build's own gcc).
packages-deps: packages-test-deps
	@missing=""; \
	command -v npm >/dev/null 2>&1 || missing="$$missing npm"; \
	command -v tsc >/dev/null 2>&1 || missing="$$missing node-typescript"; \
	command -v go >/dev/null 2>&1 || missing="$$missing golang-go"; \
	[ -x /usr/bin/rustc ] || missing="$$missing rustc"; \
	if [ -n "$$missing" ]; then \
		echo "Installing:$$missing"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
	fi
	@command -v auditwheel >/dev/null 2>&1 || python3 -m pip install --quiet auditwheel
	@command -v twine >/dev/null 2>&1 || python3 -m pip install --quiet twine
	@python3 -c "import yaml" 2>/dev/null || python3 -m pip install --quiet pyyaml

# make deb: tour_VERSION_ARCH.deb of the same files in Debian's places (Packaging/deb).
deb: generated
	@rm -rf .build/deb
	@$(MAKE) --no-print-directory install DESTDIR=$(CURDIR)/.build/deb/stage PREFIX=/usr >/dev/null
	@SYSROOT=$(SYSROOT) Packaging/deb/make-deb.sh .build/deb/stage $(OUT)

# make wheel: tour_onboarding-VERSION-py3-none-manylinux_2_XX_ARCH.whl, the binary and the
# module a Python tool imports (Packaging/python), tagged with the binary's glibc floor.
# (make packages adds tour_onboarding-VERSION-py3-none-any.whl, the module alone.)
wheel: release
	@python3 Packaging/python/make-wheel.py $(RELEASE_BIN) $(OUT)

# make tag: the release tag, X.Y.Z as SwiftPM reads it (no "v"), annotated, from the version
# in Sources/tour/TourVersion.swift; refused on a tree with changes or a tag already there.
# A tool then depends on this release with `.package(url: …, from: "X.0.0")`.
tag:
	@version=$$(sed -n 's/.*"\([0-9][0-9.]*\)".*/\1/p' Sources/tour/TourVersion.swift | head -1); \
	[ -n "$$version" ] || { echo "make tag: no version in Sources/tour/TourVersion.swift" >&2; exit 1; }; \
	[ -z "$$(git status --porcelain)" ] || { echo "make tag: the tree has changes; commit them first" >&2; exit 1; }; \
	! git rev-parse -q --verify "refs/tags/$$version" >/dev/null || { echo "make tag: $$version is tagged already" >&2; exit 1; }; \
	git tag -a "$$version" -m "tour $$version" && echo "tagged $$version; push it with: git push origin $$version"

# The terminfo entries built into the binary (scripts/generate-terminfo.py), compiled by the
# newest ncurses-term Debian has, with kitty's own entry, in a trixie root.
terminfo-entries:
	@root=$$(scripts/debian-root.sh trixie-terminfo trixie ncurses-term kitty-terminfo) && \
		python3 scripts/generate-terminfo.py $$root/usr/share/terminfo

# The character-width table, from Debian's copy of the Unicode data files.
width-table:
	@[ -f /usr/share/unicode/EastAsianWidth.txt ] || { $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq unicode-data >/dev/null; }
	python3 scripts/generate-width-table.py /usr/share/unicode Sources/TourCore/Text/WidthTable.swift

clean:
	rm -rf .build
