import { type Kysely, sql } from "kysely";

// Failover: when the gateway a customer chose is unavailable as the payment starts, the next eligible gateway of the
// transaction takes it; among several, the one of highest priority (docs/gateways/failover.md). 0 for every
// existing setting: ties fall back to the transaction's pg_codes order, today's only order.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE gateway_settings ADD COLUMN priority integer NOT NULL DEFAULT 0 CHECK (priority BETWEEN -1000 AND 1000)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE gateway_settings DROP COLUMN priority`.execute(db);
}
