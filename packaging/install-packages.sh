#!/usr/bin/env bash
# Installs the Debian packages named on the command line that are not installed yet (apt-get,
# sudo when not root); does nothing, and needs no network, when all are. Fails when a name is
# still not installed afterwards (a virtual name, which dpkg-query never finds).
#   packaging/install-packages.sh PACKAGE...
set -euo pipefail

missing_from() {
    local package
    for package in "$@"; do
        [ "$(dpkg-query -W -f='${db:Status-Status}' "$package" 2>/dev/null)" = installed ] || echo "$package"
    done
}

mapfile -t missing < <(missing_from "$@")
[ ${#missing[@]} -eq 0 ] && exit 0
# One installation at a time (CI prepares the fresh-machine root while it builds): apt-get
# refuses to start while another holds its lock.
exec 9> "${TMPDIR:-/tmp}/cutlab-install-packages.lock"
flock 9
mapfile -t missing < <(missing_from "$@")
[ ${#missing[@]} -eq 0 ] && exit 0
echo "setup: installing ${missing[*]}"
sudo=()
if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "setup: run as root or install sudo to install: ${missing[*]}" >&2; exit 1; }
    sudo=(sudo)
fi
"${sudo[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
mapfile -t missing < <(missing_from "$@")
if [ ${#missing[@]} -ne 0 ]; then
    echo "setup: still not installed after apt-get (not a real package name?): ${missing[*]}" >&2
    exit 1
fi
