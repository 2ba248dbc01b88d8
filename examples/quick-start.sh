#!/usr/bin/env bash
# README's quick start as one script: register, create a customer, a plan and a subscription, wait for the first
# invoice and save its PDF. Stops at the first failure with the server's answer. Run with `npm run dev` running:
#   bash examples/quick-start.sh
# Environment: API (default http://localhost:3000/api), EMAIL (a new login each run otherwise), TEMPORAL_UI (default
# http://localhost:8233), WAIT_SECONDS (how long to wait for the first invoice, default 60).
set -euo pipefail

API=${API:-http://localhost:3000/api}
EMAIL=${EMAIL:-owner-$(date +%s)-$RANDOM@example.com}
TEMPORAL_UI=${TEMPORAL_UI:-http://localhost:8233}
WAIT_SECONDS=${WAIT_SECONDS:-60}

# curl that fails on an HTTP error and shows the server's error body on stderr.
call() { curl -sS --fail-with-body "$@" || { echo "request failed: $*" >&2; return 1; }; }
# The API key for data routes; the JWT (access token) for /tenants/me routes such as the webhook URL.
REGISTRATION=$(jq -n --arg email "$EMAIL" \
  '{name: "Ada Lovelace", email: $email, password: "correct horse battery staple", companyName: "Analytical Engines"}' |
  call "$API/auth/register" -H 'Content-Type: application/json' -d @-)
KEY=$(jq -er .apiKey <<<"$REGISTRATION")
JWT=$(jq -er .accessToken <<<"$REGISTRATION")
TENANT=$(jq -er .tenant.id <<<"$REGISTRATION")
echo "registered $EMAIL as tenant $TENANT"

CUSTOMER=$(call "$API/customers" -H "Authorization: Bearer $KEY" -H 'Content-Type: application/json' \
  -d '{"externalId": "globex", "name": "Globex Corporation", "email": "billing@globex.example", "country": "US", "currency": "USD"}' |
  jq -er .id)
PLAN=$(call "$API/plans" -H "Authorization: Bearer $KEY" -H 'Content-Type: application/json' \
  -d '{"name": "Pro", "code": "pro", "billingInterval": "MONTHLY", "prices": [{"currency": "USD", "amount": 49.99}]}' |
  jq -er .id)
SUBSCRIPTION=$(jq -n --arg customer "$CUSTOMER" --arg plan "$PLAN" '{customerId: $customer, planId: $plan, currency: "USD"}' |
  call "$API/subscriptions" -H "Authorization: Bearer $KEY" -H 'Content-Type: application/json' -d @- |
  jq -er .id)
echo "customer $CUSTOMER subscribed to plan $PLAN: subscription $SUBSCRIPTION"

# The subscription's workflow issues the first invoice within a second or two, if a worker is running.
INVOICE=
for _ in $(seq "$WAIT_SECONDS"); do
  INVOICE=$(call "$API/invoices?subscriptionId=$SUBSCRIPTION" -H "Authorization: Bearer $KEY" | jq -r '.data[0].id // empty')
  [ -n "$INVOICE" ] && break
  sleep 1
done
if [ -z "$INVOICE" ]; then
  echo "no invoice after ${WAIT_SECONDS}s: is the worker running (npm run dev starts it)?" >&2
  exit 1
fi
call "$API/invoices/$INVOICE" -H "Authorization: Bearer $KEY" |
  jq '{number, status, total, currency, lines: [.lines[] | {description, amount}]}'
call "$API/invoices/$INVOICE/pdf" -H "Authorization: Bearer $KEY" -o invoice.pdf
echo "saved invoice.pdf"

# The tenant's settings take the JWT: here, where outbound webhooks go and the secret that signs them.
call "$API/tenants/me" -H "Authorization: Bearer $JWT" | jq '{companyName, webhookUrl, webhookSigningSecret}'

# The workflow that runs the subscription (it sleeps until the next renewal), in Temporal UI:
echo "$TEMPORAL_UI/namespaces/default/workflows/subscription:${TENANT}:${SUBSCRIPTION}"
