import { randomBytes } from 'node:crypto';
import { inspect } from 'node:util';
import { SecretBox } from './secret-box';

const key = randomBytes(32).toString('base64');

describe('SecretBox', () => {
  test('opens what it sealed, and never the same bytes twice', () => {
    const box = new SecretBox(key);
    const secret = Buffer.from('contraseña del CSD', 'utf8');
    const a = box.seal(secret, 'school-1:csd-password');
    const b = box.seal(secret, 'school-1:csd-password');
    expect(a.equals(b)).toBe(false);
    expect(a.includes(secret)).toBe(false);
    expect(box.open(a, 'school-1:csd-password').toString('utf8')).toBe('contraseña del CSD');
  });

  test('refuses altered bytes, another context and another key', () => {
    const box = new SecretBox(key);
    const sealed = box.seal(Buffer.from('llave'), 'school-1:csd-key');
    const altered = Buffer.from(sealed);
    altered[14]! ^= 1;
    expect(() => box.open(altered, 'school-1:csd-key')).toThrow();
    expect(() => box.open(sealed, 'school-2:csd-key')).toThrow();
    expect(() =>
      new SecretBox(randomBytes(32).toString('base64')).open(sealed, 'school-1:csd-key'),
    ).toThrow();
    expect(() => box.open(sealed.subarray(0, 20), 'school-1:csd-key')).toThrow();
  });

  test('needs a 32-byte key and does not show it when logged', () => {
    expect(() => new SecretBox(randomBytes(16).toString('base64'))).toThrow(/32 bytes/);
    const box = new SecretBox(key);
    expect(inspect(box)).toBe('[SecretBox]');
    expect(JSON.stringify({ box })).toBe('{"box":"[SecretBox]"}');
  });

  test('opens bytes sealed before the cipher moved to service-runtime (stored rows)', () => {
    const box = new SecretBox(Buffer.alloc(32, 7).toString('base64'));
    const stored = Buffer.from(
      'NgbfaPDZJN+b7ivBsQHXSMUWrd+Oe5TAkr2fLSDHqWoZiRabWfbylxKpbU5WDcg=',
      'base64',
    );
    expect(box.open(stored, 'school-1:csd-password').toString('utf8')).toBe('contraseña del CSD');
  });
});
