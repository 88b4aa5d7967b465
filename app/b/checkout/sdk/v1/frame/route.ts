import { frameParams } from "@/lib/checkout/sdk/frame-context";
import { FRAME_MESSAGES } from "@/lib/checkout/sdk/frame-messages";
import { openSdkFrame } from "@/lib/checkout/sdk/open-sdk-frame";
import { renderFramePage } from "@/lib/checkout/sdk/render-frame-page";
import { appContext } from "@/lib/core/context";
import { framePageResponse } from "@/lib/http/frame-page-response";
import { handleRoute } from "@/lib/http/handle-route";

export const dynamic = "force-dynamic";

// The embedded checkout's frame (checkout.js loads it): the payment form, framable by the public key's origin only;
// or the reason it cannot be shown, posted to the embedding page as an error event.
export const GET = handleRoute(async (request) => {
  const query = new URL(request.url).searchParams;
  const params = frameParams((name) => query.get(name));
  const frame = await openSdkFrame({ ctx: appContext(), input: params });
  const context = { ...params, origin: frame.origin };
  if (frame.kind === "refused") {
    return framePageResponse(renderFramePage({ kind: "refused", message: frame.message }, context), frame.origin, frame.status);
  }
  const notice = frame.setup.state === "attempted" ? FRAME_MESSAGES[params.lang].retry : null;
  const page = { kind: "form" as const, setup: frame.setup, publicKey: params.publicKey, notice, error: null };
  return framePageResponse(renderFramePage(page, context), frame.origin);
});
