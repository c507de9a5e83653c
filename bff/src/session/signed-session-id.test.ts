import { sign, unsign } from 'cookie-signature';
import { signedSessionId, verifiedSessionIds, VERIFIED_KEPT } from './signed-session-id';

const NAME = 'cuota.sid';
const SECRETS = ['secreto-nuevo', 'secreto-viejo'];
const cookieFor = (sid: string, secret: string) =>
  `${NAME}=${encodeURIComponent(`s:${sign(sid, secret)}`)}`;

describe('the session id a Cookie header names, as express-session reads it', () => {
  test('signed with the current secret or one being rotated out', () => {
    expect(signedSessionId(cookieFor('abc', 'secreto-nuevo'), NAME, SECRETS)).toBe('abc');
    expect(signedSessionId(`theme=dark; ${cookieFor('abc', 'secreto-viejo')}`, NAME, SECRETS)).toBe(
      'abc',
    );
  });

  test('none for a signature made with another secret, an unsigned value or no cookie', () => {
    expect(signedSessionId(cookieFor('abc', 'otro'), NAME, SECRETS)).toBeUndefined();
    expect(signedSessionId(`${NAME}=abc`, NAME, SECRETS)).toBeUndefined();
    expect(signedSessionId('theme=dark', NAME, SECRETS)).toBeUndefined();
    expect(signedSessionId(undefined, NAME, SECRETS)).toBeUndefined();
    expect(signedSessionId(`${NAME}=%E0%A4%A`, NAME, SECRETS)).toBeUndefined();
  });

  test('the first cookie of the name counts; quotes and pairs without a value are skipped', () => {
    const first = cookieFor('primero', 'secreto-nuevo');
    const second = cookieFor('segundo', 'secreto-nuevo');
    expect(signedSessionId(`${first}; ${second}`, NAME, SECRETS)).toBe('primero');
    expect(signedSessionId(`x.${NAME}=1; flag; ${second}`, NAME, SECRETS)).toBe('segundo');
    const quoted = `${NAME}="${encodeURIComponent(`s:${sign('abc', 'secreto-nuevo')}`)}"`;
    expect(signedSessionId(quoted, NAME, SECRETS)).toBe('abc');
  });
});

describe("a signed-in caller's cookie, checked once", () => {
  const counting = () => {
    const checks: string[] = [];
    const check: typeof unsign = (input, secret) => {
      checks.push(input);
      return unsign(input, secret);
    };
    return { checks, check };
  };

  test('the HMAC of a cookie that verified is not computed again on its next calls', () => {
    const { checks, check } = counting();
    const sessionIdOf = verifiedSessionIds(NAME, SECRETS, check);
    for (let call = 0; call < 3; call++)
      expect(sessionIdOf(`theme=dark; ${cookieFor('abc', 'secreto-viejo')}`)).toBe('abc');
    // Two secrets tried on the first call, none after.
    expect(checks).toHaveLength(2);
    expect(sessionIdOf(cookieFor('otra', 'secreto-nuevo'))).toBe('otra');
    expect(checks).toHaveLength(3);
  });

  test('a forged cookie is checked every time and never kept', () => {
    const { checks, check } = counting();
    const sessionIdOf = verifiedSessionIds(NAME, SECRETS, check);
    for (let call = 0; call < 3; call++)
      expect(sessionIdOf(cookieFor('abc', 'ajeno'))).toBeUndefined();
    expect(checks).toHaveLength(6);
    expect(sessionIdOf(`${NAME}=abc`)).toBeUndefined();
    expect(sessionIdOf(undefined)).toBeUndefined();
  });

  test('at most VERIFIED_KEPT values are kept, the oldest checked again', () => {
    const { checks, check } = counting();
    const sessionIdOf = verifiedSessionIds(NAME, ['s'], check);
    for (let n = 0; n <= VERIFIED_KEPT; n++) sessionIdOf(cookieFor(`sid-${n}`, 's'));
    expect(checks).toHaveLength(VERIFIED_KEPT + 1);
    expect(sessionIdOf(cookieFor(`sid-${VERIFIED_KEPT}`, 's'))).toBe(`sid-${VERIFIED_KEPT}`);
    expect(checks).toHaveLength(VERIFIED_KEPT + 1);
    expect(sessionIdOf(cookieFor('sid-0', 's'))).toBe('sid-0');
    expect(checks).toHaveLength(VERIFIED_KEPT + 2);
  });
});
