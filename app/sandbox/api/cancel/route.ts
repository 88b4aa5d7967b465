import { appContext } from "@/lib/context";
import { cancelSandboxPayment } from "@/lib/gateways/sandbox/cancel-sandbox-payment";
import { handleRoute } from "@/lib/http/handle-route";
import { seeOther } from "@/lib/http/see-other";

export const dynamic = "force-dynamic";

// The card page's "Cancel" link.
export const GET = handleRoute(async (request) => {
  const reference = new URL(request.url).searchParams.get("reference") ?? "";
  const { url } = await cancelSandboxPayment({ ctx: appContext(), input: { reference } });
  return seeOther(url);
});
