import { loadSdkSetup } from "@/lib/checkout/sdk/load-sdk-setup";
import { paymentJson } from "@/lib/http/json-response";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { sdkPreflight, sdkRoute } from "@/lib/http/sdk-route";

export const dynamic = "force-dynamic";

type Params = { sessionId: string };

// The Checkout SDK's setup: what the embedded checkout renders (public key, from one of its origins).
export const GET = sdkRoute<Params>(async (_request, { params, ctx }) => {
  const { sessionId } = await params;
  return paymentJson(await loadSdkSetup({ ctx, input: { sessionId } }));
});

export const OPTIONS = sdkPreflight(["GET"]);

const others = methodNotAllowed(["GET", "OPTIONS"]);
export { others as POST, others as PUT, others as PATCH, others as DELETE };
