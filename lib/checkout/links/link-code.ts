import { randomInt } from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const LENGTH = 12;

/**
 * A link code: 12 base62 characters with at least one digit and one capital letter. About 71 random bits, so the
 * short links and QR codes of live transactions cannot be found by trying codes; the digit and the capital keep
 * every code apart from the path words under /b/ (checkout, pbl, and any later one), which are lower-case.
 */
export const LINK_CODE = /^(?=[A-Za-z]*\d)(?=[a-z\d]*[A-Z])[0-9A-Za-z]{12}$/;

export const isLinkCode = (value: string) => LINK_CODE.test(value);

/** A new random link code (crypto random, each character unbiased). */
export function newLinkCode(): string {
  for (;;) {
    const code = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
    if (isLinkCode(code)) return code;
  }
}
