# syntax=docker/dockerfile:1
# One image for the API, the Temporal worker and the one-shot migration (docker-compose.yml picks the command).
# Debian (glibc), not Alpine: @temporalio/core-bridge and @swc/core ship prebuilt glibc binaries only.
# Same Node as the devDependency `node` that runs tests and npm scripts locally (STACK.md).
ARG NODE_IMAGE=node:24.21.0-bookworm-slim

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
# swagger-ui-dist pulls in @scarf/scarf, whose install script reports to a third party.
ENV SCARF_ANALYTICS=false \
    npm_config_update_notifier=false
COPY package.json package-lock.json .npmrc ./
# `npm ci`: exactly the committed lockfile (it lists every platform's optional binaries). --omit=dev
# drops the `node` devDependency (the image has its own Node) and the test and lint tooling. Install scripts stay on:
# esbuild and @swc/core need theirs.
RUN npm ci --omit=dev --no-audit --no-fund \
    && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    npm_config_update_notifier=false
WORKDIR /app
# Owned by root and read-only for the `node` user that runs the code; tsx caches under /tmp.
COPY --from=deps /app/node_modules ./node_modules
COPY . .
USER node
EXPOSE 3000
# Node itself as the process, not npm or the tsx CLI (each adds a process between the signal and the app), so
# SIGTERM reaches the graceful shutdown. The worker runs worker/main.ts the same way; migrate runs `npm run migrate`.
# The old-space limit bounds the API's RSS: V8 otherwise sizes the heap from the machine's memory and lets a busy API
# grow to ~600 MB around ~90 MB of live objects (bench/README.md, "Memory").
CMD ["node", "--max-old-space-size=1024", "--import", "tsx", "api/main.ts"]
