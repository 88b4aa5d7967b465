// The framework floor's SELECT handler (tools/bench/floor-app/app/select/[id]/route.js) built into the app, in the
// bench's build only: served by the app's process, it shows what running inside this app costs any route handler,
// apart from what our GET does. Its own pool and SQL, as the floor app's, so it is outside db/ and lib/core/env.ts.
// eslint-disable-next-line no-restricted-imports -- the floor's handler, not the product's
import pg from "pg";

export const dynamic = "force-dynamic";

const holder = globalThis as { __benchFloorPool?: pg.Pool };
// eslint-disable-next-line no-restricted-properties -- the floor's handler, not the product's
const pool = (holder.__benchFloorPool ??= new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 }));

export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { rows } = await pool.query("SELECT * FROM bench_baseline WHERE id = $1", [id]);
  return rows[0] ? Response.json(rows[0]) : Response.json({ detail: "Not found." }, { status: 404 });
}
