// The embedded checkout (docs/embedded-checkout.md) on a phone: from Checkout.init on a shop's page, served from
// another origin, to the frame's `ready` event, over first visits with the hosted page's phone profile; and the
// JavaScript the SDK adds: checkout.js on the shop's page, frame.js in our frame.
import http from "node:http";
import { gzipSync } from "node:zlib";
import { createTransaction } from "../shared/http";
import { summarize, type Summary } from "../shared/stats";
import { LCP_LOADS, onPhone, withBrowser } from "./browser";

export const SHOP_HOST = "127.0.0.1";
/** The shop's origin is another port on the same host: another origin to the browser. */
export const SHOP_PORT = Number(process.env.BENCH_SHOP_PORT ?? 3304);
export const SHOP_ORIGIN = `http://${SHOP_HOST}:${SHOP_PORT}`;
export const READY_TARGET_MS = 1500;
export const CHECKOUT_JS_BUDGET_BYTES = 8 * 1024;
export const FRAME_JS_BUDGET_BYTES = 15 * 1024;

export interface EmbeddedFigures {
  /** Checkout.init to the `ready` event, ms. */
  initToReady: Summary;
  checkoutJsGzipBytes: number;
  frameJsGzipBytes: number;
}

/** The shop's page: the SDK's script from the service, then Checkout.init, noting when `ready` (or an error) came. */
const shopPage = (appUrl: string, sessionId: string, publicKey: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Shop</title></head>
<body><h1>Shop</h1><div id="checkout"></div>
<script src="${appUrl}/b/checkout/sdk/v1/checkout.js"></script>
<script>
  const started = performance.now();
  Checkout.init({ selector: "checkout", session_id: ${JSON.stringify(sessionId)}, apiKey: ${JSON.stringify(publicKey)}, lang: "en",
    onEvent: (event) => { if (event.type === "ready") window.readyAfter = performance.now() - started; },
    errorCallback: (event) => { window.readyError = event.message || event.type; } });
</script></body></html>`;

const gzipBytesOf = async (url: string) => gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer())).length;

export async function measureEmbedded(appUrl: string, apiKey: string, publicKey: string): Promise<EmbeddedFigures> {
  const pages = new Map<string, string>();
  const shop = http.createServer((req, res) => {
    const html = pages.get(new URL(req.url ?? "/", SHOP_ORIGIN).searchParams.get("session_id") ?? "");
    res.writeHead(html ? 200 : 404, { "Content-Type": "text/html; charset=utf-8" }).end(html ?? "");
  });
  await new Promise<void>((resolve) => shop.listen(SHOP_PORT, SHOP_HOST, resolve));
  try {
    process.stderr.write(`Measuring the embedded checkout: Checkout.init to ready on an emulated phone (${LCP_LOADS} first visits) …\n`);
    const samples = await withBrowser(async (browser) => {
      const times: number[] = [];
      for (let i = 0; i < LCP_LOADS; i++) {
        // A transaction of its own each time, so that every visit renders a payable one from scratch.
        const { session_id: sessionId } = await createTransaction(appUrl, apiKey);
        pages.set(sessionId, shopPage(appUrl, sessionId, publicKey));
        const { context, page } = await onPhone(browser);
        await page.goto(`${SHOP_ORIGIN}/?session_id=${sessionId}`, { waitUntil: "load", timeout: 60_000 });
        const outcome = await page.waitForFunction(() => (window as { readyAfter?: number; readyError?: string }).readyAfter ?? (window as { readyError?: string }).readyError, null, { timeout: 60_000 });
        const value = await outcome.jsonValue();
        if (typeof value !== "number") throw new Error(`the embedded checkout did not get ready: ${String(value)}`);
        times.push(value);
        await context.close();
      }
      return times;
    });
    return {
      initToReady: summarize(samples),
      checkoutJsGzipBytes: await gzipBytesOf(`${appUrl}/b/checkout/sdk/v1/checkout.js`),
      frameJsGzipBytes: await gzipBytesOf(`${appUrl}/b/checkout/sdk/v1/frame.js`),
    };
  } finally {
    await new Promise((resolve) => shop.close(resolve));
  }
}
