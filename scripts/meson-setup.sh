#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# meson-setup.sh BUILD: make BUILD a meson build directory of this project
# that the installed meson can use.  Every make entry point runs it first.
#
# A build directory keeps the version of the meson that set it up, and a
# different meson refuses it ("generated with an old version of meson").
# When the installed meson is not the one that set BUILD up (an older
# checkout's meson, or the distribution's before deps.sh installed a newer
# one), BUILD is set up again for the installed meson, keeping everything
# else in it (the QEMU tree under BUILD/qemu in particular).

set -eu
build=${1:-build}
src=$(cd "$(dirname "$0")/.." && pwd)

command -v meson >/dev/null 2>&1 ||
    { echo "make: meson is not installed (run 'make deps' as root)" >&2; exit 1; }
want=$(meson --version)

if [ ! -f "$build/build.ninja" ]; then
    exec meson setup "$build" "$src"
fi

info=$build/meson-info/meson-info.json
have=$(python3 -c 'import json, sys
print(json.load(open(sys.argv[1]))["meson_version"]["full"])' "$info" 2>/dev/null ||
       echo unknown)
[ "$have" = "$want" ] && exit 0

echo "make: $build/ was set up by meson $have; setting it up again for meson $want"
if ! meson setup --reconfigure "$build" "$src" > "$build/meson-resetup.log" 2>&1; then
    # The old state is unreadable: drop meson's own files, keep the rest.
    rm -rf "$build/meson-private" "$build/meson-info" "$build/meson-logs" \
           "$build/build.ninja" "$build/.ninja_log" "$build/.ninja_deps" \
           "$build/compile_commands.json"
    meson setup "$build" "$src" > "$build/meson-resetup.log" 2>&1 || {
        cat "$build/meson-resetup.log" >&2
        exit 1
    }
fi
