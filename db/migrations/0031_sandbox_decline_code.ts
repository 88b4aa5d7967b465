import { type Kysely, sql } from "kysely";

// The sandbox says why it declined a card with the issuer's response code, as real gateways do (51 insufficient
// funds, 54 expired card…): the payment page turns it into words the customer can act on. Null on a decline
// stored before: answered as 51, as every decline was then.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE sandbox_payments ADD COLUMN decline_code text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE sandbox_payments DROP COLUMN decline_code`.execute(db);
}
