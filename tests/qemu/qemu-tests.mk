# SPDX-License-Identifier: GPL-2.0-or-later
#
# qemu-tests.mk: boot tests and the demo, included by the top-level Makefile
# (after scripts/qemu.mk, which provides the `qemu` target).
#
#   make qemu-check    boot the firmware under firmware/ and check the machine
#                      (tests/qemu/boot-test.py; ends with `N passed, N failed`)
#   make demo          assemble firmware/matmul-demo.s (one cooperative
#                      TMATMUL on the four PEs, checked by the firmware) and
#                      boot it; its UART output appears on the terminal
#
# BOOT_TEST_FLAGS passes options to the test, e.g. BOOT_TEST_FLAGS='-k hello -v'.
# Paths are relative to the repository root, where make runs.

BUILD            ?= build
BOOT_TEST_FLAGS  ?=
DEMO_FIRMWARE    ?= firmware/matmul-demo.s
DEMO_QEMU_FLAGS  ?=

.PHONY: qemu-check demo

# Exit status 77 means "skipped" (a binary is missing); it is not an error.
qemu-check: tools qemu
	@python3 tests/qemu/boot-test.py --build $(BUILD) $(BOOT_TEST_FLAGS); \
	rc=$$?; if [ $$rc = 77 ]; then rc=0; fi; exit $$rc

demo: tools qemu
	@mkdir -p $(BUILD)/firmware
	$(BUILD)/tile-as -o $(BUILD)/firmware/demo.elf $(DEMO_FIRMWARE)
	$(BUILD)/qemu-system-tile -M virt -nographic $(DEMO_QEMU_FLAGS) \
	    -kernel $(BUILD)/firmware/demo.elf
