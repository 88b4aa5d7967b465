import { appContext } from "@/lib/core/context";
import { env } from "@/lib/core/env";
import { removeSavedCard } from "@/lib/gateways/sandbox/remove-saved-card";
import { handleRoute } from "@/lib/http/handle-route";
import { readForm } from "@/lib/http/read-form";
import { seeOther } from "@/lib/http/see-other";

export const dynamic = "force-dynamic";

// The card page's "Remove" buttons. Only that page posts here: a request without its Origin is refused. Back to
// the page, which says the card was removed, or (for a payment no longer waiting for its card) where it stands.
export const POST = handleRoute(
  async (request) => {
    const form = await readForm(request);
    const reference = form.reference ?? "";
    const { removed } = await removeSavedCard({ ctx: appContext(), input: { reference, cardId: form.card_id ?? "" } });
    return seeOther(`${env.APP_URL}/sandbox/pay/${encodeURIComponent(reference)}${removed ? "?removed=1" : ""}`);
  },
  { originRequired: true },
);
