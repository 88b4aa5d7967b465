import { randomBytes } from "node:crypto";
import { pool } from "../pool";

export const dynamic = "force-dynamic";

export async function POST(request) {
  const body = await request.json();
  const { rows } = await pool.query(
    "INSERT INTO bench_baseline (session_id, amount, currency, pg_codes) VALUES ($1, $2, $3, $4) RETURNING *",
    [randomBytes(20).toString("hex"), body.amount, body.currency_code, body.pg_codes],
  );
  return Response.json(rows[0], { status: 201 });
}
