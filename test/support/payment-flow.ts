import { findGatewaySettingByCode } from "@/db/queries/gateway-settings";
import { findSandboxPayment } from "@/db/queries/sandbox-payments";
import type { Caller } from "@/lib/access/auth/permissions";
import type { Ctx } from "@/lib/core/context";
import { chargeCard } from "@/lib/gateways/sandbox/charge-card";
import { sandboxMessage } from "@/lib/gateways/sandbox/sandbox-message";
import { recordGatewayResult } from "@/lib/checkout/payments/record-gateway-result";
import { startPayment } from "@/lib/checkout/payments/start-payment";
import { createTransaction } from "@/lib/checkout/transactions/create-transaction";
import { createGateway, createKey } from "./factories";

export const CARDS = {
  approve: "4111 1111 1111 1111",
  decline: "4000 0000 0000 0002",
  challenge: "4000 0000 0000 3220",
  error: "4000 0000 0000 0119",
  noAnswer: "4000 0000 0000 0259",
} as const;

/** KWD, a purchase gateway `card`, an authorize gateway `card-auth`, and an API-key caller. */
export async function setUpPayments(ctx: Ctx): Promise<Caller> {
  await createGateway(ctx, { code: "card", currencies: ["KWD"] });
  await createGateway(ctx, { code: "card-auth", currencies: ["KWD"], operation: "authorize" });
  const key = await createKey(ctx);
  return { kind: "api_key", id: key.id, name: key.name };
}

export async function newTransaction(ctx: Ctx, caller: Caller, fields: Record<string, unknown> = {}): Promise<string> {
  const { body } = await createTransaction({
    ctx,
    input: { caller, fields: { amount: "10", currency_code: "KWD", pg_codes: ["card"], ...fields }, files: {} },
  });
  return String(body.session_id);
}

/** The signed message in a URL's query (the sandbox's browser return). */
export const messageIn = (url: string) => Object.fromEntries(new URL(url).searchParams.entries());

/** Starts a payment and types a card on the sandbox; returns the attempt's reference and where the browser goes. */
export async function payWith(
  ctx: Ctx,
  sessionId: string,
  card: string,
  options: { code?: string; saveCard?: boolean; cvv?: string } = {},
): Promise<{ reference: string; next: string }> {
  const started = await startPayment({ ctx, input: { sessionId, code: options.code ?? "card" } });
  if (started.kind !== "redirect") throw new Error(`payment did not start: ${started.kind}`);
  const { url } = await chargeCard({
    ctx,
    input: {
      reference: started.referenceNumber,
      cardNumber: card,
      expiry: "12/39",
      cvv: options.cvv ?? "123",
      name: "Sara Ahmad",
      saveCard: options.saveCard ?? false,
    },
  });
  return { reference: started.referenceNumber, next: url };
}

/** Delivers the browser return the sandbox sent the customer to. */
export const deliverReturn = (ctx: Ctx, url: string) =>
  recordGatewayResult({ ctx, input: { pg: "sandbox", channel: "return", params: messageIn(url) } });

/** A new signed message about a payment, as the sandbox would send in a callback. */
export async function freshMessage(ctx: Ctx, reference: string): Promise<Record<string, string>> {
  const payment = (await findSandboxPayment(ctx.db, reference))!;
  const gateway = (await findGatewaySettingByCode(ctx.db, payment.gateway_code))!;
  return sandboxMessage(String(gateway.config.secret), payment);
}

export const events = (ctx: Ctx, sessionId: string) =>
  ctx.db.selectFrom("transaction_events").selectAll().where("session_id", "=", sessionId).orderBy("id").execute();

/** Controlled time for expiry: the transaction's deadline moves to a second ago instead of a test sleeping through it. */
export async function passDeadline(ctx: Ctx, sessionId: string): Promise<void> {
  await ctx.db.updateTable("transactions").set({ expires_at: new Date(Date.now() - 1000) }).where("session_id", "=", sessionId).execute();
}

export const stateOf = async (ctx: Ctx, sessionId: string) =>
  (await ctx.db.selectFrom("transactions").select("state").where("session_id", "=", sessionId).executeTakeFirstOrThrow()).state;

/** A date in next year, for an agreement's expiry_date. */
export const NEXT_YEAR = `${new Date().getUTCFullYear() + 1}-12-31`;

/** A fixed monthly agreement (every 30 days, 12 cycles) with id `id`; `more` adds or replaces fields. */
export const monthlyAgreement = (id: string, more: Record<string, unknown> = {}) => ({
  id,
  type: "recurring",
  amount_variability: "fixed",
  expiry_date: NEXT_YEAR,
  cycle_interval_days: 30,
  frequency: "monthly",
  total_cycles: 12,
  ...more,
});
