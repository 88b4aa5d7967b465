import { beforeAll, expect, it } from "vitest";
import type { Caller } from "@/lib/access/auth/permissions";
import { inquirePayment } from "@/lib/checkout/payments/inquire-payment";
import { recordGatewayResult } from "@/lib/checkout/payments/record-gateway-result";
import { startPayment } from "@/lib/checkout/payments/start-payment";
import { CARDS, events, freshMessage, newTransaction, passDeadline, payWith, setUpPayments, stateOf } from "../support/payment-flow";
import { testContext } from "../support/test-context";

const ctx = testContext();
let caller: Caller;
beforeAll(async () => {
  caller = await setUpPayments(ctx);
});

it("50 concurrent callbacks and returns for one attempt make exactly one transition and one event", async () => {
  const sessionId = await newTransaction(ctx, caller);
  const { reference } = await payWith(ctx, sessionId, CARDS.approve);
  const messages = await Promise.all(Array.from({ length: 50 }, () => freshMessage(ctx, reference)));
  const results = await Promise.all(
    messages.map((params, i) =>
      recordGatewayResult({ ctx, input: { pg: "sandbox", channel: i % 2 ? "callback" : "return", params } }),
    ),
  );
  expect(results.filter((r) => r.changed)).toHaveLength(1);
  expect(await stateOf(ctx, sessionId)).toBe("paid");
  const settled = (await events(ctx, sessionId)).filter((e) => e.attempt_id !== null && e.from_state === "pending");
  expect(settled).toHaveLength(1);
  expect(settled[0]).toMatchObject({ to_state: "paid" });
});

it("a success that arrives after the transaction moved on is a flagged duplicate payment, counted once", async () => {
  // The bank keeps the card ("no answer"), the link expires meanwhile, then the bank approves after all.
  const sessionId = await newTransaction(ctx, caller);
  const { reference } = await payWith(ctx, sessionId, CARDS.noAnswer);
  await passDeadline(ctx, sessionId);
  expect(await startPayment({ ctx, input: { sessionId, code: "card" } })).toEqual({ kind: "expired" });
  await inquirePayment({ ctx, input: { referenceNumber: reference } });

  const txn = await ctx.db.selectFrom("transactions").selectAll().where("session_id", "=", sessionId).executeTakeFirstOrThrow();
  expect(txn.state).toBe("expired");
  expect(Number(txn.paid_amount)).toBe(0);
  const attempts = await ctx.db.selectFrom("payment_attempts").selectAll().where("session_id", "=", sessionId).execute();
  expect(attempts.map((a) => [a.state, a.is_duplicate])).toEqual([["success", true]]);
  const all = await events(ctx, sessionId);
  expect(all.filter((e) => e.kind === "duplicate_payment")).toHaveLength(1);
  expect(all.filter((e) => e.to_state === "paid")).toHaveLength(0);
});
