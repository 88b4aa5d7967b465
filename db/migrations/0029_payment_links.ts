import { type Kysely, sql } from "kysely";

// Payment links (issue 29): the public codes of a transaction's short links (`/b/{code}`, to its checkout page or
// its attachment) and of its QR code image. One code per transaction and kind, kept for the transaction's life
// (a printed link or QR code stays valid); codes are random, so the table is their only index.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE link_codes (
      code text PRIMARY KEY,
      session_id char(40) NOT NULL REFERENCES transactions (session_id),
      kind text NOT NULL CHECK (kind IN ('checkout', 'attachment', 'qr')),
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (session_id, kind)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE link_codes`.execute(db);
}
