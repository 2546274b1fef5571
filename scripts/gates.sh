#!/usr/bin/env bash
# The project's gates, as CI runs them before the tests (.ci/run): types (tsc), lint (ESLint with the import
# boundaries and the one way to D1, then dependency-cruiser's layers), unused code (knip) and formatting
# (Prettier). Every gate runs, two at a time; each prints its output once done, and the script exits non-zero,
# naming them, if any failed.
set -uo pipefail
cd "$(dirname "$0")/.."

logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

# The app's messages once, up front: the type check's own pre-step would rewrite them while other gates read the tree.
npm run -s paraglide

# Runs the npm scripts of one lane in order (without their pre-steps), each into its own log.
lane() {
  for gate in "$@"; do
    npm run -s --ignore-scripts "$gate" >"$logs/$gate.log" 2>&1
    echo $? >"$logs/$gate.status"
  done
}

# tsc alone takes about as long as the other three together.
lane typecheck &
lane lint knip format:check &
wait

failed=()
for gate in typecheck lint knip format:check; do
  status=$(cat "$logs/$gate.status")
  echo "── gate $gate: $([ "$status" = 0 ] && echo passed || echo "FAILED (exit $status)")"
  [ "$status" = 0 ] || {
    cat "$logs/$gate.log"
    failed+=("$gate")
  }
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "gates failed: ${failed[*]}" >&2
  exit 1
fi
echo "all gates passed"
