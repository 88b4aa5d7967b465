import { appContext } from "@/lib/context";
import { handleRoute } from "@/lib/http/handle-route";
import { readForm } from "@/lib/http/read-form";
import { recordGatewayResult } from "@/lib/payments/record-gateway-result";

export const dynamic = "force-dynamic";

// The gateway's server-to-server callback (JSON or form), signed like the browser return.
export const POST = handleRoute<{ pg: string }>(async (request, { params }) => {
  const { pg } = await params;
  const body = await readForm(request);
  const recorded = await recordGatewayResult({ ctx: appContext(), input: { pg, channel: "callback", params: body } });
  return Response.json({ status: "ok", changed: recorded.changed });
});
