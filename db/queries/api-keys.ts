import type { Db } from "../client";

export function insertApiKey(db: Db, row: { name: string; prefix: string; keyHash: Buffer; expiresAt?: Date | null }) {
  return db
    .insertInto("api_keys")
    .values({ name: row.name, prefix: row.prefix, key_hash: row.keyHash, expires_at: row.expiresAt ?? null })
    .returning(["id", "name", "prefix", "created_at", "expires_at"])
    .executeTakeFirstOrThrow();
}

/** One indexed lookup by the key's hash (unique index on key_hash). */
export function findApiKeyByHash(db: Db, keyHash: Buffer) {
  return db
    .selectFrom("api_keys")
    .select(["id", "name", "expires_at", "revoked_at"])
    .where("key_hash", "=", keyHash)
    .executeTakeFirst();
}

export function revokeApiKey(db: Db, id: string) {
  return db
    .updateTable("api_keys")
    .set({ revoked_at: new Date() })
    .where("id", "=", id)
    .where("revoked_at", "is", null)
    .returning(["id"])
    .executeTakeFirst();
}

export function listApiKeys(db: Db) {
  return db
    .selectFrom("api_keys")
    .select(["id", "name", "prefix", "created_at", "expires_at", "revoked_at", "last_used_at"])
    .orderBy("id")
    .execute();
}
