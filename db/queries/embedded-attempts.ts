import type { Db } from "../client";

/** Marks an attempt as started inside the embedded checkout's frame of this merchant origin. */
export function setAttemptEmbedOrigin(db: Db, referenceNumber: string, origin: string) {
  return db.updateTable("payment_attempts").set({ embed_origin: origin }).where("reference_number", "=", referenceNumber).execute();
}

/** The merchant origin framing an attempt (null: the hosted page's), or undefined when there is no such attempt. */
export async function findAttemptEmbedOrigin(db: Db, referenceNumber: string): Promise<string | null | undefined> {
  const row = await db.selectFrom("payment_attempts").select("embed_origin").where("reference_number", "=", referenceNumber).executeTakeFirst();
  return row ? row.embed_origin : undefined;
}
