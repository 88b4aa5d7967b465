import { z } from "zod";
import { listAuditEntries } from "@/db/queries/audit-log";
import type { Ctx } from "@/lib/core/context";
import { isBigintId } from "@/lib/core/validation/bigint-id";
import { parseInput } from "@/lib/core/validation/parse-input";
import { auditChanges } from "./audit-changes";

/** What the panel's changes are about (recordAudit's `entity`). */
export const AUDIT_ENTITIES = ["settings", "currency", "gateway", "user", "api_key", "transaction"] as const;

const PAGE_SIZE = 50;

const auditLogQuery = z.object({
  entity: z.enum(AUDIT_ENTITIES, { error: `Entity must be one of: ${AUDIT_ENTITIES.join(", ")}.` }).optional(),
  before: z.string().refine(isBigintId, "The page cursor must be an entry id.").optional(),
});

/**
 * A page of the audit log, newest first: `PAGE_SIZE` entries older than the `before` entry id (keyset, so a page
 * far back costs what the first does), of one entity or all, each with the fields it changed. `next` is the
 * cursor of the following page, null on the last.
 */
export async function listAuditLog({ ctx, input }: { ctx: Ctx; input: { entity?: string; before?: string } }) {
  const query = parseInput(auditLogQuery, input);
  const rows = await listAuditEntries(ctx.db, { ...query, limit: PAGE_SIZE + 1 });
  const entries = rows.slice(0, PAGE_SIZE).map((row) => ({ ...row, changes: auditChanges(row.before, row.after) }));
  return { entries, next: rows.length > PAGE_SIZE ? entries.at(-1)!.id : null };
}
