/** A value written with its object keys sorted, so equal JSON objects compare equal whatever their key order. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v) && !(v instanceof Date)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );

/** The audit's before → after of `keys`, limited to the ones that changed; null when none did. */
export function changedFields<T extends Record<string, unknown>>(before: T, after: T, keys: readonly (keyof T & string)[]) {
  const changed = keys.filter((key) => canonical(before[key] ?? null) !== canonical(after[key] ?? null));
  if (changed.length === 0) return null;
  return {
    before: Object.fromEntries(changed.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(changed.map((key) => [key, after[key] ?? null])),
  };
}
