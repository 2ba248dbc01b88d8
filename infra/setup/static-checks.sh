#!/bin/sh
# Lint, type-check and format check at once (`npm run check` runs them before jest): they take a minute and a half
# one after the other, and each leaves part of the two cores idle. Each prints only its findings; the exit status is
# non-zero when any of them fails.
set -u
npm run -s lint & lint=$!
npm run -s typecheck & typecheck=$!
npm run -s format:check & format=$!
status=0
wait "$lint" || { echo 'static checks: lint failed' >&2; status=1; }
wait "$typecheck" || { echo 'static checks: typecheck failed' >&2; status=1; }
wait "$format" || { echo 'static checks: format check failed' >&2; status=1; }
exit "$status"
