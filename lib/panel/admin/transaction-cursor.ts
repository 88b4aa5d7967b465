/** A place in the transaction list's order (created_at DESC, session_id DESC): the row a page starts after. */
export interface ListPosition {
  /** created_at to the microsecond, as PostgreSQL keeps it (a JavaScript Date would round it to the millisecond). */
  createdAt: string;
  sessionId: string;
}

const CREATED_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const SESSION_ID = /^[0-9a-f]{40}$/;

/** The opaque cursor of a page link: the position, base64url, so that nobody is tempted to edit it. */
export function encodeCursor(position: ListPosition): string {
  return Buffer.from(`${position.createdAt}/${position.sessionId}`, "utf8").toString("base64url");
}

/** The position in a cursor, or null when it is not one of ours. */
export function decodeCursor(cursor: string): ListPosition | null {
  if (!/^[A-Za-z0-9_-]{1,120}$/.test(cursor)) return null;
  const [createdAt, sessionId, ...rest] = Buffer.from(cursor, "base64url").toString("utf8").split("/");
  if (rest.length > 0 || !createdAt || !sessionId || !CREATED_AT.test(createdAt) || !SESSION_ID.test(sessionId)) return null;
  return Number.isNaN(Date.parse(createdAt)) ? null : { createdAt, sessionId };
}
