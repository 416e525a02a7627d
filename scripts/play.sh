#!/usr/bin/env bash
# Builds the release site into dist/ and serves it on http://127.0.0.1:PORT/ (PORT, default 8080).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

bash scripts/setup.sh
# npm's wasm-opt first: Debian's breaks the module.
export PATH="$ROOT/scripts/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

echo "play: building (trunk build --release)"
trunk build --release

port="${PORT:-8080}"
port_busy() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
while port_busy "$port"; do port=$((port + 1)); done

echo "play: open http://127.0.0.1:$port/ (Ctrl-C to stop)"
exec python3 -m http.server "$port" --bind 127.0.0.1 --directory dist
