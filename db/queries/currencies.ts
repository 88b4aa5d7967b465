import type { Db } from "../client";

export function upsertCurrency(db: Db, code: string, decimals: number) {
  return db
    .insertInto("currencies")
    .values({ code, decimals })
    .onConflict((oc) => oc.column("code").doUpdateSet({ decimals }))
    .returning(["code", "decimals"])
    .executeTakeFirstOrThrow();
}

export function listCurrencies(db: Db) {
  return db.selectFrom("currencies").select(["code", "decimals"]).orderBy("code").execute();
}
