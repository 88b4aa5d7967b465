import { sql } from "kysely";
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

/**
 * Keeps a card the gateway tokenized for a customer; the same token again (a saved card used to set up another
 * agreement) only makes it the newest. Returns the card's id.
 */
export async function upsertSavedCard(
  db: Db,
  row: { customerId: string; pg: string; gatewayCode: string; token: string; brand: string; masked: string; month: number; year: number; holder: string | null },
) {
  const saved = await db
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
      name_on_card: row.holder,
    })
    .onConflict((oc) => oc.column("token").doUpdateSet({ last_used_at: new Date() }))
    .returning("id")
    .executeTakeFirstOrThrow();
  return saved.id;
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

/**
 * A customer's saved cards with the agreement ids each pays, newest saved or used first. Only cards on an
 * existing gateway setting: the gateway's kind (`isSandbox`) filters them as ottu-py's `type` asks.
 */
export function listCustomerCards(
  db: Db,
  filter: { customerId: string; gatewayCodes?: readonly string[]; isSandbox?: boolean; agreementId?: string },
) {
  if (filter.gatewayCodes?.length === 0) return Promise.resolve([]);
  let query = db
    .selectFrom("saved_cards as c")
    .innerJoin("gateway_settings as g", "g.code", "c.gateway_code")
    .select([
      "c.id",
      "c.customer_id",
      "c.token",
      "c.brand",
      "c.name_on_card",
      "c.masked_number",
      "c.expiry_month",
      "c.expiry_year",
      "c.gateway_code",
      "c.last_used_at",
    ])
    .select((eb) =>
      sql<string[]>`array(select a.agreement_id from card_agreements a where a.card_id = ${eb.ref("c.id")} order by a.created_at, a.agreement_id)`.as(
        "agreements",
      ),
    )
    .where("c.customer_id", "=", filter.customerId)
    .where("c.deleted_at", "is", null);
  if (filter.gatewayCodes) query = query.where("c.gateway_code", "in", filter.gatewayCodes);
  if (filter.isSandbox !== undefined) query = query.where("g.is_sandbox", "=", filter.isSandbox);
  if (filter.agreementId !== undefined) {
    const agreementId = filter.agreementId;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom("card_agreements as a")
          .select("a.card_id")
          .whereRef("a.card_id", "=", "c.id")
          .where("a.customer_id", "=", filter.customerId)
          .where("a.agreement_id", "=", agreementId),
      ),
    );
  }
  return query.orderBy("c.last_used_at", "desc").orderBy("c.id", "desc").execute();
}

export type CustomerCard = Awaited<ReturnType<typeof listCustomerCards>>[number];

/** A customer's card by its token (not deleted), with the kind of the gateway it is saved on. */
export function findCustomerCardByToken(db: Db, token: string, customerId: string) {
  return db
    .selectFrom("saved_cards as c")
    .innerJoin("gateway_settings as g", "g.code", "c.gateway_code")
    .select(["c.id", "c.token", "c.gateway_code", "g.is_sandbox"])
    .where("c.token", "=", token)
    .where("c.customer_id", "=", customerId)
    .where("c.deleted_at", "is", null)
    .executeTakeFirst();
}

/** Unlinks a card from every agreement it paid: later auto-debits under them find no card. */
export function deleteCardAgreements(db: Db, cardId: string) {
  return db.deleteFrom("card_agreements").where("card_id", "=", cardId).execute();
}
