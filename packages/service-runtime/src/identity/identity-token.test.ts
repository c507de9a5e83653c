import { decodeJwt } from 'jose';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import {
  createIdentitySigner,
  createIdentityVerifier,
  generateIdentityKeys,
  type IdentityKeys,
} from './identity-token';

const guardian: IdentityClaims = { kind: 'guardian', guardian_id: 'g-1', school_ids: ['s-1'] };
const other: IdentityClaims = { kind: 'guardian', guardian_id: 'g-2', school_ids: ['s-1'] };

let keys: IdentityKeys;
beforeAll(async () => {
  keys = await generateIdentityKeys();
});

/** A clock the test moves by hand. */
function clock(start = Date.UTC(2026, 10, 24, 22, 0, 0)) {
  let now = start;
  return { now: () => now, advance: (seconds: number) => void (now += seconds * 1000) };
}

describe('identity tokens', () => {
  test('a token is signed once per lifetime and reused for the same identity', async () => {
    const time = clock();
    const sign = await createIdentitySigner(keys.privateJwk, time);
    const first = await sign(guardian);
    time.advance(30);
    expect(await sign(guardian)).toBe(first);
    expect(await sign(other)).not.toBe(first);
    const { exp, iat } = decodeJwt(first);
    expect(exp! - iat!).toBe(60);
  });

  test('near the end of its lifetime a fresh token is signed', async () => {
    const time = clock();
    const sign = await createIdentitySigner(keys.privateJwk, time);
    const first = await sign(guardian);
    time.advance(46);
    const second = await sign(guardian);
    expect(second).not.toBe(first);
    expect(decodeJwt(second).exp).toBe(decodeJwt(first).exp! + 46);
  });

  test('a reused token is accepted until it expires, then refused', async () => {
    const time = clock();
    const sign = await createIdentitySigner(keys.privateJwk, time);
    const verify = await createIdentityVerifier(keys.publicJwk, time);
    const token = await sign(guardian);
    expect(await verify(token)).toEqual(guardian);
    time.advance(59);
    expect(await verify(token)).toEqual(guardian);
    time.advance(1);
    await expect(verify(token)).rejects.toThrow();
  });

  test('a token signed with another key is refused, even after a valid one', async () => {
    const time = clock();
    const stranger = await generateIdentityKeys();
    const verify = await createIdentityVerifier(keys.publicJwk, time);
    const forged = await (await createIdentitySigner(stranger.privateJwk, time))(guardian);
    await verify(await (await createIdentitySigner(keys.privateJwk, time))(guardian));
    await expect(verify(forged)).rejects.toThrow();
  });
});
