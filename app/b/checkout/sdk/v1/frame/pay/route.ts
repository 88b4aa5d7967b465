import { frameParams } from "@/lib/checkout/sdk/frame-context";
import { openSdkFrame } from "@/lib/checkout/sdk/open-sdk-frame";
import { type FramePage, renderFramePage } from "@/lib/checkout/sdk/render-frame-page";
import { submitSdkPayment } from "@/lib/checkout/sdk/submit-sdk-payment";
import { appContext } from "@/lib/core/context";
import { ValidationFailed } from "@/lib/core/errors";
import { framePageResponse } from "@/lib/http/frame-page-response";
import { handleRoute } from "@/lib/http/handle-route";
import { readForm } from "@/lib/http/read-form";
import { seeOther } from "@/lib/http/see-other";

export const dynamic = "force-dynamic";

// The frame's Pay, once the merchant's page let it go on (beforePayment): the key and origin checked again, then
// the SDK's own start of a payment. A card page of ours opens in the frame; a gateway that cannot be framed is
// reached through the merchant's page (the frame says `redirecting`, checkout.js moves the whole window).
// The frame sends no referrer, so its form's Origin is `null`: what it asks is the session id's to ask anyway.
export const POST = handleRoute(
  async (request) => {
    const form = await readForm(request);
    const params = frameParams((name) => form[name]);
    const ctx = appContext();
    const frame = await openSdkFrame({ ctx, input: params });
    const answer = (page: FramePage, status = 200) => framePageResponse(renderFramePage(page, { ...params, origin: frame.origin }), frame.origin, status);
    if (frame.kind === "refused") return answer({ kind: "refused", message: frame.message }, frame.status);
    // Nothing started: the form again, saying why.
    const formAgain = (status: number, error: string) => answer({ kind: "form", setup: frame.setup, publicKey: params.publicKey, notice: null, error }, status);

    let started;
    try {
      started = await submitSdkPayment({ ctx, input: { sessionId: params.sessionId, fields: { pg_code: form.pg_code }, embedOrigin: frame.origin } });
    } catch (error) {
      if (!(error instanceof ValidationFailed)) throw error;
      return formAgain(400, Object.values(error.fields).flat().join(" "));
    }
    const { outcome, answer: submitted, startedOn } = started;
    if (outcome !== "started" || !submitted.redirect_url) return formAgain(outcome === "unavailable" ? 502 : 409, submitted.message);
    // The method it started on: another of the transaction's when the chosen one was unavailable.
    const method = frame.setup.payment_methods.find((m) => m.pg_code === startedOn)!;
    if (method.flow === "frame") return seeOther(submitted.redirect_url);
    return answer({ kind: "redirecting", url: submitted.redirect_url, methodName: method.name });
  },
  { otherSites: "accepted" },
);
