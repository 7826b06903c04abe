#!/usr/bin/env bash
# Proves the README's set-up on a fresh Debian 12 machine, and the .deb on another.
#
#   packaging/fresh-machine-test.sh
#
# Root A, a minimal Debian 12 (debootstrap --variant=minbase) with the committed tree (git archive
# HEAD) at the same path as here, as a new user would: the README's test command (packaging/setup.sh test)
# must pass, the README's run command under xvfb-run with --screenshot must write a non-blank PNG,
# and packaging/setup.sh package builds the .deb. The .deb is checked with lintian (no errors),
# desktop-file-validate and appstreamcli. Root B, another fresh copy: apt-get install ./cutlab_*.deb
# must resolve every dependency from Debian without a -dev package, then the installed cutlab-cli
# plans an installed sample and the installed cutlab takes a screenshot under xvfb-run.
#
# Runs as root (debootstrap, chroot and mounts need it) on a Debian 12 host; installs debootstrap,
# lintian, desktop-file-utils and appstream on the host when missing. The mirror is the one the
# host's own apt sources use for bookworm. Environment:
#   CUTLAB_FRESH_ROOT_CACHE  the untouched minbase root as a tarball, made once and reused
#                            (default build/fresh-machine/debian12-minbase.tar)
#   CUTLAB_FRESH_WORK        where the roots are unpacked (default build/fresh-machine/work)
#   CUTLAB_FRESH_KEEP=1      keep the unpacked roots after the run (default: removed)
#   CCACHE_DIR               when set (as .ci/run sets it), root A gets Debian's ccache and this
#                            compiler cache, mounted at the same path, and builds as CI=true does:
#                            the tree sits at the same path, so the host's ci build is reused
#                            (CCACHE_SLOPPINESS, CCACHE_BASEDIR and CCACHE_DEPEND are passed on)
# Prints every step with its time; exits non-zero naming the step that failed.
#
#   packaging/fresh-machine-test.sh --prepare
#
# only installs the host tools and makes the cached minimal root (what needs the network and
# the disk, not the processor), so that CI can do it while it compiles.
set -euo pipefail
cd "$(dirname "$0")/.."
source_dir=$PWD

cache=${CUTLAB_FRESH_ROOT_CACHE:-$source_dir/build/fresh-machine/debian12-minbase.tar}
work=${CUTLAB_FRESH_WORK:-$source_dir/build/fresh-machine/work}
suite=bookworm
chroot_path=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
mounted_roots=()
current_step=""
run_started=$(date +%s)

log() { printf 'fresh-machine-test: %s\n' "$*"; }

unmount_root() {
    local root=$1 target
    # Deepest first; lazily, so a process still holding a file cannot keep /dev bound in the root.
    for target in $(findmnt -rn -o TARGET | grep -F "$root/" | sort -r); do
        umount -l "$target" 2>/dev/null || true
    done
}

still_mounted() { findmnt -rn -o TARGET | grep -qF "$1/"; }

remove_root() {
    local root=$1
    [ -d "$root" ] || return 0
    unmount_root "$root"
    if still_mounted "$root"; then
        log "not removing $root: something is still mounted in it"
        return 1
    fi
    rm -rf --one-file-system "$root"
}

cleanup() {
    local status=$? root
    for root in "${mounted_roots[@]}"; do unmount_root "$root"; done
    if [ "${CUTLAB_FRESH_KEEP:-}" != 1 ]; then
        for root in "${mounted_roots[@]}"; do remove_root "$root" || true; done
    fi
    local total=$(( $(date +%s) - run_started ))
    if [ $status -ne 0 ]; then
        log "FAILED at step '$current_step' (exit $status, after ${total} s in all)"
    else
        log "all steps passed in ${total} s"
    fi
    exit $status
}
trap cleanup EXIT
trap 'exit 130' INT TERM

step() {
    current_step=$1
    shift
    local started=$(date +%s)
    log "step '$current_step' ..."
    "$@"
    log "step '$current_step' passed in $(( $(date +%s) - started )) s"
}

host_tools() {
    [ "$(id -u)" -eq 0 ] || { log "must run as root (debootstrap, chroot, mount)"; return 1; }
    local needed=(debootstrap lintian desktop-file-utils appstream git)
    # Any python3 on PATH will do for the PNG check; Debian's when there is none.
    command -v python3 >/dev/null || needed+=(python3)
    "$source_dir/packaging/install-packages.sh" "${needed[@]}"
}

