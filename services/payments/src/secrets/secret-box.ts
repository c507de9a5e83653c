import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const KEY_BYTES = 32;

/** A stored secret could not be opened: another key, or a value moved to another record. */
export class SecretBoxError extends Error {
  override readonly name = 'SecretBoxError';
}

/** PAYMENTS_SECRETS_KEY: 32 bytes, base64. Refuses anything else at start-up. */
export function parseSecretsKey(base64: string): Buffer {
  const key = Buffer.from(base64, 'base64');
  if (key.length !== KEY_BYTES || key.toString('base64') !== base64.trim())
    throw new SecretBoxError('PAYMENTS_SECRETS_KEY debe ser una clave de 32 bytes en base64.');
  return key;
}

/**
 * AES-256-GCM for secrets at rest (gateway credentials). `context` (e.g. the school and the
 * field) is authenticated with the ciphertext, so a sealed value copied to another school or
 * field does not open. Output: `v1.<iv>.<tag>.<ciphertext>` in base64url.
 */
export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== KEY_BYTES) throw new SecretBoxError('La clave debe tener 32 bytes.');
  }

  seal(plaintext: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), data]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  open(sealed: string, context: string): string {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || data === undefined)
      throw new SecretBoxError('El secreto guardado no tiene un formato conocido.');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const plain = Buffer.concat([
        decipher.update(Buffer.from(data, 'base64url')),
        decipher.final(),
      ]);
      return plain.toString('utf8');
    } catch {
      throw new SecretBoxError(
        'No se pudo abrir el secreto guardado (otra clave u otro registro).',
      );
    }
  }

  /** The key never reaches a log line through JSON.stringify or util.inspect. */
  toJSON(): string {
    return '[SecretBox]';
  }

  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return '[SecretBox]';
  }
}
