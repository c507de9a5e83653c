import { requestHash } from './request-hash';
import { assertSameRequest, keyReusedError } from './same-request';

test('a request hashes the same whatever the order of its fields, at every level', () => {
  const a = { params: { id: '1' }, body: { name: 'Ana', tags: ['x', 'y'], more: { b: 1, a: 2 } } };
  const b = { body: { more: { a: 2, b: 1 }, tags: ['x', 'y'], name: 'Ana' }, params: { id: '1' } };
  expect(requestHash(a)).toBe(requestHash(b));
});

test('another value, another type, or another order inside a list is another request', () => {
  const base = { body: { name: 'Ana', tags: ['x', 'y'] } };
  expect(requestHash(base)).not.toBe(requestHash({ body: { name: 'Ana ', tags: ['x', 'y'] } }));
  expect(requestHash(base)).not.toBe(requestHash({ body: { name: 'Ana', tags: ['y', 'x'] } }));
  expect(requestHash({ amount: 100 })).not.toBe(requestHash({ amount: '100' }));
});

test('an undefined field is the field left out; null is a value', () => {
  const sent = { student_id: 's', note: undefined };
  expect(requestHash(sent)).toBe(requestHash({ student_id: 's' }));
  expect(requestHash(sent)).not.toBe(requestHash({ student_id: 's', note: null }));
});

// Hashes already stored beside keys (payins.request_hash, ledger_transactions.payload_hash,
// idempotency_keys.request_hash): if the canonical form changes, every stored key answers 422
// to its own retry. These are the values the hashers before the single one gave.
test.each([
  [
    'a card checkout',
    {
      school_id: '7d7c3c1e-0000-4000-8000-000000000001',
      orders: ['a0000000-0000-4000-8000-000000000002', 'b0000000-0000-4000-8000-000000000003'],
      token: 'tok_123',
    },
    '420b927c0a6b1897a27fe5ab8bb89ffa140edab52ea2183b91840e7734724c3f',
  ],
  [
    'a desk payment without a note',
    {
      school_id: '7d7c3c1e-0000-4000-8000-000000000001',
      student_id: 'c0000000-0000-4000-8000-000000000004',
      amount_centavos: 150000,
      method: 'cash',
      note: undefined,
    },
    'ed0da14619b176fce1403fcdcbbb29b3add018eefbcb4223c33b603b4ec73925',
  ],
  [
    'ledger lines',
    [
      ['school:s1:bank', 1000],
      ['school:s1:revenue', -1000],
    ],
    '8c7051bdc02e80a8399520134c3447cbddd347863f188a693ca57a277b6a6e45',
  ],
])('%s hashes as it did when its row was stored', (_label, request, stored) => {
  expect(requestHash(request)).toBe(stored);
});

test('the same key with another request is the one Spanish 422', () => {
  expect(() => assertSameRequest('a', 'a')).not.toThrow();
  expect(() => assertSameRequest('a', 'b')).toThrow(keyReusedError());
  expect(keyReusedError()).toMatchObject({ status: 422, code: 'IDEMPOTENCY_KEY_REUSED' });
  expect(() => assertSameRequest('a', 'b', () => new Error('defecto'))).toThrow('defecto');
});
