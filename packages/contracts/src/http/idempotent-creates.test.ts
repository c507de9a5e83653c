import { ALL_ENDPOINTS } from './all-endpoints';
import { endpointKey } from '@cuota/contracts/http/endpoint';

/**
 * A create that a double click or a retry can repeat takes an Idempotency-Key (ADR 0019):
 * every endpoint that answers 201 declares it, so the service runs it at most once per key.
 */
test('every create (201) declares idempotencyKey', () => {
  const creates = ALL_ENDPOINTS.filter((e) => e.status === 201);
  expect(creates.length).toBeGreaterThan(5);
  expect(creates.filter((e) => !e.idempotencyKey).map(endpointKey)).toEqual([]);
});
