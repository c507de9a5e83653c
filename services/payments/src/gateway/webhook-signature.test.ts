import { createHmac } from 'node:crypto';
import { kushkiFixture } from '../test-support/kushki-fixtures';
import { verifyKushkiSignature } from './webhook-signature';

const SECRET = 'firma-del-colegio';
const now = new Date('2026-03-05T17:00:00Z');
const nowMs = String(now.getTime());
const nowSeconds = String(now.getTime() / 1000);
const body = Buffer.from('{"ticket_number":"123","transaction_status":"APPROVAL"}');
const hmac = (text: string, secret = SECRET) =>
  createHmac('sha256', secret).update(text).digest('hex');
const sign = (raw: Buffer, id: string, secret = SECRET) =>
  hmac(`${raw.toString('utf8')}.${id}`, secret);
const delivery = (id: string, extra: object = {}) => ({
  rawBody: body,
  id,
  signature: sign(body, id),
  ...extra,
});

describe('Kushki webhook signature', () => {
  it('accepts the published example: milliseconds in X-Kushki-Id, both signatures', () => {
    const signed = kushkiFixture('signed-delivery') as {
      webhook_signature: string;
      raw_body: string;
      headers: Record<string, string>;
    };
    const id = signed.headers['X-Kushki-Id']!;
    const verdict = verifyKushkiSignature(
      {
        rawBody: Buffer.from(signed.raw_body),
        id,
        signature: signed.headers['X-Kushki-Signature'],
        simpleSignature: signed.headers['X-Kushki-SimpleSignature'],
      },
      signed.webhook_signature,
      new Date(Number(id) + 2_000),
      300,
    );
    expect(verdict).toBe('valid');
  });

  it('reads 13 digits as milliseconds and up to 10 as seconds, each with its tolerance', () => {
    expect(verifyKushkiSignature(delivery(nowMs), SECRET, now, 300)).toBe('valid');
    expect(verifyKushkiSignature(delivery(nowSeconds), SECRET, now, 300)).toBe('valid');
    const msAgo = (ms: number) => String(now.getTime() - ms);
    expect(verifyKushkiSignature(delivery(msAgo(300_000)), SECRET, now, 300)).toBe('valid');
    expect(verifyKushkiSignature(delivery(msAgo(300_001)), SECRET, now, 300)).toBe('stale');
    const secondsAgo = String(Number(nowSeconds) - 301);
    expect(verifyKushkiSignature(delivery(secondsAgo), SECRET, now, 300)).toBe('stale');
    // Upper-case hex is the same signature.
    const upper = { ...delivery(nowMs), signature: sign(body, nowMs).toUpperCase() };
    expect(verifyKushkiSignature(upper, SECRET, now, 300)).toBe('valid');
  });

  it('checks the simple signature when it comes, and never settles for it alone', () => {
    const good = delivery(nowMs, { simpleSignature: hmac(nowMs) });
    expect(verifyKushkiSignature(good, SECRET, now, 300)).toBe('valid');
    const wrongSimple = delivery(nowMs, { simpleSignature: hmac(nowMs, 'otra') });
    expect(verifyKushkiSignature(wrongSimple, SECRET, now, 300)).toBe('invalid');
    const onlySimple = {
      rawBody: body,
      id: nowMs,
      signature: undefined,
      simpleSignature: hmac(nowMs),
    };
    expect(verifyKushkiSignature(onlySimple, SECRET, now, 300)).toBe('invalid');
  });

  it('refuses a re-serialised body, another secret, another id, or missing headers', () => {
    const signature = sign(body, nowMs);
    const reformatted = Buffer.from(JSON.stringify(JSON.parse(body.toString()), null, 1));
    const cases = [
      { rawBody: reformatted, id: nowMs, signature },
      { rawBody: body, id: nowMs, signature: sign(body, nowMs, 'otra') },
      { rawBody: body, id: String(Number(nowMs) + 1), signature },
      { rawBody: body, id: undefined, signature },
      { rawBody: body, id: nowMs, signature: 'abc' },
      { rawBody: body, id: `${nowMs}0`, signature: sign(body, `${nowMs}0`) },
    ];
    for (const c of cases) expect(verifyKushkiSignature(c, SECRET, now, 300)).toBe('invalid');
  });
});
