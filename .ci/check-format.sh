#!/usr/bin/env bash
# Fails when a C++ file of the project is not formatted as .clang-format says (Debian 12's
# clang-format 14; the package is installed when missing). Fix with:
#   clang-format -i $(git ls-files '*.cpp' '*.h')
set -euo pipefail
cd "$(dirname "$0")/.."
packaging/install-packages.sh clang-format
mapfile -t files < <(git ls-files '*.cpp' '*.h')
clang-format --dry-run -Werror "${files[@]}"
echo "format: ${#files[@]} files formatted as .clang-format says"
