import { appContext } from "@/lib/core/context";
import { adapterFor } from "@/lib/gateways/adapters";
import { handleRoute } from "@/lib/http/handle-route";
import { readGatewayMessage } from "@/lib/http/read-gateway-message";
import { recordGatewayResult, UnrelatedMessage } from "@/lib/checkout/payments/record-gateway-result";
import { resultPageUrl } from "@/lib/checkout/payments/result-page-url";

export const dynamic = "force-dynamic";

// The gateway's server-to-server callback (JSON or form). The answer is JSON unless the gateway wants its own.
// Its signature, not its Origin, says where it comes from (some gateways send it through the customer's browser).
export const POST = handleRoute<{ pg: string }>(async (request, { params }) => {
  const { pg } = await params;
  const message = await readGatewayMessage(request);
  const adapter = adapterFor(pg);
  const recorded = await recordGatewayResult({ ctx: appContext(), input: { pg, channel: "callback", ...message } }).catch((error: unknown) => {
    // Stripe sends every event of its account and resends, for days, any not answered 2xx.
    if (error instanceof UnrelatedMessage && adapter?.resendsUntilAcknowledged) return null;
    throw error;
  });
  if (!recorded) return Response.json({ status: "ignored", changed: false });
  const answer = adapter?.answerCallback;
  return answer ? answer({ resultUrl: resultPageUrl(recorded), changed: recorded.changed }) : Response.json({ status: "ok", changed: recorded.changed });
}, { otherSites: "accepted" });
