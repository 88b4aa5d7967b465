import { withClient } from "../shared/database";

export interface PaymentLedger {
  /** Transactions whose state is `paid`, and the event id of each one's `paid` event. */
  paid: { sessionId: string; eventId: string }[];
  /** Transactions with more than one `paid` event. */
  paidTwice: number;
  /** A state that contradicts the attempts: paid without exactly one settling success, or a success but not paid. */
  contradictions: string[];
  /** Successful attempts marked `is_duplicate`: a customer charged twice. */
  chargedTwice: number;
  pendingAttempts: number;
  /** Attempts by state, for the report. */
  attempts: Record<string, number>;
  undeliveredWebhooks: number;
}

/** Reads what the database says about `sessions`' payments, with the checks the crash experiment makes. */
export function readPaymentLedger(dbUrl: string, sessions: string[]): Promise<PaymentLedger> {
  return withClient(dbUrl, async (c) => {
    const q = async <T>(text: string) => (await c.query<T & object>(text, [sessions])).rows as T[];
    const paid = await q<{ sessionId: string; eventId: string }>(
      `SELECT t.session_id AS "sessionId", min(e.event_id::text) AS "eventId"
       FROM transactions t JOIN transaction_events e ON e.session_id = t.session_id AND e.to_state = 'paid' AND e.from_state IS DISTINCT FROM 'paid'
       WHERE t.session_id = ANY($1) AND t.state = 'paid' GROUP BY t.session_id`,
    );
    const [twice] = await q<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT session_id FROM transaction_events
       WHERE session_id = ANY($1) AND to_state = 'paid' AND from_state IS DISTINCT FROM 'paid' GROUP BY session_id HAVING count(*) > 1) s`,
    );
    const contradictions = await q<{ line: string }>(
      `SELECT t.session_id || ' is ' || t.state || ' with ' || count(a.id) FILTER (WHERE a.state = 'success' AND NOT a.is_duplicate)
              || ' settling successes' AS line
       FROM transactions t LEFT JOIN payment_attempts a ON a.session_id = t.session_id
       WHERE t.session_id = ANY($1) GROUP BY t.session_id, t.state
       HAVING (t.state = 'paid') <> (count(a.id) FILTER (WHERE a.state = 'success' AND NOT a.is_duplicate) = 1)`,
    );
    const attempts = await q<{ state: string; duplicate: boolean; n: number }>(
      `SELECT state, is_duplicate AS duplicate, count(*)::int AS n FROM payment_attempts WHERE session_id = ANY($1) GROUP BY 1, 2`,
    );
    const [undelivered] = await q<{ n: number }>(
      `SELECT count(*)::int AS n FROM webhook_deliveries WHERE session_id = ANY($1) AND state <> 'delivered'`,
    );
    const byState: Record<string, number> = {};
    for (const a of attempts) byState[a.state] = (byState[a.state] ?? 0) + a.n;
    return {
      paid,
      paidTwice: twice!.n,
      contradictions: contradictions.map((r) => r.line),
      chargedTwice: attempts.filter((a) => a.state === "success" && a.duplicate).reduce((n, a) => n + a.n, 0),
      pendingAttempts: byState.pending ?? 0,
      attempts: byState,
      undeliveredWebhooks: undelivered!.n,
    };
  });
}
