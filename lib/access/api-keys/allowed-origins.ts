import { z } from "zod";

export const MAX_ORIGINS = 20;
const MAX_ORIGIN_LENGTH = 200;
// A name (letters, digits, dots, hyphens: no wildcard), an IPv4 address, or an IPv6 one in brackets.
const HOST = /^([a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/;

/**
 * One merchant origin as a browser sends it in `Origin`: http or https, a host, an optional port, nothing else (a
 * trailing "/" is forgiven). Normalised the way URL.origin writes it (lower-case host, default port dropped,
 * international names in punycode), so a request's Origin is compared as a plain string. Null when it is none.
 */
export function normaliseOrigin(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  const written = /^https?:\/\/[^/?#@\\]+\/?$/i.test(text.trim());
  return written && HOST.test(url.hostname) ? url.origin : null;
}

/** Origins typed as a list, or as text split on commas, spaces and new lines (the CLI's and the panel's). */
export const splitOrigins = (value: unknown): unknown =>
  typeof value === "string" ? value.split(/[\s,]+/).filter((o) => o !== "") : value;

/** A public key's allowed origins: 1–20 distinct origins, each checked and normalised (duplicates folded). */
export const allowedOriginsSchema = z.preprocess(
  splitOrigins,
  z
    .array(z.string().max(MAX_ORIGIN_LENGTH, `An origin has at most ${MAX_ORIGIN_LENGTH} characters.`), {
      error: "List the merchant origins allowed to embed the checkout, e.g. https://shop.example.",
    })
    .transform((origins, ctx) => {
      const normalised = origins.map((origin) => {
        const found = normaliseOrigin(origin);
        if (!found) {
          ctx.addIssue({
            code: "custom",
            message: `"${origin.slice(0, MAX_ORIGIN_LENGTH)}" is not an origin: give http:// or https://, a host and an optional port, without a path (e.g. https://shop.example or http://localhost:4000).`,
          });
        }
        return found;
      });
      return [...new Set(normalised.filter((o): o is string => o !== null))];
    })
    .pipe(
      z
        .array(z.string())
        .min(1, "A public key needs at least one allowed origin, e.g. https://shop.example.")
        .max(MAX_ORIGINS, `A public key may list at most ${MAX_ORIGINS} origins.`),
    ),
);
