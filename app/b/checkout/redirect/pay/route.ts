import {
  clearedTypedFieldsCookie,
  hasTypedFieldsCookie,
  typedFieldsCookie,
} from "@/lib/checkout/checkout-page/typed-fields-cookie";
import { appContext } from "@/lib/core/context";
import { env } from "@/lib/core/env";
import { GatewayUnavailable, ValidationFailed } from "@/lib/core/errors";
import { handleRoute } from "@/lib/http/handle-route";
import { readForm } from "@/lib/http/read-form";
import { seeOther } from "@/lib/http/see-other";
import type { TypedPageFields } from "@/lib/checkout/page-fields/page-fields";
import { logger } from "@/lib/core/log/logger";
import { startPayment } from "@/lib/checkout/payments/start-payment";
import { noteEmbedOrigin } from "@/lib/checkout/sdk/embed-origin-of-attempt";

export const dynamic = "force-dynamic";

const pagePath = (page: "start" | "result", sessionId: string) => `${env.APP_URL}/b/checkout/redirect/${page}/?session_id=${sessionId}`;

async function pay(request: Request, sessionId: string, code: string, typed?: TypedPageFields): Promise<Response> {
  let response: Response;
  try {
    const result = await startPayment({ ctx: appContext(), input: { sessionId, code, pageFields: typed } });
    // The hosted page's attempt is never framed: its card page need not ask the database.
    if (result.kind === "redirect") noteEmbedOrigin(result.referenceNumber, null);
    // An earlier attempt is with the bank: the result page waits for its answer. Expired or settled: the
    // payment page says so.
    response = seeOther(result.kind === "redirect" ? result.url : pagePath(result.kind === "busy" ? "result" : "start", sessionId));
  } catch (error) {
    // The gateway is down or refuses our credentials: back to the page, which says so (the log has why).
    if (error instanceof GatewayUnavailable) {
      logger.error({ sessionId, code, reason: error.message }, "payment method unavailable");
      return seeOther(`${pagePath("start", sessionId)}&unavailable=1`);
    }
    // The address or delivery location a legacy page asks for is missing or wrong: back to the page, which shows
    // what was typed with each field's problem (a payment_url link sent nothing: the page simply asks).
    if (!(error instanceof ValidationFailed)) throw error;
    const back = seeOther(pagePath("start", sessionId));
    if (typed) back.headers.append("Set-Cookie", typedFieldsCookie(sessionId, typed));
    return back;
  }
  if (hasTypedFieldsCookie(request.headers.get("cookie"))) response.headers.append("Set-Cookie", clearedTypedFieldsCookie());
  return response;
}

// payment_methods[].payment_url starts a payment directly; the payment page's form posts here. That page sends no
// referrer, so its form's Origin is `null`; and a link from anywhere does the same with GET.
export const GET = handleRoute(async (request) => {
  const q = new URL(request.url).searchParams;
  return pay(request, q.get("session_id") ?? "", q.get("code") ?? "");
});

export const POST = handleRoute(
  async (request) => {
    const { session_id, code, ...typed } = await readForm(request);
    return pay(request, session_id ?? "", code ?? "", typed);
  },
  { otherSites: "accepted" },
);
