# SPDX-License-Identifier: GPL-2.0-or-later
#
# bench.mk: `make bench`, included by the top-level Makefile.  Runs the
# scalar benchmark (bench/run-bench) on build/qemu-system-tile and, side by
# side, on Debian's qemu-system-riscv64, then the CUBE benchmark
# (bench/run-cube-bench: the TMATMUL kernels, optimized against reference,
# and OpenBLAS SGEMM), the VEC element benchmark (bench/run-vec-bench:
# the element arithmetic beside the host's), the SFU benchmark
# (bench/run-sfu-bench: the SFU array kernels beside the host and libm),
# the kernel benchmark (bench/run-kernel-bench: softmax, layernorm and
# attention firmware on the four PEs beside plain C on the host), then the
# whole-block benchmark (bench/run-block-bench: one TEPL block in a guest
# loop beside the same firmware without it, ns per element); see
# docs/benchmarks.md.  It is not part of `make check` (the kernel
# benchmark's --smoke form is: meson test kernel-bench-smoke).
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
	python3 bench/run-kernel-bench --build $(BUILD)
	python3 bench/run-block-bench --build $(BUILD)
