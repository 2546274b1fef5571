#!/usr/bin/env bash
# Proves that CI's gates (scripts/gates.sh, exactly as .ci/run runs them, without the tests) fail on each kind
# of break: a handler answering another shape than its call's reply (tsc), browser code importing the Worker's
# internals (ESLint), an import circle (dependency-cruiser), an unused export (knip) and a badly formatted file
# (Prettier). Each case runs the gates on a scratch copy of a commit (HEAD unless given) with this checkout's
# node_modules linked in, after a clean run that must pass; the checkout itself is never touched.
# Run by hand (it is not part of npm test): ten minutes or so on two cores, the gates running six times.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
commit=${1:-HEAD}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A fresh copy of the commit in $work/<name>, ready for the gates.
scratch() {
  mkdir "$work/$1"
  git -C "$repo" archive "$commit" | tar -x -C "$work/$1"
  ln -s "$repo/node_modules" "$work/$1/node_modules"
}

# Runs the gates in copy $1; the run must end as $2 (pass or fail), and a failure must name gate $3 and mention $4.
check() {
  local name=$1 want=$2 gate=${3:-} mention=${4:-} log="$work/$1.log" status=0
  (cd "$work/$name" && scripts/gates.sh) >"$log" 2>&1 || status=$?
  if [ "$want" = pass ]; then
    [ "$status" = 0 ] || { cat "$log"; echo "✗ $name: the gates fail on the unchanged commit" >&2; exit 1; }
  elif [ "$status" = 0 ]; then
    echo "✗ $name: the gates passed" >&2
    exit 1
  elif ! grep -q "── gate $gate: FAILED" "$log" || ! grep -qF "$mention" "$log"; then
    cat "$log"
    echo "✗ $name: the gates failed, but not gate $gate on $mention" >&2
    exit 1
  fi
  echo "✓ $name: gates $([ "$want" = pass ] && echo pass || echo "fail (exit $status, gate $gate on $mention)")"
}

scratch clean
check clean pass

scratch reply-type
cat >"$work/reply-type/worker/routes/gate-check.ts" <<'TS'
import { groupCalls } from '../contracts/groups';
import { createRouter, mount } from '../http/route';

// groups/edit answers { id: number, name: string }.
mount(createRouter(), groupCalls.save, () => ({ id: 'one', name: 'Brno' }));
TS
check reply-type fail typecheck worker/routes/gate-check.ts

scratch browser-import
echo "import '../../worker/db/client';" >>"$work/browser-import/app/lib/api.ts"
check browser-import fail lint app/lib/api.ts

scratch import-circle
printf "export const first = 1;\nexport { second } from './gate-check-b';\n" >"$work/import-circle/worker/domain/gate-check-a.ts"
printf "export const second = 2;\nexport { first } from './gate-check-a';\n" >"$work/import-circle/worker/domain/gate-check-b.ts"
check import-circle fail lint no-circular

scratch unused-export
echo "export const gateCheckUnused = 1;" >>"$work/unused-export/worker/domain/errors.ts"
check unused-export fail knip gateCheckUnused

scratch format
{ printf '\n\n\n'; cat "$work/format/app/lib/api.ts"; } >"$work/format.ts"
mv "$work/format.ts" "$work/format/app/lib/api.ts"
check format fail format:check app/lib/api.ts

echo "every gate fails CI on its break"
