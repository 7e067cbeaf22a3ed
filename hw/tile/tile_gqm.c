/*
 * PTO general queue management (GQM): the machine's hardware queues
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * PTO-ARCH-GQM: the queues are system state (its state record's scope is
 * "system"), shared by every Core and keyed by their address; HL.QMT,
 * HL.QPUSH and HL.QPOP (target/tile/tcg/gqm_helper.c) reach them through
 * the CPU's QOM link "gqm" and the functions of include/hw/tile/
 * tile_state.h.  One device per machine holds them, so a system reset
 * empties them (ResetGQMState) and migration carries them.  A lock makes
 * each operation atomic under MTTCG.
 *
 * The ASL's model backing has 4 queue slots and says that is no
 * architectural limit: we keep 16; initializing a 17th distinct queue
 * reports status 10 (error).  The release, acquire and event epochs are
 * kept as the ASL keeps them; no instruction observes them.
 */

#include "qemu/osdep.h"
#include "qemu/error-report.h"
#include "qemu/thread.h"
#include "qapi/error.h"
#include "hw/sysbus.h"
#include "migration/vmstate.h"
#include "hw/tile/tile_gqm.h"

#define GQM_MAX_CAPACITY 1023       /* PTO_GQM_MAX_CAPACITY */
#define GQM_SLOTS 16

enum { GQM_OK = 0, GQM_BUSY = 1, GQM_ERROR = 2 };

typedef struct GqmEntry {
    uint64_t value;
    uint64_t release_epoch;     /* 0 for a relaxed push */
} GqmEntry;

typedef struct GqmQueue {
    bool valid, suspended, corrupt;
    uint64_t address;
    uint32_t capacity, count, head;
    GqmEntry entry[GQM_MAX_CAPACITY];
} GqmQueue;

struct TileGqmState {
    SysBusDevice parent_obj;

    QemuSpin lock;
    GqmQueue q[GQM_SLOTS];
    uint64_t release_epoch, acquire_epoch, event_epoch, event_address;
};

/* The result word: [12:0] the primary value, [63:62] the status. */
static uint64_t gqm_result(uint32_t primary, unsigned status)
{
    return (uint64_t)(primary & 0x1fff) | ((uint64_t)status << 62);
}

static GqmQueue *gqm_find(TileGqmState *s, uint64_t address)
{
    for (int i = 0; i < GQM_SLOTS; i++) {
        if (s->q[i].valid && s->q[i].address == address) {
            return &s->q[i];
        }
    }
    return NULL;
}

static void gqm_event(TileGqmState *s, uint64_t address)
{
    s->event_epoch++;
    s->event_address = address;
}

/* HL.QMT flags: [3] i (initialize, capacity = SrcR[9:0]), [2] e, [1] s, [0] r */
uint64_t tile_gqm_manage(Object *gqm, uint64_t address, uint64_t capacity,
                         unsigned flags)
{
    TileGqmState *s = gqm ? TILE_GQM(gqm) : NULL;
    uint64_t result = gqm_result(0, GQM_BUSY);
    GqmQueue *q;

    if (!s) {
        return gqm_result(0, GQM_ERROR);
    }
    qemu_spin_lock(&s->lock);
    q = gqm_find(s, address);
    if (flags & 8) {
        uint32_t cap = capacity & 0x3ff;

        for (int i = 0; !q && i < GQM_SLOTS; i++) {
            if (!s->q[i].valid) {
                q = &s->q[i];
            }
        }
        if (q) {
            q->valid = true;
            q->address = address;
            q->capacity = cap;
            q->count = q->head = 0;
            q->suspended = q->corrupt = false;
            result = gqm_result(cap * 8, GQM_OK);
        } else {
            result = gqm_result(0, GQM_ERROR);  /* no backing left */
        }
    } else if (q && !q->corrupt) {
        result = gqm_result(q->capacity - q->count, GQM_OK);
    } else {
        q = NULL;
    }
    if (q && !(result >> 62)) {
        /* after the primary operation: the event, then suspend/restore */
        if (flags & 4) {
            gqm_event(s, address);
        }
        if (flags & 2) {
            q->suspended = true;
        } else if (flags & 1) {
            q->suspended = false;
        }
    }
    qemu_spin_unlock(&s->lock);
    return result;
}

