/**
 * AES-256-GCM for the secrets invoicing keeps at rest (a CSD's private key and password).
 * Sealed bytes are `iv (12) ‖ ciphertext ‖ tag (16)`; the additional data binds a sealed
 * value to where it belongs (school and field), so it cannot be moved to another row.
 */
import {
  AES_GCM_IV_BYTES as IV_BYTES,
  AES_GCM_KEY_BYTES,
  AES_GCM_TAG_BYTES as TAG_BYTES,
  AesGcmBox,
} from '@cuota/service-runtime/secrets/aes-gcm-box';

export class SecretBox extends AesGcmBox {
  /** `keyBase64`: INVOICING_SECRETS_KEY, 32 random bytes in base64. */
  constructor(keyBase64: string) {
    const key = Buffer.from(keyBase64, 'base64');
    if (key.length !== AES_GCM_KEY_BYTES)
      throw new Error('INVOICING_SECRETS_KEY debe ser de 32 bytes en base64 (AES-256).');
    super(key);
  }

  seal(plain: Uint8Array, context: string): Buffer {
    const { iv, ciphertext, tag } = this.sealParts(plain, context);
    return Buffer.concat([iv, ciphertext, tag]);
  }

  /** Throws when the bytes were altered, sealed with another key or for another context. */
  open(sealed: Uint8Array, context: string): Buffer {
    const bytes = Buffer.from(sealed);
    if (bytes.length < IV_BYTES + TAG_BYTES) throw new Error('Secreto cifrado incompleto.');
    return this.openParts(
      {
        iv: bytes.subarray(0, IV_BYTES),
        ciphertext: bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES),
        tag: bytes.subarray(bytes.length - TAG_BYTES),
      },
      context,
    );
  }
}
