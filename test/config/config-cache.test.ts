import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { revokeApiKey } from "@/lib/access/api-keys/revoke-api-key";
import { authenticate } from "@/lib/access/auth/authenticate";
import type { Caller } from "@/lib/access/auth/permissions";
import { stopConfigCache } from "@/lib/core/cache/config-cache";
import { createTransaction } from "@/lib/checkout/transactions/create-transaction";
import { eventually } from "../support/eventually";
import { createGateway, createKey } from "../support/factories";
import { recordingDb } from "../support/recording-db";
import { testContext } from "../support/test-context";

// Every other test file runs with the cache off (vitest.config.mts); this one turns it on before anything loads.
vi.hoisted(() => {
  process.env.CONFIG_CACHE_SECONDS = "60";
});
afterAll(() => stopConfigCache());

const ctx = testContext();

const { db: recording, executed } = recordingDb();

/** Runs `work` and returns how many queries it sent. */
async function queriesOf(work: () => Promise<unknown>): Promise<number> {
  executed.length = 0;
  await work();
  return executed.length;
}

const login = (key: string) =>
  authenticate({ ctx: { db: recording }, input: { authorization: `Api-Key ${key}`, ip: "127.0.0.1" } });

const feeOf = async (caller: Caller, gateway: string) => {
  const fields = { amount: "10.000", currency_code: "KWD", pg_codes: [gateway] };
  const { body } = await createTransaction({ ctx: { db: recording }, input: { caller, fields, files: {} } });
  return (body as { payment_methods: { fee: string }[] }).payment_methods[0]!.fee;
};

describe("the configuration cache", () => {
  let key: string;
  let caller: Caller;
  let gateway: string;

  beforeAll(async () => {
    key = (await createKey(ctx)).key;
    gateway = (await createGateway(ctx)).code;
    caller = await login(key);
    // Listening starts with the first use; until then every lookup goes to the database.
    await eventually(async () => (await queriesOf(() => login(key))) === 0, { what: "API key served from memory" });
  });

  it("answers a known API key and a known checkout configuration without a query", async () => {
    expect(await queriesOf(() => login(key))).toBe(0);
    await feeOf(caller, gateway);
    // The second create sends only its INSERT statement.
    executed.length = 0;
    await feeOf(caller, gateway);
    expect(executed.map((q) => q.sql)).toEqual([expect.stringMatching(/^with "t" as \(insert into "transactions"/)]);
  });

  it("keeps serving its copy of a change that was never announced, which shows the copy is what is used", async () => {
    const before = await feeOf(caller, gateway);
    await ctx.db.transaction().execute(async (trx) => {
      // Replica mode skips triggers: the change is committed but no notice is sent.
      await sql`SET LOCAL session_replication_role = replica`.execute(trx);
      await sql`UPDATE gateway_settings SET fee_fixed = 1 WHERE code = ${gateway}`.execute(trx);
    });
    expect(await feeOf(caller, gateway)).toBe(before);
  });

  it("drops its copies when a change is announced, whichever connection made it", async () => {
    await sql`UPDATE gateway_settings SET fee_fixed = 2 WHERE code = ${gateway}`.execute(ctx.db);
    await eventually(async () => (await feeOf(caller, gateway)) === "2.000", { what: "the new fee seen" });
  });

  it("refuses a revoked API key a moment after the revocation commits", async () => {
    await login(key);
    const revoked = await createKey(ctx);
    // The new key's own notice may arrive after its first lookup and drop that copy: wait until it is kept.
    await eventually(async () => (await queriesOf(() => login(revoked.key))) === 0, { what: "new key served from memory" });
    await revokeApiKey({ ctx, input: { id: String(revoked.id) } });
    await eventually(
      () => login(revoked.key).then(() => false, (error: Error) => /revoked/.test(error.message)),
      { what: "the revoked key refused" },
    );
    expect(await queriesOf(() => login(key))).toBe(1); // the notice dropped every copy
  });

  it("goes to the database for every lookup while it cannot listen, and listens again after", async () => {
    await login(key);
    await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE application_name = 'checkout-service-listener' AND datname = current_database()`.execute(ctx.db);
    await eventually(async () => (await queriesOf(() => login(key))) === 1, { what: "lookups go to the database" });
    expect(await queriesOf(() => login(key))).toBe(1);
    await eventually(async () => (await queriesOf(() => login(key))) === 0, { what: "served from memory again" });
  });
});
