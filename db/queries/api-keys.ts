import { sql } from "kysely";
import type { Db } from "../client";
import type { ApiKeyKind } from "../types";

export function insertApiKey(
  db: Db,
  row: { name: string; prefix: string; keyHash: Buffer; expiresAt?: Date | null; kind: ApiKeyKind; allowedOrigins: string[] },
) {
  return db
    .insertInto("api_keys")
    .values({
      name: row.name,
      prefix: row.prefix,
      key_hash: row.keyHash,
      expires_at: row.expiresAt ?? null,
      kind: row.kind,
      allowed_origins: row.allowedOrigins,
    })
    .returning(["id", "name", "prefix", "created_at", "expires_at", "kind", "allowed_origins"])
    .executeTakeFirstOrThrow();
}

/** One indexed lookup by the key's hash (unique index on key_hash). */
export function findApiKeyByHash(db: Db, keyHash: Buffer) {
  return db
    .selectFrom("api_keys")
    .select(["id", "name", "expires_at", "revoked_at", "kind", "allowed_origins"])
    .where("key_hash", "=", keyHash)
    .executeTakeFirst();
}

export function revokeApiKey(db: Db, id: string) {
  return db
    .updateTable("api_keys")
    .set({ revoked_at: new Date() })
    .where("id", "=", id)
    .where("revoked_at", "is", null)
    .returning(["id", "name", "prefix", "kind", "revoked_at"])
    .executeTakeFirst();
}

export function listApiKeys(db: Db) {
  return db
    .selectFrom("api_keys")
    .select(["id", "name", "prefix", "kind", "allowed_origins", "created_at", "expires_at", "revoked_at", "last_used_at"])
    .orderBy("id")
    .execute();
}

/** Whether a live public key (not revoked, not expired) lists this origin: what a CORS preflight may be told. */
export async function isLivePublicKeyOrigin(db: Db, origin: string): Promise<boolean> {
  const found = await db
    .selectFrom("api_keys")
    .select("id")
    .where("kind", "=", "public")
    .where("revoked_at", "is", null)
    .where((eb) => eb.or([eb("expires_at", "is", null), eb("expires_at", ">", sql<Date>`now()`)]))
    .where(sql<boolean>`${origin} = ANY(allowed_origins)`)
    .limit(1)
    .executeTakeFirst();
  return found !== undefined;
}

/**
 * Notes that a key was used, unless that was noted less than `intervalSeconds` ago (by this process or
 * another): at most one write per key and interval. Only last_used_at is set, so no change notice is sent
 * (migration 0012). True when it wrote.
 */
export function touchApiKeyLastUsed(db: Db, id: string, intervalSeconds: number) {
  return db
    .updateTable("api_keys")
    .set({ last_used_at: sql`now()` })
    .where("id", "=", id)
    .where((eb) =>
      eb.or([eb("last_used_at", "is", null), eb("last_used_at", "<", sql<Date>`now() - make_interval(secs => ${intervalSeconds})`)]),
    )
    .executeTakeFirst()
    .then((result) => result.numUpdatedRows > 0n);
}
