import { appContext } from "@/lib/context";
import { env } from "@/lib/env";
import { ValidationFailed } from "@/lib/errors";
import { chargeCard } from "@/lib/gateways/sandbox/charge-card";
import { handleRoute } from "@/lib/http/handle-route";
import { readForm } from "@/lib/http/read-form";
import { seeOther } from "@/lib/http/see-other";

export const dynamic = "force-dynamic";

// The sandbox card form. Card data lives only in this request; a wrong field sends the customer back to the
// form with the field's name (never its value) in the address.
export const POST = handleRoute(async (request) => {
  const form = await readForm(request);
  const reference = form.reference ?? "";
  const input = form.saved_card_id
    ? { reference, cvv: form.cvv ?? "", savedCardId: form.saved_card_id }
    : {
        reference,
        cvv: form.cvv ?? "",
        cardNumber: form.card_number ?? "",
        expiry: form.expiry ?? "",
        name: form.name ?? "",
        saveCard: form.save_card === "on",
      };
  try {
    const { url } = await chargeCard({ ctx: appContext(), input });
    return seeOther(url);
  } catch (error) {
    if (!(error instanceof ValidationFailed)) throw error;
    const fields = Object.keys(error.fields).join(",");
    // Which of the page's two forms was sent, so that a CVV error shows at the right CVV field.
    const which = "savedCardId" in input ? "&form=saved" : "";
    return seeOther(`${env.APP_URL}/sandbox/pay/${encodeURIComponent(reference)}?error=${encodeURIComponent(fields)}${which}`);
  }
});
