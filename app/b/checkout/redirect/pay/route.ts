import { appContext } from "@/lib/context";
import { env } from "@/lib/env";
import { handleRoute } from "@/lib/http/handle-route";
import { readForm } from "@/lib/http/read-form";
import { seeOther } from "@/lib/http/see-other";
import { startPayment } from "@/lib/payments/start-payment";

export const dynamic = "force-dynamic";

const pagePath = (page: "start" | "result", sessionId: string) => `${env.APP_URL}/b/checkout/redirect/${page}/?session_id=${sessionId}`;

async function pay(sessionId: string, code: string): Promise<Response> {
  const result = await startPayment({ ctx: appContext(), input: { sessionId, code } });
  if (result.kind === "redirect") return seeOther(result.url);
  // An earlier attempt is with the bank: the result page waits for its answer. Expired or settled: the
  // payment page says so.
  return seeOther(pagePath(result.kind === "busy" ? "result" : "start", sessionId));
}

// payment_methods[].payment_url starts a payment directly; the payment page's form posts here.
export const GET = handleRoute(async (request) => {
  const q = new URL(request.url).searchParams;
  return pay(q.get("session_id") ?? "", q.get("code") ?? "");
});

export const POST = handleRoute(async (request) => {
  const form = await readForm(request);
  return pay(form.session_id ?? "", form.code ?? "");
});
