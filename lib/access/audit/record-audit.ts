import { insertAuditEntry } from "@/db/queries/audit-log";
import type { Db } from "@/db/client";
import type { UserCaller } from "@/lib/access/auth/admin-caller";
import { maskSecrets } from "./mask-secrets";

export interface AuditChange {
  /** What was done, e.g. "currency.disable", "gateway.update", "transaction.refund". */
  action: string;
  entity: string;
  entityId?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Keeps who changed what from the panel; secrets are masked. Pass the transaction the change is made in. */
export async function recordAudit(db: Db, actor: UserCaller, change: AuditChange): Promise<void> {
  const before = change.before ? (maskSecrets(change.before) as Record<string, unknown>) : null;
  const after = change.after ? (maskSecrets(change.after) as Record<string, unknown>) : null;
  await insertAuditEntry(db, {
    actor_user_id: actor.id,
    actor: actor.username,
    action: change.action,
    entity: change.entity,
    entity_id: change.entityId ?? null,
    before: before === null ? null : JSON.stringify(before),
    after: after === null ? null : JSON.stringify(after),
  });
}
