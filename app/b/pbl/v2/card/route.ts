import { listCards } from "@/lib/checkout/cards/list-cards";
import { appContext } from "@/lib/core/context";
import { authenticateRequest } from "@/lib/http/authenticate-request";
import { handleRoute } from "@/lib/http/handle-route";
import { paymentJson } from "@/lib/http/json-response";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { parseBody } from "@/lib/http/parse-body";

export const dynamic = "force-dynamic";

// A customer's saved cards (ottu-py's cards.list / cards.get): a bare JSON array, as Ottu answers.
export const POST = handleRoute(async (request) => {
  const ctx = appContext();
  const caller = await authenticateRequest(ctx, request);
  const { fields } = await parseBody(request);
  return paymentJson(await listCards({ ctx, input: { caller, fields } }));
});

const others = methodNotAllowed(["POST"]);
export { others as GET, others as PUT, others as PATCH, others as DELETE };
