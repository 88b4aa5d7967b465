import type { Db } from "../client";

/** Marks an attempt as started inside the embedded checkout's frame of this merchant origin. */
export function setAttemptEmbedOrigin(db: Db, referenceNumber: string, origin: string) {
  return db.updateTable("payment_attempts").set({ embed_origin: origin }).where("reference_number", "=", referenceNumber).execute();
}

/** The merchant origin framing an attempt, or null (hosted page, or no such attempt). */
export async function findAttemptEmbedOrigin(db: Db, referenceNumber: string): Promise<string | null> {
  const row = await db.selectFrom("payment_attempts").select("embed_origin").where("reference_number", "=", referenceNumber).executeTakeFirst();
  return row?.embed_origin ?? null;
}
