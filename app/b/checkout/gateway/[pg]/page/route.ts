import { appContext } from "@/lib/core/context";
import { handleRoute } from "@/lib/http/handle-route";
import { openGatewayPage } from "@/lib/checkout/payments/open-gateway-page";

export const dynamic = "force-dynamic";

// Where the pay route sends the customer for a gateway whose page is opened by its own script (MPGS).
export const GET = handleRoute<{ pg: string }>(async (request, { params }) => {
  const { pg } = await params;
  return openGatewayPage({ ctx: appContext(), input: { pg, params: Object.fromEntries(new URL(request.url).searchParams) } });
});
