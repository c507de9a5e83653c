import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export const AES_GCM_IV_BYTES = 12;
export const AES_GCM_TAG_BYTES = 16;
export const AES_GCM_KEY_BYTES = 32;

/** One sealed value's parts; each service stores them in its own format. */
export interface AesGcmSealed {
  iv: Buffer;
  ciphertext: Buffer;
  tag: Buffer;
}

/**
 * AES-256-GCM for the secrets a service keeps at rest. `context` (e.g. the school and the
 * field) is authenticated with the ciphertext, so a value copied to another row does not
 * open. The key never reaches a log line through JSON.stringify or util.inspect. Each
 * service's SecretBox checks its key and encodes the parts as its stored rows have them.
 */
export class AesGcmBox {
  private readonly key: Buffer;
  constructor(key: Buffer) {
    this.key = key;
  }

  protected sealParts(plain: Uint8Array, context: string): AesGcmSealed {
    const iv = randomBytes(AES_GCM_IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plain), cipher.final()]);
    return { iv, ciphertext, tag: cipher.getAuthTag() };
  }

  /** Throws when the parts were altered, sealed with another key or for another context. */
  protected openParts({ iv, ciphertext, tag }: AesGcmSealed, context: string): Buffer {
    const decipher = createDecipheriv('aes-256-gcm', this.key, iv);
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
  }

  toJSON(): string {
    return '[SecretBox]';
  }

  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return '[SecretBox]';
  }
}
