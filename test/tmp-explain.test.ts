import { it } from "vitest";
import pg from "pg";
import { insertSandboxPayment } from "@/db/queries/sandbox-payments";
import { operateInSandbox } from "@/lib/gateways/sandbox/sandbox-operations";
import { env } from "@/lib/core/env";
import { testContext } from "./support/test-context";
const ctx = testContext();
const Q = `
    WITH earlier AS (
      SELECT to_jsonb(e) || jsonb_build_object('amount', e.amount::text) AS operation FROM sandbox_operations e WHERE e.reference_number = $2
    ), p AS (
      SELECT status, operation, operation_behaviour, amount FROM sandbox_payments
      WHERE reference_number = $1 AND NOT EXISTS (SELECT FROM earlier)
    ), live AS (
      SELECT coalesce(sum(o.amount) FILTER (WHERE o.kind = 'refund'), 0) AS refunded,
        coalesce(sum(o.amount) FILTER (WHERE o.kind = 'capture'), 0) AS captured,
        count(*) FILTER (WHERE o.kind = 'capture') > 0 AS has_capture,
        count(*) FILTER (WHERE o.kind = 'void') > 0 AS has_void
      FROM sandbox_operations o
      WHERE o.payment_reference = $1 AND o.status IN ('approved', 'processing') AND EXISTS (SELECT FROM p)
    ), decided AS (
      SELECT p.operation_behaviour, CASE
        WHEN p.status <> 'approved' THEN $5
        WHEN $3::text <> 'refund' AND p.operation <> 'authorize' THEN $5
        WHEN $4::numeric > CASE
          WHEN $3::text <> 'refund' THEN p.amount
          WHEN live.has_capture THEN live.captured - live.refunded
          ELSE p.amount - live.refunded END THEN $5
        WHEN p.operation_behaviour = 'refuse' THEN $5
      END AS refusal
      FROM p, live
    ), recorded AS (
      INSERT INTO sandbox_operations (reference_number, payment_reference, kind, amount, status, message, settled_at)
      SELECT $2, $1, $3, $4::numeric,
        CASE WHEN d.refusal IS NOT NULL THEN 'refused' WHEN d.operation_behaviour = 'no_answer' THEN 'processing' ELSE 'approved' END,
        d.refusal,
        CASE WHEN d.refusal IS NULL AND d.operation_behaviour = 'no_answer' THEN NULL ELSE now() END
      FROM decided d
      ON CONFLICT (reference_number) DO NOTHING
      RETURNING reference_number, payment_reference, kind, amount, status, message, created_at, settled_at
    )
    SELECT coalesce((SELECT operation FROM earlier), (SELECT to_jsonb(r) || jsonb_build_object('amount', r.amount::text) FROM recorded r)) AS operation,
      EXISTS (SELECT FROM p) AS payment_known`;
it("explain", async () => {
  for (let i = 0; i < 20; i++) await insertSandboxPayment(ctx.db, { reference_number: `P${i}`, gateway_code: "card", amount: "1000", currency_code: "KWD", customer_id: null, status: "approved", operation: "purchase", card_brand: null, card_masked: null, card_expiry: null, token: null, paymentid: `x${i}`, tranid: null, auth_code: null, operation_behaviour: "accept", created_at: new Date(), settled_at: new Date() });
  for (let i = 0; i < 2000; i++) await operateInSandbox(ctx, { kind: "refund", paymentReference: `P${i % 20}`, operationReference: `O${i}`, amount: "0.001", currencyCode: "KWD" });
  const c = new pg.Client({ connectionString: env.DATABASE_URL });
  await c.connect();
  await c.query("ANALYZE");
  await c.query(`PREPARE s(text, text, text, text, text) AS ${Q}`);
  for (let i = 0; i < 8; i++) await c.query(`EXECUTE s('P1', 'N${i}', 'refund', '0.001', 'no')`);
  console.log((await c.query("SELECT name, generic_plans, custom_plans FROM pg_prepared_statements")).rows);
  for (const mode of ["force_custom_plan", "force_generic_plan"]) {
    await c.query(`SET plan_cache_mode = ${mode}`);
    const r = await c.query(`EXPLAIN EXECUTE s('P1', 'M${mode}', 'refund', '0.001', 'no')`);
    console.log(mode, "\n" + r.rows.map((x) => x["QUERY PLAN"]).join("\n"));
  }
  await c.end();
}, 60_000);
