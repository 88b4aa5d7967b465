import { createHash, randomBytes } from "node:crypto";
import path from "node:path";
import { env } from "@/lib/core/env";
import { dataDirSecret } from "./data-dir-secret";

export interface CredentialsKey {
  /** Names the key inside each ciphertext (a hash of it: it reveals nothing of the key). */
  id: Buffer;
  secret: Buffer;
}

/** The key new credentials are encrypted with, and during a rotation the one older ciphertexts may still use. */
export interface CredentialsKeyring {
  current: CredentialsKey;
  previous: CredentialsKey | null;
}

export const KEY_ID_BYTES = 4;

export function credentialsKey(base64: string): CredentialsKey {
  const secret = Buffer.from(base64, "base64");
  return { id: createHash("sha256").update("checkout credentials key\0").update(secret).digest().subarray(0, KEY_ID_BYTES), secret };
}

let loaded: CredentialsKeyring | undefined;

/**
 * CREDENTIALS_KEY (and CREDENTIALS_KEY_PREVIOUS during a rotation). Unset, like NEXTAUTH_SECRET: a key generated
 * once and kept in DATA_DIR/credentials-key, read by the app, the worker and the CLI alike. Read on first use, so
 * processes that never touch credentials never need it.
 */
export function credentialsKeyring(): CredentialsKeyring {
  loaded ??= {
    current: credentialsKey(env.CREDENTIALS_KEY ?? dataDirKey(path.resolve(env.DATA_DIR, "credentials-key"))),
    previous: env.CREDENTIALS_KEY_PREVIOUS ? credentialsKey(env.CREDENTIALS_KEY_PREVIOUS) : null,
  };
  return loaded;
}

function dataDirKey(file: string): string {
  return checked(dataDirSecret(file, () => randomBytes(32).toString("base64")), file);
}

function checked(text: string, file: string): string {
  const key = text.trim();
  if (Buffer.from(key, "base64").length !== 32) throw new Error(`${file} does not hold a 32-byte base64 key; restore it or set CREDENTIALS_KEY.`);
  return key;
}
