# SPDX-License-Identifier: GPL-2.0-or-later
# User entry points.  `make` builds the host tools (build/tile-as,
# build/tile-objdump); `make qemu` builds build/qemu-system-tile; `make demo`
# boots the demo firmware; `make check` builds everything and runs every test;
# `make bench` runs the benchmarks (docs/benchmarks.md); `make fuzz` runs
# the fuzzers (tests/fuzz/fuzz.mk); `make check-aarch64` runs the array
# kernels' unit tests built for aarch64 under qemu-aarch64.

BUILD ?= build

.PHONY: all tools check check-aarch64 deps setup clean distclean

all: tools

# The Debian packages of the whole build (meson >= 1.5 included, from
# bookworm-backports on bookworm), before the first `meson setup`.
deps:
	@sh scripts/deps.sh install

# A build directory that another meson version set up is set up again.
setup: deps
	@sh scripts/meson-setup.sh $(BUILD)

tools: setup
	ninja -C $(BUILD)
	@ln -sf tools/tile-as $(BUILD)/tile-as
	@ln -sf tools/tile-objdump $(BUILD)/tile-objdump

# The summary reads this run's log only; a failed, incomplete or skipping
# run fails `make check`.
check: tools qemu
	@rm -f $(BUILD)/meson-logs/testlog.json
	@rc=0; meson test -C $(BUILD) --print-errorlogs || rc=$$?; \
	python3 scripts/test-summary.py --expect "$$(meson test -C $(BUILD) --list 2>/dev/null | wc -l)" \
	    $(BUILD)/meson-logs/testlog.json || rc=1; \
	exit $$rc

# The portable paths of the array kernels on an aarch64 host (emulated);
# not part of check: it installs a cross compiler and arm64 libraries.
check-aarch64:
	sh tests/cross/check-aarch64 $(BUILD)/aarch64

# clean keeps the QEMU source and build (build/qemu); distclean removes all.
clean:
	find $(BUILD) -mindepth 1 -maxdepth 1 ! -name qemu -exec rm -rf {} + 2>/dev/null || true

distclean:
	rm -rf $(BUILD)

include scripts/qemu.mk
include tests/qemu/qemu-tests.mk
include bench/bench.mk
include tests/fuzz/fuzz.mk
