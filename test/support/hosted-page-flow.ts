import { expect } from "vitest";
import * as callbackRoute from "@/app/b/checkout/gateway/[pg]/callback/route";
import * as pageRoute from "@/app/b/checkout/gateway/[pg]/page/route";
import * as returnRoute from "@/app/b/checkout/gateway/[pg]/return/route";
import * as payRoute from "@/app/b/checkout/redirect/pay/route";
import * as getRoute from "@/app/b/checkout/v1/pymt-txn/[sessionId]/route";
import * as operationRoute from "@/app/b/pbl/v2/operation/route";
import type { Ctx } from "@/lib/core/context";
import { logger } from "@/lib/core/log/logger";
import { serveRoutes } from "./http-server";
import { events } from "./payment-flow";

/** Over HTTP, the app's routes a hosted-page payment goes through (pay, the gateway's legs, operations, GET); returns their base URL. */
export const serveGatewayRoutes = (): Promise<string> =>
  serveRoutes([
    { path: "/b/checkout/gateway/[pg]/callback", module: callbackRoute },
    { path: "/b/checkout/gateway/[pg]/return", module: returnRoute },
    { path: "/b/checkout/gateway/[pg]/page", module: pageRoute },
    { path: "/b/checkout/redirect/pay", module: payRoute },
    { path: "/b/pbl/v2/operation", module: operationRoute },
    { path: "/b/checkout/v1/pymt-txn/[sessionId]", module: getRoute },
  ]);

/**
 * The steps the tests of a hosted-page gateway (Stripe, MPGS) take against the app's routes served at `app.base`,
 * as the customer's browser and the merchant's API client would. Import it after pointing the app at the stand-in.
 */
export function hostedPageFlow(ctx: Ctx, app: { base: () => string; apiKey: () => string }) {
  /** The app's own address for one of its URLs (APP_URL differs from where the routes are served in tests). */
  const local = (url: string) => `${app.base()}${new URL(url).pathname}${new URL(url).search}`;
  return {
    local,
    /** The customer presses "pay" on the payment page: where the browser is sent. */
    async pay(sessionId: string, code: string): Promise<string> {
      const res = await fetch(`${app.base()}/b/checkout/redirect/pay/`, { method: "POST", body: new URLSearchParams({ session_id: sessionId, code }), redirect: "manual" });
      expect(res.status).toBe(303);
      return res.headers.get("location")!;
    },
    /** The browser following a redirect back to the app; returns where the app sends it. */
    async comeBack(url: string) {
      const res = await fetch(local(url), { redirect: "manual" });
      return { status: res.status, location: res.headers.get("location") ?? "", text: await res.text() };
    },
    attemptsOf: (sessionId: string) => ctx.db.selectFrom("payment_attempts").selectAll().where("session_id", "=", sessionId).orderBy("id").execute(),
    stateChanges: async (sessionId: string) => (await events(ctx, sessionId)).filter((e) => e.kind === "state_changed").map((e) => e.to_state),
    /** A money operation through the operations API. */
    operate: (body: Record<string, unknown>) =>
      fetch(`${app.base()}/b/pbl/v2/operation/`, { method: "POST", headers: { "content-type": "application/json", authorization: `Api-Key ${app.apiKey()}` }, body: JSON.stringify(body) }),
  };
}

/** What `fn` logged at `level`, as one string. */
export async function loggedAt(level: "warn" | "error", fn: () => Promise<unknown>): Promise<string> {
  const lines: unknown[] = [];
  const original = logger[level].bind(logger);
  logger[level] = ((...args: unknown[]) => void lines.push(args)) as typeof logger.warn;
  try {
    await fn();
  } finally {
    logger[level] = original;
  }
  return JSON.stringify(lines);
}
