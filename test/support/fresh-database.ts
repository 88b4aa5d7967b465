import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, inject } from "vitest";

// Runs before each test file: a database of its own, copied from the migrated template.
const TEMPLATE = "checkout_test_template";
const adminUrl = inject("adminDatabaseUrl");
const name = `test_${randomBytes(6).toString("hex")}`;

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE}`);
await admin.end();

const url = new URL(adminUrl);
url.pathname = `/${name}`;
process.env.DATABASE_URL = url.toString();

afterAll(async () => {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await client.end();
});
