// The hosted payment page behind checkout_url: time to first byte under load and one request at a time, against the
// framework's floor (a bare App Router page of the same build, /bench/framework-floor) and the physical one (a bare
// node:http server reading the transaction and writing a small form); the JavaScript it ships beyond the floor's;
// and its Largest Contentful Paint on an emulated phone.
import type { ChildProcess } from "node:child_process";
import http from "node:http";
import { gzipSync } from "node:zlib";
import { BASELINE_URL, measureInRounds, roundSeconds, startBaseline } from "./api";
import { loadedScripts, measureLcp } from "./browser";
import { type Figures, measure } from "./load";
import { summarize, type Summary } from "../shared/stats";

export const PAGE_CONNECTIONS = 10;
export const SEQUENTIAL_REQUESTS = 200;
/** What the payment page may ship beyond the framework floor page's JavaScript. */
export const OWN_JS_BUDGET_BYTES = 15 * 1024;
export const TTFB_TARGETS = { p50: 15, p99: 50 };
export const LCP_TARGET_MS = 2500;

export interface ScriptSize {
  /** The script's address, or "inline #n". */
  source: string;
  bytes: number;
  gzipBytes: number;
}

export interface Shipped {
  html: { bytes: number; gzipBytes: number };
  /** Script files the browser fetched for the page. */
  files: ScriptSize[];
  /** Inline scripts: Next's bootstrap and the page's React Server Components payload (data for hydration). */
  inlineGzipBytes: number;
  filesGzipBytes: number;
}

export interface PageFigures {
  loaded: Figures;
  /** The framework floor page under the same load, measured right before the payment page in each round. */
  floorLoaded: Figures;
  /** One keep-alive connection, one request after the other: first byte (headers) and whole response, ms. */
  sequential: { firstByte: Summary; complete: Summary };
  floorFirstByte: Summary;
  baselineFirstByte: Summary;
  page: Shipped;
  floor: Shipped;
  /** The payment page's script files that the floor page does not load: ours. */
  own: ScriptSize[];
  ownGzipBytes: number;
  lcp: Summary;
  floorLcp: Summary;
}

/** Measures GET `url` (a payment page in state "created") against `floorUrl` and the node:http baseline page. */
export async function measurePaymentPage(
  url: string,
  floorUrl: string,
  dbUrl: string,
  helpers: ChildProcess[],
  seconds: number,
  warmUpSeconds: number,
): Promise<PageFigures> {
  await measure({ url: floorUrl }, warmUpSeconds, PAGE_CONNECTIONS);
  await measure({ url }, warmUpSeconds, PAGE_CONNECTIONS);
  // In rounds, the floor page right before the payment page in each, as the API sections are measured: a slower
  // minute of the host skews both alike, and the median round reads through it.
  const urls = { floorPage: floorUrl, paymentPage: url };
  const load = (name: keyof typeof urls) => measure({ url: urls[name] }, roundSeconds(seconds), PAGE_CONNECTIONS);
  const rounds = await measureInRounds<keyof typeof urls>(["floorPage", "paymentPage"], seconds, load, PAGE_CONNECTIONS);
  const [floorLoaded, loaded] = [rounds.floorPage!, rounds.paymentPage!];

  process.stderr.write(`Measuring first bytes (1 connection, ${SEQUENTIAL_REQUESTS} sequential requests each) …\n`);
  await startBaseline(dbUrl, helpers);
  const baselineUrl = `${BASELINE_URL}/page/${new URL(url).searchParams.get("session_id")}`;
  const sequential = await sequentialTimes(url, SEQUENTIAL_REQUESTS);
  const floorFirstByte = (await sequentialTimes(floorUrl, SEQUENTIAL_REQUESTS)).firstByte;
  const baselineFirstByte = (await sequentialTimes(baselineUrl, SEQUENTIAL_REQUESTS)).firstByte;

  const [page, floor] = [await shippedScripts(url), await shippedScripts(floorUrl)];
  const floorSources = new Set(floor.files.map((f) => f.source));
  const own = page.files.filter((f) => !floorSources.has(f.source));

  process.stderr.write("Measuring Largest Contentful Paint on an emulated phone (payment page, then floor page) …\n");
  const lcp = await measureLcp(url);
  const floorLcp = await measureLcp(floorUrl);
  return {
    loaded,
    floorLoaded,
    sequential,
    floorFirstByte,
    baselineFirstByte,
    page,
    floor,
    own,
    ownGzipBytes: own.reduce((sum, f) => sum + f.gzipBytes, 0),
    lcp,
    floorLcp,
  };
}

/** `count` GETs of `url` one after the other on one keep-alive connection (after 20 uncounted): first byte and whole response, ms. */
export async function sequentialTimes(url: string, count: number, headers: Record<string, string> = {}): Promise<PageFigures["sequential"]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const firstByte: number[] = [];
  const complete: number[] = [];
  try {
    for (let i = 0; i < 20; i++) await timedGet(url, agent, headers); // warm this connection and route
    for (let i = 0; i < count; i++) {
      const t = await timedGet(url, agent, headers);
      firstByte.push(t.firstByte);
      complete.push(t.complete);
    }
  } finally {
    agent.destroy();
  }
  return { firstByte: summarize(firstByte), complete: summarize(complete) };
}

function timedGet(url: string, agent: http.Agent, headers: Record<string, string>): Promise<{ firstByte: number; complete: number }> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const req = http.get(url, { agent, headers }, (res) => {
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

/**
 * The page's HTML, every script file the browser fetched for it (browser.ts), and its inline scripts. Sizes are
 * gzip (zlib's default level), as a server compressing them would send them.
 */
export async function shippedScripts(url: string, cookie?: string): Promise<Shipped> {
  const response = await fetch(url, { headers: cookie ? { cookie } : {} });
  const html = await response.text();
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script\s*>/gi)].map((m) => m[1] ?? "").join("");
  const files: ScriptSize[] = [];
  for (const address of await loadedScripts(url, cookie)) {
    const res = await fetch(address);
    const body = Buffer.from(await res.arrayBuffer());
    if (!res.ok) throw new Error(`The script ${address} of ${url} answered ${res.status}`);
    files.push({ source: new URL(address).pathname, bytes: body.length, gzipBytes: gzipBytes(body) });
  }
  return {
    html: { bytes: Buffer.byteLength(html), gzipBytes: gzipBytes(html) },
    files,
    inlineGzipBytes: inline ? gzipBytes(inline) : 0,
    filesGzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
  };
}
