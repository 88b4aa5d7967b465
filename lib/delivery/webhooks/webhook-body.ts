/**
 * The exact bytes a delivery posts: its stored payload (jsonb, so key order and spacing are PostgreSQL's and the
 * same on every read) as JSON. The panel shows this very text, so what it shows is what the receiver got.
 */
export function webhookBody(payload: Record<string, unknown>): string {
  return JSON.stringify(payload);
}
