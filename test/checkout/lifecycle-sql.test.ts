import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "@/db/client";
import { PREPARE_AFTER } from "@/db/prepare-repeated";
import { claimMoneyOperation, insertDuplicateOperation, settleMoneyOperation } from "@/db/queries/operations";
import type { MoneyOperation, TransactionState } from "@/db/types";
import type { Caller } from "@/lib/access/auth/permissions";
import { claim, claimFits, type Ledger, SETTLEMENT, settle } from "@/lib/checkout/lifecycle/money";
import { ATTEMPT_STATES, MONEY_OPERATIONS, OPERATION_KINDS, OPERATION_STATES, TRANSACTION_STATES } from "@/lib/checkout/lifecycle/states";
import { FROM_STATES, HOLDS_MONEY, PAYABLE, SUCCEEDED, UNSUCCESSFUL } from "@/lib/checkout/lifecycle/verbs";
import { formatUnits, toUnits } from "@/lib/core/money/decimal";
import { env } from "@/lib/core/env";
import { newTransaction, setUpPayments } from "../support/payment-flow";
import { testContext } from "../support/test-context";

// The SQL that enforces the lifecycle, held to lib/checkout/lifecycle: the CHECK constraints and partial indexes of
// db/migrations as the database has them, and the one-statement claim and settlement of refund, capture and void
// (db/queries/operations.ts) run against the module's model. A change on one side only fails here.

const ctx = testContext();
let caller: Caller;
beforeAll(async () => {
  caller = await setUpPayments(ctx);
});

