import { z } from "zod";
import { ICON_MAX_BYTES, ICON_TOO_BIG } from "./gateway-icon-limit";

// Told apart by their first bytes, whatever the file's name or the type the browser claims.
const FORMATS = [
  { contentType: "image/png", matches: (b: Uint8Array) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { contentType: "image/jpeg", matches: (b: Uint8Array) => startsWith(b, [0xff, 0xd8, 0xff]) },
  { contentType: "image/webp", matches: (b: Uint8Array) => ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 12) === "WEBP" },
];

const startsWith = (bytes: Uint8Array, prefix: number[]) => prefix.every((byte, i) => bytes[i] === byte);
const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** An uploaded gateway icon: a PNG, JPEG or WebP image (checked by its content) of at most 256 KB. */
export const gatewayIcon = z.custom<Uint8Array>((v) => v instanceof Uint8Array, { error: "Upload the icon as a file." }).transform((bytes, ctx) => {
  const format = FORMATS.find((f) => f.matches(bytes));
  if (bytes.length === 0) ctx.addIssue({ code: "custom", message: "The icon file is empty." });
  else if (bytes.length > ICON_MAX_BYTES) ctx.addIssue({ code: "custom", message: ICON_TOO_BIG });
  else if (!format) ctx.addIssue({ code: "custom", message: "The icon must be a PNG, JPEG or WebP image." });
  else return { content: Buffer.from(bytes), contentType: format.contentType };
  return z.NEVER;
});
