import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { inertCell, MOVEMENT_COLUMNS, TRANSACTION_COLUMNS } from "@/lib/panel/admin/export-columns";
import { exportTransactions } from "@/lib/panel/admin/export-transactions";
import type { UserCaller } from "@/lib/access/auth/admin-caller";
import { ValidationFailed } from "@/lib/core/errors";
import { createListed, listFixtures } from "../support/transaction-list-data";
import { testContext } from "../support/test-context";

// The reconciliation export (docs/admin/export.md): per transaction with its money, per money movement, as CSV
// or JSON lines, scoped like the list, phone numbers kept and formulas made inert.

const ctx = testContext();
let users: Awaited<ReturnType<typeof listFixtures>>;
let paid: string;
let authorized: string;

/** A payment that succeeded on `gateway`, with the gateway's own id in its answer, as the gateway adapters store it. */
async function pay(sessionId: string, gateway: string, amount: string, fee: string, at: string) {
  const { rows } = await sql<{ id: string }>`
    INSERT INTO payment_attempts (session_id, reference_number, gateway_code, pg, state, amount, fee, currency_code, gateway_response, created_at, updated_at, completed_at)
    VALUES (${sessionId}, ${`CK${sessionId.slice(0, 10).toUpperCase()}`}, ${gateway}, 'sandbox', 'success', ${amount}, ${fee}, 'KWD',
      ${JSON.stringify({ tranid: `T-${gateway}`, paymentid: "P1" })}::jsonb, ${at}, ${at}, ${at})
    RETURNING id`.execute(ctx.db);
  await sql`UPDATE transactions SET paid_amount = ${amount}, state = 'paid' WHERE session_id = ${sessionId}`.execute(ctx.db);
  return rows[0]!.id;
}

async function operate(sessionId: string, attemptId: string, kind: string, state: string, amount: string, at: string) {
  await sql`
    INSERT INTO operations (session_id, kind, state, amount, attempt_id, reference_number, gateway_response, created_at, completed_at)
    VALUES (${sessionId}, ${kind}, ${state}, ${amount}, ${attemptId}, ${`OP-${kind}-${state}`}, ${JSON.stringify({ tranid: `R-${kind}` })}::jsonb, ${at}, ${at})`.execute(ctx.db);
}

async function exported(caller: UserCaller, query: string) {
  const { format, rows, stream } = await exportTransactions({ ctx, input: { caller, params: new URLSearchParams(query) } });
  return { format, rows, text: await new Response(stream).text() };
}

/** A CSV without quoted cells, split back into records of named cells. */
const records = (text: string) => {
  const [header, ...lines] = text.trimEnd().split("\n").map((l) => l.split(","));
  return lines.map((cells) => Object.fromEntries(header!.map((name, i) => [name, cells[i]])));
};

beforeAll(async () => {
  users = await listFixtures(ctx, 20);
  paid = await createListed(ctx, users.superuser, { order_no: "REC-1", amount: "10", pg_codes: ["knet", "card"], customer_phone: "+96550000000" });
  const payment = await pay(paid, "card", "10.250", "0.250", "2026-11-20T10:00:00Z");
  await operate(paid, payment, "refund", "success", "4", "2026-11-21T09:00:00Z");
  await operate(paid, payment, "refund", "failed", "1", "2026-11-21T09:30:00Z");
  await sql`UPDATE transactions SET refunded_amount = 4 WHERE session_id = ${paid}`.execute(ctx.db);

  authorized = await createListed(ctx, users.superuser, { order_no: "REC-2", amount: "5", pg_codes: ["card-auth"], currency_code: "KWD" });
  const hold = await pay(authorized, "card-auth", "5", "0", "2026-11-22T08:00:00Z");
  await operate(authorized, hold, "capture", "success", "5", "2026-11-23T12:00:00Z");
  await sql`UPDATE transactions SET operation = 'authorize', state = 'captured', captured_amount = 5 WHERE session_id = ${authorized}`.execute(ctx.db);
});

