import { createCipheriv } from "node:crypto";
import { describe, expect, it } from "vitest";
import { decryptTrandata, encryptTrandata } from "@/lib/gateways/knet/trandata-cipher";

const KEY = "ABCDEFGH12345678";
const PLAIN = "id=1234&password=pw&action=1&amt=10.500&trackid=R1";
// Made once with the openssl command line: `openssl enc -aes-128-cbc -K <hex key> -iv <hex key>` (PKCS#5 padding).
const OPENSSL_VECTOR =
  "871c54a12075851537b2bf3ae0cfde3cc412cc213a1425e9a6a5fb0bdf7b9acd7b814407102228e3f14c905797ada5c10f64b0f95c79ff76e9f355b928029d78";

/** CBC built by hand from single AES blocks, with the padding added by hand: checks mode, IV and padding. */
function cbcByHand(key: string, plain: string): string {
  const data = Buffer.from(plain, "utf8");
  const pad = 16 - (data.length % 16);
  const padded = Buffer.concat([data, Buffer.alloc(pad, pad)]);
  let previous = Buffer.from(key, "utf8");
  const blocks: Buffer[] = [];
  for (let i = 0; i < padded.length; i += 16) {
    const block = Buffer.from(padded.subarray(i, i + 16).map((b, j) => b ^ previous[j]!));
    const ecb = createCipheriv("aes-128-ecb", Buffer.from(key, "utf8"), null).setAutoPadding(false);
    previous = Buffer.concat([ecb.update(block), ecb.final()]);
    blocks.push(previous);
  }
  return Buffer.concat(blocks).toString("hex");
}

describe("KNET trandata cipher", () => {
  it("matches the vector made with the openssl command line", () => {
    expect(encryptTrandata(KEY, PLAIN)).toBe(OPENSSL_VECTOR);
    expect(decryptTrandata(KEY, OPENSSL_VECTOR)).toBe(PLAIN);
  });

  it("matches CBC built by hand, for lengths around the block size (a full block gets a whole padding block)", () => {
    for (const plain of ["", "a", "x".repeat(15), "y".repeat(16), "z".repeat(17), "result=CAPTURED&udf1=عربي"]) {
      expect(encryptTrandata(KEY, plain)).toBe(cbcByHand(KEY, plain));
      expect(decryptTrandata(KEY, cbcByHand(KEY, plain))).toBe(plain);
    }
    expect(encryptTrandata(KEY, "y".repeat(16))).toHaveLength(64);
  });

  it("reads upper-case hex as KNET's examples write it", () => {
    expect(decryptTrandata(KEY, OPENSSL_VECTOR.toUpperCase())).toBe(PLAIN);
  });

  it("gives null for data that is not hex, not whole blocks, or not made with this key", () => {
    expect(decryptTrandata(KEY, "not hex at all")).toBeNull();
    expect(decryptTrandata(KEY, OPENSSL_VECTOR.slice(0, -2))).toBeNull();
    expect(decryptTrandata(KEY, "")).toBeNull();
    // A wrong key garbles the last block, so its padding no longer checks out.
    expect(decryptTrandata("ZYXWVUTS87654321", OPENSSL_VECTOR)).toBeNull();
  });

  it("refuses a resource key that is not 16 characters, with a message saying so", () => {
    expect(() => encryptTrandata("short", PLAIN)).toThrow(/16 characters/);
    expect(() => decryptTrandata("x".repeat(32), OPENSSL_VECTOR)).toThrow(/16 characters/);
  });
});
