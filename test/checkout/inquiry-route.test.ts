import { beforeAll, describe, expect, it } from "vitest";
import * as inquiryRoute from "@/app/b/pbl/v2/inquiry/route";
import type { Caller } from "@/lib/access/auth/permissions";
import { inquireTransaction } from "@/lib/checkout/payments/inquire-transaction";
import { basicAuth, createGateway, createKey, createUser } from "../support/factories";
import { serveRoutes } from "../support/http-server";
import { CARDS, newTransaction, payWith, setUpPayments, stateOf } from "../support/payment-flow";
import { recordingDb } from "../support/recording-db";
import { testContext } from "../support/test-context";

// POST /b/pbl/v2/inquiry/ (ottu-py's psq): asks the gateway about the attempts still waiting for an answer and
// returns the transaction.

const ctx = testContext();
const recording = recordingDb();
let caller: Caller;
let base: string;
let apiKey: string;
beforeAll(async () => {
  caller = await setUpPayments(ctx);
  await createGateway(ctx, { code: "other", currencies: ["KWD"] });
  apiKey = (await createKey(ctx)).key;
  base = await serveRoutes([{ path: "/b/pbl/v2/inquiry", module: inquiryRoute }]);
});

const inquire = (body: unknown, authorization = `Api-Key ${apiKey}`, path = "/b/pbl/v2/inquiry/") =>
  fetch(`${base}${path}`, { method: "POST", headers: { "content-type": "application/json", authorization }, body: JSON.stringify(body) });

describe("payment status inquiry", () => {
  it("settles a payment the bank has not answered for, by session id and by order number, with or without the slash", async () => {
    const sessionId = await newTransaction(ctx, caller, { order_no: "INQ-1" });
    await payWith(ctx, sessionId, CARDS.noAnswer);
    expect(await stateOf(ctx, sessionId)).toBe("pending");

    const res = await inquire({ order_no: "INQ-1" }, undefined, "/b/pbl/v2/inquiry");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ session_id: sessionId, state: "paid", order_no: "INQ-1" });
    expect(await stateOf(ctx, sessionId)).toBe("paid");
    // Asking again changes nothing.
    expect(await (await inquire({ session_id: sessionId })).json()).toMatchObject({ session_id: sessionId, state: "paid" });
    expect(await stateOf(ctx, sessionId)).toBe("paid");
  });

  it("a transaction with nothing to ask about is returned as it is", async () => {
    const sessionId = await newTransaction(ctx, caller);
    expect(await (await inquire({ session_id: sessionId })).json()).toMatchObject({ session_id: sessionId, state: "created" });
  });

  it("with nothing to ask about, reads the transaction once: its view, then what is pending (nothing)", async () => {
    const sessionId = await newTransaction(ctx, caller);
    await payWith(ctx, sessionId, CARDS.noAnswer);
    await inquireTransaction({ ctx, input: { caller, fields: { session_id: sessionId } } });
    const before = recording.executed.length;
    const answer = await inquireTransaction({ ctx: { ...ctx, db: recording.db }, input: { caller, fields: { session_id: sessionId } } });
    expect(answer).toMatchObject({ session_id: sessionId, state: "paid" });
    expect(recording.executed.length - before).toBe(3);
  });

  it("neither or both of session_id and order_no: 400 on session_id; an unknown one: 404", async () => {
    const sessionId = await newTransaction(ctx, caller, { order_no: "INQ-2" });
    for (const body of [{}, { session_id: sessionId, order_no: "INQ-2" }, { session_id: "" }, { session_id: ["x"] }]) {
      const res = await inquire(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toEqual({ session_id: ["Give exactly one of session_id and order_no."] });
    }
    for (const body of [{ session_id: "0".repeat(40) }, { session_id: "not-a-session" }, { order_no: "NO-SUCH-ORDER" }]) {
      expect((await inquire(body)).status, JSON.stringify(body)).toBe(404);
    }
  });

  it("needs credentials, the inquiry permission, and a gateway of the transaction's", async () => {
    const sessionId = await newTransaction(ctx, caller);
    expect((await inquire({ session_id: sessionId }, "")).status).toBe(401);
    const without = await createUser(ctx, { gatewayCodes: ["card"], permissions: ["create"] });
    expect((await inquire({ session_id: sessionId }, basicAuth(without.username, without.password))).status).toBe(403);
    const elsewhere = await createUser(ctx, { gatewayCodes: ["other"], permissions: ["inquiry"] });
    expect((await inquire({ session_id: sessionId }, basicAuth(elsewhere.username, elsewhere.password))).status).toBe(404);
    const allowed = await createUser(ctx, { gatewayCodes: ["card"], permissions: ["inquiry"] });
    expect((await inquire({ session_id: sessionId }, basicAuth(allowed.username, allowed.password))).status).toBe(200);
  });
});
