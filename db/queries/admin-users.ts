import type { Updateable } from "kysely";
import type { Db } from "../client";
import type { AdminUsersTable } from "../types";

export function findAdminUserByUsername(db: Db, username: string) {
  return db
    .selectFrom("admin_users")
    .select(["id", "username", "password_hash", "is_superuser", "is_active", "gateway_codes", "permissions"])
    .where("username", "=", username)
    .executeTakeFirst();
}

export function insertAdminUser(
  db: Db,
  row: { username: string; passwordHash: string; isSuperuser: boolean; gatewayCodes: string[]; permissions: string[] },
) {
  return db
    .insertInto("admin_users")
    .values({
      username: row.username,
      password_hash: row.passwordHash,
      is_superuser: row.isSuperuser,
      gateway_codes: row.gatewayCodes,
      permissions: row.permissions,
    })
    .returning(["id", "username", "is_superuser", "gateway_codes", "permissions"])
    .executeTakeFirstOrThrow();
}

/** Notes a panel sign-in; returns the user's session version, which the new session cookie carries. */
export function recordAdminLogin(db: Db, id: string) {
  return db
    .updateTable("admin_users")
    .set({ last_login_at: new Date() })
    .where("id", "=", id)
    .returning("session_version")
    .executeTakeFirstOrThrow()
    .then((r) => r.session_version);
}

/** Ends every panel session of the user: cookies carry the session version of their sign-in (lib/access/auth/active-admin.ts). */
export function endAdminSessions(db: Db, id: string) {
  return db
    .updateTable("admin_users")
    .set((eb) => ({ session_version: eb("session_version", "+", 1) }))
    .where("id", "=", id)
    .execute();
}

export function countAdminUsers(db: Db) {
  return db
    .selectFrom("admin_users")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

/** The signed-in user as the panel checks them on every page and action: active, superuser or not, what they may do. */
export function findAdminUserById(db: Db, id: string) {
  return db
    .selectFrom("admin_users")
    .select(["id", "username", "is_superuser", "is_active", "gateway_codes", "permissions", "session_version"])
    .where("id", "=", id)
    .executeTakeFirst();
}

/** What the panel shows of a user: never the password hash. */
const SUMMARY = ["id", "username", "is_superuser", "is_active", "gateway_codes", "permissions", "created_at", "last_login_at"] as const;

const summary = (db: Db) => db.selectFrom("admin_users").select(SUMMARY);

export function listAdminUsers(db: Db) {
  return summary(db).orderBy("username").execute();
}

/** One user; `lock` holds their row until the transaction ends, so two changes to them take turns. */
export function findAdminUserSummary(db: Db, id: string, { lock = false } = {}) {
  const query = summary(db).where("id", "=", id);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

/**
 * The active superusers' ids, their rows locked until the transaction ends: two administrators demoting or
 * disabling each other at once take turns, and the second sees the first's change.
 */
export function lockActiveSuperuserIds(db: Db) {
  return db
    .selectFrom("admin_users")
    .select("id")
    .where("is_superuser", "=", true)
    .where("is_active", "=", true)
    .orderBy("id")
    .forUpdate()
    .execute()
    .then((rows) => rows.map((r) => r.id));
}

export function updateAdminUser(db: Db, id: string, changes: Updateable<AdminUsersTable>) {
  return db
    .updateTable("admin_users")
    .set(changes)
    .where("id", "=", id)
    .returning(SUMMARY)
    .executeTakeFirstOrThrow();
}

/** The first superuser created who is still active (who the CLI acts as when told no one). */
export function findFirstActiveSuperuser(db: Db) {
  return db
    .selectFrom("admin_users")
    .select(["id", "username", "is_superuser", "is_active", "gateway_codes", "permissions"])
    .where("is_superuser", "=", true)
    .where("is_active", "=", true)
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
}
