#!/usr/bin/env bash
# Prints raw, gzip and brotli sizes of the .wasm, .js and .css files in dist/
# (or the directory given); with --max N it fails when the gzip total is over N.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
# The release build: dist/ after `bash scripts/play.sh`, target/dist-release
# after `bash scripts/test.sh` (which leaves the test build in dist/).
dir="${1:-dist}"
[ -d "$dir" ] || { echo "size: no $dir/; run bash scripts/play.sh or bash scripts/test.sh first" >&2; exit 1; }
shift || true
exec node scripts/size.mjs "$dir" "$@"
