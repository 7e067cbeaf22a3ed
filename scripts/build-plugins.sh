#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# build-plugins.sh: put the TCG plugins under BUILD/plugins (docs/plugins.md).
#
#   build-plugins.sh BUILD QEMU_DIR      (relative to the repository root)
#
# QEMU's own plugins (contrib/plugins and tests/tcg/plugins, built by the
# QEMU build's contrib-plugins and test-plugins targets) are linked there;
# the project's plugins (plugins/*.c, and tests/plugins/*.c for the tests)
# are compiled against QEMU_DIR/src/include/qemu/qemu-plugin.h, with the
# ISA library BUILD/libtileisa.a (from `make tools`).  A plugin is rebuilt
# when its source, the library or the plugin header is newer.

set -eu

[ $# -eq 2 ] || { echo "usage: build-plugins.sh BUILD QEMU_DIR" >&2; exit 1; }
cd "$(dirname "$0")/.."
build=$1
qdir=$2
out=$build/plugins
header=$qdir/src/include/qemu/qemu-plugin.h
lib=$build/libtileisa.a

die() { printf 'build-plugins: %s\n' "$*" >&2; exit 1; }

[ -f "$header" ] || die "$header missing (run make qemu)"
[ -f "$lib" ] || die "$lib missing (run make tools)"
mkdir -p "$out"

for p in contrib/plugins/bbv contrib/plugins/cache contrib/plugins/cflow \
         contrib/plugins/drcov contrib/plugins/execlog contrib/plugins/hotblocks \
         contrib/plugins/hotpages contrib/plugins/howvec contrib/plugins/hwprofile \
         contrib/plugins/ips contrib/plugins/lockstep contrib/plugins/stoptrigger \
         tests/tcg/plugins/bb tests/tcg/plugins/insn tests/tcg/plugins/mem; do
    so=$qdir/build/$(dirname "$p")/lib$(basename "$p").so
    [ -f "$so" ] || die "$so missing (the QEMU build's contrib-plugins / test-plugins)"
    ln -sfn "$(realpath --relative-to="$out" "$so")" "$out/lib$(basename "$p").so"
done

cflags="-shared -fPIC -O2 -Wall -Wextra -Werror -Wno-unused-parameter \
-I$qdir/src/include/qemu -Ilib $(pkg-config --cflags glib-2.0)"
for src in plugins/*.c tests/plugins/*.c; do
    [ -f "$src" ] || continue
    so=$out/lib$(basename "$src" .c).so
    if [ ! -f "$so" ] || [ "$src" -nt "$so" ] || [ "$lib" -nt "$so" ] ||
       [ "$header" -nt "$so" ]; then
        echo "  CC $so"
        # shellcheck disable=SC2086
        ${CC:-cc} $cflags -o "$so" "$src" "$lib"
    fi
done
