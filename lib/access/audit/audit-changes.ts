/** One field of an audited record that a change touched, as text: absent before (a creation) or after. */
export interface AuditChange {
  field: string;
  before: string | null;
  after: string | null;
}

const text = (value: unknown): string | null => {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) return value.length ? value.map((v) => (typeof v === "string" ? v : JSON.stringify(v))).join(", ") : "(none)";
  return typeof value === "string" ? value : JSON.stringify(value);
};

/** The fields whose value differs between an entry's before and after, in the order the record lists them. */
export function auditChanges(before: Record<string, unknown> | null, after: Record<string, unknown> | null): AuditChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields
    .map((field) => ({ field, before: text(before?.[field]), after: text(after?.[field]) }))
    .filter((change) => change.before !== change.after);
}
