import { beforeAll, expect, it } from "vitest";
import type { Caller } from "@/lib/auth/permissions";
import { recordGatewayResult } from "@/lib/payments/record-gateway-result";
import { CARDS, deliverReturn, events, freshMessage, newTransaction, payWith, setUpPayments, stateOf } from "./support/payment-flow";
import { testContext } from "./support/test-context";

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

it("two attempts that both succeed count once: the second is a flagged duplicate payment", async () => {
  const sessionId = await newTransaction(ctx, caller);
  const first = await payWith(ctx, sessionId, CARDS.approve);
  const second = await payWith(ctx, sessionId, CARDS.approve);
  await Promise.all([deliverReturn(ctx, first.next), deliverReturn(ctx, second.next)]);

  const txn = await ctx.db.selectFrom("transactions").selectAll().where("session_id", "=", sessionId).executeTakeFirstOrThrow();
  expect(txn.state).toBe("paid");
  expect(txn.paid_amount).toBe("10.000000");
  const attempts = await ctx.db.selectFrom("payment_attempts").selectAll().where("session_id", "=", sessionId).execute();
  expect(attempts.map((a) => a.state)).toEqual(["success", "success"]);
  expect(attempts.filter((a) => a.is_duplicate)).toHaveLength(1);
  const all = await events(ctx, sessionId);
  expect(all.filter((e) => e.to_state === "paid" && e.from_state !== "paid")).toHaveLength(1);
  expect(all.filter((e) => e.kind === "duplicate_payment")).toHaveLength(1);
});
