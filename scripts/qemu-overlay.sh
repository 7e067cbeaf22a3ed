#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# qemu-overlay.sh: build the QEMU tree that qemu-system-tile compiles from.
#
#   qemu-overlay.sh UPSTREAM SRC REPO
#
# SRC becomes a copy of the pristine UPSTREAM tree with REPO/patches/*.patch
# applied, and with the project's own directories linked in (symlinks, so an
# edit in the repository is picked up by the next ninja run):
#
#   target/tile, hw/tile, include/hw/tile      whole directories
#   configs/**, gdb-xml/**                      file by file
#   isa-lib -> REPO/lib, isa -> REPO/isa,
#   isa-scripts -> REPO/scripts                 for the ISA library hook
#
# The copy is redone only when UPSTREAM or the patches change; the stamp
# file SRC/.tile-overlay records what it was made from.  Exit status 2
# means "the copy was redone" (the caller then starts a fresh build dir).

set -eu

say() { printf '%s\n' "configure: $*" >&2; }
die() { say "$*"; exit 1; }

[ $# -eq 3 ] || die "usage: qemu-overlay.sh UPSTREAM SRC REPO"
upstream=$1
src=$2
repo=$3

stamp_of() {
    printf 'upstream %s %s\n' "$upstream" "$(cat "$upstream/VERSION")"
    for p in "$repo"/patches/*.patch; do
        [ -f "$p" ] || continue
        printf 'patch %s %s\n' "$(basename "$p")" "$(cksum < "$p")"
    done
}

want=$(stamp_of)
recopied=no
if [ ! -f "$src/.tile-overlay" ] || [ "$(cat "$src/.tile-overlay")" != "$want" ]; then
    say "preparing QEMU $(cat "$upstream/VERSION") tree in $src"
    rm -rf "$src"
    mkdir -p "$(dirname "$src")"
    cp -a "$upstream" "$src.tmp.$$"
    for p in "$repo"/patches/*.patch; do
        [ -f "$p" ] || continue
        if ! patch -d "$src.tmp.$$" -p1 -N -s --no-backup-if-mismatch < "$p" >/dev/null; then
            rm -rf "$src.tmp.$$"
            die "patches/$(basename "$p") does not apply to QEMU $(cat "$upstream/VERSION"); need a 10.0.x tree"
        fi
    done
    printf '%s\n' "$want" > "$src.tmp.$$/.tile-overlay"
    mv "$src.tmp.$$" "$src"
    recopied=yes
fi

# link DIR: replace SRC/DIR by a symlink to REPO/DIR
link_dir() {
    [ -d "$repo/$1" ] || die "missing $repo/$1"
    if [ -e "$src/$1" ] && [ ! -L "$src/$1" ]; then
        rm -rf "${src:?}/$1"
    fi
    mkdir -p "$(dirname "$src/$1")"
    ln -sfn "$repo/$1" "$src/$1"
}

# link_files DIR: link every file under REPO/DIR into SRC/DIR
link_files() {
    [ -d "$repo/$1" ] || return 0
    (cd "$repo" && find "$1" -type f ! -name '*~' ! -name '.*') |
    while read -r f; do
        mkdir -p "$(dirname "$src/$f")"
        ln -sfn "$repo/$f" "$src/$f"
    done
    # drop links to files that were removed from the repository
    find "$src/$1" -type l | while read -r l; do
        case "$(readlink "$l")" in
        "$repo"/*) [ -e "$l" ] || rm -f "$l" ;;
        esac
    done
}

link_dir target/tile
link_dir hw/tile
link_dir include/hw/tile
link_files configs
link_files gdb-xml

# ISA library hook (see target/tile/meson.build)
for pair in "isa-lib:lib" "isa:isa" "isa-scripts:scripts"; do
    name=${pair%%:*}
    dir=${pair#*:}
    if [ -d "$repo/$dir" ]; then
        ln -sfn "$repo/$dir" "$src/$name"
    fi
done

[ "$recopied" = yes ] && exit 2
exit 0
