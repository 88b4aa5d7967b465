import { readFileSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import pg from "pg";
import { E2E_DATA_DIR } from "./credentials";
import { createTransaction, type CreatedTransaction } from "./payments";

// Legacy transactions for the page-option specs, until the legacy create endpoint (POST /pos/crt/) exists: one
// made over the checkout API, then given the legacy columns as the legacy endpoint stores them
// (interface 'legacy', the `legacy` jsonb; see test/support/legacy-factory.ts), in the e2e server's own embedded
// database. The same database answers what a page stored.

const root = path.resolve(__dirname, "..", "..");

async function withDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({
    host: "127.0.0.1",
    port: Number(process.env.E2E_PG_PORT ?? 54350),
    user: "postgres",
    password: readFileSync(path.join(root, E2E_DATA_DIR, "postgres.password"), "utf8").trim(),
    database: "checkout",
  });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function createLegacyTransaction(
  request: APIRequestContext,
  fields: Record<string, unknown>,
  legacy: Record<string, unknown>,
): Promise<CreatedTransaction> {
  const txn = await createTransaction(request, { type: "e_commerce", ...fields });
  const stored = { variant: "e_commerce", capture_address: false, capture_delivery: false, ...legacy };
  await withDatabase((db) =>
    db.query("UPDATE transactions SET interface = 'legacy', legacy = $2::jsonb WHERE session_id = $1", [txn.session_id, JSON.stringify(stored)]),
  );
  return txn;
}

/** What the transaction holds now: its billing address and legacy keys. */
export function storedTransaction(sessionId: string): Promise<{ billing_address: Record<string, string> | null; legacy: Record<string, unknown> }> {
  return withDatabase(async (db) => (await db.query("SELECT billing_address, legacy FROM transactions WHERE session_id = $1", [sessionId])).rows[0]);
}
