import { z } from "zod";
import { env } from "@/lib/core/env";
import { ADDRESS_FIELDS, LOCATION_FIELDS, type PageField, TEXT_LIMITS, type TypedPageFields } from "@/lib/checkout/page-fields/page-fields";

// The payment page is a plain HTML form posting to the pay route, which answers with a redirect. When the fields
// a legacy transaction's page asks for are refused, what the customer typed goes back to the page in this
// short-lived cookie (never in the address: it is personal data), and the page shows it again with each field's
// problem in place. Only the customer pages' paths see it; it holds no secret (only what this browser sent).

const NAME = "checkout_typed";
const PATH = "/b/checkout/redirect/";
const MAX_AGE_SECONDS = 600;

/** Characters kept per field: one past its limit, so that "too long" still shows, and the cookie stays small. */
const KEPT: Record<PageField, number> = {
  ...(Object.fromEntries(Object.entries(TEXT_LIMITS).map(([field, max]) => [field, max + 1])) as Record<keyof typeof TEXT_LIMITS, number>),
  country: 8,
  postal_code: 16,
  latitude: 32,
  longitude: 32,
};

const FIELDS: PageField[] = [...ADDRESS_FIELDS, ...LOCATION_FIELDS];

const stored = z.object({ s: z.string(), v: z.partialRecord(z.enum(FIELDS), z.string()) });

const attributes = (maxAge: number) => `Path=${PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${env.APP_URL.startsWith("https:") ? "; Secure" : ""}`;

/** The Set-Cookie value that carries the typed fields of this session back to its page. */
export function typedFieldsCookie(sessionId: string, typed: TypedPageFields): string {
  const kept = Object.fromEntries(FIELDS.filter((f) => typed[f]).map((f) => [f, typed[f]!.slice(0, KEPT[f])]));
  return `${NAME}=${Buffer.from(JSON.stringify({ s: sessionId, v: kept })).toString("base64url")}; ${attributes(MAX_AGE_SECONDS)}`;
}

/** The Set-Cookie value that removes it (the fields were accepted). */
export const clearedTypedFieldsCookie = () => `${NAME}=; ${attributes(0)}`;

/** Whether a request's Cookie header carries it. */
export const hasTypedFieldsCookie = (cookieHeader: string | null) => (cookieHeader ?? "").split(/;\s*/).some((c) => c.startsWith(`${NAME}=`));

/** The typed fields the cookie holds for this session, or null (none, another session's, or unreadable). */
export function readTypedFields(cookies: { get(name: string): { value: string } | undefined }, sessionId: string): TypedPageFields | null {
  const value = cookies.get(NAME)?.value;
  if (!value) return null;
  try {
    const parsed = stored.safeParse(JSON.parse(Buffer.from(value, "base64url").toString("utf8")));
    return parsed.success && parsed.data.s === sessionId ? parsed.data.v : null;
  } catch {
    return null;
  }
}
