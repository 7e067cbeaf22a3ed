# SPDX-License-Identifier: GPL-2.0-or-later
# User entry points.  `make` builds the host tools (build/tile-as,
# build/tile-objdump); `make qemu` builds build/qemu-system-tile; `make demo`
# boots the demo firmware; `make check` builds everything and runs every test;
# `make bench` runs the scalar benchmarks beside qemu-system-riscv64.

BUILD ?= build

.PHONY: all tools check deps clean distclean

all: tools

deps:
	@sh scripts/host-deps.sh

$(BUILD)/build.ninja: | deps
	meson setup $(BUILD) .

tools: $(BUILD)/build.ninja
	ninja -C $(BUILD)
	@ln -sf tools/tile-as $(BUILD)/tile-as
	@ln -sf tools/tile-objdump $(BUILD)/tile-objdump

check: tools qemu
	@meson test -C $(BUILD) --print-errorlogs; \
	python3 scripts/test-summary.py $(BUILD)/meson-logs/testlog.json

# clean keeps the QEMU source and build (build/qemu); distclean removes all.
clean:
	find $(BUILD) -mindepth 1 -maxdepth 1 ! -name qemu -exec rm -rf {} + 2>/dev/null || true

distclean:
	rm -rf $(BUILD)

include scripts/qemu.mk
include tests/qemu/qemu-tests.mk
include bench/bench.mk
