#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# deps.sh: make sure the Debian packages the whole build needs are present:
# the host tools and their tests (tile-as, tile-objdump, the Check unit
# tests), qemu-system-tile, and what fetching Debian's qemu source needs.
# Every entry point (make, make check, ./configure) runs it first, so the
# one meson QEMU needs is installed before the first `meson setup`.
#
#   deps.sh check      list missing packages, exit 1 if any
#   deps.sh install    install them (root), or print the exact command
#   deps.sh sources    add the apt entries this build needs (root)
#
# Debian bookworm ships meson 1.0 and no python3-pycotap, and QEMU 7.2;
# QEMU 10.0 needs meson >= 1.5, pycotap and (for its source) the 10.0 series
# of Debian's qemu source package.  Those come from bookworm-backports and
# trixie.  The archive address is taken from the machine's own apt sources;
# nothing here names a host.

set -eu

APT_LIST=/etc/apt/sources.list.d/qemu-system-tile.sources
PY=/usr/bin/python3

say() { printf '%s\n' "configure: $*" >&2; }
die() { say "$*"; exit 1; }

codename() {
    if [ -r /etc/os-release ]; then
        # shellcheck disable=SC1091
        (. /etc/os-release && printf '%s\n' "${VERSION_CODENAME:-}")
    fi
}

# True when the distribution's own meson is too old (bookworm).
need_backports() {
    [ "$(codename)" = bookworm ]
}

# --- archive address, derived from the existing apt configuration ---------

# Print "URI<TAB>SIGNED-BY" of the first entry for the main suite.
archive_of_main_suite() {
    suite=$(codename)
    [ -n "$suite" ] || return 1
    for f in /etc/apt/sources.list.d/*.sources; do
        [ -r "$f" ] || continue
        [ "$f" = "$APT_LIST" ] && continue
        awk -v suite="$suite" '
            function flush() {
                if (types ~ /(^| )deb( |$)/ && (" " suites " ") ~ (" " suite " ") &&
                    uris != "" && enabled != "no") {
                    split(uris, u, " "); print u[1] "\t" signed; found = 1; exit
                }
                types = suites = uris = signed = enabled = ""
            }
            /^[ \t]*#/ { next }
            /^[ \t]*$/ { flush(); next }
            {
                key = tolower($1); sub(/:$/, "", key)
                val = $0; sub(/^[^:]*:[ \t]*/, "", val)
                if (key == "types") types = val
                else if (key == "suites") suites = val
                else if (key == "uris") uris = val
                else if (key == "signed-by") signed = val
                else if (key == "enabled") enabled = tolower(val)
            }
            END { if (!found) flush() }
        ' "$f" | head -n 1 | grep . && return 0
    done
    for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
        [ -r "$f" ] || continue
        awk -v suite="$suite" '
            $1 == "deb" {
                i = 2
                if ($i ~ /^\[/) { while ($i !~ /\]$/) i++; i++ }
                if ($(i + 1) == suite) { print $i "\t"; exit }
            }
        ' "$f" | head -n 1 | grep . && return 0
    done
    return 1
}

write_sources() {
    line=$(archive_of_main_suite) ||
        die "cannot find the Debian archive in /etc/apt sources; add a deb-src entry for the 'trixie' suite (qemu 10.0) yourself"
    uri=$(printf '%s' "$line" | cut -f1)
    signed=$(printf '%s' "$line" | cut -f2)
    if [ -z "$signed" ] && [ -r /usr/share/keyrings/debian-archive-keyring.gpg ]; then
        signed=/usr/share/keyrings/debian-archive-keyring.gpg
    fi
    tmp=$(mktemp)
    {
        echo "# Added by qemu-system-tile's configure: QEMU 10.0 source and"
        echo "# the build tools it needs.  Safe to delete after the build."
        if need_backports; then
            echo "Types: deb deb-src"
            echo "URIs: $uri"
            echo "Suites: bookworm-backports"
            echo "Components: main"
            [ -n "$signed" ] && echo "Signed-By: $signed"
            echo
        fi
        echo "Types: deb-src"
        echo "URIs: $uri"
        echo "Suites: trixie"
        echo "Components: main"
        [ -n "$signed" ] && echo "Signed-By: $signed"
    } > "$tmp"
    if [ -f "$APT_LIST" ] && cmp -s "$tmp" "$APT_LIST"; then
        rm -f "$tmp"
        return 1            # unchanged
    fi
    if [ "$(id -u)" != 0 ]; then
        say "as root, create $APT_LIST with these lines, then run 'apt-get update':"
        cat "$tmp" >&2
        rm -f "$tmp"
        exit 1
    fi
    mv "$tmp" "$APT_LIST"
    chmod 644 "$APT_LIST"
    return 0                # changed
}

