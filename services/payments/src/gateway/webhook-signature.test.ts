import { createHmac } from 'node:crypto';
import { verifyKushkiSignature } from './webhook-signature';

const SECRET = 'firma-del-colegio';
const now = new Date('2026-03-05T17:00:00Z');
const nowSeconds = String(now.getTime() / 1000);
const body = Buffer.from('{"ticketNumber":"123","transactionStatus":"APPROVAL"}');
const sign = (raw: Buffer, id: string, secret = SECRET) =>
  createHmac('sha256', secret)
    .update(`${raw.toString('utf8')}.${id}`)
    .digest('hex');

describe('Kushki webhook signature', () => {
  it('accepts the raw body signed with the merchant’s webhook secret', () => {
    const delivery = { rawBody: body, id: nowSeconds, signature: sign(body, nowSeconds) };
    expect(verifyKushkiSignature(delivery, SECRET, now, 300)).toBe('valid');
    // Upper-case hex is the same signature.
    const upper = { ...delivery, signature: delivery.signature.toUpperCase() };
    expect(verifyKushkiSignature(upper, SECRET, now, 300)).toBe('valid');
  });

  it('refuses a re-serialised body, another secret, another id, or missing headers', () => {
    const signature = sign(body, nowSeconds);
    const reformatted = Buffer.from(JSON.stringify(JSON.parse(body.toString()), null, 1));
    expect(
      verifyKushkiSignature({ rawBody: reformatted, id: nowSeconds, signature }, SECRET, now, 300),
    ).toBe('invalid');
    expect(
      verifyKushkiSignature(
        { rawBody: body, id: nowSeconds, signature: sign(body, nowSeconds, 'otra') },
        SECRET,
        now,
        300,
      ),
    ).toBe('invalid');
    expect(
      verifyKushkiSignature(
        { rawBody: body, id: String(Number(nowSeconds) + 1), signature },
        SECRET,
        now,
        300,
      ),
    ).toBe('invalid');
    expect(
      verifyKushkiSignature({ rawBody: body, id: undefined, signature }, SECRET, now, 300),
    ).toBe('invalid');
    expect(
      verifyKushkiSignature({ rawBody: body, id: nowSeconds, signature: 'abc' }, SECRET, now, 300),
    ).toBe('invalid');
  });

  it('refuses a correctly signed delivery outside the time tolerance', () => {
    const old = String(Number(nowSeconds) - 301);
    expect(
      verifyKushkiSignature(
        { rawBody: body, id: old, signature: sign(body, old) },
        SECRET,
        now,
        300,
      ),
    ).toBe('stale');
    const edge = String(Number(nowSeconds) - 300);
    expect(
      verifyKushkiSignature(
        { rawBody: body, id: edge, signature: sign(body, edge) },
        SECRET,
        now,
        300,
      ),
    ).toBe('valid');
  });
});
