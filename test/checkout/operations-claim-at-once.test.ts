import { type Kysely, sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import * as m0039 from "@/db/migrations/0039_operation_extra_objects";
import type { Caller } from "@/lib/access/auth/permissions";
import { performOperation } from "@/lib/checkout/operations/perform-operation";
import { ValidationFailed } from "@/lib/core/errors";
import { CARDS, deliverReturn, newTransaction, payWith, setUpPayments } from "../support/payment-flow";
import { recordingDb } from "../support/recording-db";
import { testContext } from "../support/test-context";

// A refund, capture or void that names its amount reads the transaction and claims its money in one statement
// (db/queries/operations.ts findMoneyTarget); what that statement refuses is explained by the checks before a claim.

const ctx = testContext();
const recording = recordingDb();
let caller: Caller;
beforeAll(async () => {
  caller = await setUpPayments(ctx);
});

async function paid(code = "card") {
  const sessionId = await newTransaction(ctx, caller, { pg_codes: [code] });
  await deliverReturn(ctx, (await payWith(ctx, sessionId, CARDS.approve, { code })).next);
  return sessionId;
}

const operate = (fields: Record<string, unknown>, db = ctx.db) => performOperation({ ctx: { db }, input: { caller, fields } });
const held = async (sessionId: string) =>
  (await ctx.db.selectFrom("transactions").select("held_amount").where("session_id", "=", sessionId).executeTakeFirstOrThrow()).held_amount;
// Statements on the transaction's own records: not the gateway's (sandbox_*), nor the configuration (cached in the app).
const ofOurs = (sql: string) => !/sandbox_|from "(gateway_settings|settings)"|FROM settings s WHERE/.test(sql);

describe("an operation with its amount", () => {
  it("reads and claims in one statement, then settles in another, beside the gateway's", async () => {
    const sessionId = await paid();
    await operate({ operation: "refund", session_id: sessionId, amount: "1" });
    const before = recording.executed.length;
    const answer = await operate({ operation: "refund", session_id: sessionId, amount: "1.5" }, recording.db);
    expect(answer).toMatchObject({ status: 200, body: { result: "success", amount: "1.500", txn: { refunded_amount: "2.500" } } });
    const ours = recording.executed.slice(before).filter((q) => ofOurs(q.sql));
    expect(ours).toHaveLength(2);
    expect(ours[0]!.sql).toMatch(/UPDATE transactions t SET held_amount/);
    // The row, not the whole view: the answer names none of the attempts, links or attachment the view aggregates.
    expect(ours[0]!.sql).not.toMatch(/json_agg|link_codes|attachments/);
  });

  it("records what the merchant attached as an object, as cancel and expire do", async () => {
    const sessionId = await paid();
    await operate({ operation: "refund", session_id: sessionId, amount: "1", extra: { reason: "damaged" } });
    const [operation] = await ctx.db.selectFrom("operations").select("extra").where("session_id", "=", sessionId).execute();
    expect(operation!.extra).toEqual({ reason: "damaged" });
    // As the previous release stored it (a string holding the object's text), until migration 0039 unwraps it.
    await sql`UPDATE operations SET extra = to_jsonb(extra::text) WHERE session_id = ${sessionId}`.execute(ctx.db);
    await m0039.up(ctx.db as unknown as Kysely<unknown>);
    const [unwrapped] = await ctx.db.selectFrom("operations").select("extra").where("session_id", "=", sessionId).execute();
    expect(unwrapped!.extra).toEqual({ reason: "damaged" });
  });

  it("claims nothing it should refuse: too many places, nothing, more than remains, or part of a void", async () => {
    const sessionId = await paid();
    for (const amount of ["1.0001", "0", "0.000", "10.001"]) {
      await expect(operate({ operation: "refund", session_id: sessionId, amount })).rejects.toBeInstanceOf(ValidationFailed);
    }
    const authorized = await paid("card-auth");
    await expect(operate({ operation: "void", session_id: authorized, amount: "4" })).rejects.toThrow(ValidationFailed);
    expect([await held(sessionId), await held(authorized)]).toEqual(["0.000000", "0.000000"]);
    expect(await ctx.db.selectFrom("operations").select("id").where("session_id", "in", [sessionId, authorized]).execute()).toEqual([]);
    // The whole authorization, named: voided in one go.
    expect(await operate({ operation: "void", session_id: authorized, amount: "10" })).toMatchObject({ status: 200, body: { txn: { state: "voided" } } });
  });
});
