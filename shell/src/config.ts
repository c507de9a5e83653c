import type { MonitoringConfig } from './features/monitoring/monitoring-options';

/** Values fixed when the shell is built (see webpack.config.mjs). */
export const config = {
  monitoring: {
    dsn: process.env.SENTRY_DSN || null,
    environment: process.env.SENTRY_ENVIRONMENT || 'production',
  } satisfies MonitoringConfig,
  fraudSchoolId: process.env.CUOTA_FRAUD_SCHOOL_ID || null,
  sessionPollSeconds: Number(process.env.CUOTA_SESSION_POLL_SECONDS || 0),
};
