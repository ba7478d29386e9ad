# Tikiti as one image: the API, which also serves the built web app (docs/operations.md).
#
#   docker build -t tikiti .
#   docker run -p 3000:3000 -e DATABASE_URL=postgres://… tikiti
#
# Native modules: sharp and @node-rs/argon2 ship prebuilt binaries as optional packages per
# platform (@img/sharp-linux-x64 with @img/sharp-libvips-linux-x64, @node-rs/argon2-linux-x64-gnu;
# the linux-arm64 ones likewise), built for glibc. node:24-slim is Debian bookworm, a glibc
# system, so `npm ci` picks them from package-lock.json and nothing is compiled: no toolchain,
# no python, in either stage.

# Build: every dependency, then the production build (contract, ticket codes, web app with its
# precompressed assets, API).
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY packages/ticket-codes/package.json packages/ticket-codes/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Production dependencies of the API and the two workspace libraries it imports, and nothing
# of the web app's (React and friends are in apps/web/dist already). Every workspace's
# package.json is here so the lock file matches; only the workspaces named are installed and
# linked into node_modules/@tikiti.
FROM node:24-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY packages/ticket-codes/package.json packages/ticket-codes/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
RUN npm ci --omit=dev --no-audit --no-fund \
      --workspace=@tikiti/api --workspace=@tikiti/contract --workspace=@tikiti/ticket-codes \
    && npm cache clean --force

# Runtime: only what runs. node_modules/@tikiti/contract and …/ticket-codes are links to
# packages/*, whose package.json "exports" point at dist/, so both are copied with their dist.
FROM node:24-slim AS runtime
# sharp draws the demo covers' SVG text through fontconfig, and slim has neither a fontconfig
# configuration nor a font: the titles would come out blank. DejaVu (3 MB) is the covers'
# fallback font.
RUN apt-get update \
    && apt-get install -y --no-install-recommends fontconfig-config fonts-dejavu-core \
    && rm -rf /var/lib/apt/lists/*
# The malloc settings: as `npm start` sets them (scripts/server-env.mjs, docs/decisions/0019-api-memory.md).
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=1048576
WORKDIR /app
# node_modules, the root and workspace package.json files and the lock (and any workspace's own
# node_modules, should npm ever nest one).
COPY --from=deps /app ./
COPY --from=build /app/packages/contract/dist packages/contract/dist
COPY --from=build /app/packages/ticket-codes/dist packages/ticket-codes/dist
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/api/migrations apps/api/migrations
COPY --from=build /app/apps/api/fonts apps/api/fonts
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/web/dist-server apps/web/dist-server
# The code stays root's and read-only to the app; only the embedded database's folder (used
# when DATABASE_URL is unset; mount a volume there) belongs to the app's user.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# No curl in slim: Node's own fetch. /healthz answers 200 or 503 within 2 s.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node itself, not npm: SIGTERM from `docker stop` reaches the server, which drains and exits.
CMD ["node", "apps/api/dist/server.js"]
