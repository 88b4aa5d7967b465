import pg from "pg";
import { onTestFinished } from "vitest";
import { env } from "@/lib/core/env";

/** A connection of its own to the test database (to hold a lock, or to watch another's wait), closed after the test. */
export async function ownConnection(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  onTestFinished(() => client.end());
  return client;
}
