// Expiry lag with 'Expire Payment Transactions?' on: transactions created with a 3 s expiration_time and left
// alone; lag = the 'expired' event row's created_at − the transaction's expires_at.
import { withClient } from "../shared/database";
import { createTransaction } from "../shared/http";
import { inPool, ms, summarize, type Summary } from "../shared/stats";

export const EXPIRING = 50;
export const EXPIRATION_TIME = "00:00:03";
const CREATE_CONCURRENCY = 10;
const GIVE_UP_MS = 30_000;

export interface ExpiryFigures {
  transactions: number;
  expireTransactions: boolean;
  /** Lag over the transactions that expired, ms. */
  lag: Summary;
  /** Not expired 30 s after the last expires_at. */
  missing: number;
}

export async function measureExpiry(appUrl: string, apiKey: string, dbUrl: string): Promise<ExpiryFigures> {
  process.stderr.write(`Expiry lag: ${EXPIRING} transactions with expiration_time ${EXPIRATION_TIME}, no payment …\n`);
  const sessions = await inPool(Array.from({ length: EXPIRING }, (_, i) => i), CREATE_CONCURRENCY, async () => {
    const txn = await createTransaction(appUrl, apiKey, { expiration_time: EXPIRATION_TIME });
    return txn.session_id;
  });
  return withClient(dbUrl, async (c) => {
    const { rows: settings } = await c.query<{ expire_transactions: boolean }>("SELECT expire_transactions FROM settings");
    const { rows: deadlines } = await c.query<{ session_id: string; at: number }>(
      `SELECT session_id, (extract(epoch FROM expires_at) * 1000)::float8 AS at FROM transactions WHERE session_id = ANY($1::text[])`,
      [sessions],
    );
    const giveUpAt = Math.max(...deadlines.map((d) => d.at)) + GIVE_UP_MS;
    let expired: { session_id: string; at: number }[] = [];
    for (;;) {
      ({ rows: expired } = await c.query<{ session_id: string; at: number }>(
        `SELECT session_id, (extract(epoch FROM min(created_at)) * 1000)::float8 AS at FROM transaction_events
         WHERE to_state = 'expired' AND session_id = ANY($1::text[]) GROUP BY session_id`,
        [sessions],
      ));
      if (expired.length === sessions.length || Date.now() > giveUpAt) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const deadline = new Map(deadlines.map((d) => [d.session_id, d.at]));
    const figures: ExpiryFigures = {
      transactions: EXPIRING,
      expireTransactions: settings[0]?.expire_transactions ?? false,
      lag: summarize(expired.map((e) => e.at - deadline.get(e.session_id)!)),
      missing: sessions.length - expired.length,
    };
    const { lag } = figures;
    process.stderr.write(`  lag p50 ${ms(lag.p50)} ms, p99 ${ms(lag.p99)} ms, max ${ms(lag.max)} ms, ${figures.missing} not expired\n`);
    return figures;
  });
}
