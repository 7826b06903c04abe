#!/usr/bin/env bash
# Checks the message of every commit from the one that added .githooks/commit-msg up to HEAD
# (.githooks/check-commit-message: subject <= 72 characters, blank line, a body). Older history
# is left as it is. A clone without that history (shallow) is said and skipped.
set -euo pipefail
cd "$(dirname "$0")/.."
first=$(git log --format=%H --diff-filter=A -- .githooks/commit-msg 2>/dev/null | tail -1 || true)
if [ -z "$first" ]; then
    echo "commits: the commit that added .githooks/commit-msg is not in this clone; not checked"
    exit 0
fi
checked=0
for commit in $(git rev-list "$first^..HEAD" 2>/dev/null || git rev-list "$first..HEAD"); do
    git log -1 --format=%B "$commit" | .githooks/check-commit-message - ||
        { echo "commits: $commit does not follow the commit habits (README, Contributing)"; exit 1; }
    checked=$((checked + 1))
done
echo "commits: $checked commit messages follow the habits"
