# syntax=docker/dockerfile:1
# Pulse's production image. Both stages run scripts/production-install.sh, the recipe
# scripts/production-install.test.ts runs and checks outside a container: `build` (npm ci, npm run build) and
# `runtime /app` (the build and the package files copied to /app, `npm ci --omit=dev` there). The image holds /app
# only: the built web app and server bundle (operator commands included) and the production dependencies.
#
#   docker build -t pulse .
#   docker run --env-file .env -p 3000:3000 pulse      (compose.yaml runs it with PostgreSQL behind Caddy)

# Both stages run the current Node.js LTS line (26; decision 0091, "Node.js line"). The line is written here only:
# scripts/image-node.ts reads it, scripts/production-install.test.ts runs the built server on an official binary of
# it, and scripts/container.test.ts checks both stages use it.
ARG NODE_IMAGE=node:26-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /src
COPY . .
# NODE_ENV stays unset here: the build needs the development dependencies (Vite, esbuild).
RUN --mount=type=cache,target=/root/.npm \
    sh scripts/production-install.sh build \
 && sh scripts/production-install.sh runtime /app

FROM ${NODE_IMAGE} AS runtime
# HOST=0.0.0.0 applies the production rules: Pulse refuses to start until every production setting is given,
# naming the missing ones (docs/decisions/0090-secure-by-default.md).
# MALLOC_TRIM_THRESHOLD_: as `npm start` sets it, glibc gives freed memory back (src/testing/server-command.ts).
ENV NODE_ENV=production \
    MALLOC_TRIM_THRESHOLD_=131072 \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    NPM_CONFIG_UPDATE_NOTIFIER=false
WORKDIR /app
# Owned by root and not writable by the user Pulse runs as.
COPY --from=build /app /app
# The embedded database (PGlite), used only without DATABASE_URL: one instance at a time, so production with more
# than one replica uses PostgreSQL and this volume stays empty.
# Owner-only from the start (decision 0095): a new volume needs no repair at the first start.
RUN mkdir -p -m 0700 /data && chown node:node /data
VOLUME /data
# The unprivileged user of the Node.js images.
USER node
EXPOSE 3000
# Liveness: the process answers, whatever its dependencies do (platforms that act on this status replace the
# container; a database outage must not get every replica replaced). Readiness is the balancer's check of /readyz
# (Caddyfile). The start period covers the migrations, applied before the server listens. Node's fetch, as the slim
# image has no curl.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/server/main.mjs"]
