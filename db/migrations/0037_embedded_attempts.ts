import { type Kysely, sql } from "kysely";

// The embedded checkout: an attempt started inside the SDK's frame remembers the merchant origin that framed it
// (one of its public key's origins, checked when it started). The card page, its 3-D Secure step and the result
// page of that attempt may then be framed by that origin only, and the result page tells it how the payment ended.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE payment_attempts ADD COLUMN embed_origin text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE payment_attempts DROP COLUMN embed_origin`.execute(db);
}
