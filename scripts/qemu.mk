# SPDX-License-Identifier: GPL-2.0-or-later
#
# qemu.mk: build rules for build/qemu-system-tile and the TCG plugins,
# included by the top-level Makefile (which provides `tools`).
#
#   make qemu          configure if needed, then build build/qemu-system-tile
#                      and the plugins under build/plugins (docs/plugins.md)
#   make qemu-clean    remove the QEMU build directory (keeps the source)
#
# Paths are relative to the repository root, where make runs.

QEMU_DIR      ?= build/qemu
QEMU_BUILD    ?= $(QEMU_DIR)/build
QEMU_JOBS     ?= 2
QEMU_NINJA    ?= nice ninja

# Let ccache share objects between clones of the repository (CI builds in
# a fresh clone): paths under the repository are hashed relative to it.
export CCACHE_BASEDIR ?= $(CURDIR)

# Re-run configure when it or its helpers or the patches change.
QEMU_CONFIG_DEPS := configure $(wildcard scripts/qemu-*.sh) \
                    $(wildcard patches/*.patch)

.PHONY: qemu qemu-bin plugins qemu-clean

qemu: qemu-bin plugins

# QEMU's own plugins come from its contrib-plugins and test-plugins targets.
qemu-bin: $(QEMU_BUILD)/.tile-config
	$(QEMU_NINJA) -C $(QEMU_BUILD) -j$(QEMU_JOBS) qemu-system-tile \
	    contrib-plugins test-plugins
	@ln -sfn qemu/build/qemu-system-tile build/qemu-system-tile

# The project's plugins need the ISA library of the host tools.
plugins: qemu-bin tools
	@sh scripts/build-plugins.sh build $(QEMU_DIR)

$(QEMU_BUILD)/.tile-config: $(QEMU_CONFIG_DEPS)
	@if [ -x $(QEMU_DIR)/config.status ]; then \
	    $(QEMU_DIR)/config.status; \
	else \
	    ./configure; \
	fi
	@touch $@

build/qemu-system-tile: qemu

qemu-clean:
	rm -rf $(QEMU_BUILD) build/qemu-system-tile build/plugins
