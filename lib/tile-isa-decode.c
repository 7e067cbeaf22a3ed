/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Instruction length, decode and encode over the generated form tables.
 *
 * Decode rules (PTO-ARCH-DISPATCH-TOP-LEVEL and the catalog's encodings):
 *  - the first 16-bit parcel gives the length: bits[3:0] = 1110 -> 48,
 *    1111 -> 64, otherwise bit 0 = 1 -> 32 and bit 0 = 0 -> 16;
 *  - fused forms, whose first parcel alone would have another length
 *    (BSTART.CALL = C.BSTART DIRECT + C.SETRET), are tried first;
 *  - reserved extension encodings are always illegal, except the fused
 *    reserved row (HL.BSTART.CALL): its bits are exactly a 32-bit BSTART
 *    DIRECT followed by a C.SETRET, and the length rule reads them so
 *    (docs/implementation-defined.md entry 63);
 *  - command forms are tried before scalar forms, most specific mask first;
 *    the first form whose mask matches decides, and its catalog constraints
 *    must hold or the word is illegal.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "tile-isa-internal.h"

unsigned tile_isa_parcel_length(uint16_t parcel0)
{
    if ((parcel0 & 0xf) == 0xe) {
        return 6;
    }
    if ((parcel0 & 0xf) == 0xf) {
        return 8;
    }
    return (parcel0 & 1) ? 4 : 2;
}

static uint64_t width_mask(unsigned bits)
{
    return bits >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << bits) - 1;
}

int64_t tile_isa_field_value(const TileIsaField *f, uint64_t bits)
{
    uint64_t v = 0;

    for (unsigned i = 0; i < f->npieces; i++) {
        const TileIsaPiece *p = &f->pieces[i];
        v |= ((bits >> p->insn_lsb) & width_mask(p->width)) << p->value_lsb;
    }
    if (f->sign == 's' && f->width < 64 && (v >> (f->width - 1)) & 1) {
        v |= ~width_mask(f->width);
    }
    return (int64_t)v;
}

static bool constraint_holds(const TileIsaConstraint *c, int64_t v)
{
    if (c->op == TILE_ISA_CONS_NE) {
        return v != c->values[0];
    }
    for (unsigned i = 0; i < c->nvalues; i++) {
        if (v == c->values[i]) {
            return true;
        }
    }
    return false;
}

bool tile_isa_constraints_hold(const TileIsaForm *form, const int64_t *values)
{
    for (unsigned i = 0; i < form->nconstraints; i++) {
        const TileIsaConstraint *c = &form->constraints[i];
        if (!constraint_holds(c, values[c->field])) {
            return false;
        }
    }
    return true;
}

static bool reserved_matches(const TileIsaReserved *r, uint64_t word)
{
    if ((word & r->mask) != r->match) {
        return false;
    }
    for (unsigned i = 0; i < r->nconstraints; i++) {
        const TileIsaConstraint *c = &r->constraints[i];
        if (!constraint_holds(c, tile_isa_field_value(&r->fields[c->field], word))) {
            return false;
        }
    }
    return true;
}

static bool is_fused_length(uint64_t match, unsigned length_bits)
{
    return tile_isa_parcel_length(match & 0xffff) * 8 != length_bits;
}

/* Try every form and reservation of exactly length_bits. */
static TileIsaStatus decode_length(uint64_t word, unsigned length_bits,
                                   bool fused, TileIsaInsn *insn)
{
    word &= width_mask(length_bits);
    for (unsigned i = 0; i < tile_isa_reserved_count && !fused; i++) {
        const TileIsaReserved *r = &tile_isa_reserved[i];
        if (r->length_bits == length_bits &&
            !is_fused_length(r->match, length_bits) &&
            reserved_matches(r, word)) {
            insn->reserved = r;
            insn->length = length_bits / 8;
            insn->bits = word;
            return TILE_ISA_RESERVED;
        }
    }
    for (unsigned k = 0; k < tile_isa_form_count; k++) {
        const TileIsaForm *f = &tile_isa_forms[tile_isa_decode_order[k]];
        if (f->length_bits != length_bits ||
            is_fused_length(f->match, length_bits) != fused ||
            (word & f->mask) != f->match) {
            continue;
        }
        insn->length = length_bits / 8;
        insn->bits = word;
        for (unsigned j = 0; j < f->nfields; j++) {
            insn->value[j] = tile_isa_field_value(&f->fields[j], word);
        }
        if (!tile_isa_constraints_hold(f, insn->value)) {
            return TILE_ISA_CONSTRAINT;
        }
        insn->form = f;
        return TILE_ISA_OK;
    }
    return TILE_ISA_ILLEGAL;
}

TileIsaStatus tile_isa_decode_word(uint64_t word, unsigned avail, TileIsaInsn *insn)
{
    memset(insn, 0, sizeof(*insn));
    if (avail < 2) {
        insn->length = avail;
        return TILE_ISA_TRUNCATED;
    }
    unsigned len = tile_isa_parcel_length(word & 0xffff);

    /* Fused pairs: a first parcel of one length followed by a parcel that
     * turns the pair into a form two bytes longer. */
    if (len + 2 <= avail) {
        TileIsaInsn trial;
        memset(&trial, 0, sizeof(trial));
        TileIsaStatus st = decode_length(word, (len + 2) * 8, true, &trial);
        if (st != TILE_ISA_ILLEGAL) {
            *insn = trial;
            return st;
        }
    }
    if (avail < len) {
        insn->length = len;
        insn->bits = word & width_mask(avail * 8);
        return TILE_ISA_TRUNCATED;
    }
    TileIsaStatus st = decode_length(word, len * 8, false, insn);
    insn->length = len;
    insn->bits = word & width_mask(len * 8);
    return st;
}

