import type pg from "pg";
import { createTransaction } from "../shared/http";
import { signIn } from "../shared/sign-in";
import { payReturning } from "../shared/payments";
import { FAULT_URL } from "./fault-app";
import type { HostileCase } from "./hostile-case";
import { hit, type Answer, type Expectation } from "./hostile-http";

/** Markup numbered per field, so that the raw HTML tells which field came through unescaped. */
export const markup = (field: number) => `"'><img src=x onerror=alert(${field})>`;
const RAW = /<img src=x onerror=alert\((\d+)\)>/g;
const ESCAPED = /&lt;img src=x onerror=alert\((\d+)\)&gt;/g;

/** The merchant's name (settings, set with the CLI before the app starts): field 11. */
export const MERCHANT_NAME = markup(11);
const CARD_HOLDER = 12;

const TRANSACTION_FIELDS = {
  customer_first_name: markup(1),
  customer_last_name: markup(2),
  customer_id: markup(3),
  order_no: markup(4),
  vendor_name: markup(5),
  product_type: markup(6),
  extra: { note: markup(7) },
  billing_address: { line1: markup(8), city: markup(9), state: markup(10), country: "KW", postal_code: "13001" },
};

const fieldsIn = (html: string, pattern: RegExp) => [...new Set([...html.matchAll(pattern)].map((m) => Number(m[1])))].sort((a, b) => a - b);

/** A page: answered `status`, and no field's markup in its HTML unescaped. */
const escapedPage =
  (status: number): Expectation =>
  (a) => {
    if (a.status !== status) return `expected ${status}, got ${a.status || a.text}`;
    const raw = fieldsIn(a.text, RAW);
    return raw.length === 0 ? null : `markup of field(s) ${raw.join(", ")} in the HTML unescaped`;
  };

/** Which fields' markup the page shows (escaped), for the table. */
const shown = (a: Answer) => `fields shown escaped: ${fieldsIn(a.text, ESCAPED).join(", ") || "none"}`;

/**
 * A transaction with markup in every text field the pages show, paid with markup as the card holder's name; the
 * customer's payment and result pages and the panel's transaction pages must show it as text.
 */
export async function markupCases(apiKey: string, client: pg.Client, admin: { username: string; password: string }): Promise<HostileCase[]> {
  const { session_id: sessionId } = await createTransaction(FAULT_URL, apiKey, TRANSACTION_FIELDS);
  const startPage = `${FAULT_URL}/b/checkout/redirect/start/?session_id=${sessionId}`;
  const unpaid = await hit(startPage);
  await payReturning(FAULT_URL, sessionId, markup(CARD_HOLDER));
  const reference = (await client.query<{ r: string }>("SELECT reference_number AS r FROM payment_attempts WHERE session_id = $1", [sessionId])).rows[0]!.r;
  const cookie = await signIn(FAULT_URL, admin.username, admin.password);
  const page = (path: string, withCookie = false) => () => hit(`${FAULT_URL}${path}`, withCookie ? { headers: { cookie } } : {});
  const surface = "page markup";
  const q = (value: string) => encodeURIComponent(value);
  return [
    { surface, name: "payment page, unpaid", send: async () => unpaid, expect: escapedPage(200), note: shown },
    { surface, name: "result page", send: page(`/b/checkout/redirect/result/?session_id=${sessionId}&reference=${reference}`), expect: escapedPage(200), note: shown },
    { surface, name: "result page, markup reference", send: page(`/b/checkout/redirect/result/?session_id=${sessionId}&reference=${q(markup(13))}`), expect: escapedPage(200), note: shown },
    // Its "not found" page is rendered by the page itself (Next.js draws notFound() only with scripts), answered 404
    // all the same (lib/http/page-status.ts).
    { surface, name: "payment page, markup session id", send: page(`/b/checkout/redirect/start/?session_id=${q(markup(14))}`), expect: escapedPage(404), note: shown },
    { surface, name: "admin transaction page", send: page(`/admin/transactions/${sessionId}`, true), expect: escapedPage(200), note: shown },
    { surface, name: "admin transaction list", send: page(`/admin/transactions`, true), expect: escapedPage(200), note: shown },
    { surface, name: "admin list, markup search", send: page(`/admin/transactions?q=${q(markup(15))}&state=${q(markup(16))}`, true), expect: escapedPage(200), note: shown },
    { surface, name: "admin login, markup error", send: page(`/admin/login?error=${q(markup(17))}&callbackUrl=${q(markup(18))}`), expect: escapedPage(200), note: shown },
  ];
}
