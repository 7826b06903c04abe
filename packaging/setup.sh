#!/usr/bin/env bash
# One-step set-up on Debian 12: installs what is missing, builds, then runs the app or the tests.
#   packaging/setup.sh run [PROFILE]   build and open the window on a sample profile
#   packaging/setup.sh test            build and run the whole test suite (what CI runs)
#   packaging/setup.sh build           only install and build
# With CI=true the build uses the `ci` preset (warnings are errors).
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(cmake ninja-build g++ python3 qt6-base-dev qt6-charts-dev libqt6svg6-dev libgl-dev
          libeigen3-dev nlohmann-json3-dev fonts-dejavu-core xvfb xauth)

install_missing() {
    local missing=()
    for package in "${packages[@]}"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "setup: installing ${missing[*]}"
    local sudo=()
    [ "$(id -u)" -ne 0 ] && sudo=(sudo)
    "${sudo[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

preset=dev
[ "${CI:-}" = "true" ] && preset=ci

build() {
    cmake --preset "$preset" >/dev/null
    cmake --build --preset "$preset" -j "$(nproc)"
}

action=${1:-run}
install_missing
build
case "$action" in
    build) ;;
    test)
        ctest --preset "$preset" --output-on-failure -j "$(nproc)"
        ;;
    run)
        profile=${2:-sample_profiles/scission/vgg19.json}
        exec "build/$preset/app/cutlab" "$profile"
        ;;
    *)
        echo "usage: packaging/setup.sh run [PROFILE] | test | build" >&2
        exit 2
        ;;
esac