TileIsaStatus tile_isa_decode(const uint8_t *buf, size_t avail, TileIsaInsn *insn)
{
    uint64_t word = 0;
    unsigned n = avail > TILE_ISA_MAX_INSN_BYTES ? TILE_ISA_MAX_INSN_BYTES : (unsigned)avail;

    for (unsigned i = 0; i < n; i++) {
        word |= (uint64_t)buf[i] << (8 * i);
    }
    return tile_isa_decode_word(word, n, insn);
}

void tile_isa_store(uint64_t bits, unsigned length_bytes, uint8_t *out)
{
    for (unsigned i = 0; i < length_bytes; i++) {
        out[i] = (uint8_t)(bits >> (8 * i));
    }
}

int tile_isa_field_index(const TileIsaForm *form, const char *name)
{
    for (unsigned i = 0; i < form->nfields; i++) {
        if (!strcmp(form->fields[i].name, name)) {
            return (int)i;
        }
    }
    return -1;
}

uint64_t tile_isa_field_holes(const TileIsaField *f)
{
    uint64_t covered = 0;
    for (unsigned i = 0; i < f->npieces; i++) {
        covered |= width_mask(f->pieces[i].width) << f->pieces[i].value_lsb;
    }
    return width_mask(f->width) & ~covered;
}

bool tile_isa_encode(const TileIsaForm *form, const int64_t *values,
                     uint64_t *bits, char *err, size_t errlen)
{
    uint64_t word = form->match;

    for (unsigned i = 0; i < form->nfields; i++) {
        const TileIsaField *f = &form->fields[i];
        int64_t v = values[i];
        bool fits;
        if (f->sign == 's') {
            int64_t lo = -(INT64_C(1) << (f->width - 1));
            int64_t hi = (INT64_C(1) << (f->width - 1)) - 1;
            fits = v >= lo && v <= hi;
        } else {
            fits = v >= 0 && (uint64_t)v <= width_mask(f->width);
        }
        uint64_t holes = tile_isa_field_holes(f);
        if (fits && ((uint64_t)v & holes)) {
            snprintf(err, errlen, "operand %s: %lld must be a multiple of %llu", f->name,
                     (long long)v, (unsigned long long)(holes + 1));
            return false;
        }
        if (!fits) {
            snprintf(err, errlen, "operand %s out of range: %lld does not fit %s%u bits",
                     f->name, (long long)v, f->sign == 's' ? "signed " : "", f->width);
            return false;
        }
        for (unsigned j = 0; j < f->npieces; j++) {
            const TileIsaPiece *p = &f->pieces[j];
            uint64_t piece = ((uint64_t)v >> p->value_lsb) & width_mask(p->width);
            word &= ~(width_mask(p->width) << p->insn_lsb);
            word |= piece << p->insn_lsb;
        }
    }
    /* The catalog constraints first: a field that overlaps the fixed bits
     * (B.FPATR's Func, say) is constrained to the value those bits hold. */
    for (unsigned i = 0; i < form->nconstraints; i++) {
        const TileIsaConstraint *c = &form->constraints[i];
        if (!constraint_holds(c, values[c->field])) {
            int o = snprintf(err, errlen, "operand %s value %lld is not allowed by %s",
                             form->fields[c->field].name, (long long)values[c->field],
                             form->mnemonic);
            for (unsigned k = 0; k < c->nvalues && o > 0 && (size_t)o < errlen; k++) {
                o += snprintf(err + o, errlen - o, "%s%lld",
                              k == 0 ? (c->op == TILE_ISA_CONS_NE ? " (not " : " (allowed: ")
                                     : ", ", (long long)c->values[k]);
            }
            if (c->nvalues && o > 0 && (size_t)o < errlen) {
                snprintf(err + o, errlen - o, ")");
            }
            return false;
        }
    }
    if ((word & form->mask) != form->match) {
        snprintf(err, errlen, "internal error: %s fields overlap fixed bits", form->mnemonic);
        return false;
    }
    *bits = word;
    return true;
}

/* ------------------------------------------------------------------ */
/* Tile operations carried by BSTART.TEPL (the VEC and SFU engines) */

static bool is_tepl_op(const TileIsaTileOp *op)
{
    return !strcmp(op->carrier, "BSTART.TEPL");
}

const TileIsaTileOp *tile_isa_tepl_op(unsigned mode, unsigned function)
{
    for (unsigned i = 0; i < tile_isa_tile_op_count; i++) {
        const TileIsaTileOp *op = &tile_isa_tile_ops[i];
        if (is_tepl_op(op) && op->mode == (int)mode && op->function == (int)function) {
            return op;
        }
    }
    return NULL;
}

const TileIsaTileOp *tile_isa_tepl_op_by_name(const char *name, const char *engine)
{
    for (unsigned i = 0; i < tile_isa_tile_op_count; i++) {
        const TileIsaTileOp *op = &tile_isa_tile_ops[i];
        if (is_tepl_op(op) && !strcasecmp(op->name, name) && !strcmp(op->engine, engine)) {
            return op;
        }
    }
    return NULL;
}
