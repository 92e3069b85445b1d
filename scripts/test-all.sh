#!/usr/bin/env bash
# The one test command (npm test): system packages if missing, lint, format and commit messages,
# types, unit, integration and DB tests on PGlite and PostgreSQL 15, a production build, then the
# end-to-end suite in Chromium with JavaScript on and off. Prints one closing line with the totals.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-system-deps.sh
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
mkdir -p test-results .tmp

echo "== Lint, format and commit messages"
npm run -s lint
npm run -s format:check
node scripts/check-commits.mjs

echo "== Types"
npm run -s typecheck

echo "== Unit, integration and database tests (PGlite + PostgreSQL 15)"
npx vitest run --project unit --project integration --project db --reporter=default --reporter=json --outputFile.json=test-results/vitest.json

echo "== Build"
npm run -s build

echo "== End-to-end (Chromium; JavaScript on, off, phone)"
e2e_status=0
npx playwright test || e2e_status=$?
# The same shop with a flat shipping fee (SHIPPING_FEE=4,90): its own server start, one short spec.
npx playwright test --config playwright.shipping.config.ts || e2e_status=$?
# Specs that need the shop to themselves (a catalogue of three pages, the sales figures, page-cache hits): own server.
npx playwright test --config playwright.alone.config.ts || e2e_status=$?

echo "== Proof under pressure (load, crashes, hostile input, headers, Lighthouse, HTML validity, links)"
proof_status=0
npx vitest run --project proof --reporter=default --reporter=json --outputFile.json=test-results/vitest-proof.json || proof_status=$?

node scripts/test-summary.mjs
[ "$e2e_status" -eq 0 ] && exit "$proof_status"
exit "$e2e_status"
