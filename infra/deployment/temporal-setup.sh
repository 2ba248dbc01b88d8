#!/bin/sh
# One-shot setup of the Temporal namespace the API and worker use, and of the custom search attributes that the
# subscription workflows set. Runs in the temporalio/admin-tools image (docker-compose.yml, service temporal-setup)
# and works against any reachable server: TEMPORAL_ADDRESS=host:port TEMPORAL_NAMESPACE=billing sh temporal-setup.sh
# Idempotent, so it runs on every `docker compose up`; the server may still be starting, so every step waits.
set -eu

: "${TEMPORAL_ADDRESS:?set TEMPORAL_ADDRESS (host:port of the Temporal frontend)}"
: "${TEMPORAL_NAMESPACE:?set TEMPORAL_NAMESPACE}"
RETENTION="${TEMPORAL_NAMESPACE_RETENTION:-168h}"
WAIT_SECONDS="${TEMPORAL_SETUP_WAIT_SECONDS:-180}"
# name:type pairs; the API's list filters and the workflows' upserts rely on exactly these.
SEARCH_ATTRIBUTES="TenantId:Keyword CustomerId:Keyword SubscriptionStatus:Keyword"

operator() {
  temporal operator --address "$TEMPORAL_ADDRESS" "$@"
}

# wait_for <what> <command...>: retries the command once a second until it succeeds or WAIT_SECONDS pass.
wait_for() {
  what=$1
  shift
  waited=0
  until "$@" >/dev/null 2>&1; do
    waited=$((waited + 1))
    if [ "$waited" -ge "$WAIT_SECONDS" ]; then
      echo "temporal-setup: gave up after ${WAIT_SECONDS}s waiting for ${what}" >&2
      return 1
    fi
    sleep 1
  done
}

server_serving() {
  operator cluster health | grep -q SERVING
}

namespace_exists() {
  operator namespace describe --namespace "$TEMPORAL_NAMESPACE"
}

# Prints "name type" per custom search attribute of the namespace.
list_search_attributes() {
  operator search-attribute list --namespace "$TEMPORAL_NAMESPACE"
}

has_search_attribute() {
  list_search_attributes | grep -Eq "^[[:space:]]*$1[[:space:]]+$2[[:space:]]*$"
}

echo "temporal-setup: waiting for the Temporal server at ${TEMPORAL_ADDRESS}"
wait_for "the Temporal server at ${TEMPORAL_ADDRESS}" server_serving

if namespace_exists >/dev/null 2>&1; then
  echo "temporal-setup: namespace ${TEMPORAL_NAMESPACE} exists"
else
  echo "temporal-setup: creating namespace ${TEMPORAL_NAMESPACE} (retention ${RETENTION})"
  # The server's own auto-setup may create it at the same moment: a failed create is fine if it exists afterwards.
  operator namespace create --namespace "$TEMPORAL_NAMESPACE" --retention "$RETENTION" ||
    wait_for "namespace ${TEMPORAL_NAMESPACE}" namespace_exists
fi

# A new namespace reaches the frontend's namespace cache a few seconds after it is created.
wait_for "namespace ${TEMPORAL_NAMESPACE} to be served" list_search_attributes

for pair in $SEARCH_ATTRIBUTES; do
  name=${pair%%:*}
  type=${pair#*:}
  if has_search_attribute "$name" "$type"; then
    echo "temporal-setup: search attribute ${name} (${type}) exists"
    continue
  fi
  if list_search_attributes | grep -Eq "^[[:space:]]*${name}[[:space:]]"; then
    echo "temporal-setup: search attribute ${name} exists with a type other than ${type}" >&2
    exit 1
  fi
  echo "temporal-setup: creating search attribute ${name} (${type})"
  operator search-attribute create --namespace "$TEMPORAL_NAMESPACE" --name "$name" --type "$type" ||
    has_search_attribute "$name" "$type"
done

echo "temporal-setup: namespace ${TEMPORAL_NAMESPACE} is ready"
