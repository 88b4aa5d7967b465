import { loadMerchantRedirect } from "@/lib/checkout/checkout-page/load-merchant-redirect";
import { embedOriginOfAttempt } from "@/lib/checkout/sdk/embed-origin-of-attempt";
import type { Ctx } from "@/lib/core/context";
import type { RecordedResult } from "./record-gateway-result";
import { resultPageUrl } from "./result-page-url";

/**
 * Where a gateway's return sends the customer: straight back to the merchant when the result page would only
 * redirect there (the payment finished, its first webhook answered 200: the rule the proxy applies to that page),
 * saving the customer a round trip and the server a request; otherwise the result page. An attempt of the embedded
 * checkout's frame always goes to the result page, which tells the merchant's page the outcome.
 */
export async function returnDestination({ ctx, input }: { ctx: Ctx; input: RecordedResult }): Promise<string> {
  const framed = await embedOriginOfAttempt({ ctx, input: { reference: input.referenceNumber } });
  // Not sent on (no answer within the webhook's timeout): the result page's proxy reads the answer once more,
  // without waiting again, and one that came late still takes the customer back to the merchant.
  const merchant = framed ? null : await loadMerchantRedirect({ ctx, input: { sessionId: input.sessionId } });
  return merchant ?? resultPageUrl(input);
}
