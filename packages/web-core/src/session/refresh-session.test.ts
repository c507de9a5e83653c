/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { refreshSession } from '@cuota/web-core/session/refresh-session';
import { createAppStore } from '@cuota/web-core/store';
import { apiErrorResponse, stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import { guardianSession } from '@cuota/web-core/test-support/session-fixtures';

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

test('the session starts loading and becomes authenticated with a session', async () => {
  const session = guardianSession();
  stubFetch().on('GET', '/api/auth/session', session);
  const store = createAppStore();
  expect(store.getState().session.status).toBe('loading');

  await store.dispatch(refreshSession());

  expect(store.getState().session).toEqual({ status: 'authenticated', session });
});

test.each([[{}], [null]])('%j means unauthenticated', async (signedOut) => {
  const network = stubFetch().on('GET', '/api/auth/session', signedOut);
  const store = createAppStore();

  await store.dispatch(refreshSession());

  expect(store.getState().session).toEqual({ status: 'unauthenticated', session: null });
  // Signed out is an answer, not a failure: nothing is reported.
  expect(network.sent('POST', '/api/auth/_log')).toHaveLength(0);
});

test('a failed first load counts as signed out and is logged as CLIENT_SESSION_ERROR', async () => {
  const network = stubFetch()
    .on('GET', '/api/auth/session', () => apiErrorResponse(503, 'SERVICE_UNAVAILABLE', 'Caído'))
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('POST', '/api/auth/_log', {});
  const store = createAppStore();

  await store.dispatch(refreshSession());

  expect(store.getState().session.status).toBe('unauthenticated');
  await new Promise((resolve) => setTimeout(resolve, 0));
  const log = new URLSearchParams(await network.sent('POST', '/api/auth/_log')[0]!.text());
  expect(log.get('code')).toBe('CLIENT_SESSION_ERROR');
  expect(log.get('level')).toBe('error');
});

test('a failed refetch keeps the session the page already had', async () => {
  const session = guardianSession();
  const network = stubFetch().on('GET', '/api/auth/session', session);
  const store = createAppStore();
  await store.dispatch(refreshSession());

  network.on('GET', '/api/auth/session', () => apiErrorResponse(502, 'BAD_GATEWAY', 'x'));
  await store.dispatch(refreshSession());

  expect(store.getState().session).toEqual({ status: 'authenticated', session });
});
