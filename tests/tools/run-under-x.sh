#!/bin/sh
# Runs a test program on a real X server (Xvfb) with a window manager (openbox), on Qt's xcb
# platform: there a focused line edit takes keys (Ctrl+E, Ctrl+arrows) that the offscreen
# platform lets through, and windows become active only under a window manager.
# Usage: tests/tools/run-under-x.sh PROGRAM [ARGUMENTS...]
set -eu
for tool in Xvfb openbox; do
    command -v "$tool" >/dev/null || { echo "run-under-x: $tool is missing (packaging/setup.sh installs it)"; exit 1; }
done
# Xvfb picks a free display and writes its number (-displayfd) once it accepts clients
number=$(mktemp)
Xvfb -displayfd 1 -screen 0 1920x1080x24 -nolisten tcp >"$number" 2>/dev/null &
server=$!
wm=""
trap 'kill $wm $server 2>/dev/null || true; rm -f "$number"' EXIT
for _ in $(seq 100); do
    [ -s "$number" ] && break
    sleep 0.1
done
[ -s "$number" ] || { echo "run-under-x: Xvfb did not start"; exit 1; }
display=":$(head -n 1 "$number")"
DISPLAY=$display xdpyinfo >/dev/null || { echo "run-under-x: cannot reach $display"; exit 1; }
DISPLAY=$display openbox >/dev/null 2>&1 &
wm=$!
sleep 0.5
DISPLAY=$display QT_QPA_PLATFORM=xcb "$@"
