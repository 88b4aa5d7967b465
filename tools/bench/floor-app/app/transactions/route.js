import { pool } from "../pool";

export const dynamic = "force-dynamic";

// The admin list's floor: its first page's SELECT (the same columns, order and index) and nothing else.
export async function GET() {
  const { rows } = await pool.query(
    `SELECT session_id, created_at, order_no, state, amount::text AS amount, currency_code, pg_codes, customer_email,
       customer_phone, deleted_at FROM transactions ORDER BY created_at DESC, session_id DESC LIMIT 51`,
  );
  return Response.json(rows);
}
