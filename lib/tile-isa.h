/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * PTO ISA 0.58.3 + ADR 0097 encoding library: decode, encode, format and
 * parse instructions from the tables generated out of the isa/ tables.
 *
 * Plain C99, no QEMU headers: the assembler, the disassembler and the
 * QEMU target's disassembly all use this one library.
 */
#ifndef TILE_ISA_H
#define TILE_ISA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define TILE_ISA_MAX_FIELDS 16
#define TILE_ISA_MAX_INSN_BYTES 8

typedef struct TileIsaPiece {
    uint8_t insn_lsb;       /* lowest instruction bit of the piece */
    uint8_t width;
    uint8_t value_lsb;      /* where the piece lands in the field value */
} TileIsaPiece;

typedef struct TileIsaField {
    const char *name;
    uint8_t width;
    char sign;              /* 's' signed, 'u' unsigned, 'e' encoding-defined */
    uint8_t npieces;
    TileIsaPiece pieces[3];
} TileIsaField;

enum { TILE_ISA_CONS_IN, TILE_ISA_CONS_NE };

typedef struct TileIsaConstraint {
    uint8_t field;          /* index into the form's fields */
    uint8_t op;             /* TILE_ISA_CONS_IN or TILE_ISA_CONS_NE */
    uint8_t nvalues;
    const int32_t *values;
} TileIsaConstraint;

enum { TILE_ISA_CLASS_SCALAR, TILE_ISA_CLASS_COMMAND };

typedef struct TileIsaForm {
    unsigned index;         /* position in tile_isa_forms[] */
    const char *id;         /* catalog form id */
    const char *mnemonic;
    unsigned length_bits;   /* 16, 32, 48 or 64 */
    int cls;                /* TILE_ISA_CLASS_* */
    const char *family;     /* ALU, AGU, BRU, AMO, FSU, SYS, CMD, BBD */
    const char *handler;    /* catalog semantic handler */
    uint64_t match, mask;
    unsigned nfields;
    const TileIsaField *fields;
    unsigned nconstraints;
    const TileIsaConstraint *constraints;
    const char *const *syntax;  /* NULL-terminated list of templates */
    const char *agu_kind;   /* AGU address kind or "" */
    int agu_scale;          /* AGU displacement scale (log2) */
    int variant_function;   /* tile function code of an encoding variant, or -1 */
} TileIsaForm;

typedef struct TileIsaReserved {
    const char *mnemonic;
    unsigned length_bits;
    uint64_t match, mask;
    unsigned nfields;
    const TileIsaField *fields;
    unsigned nconstraints;
    const TileIsaConstraint *constraints;
} TileIsaReserved;

/* System registers (isa/sysregs.isa): a base register has its address, a
 * context-family register its low index in every ring's bank (address =
 * ring * 0x1000 + index), unless fixed_acr names the one ring it exists in. */
typedef struct TileIsaSysreg {
    const char *name;
    uint16_t index;
    bool readable, writable;
    bool context;
    int fixed_acr;
} TileIsaSysreg;

typedef struct TileIsaTrap {
    unsigned number;
    const char *name;
    const char *argument;   /* what TRAPARG0 holds */
    const char *restart;    /* where a handler's return resumes */
} TileIsaTrap;

extern const TileIsaSysreg tile_isa_sysregs[];
extern const unsigned tile_isa_sysreg_count;
extern const TileIsaTrap tile_isa_traps[];
extern const unsigned tile_isa_trap_count;

/* A tile operation of tile-ops.isa: its engine and BSTART carrier. */
typedef struct TileIsaTileOp {
    const char *name;       /* TADD, TLOAD, ... */
    const char *engine;     /* VEC, SFU, TLSU, CUBE */
    const char *carrier;    /* BSTART.TEPL, BSTART.TLOAD, ... */
    int mode, function;     /* -1 where the catalog gives none */
    const char *handler;    /* catalog semantic handler */
} TileIsaTileOp;

extern const TileIsaTileOp tile_isa_tile_ops[];
extern const unsigned tile_isa_tile_op_count;

