# Designable: `make run` opens the live preview on the gallery; `make test` runs every test.

SWIFT      ?= swift
GALLERY    ?= assets/examples/gallery.yaml
BIN        := .build/release/designable
# Debian packages: the C libraries, the pinned test fonts, the X tools the window tests drive, and
# the JSON Schema validator the schema test checks `designable schema` with.
PACKAGES   := pkg-config zlib1g-dev libx11-dev libxext-dev libcairo2-dev libpango1.0-dev libyaml-dev librsvg2-dev \
              fonts-dejavu-core fonts-wqy-microhei xvfb xauth x11-utils xdotool imagemagick librsvg2-bin \
              python3-jsonschema
SUDO       := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps build debug run test bench install clean

## deps: install the Debian packages that are missing (apt-get; sudo only when not root)
deps:
	@missing=$$(for p in $(PACKAGES); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q "install ok installed" || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "Installing:" $$missing; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi

## build: the release binary, .build/release/designable (the Swift runtime linked in: faster to start)
build:
	$(SWIFT) build -c release --static-swift-stdlib

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

## bench: the performance table (see README)
bench: deps build
	bench/run

install: build
	install -d $(DESTDIR)/usr/local/bin $(DESTDIR)/usr/local/share/designable/icons
	install -m 755 $(BIN) $(DESTDIR)/usr/local/bin/designable
	install -m 644 assets/icons/* $(DESTDIR)/usr/local/share/designable/icons/

clean:
	rm -rf .build
