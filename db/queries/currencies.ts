import { sql } from "kysely";
import type { Db } from "../client";

/** Adds the currency or changes its decimals; `previous_decimals` is null for a new one (the audit's "before"). */
export function upsertCurrency(db: Db, code: string, decimals: number) {
  return db
    .with("before", (q) => q.selectFrom("currencies").select("decimals").where("code", "=", code))
    .insertInto("currencies")
    .values({ code, decimals })
    .onConflict((oc) => oc.column("code").doUpdateSet({ decimals }))
    .returning(["code", "decimals", sql<number | null>`(SELECT decimals FROM before)`.as("previous_decimals")])
    .executeTakeFirstOrThrow();
}

export function listCurrencies(db: Db) {
  return db.selectFrom("currencies").select(["code", "decimals"]).orderBy("code").execute();
}

/** The currencies with the gateway settings that accept each, for the panel's list. */
export function listCurrenciesWithGateways(db: Db) {
  return db
    .selectFrom("currencies as c")
    .select((eb) => [
      "c.code",
      "c.decimals",
      "c.enabled",
      eb
        .selectFrom("gateway_settings as g")
        .select(sql<string[]>`coalesce(array_agg(g.code ORDER BY g.code), '{}')`.as("codes"))
        .where(sql<boolean>`c.code = ANY(g.currencies)`)
        .as("gateways"),
    ])
    .orderBy("c.code")
    .execute();
}
