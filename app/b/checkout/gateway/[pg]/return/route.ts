import { appContext } from "@/lib/context";
import { env } from "@/lib/env";
import { handleRoute } from "@/lib/http/handle-route";
import { seeOther } from "@/lib/http/see-other";
import { recordGatewayResult } from "@/lib/payments/record-gateway-result";

export const dynamic = "force-dynamic";

// The gateway sends the customer's browser back here with a signed message; then on to the result page, which
// shows this attempt's outcome (a tab whose attempt was replaced by a newer one learns so).
export const GET = handleRoute<{ pg: string }>(async (request, { params }) => {
  const { pg } = await params;
  const query = Object.fromEntries(new URL(request.url).searchParams.entries());
  const recorded = await recordGatewayResult({ ctx: appContext(), input: { pg, channel: "return", params: query } });
  return seeOther(`${env.APP_URL}/b/checkout/redirect/result/?session_id=${recorded.sessionId}&reference=${recorded.referenceNumber}`);
});
