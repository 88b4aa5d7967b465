#!/usr/bin/env bash
# The e2e web server, started by playwright.config.ts (webServer.command) from the repository root:
# a fresh embedded database in $DATA_DIR, a known superuser and API key, then the production build.
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
npm run --silent admin -- create-user --username "$E2E_ADMIN_USERNAME" --password "$E2E_ADMIN_PASSWORD" --superuser
# The private key is alone on the last line of the command's output.
npm run --silent admin -- create-api-key --name "$E2E_API_KEY_NAME" | tail -n 1 >"$E2E_API_KEY_FILE"
[[ -s $E2E_API_KEY_FILE ]] || { echo "e2e: no API key in $E2E_API_KEY_FILE" >&2; exit 1; }
echo "e2e: created user $E2E_ADMIN_USERNAME and API key $E2E_API_KEY_NAME"

# What the payment specs pay with (DEMO_DATA is off): currencies, sandbox gateway settings and the merchant's
# name and support contact shown on the payment page.
admin() { npm run --silent admin -- "$@"; }
admin add-currency --code KWD --decimals 3
admin add-currency --code USD --decimals 2
admin create-gateway --code sandbox --pg sandbox --currencies KWD,USD --name "Sandbox card"
admin create-gateway --code sandbox-auth --pg sandbox --currencies KWD,USD --operation authorize --name "Sandbox card (authorize)"
admin create-gateway --code sandbox-fee --pg sandbox --currencies KWD,USD --fee-fixed 0.250 --fee-percent 1.5 --name "Sandbox card with fee"
# KNET against its stand-in (KNET_BASE_URL): the terminal's credentials from E2E_KNET_CREDENTIALS.
printf '%s' "${E2E_KNET_CREDENTIALS:?}" >"$DATA_DIR/knet-credentials.json"
admin create-gateway --code knet --pg knet --currencies KWD --mode sandbox --name "KNET" --credentials-file "$DATA_DIR/knet-credentials.json"
rm "$DATA_DIR/knet-credentials.json"
# A production-mode setting: never in one transaction with the sandbox ones (payment-page.spec.ts checks the refusal
# and the "Test mode" badge of a transaction stored with both); never paid with in the specs.
admin create-gateway --code live-card --pg sandbox --currencies KWD,USD --mode production --name "Live card"
# Stripe settings on the Stripe stand-in (started beside this server by playwright.config.ts, with its keys).
stripe_credentials="$DATA_DIR/stripe-credentials.json"
printf '{"secret_key":"%s","webhook_signing_secret":"%s"}' "${E2E_STRIPE_SECRET_KEY:?}" "${E2E_STRIPE_WEBHOOK_SECRET:?}" >"$stripe_credentials"
admin create-gateway --code stripe --pg stripe --currencies USD --mode sandbox --name "Stripe card" --credentials-file "$stripe_credentials"
admin create-gateway --code stripe-auth --pg stripe --currencies USD --mode sandbox --operation authorize --name "Stripe card (authorize)" --credentials-file "$stripe_credentials"
rm -f "$stripe_credentials"
admin set-config --merchant-name "E2E Store" --merchant-website-url https://e2e-store.example/ --support-email help@e2e-store.example --support-phone +96522000000

exec npm start
