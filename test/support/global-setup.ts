import { rm } from "node:fs/promises";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { createDb } from "@/db/client";
import { startEmbeddedPostgres } from "@/db/embedded-postgres";
import { migrateDatabase } from "@/db/migrate-database";
import pg from "pg";

export const TEMPLATE = "checkout_test_template";

declare module "vitest" {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
  }
}

/**
 * One PostgreSQL for the run (embedded unless TEST_DATABASE_URL names a server), and a template database
 * with every migration applied; each test file then gets its own copy (fresh-database.ts).
 */
export default async function setup(project: TestProject) {
  const given = process.env.TEST_DATABASE_URL;
  // A cluster of this run's own, so runs side by side never share or stop each other's server.
  const dataDir = path.join(".data", "test-runs", String(process.pid));
  const server = given
    ? null
    : await startEmbeddedPostgres({ dataDir, port: 54340, database: "postgres", adoptOrphan: true, throwaway: true });
  const adminUrl = given ?? server!.url;

  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE}`);
  await admin.end();

  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${TEMPLATE}`;
  const db = createDb(templateUrl.toString(), { max: 1 });
  await migrateDatabase(db, templateUrl.toString());
  await db.destroy();

  project.provide("adminDatabaseUrl", adminUrl);
  return async () => {
    await server?.stop();
    if (server) await rm(dataDir, { recursive: true, force: true });
  };
}
