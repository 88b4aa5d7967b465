import { appContext } from "@/lib/core/context";
import { authenticateRequest } from "@/lib/http/authenticate-request";
import { handleRoute } from "@/lib/http/handle-route";
import { paymentJson } from "@/lib/http/json-response";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { parseBody } from "@/lib/http/parse-body";
import { inquireTransaction } from "@/lib/checkout/payments/inquire-transaction";

export const dynamic = "force-dynamic";

// Payment status inquiry (ottu-py's `psq`): `{session_id | order_no}` → the transaction after asking its gateway.
export const POST = handleRoute(async (request) => {
  const ctx = appContext();
  const caller = await authenticateRequest(ctx, request);
  const { fields } = await parseBody(request);
  return paymentJson(await inquireTransaction({ ctx, input: { caller, fields } }));
});

const others = methodNotAllowed(["POST"]);
export { others as GET, others as PUT, others as PATCH, others as DELETE };
