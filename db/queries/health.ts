import { sql } from "kysely";
import type { Db } from "../client";

export async function pingDatabase(db: Db): Promise<void> {
  await sql`SELECT 1`.execute(db);
}
