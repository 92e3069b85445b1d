# syntax=docker/dockerfile:1
# The same commands as CI (.ci/run): npm ci, npm run build, node server.mjs.
# Admin:  docker exec -it <container> node scripts/command.mjs admin someone@example.com

FROM node:24-bookworm-slim AS deps
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
# JavaScript only: the build (server/app.ts and the app, bundled by Vite), the starter, the operator
# commands' starter (admin, backup, restore), and the SQL the server applies at start.
COPY --chown=node:node package.json server.mjs ./
COPY --chown=node:node scripts/command.mjs ./scripts/command.mjs
COPY --chown=node:node supabase ./supabase
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# SIGTERM reaches node directly (exec form): in-flight requests finish and PGlite closes cleanly.
CMD ["node", "server.mjs"]
