/**
 * AES-256-GCM for the secrets invoicing keeps at rest (a CSD's private key and password).
 * Sealed bytes are `iv (12) ‖ ciphertext ‖ tag (16)`; the additional data binds a sealed
 * value to where it belongs (school and field), so it cannot be moved to another row.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretBox {
  private readonly key: Buffer;

  /** `keyBase64`: INVOICING_SECRETS_KEY, 32 random bytes in base64. */
  constructor(keyBase64: string) {
    const key = Buffer.from(keyBase64, 'base64');
    if (key.length !== 32)
      throw new Error('INVOICING_SECRETS_KEY debe ser de 32 bytes en base64 (AES-256).');
    this.key = key;
  }

  seal(plain: Uint8Array, context: string): Buffer {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    return Buffer.concat([iv, body, cipher.getAuthTag()]);
  }

  /** Throws when the bytes were altered, sealed with another key or for another context. */
  open(sealed: Uint8Array, context: string): Buffer {
    const bytes = Buffer.from(sealed);
    if (bytes.length < IV_BYTES + TAG_BYTES) throw new Error('Secreto cifrado incompleto.');
    const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
      decipher.final(),
    ]);
  }

  /** Never let a key reach a log line through util.inspect or JSON.stringify. */
  toJSON(): string {
    return '[SecretBox]';
  }

  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return '[SecretBox]';
  }
}
