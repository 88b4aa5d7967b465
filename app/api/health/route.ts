import { appContext } from "@/lib/core/context";
import { checkHealth } from "@/lib/panel/health/check-health";
import { handleRoute } from "@/lib/http/handle-route";

export const dynamic = "force-dynamic";

export const GET = handleRoute(async () => {
  const health = await checkHealth({ ctx: appContext() });
  return Response.json(health, {
    status: health.status === "ok" ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
});
