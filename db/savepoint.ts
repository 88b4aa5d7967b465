import { sql } from "kysely";
import type { Db } from "./client";

/**
 * Runs `work` inside a savepoint of the caller's database transaction: when it throws, what it wrote is undone and
 * the transaction goes on, its row locks still held (a payment that could not start on one gateway tries the next
 * under the same lock).
 */
export async function withSavepoint<T>(trx: Db, name: string, work: () => Promise<T>): Promise<T> {
  await sql`SAVEPOINT ${sql.id(name)}`.execute(trx);
  try {
    const result = await work();
    await sql`RELEASE SAVEPOINT ${sql.id(name)}`.execute(trx);
    return result;
  } catch (error) {
    await sql`ROLLBACK TO SAVEPOINT ${sql.id(name)}`.execute(trx);
    throw error;
  }
}
