import { createWebConfig } from '../infra/webpack/create-web-config.mjs';

const shell = createWebConfig({
  appDir: import.meta.dirname,
  name: 'shell',
  role: 'host',
  entry: './src/main.ts',
  title: 'Cuota',
  favicon: './public/favicon.ico',
  env: {
    // The school high-risk guardians are held to (spec §4); unset means none.
    CUOTA_FRAUD_SCHOOL_ID: process.env.CUOTA_FRAUD_SCHOOL_ID ?? '',
    // Session polling in seconds (spec §4: off by default).
    CUOTA_SESSION_POLL_SECONDS: process.env.CUOTA_SESSION_POLL_SECONDS ?? '0',
    // Error reporting and replays (spec §9); unset, the monitoring code is never loaded.
    SENTRY_DSN: process.env.SENTRY_DSN ?? '',
    SENTRY_ENVIRONMENT: process.env.SENTRY_ENVIRONMENT ?? 'production',
  },
});

/** `<cuota-store>` for schools' own sites (ADR 0093): served by the BFF as /embed/cuota-store.js. */
const embed = createWebConfig({
  appDir: import.meta.dirname,
  name: 'cuota_store_embed',
  role: 'embed',
  entry: './src/embed/cuota-store.ts',
});

export default [shell, embed];
