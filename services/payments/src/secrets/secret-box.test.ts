import { inspect } from 'node:util';
import { randomBytes } from 'node:crypto';
import { parseSecretsKey, SecretBox, SecretBoxError } from './secret-box';

const key = randomBytes(32);
const box = new SecretBox(key);

describe('SecretBox (AES-256-GCM at rest)', () => {
  it('opens what it sealed, and the sealed text does not contain the secret', () => {
    const sealed = box.seal('demo-private-merchant', 'school-1:sandbox:private_merchant_id');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('demo-private-merchant');
    expect(box.open(sealed, 'school-1:sandbox:private_merchant_id')).toBe('demo-private-merchant');
  });

  it('seals the same secret differently each time (random IV)', () => {
    expect(box.seal('x', 'c')).not.toBe(box.seal('x', 'c'));
  });

  it('refuses another context, another key, or a tampered ciphertext', () => {
    const sealed = box.seal('secreto', 'school-1:sandbox:webhook_secret');
    // Opened (and kept) once: what is kept opens only for the same context and key.
    expect(box.open(sealed, 'school-1:sandbox:webhook_secret')).toBe('secreto');
    expect(() => box.open(sealed, 'school-2:sandbox:webhook_secret')).toThrow(SecretBoxError);
    expect(() =>
      new SecretBox(randomBytes(32)).open(sealed, 'school-1:sandbox:webhook_secret'),
    ).toThrow('No se pudo abrir el secreto guardado');
    const [v, iv, tag, data] = sealed.split('.');
    const flipped = Buffer.from(data!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() =>
      box.open(
        [v, iv, tag, flipped.toString('base64url')].join('.'),
        'school-1:sandbox:webhook_secret',
      ),
    ).toThrow(SecretBoxError);
    expect(() => box.open('texto plano', 'c')).toThrow('formato conocido');
  });

  it('never shows its key when logged', () => {
    expect(JSON.stringify({ box })).toBe('{"box":"[SecretBox]"}');
    expect(inspect(box)).toBe('[SecretBox]');
    expect(JSON.stringify({ box })).not.toContain(key.toString('base64'));
  });

  it('takes the key as 32 bytes of base64 and nothing else', () => {
    expect(parseSecretsKey(key.toString('base64'))).toEqual(key);
    expect(() => parseSecretsKey(randomBytes(16).toString('base64'))).toThrow('32 bytes');
    expect(() => parseSecretsKey('no es base64!')).toThrow(SecretBoxError);
  });

  it('opens a value sealed before the cipher moved to service-runtime (stored rows)', () => {
    const old = new SecretBox(Buffer.alloc(32, 7));
    expect(
      old.open(
        'v1.meXaK68TvP4lyH-g.5KDm8Jgr2KMA0kOgsh2BVA.glXgO1qKyZJoUPoZ56eLCl8',
        'school-1:private_merchant_id',
      ),
    ).toBe('sk_prueba_ñandú');
  });
});
