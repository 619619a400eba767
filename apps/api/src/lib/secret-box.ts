import crypto from 'node:crypto';

const PREFIX = 'v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Values the database must hold but never show, sealed with AES-256-GCM under SECRETS_KEY: TOTP
 * secrets (issue 19), WhatsApp gateways' API keys (issue 20). A database dump or backup alone
 * gives none of them. Stored as `v1:` + base64url(iv | tag | ciphertext); the version leaves room
 * for a new key or cipher later.
 */
export class SecretBox {
  readonly #key: Buffer;

  /** Any high-entropy secret (SECRETS_KEY is at least 32 characters): SHA-256 makes it a 256-bit key. */
  constructor(secret: Uint8Array | string) {
    this.#key = crypto.createHash('sha256').update(secret).digest();
  }

  seal(plain: string): string {
    const iv = crypto.randomBytes(IV_BYTES);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.#key, iv);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
  }

  /**
   * The plain value. A value without the prefix was written before sealing existed (the first MFA
   * enrolments of issue 19) and is returned as it is; it is sealed on its next write. A sealed value
   * that does not open (another key, altered bytes) throws: that is a misconfiguration to see, not
   * a wrong code to hide.
   */
  open(stored: string): string {
    if (!stored.startsWith(PREFIX)) return stored;
    const bytes = Buffer.from(stored.slice(PREFIX.length), 'base64url');
    const decipher = crypto.createDecipheriv('aes-256-gcm', this.#key, bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  }
}
