import { sql } from "kysely";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import * as collection from "@/app/b/checkout/v1/pymt-txn/route";
import * as item from "@/app/b/checkout/v1/pymt-txn/[sessionId]/route";
import * as autoDebitRoute from "@/app/b/pbl/v2/auto-debit/route";
import * as cardRoute from "@/app/b/pbl/v2/card/route";
import * as paymentMethodsRoute from "@/app/b/pbl/v2/payment-methods/route";
import { logger } from "@/lib/core/log/logger";
import { planEventEffects } from "@/lib/jobs/plan-event-effects";
import { createGateway, createKey } from "../support/factories";
import { serveRoutes } from "../support/http-server";
import { deliverReturn, payWith } from "../support/payment-flow";
import { testContext } from "../support/test-context";

// Card numbers and security codes never leave the card form: after saving cards under an agreement, charging them
// later, listing them and planning every webhook and message, no answer, no log call and no column of any table
// holds a test card number (with or without spaces) or a CVV.

const ctx = testContext();
const NUMBERS = ["4111111111111111", "4000000000000341"];
const CVV = "8642";
const logged: unknown[] = [];
const answers: string[] = [];
let base: string;
let apiKey: string;

beforeAll(async () => {
  for (const level of ["trace", "debug", "info", "warn", "error", "fatal"] as const) {
    vi.spyOn(logger, level).mockImplementation(((...args: unknown[]) => void logged.push(args)) as never);
  }
  await createGateway(ctx, { code: "card", currencies: ["KWD"] });
  apiKey = `Api-Key ${(await createKey(ctx)).key}`;
  base = await serveRoutes([
    { path: "/b/checkout/v1/pymt-txn", module: collection },
    { path: "/b/checkout/v1/pymt-txn/[sessionId]", module: item },
    { path: "/b/pbl/v2/card", module: cardRoute },
    { path: "/b/pbl/v2/payment-methods", module: paymentMethodsRoute },
    { path: "/b/pbl/v2/auto-debit", module: autoDebitRoute },
  ]);
});
afterAll(() => vi.restoreAllMocks());

async function call(method: string, path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: apiKey, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  answers.push(text);
  return text ? JSON.parse(text) : null;
}

const agreement = { id: "scan-sub", type: "unscheduled", amount_variability: "variable" };
const create = (customer: string) =>
  call("POST", "/b/checkout/v1/pymt-txn/", {
    pg_codes: ["card"],
    amount: "5",
    currency_code: "KWD",
    payment_type: "auto_debit",
    customer_id: customer,
    agreement,
    webhook_url: "https://merchant.example/hook",
    customer_email: "sara@example.com",
    notifications: { email: ["paid", "failed"] },
  });

it("keeps no card number or CVV in answers, logs or tables", async () => {
  for (const [i, number] of NUMBERS.entries()) {
    const customer = `scan-${i}`;
    const first = await create(customer);
    const started = await payWith(ctx, first.session_id, number.replace(/(\d{4})(?=\d)/g, "$1 "), { cvv: CVV });
    await deliverReturn(ctx, started.next);
    const [card] = await call("POST", "/b/pbl/v2/card/", { customer_id: customer, agreement_id: agreement.id });
    const later = await create(customer);
    await call("POST", "/b/pbl/v2/auto-debit/", { session_id: later.session_id, token: card.token });
    await call("GET", `/b/checkout/v1/pymt-txn/${later.session_id}`);
    await call("POST", "/b/pbl/v2/payment-methods/", { plugin: "e_commerce", currencies: ["KWD"], customer_id: customer });
  }
  for (const { event_id } of await ctx.db.selectFrom("transaction_events").select("event_id").execute()) await planEventEffects(ctx.db, event_id);

  const tables = await sql<{ name: string }>`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'`.execute(ctx.db);
  const dumps: string[] = [];
  for (const { name } of tables.rows) {
    const rows = await sql<{ row: string }>`SELECT to_jsonb(t)::text AS row FROM ${sql.table(name)} t`.execute(ctx.db);
    dumps.push(...rows.rows.map((r) => r.row));
  }
  // The flow really ran: cards saved, charged later, messages planned.
  expect(await ctx.db.selectFrom("saved_cards").select("id").execute()).toHaveLength(2);
  expect((await ctx.db.selectFrom("payment_attempts").select("initiator").where("initiator", "=", "merchant").execute()).length).toBe(2);
  expect(await ctx.db.selectFrom("messages").select("id").execute()).not.toHaveLength(0);

  const everything = [...answers, ...logged.map((args) => JSON.stringify(args)), ...dumps].join("\n");
  for (const number of NUMBERS) {
    expect(everything).not.toContain(number);
    expect(everything).not.toContain(number.replace(/(\d{4})(?=\d)/g, "$1 "));
  }
  // Standing alone: gateway ids are long random digit strings, hex tokens and UUIDs, which may contain any four digits.
  expect(everything).not.toMatch(new RegExp(`(?<![0-9a-fA-F-])${CVV}(?![0-9a-fA-F-])`));
  expect(everything).not.toMatch(/"cvv"\s*:\s*"\d/i);
});
