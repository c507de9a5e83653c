/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { baseApi } from '@cuota/web-core/api/base-api';
import { forgetCsrfToken } from '@cuota/web-core/api/csrf';
import { createAppStore } from '@cuota/web-core/store';
import { apiErrorResponse, stubFetch } from '@cuota/web-core/test-support/fetch-stub';

const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    ping: build.query<{ pong: boolean }, void>({ query: () => '/api/v1/ping/' }),
    save: build.mutation<{ saved: boolean }, { name: string }>({
      query: (body) => ({ url: '/api/v1/things/', method: 'POST', body }),
    }),
    pay: build.mutation<{ paid: boolean }, void>({
      query: () => ({ url: '/api/v1/pay/', method: 'POST' }),
      extraOptions: { showsOwnError: true },
    }),
  }),
});

beforeEach(() => {
  forgetCsrfToken();
  // Failed mutations are logged on purpose; keep the test output readable.
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

test('a URL goes out as given, and a query carries no CSRF token', async () => {
  const network = stubFetch().on('GET', '/api/v1/ping/', { pong: true });
  const store = createAppStore();

  const result = await store.dispatch(api.endpoints.ping.initiate());

  expect(result.data).toEqual({ pong: true });
  expect(network.sent('GET', '/api/auth/csrf')).toHaveLength(0);
  expect(network.requests[0]!.headers.get('x-csrf-token')).toBeNull();
  expect(network.requests[0]!.credentials).toBe('same-origin');
});

test('a mutation carries the CSRF token from /api/auth/csrf in x-csrf-token', async () => {
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 'token-1' })
    .on('POST', '/api/v1/things/', { saved: true });
  const store = createAppStore();

  const result = await store.dispatch(api.endpoints.save.initiate({ name: 'Uniforme' }));

  expect(result.data).toEqual({ saved: true });
  const [post] = network.sent('POST', '/api/v1/things/');
  expect(post!.headers.get('x-csrf-token')).toBe('token-1');
  expect(await post!.json()).toEqual({ name: 'Uniforme' });
});

test('a rejected CSRF token is refetched and the mutation retried once', async () => {
  const tokens = ['stale', 'fresh'];
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', () => Response.json({ csrfToken: tokens.shift() }))
    .on('POST', '/api/v1/things/', (request: Request) =>
      request.headers.get('x-csrf-token') === 'fresh'
        ? Response.json({ saved: true })
        : apiErrorResponse(403, 'CSRF_INVALID', 'Tu sesión cambió. Intenta de nuevo.'),
    );
  const store = createAppStore();

  const result = await store.dispatch(api.endpoints.save.initiate({ name: 'Libro' }));

  expect(result.data).toEqual({ saved: true });
  expect(network.sent('GET', '/api/auth/csrf')).toHaveLength(2);
  expect(network.sent('POST', '/api/v1/things/')).toHaveLength(2);
});

test('a second CSRF rejection is not retried again and reaches the alert', async () => {
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 'always-stale' })
    .on('POST', '/api/v1/things/', () =>
      apiErrorResponse(403, 'CSRF_INVALID', 'Tu sesión cambió. Recarga la página.'),
    );
  const store = createAppStore();

  const result = await store.dispatch(api.endpoints.save.initiate({ name: 'Libro' }));

  expect(result.error).toMatchObject({ status: 403 });
  expect(network.sent('POST', '/api/v1/things/')).toHaveLength(2);
  expect(store.getState().alert).toMatchObject({
    open: true,
    type: 'error',
    text: 'Tu sesión cambió. Recarga la página.',
  });
});

test('a failed mutation shows the fiscal-address rewrite in the alert', async () => {
  stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('POST', '/api/v1/things/', () =>
      apiErrorResponse(
        422,
        'VALIDATION_FAILED',
        'El campo DomicilioFiscalReceptor del receptor debe pertenecer al nombre asociado al RFC registrado.',
      ),
    );
  const store = createAppStore();

  await store.dispatch(api.endpoints.save.initiate({ name: 'Factura' }));

  expect(store.getState().alert.text).toBe(
    'El código postal debe coincidir con el registrado para ese RFC.',
  );
});

test('a mutation whose form shows its own error leaves the alert closed; others still alert', async () => {
  stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('POST', '/api/v1/pay/', () =>
      apiErrorResponse(402, 'PAYMENT_DECLINED', 'Tarjeta sin fondos'),
    )
    .on('POST', '/api/v1/things/', () => apiErrorResponse(409, 'CONFLICT', 'Ya existe.'));
  const store = createAppStore();

  const paid = await store.dispatch(api.endpoints.pay.initiate());

  expect(paid.error).toMatchObject({ status: 402 });
  expect(store.getState().alert.open).toBe(false);
  // Still logged (spec §8), just not shown twice.
  expect(console.error).toHaveBeenCalledWith('[PAYMENT_DECLINED]', 'Tarjeta sin fondos');

  await store.dispatch(api.endpoints.save.initiate({ name: 'Libro' }));
  expect(store.getState().alert).toMatchObject({ open: true, text: 'Ya existe.' });
});
