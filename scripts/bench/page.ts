// The hosted payment page behind checkout_url: time to first byte under load and one request at a time, and the
// JavaScript it ships (it is a Pages Router page with unstable_runtimeJS: false, so expected 0 bytes).
import http from "node:http";
import { gzipSync } from "node:zlib";
import { type Figures, measure } from "./load";
import { summarize, type Summary } from "./stats";

export const PAGE_CONNECTIONS = 10;
export const SEQUENTIAL_REQUESTS = 200;
export const JS_BUDGET_BYTES = 50 * 1024;

export interface ScriptSize {
  /** The script's address, or "inline #n". */
  source: string;
  bytes: number;
  gzipBytes: number;
}

export interface PageFigures {
  loaded: Figures;
  /** One keep-alive connection, one request after the other: first byte (headers) and whole response, ms. */
  sequential: { firstByte: Summary; complete: Summary };
  html: { bytes: number; gzipBytes: number };
  scripts: ScriptSize[];
  /** Inline <script> elements that are data, not code (type="application/json" and the like), gzip bytes. */
  dataScriptGzipBytes: number;
  jsGzipBytes: number;
}

/** Measures GET `url` (a payment page in state "pay"): autocannon for `seconds`, then sequential requests, then its scripts. */
export async function measurePaymentPage(url: string, seconds: number, warmUpSeconds: number): Promise<PageFigures> {
  await measure({ url }, warmUpSeconds, PAGE_CONNECTIONS);
  process.stderr.write(`Measuring the payment page (${PAGE_CONNECTIONS} connections, ${seconds} s) …\n`);
  const loaded = await measure({ url }, seconds, PAGE_CONNECTIONS);
  process.stderr.write(`  ${loaded.rps.toFixed(0)} req/s, p50 ${loaded.p50} ms, p99 ${loaded.p99} ms, ${loaded.failed} failed\n`);
  process.stderr.write(`Measuring the payment page (1 connection, ${SEQUENTIAL_REQUESTS} sequential requests) …\n`);
  const sequential = await sequentialTimes(url, SEQUENTIAL_REQUESTS);
  const shipped = await shippedScripts(url);
  return { loaded, sequential, ...shipped };
}

async function sequentialTimes(url: string, count: number): Promise<PageFigures["sequential"]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const firstByte: number[] = [];
  const complete: number[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const t = await timedGet(url, agent);
      firstByte.push(t.firstByte);
      complete.push(t.complete);
    }
  } finally {
    agent.destroy();
  }
  return { firstByte: summarize(firstByte), complete: summarize(complete) };
}

function timedGet(url: string, agent: http.Agent): Promise<{ firstByte: number; complete: number }> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const req = http.get(url, { agent }, (res) => {
      const firstByte = performance.now() - start;
      if (res.statusCode !== 200) reject(new Error(`GET ${url} answered ${res.statusCode}`));
      res.on("data", () => undefined);
      res.on("end", () => resolve({ firstByte, complete: performance.now() - start }));
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

const gzipBytes = (data: Buffer | string) => gzipSync(data).length;
const attribute = (attrs: string, name: string) =>
  new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(attrs)?.slice(1).find((v) => v !== undefined);
const JS_TYPES = ["", "text/javascript", "application/javascript", "module"];

/**
 * The page's HTML and every script it makes the browser load or run: <script src>, <link rel=modulepreload> and
 * <link rel=preload as=script> (fetched and gzipped here), and inline <script> bodies. Sizes are gzip (zlib's default
 * level), as a server compressing them would send them.
 */
async function shippedScripts(url: string): Promise<Pick<PageFigures, "html" | "scripts" | "dataScriptGzipBytes" | "jsGzipBytes">> {
  const response = await fetch(url);
  const html = await response.text();
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  const sources = new Set<string>();
  const scripts: ScriptSize[] = [];
  let dataScriptGzipBytes = 0;
  let inline = 0;
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attrs = m[1] ?? "";
    const src = attribute(attrs, "src");
    if (src) sources.add(new URL(src, url).toString());
    else if (JS_TYPES.includes((attribute(attrs, "type") ?? "").toLowerCase())) {
      const body = m[2] ?? "";
      if (body.trim()) scripts.push({ source: `inline #${++inline}`, bytes: Buffer.byteLength(body), gzipBytes: gzipBytes(body) });
    } else dataScriptGzipBytes += gzipBytes(m[2] ?? "");
  }
  for (const m of html.matchAll(/<link\b([^>]*)>/gi)) {
    const attrs = m[1] ?? "";
    const rel = (attribute(attrs, "rel") ?? "").toLowerCase();
    const preload = rel === "modulepreload" || (rel === "preload" && (attribute(attrs, "as") ?? "").toLowerCase() === "script");
    const href = attribute(attrs, "href");
    if (preload && href) sources.add(new URL(href, url).toString());
  }
  for (const source of sources) {
    const res = await fetch(source);
    const body = Buffer.from(await res.arrayBuffer());
    if (!res.ok) throw new Error(`The payment page's script ${source} answered ${res.status}`);
    scripts.push({ source, bytes: body.length, gzipBytes: gzipBytes(body) });
  }
  return {
    html: { bytes: Buffer.byteLength(html), gzipBytes: gzipBytes(html) },
    scripts,
    dataScriptGzipBytes,
    jsGzipBytes: scripts.reduce((sum, s) => sum + s.gzipBytes, 0),
  };
}
