import type { Insertable } from "kysely";
import type { Db } from "../client";
import { SANDBOX_TOKEN_COLUMNS } from "../columns";
import type { SandboxTokensTable } from "../types";

export function insertSandboxToken(db: Db, row: Insertable<SandboxTokensTable>) {
  return db.insertInto("sandbox_tokens").values(row).onConflict((oc) => oc.column("token").doNothing()).execute();
}

/** A token the sandbox issued to this gateway setting for this customer, unless forgotten. */
export function findSandboxToken(db: Db, token: string, gatewayCode: string, customerId: string) {
  return db
    .selectFrom("sandbox_tokens")
    .select(SANDBOX_TOKEN_COLUMNS)
    .where("token", "=", token)
    .where("gateway_code", "=", gatewayCode)
    .where("customer_id", "=", customerId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
}

export function forgetSandboxToken(db: Db, token: string, gatewayCode: string) {
  return db
    .updateTable("sandbox_tokens")
    .set({ deleted_at: new Date() })
    .where("token", "=", token)
    .where("gateway_code", "=", gatewayCode)
    .where("deleted_at", "is", null)
    .execute();
}
