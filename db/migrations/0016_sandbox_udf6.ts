import { type Kysely, sql } from "kysely";

// The sandbox gateway keeps the user-defined field udf6 it was sent (the merchant's vendor name, as legacy
// integrations send it) and answers it back in its result, as real gateways with user-defined fields do.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE sandbox_payments ADD COLUMN udf6 text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE sandbox_payments DROP COLUMN udf6`.execute(db);
}
