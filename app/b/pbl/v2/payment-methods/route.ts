import { appContext } from "@/lib/core/context";
import { authenticateRequest } from "@/lib/http/authenticate-request";
import { handleRoute } from "@/lib/http/handle-route";
import { paymentJson } from "@/lib/http/json-response";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { parseBody } from "@/lib/http/parse-body";
import { listPaymentMethods } from "@/lib/checkout/payment-methods/list-payment-methods";

export const dynamic = "force-dynamic";

// The gateways a transaction can use, and a customer's saved cards on them (ottu-py's get_payment_methods).
export const POST = handleRoute(async (request) => {
  const ctx = appContext();
  const caller = await authenticateRequest(ctx, request);
  const { fields } = await parseBody(request);
  return paymentJson(await listPaymentMethods({ ctx, input: { caller, fields } }));
});

const others = methodNotAllowed(["POST"]);
export { others as GET, others as PUT, others as PATCH, others as DELETE };
