# Designable: `make run` opens the live preview on the gallery; `make test` runs every test.

SWIFT      ?= swift
GALLERY    ?= assets/examples/gallery.yaml
BIN        := .build/release/designable
# Debian packages: the C libraries, the pinned test fonts, the X tools the window tests drive, the
# JSON Schema validator the schema test checks `designable schema` with, and what the tests read
# the outputs back with: rsvg-convert and poppler's pdftoppm (SVG and PDF), man, bash and zsh.
# libxtst-dev: the benchmark's bench/pixelwatch.c presses buttons through XTEST.
# librsvg2-dev: bench/floor.c links librsvg; Designable opens it when an SVG is first drawn (Sources/CRsvg/shim.h).
PACKAGES   := pkg-config libdeflate-dev libisal-dev libx11-dev libxext-dev libxtst-dev libcairo2-dev libpango1.0-dev libyaml-dev librsvg2-dev \
              fonts-dejavu-core fonts-wqy-microhei xvfb xauth x11-utils xdotool imagemagick librsvg2-bin \
              python3-jsonschema poppler-utils man-db zsh
# Where `make install` puts the program, its icons, its manual and its shell completions.
PREFIX     ?= /usr/local
SUDO       := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps build debug run test test-asan fuzz bench docs install clean

## deps: install the Debian packages that are missing (apt-get; sudo only when not root)
deps:
	@missing=$$(for p in $(PACKAGES); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q "install ok installed" || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "Installing:" $$missing; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi

## build: the release binary, .build/release/designable, on the Swift toolchain's shared runtime
# Dynamic, not --static-swift-stdlib: a Swift component (a plugin) brings the shared runtime with
# it, and a second, static runtime in the same process crashes at once. The executable exports its
# symbols (Package.swift), which plugins resolve DesignableCore against. The README says the cost.
build:
	$(SWIFT) build -c release

debug:
	$(SWIFT) build

## run: install, build, and open the preview on the gallery (or render it to PNG with no display)
run: deps build
	@if [ -n "$$DISPLAY" ] && xdpyinfo >/dev/null 2>&1; then \
		$(BIN) preview $(GALLERY); \
	else \
		$(BIN) render $(GALLERY) -o gallery.png --scale 2 && \
		echo "No X display reachable: rendered the gallery to $$(pwd)/gallery.png instead."; \
	fi

## test: install, build, and run every test (unit, golden images, the binary, the window under Xvfb)
test: deps
	$(SWIFT) build
	FONTCONFIG_FILE=$(CURDIR)/Tests/fonts.conf $(SWIFT) test --disable-swift-testing

## test-asan: every test under AddressSanitizer (its own build folder, so `make test` stays fast)
# Suppressed: only memory kept for the whole process yet reported lost (Tests/lsan-suppressions.txt
# says what and why). The test runner skips its check at exit (Tests/designableTests/LeakCheck.swift
# says why); every `designable` it starts checks.
SANITIZER_ENV := SWIFT_BACKTRACE=enable=no LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/lsan-suppressions.txt:print_suppressions=0
test-asan: deps
	$(SANITIZER_ENV) FONTCONFIG_FILE=$(CURDIR)/Tests/fonts.conf \
		$(SWIFT) test --sanitize=address --disable-swift-testing --scratch-path .build/asan

## fuzz: build the libFuzzer harness (Sources/designable-fuzz) and run it for FUZZ_SECONDS
# The corpus, the seeds and any crash live in .build/fuzz-work, never in the tree; a crash is
# written as crash-* there (SWIFT_BACKTRACE=enable=no lets libFuzzer write it) and is replayed
# with `.build/fuzz/debug/designable-fuzz FILE` (under ASan) or `.build/debug/designable-fuzz FILE`
# (a plain build, for the debugger). The examples' images sit next to the input's path, so inputs
# that name them draw them.
FUZZ_SECONDS ?= 60
FUZZ_WORK    := .build/fuzz-work
fuzz: deps
	$(SWIFT) build -c debug --product designable-fuzz --scratch-path .build/fuzz \
		-Xswiftc -sanitize=fuzzer,address -Xswiftc -DDESIGNABLE_LIBFUZZER
	rm -rf $(FUZZ_WORK)/seeds $(FUZZ_WORK)/assets
	mkdir -p $(FUZZ_WORK)/corpus $(FUZZ_WORK)/seeds $(FUZZ_WORK)/artifacts
	cp assets/examples/*.yaml $(FUZZ_WORK)/seeds/
	for f in Tests/DesignableCoreTests/Fixtures/*.yaml; do cp "$$f" $(FUZZ_WORK)/seeds/fixture-$$(basename "$$f"); done
	cp -RL assets/examples/assets $(FUZZ_WORK)/assets
	$(SANITIZER_ENV) FONTCONFIG_FILE=$(CURDIR)/Tests/fonts.conf DESIGNABLE_FUZZ_STYLE_PATH=$(FUZZ_WORK)/input.yaml \
		.build/fuzz/debug/designable-fuzz -max_total_time=$(FUZZ_SECONDS) -max_len=16384 -timeout=20 \
		-artifact_prefix=$(FUZZ_WORK)/artifacts/ $(FUZZ_WORK)/corpus $(FUZZ_WORK)/seeds

## bench: the performance table (see README)
bench: deps build
	bench/run

## docs: write the manual and the shell completions from the option tables (a test checks they are current)
docs: debug
	.build/debug/designable _generate man > docs/designable.1
	.build/debug/designable _generate bash > completions/designable.bash
	.build/debug/designable _generate zsh > completions/_designable

## install: the program, its icons (found beside it), man page and bash/zsh completions under PREFIX,
## and what Swift components compile against: DesignableCore's module, the C module maps and shims
C_MODULES  := CCairo CPango CYAML CRsvg CDeflate CISAL
PC_MODULES := cairo pangocairo yaml-0.1 libdeflate libisal
SDK        := $(DESTDIR)$(PREFIX)/lib/designable
install: build
	install -d $(SDK)/Modules $(SDK)/include
	cp -R .build/release/Modules/DesignableCore.swiftmodule $(SDK)/Modules/ 2>/dev/null || \
		install -m 644 .build/release/Modules/DesignableCore.swiftmodule $(SDK)/Modules/
	for m in $(C_MODULES); do install -d $(SDK)/include/$$m && install -m 644 Sources/$$m/module.modulemap Sources/$$m/shim.h $(SDK)/include/$$m/; done
	pkg-config --cflags-only-I $(PC_MODULES) | tr ' ' '\n' | sed -n 's/^-I//p' > $(SDK)/include/header-folders
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/designable/icons $(DESTDIR)$(PREFIX)/share/man/man1 \
		$(DESTDIR)$(PREFIX)/share/bash-completion/completions $(DESTDIR)$(PREFIX)/share/zsh/site-functions
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/designable
	install -m 644 assets/icons/* $(DESTDIR)$(PREFIX)/share/designable/icons/
	install -m 644 assets/fonts.conf $(DESTDIR)$(PREFIX)/share/designable/fonts.conf
	install -m 644 docs/designable.1 $(DESTDIR)$(PREFIX)/share/man/man1/designable.1
	install -m 644 completions/designable.bash $(DESTDIR)$(PREFIX)/share/bash-completion/completions/designable
	install -m 644 completions/_designable $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_designable

clean:
	rm -rf .build
