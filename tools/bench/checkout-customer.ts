// One simulated customer of the full-checkout bench (checkout.ts), over plain HTTP as a browser without scripts:
// the merchant's create over the API, the payment page, Pay (the page's form), the sandbox card page and its form
// (the approve card), and the gateway's return, which sends the customer back to the merchant once the webhook was
// answered. Each request is a stage: its time and the Server-Timing the app answered with are kept.
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { Agent, FormData, request as send } from "undici";
import { apiHeaders } from "./api";
import { actionFormFields } from "../shared/http";

export const STAGES = ["create", "page", "pay", "cardPage", "charge", "return"] as const;
export type Stage = (typeof STAGES)[number];

export interface StageTiming {
  ms: number;
  /** The app's Server-Timing entries (db, gateway, webhook, app, total), ms. */
  server: Record<string, number>;
}

export interface Checkout {
  sessionId: string;
  stages: Partial<Record<Stage, StageTiming>>;
  /** performance.timeOrigin-based ms when the customer started and when the return sent it back to the merchant. */
  startedAt: number;
  finishedAt: number;
}

export interface Merchant {
  appUrl: string;
  apiKey: string;
  webhookUrl: string;
  redirectUrl: string;
}

const APPROVE_CARD = { card_number: "4111 1111 1111 1111", expiry: "12/39", cvv: "123", name: "Bench Customer" };
// Longer than the return may wait for the webhook's answer (WEBHOOK_TIMEOUT_SECONDS + 2 s).
const REQUEST_TIMEOUT_MS = 20_000;
/** What a browser accepts; the app compresses its pages for it as for a browser. */
const ACCEPT_ENCODING = "gzip, deflate, br";
const DECODE: Record<string, (body: Buffer) => Buffer> = { gzip: gunzipSync, deflate: inflateSync, br: brotliDecompressSync };
// undici's own request() with keep-alive connections rather than fetch(): the same HTTP for a third of the driver's
// CPU, which shares the machine with the app it measures.
const agent = new Agent({ keepAliveTimeout: 30_000, keepAliveMaxTimeout: 60_000 });

type Init = { method?: string; headers?: Record<string, string>; body?: string | URLSearchParams | FormData };

/** A stage that went wrong: the answer it got, or that it timed out. */
export class StageError extends Error {
  constructor(
    readonly stage: Stage,
    message: string,
    readonly timedOut = false,
  ) {
    super(`${stage}: ${message}`);
  }
}

/** The W3C Server-Timing header's entries with a duration, ms. */
export function parseServerTiming(header: string | null): Record<string, number> {
  const entries: Record<string, number> = {};
  for (const entry of header?.split(",") ?? []) {
    const [name, ...params] = entry.trim().split(";");
    const dur = params.map((p) => /^\s*dur=([\d.]+)\s*$/.exec(p)?.[1]).find((d) => d !== undefined);
    if (name && dur !== undefined) entries[name] = Number(dur);
  }
  return entries;
}

/** The first `<form method="post">` of a page: its action (resolved) and what a browser sends without changes. */
function postForm(html: string, pageUrl: string): { action: string; fields: URLSearchParams } {
  const form = /<form\b([^>]*\bmethod="post"[^>]*)>([\s\S]*?)<\/form>/i.exec(html);
  const action = form && /\baction="([^"]*)"/.exec(form[1]!)?.[1];
  if (!form || !action) throw new Error(`${pageUrl} has no form to post.`);
  const fields = new URLSearchParams();
  for (const [input] of form[2]!.matchAll(/<input\b[^>]*>/g)) {
    const name = /\bname="([^"]*)"/.exec(input)?.[1];
    const type = /\btype="([^"]*)"/.exec(input)?.[1] ?? "text";
    const chosen = type === "hidden" || ((type === "radio" || type === "checkbox") && /\schecked(=|\s|>|\/)/.test(input));
    if (name && chosen) fields.append(name, /\bvalue="([^"]*)"/.exec(input)?.[1] ?? "on");
  }
  return { action: new URL(action, pageUrl).toString(), fields };
}

/** The whole checkout; throws a StageError at the first stage that fails. `afterStage` is told each stage's end. */
export async function checkOut(merchant: Merchant, orderNo: string, afterStage?: (stage: Stage) => void): Promise<Checkout> {
  const startedAt = performance.now();
  const stages: Checkout["stages"] = {};
  /** One request of `stage`: it must answer `expect` (a status, or any redirect); returns the response and its body. */
  const request = async (stage: Stage, url: string, init: Init, expect: number | "redirect") => {
    const started = performance.now();
    let status: number;
    let headers: Record<string, string | string[] | undefined>;
    let body: string;
    try {
      const form = init.body instanceof URLSearchParams;
      const response = await send(url, {
        method: (init.method ?? "GET") as "GET",
        headers: { "accept-encoding": ACCEPT_ENCODING, ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}), ...init.headers },
        body: form ? init.body!.toString() : (init.body as string | FormData | undefined),
        dispatcher: agent,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      ({ statusCode: status, headers } = response);
      const raw = Buffer.from(await response.body.arrayBuffer());
      const encoding = headers["content-encoding"];
      body = (typeof encoding === "string" && DECODE[encoding] ? DECODE[encoding](raw) : raw).toString("utf8");
    } catch (error) {
      throw new StageError(stage, (error as Error).message, (error as Error).name === "TimeoutError");
    }
    const header = (name: string) => (typeof headers[name] === "string" ? (headers[name] as string) : null);
    stages[stage] = { ms: performance.now() - started, server: parseServerTiming(header("server-timing")) };
    afterStage?.(stage);
    const redirect = status >= 300 && status < 400 && header("location") !== null;
    if (expect === "redirect" ? !redirect : status !== expect) {
      throw new StageError(stage, `${init.method ?? "GET"} ${url} answered ${status}: ${body.slice(0, 200)}`);
    }
    const location = redirect ? new URL(header("location")!, url).toString() : "";
    return { body, location };
  };

  const created = await request(
    "create",
    `${merchant.appUrl}/b/checkout/v1/pymt-txn/`,
    {
      method: "POST",
      headers: apiHeaders(merchant.apiKey),
      body: JSON.stringify({ amount: "10.500", currency_code: "KWD", pg_codes: ["card"], order_no: orderNo, webhook_url: merchant.webhookUrl, redirect_url: merchant.redirectUrl }),
    },
    201,
  );
  const { session_id: sessionId, checkout_url: checkoutUrl } = JSON.parse(created.body) as { session_id: string; checkout_url: string };
  const page = await request("page", checkoutUrl, {}, 200);
  const pay = postForm(page.body, checkoutUrl);
  const cardPageUrl = (await request("pay", pay.action, { method: "POST", body: pay.fields }, "redirect")).location;
  const cardPage = await request("cardPage", cardPageUrl, {}, 200);
  const card = new FormData();
  for (const [name, value] of [...actionFormFields(cardPage.body, cardPageUrl), ...Object.entries(APPROVE_CARD)]) card.append(name, value);
  const origin = new URL(cardPageUrl).origin;
  const back = (await request("charge", cardPageUrl, { method: "POST", body: card, headers: { Origin: origin } }, "redirect")).location;
  const home = (await request("return", back, {}, "redirect")).location;
  if (!home.startsWith(merchant.redirectUrl)) {
    throw new StageError("return", `the gateway's return sent the customer to ${home}, not back to the merchant.`);
  }
  return { sessionId, stages, startedAt, finishedAt: performance.now() };
}
