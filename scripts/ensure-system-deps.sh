#!/usr/bin/env bash
# Installs what the test suite needs from Debian when it is missing: Chromium and its headless
# shell for Playwright (its own browser download does not work here), a PostgreSQL 15 server for
# the DB tests, a Java runtime for the HTML checker, qpdf for the invoice PDFs, openssl for a test
# certificate.
set -euo pipefail

need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
# The end-to-end suites run Chromium's headless shell (playwright.config.ts); Lighthouse the browser.
[ -x /usr/bin/chromium-headless-shell ] || need+=(chromium-headless-shell)
# Java runs the Nu HTML checker (vnu-jar) in the quality checks.
command -v java >/dev/null 2>&1 || need+=(default-jre-headless)
# qpdf --check and --show-attachment: the Factur-X invoice PDFs' structure and their XML.
command -v qpdf >/dev/null 2>&1 || need+=(qpdf)
# openssl makes the end-to-end suites' throwaway certificate (tests/e2e/support/tls-front.mjs).
command -v openssl >/dev/null 2>&1 || need+=(openssl)
if ! command -v initdb >/dev/null 2>&1 && ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  need+=(postgresql)
fi
if [ ${#need[@]} -eq 0 ]; then exit 0; fi

if [ "$(id -u)" -ne 0 ]; then
  echo "Missing system packages: ${need[*]}. Install them (apt-get install -y ${need[*]}) and run again." >&2
  exit 1
fi
echo "Installing ${need[*]} from Debian…"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${need[@]}" fonts-dejavu-core >/dev/null
