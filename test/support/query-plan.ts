import { CompiledQuery } from "kysely";
import type { Db } from "@/db/client";

/** PostgreSQL's plan for a compiled statement (EXPLAIN, not run), as its lines joined; `db` may be a transaction. */
export async function queryPlan(db: Db, query: CompiledQuery): Promise<string> {
  const plan = await db.executeQuery<{ "QUERY PLAN": string }>(CompiledQuery.raw(`EXPLAIN ${query.sql}`, [...query.parameters]));
  return plan.rows.map((r) => r["QUERY PLAN"]).join("\n");
}
