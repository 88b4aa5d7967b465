import { appContext } from "@/lib/core/context";
import { handleRoute } from "@/lib/http/handle-route";
import { readGatewayMessage } from "@/lib/http/read-gateway-message";
import { seeOther } from "@/lib/http/see-other";
import { referrerPolicy } from "@/lib/http/page-security-headers";
import { recordGatewayResult } from "@/lib/checkout/payments/record-gateway-result";
import { returnDestination } from "@/lib/checkout/payments/return-destination";

export const dynamic = "force-dynamic";

// The gateway sends the customer's browser back here with a signed message (a link, or a form some gateways
// post); then back to the merchant when the payment is done with, else on to the result page, which shows this
// attempt's outcome (a tab whose attempt was replaced by a newer one learns so). The form comes from the gateway's
// site: its signature is what counts.
const comeBack = handleRoute<{ pg: string }>(async (request, { params }) => {
  const { pg } = await params;
  const message = await readGatewayMessage(request);
  const recorded = await recordGatewayResult({ ctx: appContext(), input: { pg, channel: "return", ...message } });
  const answer = seeOther(await returnDestination({ ctx: appContext(), input: recorded }));
  // As from the result page: the merchant is not told which page of ours the customer came from.
  answer.headers.set("Referrer-Policy", referrerPolicy(true));
  return answer;
}, { otherSites: "accepted" });
export { comeBack as GET, comeBack as POST };
