import { createCipheriv, createDecipheriv } from "node:crypto";
import { Conflict } from "@/lib/core/errors";

// KNET's kits encrypt `trandata` with AES-128-CBC, the terminal resource key serving as both key and IV, PKCS#5
// padding (node's default for a 16-byte block), written as hex. See docs/gateways/knet.md.

function keyOf(resourceKey: string): Buffer {
  const key = Buffer.from(resourceKey, "utf8");
  if (key.length !== 16) {
    throw new Conflict(`The KNET resource key must be 16 characters (AES-128); this one has ${key.length}.`);
  }
  return key;
}

/** Encrypts a `name=value&…` string into KNET's `trandata` (lower-case hex, as the kits write it). */
export function encryptTrandata(resourceKey: string, plain: string): string {
  const key = keyOf(resourceKey);
  const cipher = createCipheriv("aes-128-cbc", key, key);
  return Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]).toString("hex");
}

/** The plain text of a `trandata`, or null when it is not hex or was not encrypted with this key. */
export function decryptTrandata(resourceKey: string, trandata: string): string | null {
  const key = keyOf(resourceKey);
  if (!/^(?:[0-9a-fA-F]{32})+$/.test(trandata)) return null;
  try {
    const decipher = createDecipheriv("aes-128-cbc", key, key);
    return Buffer.concat([decipher.update(Buffer.from(trandata, "hex")), decipher.final()]).toString("utf8");
  } catch {
    // Wrong key or tampered data: the padding does not check out.
    return null;
  }
}
