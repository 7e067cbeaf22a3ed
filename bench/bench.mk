# SPDX-License-Identifier: GPL-2.0-or-later
#
# bench.mk: `make bench`, included by the top-level Makefile.  Runs the
# scalar benchmark (bench/run-bench) on build/qemu-system-tile and, side by
# side, on Debian's qemu-system-riscv64, then the CUBE benchmark
# (bench/run-cube-bench: the TMATMUL kernels, optimized against reference,
# and OpenBLAS SGEMM), the VEC element benchmark (bench/run-vec-bench:
# the element arithmetic beside the host's), then the SFU benchmark
# (bench/run-sfu-bench: the SFU array kernels beside the host and libm);
# see docs/benchmarks.md.  It is not part of `make check`.
#
#   make bench                          the full run
#   make bench BENCH_ARGS="--runs 5"    options for bench/run-bench

BENCH_ARGS ?=

.PHONY: bench

bench: tools qemu
	python3 bench/run-bench --build $(BUILD) $(BENCH_ARGS)
	python3 bench/run-cube-bench --build $(BUILD)
	python3 bench/run-vec-bench --build $(BUILD)
	python3 bench/run-sfu-bench --build $(BUILD)
