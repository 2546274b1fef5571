#!/usr/bin/env bash
# Compiles the messages into app/paraglide/ (`npm run paraglide:compile`) unless none of its inputs changed since the
# last compile: one takes about 12 s, and `npm test` would ask for one right after `npm install` made it.
set -euo pipefail
cd "$(dirname "$0")/.."
stamp=app/paraglide/.compiled
inputs=(messages project.inlang node_modules/@inlang/paraglide-js/package.json node_modules/@inlang/plugin-message-format/package.json)
if [ -f "$stamp" ] && [ -z "$(find "${inputs[@]}" -newer "$stamp" -print -quit)" ]; then exit 0; fi
npm run --silent paraglide:compile
touch "$stamp"
