# trendsh: `make run` builds and starts the shell; `make test` runs every test.
# Both install the Debian packages they need first (as root, or through sudo).

SWIFT ?= swift
# A fully static release binary: no shared library to load or relocate at start-up, which
# keeps start-up level with sqlite3's own (see bench/). libedit needs its own dependencies
# named when linked statically. lld, from the toolchain, links it (gold warns about glibc
# calls such as dlopen and getpwuid that sit unused in the toolchain's static libraries).
# The code that start-up and the common commands run is placed first and together, in the
# order it runs (tools/symbol-order.txt, written by tools/symbol-order from a recorded run):
# a page of code touched maps the 64 KB around it, so this keeps the resident set small. A
# name the list has and the binary lacks is skipped, so a stale list only places less well.
RELEASE_FLAGS = -c release --static-swift-stdlib -Xswiftc -static-executable -Xswiftc -use-ld=lld \
	-Xlinker -ltinfo -Xlinker -lbsd -Xlinker -lmd \
	-Xlinker --symbol-ordering-file=$(CURDIR)/tools/symbol-order.txt -Xlinker --no-warn-symbol-ordering
# The companion, trendsh-pg: the same sources linked dynamically with libpq (Debian's cannot be
# linked statically: there is no static GSSAPI or LDAP), which the static trendsh runs in its
# place when --store names a PostgreSQL server (docs/design.md, "The launch and the companion").
# The Swift runtime is static, glibc, libpq, libedit and SQLite are shared. It builds in its own
# scratch folder, so neither build's flags invalidate the other's, and is then put beside the
# static trendsh, where that looks for it first.
COMPANION_FLAGS = -c release --static-swift-stdlib --scratch-path $(CURDIR)/.build/companion
COMPANION = .build/release/trendsh-pg
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# sqlite3 (the command) holds a lock in one interactive test and is the benchmarks' reference.
# python3 and jq read the JSON output and the JUnit report back with real parsers in the tests;
# bash-completion, zsh and fish complete trendsh in the completion tests; dpkg-dev, binutils
# (strip) and lintian build and check the Debian package (`make deb`, `make deb-check`); strace
# shows the tests which programs a run starts (a SQLite store's run starts no companion).
# postgresql gives the PostgreSQL tests their own server (Tests/TestSupport/PostgresServer.swift
# runs initdb and pg_ctl from /usr/lib/postgresql/15/bin, and psql), and libpq-dev the client
# library the PostgreSQL store will link.
PACKAGES = libedit-dev libsqlite3-dev sqlite3 python3 jq bash-completion zsh fish dpkg-dev binutils lintian \
	postgresql libpq-dev strace
# Written before postgresql is installed, so that the package never creates (or starts) its own
# `main` cluster: the tests start a server of their own, and no system service is needed.
PG_DROPIN = /etc/postgresql-common/createcluster.d/trendsh.conf

PREFIX ?= /usr/local
BINDIR = $(DESTDIR)$(PREFIX)/bin
MANDIR = $(DESTDIR)$(PREFIX)/share/man/man1
# The companion's folder: trendsh looks in lib/trendsh beside its own bin folder.
COMPANIONDIR = $(DESTDIR)$(PREFIX)/lib/trendsh
# The folders bash-completion, zsh and fish read completion scripts from (docs/guide.md, "Shell
# completion"); `make deb` puts zsh's in Debian's vendor-completions instead.
BASHCOMPDIR = $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR = $(PREFIX)/share/zsh/site-functions
FISHCOMPDIR = $(PREFIX)/share/fish/vendor_completions.d
# The trendsh whose `--completion` writes the scripts.
TRENDSH = .build/release/trendsh
# The recorded lesson the README links: a cast of lesson 1, made without a terminal (so 80x24).
LESSON = docs/tutorial/01-a-draft-is-not-an-entry

.PHONY: run test fuzz build release companion deps bench lint sanitize install install-completions deb deb-check manual casts mutation

run: release
	.build/release/trendsh $(ARGS)

# After the suite, every fuzz target runs for FUZZ_SECONDS (see fuzz/README.md).
FUZZ_SECONDS ?= 20
FUZZ_JOBS ?= 2

# The Debian package is built from the release binary and checked after the suite (deb-check).
test: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product trendsh
	$(MAKE) --no-print-directory companion
	$(SWIFT) test
	packaging/debian/build-deb && packaging/debian/check-deb
	FUZZ_JOBS=$(FUZZ_JOBS) fuzz/run $(FUZZ_SECONDS)

fuzz: deps
	FUZZ_JOBS=$(FUZZ_JOBS) fuzz/run $(FUZZ_SECONDS)

release: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product trendsh
	$(MAKE) --no-print-directory companion

# trendsh-pg, built and put beside the static trendsh (install -C copies only a changed file).
companion:
	$(SWIFT) build $(COMPANION_FLAGS) --product trendsh-pg
	install -d .build/release
	install -C -m 0755 .build/companion/release/trendsh-pg $(COMPANION)

build: deps
	$(SWIFT) build

