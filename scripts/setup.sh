#!/usr/bin/env bash
# Installs the build tools this project needs, skipping whatever is already there.
#   bash scripts/setup.sh          wasm32 target, trunk, wasm-bindgen-cli, npm tools
#   bash scripts/setup.sh --test   also Chromium and chromedriver (Debian packages)
# Callers put scripts/node_modules/.bin first on PATH, so Trunk uses npm's wasm-opt.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

TRUNK_VERSION=0.21.14
WASM_TARGET=wasm32-unknown-unknown

want_browser=false
for arg in "$@"; do
  case "$arg" in
    --test) want_browser=true ;;
    *) echo "usage: $0 [--test]" >&2; exit 2 ;;
  esac
done

say() { printf 'setup: %s\n' "$*"; }
die() { printf 'setup: error: %s\n' "$*" >&2; exit 1; }

export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
command -v cargo >/dev/null || die "cargo not found; install Rust with rustup (https://rustup.rs)"
command -v rustup >/dev/null || die "rustup not found; the wasm32 target is added with rustup"
command -v node >/dev/null && command -v npm >/dev/null || die "node/npm not found; install Node.js 20 or newer"
node_major="$(node -p 'process.versions.node.split(".")[0]')"
[ "$node_major" -ge 20 ] || die "Node.js $node_major is too old; playwright-core needs 20 or newer"

# 1. The wasm32 target.
if rustup target list --installed | grep -qx "$WASM_TARGET"; then
  say "rust target $WASM_TARGET: present"
else
  say "rust target $WASM_TARGET: installing"
  rustup target add "$WASM_TARGET"
fi

# 2. Trunk, pinned (0.22 needs a newer rustc than we have).
have_trunk="$(trunk --version 2>/dev/null | awk '{print $2}' || true)"
if [ "$have_trunk" = "$TRUNK_VERSION" ]; then
  say "trunk $TRUNK_VERSION: present"
else
  say "trunk $TRUNK_VERSION: installing (found '${have_trunk:-none}'; takes ~6 min)"
  cargo install --locked --force "trunk@$TRUNK_VERSION"
fi

# 3. wasm-bindgen-cli at exactly the version in Cargo.lock; otherwise Trunk tries
#    to download one from GitHub. No --locked: the registry here lacks a locked dep.
[ -f Cargo.lock ] || { say "Cargo.lock: generating"; cargo generate-lockfile; }
wb_version="$(awk '
  $0 == "name = \"wasm-bindgen\"" { found = 1; next }
  found && /^version = / { gsub(/"/, "", $3); print $3; exit }
' Cargo.lock)"
[ -n "$wb_version" ] || die "no wasm-bindgen entry in Cargo.lock"
have_wb="$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)"
if [ "$have_wb" = "$wb_version" ]; then
  say "wasm-bindgen-cli $wb_version: present"
else
  say "wasm-bindgen-cli $wb_version: installing (found '${have_wb:-none}'; takes ~3 min)"
  cargo install --force "wasm-bindgen-cli@$wb_version"
fi

# 4. npm tools (binaryen's wasm-opt, terser, playwright-core), exactly as locked.
npm_in_sync() {
  node -e '
    const fs = require("fs");
    const lock = JSON.parse(fs.readFileSync("package-lock.json", "utf8"));
    for (const [path, meta] of Object.entries(lock.packages)) {
      if (!path) continue;
      const pkg = JSON.parse(fs.readFileSync(path + "/package.json", "utf8"));
      if (pkg.version !== meta.version) process.exit(1);
    }
  ' 2>/dev/null
}
if (cd scripts && npm_in_sync); then
  say "npm tools (scripts/node_modules): present"
else
  say "npm tools (scripts/node_modules): installing"
  (cd scripts && npm ci --no-audit --no-fund --loglevel=error)
fi

# 5. Chromium and chromedriver, for the browser tests only.
if $want_browser; then
  if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then
    say "chromium + chromedriver: present"
  else
    say "chromium + chromedriver: installing with apt-get"
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -q
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium chromium-driver
  fi
fi

say "ready"
