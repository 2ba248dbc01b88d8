# syntax=docker/dockerfile:1
# One image for the API, the Temporal worker and the one-shot migration (docker-compose.yml picks the command). It
# runs compiled JavaScript (`npm run build`: dist/ and the prebuilt workflow bundle); TypeScript, tsx and the rest of
# the development tooling stay in the build stage.
# Debian (glibc), not Alpine: @temporalio/core-bridge and @swc/core ship prebuilt glibc binaries only.
# Same Node as the devDependency `node` that runs tests and npm scripts locally (STACK.md).
ARG NODE_IMAGE=node:24.21.0-bookworm-slim

# Production dependencies only: what the runtime image ships.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
# swagger-ui-dist pulls in @scarf/scarf, whose install script reports to a third party.
ENV SCARF_ANALYTICS=false \
    npm_config_update_notifier=false
COPY package.json package-lock.json .npmrc ./
# `npm ci`: exactly the committed lockfile (it lists every platform's optional binaries). --omit=dev
# drops the `node` devDependency (the image has its own Node) and the build, test and lint tooling (tsx among them).
# Install scripts stay on: @swc/core (a dependency of the Temporal SDK's bundler) needs its own.
RUN npm ci --omit=dev --no-audit --no-fund \
    && npm cache clean --force

# Every dependency, the sources, and `npm run build` to dist/.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV SCARF_ANALYTICS=false \
    npm_config_update_notifier=false
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    npm_config_update_notifier=false
WORKDIR /app
# Owned by root and read-only for the `node` user that runs the code. package.json for `npm run <name>:prod`.
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
USER node
EXPOSE 3000
# Node itself as the process, not npm (it adds a process between the signal and the app), so SIGTERM reaches the
# graceful shutdown; docker-compose.yml runs dist/worker/main.js and dist/cli/migrate.js the same way. Source maps
# point stack traces at the TypeScript lines. The old-space limit bounds the API's RSS: V8 otherwise sizes the heap
# from the machine's memory and lets a busy API grow to ~600 MB around ~90 MB of live objects (bench/README.md,
# "Memory").
CMD ["node", "--enable-source-maps", "--max-old-space-size=1024", "dist/api/main.js"]
