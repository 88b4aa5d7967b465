// The admin transaction list's cases the issue sets a target for, with values picked from the (seeded) table:
// measured over HTTP by the bench's admin section and explained by tools/explain-transaction-list.ts.
import { sql } from "kysely";
import type { Db } from "@/db/client";
import { PAGE_SIZE } from "@/lib/panel/admin/list-transactions";
import { encodeCursor } from "@/lib/panel/admin/transaction-cursor";

export interface ListCase {
  name: "first" | "filtered" | "page50" | "orderNo" | "email" | "reference" | "prefix" | "substring" | "substringRare" | "findFilters";
  label: string;
  /** The list's URL parameters. */
  params: Record<string, string>;
}

/** The page reached by following "Older" 49 times. */
export const DEEP_PAGE = 50;

export async function listCases(db: Db): Promise<ListCase[]> {
  // Any transaction with an order number, an e-mail and an attempt (the first past the middle of the session ids,
  // so not one of the newest, whose pages are warm).
  const { rows } = await sql<{ order_no: string; customer_email: string; reference_number: string; paid_via: string }>`
    SELECT t.order_no, t.customer_email, a.reference_number, a.gateway_code AS paid_via
    FROM transactions t JOIN payment_attempts a USING (session_id)
    WHERE t.session_id >= '8' AND t.order_no IS NOT NULL AND t.customer_email IS NOT NULL
    ORDER BY t.session_id LIMIT 1`.execute(db);
  const { rows: deep } = await sql<{ created_key: string; session_id: string }>`
    SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_key, session_id
    FROM transactions ORDER BY created_at DESC, session_id DESC OFFSET ${(DEEP_PAGE - 1) * PAGE_SIZE - 1} LIMIT 1`.execute(db);
  const pick = rows[0];
  const position = deep[0];
  if (!pick || !position) throw new Error("The list's cases need a seeded table (npm run seed:bench -- --count 1000000).");
  return [
    { name: "first", label: "first page", params: {} },
    { name: "filtered", label: "filtered page (state=paid, currency=KWD)", params: { state: "paid", currency: "KWD" } },
    { name: "page50", label: `page ${DEEP_PAGE} by keyset ("Older" ${DEEP_PAGE - 1} times)`, params: { after: encodeCursor({ createdAt: position.created_key, sessionId: position.session_id }) } },
    { name: "orderNo", label: "search by order number", params: { q: pick.order_no } },
    { name: "email", label: "search by e-mail", params: { q: pick.customer_email } },
    { name: "reference", label: "search by reference number", params: { q: pick.reference_number } },
    // Find anything (issue 30.2): the order number's start (a hundred or so rows: ORD-<run>-00012…), a common name
    // (one row in eight is a Sara), a rare part of an e-mail (its trigrams), and the new filters together.
    { name: "prefix", label: "prefix search (order number's start)", params: { q: pick.order_no.slice(0, -2) } },
    { name: "substring", label: "substring search (a common name, sara)", params: { q: "sara" } },
    { name: "substringRare", label: "substring search (part of an e-mail)", params: { q: pick.customer_email.slice(3, -8) } },
    { name: "findFilters", label: `filters: has refunds, paid through ${pick.paid_via}`, params: { refunds: "yes", paid_via: pick.paid_via } },
  ];
}

/** The screens of issue 30.2 beside the list: the Refunds and operations screen and the Customer view, by id and by e-mail. */
export async function screenCases(db: Db): Promise<{ label: string; path: string }[]> {
  const { rows } = await sql<{ customer_id: string; customer_email: string }>`
    SELECT customer_id, customer_email FROM transactions
    WHERE session_id >= '8' AND customer_id IS NOT NULL AND customer_email IS NOT NULL ORDER BY session_id LIMIT 1`.execute(db);
  const pick = rows[0];
  if (!pick) throw new Error("The screens' cases need a seeded table (npm run seed:bench -- --count 1000000).");
  return [
    { label: "Refunds and operations, first page", path: "/admin/operations" },
    { label: "Refunds and operations, captures only", path: "/admin/operations?kind=capture" },
    { label: "Customer view by customer id", path: `/admin/customers?${new URLSearchParams({ customer_id: pick.customer_id })}` },
    { label: "Customer view by e-mail", path: `/admin/customers?${new URLSearchParams({ email: pick.customer_email })}` },
  ];
}
