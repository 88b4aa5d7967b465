import type { Db } from "../client";

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

export function recordAdminLogin(db: Db, id: string) {
  return db.updateTable("admin_users").set({ last_login_at: new Date() }).where("id", "=", id).execute();
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
    .select(["id", "username", "is_superuser", "is_active", "gateway_codes", "permissions"])
    .where("id", "=", id)
    .executeTakeFirst();
}
