import { sql } from "kysely";
import type { Db } from "../client";

/** Runs fn in one transaction, under an advisory lock so two processes starting together seed once. */
export async function withSeedLock<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext('checkout:demo-data'))`.execute(trx);
    return fn(trx as unknown as Db);
  });
}

/** An installation is empty when nobody has configured anything yet. */
export async function isEmptyInstallation(db: Db): Promise<boolean> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.exists(eb.selectFrom("admin_users").select("id")).as("users"),
      eb.exists(eb.selectFrom("gateway_settings").select("id")).as("gateways"),
      eb.exists(eb.selectFrom("currencies").select("code")).as("currencies"),
    ])
    .executeTakeFirstOrThrow();
  return !row.users && !row.gateways && !row.currencies;
}
