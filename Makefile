# weather: build, install, test, try offline.
#
#   make install   system packages if missing, release build, ~/.local/bin/weather, its man page and
#                  bash, zsh and fish completions (PREFIX=~/.local)
#   make test      system packages if missing (with a headless sway and waybar), every test
#   make demo      a set/show/refresh/logout session against the bundled fixture server, offline
#   make serve     the fixture server on 127.0.0.1:8080 (SERVE_PORT=...), to try weather by hand: it prints the
#                  export lines that point weather at it
#   make bench-requests   requests made by weather and by naive tools: concurrent callers, a simulated day
#   make bench-speed      weather show against cat and in three locales, weather refresh against curl
#   make bench-watch      a status bar's day with weather watch against weather show every 5 s
#   make bench-fleet      10,000 users' timers over a day as systemd runs them: load, age shown, stale marks;
#                         and four weeks of users' habits, before and with the adaptive schedule
#   make order-file       Config/weather.order: the functions show and refresh run and the variables show
#                         touches, laid out first when linked
#   make deb              .build/package/weather_<version>_<arch>.deb, checked by lintian
#   make dist             .build/package/weather-<version>-linux-<arch>.tar.gz, for any Linux with jansson and curl
#   make check-package    the .deb and the tarball installed and run in a clean Debian root (debootstrap)
#   make fuzz             libFuzzer over the whole pipeline for 10 minutes (FUZZ_SECONDS, FUZZ_PROCESSES)
#   make pot              po/weather.pot, the messages of the sources for translation (Config/po.py)
#   make check-po         every po/LL.po compiles, is complete and keeps its messages' placeholders, its
#                         language's quotation marks (French its no-break spaces) and po/glossary.tsv's terms
#   make docs             README.md's table of settings, from their descriptors
#   make format           swift format (the toolchain's) over the code, in place; make lint checks it

PREFIX ?= $(HOME)/.local
SWIFT ?= swift
PACKAGES = libcurl4-openssl-dev libjansson-dev python3 openssl tzdata gettext
# What the tests drive for real: a status bar in a headless compositor, shells loading the completions, man
# and mandoc (which checks the page), a notification server (dunst on a private session bus, drawing on
# Xvfb); strace, to see which files weather opens in each locale; Pango's markup parser for Python, which
# reads what weather escapes for waybar and dunst.
TEST_PACKAGES = sway waybar grim tmux i3blocks polybar xvfb x11-apps fonts-dejavu-core fonts-noto-color-emoji bash-completion zsh fish man-db mandoc locales iso-codes dunst dbus-daemon dbus-bin strace python3-gi gir1.2-pango-1.0
BENCH_PACKAGES = hyperfine curl time gcc valgrind binutils jq locales
SUDO = $(shell [ "$$(id -u)" = 0 ] || echo sudo)
RELEASE = .build/release/weather
MANPAGE = .build/man/man1/weather.1

.PHONY: deps test-deps bench-deps install-packages build install uninstall test demo serve bench-requests bench-speed bench-watch bench-fleet order-file docs deb dist check-package fuzz format lint pot check-po clean

# Installs the Debian packages a fresh machine lacks (apt-get update first, and only then).
deps:
	@$(MAKE) --no-print-directory install-packages WANTED="$(PACKAGES)"

# ...and the locales the tests run weather in, generated as locale-gen does (Tests/TestSupport/make-locales.sh).
test-deps:
	@$(MAKE) --no-print-directory install-packages WANTED="$(PACKAGES) $(TEST_PACKAGES)"
	@Tests/TestSupport/make-locales.sh

# ...and for the benchmarks, with the same locales (make bench-speed runs show in German and American English).
bench-deps:
	@$(MAKE) --no-print-directory install-packages WANTED="$(PACKAGES) $(BENCH_PACKAGES)"
	@Tests/TestSupport/make-locales.sh