debian_mirror() {
    local mirror
    mirror=$(apt-get indextargets --format '$(RELEASE) $(REPO_URI)' 2>/dev/null |
             awk -v suite="$suite" '$1 == suite { print $2; exit }')
    if [ -z "$mirror" ]; then
        apt-get update -qq
        mirror=$(apt-get indextargets --format '$(RELEASE) $(REPO_URI)' |
                 awk -v suite="$suite" '$1 == suite { print $2; exit }')
    fi
    [ -n "$mirror" ] || { log "the host's apt sources name no mirror for $suite"; return 1; }
    echo "$mirror"
}

cached_root() {
    if [ -s "$cache" ]; then
        log "using the cached root $cache"
        return 0
    fi
    local mirror staging
    mirror=$(debian_mirror)
    log "debootstrap --variant=minbase $suite from $mirror"
    mkdir -p "$(dirname "$cache")" "$work"
    staging=$work/debootstrap
    remove_root "$staging"
    debootstrap --variant=minbase "$suite" "$staging" "$mirror" > "$work/debootstrap.log" 2>&1 ||
        { tail -20 "$work/debootstrap.log"; return 1; }
    tar -C "$staging" --numeric-owner -cf "$cache.partial" .
    mv "$cache.partial" "$cache"
    remove_root "$staging"
}

new_root() {
    local root=$1
    remove_root "$root"
    mkdir -p "$root"
    tar -C "$root" --numeric-owner -xf "$cache"
    cp /etc/resolv.conf "$root/etc/resolv.conf"
    mounted_roots+=("$root")
    mount -t proc proc "$root/proc"
    mount -t sysfs sysfs "$root/sys"
    mount --rbind /dev "$root/dev"
    mount --make-rslave "$root/dev"
    mount -t tmpfs tmpfs "$root/tmp"
}

# Runs a command line in a root as a login shell of root would, with nothing of this environment.
in_root() {
    local root=$1
    shift
    chroot "$root" /usr/bin/env -i HOME=/root PATH="$chroot_path" LANG=C.UTF-8 TERM=dumb \
        /bin/bash -c "$*"
}

png_is_not_blank() {
    python3 "$source_dir/packaging/png_is_not_blank.py" "$1"
}

# An X display number for xvfb-run unlikely to be taken by an X server outside the root (the
# abstract socket namespace is shared with the host).
display_number=$(( 60 + $$ % 30 ))

root_a=$work/root-a
root_b=$work/root-b
out=$work/out

prepare_root_a() {
    new_root "$root_a"
    mkdir -p "$root_a$source_dir"
    git -C "$source_dir" archive HEAD | tar -C "$root_a$source_dir" -x
    [ -n "${CCACHE_DIR:-}" ] || return 0
    mkdir -p "$CCACHE_DIR" "$root_a$CCACHE_DIR"
    mount --bind "$CCACHE_DIR" "$root_a$CCACHE_DIR"
    in_root "$root_a" "apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
        apt-get install -y -qq --no-install-recommends ccache >/dev/null"
}

# The README's commands in root A, from the tree; with CCACHE_DIR, through the shared cache.
in_tree() {
    local cache_env=""
    [ -n "${CCACHE_DIR:-}" ] &&
        cache_env="export CI=true CCACHE_DIR=$CCACHE_DIR CCACHE_SLOPPINESS=${CCACHE_SLOPPINESS:-} CCACHE_BASEDIR=${CCACHE_BASEDIR:-} CCACHE_DEPEND=${CCACHE_DEPEND:-} CMAKE_CXX_COMPILER_LAUNCHER=ccache && "
    in_root "$root_a" "${cache_env}cd $source_dir && $*"
}

readme_test_command() { in_tree "packaging/setup.sh test"; }

readme_run_command() {
    rm -rf "$out" && mkdir -p "$out"
    in_tree "xvfb-run -n $display_number -a -s '-screen 0 1280x800x24' \
        packaging/setup.sh run sample_profiles/scission/vgg19.json --screenshot /root/run-command.png"
    cp "$root_a/root/run-command.png" "$out/run-command.png"
    png_is_not_blank "$out/run-command.png"
}

