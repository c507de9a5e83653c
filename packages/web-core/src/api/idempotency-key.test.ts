/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { addAdmin, changeAdminRole } from '@cuota/contracts/enrolment/endpoints/staff';
import { baseApi } from '@cuota/web-core/api/base-api';
import { forgetCsrfToken } from '@cuota/web-core/api/csrf';
import { fromEndpoint } from '@cuota/web-core/api/endpoint-request';
import { createAppStore } from '@cuota/web-core/store';
import { jsonResponse, stubFetch } from '@cuota/web-core/test-support/fetch-stub';

const SCHOOL = '0b3c7e2a-5d41-4f6e-9a8b-1c2d3e4f5a6b';
const ADMIN = '7f6e5d4c-3b2a-4190-8f7e-6d5c4b3a2910';
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    add: build.mutation<unknown, { email: string }>(
      fromEndpoint(addAdmin, ({ email }) => ({
        params: { id: SCHOOL },
        body: { email, name: 'Ana', role: 'ADMISSIONS' as const },
      })),
    ),
    changeRole: build.mutation<unknown, void>(
      fromEndpoint(changeAdminRole, () => ({
        params: { id: SCHOOL, admin: ADMIN },
        body: { role: 'ADMISSIONS' as const },
      })),
    ),
  }),
});
const ADMINS = `/api/v1/dashboard/schools/${SCHOOL}/admins/`;

beforeEach(() => {
  forgetCsrfToken();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

const keysSent = (network: ReturnType<typeof stubFetch>) =>
  network.sent('POST', ADMINS).map((r) => r.headers.get('idempotency-key'));

test('a double click sends one key twice; the same create after the answer is a new one', async () => {
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 'csrf-1' })
    .on('POST', ADMINS, async () => {
      await answered;
      return jsonResponse({}, { status: 201 });
    });
  const store = createAppStore();

  const first = store.dispatch(api.endpoints.add.initiate({ email: 'ana@colegio.mx' }));
  const second = store.dispatch(api.endpoints.add.initiate({ email: 'ana@colegio.mx' }));
  const other = store.dispatch(api.endpoints.add.initiate({ email: 'otra@colegio.mx' }));
  answer();
  await Promise.all([first, second, other]);
  await store.dispatch(api.endpoints.add.initiate({ email: 'ana@colegio.mx' }));

  const [a, b, c, later] = keysSent(network);
  expect(a).toMatch(/^[0-9a-f-]{36}$/);
  expect(b).toBe(a);
  expect(c).not.toBe(a);
  expect(later).not.toBe(a);
});

test('a create the network lost is retried with the same key', async () => {
  let online = false;
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 'csrf-1' })
    .on('POST', ADMINS, () => {
      if (!online) throw new TypeError('Failed to fetch');
      return jsonResponse({}, { status: 201 });
    });
  const store = createAppStore();

  const lost = await store.dispatch(api.endpoints.add.initiate({ email: 'luis@colegio.mx' }));
  expect(lost.error).toBeDefined();
  online = true;
  await store.dispatch(api.endpoints.add.initiate({ email: 'luis@colegio.mx' }));

  const [first, retry] = keysSent(network);
  expect(retry).toBe(first);
});

test('a call whose definition takes no key sends none', async () => {
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 'csrf-1' })
    .on('PUT', `${ADMINS}${ADMIN}/`, {});
  await createAppStore().dispatch(api.endpoints.changeRole.initiate());
  expect(network.requests.at(-1)!.headers.get('idempotency-key')).toBeNull();
});
