# weather: build, install, test, try offline.
#
#   make install   system packages if missing, release build, ~/.local/bin/weather
#   make test      system packages if missing, every test
#   make demo      a set/show/refresh/logout session against the bundled fixture server, offline
#   make serve     the fixture server on 127.0.0.1:8080, to try weather by hand
#   make bench-requests   requests made by weather and by naive tools: concurrent callers, a simulated day
#   make bench-speed      weather show against cat, weather refresh against curl: medians and memory
#   make fuzz             libFuzzer over the whole pipeline for 10 minutes (FUZZ_SECONDS, FUZZ_PROCESSES)
#   make format           swift format (the toolchain's) over the code, in place; make lint checks it

PREFIX ?= $(HOME)/.local
BINDIR ?= $(PREFIX)/bin
SWIFT ?= swift
PACKAGES = libcurl4-openssl-dev libjansson-dev python3 openssl
BENCH_PACKAGES = hyperfine curl time gcc
SUDO = $(shell [ "$$(id -u)" = 0 ] || echo sudo)
RELEASE = .build/release/weather

.PHONY: deps bench-deps install-packages build install uninstall test demo serve bench-requests bench-speed fuzz format lint clean

# Installs the Debian packages a fresh machine lacks (apt-get update first, and only then).
deps:
	@$(MAKE) --no-print-directory install-packages WANTED="$(PACKAGES)"

bench-deps:
	@$(MAKE) --no-print-directory install-packages WANTED="$(PACKAGES) $(BENCH_PACKAGES)"

install-packages:
	@missing=$$(for p in $(WANTED); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "Installing" $$missing; \
		$(SUDO) apt-get update && $(SUDO) apt-get install -y $$missing; \
	fi

# The binary users install: a release build with the Swift runtime linked in (a dynamic one costs about a
# millisecond at every start) and, set in Package.swift, not position-independent; without an $$ORIGIN
# run path, which costs a dozen failed library lookups at every start. README, "Fast path".
RELEASE_FLAGS = -c release --static-swift-stdlib --disable-local-rpath

build: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product weather

install: build
	install -d $(BINDIR)
	install -m 755 $(RELEASE) $(BINDIR)/weather
	@echo "Installed $(BINDIR)/weather"

uninstall:
	rm -f $(BINDIR)/weather

test: deps
	$(SWIFT) test

demo: build
	@Tests/TestSupport/demo.sh $(RELEASE)

serve:
	python3 Tests/TestSupport/fixture-server.py --port 8080

bench-requests: bench-deps build
	python3 Tests/Benchmarks/requests.py --binary $(RELEASE)

bench-speed: bench-deps build
	python3 Tests/Benchmarks/speed.py --binary $(RELEASE)

# The fuzz target (Tests/Fuzz) with libFuzzer and AddressSanitizer, in a build folder of its own.
FUZZ_SECONDS ?= 600
FUZZ_PROCESSES ?= 2
fuzz: deps
	$(SWIFT) build -c release --product weather-fuzz --scratch-path .build-fuzz \
		-Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING
	Tests/Fuzz/fuzz.sh .build-fuzz/release/weather-fuzz $(FUZZ_SECONDS) $(FUZZ_PROCESSES)

# The style is .swift-format's; lint fails on any difference, as CI runs it.
FORMATTED = Sources Tests Package.swift
format:
	$(SWIFT) format format --in-place --recursive $(FORMATTED)

lint:
	$(SWIFT) format lint --strict --recursive $(FORMATTED)

clean:
	rm -rf .build .build-fuzz
