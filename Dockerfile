# Production image: the built server and client, production dependencies only, run as `node`.
# docker-compose.yml runs it as two replicas behind nginx, with PostgreSQL, Redis and a seed step.
# docs/operations.md lists the environment variables.

# --- build: everything installed, server (tsc) and client (Vite) built, then dev dependencies pruned
FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV NPM_CONFIG_AUDIT=false NPM_CONFIG_FUND=false NPM_CONFIG_UPDATE_NOTIFIER=false
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build && npm prune --omit=dev

# --- runtime: no compiler, no sources, no dev dependencies
FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0
WORKDIR /app
# package.json marks the project root (src/common/paths.ts); i18n, content and public are read at run time.
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/i18n ./i18n
COPY --from=build /app/content ./content
COPY --from=build /app/public ./public
# var/ holds the embedded database when no DATABASE_URL is given (single-container runs).
RUN mkdir -p var && chown node:node var
USER node
EXPOSE 3000
# Liveness, not readiness: a replica that is draining or has lost its database is still a healthy
# process; the load balancer's own checks (or readiness) decide whether it gets traffic.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT || 3000}/health/live`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM (docker stop) starts the graceful shutdown: readiness 503, drain, in-flight requests finish.
STOPSIGNAL SIGTERM
# Migrations run at start (DatabaseModule) before the app takes requests; `node dist/src/cli/migrate.js`
# runs them alone.
CMD ["node", "dist/src/main.js"]
