import { type Insertable, type Selectable, sql } from "kysely";
import type { Db } from "../client";
import type { MessagesTable } from "../types";

export type MessageRow = Selectable<MessagesTable>;
export type NewMessage = Insertable<MessagesTable>;

/** Inserts messages; one already planned for the same event, channel and recipient is left as it is. */
export async function insertMessages(db: Db, rows: NewMessage[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto("messages")
    .values(rows)
    .onConflict((oc) => oc.columns(["event_id", "channel", "recipient"]).doNothing())
    .execute();
}

/** Ids of every message planned for an event, oldest first. */
export async function listEventMessageIds(db: Db, eventId: string): Promise<string[]> {
  const rows = await db.selectFrom("messages").select("id").where("event_id", "=", eventId).orderBy("id").execute();
  return rows.map((r) => r.id);
}

/**
 * Takes a pending message for sending: moves it to `state` in one conditional update, so of two runs only one
 * gets the row (the other waits for the first to commit or roll back, then finds it no longer pending).
 * Undefined when the message is not pending (already sent, recorded or failed) or does not exist.
 */
export function claimPendingMessage(
  db: Db,
  id: string,
  to: { state: "sent" | "recorded"; provider: string | null },
): Promise<MessageRow | undefined> {
  return db
    .updateTable("messages")
    .set({ state: to.state, provider: to.provider, error: null, sent_at: to.state === "sent" ? new Date() : null })
    .where("id", "=", id)
    .where("state", "=", "pending")
    .returningAll()
    .executeTakeFirst();
}

/** Notes the first try at sending a pending message (kept on later tries); committed before the provider call. */
export async function markSendStarted(db: Db, id: string): Promise<void> {
  await db
    .updateTable("messages")
    .set({ send_started_at: sql`coalesce(send_started_at, now())` })
    .where("id", "=", id)
    .where("state", "=", "pending")
    .execute();
}

export async function setProviderMessageId(db: Db, id: string, providerMessageId: string): Promise<void> {
  await db.updateTable("messages").set({ provider_message_id: providerMessageId }).where("id", "=", id).execute();
}

/**
 * Records why a send failed. `failed` ends the message (the provider refused it for good); otherwise it stays
 * pending for the next try.
 */
export async function recordMessageError(db: Db, id: string, error: string, final: boolean): Promise<void> {
  await db
    .updateTable("messages")
    .set({ error, ...(final ? { state: "failed" } : {}) })
    .where("id", "=", id)
    .where("state", "=", "pending")
    .execute();
}

export function findMessage(db: Db, id: string): Promise<MessageRow | undefined> {
  return db.selectFrom("messages").selectAll().where("id", "=", id).executeTakeFirst();
}

export interface MessageFilter {
  sessionId?: string;
  channel?: MessageRow["channel"];
  state?: string;
  /** The keyset cursor: the id of the last message shown. */
  before?: string;
  /** Only messages about transactions whose every gateway is one of these (null: all, with those about no transaction). */
  gatewayCodes?: string[] | null;
  limit: number;
}

/** Messages newest first (by id, the order they were planned in), filtered; each filter has its index (0014). */
export function listMessages(db: Db, filter: MessageFilter): Promise<MessageRow[]> {
  let query = db.selectFrom("messages as m").selectAll("m");
  if (filter.sessionId) query = query.where("m.session_id", "=", filter.sessionId);
  if (filter.channel) query = query.where("m.channel", "=", filter.channel);
  if (filter.state) query = query.where("m.state", "=", filter.state);
  if (filter.before) query = query.where("m.id", "<", filter.before);
  const codes = filter.gatewayCodes;
  if (codes) {
    query = query.where(({ exists, selectFrom }) =>
      exists(selectFrom("transactions as t").select("t.session_id").whereRef("t.session_id", "=", "m.session_id").where(sql<boolean>`t.pg_codes <@ ${codes}::text[]`)),
    );
  }
  return query.orderBy("m.id", "desc").limit(filter.limit).execute();
}

/** Decimal places of a currency (3 for KWD), or undefined for an unknown code. */
export async function findCurrencyDecimals(db: Db, code: string): Promise<number | undefined> {
  const row = await db.selectFrom("currencies").select("decimals").where("code", "=", code).executeTakeFirst();
  return row?.decimals;
}
