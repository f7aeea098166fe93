# syntax=docker/dockerfile:1
# One image recipe for every part of the platform. Build from the repository root:
#   docker build --build-arg SERVICE=records --target service .   (identity, garages, records, billing, notifications)
#   docker build --build-arg SERVICE=gateway --target gateway .   (the gateway, with the built web app)
#   docker build --target doubles .                                (the local doubles; choose one with DOUBLE=...)
# docker-compose.yml builds each of them this way; for Kubernetes a release pushes them as <registry>/wrenchmark/<part>:<tag>
# (deploy/k8s, docs/deployment.md). Node 22 LTS: engines in package.json says which Node versions the code supports.

FROM node:22-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY services/gateway/package.json services/gateway/
COPY services/identity/package.json services/identity/
COPY services/garages/package.json services/garages/
COPY services/records/package.json services/records/
COPY services/billing/package.json services/billing/
COPY services/notifications/package.json services/notifications/
COPY doubles/package.json doubles/
COPY web/package.json web/
COPY e2e/package.json e2e/
RUN npm ci --omit=dev --no-audit --no-fund

FROM deps AS web
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY packages/shared ./packages/shared
COPY web ./web
# The transparency log's verifier key the bundle trusts (docs/operations.md, build variables); empty: the development log's.
ARG VITE_LOG_VERIFIER_KEY=""
# Who runs the site and whether the price includes VAT (docs/operations.md, build variables); empty: "not configured".
ARG VITE_COMPANY_NAME=""
ARG VITE_COMPANY_NUMBER=""
ARG VITE_COMPANY_REGISTERED_OFFICE=""
ARG VITE_ICO_REGISTRATION=""
ARG VITE_PRICE_VAT=""
RUN npm run build -w web

FROM node:22-bookworm-slim AS base
WORKDIR /app
COPY --from=deps --chown=node:node /app/node_modules ./node_modules
COPY --chown=node:node package.json tsconfig.base.json ./
COPY --chown=node:node packages/shared ./packages/shared

# A service: SERVICE names the folder under services/; PORT is where it listens (and is health-checked).
FROM base AS service
ARG SERVICE
ARG PORT=8080
RUN test -n "$SERVICE" || (echo "Build with --build-arg SERVICE=<name>" && exit 1)
ENV NODE_ENV=production HOST=0.0.0.0 PORT=${PORT} SERVICE=${SERVICE}
COPY --chown=node:node services/${SERVICE} ./services/${SERVICE}
USER node
EXPOSE ${PORT}
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["sh", "-c", "exec node --import tsx services/$SERVICE/src/main.ts"]

# The gateway: a service that also serves the built web app.
FROM service AS gateway
COPY --from=web --chown=node:node /app/web/dist ./web/dist

# The local doubles (Stripe API, Companies House, SMTP catcher), for development stacks only.
FROM base AS doubles
ENV NODE_ENV=development HOST=0.0.0.0 DOUBLE=stripe
COPY --chown=node:node doubles ./doubles
COPY --chown=node:node data/companies-house ./data/companies-house
USER node
HEALTHCHECK --interval=10s --timeout=3s --start-period=15s --retries=3 \
  CMD node -e "const net=require('net');const s=net.connect(Number(process.env.STRIPE_DOUBLE_PORT||process.env.COMPANIES_HOUSE_FAKE_PORT||process.env.DVLA_DOUBLE_PORT||process.env.DVSA_DOUBLE_PORT||process.env.INBOX_PORT||4010),'127.0.0.1');s.on('connect',()=>process.exit(0));s.on('error',()=>process.exit(1))"
CMD ["sh", "-c", "exec node --import tsx doubles/src/$DOUBLE/main.ts"]
