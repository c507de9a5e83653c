import { sign } from 'cookie-signature';
import { signedSessionId } from './signed-session-id';

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
