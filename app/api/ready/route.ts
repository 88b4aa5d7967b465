import { appContext } from "@/lib/core/context";
import { checkReadiness } from "@/lib/panel/health/check-readiness";
import { handleRoute } from "@/lib/http/handle-route";

export const dynamic = "force-dynamic";

// Readiness: send this process traffic only while it answers 200 (docs/operations/health.md).
export const GET = handleRoute(async () => {
  const readiness = await checkReadiness({ ctx: appContext() });
  return Response.json(readiness, {
    status: readiness.status === "ready" ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
});
