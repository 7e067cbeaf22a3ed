/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * B.FPATR post-processing of the CUBE engine: the per-element conversion,
 * activation and packing applied to a Matrix block's accumulator before
 * it is published as D (PTO ISA 0.58.3, arch/profile/matrix-postprocess,
 * matrix-quantization, data-types/fp19, block/attributes/B.FPATR).
 *
 * Plain C with no QEMU dependency: tests/unit/test-cube-post.c links it
 * directly.  The RowMax / GroupMax reductions are not here (they act on
 * the raw accumulator, not on the converted element).
 *
 * Type codes are the B.DATR DataType codes of tile_numeric.h (TileDType):
 * 1 FP32, 17 S32, 25 U32 for the accumulator.
 */
#ifndef TILE_CUBE_POST_H
#define TILE_CUBE_POST_H

#include <stdbool.h>
#include <stdint.h>

/* The latched controls that act on one element. */
typedef struct CubePost {
    unsigned prequant;          /* B.FPATR PreQuantMode [31:26] */
    unsigned relu;              /* B.FPATR ReluMode: 0 none, 1 ReLU,
                                   2 LReLU (scalar alpha), 3 PReLU (alpha
                                   per column) */
    bool sat;                   /* B.DATR Sat */
    unsigned rmode;             /* B.DATR RMode (0 = operation default) */
} CubePost;

/*
 * The destination type code of PreQuantMode `prequant` for an accumulator
 * of type `acc_type`, or -1 when the mode is reserved or does not accept
 * that accumulator (mode 0 keeps FP32, S32 or U32; every other mode
 * accepts exactly one of FP32 and S32).
 */
int cube_post_out_type(unsigned prequant, unsigned acc_type);

/* Whether the mode takes its QuantParam word from the scalar B.IOR
 * parameter or from a per-column vector source. */
bool cube_post_uses_scalar_param(unsigned prequant);
bool cube_post_uses_vector_param(unsigned prequant);

/* A QuantParam word (scalar, or one vector element) is legal for the
 * mode; false for a mode that takes no parameter. */
bool cube_post_param_legal(unsigned prequant, uint64_t word);

/* An LReLU / PReLU alpha word is legal: FP19 in [18:0] that is +0 or a
 * positive normal, every higher bit zero. */
bool cube_post_relu_param_legal(uint64_t word);

/* The B.DATR RMode / Sat pair is legal for the mode (false for a reserved
 * mode or an RMode above 7). */
bool cube_post_datr_legal(unsigned prequant, unsigned rmode, bool sat);

/*
 * One element.  `v` is the raw accumulator element (FP32 bits, S32 or
 * U32), `qp` the QuantParam word of its column (scalar or vector element;
 * ignored by modes without one), `alpha` the alpha word of its column
 * (ignored unless ReLU mode is 2 or 3).  Returns the raw destination
 * element in the low bits of the result, zero-extended from the
 * destination width (4 bits for S4X2, 8, 16 or 32); ORs the numeric
 * status flags (TILE_NUM_NV/OF/UF/NX) into *flags.
 *
 * Precondition: cube_post_out_type(p->prequant, acc_type) >= 0 and
 * p->relu <= 3 (the caller rejects anything else before effects); the
 * element is returned unchanged otherwise.
 */
uint64_t cube_post_element(const CubePost *p, unsigned acc_type, uint32_t v,
                           uint64_t qp, uint64_t alpha, unsigned *flags);

#endif /* TILE_CUBE_POST_H */
