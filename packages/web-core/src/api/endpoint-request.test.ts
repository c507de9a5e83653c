import { listPayins, recordDeskPayment } from '@cuota/contracts/payments/endpoints/payins';
import { IDEMPOTENCY_KEY_PATTERN } from '@cuota/contracts/http/endpoint';
import { endpointRequest } from './endpoint-request';

const SCHOOL = { id: '6f1c1f1e-3b9a-4c55-9d1a-0d6b1c2e3f40' };
const body = { student_id: SCHOOL.id, amount_centavos: 100, method: 'cash' as const };

test('a create that declares an idempotency key sends the one the form holds', () => {
  const request = endpointRequest(recordDeskPayment, {
    params: SCHOOL,
    body,
    idempotencyKey: 'desk-key-0001',
  });
  expect(request.headers).toEqual({ 'Idempotency-Key': 'desk-key-0001' });
});

test('without one, each different call gets its own valid key', () => {
  const first = endpointRequest(recordDeskPayment, { params: SCHOOL, body });
  const second = endpointRequest(recordDeskPayment, {
    params: SCHOOL,
    body: { ...body, amount_centavos: 200 },
  });
  const keyOf = (r: typeof first) => (r.headers as Record<string, string>)['Idempotency-Key']!;
  expect(keyOf(first)).toMatch(IDEMPOTENCY_KEY_PATTERN);
  expect(keyOf(first)).not.toBe(keyOf(second));
});

test('a read carries no idempotency key', () => {
  expect(endpointRequest(listPayins, { params: SCHOOL }).headers).toBeUndefined();
});
