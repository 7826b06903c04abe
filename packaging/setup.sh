#!/usr/bin/env bash
# One-step set-up on Debian 12: installs what is missing (packaging/install-packages.sh), builds, then runs the app or the tests.
#   packaging/setup.sh run [PROFILE] [CUTLAB OPTIONS...]   build and open the window on a profile
#   packaging/setup.sh test                               build and run the whole test suite (CI)
#   packaging/setup.sh build                              only install and build
#   packaging/setup.sh package                            build the .deb (build/<preset>/cutlab_*.deb)
# With CI=true the build uses the `ci` preset (warnings are errors).
set -euo pipefail
cd "$(dirname "$0")/.."

# Every package is a real package name (dpkg-query finds it once installed), derived from what
# the build asks for:
#   the tool chain (CMakePresets.json: Ninja generator)     cmake ninja-build g++
#   the dev preset compiles with clang (a third faster build)  clang
#   find_package(Eigen3)                                    libeigen3-dev
#   find_package(nlohmann_json)                             nlohmann-json3-dev
#   find_package(Qt6 COMPONENTS Core Gui Widgets PrintSupport Test)  qt6-base-dev
#   find_package(Qt6 COMPONENTS Charts)                     qt6-charts-dev, and libqt6opengl6-dev:
#       Qt6Charts needs Qt6OpenGL, which qt6-charts-dev does not pull in (Debian packaging gap)
#   find_package(Qt6 COMPONENTS Svg)                        qt6-svg-dev
#   text in the window, charts and exports                  fonts-dejavu-core
#   screenshots and window tests without a display          xvfb xauth (xvfb-run)
#   key tests on a real X server with a window manager        openbox x11-utils (xdpyinfo)
#   the report tests read PDFs back (pdftotext, pdfinfo)    poppler-utils
#   find_package(Protobuf), find_package(ONNX) (ONNX import) libprotobuf-dev libonnx-dev
#   find_library(seccomp) (the sandboxed ONNX import worker) libseccomp-dev
#   the Scission converter and its test (sample_profiles/)    python3
#   find_program(mold): links in a fraction of ld's time       mold
#   find_library(mimalloc): a faster malloc for the programs  libmimalloc-dev
build_packages=(cmake ninja-build g++ clang libeigen3-dev nlohmann-json3-dev qt6-base-dev qt6-charts-dev
                libqt6opengl6-dev qt6-svg-dev fonts-dejavu-core xvfb xauth poppler-utils
                openbox x11-utils libprotobuf-dev libonnx-dev libseccomp-dev python3 mold
                libmimalloc-dev)
# `package`: cpack -G DEB runs dpkg-shlibdeps (dpkg-dev) and needs `file` to find the binaries.
package_packages=(dpkg-dev file)

preset=dev
[ "${CI:-}" = "true" ] && preset=ci

build() {
    cmake --preset "$preset" >/dev/null
    cmake --build --preset "$preset" -j "$(nproc)"
}

action=${1:-run}
case "$action" in
    build|test|run|package) ;;
    *)
        echo "usage: packaging/setup.sh run [PROFILE] [CUTLAB OPTIONS...] | test | build | package" >&2
        exit 2
        ;;
esac

packaging/install-packages.sh "${build_packages[@]}"
[ "$action" = package ] && packaging/install-packages.sh "${package_packages[@]}"
build
case "$action" in
    test)
        ctest --preset "$preset" --output-on-failure -j "$(nproc)"
        ;;
    run)
        profile=${2:-sample_profiles/scission/vgg19.json}
        exec "build/$preset/app/cutlab" "${@:3}" "$profile"
        ;;
    package)
        (cd "build/$preset" && rm -f cutlab_*.deb && cpack -G DEB)
        ls "build/$preset"/cutlab_*.deb
        ;;
esac
