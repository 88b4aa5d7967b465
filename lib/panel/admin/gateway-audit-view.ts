import { createHash } from "node:crypto";
import type { GatewaySetting } from "@/db/types";
import { trimFraction } from "@/lib/core/money/decimal";

const fingerprint = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex").slice(0, 12);

/**
 * A gateway setting as the audit log keeps it: the icon by type, size and fingerprint, the credentials only as
 * "changed or not" (recordAudit masks them; the fingerprint of their ciphertext tells a new save from none).
 */
export function gatewayAuditView(row: GatewaySetting): Record<string, unknown> {
  return {
    code: row.code,
    name: row.name,
    pg: row.pg,
    mode: row.is_sandbox ? "sandbox" : "production",
    currencies: row.currencies,
    operation: row.operation,
    priority: row.priority,
    fee_fixed: trimFraction(row.fee_fixed),
    fee_percent: trimFraction(row.fee_percent),
    icon_url: row.icon_url,
    icon: row.icon ? `${row.icon_content_type}, ${row.icon.length} bytes, ${fingerprint(row.icon)}` : null,
    enabled: row.enabled,
    credentials: row.credentials ? fingerprint(row.credentials) : null,
  };
}

/** The fields an update changed, as they were and as they are. */
export function gatewayAuditChanges(before: GatewaySetting, after: GatewaySetting) {
  const was = gatewayAuditView(before);
  const now = gatewayAuditView(after);
  const changed = Object.keys(now).filter((key) => JSON.stringify(was[key]) !== JSON.stringify(now[key]));
  return {
    before: Object.fromEntries(changed.map((key) => [key, was[key]])),
    after: Object.fromEntries(changed.map((key) => [key, now[key]])),
  };
}