# Add the entries and refresh the lists when they changed.
ensure_sources() {
    if write_sources; then
        say "added $APT_LIST; running apt-get update"
        apt-get update -q >/dev/null ||
            die "apt-get update failed; check the network and $APT_LIST"
    fi
}

# --- what is missing --------------------------------------------------------

missing_main=""
missing_bpo=""

add_main() { missing_main="$missing_main $1"; }
add_bpo() {
    if need_backports; then
        missing_bpo="$missing_bpo $1"
    else
        missing_main="$missing_main $1"
    fi
}

have() { command -v "$1" >/dev/null 2>&1; }

check_all() {
    have cc || add_main gcc
    have make || add_main make
    have patch || add_main patch
    have xz || add_main xz-utils
    have ninja || add_main ninja-build
    have git || add_main git
    have pkg-config || add_main pkg-config
    if have pkg-config; then
        # gmodule: QEMU's plugin loader (--enable-plugins)
        { pkg-config --atleast-version=2.66 glib-2.0 &&
          pkg-config --exists gmodule-no-export-2.0; } 2>/dev/null || add_main libglib2.0-dev
        pkg-config --exists zlib 2>/dev/null || add_main zlib1g-dev
        pkg-config --exists check 2>/dev/null || add_main check
    else
        add_main libglib2.0-dev
        add_main zlib1g-dev
        add_main check
    fi
    [ -r /usr/include/libfdt.h ] || add_main libfdt-dev
    if [ ! -x "$PY" ]; then
        add_main python3
        add_main python3-venv
        add_main python3-mpmath
        add_bpo meson
        add_bpo python3-pycotap
        return
    fi
    "$PY" -c 'import venv, ensurepip' 2>/dev/null || add_main python3-venv
    # the high-precision model of the elementary-function tests
    "$PY" -c 'import mpmath' 2>/dev/null || add_main python3-mpmath
    mver=$("$PY" -c 'import mesonbuild.coredata as c; print(c.version)' 2>/dev/null || true)
    if [ -z "$mver" ] || ! "$PY" - "$mver" <<'EOF' 2>/dev/null
import sys
v = [int(x) for x in sys.argv[1].split('.')[:2] if x.isdigit()]
sys.exit(0 if v >= [1, 5] else 1)
EOF
    then
        add_bpo meson
    fi
    "$PY" -c 'import pycotap' 2>/dev/null || add_bpo python3-pycotap
}

print_command() {
    [ -n "$missing_main" ] &&
        say "missing packages; run as root: apt-get install -y$missing_main"
    [ -n "$missing_bpo" ] &&
        say "missing packages; as root, add the bookworm-backports entry with 'sh scripts/deps.sh sources', then: apt-get install -y -t bookworm-backports$missing_bpo"
    return 0
}

case "${1:-check}" in
check)
    check_all
    if [ -n "$missing_main$missing_bpo" ]; then
        print_command
        exit 1
    fi
    ;;
install)
    check_all
    [ -z "$missing_main$missing_bpo" ] && exit 0
    if [ "$(id -u)" != 0 ] || ! have apt-get; then
        print_command
        exit 1
    fi
    export DEBIAN_FRONTEND=noninteractive
    if [ -n "$missing_bpo" ]; then
        ensure_sources
    fi
    if [ -n "$missing_main" ]; then
        say "installing:$missing_main"
        # shellcheck disable=SC2086
        apt-get install -y -q $missing_main >/dev/null || {
            apt-get update -q >/dev/null || true
            apt-get install -y -q $missing_main >/dev/null ||
                die "apt-get install$missing_main failed"
        }
    fi
    if [ -n "$missing_bpo" ]; then
        say "installing from bookworm-backports:$missing_bpo"
        # shellcheck disable=SC2086
        apt-get install -y -q -t bookworm-backports $missing_bpo >/dev/null ||
            die "apt-get install -t bookworm-backports$missing_bpo failed"
    fi
    missing_main=""
    missing_bpo=""
    check_all
    if [ -n "$missing_main$missing_bpo" ]; then
        print_command
        exit 1
    fi
    ;;
sources)
    ensure_sources
    ;;
*)
    die "deps.sh: unknown command '$1'"
    ;;
esac