/*
 * The queue a push or a pop at address works on, with the device locked
 * (the caller unlocks *sp); NULL, unlocked, when there is no GQM device,
 * no such queue or the queue is corrupt (status error).
 */
static GqmQueue *gqm_lock_queue(Object *gqm, uint64_t address, TileGqmState **sp)
{
    TileGqmState *s = gqm ? TILE_GQM(gqm) : NULL;
    GqmQueue *q;

    if (!s) {
        return NULL;
    }
    qemu_spin_lock(&s->lock);
    q = gqm_find(s, address);
    if (!q || q->corrupt) {
        qemu_spin_unlock(&s->lock);
        return NULL;
    }
    *sp = s;
    return q;
}

/* HL.QPUSH flags: [3] h (at the head), [2] e, [0] r (relaxed) */
uint64_t tile_gqm_push(Object *gqm, uint64_t address, uint64_t value, unsigned flags)
{
    TileGqmState *s;
    GqmQueue *q = gqm_lock_queue(gqm, address, &s);
    uint64_t result;
    uint32_t idx;

    if (!q) {
        return gqm_result(0, GQM_ERROR);
    }
    if (q->suspended || q->capacity == q->count) {
        result = gqm_result(q->capacity - q->count, GQM_BUSY);
    } else {
        if (flags & 8) {
            idx = q->head == 0 ? q->capacity - 1 : q->head - 1;
            q->head = idx;
        } else {
            idx = (q->head + q->count) % q->capacity;
        }
        q->entry[idx].value = value;
        q->entry[idx].release_epoch = (flags & 1) ? 0 : ++s->release_epoch;
        q->count++;
        if (flags & 4) {
            gqm_event(s, address);
        }
        result = gqm_result(q->capacity - q->count, GQM_OK);
    }
    qemu_spin_unlock(&s->lock);
    return result;
}

/* HL.QPOP flags: [1] e, [0] r.  *data is 0 unless an entry is popped. */
uint64_t tile_gqm_pop(Object *gqm, uint64_t address, unsigned flags, uint64_t *data)
{
    TileGqmState *s;
    GqmQueue *q = gqm_lock_queue(gqm, address, &s);
    uint64_t result;

    *data = 0;
    if (!q) {
        return gqm_result(0, GQM_ERROR);
    }
    if (q->count == 0) {
        result = gqm_result(0, GQM_BUSY);
    } else {
        const GqmEntry *e = &q->entry[q->head];

        *data = e->value;
        if (!(flags & 1) && e->release_epoch) {
            s->acquire_epoch = e->release_epoch;
        }
        q->head = (q->head + 1) % q->capacity;
        if (--q->count == 0) {
            q->head = 0;
        }
        if (flags & 2) {
            gqm_event(s, address);
        }
        result = gqm_result(q->count, GQM_OK);
    }
    qemu_spin_unlock(&s->lock);
    return result;
}

/* ResetGQMState: no queue, every epoch 0. */
static void tile_gqm_reset(DeviceState *dev)
{
    TileGqmState *s = TILE_GQM(dev);

    memset(s->q, 0, sizeof(s->q));
    s->release_epoch = s->acquire_epoch = s->event_epoch = s->event_address = 0;
}

static void tile_gqm_realize(DeviceState *dev, Error **errp)
{
    TileGqmState *s = TILE_GQM(dev);

    qemu_spin_init(&s->lock);
    tile_gqm_reset(dev);
}

