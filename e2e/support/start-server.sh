#!/usr/bin/env bash
# The e2e web server, started by playwright.config.ts (webServer.command) from the repository root:
# a fresh embedded database in $DATA_DIR seeded by seed-e2e.ts (one process), then the production build.
# The config passes DATA_DIR, EMBEDDED_PG_PORT, PORT, APP_URL, DEMO_DATA=off and the E2E_* values below.
set -euo pipefail

: "${DATA_DIR:?}" "${E2E_ADMIN_USERNAME:?}" "${E2E_ADMIN_PASSWORD:?}" "${E2E_API_KEY_NAME:?}" "${E2E_API_KEY_FILE:?}"

if [[ ! -f .next/BUILD_ID ]]; then
  echo "e2e: no production build in .next/; run 'npm run build' first." >&2
  exit 1
fi

# A run killed outright (SIGKILL, closed terminal) can leave its PostgreSQL behind; stop it before wiping its files.
pid_file="$DATA_DIR/postgres/postmaster.pid"
if [[ -f $pid_file ]]; then
  pid=$(head -n 1 "$pid_file")
  if [[ $pid =~ ^[0-9]+$ ]] && kill -0 "$pid" 2>/dev/null; then
    echo "e2e: stopping PostgreSQL $pid left running by an earlier run" >&2
    kill -INT "$pid"
    for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  fi
fi

rm -rf "$DATA_DIR"
npx tsx e2e/support/seed-e2e.ts
[[ -s $E2E_API_KEY_FILE ]] || { echo "e2e: no API key in $E2E_API_KEY_FILE" >&2; exit 1; }

exec npm start
