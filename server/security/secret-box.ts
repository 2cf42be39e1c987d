/**
 * Secrets kept at rest, sealed: AES-256-GCM under a key the database never holds (SECRETS_KEY).
 * A sealed value is `sb1.<key id>.<iv>.<ciphertext and tag>` in base64url, so it names the key that
 * sealed it (the key id is a short hash of the key, never the key): a box opens what its current
 * key or one of its previous keys sealed, and rotation (`npm run office -- secrets rotate`) seals
 * everything again under the current one. Each value is sealed for a purpose (its column and row,
 * the AES-GCM additional data), so a value copied to another column or row no longer opens. An
 * error says which key or purpose failed, never the secret, the key or the sealed text.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** How every sealed value starts: the format's version. */
export const SEALED_PREFIX = 'sb1.';

/** A key is 32 bytes (AES-256). */
export const SECRETS_KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * The development key, used when SECRETS_KEY is not set outside production (`npm start`, the
 * tests). It is written here for everyone to read, so it protects nothing; production refuses it.
 */
export const DEVELOPMENT_SECRETS_KEY: Buffer = createHash('sha256').update('patient-billing-portal: the development secrets key, which protects nothing').digest();

/** Why a sealed value was not opened (or a key not taken); the message holds no secret. */
export class SecretBoxError extends Error {
  override readonly name = 'SecretBoxError';
}

export interface SecretBox {
  /** The current key's id: what every value sealed now names. */
  readonly keyId: string;
  /** The ids of every key the box opens with, the current one first. */
  readonly keyIds: readonly string[];
  /** Seals `plain` for `purpose` (say `webhook_endpoints.secret:12`) under the current key. */
  seal(plain: string, purpose: string): string;
  /** Opens a value sealed for `purpose` by the current or a previous key; throws SecretBoxError otherwise. */
  open(sealed: string, purpose: string): string;
}

/** A key's id: 8 base64url characters of a hash of it (48 bits), enough to tell a few keys apart. */
export function keyIdOf(key: Buffer): string {
  return createHash('sha256').update('sb1 key id\0').update(key).digest().subarray(0, 6).toString('base64url');
}

/** Whether `text` is a sealed value (by its prefix; whether it opens is another matter). */
export function isSealed(text: string): boolean {
  return text.startsWith(SEALED_PREFIX);
}

/** The id of the key that sealed `sealed`, or null when it is not a sealed value. */
export function sealedKeyId(sealed: string): string | null {
  if (!isSealed(sealed)) return null;
  return sealed.slice(SEALED_PREFIX.length).split('.')[0] ?? null;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

function checkedKey(key: Buffer): Buffer {
  if (key.length !== SECRETS_KEY_BYTES) throw new SecretBoxError(`A secrets key must be ${String(SECRETS_KEY_BYTES)} bytes`);
  return key;
}

/** A box that seals under `key` and opens what `key` or any of `previousKeys` sealed. */
export function createSecretBox({ key, previousKeys = [] }: { key: Buffer; previousKeys?: readonly Buffer[] }): SecretBox {
  const current = checkedKey(key);
  const keyId = keyIdOf(current);
  const keys = new Map<string, Buffer>([[keyId, current]]);
  for (const previous of previousKeys) {
    const id = keyIdOf(checkedKey(previous));
    if (!keys.has(id)) keys.set(id, previous);
  }

  return {
    keyId,
    keyIds: [...keys.keys()],

    seal(plain, purpose) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', current, iv);
      cipher.setAAD(Buffer.from(purpose, 'utf8'));
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `${SEALED_PREFIX}${keyId}.${iv.toString('base64url')}.${sealed.toString('base64url')}`;
    },

    open(sealed, purpose) {
      const parts = isSealed(sealed) ? sealed.slice(SEALED_PREFIX.length).split('.') : [];
      const [id, ivText, bodyText] = parts;
      if (parts.length !== 3 || !id || !ivText || !bodyText || !BASE64URL.test(ivText) || !BASE64URL.test(bodyText)) {
        throw new SecretBoxError(`The secret for ${purpose} is not a sealed value`);
      }
      const openingKey = keys.get(id);
      if (!openingKey) throw new SecretBoxError(`The secret for ${purpose} was sealed by key ${id}, which is not among the keys given`);
      const iv = Buffer.from(ivText, 'base64url');
      const body = Buffer.from(bodyText, 'base64url');
      if (iv.length !== IV_BYTES || body.length < TAG_BYTES) throw new SecretBoxError(`The secret for ${purpose} is not a sealed value`);
      try {
        const decipher = createDecipheriv('aes-256-gcm', openingKey, iv, { authTagLength: TAG_BYTES });
        decipher.setAAD(Buffer.from(purpose, 'utf8'));
        decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
        return Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        // Node's own error says no more, but it is not passed on: nothing of the value leaves here.
        throw new SecretBoxError(`The secret for ${purpose} did not open: it was altered, or sealed for another purpose`);
      }
    },
  };
}

/** The box of the development key alone (see DEVELOPMENT_SECRETS_KEY): for development and tests. */
export function developmentSecretBox(): SecretBox {
  return createSecretBox({ key: DEVELOPMENT_SECRETS_KEY });
}
