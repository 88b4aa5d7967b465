import { appContext } from "@/lib/core/context";
import { BadRequest } from "@/lib/core/errors";
import { authenticateRequest } from "@/lib/http/authenticate-request";
import { handleRoute } from "@/lib/http/handle-route";
import { paymentJson } from "@/lib/http/json-response";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { parseBody } from "@/lib/http/parse-body";
import { readIdempotencyKey } from "@/lib/checkout/idempotency/idempotency-key";
import { performOperation } from "@/lib/checkout/operations/perform-operation";

export const dynamic = "force-dynamic";

// Operations on a transaction (ottu-py's cancel / expire / delete / capture / refund / void).
export const POST = handleRoute(async (request) => {
  const ctx = appContext();
  const caller = await authenticateRequest(ctx, request);
  const tracking = readIdempotencyKey(request.headers.get("tracking-key"), "Tracking-Key");
  const idempotency = readIdempotencyKey(request.headers.get("idempotency-key"));
  if (tracking && idempotency && tracking !== idempotency) throw new BadRequest("Tracking-Key and Idempotency-Key differ; send one of them.");
  const { fields } = await parseBody(request);
  const result = await performOperation({ ctx, input: { caller, fields, idempotencyKey: tracking ?? idempotency } });
  return paymentJson(result.body, result.status, result.replayed ? { "Idempotent-Replayed": "true" } : {});
});

const others = methodNotAllowed(["POST"]);
export { others as GET, others as PUT, others as PATCH, others as DELETE };
