import { type Kysely, sql } from "kysely";

// Until this release a refund, capture or void recorded what the merchant attached (`extra`) as a JSON string
// holding the object's text, where cancel, expire and delete recorded the object. Unwraps those strings; nothing
// else is a string there (the API accepts only an object).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE operations SET extra = (extra #>> '{}')::jsonb
    WHERE jsonb_typeof(extra) = 'string' AND left(extra #>> '{}', 1) = '{'`.execute(db);
}

// The strings are not written again: the object is what every release reads.
export async function down(): Promise<void> {}
