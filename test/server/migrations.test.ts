import { readdirSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { migrateToLatest } from "@/db/migrate";
import { migrations } from "@/db/migrations";
import { createExtraDatabase } from "../support/extra-database";

const TABLES = [
  "settings",
  "currencies",
  "gateway_settings",
  "admin_users",
  "api_keys",
  "transactions",
  "attachments",
  "payment_attempts",
  "operations",
  "transaction_events",
  "webhook_deliveries",
  "webhook_attempts",
  "messages",
  "saved_cards",
  "idempotency_keys",
];

describe("migrations", () => {
  it("build every table on a brand-new empty database, then have nothing left to apply", async () => {
    const { db } = await createExtraDatabase({ migrated: false });

    const applied = await migrateToLatest(db);
    expect(applied).toEqual(Object.keys(migrations));

    const { rows } = await sql<{ table_name: string }>`
      SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
    `.execute(db);
    const tables = rows.map((r) => r.table_name);
    expect(tables).toEqual(expect.arrayContaining(TABLES));
    expect(await db.selectFrom("settings").select("id").execute()).toEqual([{ id: 1 }]);

    expect(await migrateToLatest(db)).toEqual([]);
  });

  it("are listed in db/migrations/index.ts exactly as the numbered files in the folder, in order", () => {
    const folder = path.join(import.meta.dirname, "../../db/migrations");
    const files = readdirSync(folder)
      .filter((f) => f.endsWith(".ts") && f !== "index.ts")
      .map((f) => f.replace(/\.ts$/, ""))
      .sort();

    for (const name of files) expect(name).toMatch(/^\d{4}_[a-z0-9_]+$/);
    expect(Object.keys(migrations)).toEqual(files);
    for (const migration of Object.values(migrations)) expect(migration.up).toBeTypeOf("function");
  });
});
