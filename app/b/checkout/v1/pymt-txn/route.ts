import { appContext } from "@/lib/core/context";
import { authenticateRequest } from "@/lib/http/authenticate-request";
import { handleRoute } from "@/lib/http/handle-route";
import { paymentJson } from "@/lib/http/json-response";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { parseBody } from "@/lib/http/parse-body";
import { readIdempotencyKey } from "@/lib/checkout/idempotency/idempotency-key";
import { createTransaction } from "@/lib/checkout/transactions/create-transaction";

export const dynamic = "force-dynamic";

export const POST = handleRoute(async (request) => {
  const ctx = appContext();
  const caller = await authenticateRequest(ctx, request);
  const idempotencyKey = readIdempotencyKey(request.headers.get("idempotency-key"));
  const { fields, files } = await parseBody(request);
  const result = await createTransaction({ ctx, input: { caller, fields, files, idempotencyKey } });
  return paymentJson(result.body, 201, result.replayed ? { "Idempotent-Replayed": "true" } : {});
});

const others = methodNotAllowed(["POST"]);
export { others as GET, others as PUT, others as PATCH, others as DELETE };
