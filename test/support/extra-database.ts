import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, inject } from "vitest";
import { createDb, type Db } from "@/db/client";
import { TEMPLATE } from "./global-setup";

/**
 * One more database on the test server for a single test: empty, or copied from the migrated template
 * (what every test file gets). Dropped after the file.
 */
export async function createExtraDatabase({ migrated }: { migrated: boolean }): Promise<{ url: string; db: Db }> {
  const adminUrl = inject("adminDatabaseUrl");
  const name = `extra_${randomBytes(6).toString("hex")}`;
  await withAdmin(adminUrl, (c) => c.query(`CREATE DATABASE ${name}${migrated ? ` TEMPLATE ${TEMPLATE}` : ""}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = createDb(url.toString(), { max: 5 });
  afterAll(async () => {
    await db.destroy();
    await withAdmin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  });
  return { url: url.toString(), db };
}

async function withAdmin(adminUrl: string, fn: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await fn(client);
  } finally {
    await client.end();
  }
}
