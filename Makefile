# trendsh: `make run` builds and starts the shell; `make test` runs every test.
# Both install the Debian packages they need first (as root, or through sudo).

SWIFT ?= swift
# A fully static release binary: no shared library to load or relocate at start-up, which
# keeps start-up level with sqlite3's own (see bench/). libedit needs its own dependencies
# named when linked statically. lld, from the toolchain, links it (gold warns about glibc
# calls such as dlopen and getpwuid that sit unused in the toolchain's static libraries).
RELEASE_FLAGS = -c release --static-swift-stdlib -Xswiftc -static-executable -Xswiftc -use-ld=lld \
	-Xlinker -ltinfo -Xlinker -lbsd -Xlinker -lmd
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# sqlite3 (the command) holds a lock in one interactive test and is the benchmarks' reference.
PACKAGES = libedit-dev libsqlite3-dev sqlite3

PREFIX ?= /usr/local
BINDIR = $(DESTDIR)$(PREFIX)/bin
MANDIR = $(DESTDIR)$(PREFIX)/share/man/man1
# The recorded lesson the README links: a cast of lesson 1, made without a terminal (so 80x24).
LESSON = docs/tutorial/01-a-draft-is-not-an-entry

.PHONY: run test fuzz build release deps bench lint install manual casts

run: release
	.build/release/trendsh $(ARGS)

# After the suite, every fuzz target runs for FUZZ_SECONDS (see fuzz/README.md).
FUZZ_SECONDS ?= 20
FUZZ_JOBS ?= 2

test: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product trendsh
	$(SWIFT) test
	FUZZ_JOBS=$(FUZZ_JOBS) fuzz/run $(FUZZ_SECONDS)

fuzz: deps
	FUZZ_JOBS=$(FUZZ_JOBS) fuzz/run $(FUZZ_SECONDS)

release: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product trendsh

build: deps
	$(SWIFT) build

deps:
	@missing=""; for p in $(PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "Installing$$missing"; \
		$(SUDO) apt-get update && $(SUDO) apt-get install -y $$missing; \
	fi

bench: release
	bench/run

lint:
	$(SWIFT) format lint --strict -r Sources Tests

# `make install PREFIX=~/.local` puts the binary in PREFIX/bin and the manual page in
# PREFIX/share/man/man1 (DESTDIR is put before both, for packaging).
install: release
	install -d $(BINDIR) $(MANDIR)
	install -m 0755 .build/release/trendsh $(BINDIR)/trendsh
	install -m 0644 docs/trendsh.1 $(MANDIR)/trendsh.1

# Remake the generated docs; the tests fail when the committed ones differ from these.
manual: build
	.build/debug/trendsh --manual > docs/trendsh.1

casts: build
	.build/debug/trendsh --play $(LESSON).transcript --cast $(LESSON).cast > /dev/null
