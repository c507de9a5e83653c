import express from 'express';
import { endpointKey } from '@cuota/contracts/http/endpoint';
import { guardianMe as enrolmentGuardianMe } from '@cuota/contracts/enrolment/endpoints/guardians';
import { getCsrfToken, getSession, guardianMe } from '@cuota/contracts/identity/endpoints';
import { implement, mountBffEndpoints } from './bff-endpoints';

const answer = () => ({ csrfToken: 'x' });
const mount =
  (...args: Parameters<typeof mountBffEndpoints>) =>
  () =>
    mountBffEndpoints(...args);

test('mounts when each BFF definition has its handler (or its tRPC procedure)', () => {
  const procedures = [endpointKey(guardianMe)];
  const definitions = [getCsrfToken, guardianMe];
  expect(
    mount(express(), [implement(getCsrfToken, answer)], procedures, definitions),
  ).not.toThrow();
});

test('refuses to start when a BFF definition has no handler', () => {
  expect(
    mount(express(), [implement(getCsrfToken, answer)], [], [getCsrfToken, getSession]),
  ).toThrow('Missing: GET /api/auth/session.');
});

test('refuses a handler whose endpoint is not defined as the BFF’s: unknown, or a service’s', () => {
  expect(mount(express(), [implement(getCsrfToken, answer)], [], [])).toThrow(
    'Not defined (or a service endpoint): GET /api/auth/csrf.',
  );
  const aServices = implement(enrolmentGuardianMe, () => undefined);
  expect(mount(express(), [aServices], [], [enrolmentGuardianMe])).toThrow(
    `Not defined (or a service endpoint): ${endpointKey(enrolmentGuardianMe)}.`,
  );
});

test('refuses a definition served twice', () => {
  const twice = [implement(getCsrfToken, answer), implement(getCsrfToken, answer)];
  expect(mount(express(), twice, [], [getCsrfToken])).toThrow('Twice: GET /api/auth/csrf.');
});