build_deb() {
    in_tree "packaging/setup.sh package"
    cp "$root_a$source_dir"/build/*/cutlab_*.deb "$out/"
    ls -l "$out"/cutlab_*.deb
}

check_deb() {
    local deb contents
    deb=$(ls "$out"/cutlab_*.deb)
    contents=$out/deb-contents
    rm -rf "$contents" && mkdir -p "$contents"
    dpkg-deb -x "$deb" "$contents"
    dpkg-deb -f "$deb" Depends
    lintian --fail-on error "$deb"
    desktop-file-validate "$contents/usr/share/applications/io.github.cutlab.CutLab.desktop"
    appstreamcli validate --no-net "$contents/usr/share/metainfo/io.github.cutlab.CutLab.metainfo.xml"
    local expected=(usr/bin/cutlab usr/bin/cutlab-cli usr/bin/cutlab-charts
        usr/share/cutlab/sample_profiles/scission/vgg19.json
        usr/share/cutlab/sample_profiles/scission/network-3g.json
        usr/share/icons/hicolor/scalable/apps/io.github.cutlab.CutLab.svg
        usr/share/icons/hicolor/48x48/apps/io.github.cutlab.CutLab.png
        usr/share/icons/hicolor/128x128/apps/io.github.cutlab.CutLab.png
        usr/share/icons/hicolor/256x256/apps/io.github.cutlab.CutLab.png
        usr/share/man/man1/cutlab.1.gz usr/share/man/man1/cutlab-cli.1.gz
        usr/share/man/man1/cutlab-charts.1.gz usr/share/doc/cutlab/copyright) path
    for path in "${expected[@]}"; do
        [ -e "$contents/$path" ] || { log "the .deb has no /$path"; return 1; }
    done
}

install_deb() {
    new_root "$root_b"
    cp "$out"/cutlab_*.deb "$root_b/root/"
    in_root "$root_b" "apt-get update -qq && cd /root && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ./cutlab_*.deb"
    local dev
    dev=$(in_root "$root_b" "dpkg-query -W -f '\${Package}\n' | grep -- '-dev\$' || true")
    [ -z "$dev" ] || { log "installing the .deb pulled in -dev packages: $dev"; return 1; }
}

installed_cli() {
    in_root "$root_b" "cd /root && cutlab-cli plan /usr/share/cutlab/sample_profiles/scission/vgg19.json --network 4g --top 3 | tee plan.txt && grep -q '^ *1 ' plan.txt"
    in_root "$root_b" "cutlab-cli train /usr/share/cutlab/sample_profiles/pipedream/vgg16.json --planner pipeline --network ideal --stages gpu,gpu,gpu,gpu > /dev/null"
    in_root "$root_b" "cd /root && cutlab-cli chart /usr/share/cutlab/sample_profiles/scission/vgg19.json --kind breakdown -o chart.png"
    cp "$root_b/root/chart.png" "$out/installed-chart.png"
    png_is_not_blank "$out/installed-chart.png"
    in_root "$root_b" "test -s /usr/share/man/man1/cutlab-cli.1.gz && zcat /usr/share/man/man1/cutlab-cli.1.gz | grep -q '^.SH EXIT STATUS'"
    # ONNX import runs in the installed sandboxed worker (cutlab-cli import --worker, seccomp):
    # a model imports, a malformed one is a sentence and exit 2
    cp "$source_dir/tests/data/onnx/residual.onnx" "$source_dir/tests/data/onnx/hostile/reshape_raw_data.onnx" "$root_b/root/"
    in_root "$root_b" "cd /root && cutlab-cli import residual.onnx -o residual.json && cutlab-cli info residual.json | grep -q '^layers *7'"
    in_root "$root_b" "cd /root && ! cutlab-cli import reshape_raw_data.onnx -o bad.json 2> bad.txt && grep -q 'holds 15 bytes of raw data' bad.txt && test ! -e bad.json"
}

installed_window() {
    in_root "$root_b" "DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends xvfb xauth"
    in_root "$root_b" "cd /root && xvfb-run -n $display_number -a -s '-screen 0 1280x800x24' \
        cutlab --screenshot /root/installed.png /usr/share/cutlab/sample_profiles/scission/vgg19.json"
    cp "$root_b/root/installed.png" "$out/installed-window.png"
    png_is_not_blank "$out/installed-window.png"
    # the window imports an ONNX model through the worker installed beside it
    in_root "$root_b" "mkdir -p /root/window && cp /root/residual.onnx /root/window/ && cd /root && xvfb-run -n $display_number -a -s '-screen 0 1280x800x24' \
        cutlab --screenshot /root/imported.png /root/window/residual.onnx && test -s /root/window/residual.json"
    cp "$root_b/root/imported.png" "$out/installed-window-onnx.png"
    png_is_not_blank "$out/installed-window-onnx.png"
}

step "host tools" host_tools
step "minimal Debian 12 root" cached_root
if [ "${1:-}" = --prepare ]; then
    exit 0
fi
step "root A with the committed tree" prepare_root_a
step "README test command" readme_test_command
step "README run command with --screenshot under xvfb-run" readme_run_command
step "build the .deb" build_deb
step "check the .deb (lintian, desktop file, AppStream, contents)" check_deb
step "root B: apt-get install ./cutlab_*.deb" install_deb
step "root B: installed cutlab-cli" installed_cli
step "root B: installed cutlab under xvfb-run" installed_window
log "screenshots and the .deb are in $out"
