// A customer's payment through the real HTTP flow with the sandbox's approve card: the bench's webhook, operations and
// saved-card sections and the fault experiments pay this way.
import { expectSeeOther, submitActionForm } from "./http";

const APPROVE_CARD = { card_number: "4111111111111111", expiry: "12/39", cvv: "123", name: "Bench" };

/**
 * One customer's payment as a browser without scripts makes it, redirects not followed past our return URL: the
 * payment page's form → the sandbox card page and its form → our return URL. Returns its duration, ms.
 */
export async function pay(appUrl: string, sessionId: string): Promise<number> {
  const start = performance.now();
  await payReturning(appUrl, sessionId);
  return performance.now() - start;
}

/** The same payment, the card in `holder`'s name; returns the gateway's signed return URL the browser followed. */
export async function payReturning(appUrl: string, sessionId: string, holder = APPROVE_CARD.name): Promise<string> {
  const cardPage = await expectSeeOther(`${appUrl}/b/checkout/redirect/pay/`, { session_id: sessionId, code: "card" });
  if (!/^\/sandbox\/pay\/[^/?#]+$/.test(new URL(cardPage).pathname)) {
    throw new Error(`The pay action sent the customer to ${cardPage}, not to the sandbox card page.`);
  }
  const back = await submitActionForm(cardPage, { ...APPROVE_CARD, name: holder });
  if (!new URL(back).pathname.startsWith("/b/checkout/gateway/sandbox/return")) {
    throw new Error(`The sandbox's charge sent the customer to ${back}, not to our return URL.`);
  }
  // The result page, or the merchant's redirect when that page would only send the customer there.
  const result = await expectSeeOther(back);
  if (result.startsWith(appUrl) && !new URL(result).pathname.startsWith("/b/checkout/redirect/result")) {
    throw new Error(`Our return URL sent the customer to ${result}, neither to the result page nor back to the merchant.`);
  }
  return back;
}
