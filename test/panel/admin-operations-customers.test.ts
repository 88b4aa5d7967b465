import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { listMoneyOperations, OPERATIONS_PAGE_SIZE } from "@/lib/panel/admin/list-money-operations";
import { loadCustomer } from "@/lib/panel/admin/load-customer";
import type { UserCaller } from "@/lib/access/auth/admin-caller";
import { createKey } from "../support/factories";
import { createListed, expectedOrder, listFixtures } from "../support/transaction-list-data";
import { testContext } from "../support/test-context";

// The Refunds and operations screen (every refund, capture and void: who asked, the gateway's answer, by kind and
// state, keyset pages, scope) and the Customer view (transactions by customer id or e-mail, totals per currency,
// saved cards masked to brand, last four and expiry with their agreements, scope).

const ctx = testContext();
let users: Awaited<ReturnType<typeof listFixtures>>;
let sara: { knet: string; card: string };

const operations = (caller: UserCaller, params: Record<string, string> = {}) => listMoneyOperations({ ctx, input: { caller, params } });
const customer = (caller: UserCaller, params: Record<string, string>) => loadCustomer({ ctx, input: { caller, params: new URLSearchParams(params) } });

beforeAll(async () => {
  users = await listFixtures(ctx, 200);
  const who = { customer_first_name: "Sara", customer_email: "Sara.Q@Shop.example", customer_id: "cust-sara" };
  sara = {
    knet: await createListed(ctx, users.superuser, { ...who, amount: "30" }),
    card: await createListed(ctx, users.superuser, { ...who, amount: "12.5", currency_code: "USD", pg_codes: ["card"] }),
  };
  await sql`UPDATE transactions SET state = 'paid', paid_amount = amount, refunded_amount = CASE WHEN pg_codes = '{knet}' THEN 20 ELSE 0 END
    WHERE customer_id = 'cust-sara'`.execute(ctx.db);
  const key = await createKey(ctx, { name: "shop backend" });
  const admin = users.superuser;
  // The seed's own refunds and captures make way for 60 refunds (more than a page), then the ones this file looks
  // at, and an inquiry (not money).
  await sql`DELETE FROM operations`.execute(ctx.db);
  await sql`INSERT INTO operations (session_id, kind, state, amount, requested_by_api_key_id, created_at)
    SELECT session_id, 'refund', 'success', 1, ${key.id}, now() - interval '1 day' FROM transactions
    WHERE customer_id IS DISTINCT FROM 'cust-sara' ORDER BY session_id LIMIT 60`.execute(ctx.db);
  await sql`INSERT INTO operations (session_id, kind, state, amount, requested_by_api_key_id, requested_by_user_id, message, gateway_response) VALUES
    (${sara.knet}, 'refund', 'success', 20, NULL, ${admin.id}, NULL, '{"result": "CAPTURED", "tranid": "T-1"}'),
    (${sara.card}, 'capture', 'failed', 12.5, ${key.id}, NULL, 'Declined by the bank', '{"result": "NOT CAPTURED"}'),
    (${sara.card}, 'void', 'pending', NULL, ${key.id}, NULL, NULL, NULL),
    (${sara.knet}, 'inquiry', 'success', NULL, ${key.id}, NULL, NULL, NULL)`.execute(ctx.db);
  const cards = await sql<{ id: string; gateway_code: string }>`
    INSERT INTO saved_cards (customer_id, gateway_code, token, brand, masked_number, expiry_month, expiry_year) VALUES
      ('cust-sara', 'knet', 'tok-secret-1', 'VISA', '411111******1111', 4, 2031),
      ('cust-sara', 'card', 'tok-secret-2', 'MASTERCARD', '555555******4444', 12, 2030),
      ('someone-else', 'knet', 'tok-secret-3', 'VISA', '400000******0002', 1, 2032)
    RETURNING id::text, gateway_code`.execute(ctx.db);
  await sql`INSERT INTO card_agreements (customer_id, agreement_id, card_id, agreement, session_id, amount, currency_code)
    VALUES ('cust-sara', 'agr-1', ${cards.rows[0]!.id}, '{"id": "agr-1", "type": "recurring"}', ${sara.knet}, 5, 'KWD')`.execute(ctx.db);
});

