import { z } from "zod";

// Request fields as clients of the card and payment-method endpoints send them: lists as JSON lists, repeated
// form fields or comma-separated text; booleans as JSON or as text; words in any letter case.

export const REQUIRED = "This field is required.";

/** Clients (ottu-py among them) drop falsy values, so null, "" and an empty list mean "not given", as on create. */
export const withoutEmpty = (fields: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null && value !== "" && !(Array.isArray(value) && value.length === 0)));

/** Text up to `max` characters; numbers are taken as their digits (customer ids are often numeric). */
export const text = (max: number) =>
  z.preprocess(
    (v) => (typeof v === "number" ? String(v) : v),
    z
      .string({ error: (iss) => (iss.input === undefined ? REQUIRED : "Must be a string.") })
      .trim()
      .min(1, "This field may not be blank.")
      .max(max, `Ensure this field has no more than ${max} characters.`),
  );

/** A list of distinct items (at most `max`); a single value or a comma-separated string is a list too. */
export const listOf = <T extends z.ZodType<string>>(item: T, max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.split(",").map((s) => s.trim()).filter(Boolean) : v),
    z
      .array(item, { error: "Must be a list." })
      .max(max, `Give at most ${max} items.`)
      .transform((items) => [...new Set(items)]),
  );

/** One of `words`, in any letter case. */
export const word = <const W extends readonly [string, ...string[]]>(words: W) => {
  const message = `Allowed values: ${words.join(", ")} (any letter case).`;
  return z
    .string({ error: (iss) => (iss.input === undefined ? REQUIRED : message) })
    .transform((v) => v.trim().toLowerCase())
    .pipe(z.enum(words, { error: message }));
};

const TRUE = ["true", "1", "yes", "on"];
const FALSE = ["false", "0", "no", "off"];

/** true/false, also as text (true/false, 1/0, yes/no, on/off in any case) or 1/0, as form bodies send them. */
export const looseBoolean = z.preprocess(
  (v) => {
    const key = typeof v === "string" ? v.trim().toLowerCase() : typeof v === "number" ? String(v) : null;
    if (key === null) return v;
    return TRUE.includes(key) ? true : FALSE.includes(key) ? false : v;
  },
  z.boolean({ error: "Must be a boolean: true or false." }),
);

/** A 3-letter ISO 4217 code in any case, upper-cased. */
export const currencyCode = z
  .string({ error: "Currency codes are strings." })
  .transform((v) => v.trim().toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{3}$/, "Enter 3-letter ISO 4217 currency codes, for example KWD."));

/** The gateways' environment, as ottu-py's `type` names it: sandbox or production. */
export const environmentType = word(["sandbox", "production"] as const);