describe("per transaction", () => {
  it("has the money to reconcile: paid, fee, refunded, net, the gateway that took it and its reference, paid and settled times", async () => {
    const { text } = await exported(users.superuser, "q=REC-1");
    expect(text.split("\n")[0]).toBe(TRANSACTION_COLUMNS.map(([name]) => name).join(","));
    expect(records(text)).toEqual([
      expect.objectContaining({
        session_id: paid,
        order_no: "REC-1",
        reference_number: `CK${paid.slice(0, 10).toUpperCase()}`,
        state: "paid",
        amount: "10.000",
        paid_amount: "10.250",
        fee: "0.250",
        refunded_amount: "4.000",
        voided_amount: "0.000",
        net: "6.000",
        currency_code: "KWD",
        gateway_code: "card",
        gateway_reference: "T-card",
        offered_gateway_codes: "knet card",
        paid_at: "2026-11-20T10:00:00Z",
        settled_at: "2026-11-20T10:00:00Z",
        // A phone number is written as it is, not as a formula made inert.
        customer_phone: "+96550000000",
      }),
    ]);
  });

  it("settles an authorization when it is captured", async () => {
    const [row] = records((await exported(users.superuser, "q=REC-2")).text);
    expect(row).toMatchObject({ paid_at: "2026-11-22T08:00:00Z", settled_at: "2026-11-23T12:00:00Z", gateway_code: "card-auth", state: "captured" });
  });
});

describe("per money movement", () => {
  it("lists payments and the refunds, captures and voids that moved money, with their signed net", async () => {
    const { rows, text } = await exported(users.superuser, "rows=movements&q=REC-1");
    expect(rows).toBe("movements");
    expect(text.split("\n")[0]).toBe(MOVEMENT_COLUMNS.map(([name]) => name).join(","));
    expect(records(text)).toEqual([
      expect.objectContaining({ movement: "payment", state: "success", amount: "10.250", fee: "0.250", net: "10.000", gateway_code: "card", gateway_reference: "T-card" }),
      // The failed refund moved nothing and is left out; a negative net is a number, not a formula made inert.
      expect.objectContaining({ movement: "refund", state: "success", amount: "4.000", fee: "0.000", net: "-4.000", reference_number: "OP-refund-success", gateway_code: "card", gateway_reference: "R-refund" }),
    ]);
    const capture = records((await exported(users.superuser, "rows=movements&q=REC-2")).text);
    expect(capture.map((m) => `${m.movement} ${m.net}`)).toEqual(["payment 5.000", "capture 0.000"]);
  });

  it("reads past batches without movements and sends every one of the filtered set", async () => {
    const all = records((await exported(users.superuser, "rows=movements")).text);
    const { rows: expected } = await sql<{ n: number }>`
      SELECT (SELECT count(*) FROM payment_attempts WHERE state = 'success')::int
        + (SELECT count(*) FROM operations WHERE kind IN ('refund', 'capture', 'void') AND state IN ('success', 'pending'))::int AS n`.execute(ctx.db);
    expect(all).toHaveLength(expected[0]!.n);
  });

  it("is scoped to a limited user's gateways", async () => {
    const mine = records((await exported(users.clerk, "rows=movements")).text);
    const { rows: theirs } = await sql<{ session_id: string }>`SELECT session_id FROM transactions WHERE pg_codes <@ ARRAY['knet']`.execute(ctx.db);
    const visible = new Set(theirs.map((r) => r.session_id));
    expect(mine.every((m) => visible.has(m.session_id!))).toBe(true);
    expect(mine.map((m) => m.session_id)).not.toContain(paid);
    expect(records((await exported(users.clerk, "q=REC-1")).text)).toEqual([]);
  });
});

describe("the JSON variant", () => {
  it("writes one JSON object a line with the CSV's names, nulls and booleans kept", async () => {
    const { format, text } = await exported(users.superuser, "format=json&q=REC-1");
    expect(format).toBe("json");
    const lines = text.trimEnd().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(1);
    expect(Object.keys(lines[0]!)).toEqual(TRANSACTION_COLUMNS.map(([name]) => name));
    expect(lines[0]).toMatchObject({ session_id: paid, net: "6.000", customer_email: null, deleted: false, customer_phone: "+96550000000" });
    const moves = (await exported(users.superuser, "format=json&rows=movements&q=REC-1")).text.trimEnd().split("\n");
    expect(moves.map((l) => (JSON.parse(l) as { movement: string }).movement)).toEqual(["payment", "refund"]);
  });

  it("refuses a format or row kind it does not know", async () => {
    await expect(exported(users.superuser, "format=xlsx&rows=lines")).rejects.toThrow(ValidationFailed);
  });
});

describe("the formula guard", () => {
  it("makes formulas inert, and leaves phone numbers and negative amounts as they are", () => {
    expect(["=1+1", "+1+1", "-2+3", "@SUM(A1)", "\tx", "+965 5000", "+0123456"].map(inertCell)).toEqual(["'=1+1", "'+1+1", "'-2+3", "'@SUM(A1)", "'\tx", "'+965 5000", "'+0123456"]);
    expect(["+96550000000", "+14155550123", "-4.000", "plain", "a=b"].map(inertCell)).toEqual(["+96550000000", "+14155550123", "-4.000", "plain", "a=b"]);
  });
});
