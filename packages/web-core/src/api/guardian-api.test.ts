/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import type { GuardianMe } from '@cuota/contracts/enrolment/responses';
import { guardianApi } from '@cuota/web-core/api/guardian-api';
import { createAppStore } from '@cuota/web-core/store';
import { jsonResponse, stubFetch } from '@cuota/web-core/test-support/fetch-stub';

const me: GuardianMe = {
  id: 'guardian-1',
  first_name: 'María',
  last_name: 'López',
  email: null,
  guardian_hash: 'hash',
  onboarding_stage: 'COMPLETED',
  fraud_status: 'no_risk',
  schools: [],
  dependents: [],
};

test('guardian.me and guardian.featuresToggle go out as one tRPC batch and are parsed', async () => {
  const network = stubFetch().on('GET', '/api/trpc/guardian.me,guardian.featuresToggle', [
    { result: { data: me } },
    { result: { data: ['payments', 'invoices'] } },
  ]);
  const store = createAppStore();

  const [meResult, features] = await Promise.all([
    store.dispatch(guardianApi.endpoints.guardianMe.initiate()),
    store.dispatch(guardianApi.endpoints.featuresToggle.initiate()),
  ]);

  expect(meResult.data).toEqual(me);
  expect(features.data).toEqual(['payments', 'invoices']);
  const url = new URL(network.requests[0]!.url);
  expect(url.searchParams.get('batch')).toBe('1');
});

test('a tRPC error keeps its HTTP status and Spanish message', async () => {
  stubFetch().on('GET', '/api/trpc/guardian.me', () =>
    jsonResponse(
      [
        {
          error: {
            message: 'Tu sesión terminó.',
            code: -32001,
            data: { code: 'UNAUTHORIZED', httpStatus: 401 },
          },
        },
      ],
      { status: 401 },
    ),
  );
  const store = createAppStore();

  const result = await store.dispatch(guardianApi.endpoints.guardianMe.initiate());

  expect(result.error).toEqual({
    status: 401,
    data: { error: { code: 'UNAUTHORIZED', message: 'Tu sesión terminó.' } },
  });
});
