import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createGateway } from "../support/factories";
import { SEED_USAGE_PREFIX, seedCommand } from "@/tools/seed-transactions/seed-command";
import { runAdminCli, runCommandHere, runScript } from "../support/run-script";
import { testContext } from "../support/test-context";

// `npm run seed:bench -- --count N` (tools/seed-transactions.ts): made-up transactions for trying the panel on a big
// table, spread the way a year of a real service would be, each one consistent (its attempt, its events, its money).
// Bench tooling: the product's admin CLI does not have it. Refusals are checked in this process (each start of the
// script costs seconds of CPU beside CI's build); seeding runs the script itself.
const seedBench = (...args: string[]) => runScript("tools/seed-transactions.ts", args);
const seedHere = (...args: string[]) => runCommandHere(seedCommand, args, SEED_USAGE_PREFIX);

const ctx = testContext();
const one = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(ctx.db)).rows[0]!;

describe("seed-transactions", () => {
  it("is not a command of the admin CLI", async () => {
    const result = await runAdminCli("seed-transactions", "--count", "10");
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("Unknown command: seed-transactions");
  });

  it("refuses wrong counts, and needs a gateway first, writing nothing", async () => {
    for (const args of [["--count", "0"], ["--count", "ten"], [], ["--count", "20000000"]]) {
      const result = await seedHere(...args);
      expect(result.code, args.join(" ")).toBe(2);
      expect(result.stderr).toContain("Usage: npm run seed:bench -- --count N");
    }
    const result = await seedHere("--count", "10");
    expect(result).toMatchObject({ code: 1, stdout: "" });
    expect(result.stderr).toContain("No enabled gateway setting with a configured currency");
    expect(await one(sql<{ n: number }>`SELECT count(*)::int AS n FROM transactions`)).toEqual({ n: 0 });
  });

  it("spreads transactions over a year, the gateways, their currencies and the states they can reach", async () => {
    await createGateway(ctx, { code: "knet", currencies: ["KWD"] });
    await createGateway(ctx, { code: "card", currencies: ["KWD", "USD"] });
    await createGateway(ctx, { code: "card-auth", currencies: ["USD"], operation: "authorize" });
    const result = await seedBench("--count", "600");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Seeded 600 transactions \(run [0-9a-f]{6}\) in \d+ s\.\n$/);

    const spread = await one(sql<Record<string, number>>`
      SELECT count(*)::int AS total,
        count(DISTINCT pg_codes[1])::int AS gateways,
        count(DISTINCT (pg_codes[1], currency_code))::int AS gateway_currencies,
        count(DISTINCT state)::int AS states,
        count(*) FILTER (WHERE created_at < now() - interval '365 days' OR created_at > now())::int AS outside_the_year,
        count(*) FILTER (WHERE created_at < now() - interval '180 days')::int AS older_than_half_a_year,
        count(*) FILTER (WHERE state = 'created' AND created_at < now() - interval '1 hour')::int AS stale_created,
        count(*) FILTER (WHERE operation = 'purchase' AND state IN ('authorized', 'captured', 'voided'))::int AS purchase_as_authorize,
        count(*) FILTER (WHERE operation = 'authorize' AND state = 'paid')::int AS authorize_as_purchase,
        count(*) FILTER (WHERE NOT (currency_code = ANY(
          SELECT unnest(currencies) FROM gateway_settings g WHERE g.code = t.pg_codes[1])))::int AS foreign_currency,
        count(order_no)::int AS order_numbers, count(DISTINCT order_no)::int AS distinct_order_numbers,
        count(customer_email)::int AS emails, count(customer_phone)::int AS phones,
        count(*) FILTER (WHERE amount <= 0
          OR amount <> round(amount, (SELECT decimals FROM currencies c WHERE c.code = t.currency_code)))::int AS bad_amounts,
        count(*) FILTER (WHERE state IN ('paid', 'captured', 'refunded') AND paid_amount <> amount)::int AS unpaid_paid
      FROM transactions t`);
    expect(spread).toMatchObject({
      total: 600,
      gateways: 3,
      gateway_currencies: 4,
      outside_the_year: 0,
      stale_created: 0,
      purchase_as_authorize: 0,
      authorize_as_purchase: 0,
      foreign_currency: 0,
      bad_amounts: 0,
      unpaid_paid: 0,
    });
    expect(spread.states).toBeGreaterThanOrEqual(8);
    expect(spread.older_than_half_a_year).toBeGreaterThan(200);
    expect(spread.order_numbers).toBeGreaterThan(480);
    expect(spread.distinct_order_numbers).toBe(spread.order_numbers);
    expect(spread.emails).toBeGreaterThan(450);
    expect(spread.phones).toBeGreaterThan(350);

    const history = await one(sql<Record<string, number>>`
      SELECT
        (SELECT count(*)::int FROM transactions t WHERE NOT EXISTS (SELECT 1 FROM transaction_events e
          WHERE e.session_id = t.session_id AND e.kind = 'created')) AS without_created_event,
        (SELECT count(*)::int FROM transactions t WHERE state <> 'created' AND NOT EXISTS (SELECT 1 FROM transaction_events e
          WHERE e.session_id = t.session_id AND e.to_state = t.state)) AS without_change_event,
        (SELECT count(DISTINCT session_id)::int FROM payment_attempts) AS with_attempt,
        (SELECT count(*)::int FROM payment_attempts WHERE reference_number !~ '^CK[0-9A-F]{16}$') AS odd_references,
        (SELECT count(*)::int FROM payment_attempts a JOIN transactions t USING (session_id)
          WHERE (t.state IN ('paid', 'captured') AND a.state <> 'success') OR (t.state = 'failed' AND a.state <> 'declined')) AS inconsistent_attempts`);
    expect(history).toMatchObject({ without_created_event: 0, without_change_event: 0, odd_references: 0, inconsistent_attempts: 0 });
    expect(history.with_attempt).toBeGreaterThan(500);
  });

  it("a second run adds to the first without clashing with its order numbers or references", async () => {
    const result = await seedBench("--count", "300");
    expect(result.code).toBe(0);
    expect(await one(sql<Record<string, number>>`
      SELECT (SELECT count(*)::int FROM transactions) AS total,
        (SELECT count(DISTINCT split_part(order_no, '-', 2))::int FROM transactions) AS runs`)).toEqual({ total: 900, runs: 2 });
  });
});
