import { pool } from "../../pool";

export const dynamic = "force-dynamic";

export async function GET(_request, { params }) {
  const { id } = await params;
  const { rows } = await pool.query("SELECT * FROM bench_baseline WHERE id = $1", [id]);
  return rows[0] ? Response.json(rows[0]) : Response.json({ detail: "Not found." }, { status: 404 });
}
