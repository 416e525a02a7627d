#!/usr/bin/env bash
# Prints raw, gzip and brotli sizes of the .wasm, .js and .css files in dist/.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
[ -d dist ] || { echo "size: no dist/; run bash scripts/play.sh or bash scripts/test.sh first" >&2; exit 1; }
exec node scripts/size.mjs dist