install-packages:
	@missing=$$(for p in $(WANTED); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "Installing" $$missing; \
		$(SUDO) apt-get update && $(SUDO) env DEBIAN_FRONTEND=noninteractive \
			apt-get install -y --no-install-recommends $$missing; \
	fi

# The programs users install, linked for a fast start: status bars run `weather show` every few seconds.
# `weather` does the status-bar forms of show and refresh itself and becomes weather-commands (execv) for
# every other command line: without swift-argument-parser, and the Foundation it links, it relocates half as
# many pointers at every start. Each choice was measured with callgrind (docs/performance.md):
# - the Swift runtime linked in (--static-swift-stdlib), and libstdc++ and jansson with it: a folder that
#   offers only libstdc++.a and libjansson.a comes first in the library path (binding libstdc++.so cost
#   every start 1.6 M instructions; loading libjansson.so, 37,000);
# - position-independent, linked by lld with packed relative relocations (DT_RELR, read by glibc 2.36);
# - exporting only `main` (a version script), so the runtime's symbol lookups scan hundreds, not thousands;
# - libgcc's unwinder linked in too (-static-libgcc): one shared library fewer to load and relocate;
# - the command line taken from glibc (Sources/CArguments) instead of the runtime's search of
#   /proc/self/maps, which cost 135,000 instructions before main;
# - lazy binding and partial RELRO: BIND_NOW (full RELRO) costs `weather show` 16 % more instructions;
# - no $$ORIGIN run path, which costs a dozen failed library lookups at every start;
# - cross-module optimization, and no merging of functions: the layers are modules (CONTRIBUTING.md,
#   "Layers"), and a call from one into another is otherwise neither inlined nor specialized; merged outlined
#   copies take their type's metadata, which the runtime then builds by name. Together they took the split's
#   cost to `show` with two warnings from 27,000 instructions to 20,000 (and without warnings to 1,000);
# - no implicit import of _StringProcessing (the regular-expression engine every Swift module imports
#   unasked), so it is not linked: 2,000 relocations fewer (String.includes stands in for its contains);
# - generic metadata of weather's own types prespecialized when compiled (an Optional of a model type, say,
#   is a record in the binary, not built by the runtime from its mangled name at first use): `show`
#   49,000 instructions fewer, `refresh` 86,000, for a binary 5 % larger;
# - the functions the hot paths run, and the variables they touch, laid out first (Config/weather.order,
#   written by `make order-file`), each function in a section of its own so that the linker can move it:
#   `show` touches a few pages instead of dozens, each a page fault.
# The installed copies are stripped of debug information.
STATIC_LIBS = .build/static-libs
EXPORTS = .build/exports.map
ORDER = $(CURDIR)/Config/weather.order
RELEASE_FLAGS = -c release --static-swift-stdlib --disable-local-rpath -Xswiftc -L$(STATIC_LIBS) \
	-Xswiftc -cross-module-optimization -Xswiftc -Xfrontend -Xswiftc -disable-llvm-merge-functions-pass \
	-Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs -Xlinker --version-script=$(EXPORTS) \
	-Xswiftc -Xclang-linker -Xswiftc -static-libgcc \
	-Xswiftc -Xfrontend -Xswiftc -disable-implicit-string-processing-module-import \
	-Xswiftc -Xfrontend -Xswiftc -prespecialize-generic-metadata \
	-Xswiftc -Xfrontend -Xswiftc -function-sections -Xlinker --symbol-ordering-file=$(ORDER) -Xlinker --no-warn-symbol-ordering

# One recipe makes both links (&:, a grouped target: a plain rule with two targets runs it once for each), and
# only while one is missing: `deps` comes first but does not date them (order-only, after |).
$(STATIC_LIBS)/libstdc++.a $(STATIC_LIBS)/libjansson.a &: | deps
	mkdir -p $(STATIC_LIBS)
	ln -sf "$$(gcc -print-file-name=libstdc++.a)" $(STATIC_LIBS)/libstdc++.a
	ln -sf "$$(gcc -print-file-name=libjansson.a)" $(STATIC_LIBS)/libjansson.a

$(EXPORTS):
	mkdir -p .build
	printf '{\n  global: main;\n  local: *;\n};\n' > $@

# The release programs, weather(1) written from their own descriptions (Config/manual.sh), and the
# message catalogues compiled beside the programs (locale/LL/LC_MESSAGES/weather.mo), where they look.
build: deps $(STATIC_LIBS)/libstdc++.a $(STATIC_LIBS)/libjansson.a $(EXPORTS)
	@# SwiftPM recompiles nothing when only a frontend flag changes (-function-sections, say): a release
	@# build made with other flags is built again from scratch.
	@if [ "$$(cat .build/release-flags 2>/dev/null)" != '$(RELEASE_FLAGS)' ]; then \
		rm -rf .build/*-linux-gnu/release && mkdir -p .build && echo '$(RELEASE_FLAGS)' > .build/release-flags; fi
	@# Nor does it know the order file is an input of the link: a newer one relinks.
	@if [ $(ORDER) -nt $(RELEASE) ]; then rm -f $(RELEASE) .build/release/weather-commands; fi
	$(SWIFT) build $(RELEASE_FLAGS) --product weather
	$(SWIFT) build $(RELEASE_FLAGS) --product weather-commands
	$(SWIFT) build --product weather-manual
	Config/manual.sh .build/debug/weather-manual $(MANPAGE)
	rm -rf .build/release/locale
	python3 Config/po.py compile .build/release/locale

# README.md's table of settings between its marker comments, written from `Setting.all` (SettingsDocs).
docs:
	$(SWIFT) build --product weather-manual
	WEATHER_LANGUAGE=en .build/debug/weather-manual --docs README.md

install: build
	Config/install.sh $(RELEASE) $(MANPAGE) $(PREFIX)

uninstall:
	Config/uninstall.sh $(PREFIX)

# The tests include the end-to-end tests (the built programs against the fixture server), checks of the
# release binary and the man page (ReleaseBinaryTests, InstallTests), the completions in real shells, a real
# systemd user manager, real status bars, a real notification server and real locales (German, American and
# British English, Ukrainian) with the catalogues: build the binary and the page first, run the end-to-end
# tests, and make a test that cannot run one of them fail rather than skip (Tests/TestSupport/Requirement.swift;
# a bare `swift test` skips them, saying why). Then the slowest tests, from the times the sandboxes wrote.
REQUIRE = WEATHER_END_TO_END=1 WEATHER_REQUIRE_RELEASE=1 WEATHER_REQUIRE_SHELLS=1 WEATHER_REQUIRE_SYSTEMD=1 \
	WEATHER_REQUIRE_BAR=1 WEATHER_REQUIRE_NOTIFY=1 WEATHER_REQUIRE_LOCALES=1
TEST_TIMES = .build/test-times.tsv
test: test-deps build
	rm -f $(TEST_TIMES)
	$(REQUIRE) WEATHER_TEST_TIMES=$(CURDIR)/$(TEST_TIMES) Tests/TestSupport/with-failure-summary.sh $(SWIFT) test
	@python3 Tests/TestSupport/slowest-tests.py $(TEST_TIMES)

# Packages: Config/deb.sh, Config/dist.sh and Config/check-package.sh say what each holds and proves.
PACKAGE_DIR = .build/package

deb: build
	@$(MAKE) --no-print-directory install-packages WANTED="dpkg-dev lintian"
	Config/deb.sh $(RELEASE) $(MANPAGE) $(PACKAGE_DIR)
	lintian --fail-on error,warning $(PACKAGE_DIR)/weather_*.deb

dist: build
	Config/dist.sh $(RELEASE) $(MANPAGE) $(PACKAGE_DIR)

check-package: deb dist
	@$(MAKE) --no-print-directory install-packages WANTED="debootstrap"
	$(SUDO) Config/check-package.sh $$(ls -t $(PACKAGE_DIR)/weather_*.deb | head -n1) \
		$$(ls -t $(PACKAGE_DIR)/weather-*.tar.gz | head -n1)

demo: build
	@Tests/TestSupport/demo.sh $(RELEASE)

# The address, then the export lines that point weather at it, to paste into another shell.
SERVE_PORT ?= 8080
serve:
	@python3 Tests/TestSupport/fixture-server.py --port $(SERVE_PORT) --exports

bench-requests: bench-deps build
	python3 Tests/Benchmarks/requests.py --binary $(RELEASE)

bench-fleet: bench-deps build
	$(SWIFT) build --product fleet-rules
	python3 Tests/Benchmarks/fleet.py --helper .build/debug/fleet-rules --binary $(RELEASE)
	python3 Tests/Benchmarks/habits.py --helper .build/debug/fleet-rules

bench-speed: bench-deps
	python3 Tests/Benchmarks/speed.py

# Config/weather.order from callgrind runs of the hot paths (Tests/Benchmarks/order.py); then `make build`.
order-file: bench-deps
	python3 Tests/Benchmarks/order.py

bench-watch: bench-deps
	python3 Tests/Benchmarks/watch.py

# The fuzz target (Tests/Fuzz) with libFuzzer and AddressSanitizer, in a build folder of its own.
FUZZ_SECONDS ?= 600
FUZZ_PROCESSES ?= 2
fuzz: deps
	$(SWIFT) build -c release --product weather-fuzz --scratch-path .build-fuzz \
		-Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING
	Tests/Fuzz/fuzz.sh .build-fuzz/release/weather-fuzz $(FUZZ_SECONDS) $(FUZZ_PROCESSES)

# The catalogues (Config/po.py): the template from the sources, and the translations checked against it.
pot:
	python3 Config/po.py pot

check-po: deps
	python3 Config/po.py check

# The style is .swift-format's; lint fails on any difference, as CI runs it.
FORMATTED = Sources Tests Package.swift
format:
	$(SWIFT) format format --in-place --recursive $(FORMATTED)

lint:
	$(SWIFT) format lint --strict --recursive $(FORMATTED)

clean:
	rm -rf .build .build-fuzz