/* The operation BSTART.TEPL's Mode:Function selects, or NULL (a hole). */
const TileIsaTileOp *tile_isa_tepl_op(unsigned mode, unsigned function);
/* The TEPL operation named name (any case) on engine, or NULL. */
const TileIsaTileOp *tile_isa_tepl_op_by_name(const char *name, const char *engine);

extern const TileIsaForm tile_isa_forms[];
extern const unsigned tile_isa_form_count;
extern const TileIsaReserved tile_isa_reserved[];
extern const unsigned tile_isa_reserved_count;

typedef enum TileIsaStatus {
    TILE_ISA_OK = 0,
    TILE_ISA_ILLEGAL,       /* no form matches */
    TILE_ISA_RESERVED,      /* an extension reservation matches */
    TILE_ISA_CONSTRAINT,    /* the matching form's constraints reject it */
    TILE_ISA_TRUNCATED,     /* fewer bytes than the instruction needs */
} TileIsaStatus;

typedef struct TileIsaInsn {
    const TileIsaForm *form;        /* NULL unless status is OK */
    const TileIsaReserved *reserved;/* set for TILE_ISA_RESERVED */
    unsigned length;                /* bytes consumed (also when illegal) */
    uint64_t bits;                  /* little-endian parcels, parcel 0 lowest */
    int64_t value[TILE_ISA_MAX_FIELDS]; /* field values; 's' fields sign-extended */
} TileIsaInsn;

/* Length in bytes (2, 4, 6 or 8) of the instruction whose first parcel is
 * given, before the fused BSTART.CALL pair is considered. */
unsigned tile_isa_parcel_length(uint16_t parcel0);

/* Decode the instruction at buf (avail bytes available).  Fills insn;
 * insn->length is the encoded length even for illegal words. */
TileIsaStatus tile_isa_decode(const uint8_t *buf, size_t avail, TileIsaInsn *insn);

/* Same, from an already-fetched little-endian word of up to 8 bytes;
 * avail_bytes says how many of its bytes are valid. */
TileIsaStatus tile_isa_decode_word(uint64_t word, unsigned avail_bytes,
                                   TileIsaInsn *insn);

/* Field value extraction for a given form (sign-extended for 's'). */
int64_t tile_isa_field_value(const TileIsaField *f, uint64_t bits);
/* Value bits of a field that no encoding piece carries (must be zero). */
uint64_t tile_isa_field_holes(const TileIsaField *f);
bool tile_isa_constraints_hold(const TileIsaForm *form, const int64_t *values);

/* Encode field values (same convention as TileIsaInsn.value) into bits.
 * Returns false and a message if a value does not fit or is not allowed. */
bool tile_isa_encode(const TileIsaForm *form, const int64_t *values,
                     uint64_t *bits, char *err, size_t errlen);

/* Canonical assembly text of a decoded instruction at address pc. */
int tile_isa_format(const TileIsaInsn *insn, uint64_t pc, char *buf, size_t len);

/* One disassembly line for the bytes at buf: the instruction text, or a
 * data directive with a marker (<illegal>, <reserved NAME>, <truncated>,
 * <non-canonical: TEXT>).  Returns the bytes the line covers. */
unsigned tile_isa_disassemble(const uint8_t *buf, size_t avail, uint64_t pc,
                              char *text, size_t len, bool *is_insn);

/* Write an instruction's bytes (length_bits/8 bytes). */
void tile_isa_store(uint64_t bits, unsigned length_bytes, uint8_t *out);

/* Find a field by name; -1 if absent. */
int tile_isa_field_index(const TileIsaForm *form, const char *name);

/* Form lookup by mnemonic as written (case-insensitive, ordering suffixes
 * such as ".aqrl" included).  Returns the number of candidate forms. */
unsigned tile_isa_lookup(const char *mnemonic, const TileIsaForm **out,
                         unsigned max);

/*
 * Assembler side.  The expression callback evaluates an operand expression;
 * it returns false with a message for a syntax error.  *known is false when
 * the expression names a symbol not yet defined (first pass).
 */
typedef bool (*TileIsaEvalFn)(void *ctx, const char *expr, int64_t *value,
                              bool *known, char *err, size_t errlen);

/* Assemble one instruction "mnemonic operands" at address pc.  On success
 * returns true with the encoded bits and the form.  With final == false,
 * unknown symbols are accepted (their fields encode as zero). */
