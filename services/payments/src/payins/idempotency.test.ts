import { assertSameRequest, requestHash } from './idempotency';

describe('request hashes for Idempotency-Key', () => {
  it('is the same whatever the key order, different for any other value', () => {
    const a = requestHash({ school_id: 's', items: [{ order_id: 'o1' }], card: { token: 't' } });
    const b = requestHash({ card: { token: 't' }, items: [{ order_id: 'o1' }], school_id: 's' });
    expect(a).toBe(b);
    expect(
      requestHash({ school_id: 's', items: [{ order_id: 'o2' }], card: { token: 't' } }),
    ).not.toBe(a);
    expect(requestHash({ amount: 100 })).not.toBe(requestHash({ amount: '100' }));
  });

  it('a reused key with another request is a Spanish 422', () => {
    expect(() => assertSameRequest('a', 'a')).not.toThrow();
    expect(() => assertSameRequest('a', 'b')).toThrow(
      expect.objectContaining({ status: 422, code: 'IDEMPOTENCY_KEY_REUSED' }),
    );
  });
});