describe("Refunds and operations", () => {
  it("lists every refund, capture and void newest first, with amount, state, who asked and the gateway's answer", async () => {
    const page = await operations(users.superuser);
    expect(page.errors).toEqual({});
    expect(page.items.slice(0, 3)).toEqual([
      expect.objectContaining({ kind: "void", state: "pending", amount: null, currency: "USD", sessionId: sara.card, requestedBy: "API key shop backend" }),
      expect.objectContaining({ kind: "capture", state: "failed", amount: "12.500", message: "Declined by the bank", gatewayResponse: { result: "NOT CAPTURED" } }),
      expect.objectContaining({ kind: "refund", state: "success", amount: "20.000", currency: "KWD", requestedBy: `admin ${users.superuser.username}` }),
    ]);
    expect(page.items.map((o) => o.kind)).not.toContain("inquiry");
  });

  it("pages by keyset, 50 at a time, no gap nor duplicate", async () => {
    const first = await operations(users.superuser);
    expect(first.items).toHaveLength(OPERATIONS_PAGE_SIZE);
    const second = await operations(users.superuser, { before: first.older! });
    expect(second.items).toHaveLength(63 - OPERATIONS_PAGE_SIZE);
    expect(second.older).toBeNull();
    const all = [...first.items, ...second.items].map((o) => Number(o.id));
    expect(all).toEqual([...all].sort((a, b) => b - a));
    expect(new Set(all).size).toBe(63);
  });

  it("filters by kind and by state", async () => {
    expect((await operations(users.superuser, { kind: "capture" })).items.map((o) => o.sessionId)).toEqual([sara.card]);
    expect((await operations(users.superuser, { state: "pending" })).items.map((o) => o.kind)).toEqual(["void"]);
    expect((await operations(users.superuser, { kind: "refund", state: "failed" })).items).toEqual([]);
  });

  it("shows a user only the operations on transactions of their gateways", async () => {
    const mine = await operations(users.clerk);
    const visible = new Set(await expectedOrder(ctx, sql`pg_codes <@ ARRAY['knet']`));
    expect(mine.items.length).toBeGreaterThan(0);
    expect(mine.items.every((o) => visible.has(o.sessionId))).toBe(true);
    expect(mine.items.map((o) => o.sessionId)).not.toContain(sara.card);
    expect((await operations(users.nobody)).items).toEqual([]);
  });

  it.each([
    [{ kind: "inquiry" }, { kind: ["Choose one of the kinds in the list."] }],
    [{ state: "done" }, { state: ["Choose one of the states in the list."] }],
    [{ before: "1; DROP TABLE operations" }, { before: ["This page link is not valid; start again from the newest operations."] }],
  ])("%j: a field error, nothing listed", async (params, errors) => {
    expect(await operations(users.superuser, params)).toMatchObject({ errors, items: [], values: params });
  });
});

describe("Customer view", () => {
  it("by customer id: their transactions, totals per currency, saved cards with agreements", async () => {
    const view = await customer(users.superuser, { customer_id: "cust-sara" });
    expect(view.errors).toEqual({});
    expect(view.title).toBe("customer id cust-sara");
    expect(view.page.items.map((t) => t.sessionId)).toEqual([sara.card, sara.knet]);
    expect(view.totals).toEqual([
      { currency: "KWD", transactions: 1, paid: "30.000", refunded: "20.000" },
      { currency: "USD", transactions: 1, paid: "12.500", refunded: "0.000" },
    ]);
    expect(view.cards.map((c) => `${c.brand} ${c.last4} ${c.expiry} ${c.gateway}`)).toEqual(
      expect.arrayContaining(["VISA 1111 04/2031 knet", "MASTERCARD 4444 12/2030 card"]),
    );
    expect(view.cards.find((c) => c.gateway === "knet")!.agreements).toEqual([
      expect.objectContaining({ id: "agr-1", type: "recurring", amount: "5.000", currency: "KWD", charges: 0 }),
    ]);
    // Never more of a card than brand, last four and expiry.
    expect(JSON.stringify(view.cards)).not.toMatch(/tok-secret|411111|\*{3}/);
  });

  it("by e-mail in any case: the same customer", async () => {
    const view = await customer(users.superuser, { email: " SARA.q@shop.EXAMPLE " });
    expect(view.page.items.map((t) => t.sessionId)).toEqual([sara.card, sara.knet]);
    expect(view.cards).toHaveLength(2);
    expect(view.title).toBe("e-mail sara.q@shop.example");
  });

  it("shows a user only the transactions and cards of their gateways", async () => {
    const view = await customer(users.clerk, { customer_id: "cust-sara" });
    expect(view.page.items.map((t) => t.sessionId)).toEqual([sara.knet]);
    expect(view.totals.map((t) => t.currency)).toEqual(["KWD"]);
    expect(view.cards.map((c) => c.gateway)).toEqual(["knet"]);
    expect(await customer(users.nobody, { customer_id: "cust-sara" })).toMatchObject({ totals: [], cards: [], page: { items: [] } });
  });

  it("pages a customer's transactions by keyset", async () => {
    await sql`UPDATE transactions SET customer_id = 'cust-many' WHERE session_id IN (
      SELECT session_id FROM transactions WHERE customer_id IS DISTINCT FROM 'cust-sara' ORDER BY session_id LIMIT 60)`.execute(ctx.db);
    const expected = await expectedOrder(ctx, sql`customer_id = 'cust-many'`);
    const first = await customer(users.superuser, { customer_id: "cust-many" });
    const second = await customer(users.superuser, { customer_id: "cust-many", after: first.page.older! });
    expect([...first.page.items, ...second.page.items].map((t) => t.sessionId)).toEqual(expected);
    expect(second.page.older).toBeNull();
    const back = await customer(users.superuser, { customer_id: "cust-many", before: second.page.newer! });
    expect(back.page.items.map((t) => t.sessionId)).toEqual(expected.slice(0, 50));
  });

  it.each([
    [{}, { customer_id: ["Give a customer id or an e-mail address."] }],
    [{ customer_id: "x".repeat(129) }, { customer_id: ["A customer id has at most 128 characters."] }],
    [{ email: "a\u0000b@example.com" }, { email: ["Letters, digits and punctuation only: no control characters."] }],
    [{ customer_id: "c", after: "nonsense" }, { after: ["This page link is not valid; start again from the newest transactions."] }],
  ])("%j: a message, nothing shown", async (params, errors) => {
    expect(await customer(users.superuser, params)).toMatchObject({ errors, totals: [], cards: [], page: { items: [] } });
  });

  it("an unknown customer or odd text is an empty view, not an error", async () => {
    for (const customer_id of ["nobody-here", "'; DROP TABLE saved_cards; --", "%"]) {
      expect(await customer(users.superuser, { customer_id })).toMatchObject({ errors: {}, totals: [], cards: [], page: { items: [] } });
    }
  });
});
