import { appContext } from "@/lib/core/context";
import { cancelSandboxPayment } from "@/lib/gateways/sandbox/cancel-sandbox-payment";
import { handleRoute } from "@/lib/http/handle-route";
import { readForm } from "@/lib/http/read-form";
import { seeOther } from "@/lib/http/see-other";

export const dynamic = "force-dynamic";

// The card page's "Cancel" and "Return to the shop" forms: cancels a payment still waiting for the card (a
// settled one stays as it is) and sends the browser back to the shop.
export const POST = handleRoute(async (request) => {
  const form = await readForm(request);
  const { url } = await cancelSandboxPayment({ ctx: appContext(), input: { reference: form.reference ?? "" } });
  return seeOther(url);
});
