import { type RawBuilder, sql } from "kysely";
import type { Db } from "../client";
import { compiledOnce } from "../compiled-once";
import type { TransactionRow } from "./transactions";

/**
 * What the ways back to the merchant are built from (lib/checkout/payments/back-to-merchant.ts, merchant-redirect.ts)
 * and whether the redirect waits for a results endpoint (result-target.ts): a few columns, not the whole view.
 */
export type WayBackTransaction = Pick<
  TransactionRow,
  | "session_id"
  | "state"
  | "expires_at"
  | "redirect_url"
  | "extra"
  | "order_no"
  | "interface"
  | "deleted_at"
  | "webhook_url"
  | "disclosure_url"
>;

export interface WayBack {
  txn: WayBackTransaction;
  /**
   * The transaction's latest payment attempt (which may be newer than the one asked about); `completedAt`: when its
   * result was recorded, from which the redirect waits for the webhook's answer (await-webhook-answer.ts).
   */
  latest: { referenceNumber: string; state: string; completedAt: Date | null } | null;
}

type Row = WayBackTransaction & { latest_reference: string | null; latest_state: string | null; latest_completed_at: Date | null };

/** The statement over `from` (a FROM clause over `transactions t`) where `where` holds. */
const wayBack = (from: RawBuilder<unknown>, where: RawBuilder<unknown>) => sql<Row>`
  SELECT t.session_id, t.state, t.expires_at, t.redirect_url, t.extra, t.order_no, t.interface, t.deleted_at,
    t.webhook_url, t.disclosure_url, l.reference_number AS latest_reference, l.state AS latest_state,
    l.completed_at AS latest_completed_at
  ${from}
  LEFT JOIN LATERAL (
    SELECT reference_number, state, completed_at FROM payment_attempts WHERE session_id = t.session_id ORDER BY id DESC LIMIT 1
  ) l ON true
  WHERE ${where}`;

const byReference = compiledOnce((referenceNumber: string) =>
  wayBack(sql`FROM payment_attempts a JOIN transactions t ON t.session_id = a.session_id`, sql`a.reference_number = ${referenceNumber}`),
);
const bySession = compiledOnce((sessionId: string) => wayBack(sql`FROM transactions t`, sql`t.session_id = ${sessionId}`));

const wayBackOf = (row: Row | undefined): WayBack | undefined => {
  if (!row) return undefined;
  const { latest_reference, latest_state, latest_completed_at, ...txn } = row;
  const latest = latest_reference && latest_state ? { referenceNumber: latest_reference, state: latest_state, completedAt: latest_completed_at } : null;
  return { txn, latest };
};

/** The transaction a payment attempt belongs to, by the attempt's reference number, with its latest attempt. */
export async function findWayBackByReference(db: Db, referenceNumber: string): Promise<WayBack | undefined> {
  return wayBackOf((await byReference(db, referenceNumber))[0]);
}

/** A transaction's way back by its session id, with its latest attempt. */
export async function findWayBackBySession(db: Db, sessionId: string): Promise<WayBack | undefined> {
  return wayBackOf((await bySession(db, sessionId))[0]);
}
