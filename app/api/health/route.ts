import { handleRoute } from "@/lib/http/handle-route";

export const dynamic = "force-dynamic";

// Liveness: the process answers. It does not ask the database: a liveness probe that failed on a database outage
// would have every pod restarted for nothing. Whether to send traffic is /api/ready's (docs/operations/health.md).
export const GET = handleRoute(async () => Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } }));