bool tile_isa_assemble(const char *text, uint64_t pc, TileIsaEvalFn eval,
                       void *ctx, bool final, const TileIsaForm **form,
                       uint64_t *bits, char *err, size_t errlen);

/* Register names: code 0..31 as a source, and as a destination. */
const char *tile_isa_reg_name(unsigned code);
const char *tile_isa_data_type_name(unsigned code);

/*
 * ---- The ISA identity of images (docs/isa-identity.md) ----
 *
 * An image names the ISA it was built for in an ELF note (section
 * .note.pto.isa, name "PTO", type 1 = PTO_NT_ISA_IDENTITY, 4-byte
 * alignment) whose descriptor is the identity as JSON with sorted keys and
 * no whitespace, without a NUL.  tile_isa_identity is this library's own,
 * generated from the isa/ tables (isa/identity.isa and the SHA-256 of
 * their encoding projection).  Values are printable ASCII without a double
 * quote or a backslash; the hash is 64 lower-case hex digits.
 */
#define TILE_ISA_IDENTITY_MAX       127     /* longest release / ABI name */
#define TILE_ISA_NOTE_SECTION       ".note.pto.isa"
#define TILE_ISA_NOTE_NAME          "PTO"
#define TILE_ISA_NOTE_TYPE          1       /* PTO_NT_ISA_IDENTITY */

typedef struct TileIsaIdentity {
    char release[TILE_ISA_IDENTITY_MAX + 1];
    char encoding_abi[TILE_ISA_IDENTITY_MAX + 1];
    char encoding_projection_sha256[65];
} TileIsaIdentity;

extern const TileIsaIdentity tile_isa_identity;

/* The canonical descriptor (no NUL); returns its length, like snprintf. */
size_t tile_isa_identity_descriptor(const TileIsaIdentity *id, char *buf, size_t len);
/* The whole note: header, name, descriptor, padding; returns its length
 * (nothing is written when len is smaller). */
size_t tile_isa_identity_note(const TileIsaIdentity *id, uint8_t *buf, size_t len);

/*
 * The spec's identity rule: the image's identity must be present and
 * equal the implementation's, field by field (release, then encoding
 * ABI, then projection hash).  image NULL: no identity.
 */
typedef enum TileIsaIdentityCheck {
    TILE_ISA_IDENTITY_MATCH = 0,
    TILE_ISA_IDENTITY_MISSING,
    TILE_ISA_IDENTITY_RELEASE_MISMATCH,
    TILE_ISA_IDENTITY_ABI_MISMATCH,
    TILE_ISA_IDENTITY_HASH_MISMATCH,
} TileIsaIdentityCheck;

TileIsaIdentityCheck tile_isa_identity_compare(const TileIsaIdentity *image,
                                               const TileIsaIdentity *impl);
/* The spec's reason word: "missing-identity", "release-mismatch", ...;
 * "match" for TILE_ISA_IDENTITY_MATCH. */
const char *tile_isa_identity_reason(TileIsaIdentityCheck check);

typedef enum TileIsaNoteStatus {
    TILE_ISA_NOTE_ABSENT = 0,   /* no .note.pto.isa section */
    TILE_ISA_NOTE_FOUND,        /* *out holds the image's identity */
    TILE_ISA_NOTE_MALFORMED,    /* why says what is wrong */
} TileIsaNoteStatus;

/* A descriptor: exactly the canonical JSON of the three fields. */
TileIsaNoteStatus tile_isa_parse_descriptor(const uint8_t *desc, size_t len,
                                            TileIsaIdentity *out, char *why,
                                            size_t whylen);
/* The contents of a .note.pto.isa section: one PTO identity note. */
TileIsaNoteStatus tile_isa_parse_note_section(const uint8_t *sec, size_t len,
                                              TileIsaIdentity *out, char *why,
                                              size_t whylen);
/* A little-endian ELF64 file: its .note.pto.isa section, if any.  Every
 * offset and size is checked against the file first. */
TileIsaNoteStatus tile_isa_elf_identity(const uint8_t *elf, size_t size,
                                        TileIsaIdentity *out, char *why,
                                        size_t whylen);

#endif /* TILE_ISA_H */
