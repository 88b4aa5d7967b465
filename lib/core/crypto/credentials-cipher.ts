import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { type CredentialsKey, type CredentialsKeyring, credentialsKeyring, KEY_ID_BYTES } from "./credentials-keyring";

// A ciphertext: version, the id of the key it was made with, the IV, the GCM tag, then the encrypted JSON. The
// header is authenticated too, so neither the version nor the key id can be altered unnoticed.
const VERSION = 1;
const HEADER_BYTES = 1 + KEY_ID_BYTES;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Credentials that cannot be read with the configured keys: a configuration fault, never the caller's. */
export class CredentialsKeyError extends Error {}

/** A gateway's credentials (field name → value), encrypted with AES-256-GCM under the current key. */
export function encryptCredentials(values: Record<string, string>, keyring: CredentialsKeyring = credentialsKeyring()): Buffer {
  const header = Buffer.concat([Buffer.from([VERSION]), keyring.current.id]);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", keyring.current.secret, iv);
  cipher.setAAD(header);
  const body = Buffer.concat([cipher.update(JSON.stringify(values), "utf8"), cipher.final()]);
  return Buffer.concat([header, iv, cipher.getAuthTag(), body]);
}

/** The id of the key a ciphertext was made with (hex), or null when it is not one of ours. */
export function credentialsKeyId(sealed: Buffer): string | null {
  return sealed.length > HEADER_BYTES + IV_BYTES + TAG_BYTES && sealed[0] === VERSION ? sealed.subarray(1, HEADER_BYTES).toString("hex") : null;
}

/**
 * A gateway setting's credentials in clear, for its adapter ({} when it has none). Read with CREDENTIALS_KEY, or
 * CREDENTIALS_KEY_PREVIOUS for those not yet re-encrypted after a rotation; any other key is a clear error.
 */
export function decryptCredentials(
  gateway: { code: string; credentials: Buffer | null },
  keyring: CredentialsKeyring = credentialsKeyring(),
): Record<string, string> {
  if (!gateway.credentials) return {};
  const sealed = gateway.credentials;
  const id = credentialsKeyId(sealed);
  const key = [keyring.current, keyring.previous].find((k): k is CredentialsKey => k !== null && k.id.toString("hex") === id);
  const where = `The credentials of gateway setting ${gateway.code}`;
  if (!id) throw new CredentialsKeyError(`${where} are not in a format this version can read.`);
  if (!key) {
    throw new CredentialsKeyError(
      `${where} were encrypted with key ${id}, which is neither CREDENTIALS_KEY (${describe(keyring.current)}) nor CREDENTIALS_KEY_PREVIOUS (${keyring.previous ? describe(keyring.previous) : "unset"}). Set the key they were saved with.`,
    );
  }
  try {
    const decipher = createDecipheriv("aes-256-gcm", key.secret, sealed.subarray(HEADER_BYTES, HEADER_BYTES + IV_BYTES));
    decipher.setAAD(sealed.subarray(0, HEADER_BYTES));
    decipher.setAuthTag(sealed.subarray(HEADER_BYTES + IV_BYTES, HEADER_BYTES + IV_BYTES + TAG_BYTES));
    const text = Buffer.concat([decipher.update(sealed.subarray(HEADER_BYTES + IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
    return JSON.parse(text) as Record<string, string>;
  } catch {
    throw new CredentialsKeyError(`${where} do not decrypt with key ${id}: they were altered, or the key is not the one they were saved with.`);
  }
}

const describe = (key: CredentialsKey) => `key ${key.id.toString("hex")}`;
