#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Install the Debian packages the host-side build and tests need, when they
# are missing.  As root this runs apt-get; otherwise it prints the command.
set -e
need=""
have_cmd() { command -v "$1" >/dev/null 2>&1; }
have_pkg() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
have_cmd cc || need="$need gcc libc6-dev"
have_cmd meson || need="$need meson"
have_cmd ninja || need="$need ninja-build"
have_cmd pkg-config || need="$need pkg-config"
have_cmd python3 || need="$need python3"
have_pkg check || need="$need check"
[ -z "$need" ] && exit 0
if [ "$(id -u)" = 0 ]; then
    echo "Installing Debian packages:$need"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    # shellcheck disable=SC2086
    apt-get install -y -qq --no-install-recommends $need >/dev/null
else
    echo "Missing Debian packages. Run: sudo apt-get install$need" >&2
    exit 1
fi
