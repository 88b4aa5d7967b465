import { deleteCard } from "@/lib/checkout/cards/delete-card";
import { appContext } from "@/lib/core/context";
import { authenticateRequest } from "@/lib/http/authenticate-request";
import { handleRoute } from "@/lib/http/handle-route";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

type Params = { token: string };

// Removes a saved card (ottu-py's cards.delete, which sends customer_id and type as query parameters).
export const DELETE = handleRoute<Params>(async (request, { params }) => {
  const ctx = appContext();
  const caller = await authenticateRequest(ctx, request);
  const { token } = await params;
  const query = Object.fromEntries(new URL(request.url).searchParams.entries());
  await deleteCard({ ctx, input: { caller, token, query } });
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
});

const others = methodNotAllowed(["DELETE"]);
export { others as GET, others as POST, others as PUT, others as PATCH };
