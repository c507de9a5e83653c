/**
 * What each environment variable the code reads is for, in a line. Which part reads it and
 * what happens when it is unset come from the code (env-reads.ts); `npm run docs` fails on a
 * variable missing here or one no code reads any more.
 */
export const ENV_MEANINGS: Record<string, string> = {
  PORT: 'listen port',
  HOST: 'interface to listen on (only the BFF should face another network)',
  METRICS_PORT:
    'BFF: the internal port of `/metrics` (never the public one, ADR 0077); unset, none',
  METRICS_HOST: 'BFF: the interface of the metrics port (default 127.0.0.1)',
  NODE_ENV: '`production` turns on Secure cookies',
  LOG_LEVEL: 'pino level of every process the launcher starts',
  TRUST_PROXY: "Express's `trust proxy` (hops, `true`, or subnets) behind a load balancer",
  PUBLIC_URL:
    'the portal host as browsers see it: links, e-mails, same-origin checks (enrolment: `portal_url`, invitation links)',
  ALLOWED_ORIGINS: 'more origins of the portal (comma-separated) a `callbackUrl` may name',
  REDIS_URL: 'sessions, rate limits, sign-in codes (the launcher passes it on)',
  REDIS_PREFIX: 'Redis key prefix, so profiles never share keys',
  SESSION_SECRET: 'cookie signing secret; a comma-separated list rotates it (first signs)',
  LOGIN_CODE_SECRET: 'HMAC key of sign-in codes; derived from the session secret when unset',
  IDENTITY_PRIVATE_JWK:
    'ES256 private key (JWK JSON) that signs identity tokens: only the BFF has it',
  IDENTITY_PUBLIC_JWK: "the matching public key: services check the BFF's identity tokens",
  ENROLMENT_URL: "enrolment's base URL",
  BILLING_URL: "billing's base URL",
  PAYMENTS_URL: "payments' base URL",
  INVOICING_URL: "invoicing's base URL",
  NOTIFICATIONS_URL: "notifications' base URL",
  REMOTE_PORTAL_ENTRY:
    "the portal remote's `mf-manifest.json` (`GET /api/remotes`); `[version]` in it comes from REMOTE_VERSIONS_FILE",
  REMOTE_DASHBOARD_ENTRY: "the dashboard remote's `mf-manifest.json`",
  REMOTE_STORE_ENTRY: "the store remote's `mf-manifest.json`",
  REMOTE_VERSIONS_FILE:
    'JSON `{ "store": "<version>", … }`: the version each remote serves, read again when replaced (docs/remote-deploys.md)',
  SHELL_DIST_DIR: "the shell's built files, which the BFF serves",
  SMTP_URL:
    'where e-mail goes (sign-in codes; enrolment: staff invitations, password resets; invoicing: invoices; notifications: reminders, receipts)',
  MAIL_FROM: 'sender of those e-mails',
  GATEWAY_FORM_ORIGIN: "origin of the gateway's hosted card form, which the portal frames (CSP)",
  SENTRY_DSN: 'error reporting and masked replays (spec §9); unset, nothing is loaded or sent',
  SENTRY_ENVIRONMENT: 'environment label of what monitoring sends',
  RATE_LIMIT_API_PER_MINUTE: 'per-IP budget of `/api` calls a minute (the benchmark raises it)',
  NATS_URL: 'NATS with JetStream (the BFF keeps no guardian.me answers without it, ADR 0024)',
  NATS_PREFIX: 'namespace of subjects and streams, so profiles never share events',
  GUARDIAN_ME_KEPT: 'most guardian.me answers the BFF keeps (ADR 0024)',
  OIDC_PROVIDERS:
    'JSON of the OpenID Connect providers guardians sign in with on the app: `{ "google": { issuer, jwks_url, client_id } }`; unset, none',
  OIDC_CLIENT_IDS: 'client ids the OIDC sandbox issues to from its sign-in page (comma-separated)',
  DATABASE_URL: "the service's own PostgreSQL database",
  DATABASE_POOL_MAX:
    "connections one instance's pool may hold (default 10); instances × it must fit max_connections",
  CUOTA_CHECK_RESPONSES: '`1` (set by Jest): every answer is checked against its response schema',
  KUSHKI_SANDBOX_URL:
    "the gateway of schools with `use_kushki_sandbox` (the sandbox here, Kushki's UAT)",
  KUSHKI_PRODUCTION_URL: 'the gateway of every other school',
  KUSHKI_SANDBOX_FORM_URL: "the sandbox gateway's hosted card form; without it no card payment",
  KUSHKI_PRODUCTION_FORM_URL: "the production gateway's hosted card form",
  PAYMENTS_SECRETS_KEY: 'AES-256-GCM key sealing the gateway credentials at rest',
  PAYMENTS_RECONCILE_INTERVAL_MS:
    'how often pending card payins are checked at the gateway (`0`: never)',
  PAYMENTS_RECONCILE_PENDING_AFTER_MS: 'how old a pending card payin is before it is checked',
  PAYMENTS_PROOF_DIR:
    "the directory where transfer proofs are kept, named by their SHA-256 (default: the system's temporary directory, development only)",
  PAC_PROVIDER: 'which PAC invoicing speaks to: `sw` (SW sapien, ADR 0031)',
  PAC_URL: "the PAC's base URL (SW's production or test services, the sandbox in development)",
  PAC_USER: 'the PAC account invoicing signs in with (the sandbox accepts only it)',
  PAC_PASSWORD: "that account's password",
  PAC_TOKEN: "SW's infinite token, used instead of the account (the sandbox accepts it too)",
  PAC_TOKEN_TTL_MS: "how long the sandbox's tokens last (SW's: two hours)",
  SAT_CONSULTA_URL:
    "SAT's Servicio de Consulta de CFDI, for a CFDI's status (the sandbox's in development)",
  PAC_TIMEOUT_MS: 'how long a call to the PAC or SAT may take',
  INVOICING_SECRETS_KEY: "32 bytes in base64: AES-256-GCM key sealing the schools' CSD",
  DEMO_SCHOOL_ID: "the demo school enrolment's seed created",
  DEMO_SCHOOL_NAME: "the demo school's name for its sandbox merchant",
  GATEWAY_WEBHOOK_SECRET: "the demo merchant's webhook signature secret",
  GATEWAY_WEBHOOK_URL: 'where the gateway sandbox sends the demo merchant’s webhooks',
  PAC_SANDBOX_URL: 'registers the demo taxpayers in the PAC sandbox',
  TWILIO_AUTH_TOKEN:
    "notifications: checks Twilio's X-Twilio-Signature on the guardian_url callback; unset, the callback answers 401",
  TREBLE_WEBHOOK_TOKEN:
    "notifications: the X-Treble-Token Treble's guardian_url callback must carry; unset, it answers 401",
  TWILIO_WEBHOOK_URL: "where the messaging sandbox posts Twilio's guardian_url webhook (the BFF)",
  TREBLE_WEBHOOK_URL: "where the messaging sandbox posts Treble's guardian_url webhook (the BFF)",
  SLACK_SIGNING_SECRET:
    "notifications: the Slack app's signing secret (X-Slack-Signature v0) of staff alerts' buttons; unset, the interaction answers 401. The Slack sandbox signs its presses with it",
  SLACK_ALERTS_WEBHOOK_URL:
    "notifications: the operations channel's Slack incoming webhook, where a notification given up on (with «Reintentar»), a failed stamp and a declined payout are announced; unset, no alert",
  SLACK_INTERACTION_URL:
    "where the Slack sandbox posts an operator's press of an alert's button (the BFF's /api/v1/slack/interaction/)",
  WHATSAPP_API_URL:
    "the WhatsApp Cloud API's base with its version (Meta's Graph API, the sandbox in development); no WhatsApp without the four WHATSAPP_* of notifications",
  WHATSAPP_PHONE_NUMBER_ID: 'the business phone number notifications sends WhatsApp from',
  WHATSAPP_TOKEN: "the WhatsApp business account's access token",
  WHATSAPP_APP_SECRET:
    "the Meta app's secret: signs WhatsApp's status webhooks (X-Hub-Signature-256)",
  WHATSAPP_WEBHOOK_URL: 'where the WhatsApp sandbox sends its status webhooks (the BFF)',
  GATEWAY_MERCHANTS_FILE: 'JSON list of merchants (ids, webhook URL and signature) known at start',
  GATEWAY_ALLOWED_PARENTS: 'origins allowed to frame the hosted card form (comma-separated)',
  CUOTA_URL: "the sample school site's Cuota (the BFF's public URL): the store it embeds",
  SCHOOL_ID: 'the school whose store the sample school site embeds',
  SCHOOL_NAME: 'the name the sample school site shows',
  PAC_SEED_FILE: 'JSON list of taxpayers registered at start',
  PAC_STATE_FILE: 'keeps stamps, taxpayers and the certificate across restarts',
  PAC_CANCELLATION_DELAY_MS:
    'how long a receptor stays silent before a pending cancellation is accepted',
  SMTP_PORT: 'SMTP port of the sandbox',
  HTTP_PORT: 'mailbox (HTTP) port of the sandbox',
  DIST_DIR: 'the folder served (a remote’s build)',
  POSTGRES_URL: 'the server holding the `<prefix>_<service>` databases',
  CUOTA_BFF_FLAGS:
    'extra Node flags for the BFF only, after its heap flags (e.g. `--trace-gc` under a bench)',
  CUOTA_SERVICE_FLAGS:
    'extra Node flags for every service, after their heap flags (e.g. another heap budget under a bench)',
  CUOTA_SKIP_BUILD: '`1`: start from the existing `dist/` folders',
  CUOTA_SOURCE_MAPS:
    '`1`: run the services and the BFF with `--enable-source-maps` (off: 11–16 MB less each, ADR 0104)',
  CUOTA_VERBOSE:
    "`1`: copy every process's log to the console (always in `.cuota/<profile>/logs/`)",
  CUOTA_BUILD_LABEL: 'a label the remote shows (hidden), to recognise a redeployed remote',
  CUOTA_FRAUD_SCHOOL_ID: 'the school whose high-risk guardians are held (spec §4)',
  CUOTA_SESSION_POLL_SECONDS: 'how often the shell polls the session (`0`: never)',
  TEST_POSTGRES_URL: 'PostgreSQL of the tests',
  TEST_REDIS_URL: 'Redis of the tests',
  TEST_NATS_URL: 'NATS of the tests',
};
