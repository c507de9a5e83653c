/** Where errors and replays go, fixed when the shell is built; no DSN, no monitoring. */
export interface MonitoringConfig {
  dsn: string | null;
  environment: string;
}

/** A configuration that names its DSN: monitoring runs. */
export type ActiveMonitoring = MonitoringConfig & { dsn: string };

/**
 * Spec §9's monitoring settings. Replays start at about 5 s and stop at an hour; the SDK's own
 * idle rules (pause after 5 min, expire after 15 min) are its defaults and need no setting.
 * Everything a person typed or reads, and every image or video, is masked in replays.
 */
export const MONITORING = {
  tracesSampleRate: 0.5,
  sampleRate: 0.5,
  profilesSampleRate: 0.5,
  replaysSessionSampleRate: 0.1,
  replaysOnErrorSampleRate: 1,
  replay: {
    minReplayDuration: 5_000,
    maxReplayDuration: 60 * 60 * 1000,
    maskAllText: true,
    maskAllInputs: true,
    blockAllMedia: true,
  },
} as const;

/**
 * Spec §2's session-replay widget at bottom-left: Sentry's feedback button, which sends the
 * session's replay with what the person writes. In Spanish; no name or e-mail asked (the
 * session knows who it is) and no screenshot (replays are masked, a screenshot would not be).
 */
export const REPLAY_WIDGET = {
  colorScheme: 'system',
  showBranding: false,
  showName: false,
  showEmail: false,
  enableScreenshot: false,
  triggerLabel: 'Reportar un problema',
  triggerAriaLabel: 'Reportar un problema',
  formTitle: 'Reportar un problema',
  messageLabel: 'Qué pasó',
  messagePlaceholder: 'Cuéntanos qué intentabas hacer y qué viste.',
  isRequiredLabel: '(obligatorio)',
  submitButtonLabel: 'Enviar',
  cancelButtonLabel: 'Cancelar',
  confirmButtonLabel: 'Confirmar',
  successMessageText: 'Gracias: lo revisaremos.',
} as const;

/** The widget's host moved from Sentry's bottom-right to the bottom-left corner. */
export const REPLAY_WIDGET_CSS = '#sentry-feedback { --inset: auto auto 0 0; }';

/** Transactions of the not-found page are noise (bots, old links): they are not sent. */
export function keepsTransaction(event: { transaction?: string; request?: { url?: string } }) {
  const path = event.request?.url ? new URL(event.request.url).pathname : event.transaction;
  return path !== '/404';
}