deps:
	@missing=""; for p in $(PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		case " $$missing " in *" postgresql "*) \
			grep -qsx 'create_main_cluster = false' $(PG_DROPIN) || { \
				$(SUDO) mkdir -p $$(dirname $(PG_DROPIN)) && \
				echo 'create_main_cluster = false' | $(SUDO) tee $(PG_DROPIN) >/dev/null; } || exit 1;; \
		esac; \
		echo "Installing$$missing"; \
		$(SUDO) apt-get update && $(SUDO) apt-get install -y $$missing; \
	fi

bench: release
	bench/run

lint:
	$(SWIFT) format lint --strict -r Sources Tests

# `make mutation` swaps the weights feature's publish and commit in a scratch copy of the tree,
# builds it, and succeeds only when the trace's witness test fails there (tools/mutation).
mutation: deps
	SWIFT=$(SWIFT) tools/mutation

# `make sanitize` runs every test under AddressSanitizer, then under ThreadSanitizer, each in
# its own scratch folder so .build/debug is left alone. The tests start the trendsh built
# beside them, so that binary is sanitized too. Its reports must not be lost: a test may
# merge, close or not look at the child's standard error, and a killed child never exits
# with the sanitizer's status. So every sanitized process of the run (the test runner and
# each trendsh: the tests pass the *SAN_OPTIONS and TRENDSH_SANITIZER variables on to the
# children they start) writes its reports to a file in SANITIZER_LOGS, named after the
# sanitizer and the process id, and exits with status 86 after one; the target prints
# every such file and fails when there is one, even if every test passed. TRENDSH_SANITIZER
# tells the tests which sanitizer runs, for the few checks a sanitizer makes meaningless
# (peak memory). sanitize/leaks.supp holds the one leak report that is the toolchain's, not
# trendsh's, and says why; print_suppressions=0 keeps LeakSanitizer from writing a file that
# only counts what it suppressed, which the target would take for a report.
SANITIZER_LOGS = $(CURDIR)/.build/sanitizer-logs
SANITIZER_REPORTS = if [ -n "$$(ls -A $(SANITIZER_LOGS))" ]; then \
		cat $(SANITIZER_LOGS)/*; echo "Sanitizer reports above, kept in $(SANITIZER_LOGS)."; exit 1; fi

sanitize: deps
	rm -rf $(SANITIZER_LOGS) && mkdir -p $(SANITIZER_LOGS)
	TRENDSH_SANITIZER=address ASAN_OPTIONS=log_path=$(SANITIZER_LOGS)/address:exitcode=86 \
		LSAN_OPTIONS=suppressions=$(CURDIR)/sanitize/leaks.supp:print_suppressions=0 \
		$(SWIFT) test --sanitize=address --scratch-path .build/sanitize-address; \
		status=$$?; $(SANITIZER_REPORTS); exit $$status
	TRENDSH_SANITIZER=thread TSAN_OPTIONS=log_path=$(SANITIZER_LOGS)/thread:exitcode=86 \
		$(SWIFT) test --sanitize=thread --scratch-path .build/sanitize-thread; \
		status=$$?; $(SANITIZER_REPORTS); exit $$status

# `make install PREFIX=~/.local` puts the binary in PREFIX/bin, its companion in
# PREFIX/lib/trendsh, the manual page in PREFIX/share/man/man1 and the completion scripts in
# their shells' folders (DESTDIR is put before each, for packaging).
install: release
	install -d $(BINDIR) $(MANDIR) $(COMPANIONDIR)
	install -m 0755 .build/release/trendsh $(BINDIR)/trendsh
	install -m 0755 $(COMPANION) $(COMPANIONDIR)/trendsh-pg
	install -m 0644 docs/trendsh.1 $(MANDIR)/trendsh.1
	$(MAKE) install-completions

# The three completion scripts, each written by TRENDSH itself, so they cannot drift from its
# options. The tests run this with the debug build, then complete in real bash, zsh and fish
# from where it put them.
install-completions:
	install -d $(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ZSHCOMPDIR) $(DESTDIR)$(FISHCOMPDIR)
	$(TRENDSH) --completion bash > $(DESTDIR)$(BASHCOMPDIR)/trendsh
	$(TRENDSH) --completion zsh > $(DESTDIR)$(ZSHCOMPDIR)/_trendsh
	$(TRENDSH) --completion fish > $(DESTDIR)$(FISHCOMPDIR)/trendsh.fish
	chmod 0644 $(DESTDIR)$(BASHCOMPDIR)/trendsh $(DESTDIR)$(ZSHCOMPDIR)/_trendsh $(DESTDIR)$(FISHCOMPDIR)/trendsh.fish

# `make deb` builds trendsh_VERSION-REVISION_ARCH.deb here from the release binary
# (packaging/debian/build-deb says what it holds); `make deb-check` builds it and checks it:
# lintian reports no error, and it holds exactly what the build made (packaging/debian/check-deb).
deb: release
	packaging/debian/build-deb

deb-check: deb
	packaging/debian/check-deb

# Remake the generated docs; the tests fail when the committed ones differ from these.
manual: build
	.build/debug/trendsh --manual > docs/trendsh.1

casts: build
	.build/debug/trendsh --play $(LESSON).transcript --cast $(LESSON).cast > /dev/null
