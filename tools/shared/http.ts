/** One HTTP request, as the bench loads it with autocannon (tools/bench/load.ts) or sends it once. */
export interface Target {
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  /** Bodies sent in turn instead of `body`, each request (over all connections) taking the next. */
  bodies?: string[];
  /** The only status counted as a success (otherwise any 2xx). */
  status?: number;
}

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

const decodeEntities = (text: string) =>
  text.replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

/** The hidden fields of a page's first server-action form (Next.js's action id and state), as name-value pairs. */
export function actionFormFields(html: string, pageUrl: string): [string, string][] {
  const form = /<form\b[^>]*\baction=""[^>]*>([\s\S]*?)<\/form>/.exec(html)?.[1];
  if (!form) throw new Error(`${pageUrl} has no server-action form.`);
  return [...form.matchAll(/<input\b[^>]*type="hidden"[^>]*>/g)].flatMap(([input]) => {
    const name = /\bname="([^"]*)"/.exec(input)?.[1];
    return name ? [[decodeEntities(name), decodeEntities(/\bvalue="([^"]*)"/.exec(input)?.[1] ?? "")] as [string, string]] : [];
  });
}

/**
 * Sends a page's first server-action form as a browser without scripts does (the sandbox card form): GET the page,
 * POST its hidden fields plus `fields` as multipart to the page's own address with the page's Origin. The answer
 * must be a 303; returns its Location.
 */
export async function submitActionForm(pageUrl: string, fields: Record<string, string>): Promise<string> {
  const body = new FormData();
  for (const [name, value] of [...actionFormFields(await (await fetch(pageUrl)).text(), pageUrl), ...Object.entries(fields)]) body.append(name, value);
  const response = await fetch(pageUrl, { method: "POST", body, headers: { Origin: new URL(pageUrl).origin }, redirect: "manual" });
  const location = response.headers.get("location");
  if (response.status !== 303 || !location) {
    throw new Error(`POST ${pageUrl} (server action) answered ${response.status} (expected 303 with a Location): ${(await response.text()).slice(0, 300)}`);
  }
  return new URL(location, pageUrl).toString();
}
