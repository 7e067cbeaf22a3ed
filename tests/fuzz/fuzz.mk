# SPDX-License-Identifier: GPL-2.0-or-later
#
# fuzz.mk: the fuzzers under tests/fuzz/ (docs/fuzzing.md), included by
# the top-level Makefile.
#
#   make fuzz                 every fuzzer for its default count
#   make fuzz FUZZ_ARGS='--words 1000000 --blocks 100000 --rsp 10000 --elf 1000'
#   make fuzz FUZZ_ARGS='--only elf --time 600'
#
# It prints tried / crashes / hangs per fuzzer and keeps a reproducer of
# every failure under $(BUILD)/fuzz/FUZZER/ (run its repro.sh).  `make
# check` runs the short seeded smoke (fuzz.py --smoke) instead.

FUZZ_ARGS ?=

.PHONY: fuzz

fuzz: tools qemu
	nice python3 tests/fuzz/fuzz.py --build $(BUILD) $(FUZZ_ARGS)
