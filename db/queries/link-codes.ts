import { sql } from "kysely";
import type { Db } from "../client";
import type { LinkKind } from "../types";

/** A transaction's link codes by kind (absent kinds: none made). */
export type LinkCodes = Partial<Record<LinkKind, string>>;

/** The link codes of a transaction, as a JSON object by kind: for a view's select list. */
export const linkCodesJson = sql<LinkCodes>`(
  SELECT coalesce(json_object_agg(l.kind, l.code), '{}'::json) FROM link_codes l WHERE l.session_id = t.session_id)`;

/** Stores new codes of a transaction; a code already taken is a unique violation of link_codes_pkey. */
export async function insertLinkCodes(db: Db, sessionId: string, codes: LinkCodes): Promise<void> {
  const rows = Object.entries(codes).map(([kind, code]) => ({ code: code!, session_id: sessionId, kind: kind as LinkKind }));
  if (rows.length > 0) await db.insertInto("link_codes").values(rows).execute();
}

export interface FoundLink {
  kind: LinkKind;
  session_id: string;
  deleted: boolean;
  /** The transaction's checkout short-link code, if it has one (a QR code encodes the short link then). */
  checkout_code: string | null;
  /** The token of the transaction's current attachment, if any. */
  attachment_token: string | null;
}

/** A link code with what its short link or QR code needs from its transaction. */
export async function findLink(db: Db, code: string): Promise<FoundLink | undefined> {
  const { rows } = await sql<FoundLink>`
    SELECT l.kind, l.session_id, t.deleted_at IS NOT NULL AS deleted,
      (SELECT c.code FROM link_codes c WHERE c.session_id = l.session_id AND c.kind = 'checkout') AS checkout_code,
      (SELECT a.token FROM attachments a WHERE a.id = t.attachment_id) AS attachment_token
    FROM link_codes l JOIN transactions t ON t.session_id = l.session_id
    WHERE l.code = ${code}`.execute(db);
  return rows[0];
}
