import { appContext } from "@/lib/core/context";
import { authenticateRequest } from "@/lib/http/authenticate-request";
import { handleRoute } from "@/lib/http/handle-route";
import { paymentJson } from "@/lib/http/json-response";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { parseBody } from "@/lib/http/parse-body";
import { findOwnTransaction } from "@/lib/checkout/transactions/find-own-transaction";
import { getTransaction } from "@/lib/checkout/transactions/get-transaction";
import { updateTransaction } from "@/lib/checkout/transactions/update-transaction";

export const dynamic = "force-dynamic";

type Params = { sessionId: string };

// Reading is public: the session id (160 random bits) is the capability.
export const GET = handleRoute<Params>(async (_request, { params }) => {
  const { sessionId } = await params;
  return paymentJson(await getTransaction({ ctx: appContext(), input: { sessionId } }));
});

const update = (replace: boolean) =>
  handleRoute<Params>(async (request, { params }) => {
    const ctx = appContext();
    const caller = await authenticateRequest(ctx, request);
    const { sessionId } = await params;
    // Scope comes first: another scope's transaction is not found, as an unknown id, before the body is read.
    await findOwnTransaction(ctx.db, caller, sessionId);
    const { fields, files } = await parseBody(request);
    return paymentJson(await updateTransaction({ ctx, input: { caller, sessionId, fields, files, replace } }));
  });

export const PATCH = update(false);
export const PUT = update(true);

const others = methodNotAllowed(["GET", "PATCH", "PUT"]);
export { others as POST, others as DELETE };
