import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { CUSTOMER_TEXT } from "@/db/queries/transaction-list";
import { listTransactions, PAGE_SIZE, type TransactionListPage } from "@/lib/panel/admin/list-transactions";
import type { UserCaller } from "@/lib/access/auth/admin-caller";
import { createListed, expectedOrder, listFixtures } from "../support/transaction-list-data";
import { testContext } from "../support/test-context";

// Find anything (issue 30.2): the list's one search box by prefix (order number, reference number, session id)
// and by substring (customer name, e-mail, phone), against the same question asked of the database directly;
// search text is data (LIKE wildcards literal, quotes harmless); the scope; pages of a search; the new filters
// (their cases against the database beside the older filters' in admin-transaction-list.test.ts).

const ctx = testContext();
let users: Awaited<ReturnType<typeof listFixtures>>;
let sara: { knet: string; card: string };

const list = (caller: UserCaller, params: Record<string, string> = {}) =>
  listTransactions({ ctx, input: { caller, params: new URLSearchParams(params) } });
const ids = (page: TransactionListPage) => page.items.map((t) => t.sessionId);

/** What the search box should find for `text`, asked of the database directly (prefix of the order number or a substring of the customer). */
const searched = (text: string) =>
  expectedOrder(ctx, sql`(lower(order_no) LIKE ${`${text.toLowerCase()}%`} OR ${CUSTOMER_TEXT} LIKE ${`%${text.toLowerCase()}%`})`);

/** Every page of a list, following "Older". */
async function allPages(caller: UserCaller, params: Record<string, string>): Promise<string[]> {
  const seen: string[] = [];
  let page = await list(caller, params);
  for (;;) {
    expect(page.errors).toEqual({});
    seen.push(...ids(page));
    if (!page.older) return seen;
    page = await list(caller, { ...params, after: page.older });
  }
}

beforeAll(async () => {
  users = await listFixtures(ctx, 400);
  const customer = { customer_first_name: "Sara", customer_last_name: "Qasim", customer_email: "Sara.Q@Shop.example", customer_id: "cust-sara" };
  sara = {
    knet: await createListed(ctx, users.superuser, { ...customer, order_no: "ORD-3099", customer_phone: "+96599887766" }),
    card: await createListed(ctx, users.superuser, { ...customer, order_no: "ord-3100", pg_codes: ["card"] }),
  };
});

describe("search", () => {
  it("finds order numbers by their start, in any case", async () => {
    const page = await list(users.superuser, { q: "ORD-30" });
    expect(ids(page)).toEqual((await searched("ORD-30")).slice(0, PAGE_SIZE));
    expect(ids(page)).toContain(sara.knet);
    expect(ids(await list(users.superuser, { q: "ord-31" }))).toContain(sara.card);
  });

  it("finds customers by any part of their name, e-mail or phone, in any case", async () => {
    for (const q of ["sara", "QASIM", "sara qas", "q@shop.exa", "99887766", "+965 9988-7766"]) {
      const found = ids(await list(users.superuser, { q }));
      expect(found, q).toContain(sara.knet);
    }
    // A whole e-mail, looked up by its digits, then checked whole: exactly what the database finds for it.
    const { rows } = await sql<{ email: string }>`SELECT customer_email AS email FROM transactions WHERE customer_email LIKE 'customer%' LIMIT 1`.execute(ctx.db);
    for (const q of [rows[0]!.email, rows[0]!.email.slice(2, -4).toUpperCase()]) {
      expect(ids(await list(users.superuser, { q })), q).toEqual(await searched(q));
    }
    // Seeded customers are called Sara too: every one of them, newest first, page after page.
    const expected = await searched("sara");
    expect(expected.length).toBeGreaterThan(PAGE_SIZE);
    expect(await allPages(users.superuser, { q: "sara" })).toEqual(expected);
  });

  it("finds a reference number and a session id by their start", async () => {
    const { rows } = await sql<{ reference_number: string; session_id: string }>`
      SELECT reference_number, session_id FROM payment_attempts ORDER BY id LIMIT 1`.execute(ctx.db);
    const attempt = rows[0]!;
    expect(ids(await list(users.superuser, { q: attempt.reference_number.slice(0, 10).toLowerCase() }))).toContain(attempt.session_id);
    expect(ids(await list(users.superuser, { q: sara.knet.slice(0, 12).toUpperCase() }))).toEqual([sara.knet]);
    const prefix = sara.knet.slice(0, 4);
    expect(ids(await list(users.superuser, { q: prefix }))).toEqual(
      await expectedOrder(ctx, sql`(session_id LIKE ${`${prefix}%`} OR lower(order_no) LIKE ${`${prefix}%`} OR ${CUSTOMER_TEXT} LIKE ${`%${prefix}%`})`),
    );
  });

  it("takes the text literally: LIKE's wildcards match only themselves, quotes and SQL are only characters", async () => {
    for (const q of ["%", "___", "%sara%", "\\", "'; DROP TABLE transactions; --", "sara' OR '1'='1", "<script>alert(1)</script>", "ﷺ😀"]) {
      const page = await list(users.superuser, { q });
      expect(page.errors, q).toEqual({});
      expect(page.items, q).toEqual([]);
    }
    expect((await list(users.superuser)).items.length).toBe(PAGE_SIZE);
  });

  it("answers short, long and odd text with results or a message, never an error", async () => {
    expect((await list(users.superuser, { q: "s" })).errors).toEqual({});
    expect((await list(users.superuser, { q: "x".repeat(128) })).errors).toEqual({});
    expect((await list(users.superuser, { q: "x".repeat(500) })).errors).toEqual({ q: ["Search for at most 128 characters."] });
    expect((await list(users.superuser, { q: "sa\u0000ra" })).errors).toEqual({ q: ["Search for letters, digits and punctuation: no control characters."] });
  });

  it("finds only within the user's gateways", async () => {
    expect(ids(await list(users.clerk, { q: "sara.q@" }))).toEqual([sara.knet]);
    expect(ids(await list(users.superuser, { q: "sara.q@" }))).toEqual([sara.card, sara.knet]);
    expect(ids(await list(users.clerk, { q: sara.card.slice(0, 16) }))).toEqual([]);
    expect((await list(users.nobody, { q: "sara" })).items).toEqual([]);
  });

  it("shows the customer's id and name on each row (for the link to the Customer view)", async () => {
    const [row] = (await list(users.superuser, { q: "ORD-3099" })).items;
    expect(row).toMatchObject({ customerId: "cust-sara", name: "Sara Qasim", email: "Sara.Q@Shop.example", phone: "+96599887766" });
  });
});

