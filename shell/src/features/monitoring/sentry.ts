import * as Sentry from '@sentry/react';
import { keepsTransaction, MONITORING, type ActiveMonitoring } from './monitoring-options';

/** Sentry as spec §9 sets it: errors, traces, profiles and masked replays. */
export function startSentry({ dsn, environment }: ActiveMonitoring) {
  const { replay, ...rates } = MONITORING;
  Sentry.init({
    dsn,
    environment,
    ...rates,
    integrations: [
      Sentry.browserTracingIntegration(),
      Sentry.browserProfilingIntegration(),
      Sentry.replayIntegration(replay),
    ],
    beforeSendTransaction: (event) => (keepsTransaction(event) ? event : null),
  });
}
