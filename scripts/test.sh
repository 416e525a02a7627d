#!/usr/bin/env bash
# Runs every test layer and exits non-zero if any fails:
#   native   cargo test (unit, integration, bin, bench and doc tests)
#   wasm     tests/wasm_*.rs in headless Chromium (wasm-bindgen-test-runner)
#   e2e      trunk build --release, then tests/e2e/*.test.mjs (Playwright, node --test)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

bash scripts/setup.sh --test
# npm's wasm-opt first: Debian's breaks the module.
export PATH="$ROOT/scripts/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
export CHROMEDRIVER="${CHROMEDRIVER:-/usr/bin/chromedriver}"
export TRUNK_SKIP_VERSION_CHECK=true
# Chromium flags for wasm-bindgen-test-runner: no background traffic on the closed network.
export WASM_BINDGEN_TEST_WEBDRIVER_JSON="$ROOT/scripts/webdriver.json"

logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT
summary=()
failed=0

# run NAME SUMMARY-PATTERN CMD...: runs CMD with its output shown and kept,
# then records the runner's own summary lines (matching the pattern) for the end.
run() {
  local name="$1" pattern="$2" start status
  shift 2
  echo
  echo "==> $name: $*"
  start=$SECONDS
  set +e
  "$@" 2>&1 | tee "$logs/$name.log"
  status=${PIPESTATUS[0]}
  set -e
  last_status=$status
  local lines
  # Cargo prints one result per test binary: name each after its "Running" line.
  lines="$(awk -v pat="$pattern" '
    /^ +(Running|Doc-tests) / { target = $1 == "Doc-tests" ? "doc-tests " $2 : $2 == "unittests" ? $3 : $2 }
    $0 ~ pat { printf "      %s%s\n", (target != "" && /^test result:/ ? target ": " : ""), $0 }
  ' "$logs/$name.log")"
  if [ "$status" -eq 0 ]; then
    summary+=("PASS $name ($((SECONDS - start)) s)")
  else
    summary+=("FAIL $name ($((SECONDS - start)) s, exit $status)")
    failed=1
  fi
  [ -z "$lines" ] || summary+=("$lines")
  return 0
}

CARGO_SUMMARY='^test result:'
NODE_SUMMARY='^# (tests|pass|fail|cancelled|skipped|todo|duration_ms) '

run native "$CARGO_SUMMARY" cargo test --no-fail-fast --all-targets
run doc "$CARGO_SUMMARY" cargo test --doc

# Only the tests/wasm_*.rs files (the lib's unit tests are native tests);
# no default features, so the native-only CLI is not built.
run wasm "$CARGO_SUMMARY|_per_second:" cargo test --no-fail-fast --target wasm32-unknown-unknown --no-default-features --test 'wasm_*' -- --nocapture

# Three builds of the site. The release, as `bash scripts/play.sh` builds it,
# in target/dist-release: tests/e2e/release.test.mjs loads it, and its sizes
# are the bundle's. The site with the `tape` feature, for
# tests/e2e/tape.test.mjs: it records a session on the page and replays it
# natively. The test build in dist/, which every other e2e file loads: the
# release plus the `hook` feature (the read-only test hook and `?bench`) and
# the `link` feature (play by link, not yet in the release: docs/link-play.md §7).
# It is built last, so its compile is the one left for
# tests/e2e/publicurl.test.mjs to reuse.
run build-release 'success|ERROR|error' trunk build --release --dist target/dist-release
release_status=$last_status
run build-tape 'success|ERROR|error' trunk build --release --features tape,hook,link --dist target/dist-tape
tape_status=$last_status
run build 'success|ERROR|error' trunk build --release --features hook,link
[ "$tape_status" -eq 0 ] || last_status=$tape_status
[ "$release_status" -eq 0 ] || last_status=$release_status
# A failed build leaves an older dist/ or none: only test a fresh one.
# Each e2e file has its own browser and server, so two run at once (most of
# their time is the page's own pacing, not CPU); the files that assert task
# and frame times run after, alone, so the other file's load cannot fail them.
timed='tests/e2e/(board|computer|review)\.test\.mjs'
if [ "$last_status" -eq 0 ]; then
  mapfile -t paired < <(ls tests/e2e/*.test.mjs | grep -Ev "$timed")
  mapfile -t alone < <(ls tests/e2e/*.test.mjs | grep -E "$timed")
  run e2e "$NODE_SUMMARY" timeout 1500 node --test --test-concurrency=2 --test-reporter=tap "${paired[@]}"
  run e2e-timed "$NODE_SUMMARY" timeout 600 node --test --test-reporter=tap "${alone[@]}"
else
  summary+=("SKIP e2e (the build failed)")
fi

# The bundle's ceiling (wasm + js + css, gzip): over it, the run fails.
run bundle 'total|over the ceiling' bash scripts/size.sh target/dist-release --max 200000

echo
echo "==> summary"
printf '%s\n' "${summary[@]}"
exit "$failed"
