// Field names whose values are secrets: the audit log keeps that they changed, never what they are.
const SECRET = /(password|secret|token|credential|hmac|private|api_?key)/i;

/** A copy of `value` with every secret field replaced by a mark (its last four characters at most). */
export function maskSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskSecrets);
  if (value === null || typeof value !== "object" || value instanceof Date) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [key, SECRET.test(key) && field !== null && field !== undefined ? "•••• (secret)" : maskSecrets(field)]),
  );
}
