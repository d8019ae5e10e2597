#!/usr/bin/env bash
# `npm test`: every check the project has, in the order that fails fastest.
set -euo pipefail
cd "$(dirname "$0")/../.."

step() { printf '\n\033[1m== %s\033[0m\n' "$1"; }

step "browser"
bash scripts/test/ensure-chromium.sh

step "typecheck"
npm run -s typecheck

step "lint"
npm run -s lint

step "format (prettier; \`npm run format\` fixes it)"
npm run -s format:check

step "unit, component and integration tests (vitest)"
npx vitest run

step "production build (against the demo stack, so the prerendered pages carry its data)"
npx tsx scripts/test/build-demo.ts

step "end-to-end tests (Playwright + chromium)"
npx playwright test
