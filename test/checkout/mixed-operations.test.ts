import { beforeAll, describe, expect, it } from "vitest";
import { findTransactionView } from "@/db/queries/transactions";
import type { Caller } from "@/lib/access/auth/permissions";
import { CARDS, deliverReturn, newTransaction, payWith, setUpPayments } from "../support/payment-flow";
import { testContext } from "../support/test-context";

// A transaction may offer a purchase gateway and an authorize gateway together (ottu-py's autoflows send every
// gateway of a currency): the gateway the customer pays with decides whether it ends paid or authorized.

const ctx = testContext();
let caller: Caller;
beforeAll(async () => {
  caller = await setUpPayments(ctx);
});

const operationAndState = async (sessionId: string) => {
  const { txn } = (await findTransactionView(ctx.db, sessionId))!;
  return [txn.operation, txn.state];
};

describe("gateways of different operations on one transaction", () => {
  it("is created with the first gateway's operation", async () => {
    const sessionId = await newTransaction(ctx, caller, { pg_codes: ["card-auth", "card"] });
    expect(await operationAndState(sessionId)).toEqual(["authorize", "created"]);
  });

  it("paid on the purchase gateway: purchase, paid", async () => {
    const sessionId = await newTransaction(ctx, caller, { pg_codes: ["card-auth", "card"] });
    await deliverReturn(ctx, (await payWith(ctx, sessionId, CARDS.approve, { code: "card" })).next);
    expect(await operationAndState(sessionId)).toEqual(["purchase", "paid"]);
  });

  it("paid on the authorize gateway after a declined try on the purchase one: authorize, authorized", async () => {
    const sessionId = await newTransaction(ctx, caller, { pg_codes: ["card", "card-auth"] });
    await deliverReturn(ctx, (await payWith(ctx, sessionId, CARDS.decline, { code: "card" })).next);
    expect(await operationAndState(sessionId)).toEqual(["purchase", "attempted"]);
    await deliverReturn(ctx, (await payWith(ctx, sessionId, CARDS.approve, { code: "card-auth" })).next);
    expect(await operationAndState(sessionId)).toEqual(["authorize", "authorized"]);
  });
});
