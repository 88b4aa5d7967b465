import { autoDebit } from "@/lib/checkout/auto-debit/auto-debit";
import { appContext } from "@/lib/core/context";
import { authenticateRequest } from "@/lib/http/authenticate-request";
import { handleRoute } from "@/lib/http/handle-route";
import { paymentJson } from "@/lib/http/json-response";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { parseBody } from "@/lib/http/parse-body";

export const dynamic = "force-dynamic";

// A merchant-initiated charge of a saved card (ottu-py's auto_debit / auto_debit_autoflow).
export const POST = handleRoute(async (request) => {
  const ctx = appContext();
  const caller = await authenticateRequest(ctx, request);
  const { fields } = await parseBody(request);
  const answer = await autoDebit({ ctx, input: { caller, fields } });
  return paymentJson(answer.body, answer.status);
});

const others = methodNotAllowed(["POST"]);
export { others as GET, others as PUT, others as PATCH, others as DELETE };
