import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { E2E_DATA_DIR } from "./credentials";

// The e2e server's own embedded database, for what a spec must read or set that no interface shows.

const root = path.resolve(__dirname, "..", "..");

/**
 * The port the server's PostgreSQL listens on, from its lock file (its fourth line): E2E_PG_PORT, unless that was
 * taken when the server started and the embedded database chose the next free one.
 */
const serverPort = () => Number(readFileSync(path.join(root, E2E_DATA_DIR, "postgres", "postmaster.pid"), "utf8").split("\n")[3]);

export async function withDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({
    host: "127.0.0.1",
    port: serverPort(),
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

/**
 * Controlled time for expiry: the transaction's deadline (and the one its sandbox payments were given) moves to a
 * second ago, as if the customer had waited that long, instead of the spec sleeping through a real one.
 */
export async function passDeadline(sessionId: string): Promise<void> {
  await withDatabase(async (client) => {
    await client.query("UPDATE transactions SET expires_at = now() - interval '1 second' WHERE session_id = $1", [sessionId]);
    await client.query(
      `UPDATE sandbox_payments SET expires_at = now() - interval '1 second'
       WHERE reference_number IN (SELECT reference_number FROM payment_attempts WHERE session_id = $1)`,
      [sessionId],
    );
  });
}
