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

interface TestDatabase {
  adminUrl: string;
  stop(): Promise<void>;
}

// Each project of vitest.config.mts runs this setup; they share one server and template (the main process's globals).
const shared = globalThis as unknown as { __testDatabase?: Promise<TestDatabase>; __testDatabaseUsers?: number };

/**
 * One PostgreSQL for the run (embedded unless TEST_DATABASE_URL names a server), and a template database
 * with every migration applied; each test file then gets its own copy (fresh-database.ts).
 */
export default async function setup(project: TestProject) {
  shared.__testDatabaseUsers = (shared.__testDatabaseUsers ?? 0) + 1;
  const database = await (shared.__testDatabase ??= startTestDatabase());
  project.provide("adminDatabaseUrl", database.adminUrl);
  return async () => {
    shared.__testDatabaseUsers! -= 1;
    if (shared.__testDatabaseUsers === 0) await database.stop();
  };
}

async function startTestDatabase(): Promise<TestDatabase> {
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

  return {
    adminUrl,
    async stop() {
      await server?.stop();
      if (server) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
