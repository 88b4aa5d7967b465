import type { Db } from "../client";

export function listSavedCards(db: Db, customerId: string, pg: string) {
  return db
    .selectFrom("saved_cards")
    .select(["id", "brand", "masked_number", "expiry_month", "expiry_year", "token"])
    .where("customer_id", "=", customerId)
    .where("pg", "=", pg)
    .where("deleted_at", "is", null)
    .orderBy("id", "desc")
    .execute();
}

export function insertSavedCard(
  db: Db,
  row: { customerId: string; pg: string; gatewayCode: string; token: string; brand: string; masked: string; month: number; year: number },
) {
  return db
    .insertInto("saved_cards")
    .values({
      customer_id: row.customerId,
      pg: row.pg,
      gateway_code: row.gatewayCode,
      token: row.token,
      brand: row.brand,
      masked_number: row.masked,
      expiry_month: row.month,
      expiry_year: row.year,
    })
    .onConflict((oc) => oc.column("token").doNothing())
    .execute();
}

export function findSavedCard(db: Db, id: string, customerId: string) {
  return db
    .selectFrom("saved_cards")
    .selectAll()
    .where("id", "=", id)
    .where("customer_id", "=", customerId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
}

export function deleteSavedCard(db: Db, id: string, customerId: string) {
  return db
    .updateTable("saved_cards")
    .set({ deleted_at: new Date() })
    .where("id", "=", id)
    .where("customer_id", "=", customerId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
}
