# syntax=docker/dockerfile:1
# Becca's image. No container engine runs where this repository is built and tested, so this file has
# not been built there: __tests__/server/imageContents.test.ts builds the same contents in a folder
# (production packages, the build output, the operator's commands) and runs this CMD, ENV and
# HEALTHCHECK as a non-root user with everything read-only but DATA_DIR (docs/install.md).
ARG NODE_VERSION=22

# The web app and the compiled server, with every package the build needs.
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Only what runs in production: no compilers, test tools or linters.
FROM node:${NODE_VERSION}-bookworm-slim AS production-packages
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM node:${NODE_VERSION}-bookworm-slim
ENV NODE_ENV=production MALLOC_ARENA_MAX=1 HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
# Owned by root and not writable by the server's user: the only place it writes is DATA_DIR.
COPY --from=production-packages /app/node_modules ./node_modules
COPY --from=build /src/build/server ./build/server
COPY --from=build /src/dist ./dist
# The operator's commands (`docker compose exec app1 npm run invite -- list`) run from source with tsx.
COPY package.json package-lock.json tsconfig.json ./
COPY server ./server
COPY src ./src
RUN mkdir -p /data && chown node:node /data && chmod 0700 /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself is PID 1, so SIGTERM from `docker stop` reaches the server, which stops within 10 s.
CMD ["node", "build/server/main.js"]
