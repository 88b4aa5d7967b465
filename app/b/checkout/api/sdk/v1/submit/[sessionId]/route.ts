import { submitSdkPayment } from "@/lib/checkout/sdk/submit-sdk-payment";
import { paymentJson } from "@/lib/http/json-response";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { parseBody } from "@/lib/http/parse-body";
import { sdkPreflight, sdkRoute } from "@/lib/http/sdk-route";

export const dynamic = "force-dynamic";

type Params = { sessionId: string };

const STATUS = { started: 200, refused: 409, unavailable: 502 } as const;

// The Checkout SDK's Pay (public key, from one of its origins): starts the payment as the hosted page's Pay does.
export const POST = sdkRoute<Params>(async (request, { params, ctx }) => {
  const { sessionId } = await params;
  const { fields } = await parseBody(request);
  const { outcome, answer } = await submitSdkPayment({ ctx, input: { sessionId, fields } });
  return paymentJson(answer, STATUS[outcome]);
});

export const OPTIONS = sdkPreflight(["POST"]);

const others = methodNotAllowed(["POST", "OPTIONS"]);
export { others as GET, others as PUT, others as PATCH, others as DELETE };
