import * as Sentry from '@sentry/react';
import {
  keepsTransaction,
  MONITORING,
  REPLAY_WIDGET,
  REPLAY_WIDGET_CSS,
  type ActiveMonitoring,
} from './monitoring-options';

/** Sentry as spec §9 sets it: errors, traces, profiles and masked replays; §2's widget. */
export function startSentry({ dsn, environment }: ActiveMonitoring) {
  const corner = document.createElement('style');
  corner.textContent = REPLAY_WIDGET_CSS;
  document.head.append(corner);
  const { replay, ...rates } = MONITORING;
  Sentry.init({
    dsn,
    environment,
    ...rates,
    integrations: [
      Sentry.browserTracingIntegration(),
      Sentry.browserProfilingIntegration(),
      Sentry.replayIntegration(replay),
      Sentry.feedbackIntegration(REPLAY_WIDGET),
    ],
    beforeSendTransaction: (event) => (keepsTransaction(event) ? event : null),
  });
}
