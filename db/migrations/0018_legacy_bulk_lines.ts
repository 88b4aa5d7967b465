import { type Kysely, sql } from "kysely";

// Bulk payment requests (docs/legacy/bulk.md): each CSV line becomes at most one transaction. The bulk id is
// derived from the file's content and each row stores its line, so that a re-upload, or two uploads of one file
// at once, cannot create a line twice: the second insert is a unique violation, read as "already created".
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE UNIQUE INDEX transactions_legacy_bulk_line
      ON transactions ((legacy->>'bulk_id'), (legacy->>'bulk_line'))
      WHERE interface = 'legacy' AND legacy ? 'bulk_line';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX transactions_legacy_bulk_line;`.execute(db);
}
