# tour: two commands on a fresh machine.
#   make run    installs what is missing, builds, plays the built-in tour
#   make test   runs every test (unit, snapshot, end-to-end in tmux)

SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
BIN := .build/debug/tour

.PHONY: all deps build release run test clean

all: build

# Debian packages the build and the tests need; installed only when missing.
# ncurses-term brings the "-direct" terminfo entries that 24-bit color needs.
deps:
	@missing=""; \
	[ -f /usr/include/ncursesw/curses.h ] || missing="$$missing libncurses-dev"; \
	command -v tmux >/dev/null 2>&1 || missing="$$missing tmux"; \
	[ -e /usr/share/terminfo/t/tmux-direct ] || missing="$$missing ncurses-term"; \
	if [ -n "$$missing" ]; then \
		echo "Installing:$$missing"; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; \
	fi
	@test -x "$(SWIFT)" || command -v "$(SWIFT)" >/dev/null || \
		{ echo "Swift toolchain not found (set SWIFT=/path/to/swift)"; exit 1; }

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --static-swift-stdlib

run: build
	$(BIN)

test: build
	$(SWIFT) build --package-path Examples/mytool --disable-build-manifest-caching
	TOUR_BIN=$(CURDIR)/$(BIN) $(SWIFT) test --disable-xctest

clean:
	rm -rf .build