const sorted = (values: readonly string[]) => [...values].sort();
/** The quoted words of a constraint's or index's SQL: the values of its `IN (…)` list. */
const quoted = (definition: string) => sorted([...definition.matchAll(/'([^']+)'/g)].map((m) => m[1]!));

async function checkValues(constraint: string): Promise<string[]> {
  const { rows } = await sql<{ def: string }>`
    SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conname = ${constraint}`.execute(ctx.db);
  expect(rows, constraint).toHaveLength(1);
  return quoted(rows[0]!.def);
}

async function indexPredicate(index: string): Promise<string> {
  const { rows } = await sql<{ pred: string }>`
    SELECT pg_get_expr(i.indpred, i.indrelid) AS pred FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
    WHERE c.relname = ${index}`.execute(ctx.db);
  expect(rows, index).toHaveLength(1);
  return rows[0]!.pred;
}

describe("the migrations' constraints name the lifecycle module's lists", () => {
  it.each([
    ["transactions_state_check", TRANSACTION_STATES],
    ["payment_attempts_state_check", ATTEMPT_STATES],
    ["operations_kind_check", OPERATION_KINDS],
    ["operations_state_check", OPERATION_STATES],
  ] as const)("%s", async (constraint, list) => {
    expect(await checkValues(constraint)).toEqual(sorted(list));
  });

  it("transactions_expiring covers exactly the states expiry looks at", async () => {
    expect(quoted(await indexPredicate("transactions_expiring"))).toEqual(sorted(FROM_STATES.expire));
  });

  it("transactions_live_order_no frees an order number exactly in the unsuccessful states", async () => {
    const predicate = await indexPredicate("transactions_live_order_no");
    expect(predicate).toMatch(/<> ALL/);
    expect(quoted(predicate)).toEqual(sorted(UNSUCCESSFUL));
  });
});

describe("the lifecycle module is consistent with itself", () => {
  it("every state is succeeded, unsuccessful or payable, exactly once", () => {
    expect(sorted([...SUCCEEDED, ...UNSUCCESSFUL, ...PAYABLE])).toEqual(sorted(TRANSACTION_STATES));
  });

  it("delete starts from every state but a payment under way and money held", () => {
    const expected = TRANSACTION_STATES.filter((s) => s !== "pending" && !HOLDS_MONEY.includes(s));
    expect(sorted(FROM_STATES.delete)).toEqual(sorted(expected));
  });

  it("refund, capture and void start where their settlement move says", () => {
    for (const kind of MONEY_OPERATIONS) expect(FROM_STATES[kind]).toBe(SETTLEMENT[kind].from);
  });
});

// Amounts in millionths (the stored scale).
const M = 1_000_000n;
const ledger = (l: Partial<Ledger>): Ledger => ({ paid: 10n * M, captured: 0n, refunded: 0n, voided: 0n, held: 0n, ...l });
const six = (units: bigint) => formatUnits(units, 6);

interface Case {
  name: string;
  state: TransactionState;
  ledger: Ledger;
  kind: MoneyOperation;
  amount: bigint;
  success: boolean;
  duplicate?: boolean;
}

const CASES: Case[] = [
  { name: "partial refund", state: "paid", ledger: ledger({}), kind: "refund", amount: 4n * M, success: true },
  { name: "whole refund", state: "paid", ledger: ledger({}), kind: "refund", amount: 10n * M, success: true },
  { name: "refund of the rest", state: "paid", ledger: ledger({ refunded: 6n * M }), kind: "refund", amount: 4n * M, success: true },
  { name: "refund of what is available beside a held claim", state: "paid", ledger: ledger({ held: 3n * M }), kind: "refund", amount: 7n * M, success: true },
  { name: "refund one millionth above what is available", state: "paid", ledger: ledger({ held: 3n * M }), kind: "refund", amount: 7n * M + 1n, success: true },
  { name: "refund above what was paid", state: "paid", ledger: ledger({}), kind: "refund", amount: 11n * M, success: true },
  { name: "refused refund", state: "paid", ledger: ledger({ refunded: 2n * M }), kind: "refund", amount: 8n * M, success: false },
  { name: "refund of a capture", state: "captured", ledger: ledger({ captured: 7n * M, voided: 3n * M }), kind: "refund", amount: 7n * M, success: true },
  { name: "partial refund of a capture", state: "captured", ledger: ledger({ captured: 7n * M, voided: 3n * M }), kind: "refund", amount: 2n * M, success: true },
  { name: "refund of an authorization", state: "authorized", ledger: ledger({}), kind: "refund", amount: 1n * M, success: true },
  { name: "refund once refunded", state: "refunded", ledger: ledger({ refunded: 10n * M }), kind: "refund", amount: 1n, success: true },
  { name: "partial capture", state: "authorized", ledger: ledger({}), kind: "capture", amount: 6n * M, success: true },
  { name: "whole capture", state: "authorized", ledger: ledger({}), kind: "capture", amount: 10n * M, success: true },
  { name: "capture while another operation holds money", state: "authorized", ledger: ledger({ held: 2n * M }), kind: "capture", amount: 1n * M, success: true },
  { name: "refused capture", state: "authorized", ledger: ledger({}), kind: "capture", amount: 10n * M, success: false },
  { name: "capture of a purchase", state: "paid", ledger: ledger({}), kind: "capture", amount: 1n * M, success: true },
  { name: "void", state: "authorized", ledger: ledger({}), kind: "void", amount: 10n * M, success: true },
  { name: "void while another operation holds money", state: "authorized", ledger: ledger({ held: 1n * M }), kind: "void", amount: 9n * M, success: true },
  { name: "refused void", state: "authorized", ledger: ledger({}), kind: "void", amount: 10n * M, success: false },
  { name: "void of a capture", state: "captured", ledger: ledger({ captured: 10n * M }), kind: "void", amount: 1n * M, success: true },
  { name: "a duplicate payment given back", state: "paid", ledger: ledger({ refunded: 1n * M }), kind: "refund", amount: 10n * M, success: true, duplicate: true },
];

async function stored(sessionId: string): Promise<{ state: TransactionState; ledger: Ledger }> {
  const t = await ctx.db
    .selectFrom("transactions")
    .select(["state", "paid_amount", "captured_amount", "refunded_amount", "voided_amount", "held_amount"])
    .where("session_id", "=", sessionId)
    .executeTakeFirstOrThrow();
  const units = (v: string) => toUnits(v, 6);
  return {
    state: t.state,
    ledger: { paid: units(t.paid_amount), captured: units(t.captured_amount), refunded: units(t.refunded_amount), voided: units(t.voided_amount), held: units(t.held_amount) },
  };
}

describe("claimMoneyOperation and settleMoneyOperation move the money as lib/checkout/lifecycle/money.ts says", () => {
  it.each(CASES)("$name", async (c) => {
    const sessionId = await newTransaction(ctx, caller);
    await ctx.db
      .updateTable("transactions")
      .set({
        state: c.state,
        paid_amount: six(c.ledger.paid),
        captured_amount: six(c.ledger.captured),
        refunded_amount: six(c.ledger.refunded),
        voided_amount: six(c.ledger.voided),
        held_amount: six(c.ledger.held),
      })
      .where("session_id", "=", sessionId)
      .execute();
    const row = { session_id: sessionId, kind: c.kind, amount: six(c.amount) };

    let claimed: Ledger;
    let operationId: string;
    if (c.duplicate) {
      // A give-back claims nothing of the transaction's own money.
      operationId = (await insertDuplicateOperation(ctx.db, row)).id;
      claimed = c.ledger;
    } else {
      const operation = await claimMoneyOperation(ctx.db, row, SETTLEMENT[c.kind]);
      const fits = claimFits(c.state, c.ledger, c.kind, c.amount);
      expect(operation !== undefined, "the claim fits").toBe(fits);
      if (!operation) {
        expect(await stored(sessionId)).toEqual({ state: c.state, ledger: c.ledger });
        return;
      }
      operationId = operation.id;
      claimed = claim(c.ledger, c.amount);
    }
    expect(await stored(sessionId)).toEqual({ state: c.state, ledger: claimed });

    const answer = { state: c.success ? ("success" as const) : ("failed" as const), gatewayResponse: {}, message: null };
    const settled = await settleMoneyOperation(ctx.db, operationId, answer, "lifecycle_test");
    const expected = settle(c.state, claimed, c.kind, c.amount, c.success, c.duplicate);
    expect(settled?.state).toBe(expected.state);
    expect(await stored(sessionId)).toEqual(expected);
  });
});

describe("the claim and the settlement", () => {
  it("name their columns, so a connection prepares them like any repeated statement (db/prepare-repeated.ts)", async () => {
    const sessionId = await newTransaction(ctx, caller);
    await ctx.db.updateTable("transactions").set({ state: "paid", paid_amount: "1" }).where("session_id", "=", sessionId).execute();
    // One connection, so the statements read back are the ones it prepared.
    const db = createDb(env.DATABASE_URL!, { max: 1, prepare: true });
    try {
      const answer = { state: "success" as const, gatewayResponse: {}, message: null };
      for (let run = 0; run < PREPARE_AFTER; run++) {
        const operation = await claimMoneyOperation(db, { session_id: sessionId, kind: "refund", amount: "0.001" }, SETTLEMENT.refund);
        expect(operation?.amount).toBe("0.001000");
        expect(await settleMoneyOperation(db, operation!.id, answer, "lifecycle_test")).toMatchObject({ refunded_amount: `0.00${run + 1}000` });
      }
      const { rows } = await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements`.execute(db);
      const statements = rows.map((r) => r.statement.trim());
      expect(statements.some((s) => s.startsWith("WITH t AS (") && s.includes("INSERT INTO operations")), "the claim").toBe(true);
      expect(statements.some((s) => s.startsWith("WITH locked AS (")), "the settlement").toBe(true);
    } finally {
      await db.destroy();
    }
  });
});
