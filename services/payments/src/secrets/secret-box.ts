import { AES_GCM_KEY_BYTES, AesGcmBox } from '@cuota/service-runtime/secrets/aes-gcm-box';

const VERSION = 'v1';
/** Opened secrets kept in memory at most (two per school's merchant). */
const OPENED_KEPT = 10_000;

/** A stored secret could not be opened: another key, or a value moved to another record. */
export class SecretBoxError extends Error {
  override readonly name = 'SecretBoxError';
}

/** PAYMENTS_SECRETS_KEY: 32 bytes, base64. Refuses anything else at start-up. */
export function parseSecretsKey(base64: string): Buffer {
  const key = Buffer.from(base64, 'base64');
  if (key.length !== AES_GCM_KEY_BYTES || key.toString('base64') !== base64.trim())
    throw new SecretBoxError('PAYMENTS_SECRETS_KEY debe ser una clave de 32 bytes en base64.');
  return key;
}

/**
 * Payments' secrets at rest (gateway credentials), AES-256-GCM bound to a `context` (e.g.
 * the school and the field). Stored as `v1.<iv>.<tag>.<ciphertext>` in base64url.
 */
export class SecretBox extends AesGcmBox {
  constructor(key: Buffer) {
    if (key.length !== AES_GCM_KEY_BYTES) throw new SecretBoxError('La clave debe tener 32 bytes.');
    super(key);
  }

  seal(plaintext: string, context: string): string {
    const { iv, tag, ciphertext } = this.sealParts(Buffer.from(plaintext, 'utf8'), context);
    return [VERSION, ...[iv, tag, ciphertext].map((p) => p.toString('base64url'))].join('.');
  }

  /**
   * Every checkout and every webhook opens its merchant's two secrets: the plaintexts are
   * kept by what was sealed and where (a rotated secret is new text, so it is opened anew),
   * bounded, instead of a new AES key schedule each time (issue 18's profile: 3% of CPU).
   */
  private readonly openedBefore = new Map<string, string>();

  open(sealed: string, context: string): string {
    const key = `${context}\n${sealed}`;
    const known = this.openedBefore.get(key);
    if (known !== undefined) return known;
    const plain = this.openNow(sealed, context);
    if (this.openedBefore.size >= OPENED_KEPT) this.openedBefore.clear();
    this.openedBefore.set(key, plain);
    return plain;
  }

  private openNow(sealed: string, context: string): string {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || data === undefined)
      throw new SecretBoxError('El secreto guardado no tiene un formato conocido.');
    try {
      const plain = this.openParts(
        {
          iv: Buffer.from(iv, 'base64url'),
          tag: Buffer.from(tag, 'base64url'),
          ciphertext: Buffer.from(data, 'base64url'),
        },
        context,
      );
      return plain.toString('utf8');
    } catch {
      throw new SecretBoxError(
        'No se pudo abrir el secreto guardado (otra clave u otro registro).',
      );
    }
  }
}
