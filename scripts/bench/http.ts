import type { Target } from "./load";

/** One request that must succeed; returns its JSON body. */
export async function send<T = unknown>(target: Target): Promise<T> {
  const response = await fetch(target.url, { method: target.method ?? "GET", headers: target.headers, body: target.body });
  const text = await response.text();
  if (!response.ok) throw new Error(`${target.method ?? "GET"} ${target.url} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** Creates a transaction through the API (Api-Key auth) with `fields` added to a small KWD payment on "card". */
export async function createTransaction(baseUrl: string, apiKey: string, fields: Record<string, unknown> = {}) {
  return send<{ session_id: string; checkout_url: string }>({
    url: `${baseUrl}/b/checkout/v1/pymt-txn/`,
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Api-Key ${apiKey}` },
    body: JSON.stringify({ amount: "10.500", currency_code: "KWD", pg_codes: ["card"], ...fields }),
  });
}

/**
 * A form POST (or a GET without body) that must answer a 303; returns its Location, resolved against the request's
 * URL. The redirect is not followed.
 */
export async function expectSeeOther(url: string, form?: Record<string, string>): Promise<string> {
  const response = await fetch(url, form ? { method: "POST", body: new URLSearchParams(form), redirect: "manual" } : { redirect: "manual" });
  const text = await response.text();
  const location = response.headers.get("location");
  if (response.status !== 303 || !location) {
    throw new Error(`${form ? "POST" : "GET"} ${url} answered ${response.status} (expected 303 with a Location): ${text.slice(0, 300)}`);
  }
  return new URL(location, url).toString();
}
