# syntax=docker/dockerfile:1
# The shop in one container: build stage (all dependencies, `npm run build`), then a runtime
# stage with production dependencies only, running as the unprivileged `node` user.

FROM node:20-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 compiles from source when no prebuilt binary fits.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim AS runtime
# MALLOC_ARENA_MAX: sharp (image uploads, the demo pictures) works on several threads, and glibc
# keeps each thread's freed memory in its own arena: RSS stayed ~225 MB after drawing the demo
# catalogue, ~150 MB with two arenas (docs/reliability.md, known limits). MALLOC_MMAP_THRESHOLD_:
# blocks of 128 KB or more are mapped and given back at free (glibc's threshold otherwise grows to
# 32 MB, and 16 parallel 4000x4000 uploads left RSS ~200 MB over its start; decision 047). npm start
# sets the same two.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=131072
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/web/dist ./web/dist
COPY --from=build /app/migrations ./migrations
# The fonts of the invoices and packing slips (Noto, SIL OFL; decision 034).
COPY --from=build /app/assets ./assets
COPY --from=build /app/scripts/start.mjs /app/scripts/build-if-needed.mjs /app/scripts/cli.mjs ./scripts/
# pg_dump and pg_restore for `npm run backup` / `restore` with DATABASE_URL (decision 025): Debian
# bookworm's are PostgreSQL 15's, the version compose.yaml runs (pg_dump refuses a newer server).
RUN apt-get update \
 && apt-get install -y --no-install-recommends postgresql-client \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# The same command as `npm start` (which finds the build present and just runs it), with its
# memory budget for V8 (docs/performance.md: peak RSS under 150 MB under load); node as PID 1
# receives SIGTERM directly and drains requests before closing the database.
CMD ["node", "--max-old-space-size=96", "--max-semi-space-size=4", "scripts/start.mjs"]
