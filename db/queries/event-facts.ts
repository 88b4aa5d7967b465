import { sql } from "kysely";
import type { Db } from "../client";
import { ATTEMPT_COLUMNS, columnsSql, EVENT_COLUMNS } from "../columns";
import { compiledOnce } from "../compiled-once";
import type { PaymentAttempt, TransactionEvent } from "../types";
import { reviveTransaction, type RowView, type TransactionRow } from "./transactions";

/** What an event's dispatch plans from (lib/jobs/plan-event-effects.ts). */
export interface EventFacts {
  event: TransactionEvent;
  /** The transaction's row: its payloads, legacy results and messages name nothing else of its view. */
  txn: TransactionRow;
  /** The attempt the event is about; for an event about none (an operation, expiry), the transaction's latest. */
  attempt: PaymentAttempt | undefined;
}

/** The facts with the transaction's currency places and gateways, which the dispatch takes from the configuration cache. */
export type FactsWithConfig = Omit<EventFacts, "txn"> & { view: RowView };

// The event's and the attempt's columns carry a prefix: both tables have an `id`.
const EVENT = "e__";
const ATTEMPT = "a__";

const factsOf = compiledOnce(
  (eventId: string) => sql<Record<string, unknown>>`
    SELECT ${columnsSql(EVENT_COLUMNS, "e", EVENT)}, ${columnsSql(ATTEMPT_COLUMNS, "a", ATTEMPT)}, to_jsonb(t) AS txn
    FROM transaction_events e
    JOIN transactions t ON t.session_id = e.session_id
    LEFT JOIN payment_attempts a
      ON a.id = coalesce(e.attempt_id, (SELECT max(l.id) FROM payment_attempts l WHERE l.session_id = e.session_id))
    WHERE e.event_id = ${eventId}`,
);

/** An event, its transaction's row and the attempt it is about, in one round trip. */
export async function findEventFacts(db: Db, eventId: string): Promise<EventFacts | undefined> {
  const row = (await factsOf(db, eventId))[0];
  if (!row) return undefined;
  const take = (prefix: string, columns: readonly string[]) => Object.fromEntries(columns.map((column) => [column, row[prefix + column]]));
  return {
    event: take(EVENT, EVENT_COLUMNS) as unknown as TransactionEvent,
    txn: reviveTransaction(row.txn as TransactionRow),
    attempt: row[`${ATTEMPT}id`] === null ? undefined : (take(ATTEMPT, ATTEMPT_COLUMNS) as unknown as PaymentAttempt),
  };
}
