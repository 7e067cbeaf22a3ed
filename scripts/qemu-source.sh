#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# qemu-source.sh: find or obtain a pristine QEMU 10.0.x source tree.
#
#   qemu-source.sh QEMU_DIR [--qemu-src=DIR] [--qemu-tarball=FILE]
#
# Prints the path of the tree on stdout.  Order of preference:
#   1. --qemu-src=DIR          an unpacked upstream 10.0.x tree (used as is)
#   2. --qemu-tarball=FILE     a qemu-10.0.x tarball, unpacked into QEMU_DIR
#   3. QEMU_DIR/upstream       the copy cached by an earlier run
#   4. QEMU_DIR/dl/*.orig.tar.* a source package downloaded earlier
#   5. Debian's qemu source package of the 10.0 series (apt-get source)

set -eu

here=$(cd "$(dirname "$0")" && pwd)
say() { printf '%s\n' "configure: $*" >&2; }
die() { say "$*"; exit 1; }

[ $# -ge 1 ] || die "usage: qemu-source.sh QEMU_DIR [--qemu-src=DIR] [--qemu-tarball=FILE]"
qdir=$1
shift
qemu_src=""
qemu_tarball=""
for arg in "$@"; do
    case "$arg" in
    --qemu-src=*) qemu_src=${arg#*=} ;;
    --qemu-tarball=*) qemu_tarball=${arg#*=} ;;
    *) die "qemu-source.sh: unknown option '$arg'" ;;
    esac
done

# check_version DIR HOWTO: DIR must hold QEMU 10.0.x
check_version() {
    [ -f "$1/VERSION" ] && [ -f "$1/meson.build" ] && [ -d "$1/target" ] ||
        die "$1 is not a QEMU source tree (no VERSION/meson.build/target); $2"
    v=$(cat "$1/VERSION")
    case "$v" in
    10.0.*) ;;
    *) die "QEMU in $1 is version $v, need 10.0.x; $2" ;;
    esac
}

# unpack TARBALL: into $qdir/upstream (replacing it)
unpack() {
    tmp="$qdir/unpack.$$"
    rm -rf "$tmp"
    mkdir -p "$tmp"
    say "unpacking $(basename "$1")"
    tar -xf "$1" -C "$tmp" || { rm -rf "$tmp"; die "cannot unpack $1"; }
    top=$(find "$tmp" -mindepth 1 -maxdepth 1)
    if [ "$(printf '%s\n' "$top" | wc -l)" != 1 ] || [ ! -d "$top" ]; then
        rm -rf "$tmp"
        die "$1 does not unpack to a single QEMU directory"
    fi
    rm -rf "$qdir/upstream"
    mv "$top" "$qdir/upstream"
    rmdir "$tmp"
}

mkdir -p "$qdir"
qdir=$(cd "$qdir" && pwd)

# 1. an explicit tree
if [ -n "$qemu_src" ]; then
    [ -d "$qemu_src" ] || die "--qemu-src=$qemu_src: no such directory"
    qemu_src=$(cd "$qemu_src" && pwd)
    check_version "$qemu_src" "pass --qemu-src with an upstream QEMU 10.0.x tree"
    printf '%s\n' "$qemu_src"
    exit 0
fi

# 2. an explicit tarball
if [ -n "$qemu_tarball" ]; then
    [ -f "$qemu_tarball" ] || die "--qemu-tarball=$qemu_tarball: no such file"
    unpack "$qemu_tarball"
    check_version "$qdir/upstream" "pass --qemu-tarball with a qemu-10.0.x tarball"
    printf '%s\n' "$qdir/upstream"
    exit 0
fi

# 3. the cached tree
if [ -f "$qdir/upstream/VERSION" ]; then
    case "$(cat "$qdir/upstream/VERSION")" in
    10.0.*)
        printf '%s\n' "$qdir/upstream"
        exit 0
        ;;
    esac
    say "ignoring cached QEMU $(cat "$qdir/upstream/VERSION") in $qdir/upstream"
fi

# 4. a downloaded source package
orig=$(ls "$qdir"/dl/qemu_10.0.*.orig.tar.* 2>/dev/null | sort -V | tail -n 1 || true)
if [ -n "$orig" ]; then
    unpack "$orig"
    check_version "$qdir/upstream" "remove $qdir/dl and run configure again"
    printf '%s\n' "$qdir/upstream"
    exit 0
fi

# 5. Debian's qemu source package, 10.0 series
command -v apt-get >/dev/null 2>&1 ||
    die "no QEMU 10.0.x source: pass --qemu-src=DIR or --qemu-tarball=FILE"

# newest 10.0.x version apt knows about, if any
best_version() {
    apt-cache showsrc qemu 2>/dev/null |
        awk '/^Package: /{p=$2} /^Version: /{ if (p == "qemu") print $2 }' |
        grep -E '^([0-9]+:)?10\.0\.' | sort -u |
        while read -r v; do
            if [ -z "${best:-}" ] || dpkg --compare-versions "$v" gt "$best"; then
                best=$v
                printf '%s\n' "$best"
            fi
        done | tail -n 1
}

ver=$(best_version)
if [ -z "$ver" ]; then
    if [ "$(id -u)" = 0 ]; then
        sh "$here/deps.sh" sources
        ver=$(best_version)
    else
        sh "$here/deps.sh" sources || true
    fi
fi
[ -n "$ver" ] ||
    die "apt has no qemu 10.0.x source package; pass --qemu-src=DIR or --qemu-tarball=FILE"

say "downloading Debian source package qemu $ver"
mkdir -p "$qdir/dl"
(
    cd "$qdir/dl"
    # _apt cannot write into root-only build dirs; that warning is harmless
    apt-get source --download-only -q "qemu=$ver" >/dev/null 2>"$qdir/dl/apt.log"
) || {
    cat "$qdir/dl/apt.log" >&2
    die "apt-get source qemu=$ver failed; pass --qemu-src=DIR or --qemu-tarball=FILE"
}
orig=$(ls "$qdir"/dl/qemu_10.0.*.orig.tar.* 2>/dev/null | sort -V | tail -n 1 || true)
[ -n "$orig" ] || die "apt-get source qemu=$ver gave no .orig tarball"
unpack "$orig"
check_version "$qdir/upstream" "remove $qdir/dl and run configure again"
printf '%s\n' "$qdir/upstream"