describe("filters", () => {
  beforeAll(async () => {
    await sql`UPDATE transactions SET payment_type = 'save_card' WHERE session_id IN (
      SELECT session_id FROM transactions ORDER BY session_id LIMIT 7)`.execute(ctx.db);
    const { rows } = await sql<{ event_id: string }>`SELECT event_id FROM transaction_events WHERE session_id = ${sara.knet} LIMIT 1`.execute(ctx.db);
    await sql`INSERT INTO webhook_deliveries (event_id, session_id, url, payload, state, attempt_count)
      VALUES (${rows[0]!.event_id}, ${sara.knet}, 'https://shop.example/hook', '{}', 'pending', 2)`.execute(ctx.db);
  });

  it("a payment type lists only its transactions (the rare ones through their own index)", async () => {
    const expected = await expectedOrder(ctx, sql`payment_type = 'save_card'`);
    expect(expected).toHaveLength(7);
    expect(ids(await list(users.superuser, { type: "save_card" }))).toEqual(expected);
  });

  it("has failing webhooks: the transactions with a delivery failed or waiting for a retry", async () => {
    expect(ids(await list(users.superuser, { webhooks: "failing" }))).toEqual([sara.knet]);
    expect(ids(await list(users.superuser, { webhooks: "failing", q: "sara" }))).toEqual([sara.knet]);
    expect(ids(await list(users.superuser, { webhooks: "failing", state: "paid" }))).toEqual([]);
  });

  it("page through a filter with no gap nor duplicate", async () => {
    expect(await allPages(users.superuser, { type: "one_off", currency: "USD" })).toEqual(
      await expectedOrder(ctx, sql`payment_type = 'one_off' AND currency_code = 'USD'`),
    );
  });

  it.each([
    [{ type: "gift" }, { type: ["Choose one of the payment types in the list."] }],
    [{ refunds: "maybe" }, { refunds: ["Tick the box or leave it empty."] }],
    [{ webhooks: "on" }, { webhooks: ["Tick the box or leave it empty."] }],
    [{ paid_via: "no such" }, { paid_via: ["Choose one of the gateways in the list."] }],
  ])("%j: a field error, nothing listed", async (params, errors) => {
    expect(await list(users.superuser, params)).toMatchObject({ errors, items: [] });
  });

  it("a user may ask only for a gateway of theirs as the one that took the payment", async () => {
    expect((await list(users.clerk, { paid_via: "card" })).errors).toEqual({ paid_via: ["Choose one of the gateways in the list."] });
    expect((await list(users.clerk, { paid_via: "knet" })).errors).toEqual({});
  });
});