/*
 * Migration: each slot's header, then only its capacity's entries (the
 * capacity is checked first, so no more than GQM_MAX_CAPACITY are read).
 * A slot that holds no queue is all zero; the head lies inside the
 * capacity, the count within it; no address names two queues.
 */
static bool gqm_queue_shape_valid(void *opaque, int version_id)
{
    const GqmQueue *q = opaque;

    if (!q->valid) {
        return !q->suspended && !q->corrupt && !q->address && !q->capacity &&
               !q->count && !q->head;
    }
    return q->capacity <= GQM_MAX_CAPACITY && q->count <= q->capacity &&
           (q->head < q->capacity || (q->capacity == 0 && q->head == 0));
}

static const VMStateDescription vmstate_gqm_entry = {
    .name = "tile-gqm/entry",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT64(value, GqmEntry),
        VMSTATE_UINT64(release_epoch, GqmEntry),
        VMSTATE_END_OF_LIST()
    }
};

static const VMStateDescription vmstate_gqm_queue = {
    .name = "tile-gqm/queue",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_BOOL(valid, GqmQueue),
        VMSTATE_BOOL(suspended, GqmQueue),
        VMSTATE_BOOL(corrupt, GqmQueue),
        VMSTATE_UINT64(address, GqmQueue),
        VMSTATE_UINT32(capacity, GqmQueue),
        VMSTATE_UINT32(count, GqmQueue),
        VMSTATE_UINT32(head, GqmQueue),
        VMSTATE_VALIDATE("queue capacity, count and head", gqm_queue_shape_valid),
        VMSTATE_STRUCT_VARRAY_UINT32(entry, GqmQueue, capacity, 1, vmstate_gqm_entry,
                                     GqmEntry),
        VMSTATE_END_OF_LIST()
    }
};

static int tile_gqm_pre_load(void *opaque)
{
    tile_gqm_reset(DEVICE(opaque));
    return 0;
}

static int tile_gqm_post_load(void *opaque, int version_id)
{
    TileGqmState *s = opaque;

    for (int i = 0; i < GQM_SLOTS; i++) {
        for (int j = 0; j < i; j++) {
            if (s->q[i].valid && s->q[j].valid && s->q[i].address == s->q[j].address) {
                error_report("tile-gqm migration state: two queues at address 0x%"
                             PRIx64, s->q[i].address);
                return -EINVAL;
            }
        }
    }
    return 0;
}

static const VMStateDescription vmstate_tile_gqm = {
    .name = "tile-gqm",
    .version_id = 1,
    .minimum_version_id = 1,
    .pre_load = tile_gqm_pre_load,
    .post_load = tile_gqm_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_STRUCT_ARRAY(q, TileGqmState, GQM_SLOTS, 1, vmstate_gqm_queue, GqmQueue),
        VMSTATE_UINT64(release_epoch, TileGqmState),
        VMSTATE_UINT64(acquire_epoch, TileGqmState),
        VMSTATE_UINT64(event_epoch, TileGqmState),
        VMSTATE_UINT64(event_address, TileGqmState),
        VMSTATE_END_OF_LIST()
    }
};

static void tile_gqm_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);

    dc->realize = tile_gqm_realize;
    device_class_set_legacy_reset(dc, tile_gqm_reset);
    dc->vmsd = &vmstate_tile_gqm;
    dc->user_creatable = false;
}

static const TypeInfo tile_gqm_info = {
    .name = TYPE_TILE_GQM,
    .parent = TYPE_SYS_BUS_DEVICE,
    .instance_size = sizeof(TileGqmState),
    .class_init = tile_gqm_class_init,
};

TileGqmState *tile_gqm_create(void)
{
    DeviceState *dev = qdev_new(TYPE_TILE_GQM);

    sysbus_realize_and_unref(SYS_BUS_DEVICE(dev), &error_fatal);
    return TILE_GQM(dev);
}

static void tile_gqm_register_types(void)
{
    type_register_static(&tile_gqm_info);
}

type_init(tile_gqm_register_types)
