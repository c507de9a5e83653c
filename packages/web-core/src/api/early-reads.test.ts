/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { baseApi } from '@cuota/web-core/api/base-api';
import { EARLY_READ_TTL_MS, readEarly } from '@cuota/web-core/api/early-reads';
import { createAppStore } from '@cuota/web-core/store';
import { stubFetch } from '@cuota/web-core/test-support/fetch-stub';

const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    owed: build.query<{ owed: number }, void>({ query: () => '/api/v1/owed/?page=1' }),
  }),
});

afterEach(() => jest.restoreAllMocks());

const owedAnswers = () => {
  let answered = 0;
  const network = stubFetch().on('GET', '/api/v1/owed/', () => Response.json({ owed: ++answered }));
  return network;
};

test('a page read started early is answered once: the query takes it, a refetch asks again', async () => {
  const network = owedAnswers();
  readEarly('/api/v1/owed/?page=1');
  readEarly('/api/v1/owed/?page=1');
  const store = createAppStore();

  const first = await store.dispatch(api.endpoints.owed.initiate());
  expect(first.data).toEqual({ owed: 1 });
  expect(network.sent('GET', '/api/v1/owed/')).toHaveLength(1);

  const again = await store.dispatch(
    api.endpoints.owed.initiate(undefined, { forceRefetch: true }),
  );
  expect(again.data).toEqual({ owed: 2 });
  expect(network.sent('GET', '/api/v1/owed/')).toHaveLength(2);
});

test('an early answer for another URL or past its freshness is not taken', async () => {
  const network = owedAnswers();
  readEarly('/api/v1/owed/?page=2');
  const start = Date.now();
  readEarly('/api/v1/owed/?page=1');
  jest.spyOn(Date, 'now').mockReturnValue(start + EARLY_READ_TTL_MS + 1000);
  const store = createAppStore();

  const result = await store.dispatch(api.endpoints.owed.initiate());

  // Three requests: both early ones and the query's own, whose answer is the one shown.
  expect(network.requests.map((r) => new URL(r.url).search)).toEqual([
    '?page=2',
    '?page=1',
    '?page=1',
  ]);
  expect(result.data).toEqual({ owed: 3 });
});
