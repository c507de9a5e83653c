import {
  keepsTransaction,
  MONITORING,
  REPLAY_WIDGET,
  REPLAY_WIDGET_CSS,
} from './monitoring-options';
import { startMonitoring } from './start-monitoring';

test('without a DSN nothing is loaded, so nothing can be sent', async () => {
  const load = jest.fn();
  expect(await startMonitoring({ dsn: null, environment: 'production' }, load)).toBe(false);
  expect(load).not.toHaveBeenCalled();
});

test('with a DSN the SDK is loaded and started with it', async () => {
  const startSentry = jest.fn();
  const started = await startMonitoring(
    { dsn: 'https://key@errors.example/1', environment: 'production' },
    async () => ({ startSentry }),
  );
  expect(started).toBe(true);
  expect(startSentry).toHaveBeenCalledWith({
    dsn: 'https://key@errors.example/1',
    environment: 'production',
  });
});

test("spec §9's rates and replay limits, with everything masked", () => {
  expect(MONITORING).toMatchObject({
    tracesSampleRate: 0.5,
    sampleRate: 0.5,
    profilesSampleRate: 0.5,
    replaysSessionSampleRate: 0.1,
    replaysOnErrorSampleRate: 1,
    replay: {
      minReplayDuration: 5_000,
      maxReplayDuration: 3_600_000,
      maskAllText: true,
      maskAllInputs: true,
      blockAllMedia: true,
    },
  });
});

test('the not-found page sends no transaction; other pages do', () => {
  expect(keepsTransaction({ transaction: '/404' })).toBe(false);
  expect(keepsTransaction({ request: { url: 'https://cuota.mx/404?from=x' } })).toBe(false);
  expect(keepsTransaction({ transaction: '/guardians/:guardianHash/payments' })).toBe(true);
});

test("spec §2's replay widget: bottom-left, in Spanish, asking for nothing the session knows", () => {
  // Sentry's default corner is `auto 0 0 auto` (bottom-right): top right bottom left.
  expect(REPLAY_WIDGET_CSS).toBe('#sentry-feedback { --inset: auto auto 0 0; }');
  expect(REPLAY_WIDGET).toMatchObject({
    showName: false,
    showEmail: false,
    enableScreenshot: false,
    triggerLabel: 'Reportar un problema',
  });
});
