// The cost of metrics and tracing: create and GET throughput of the app started three ways in the same run (both
// off; metrics on and scraped; tracing on, exporting to a local collector that accepts everything), in rounds of
// off → metrics → tracing → tracing → metrics → off, so that a drift in the machine's load weighs on each alike.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { apiHeaders } from "./api";
import { APP_URL, startApp } from "./app";
import { type Figures, measure, type Target } from "./load";
import { send } from "../shared/http";

export const MODES = ["off", "metrics", "tracing"] as const;
export type Mode = (typeof MODES)[number];
/** Each mode is started this many times (in both orders). */
export const ROUNDS = 2;
/** Scrapes of /metrics during the metrics mode's load, one each this often (Prometheus's default is 15 s). */
export const SCRAPE_EVERY_MS = 1_000;
const WARM_UP_SECONDS = 3;
const TOKEN = "bench-metrics-token-0123456789";

export interface ObservabilityFigures {
  /** Each mode's create and GET, averaged over its rounds. */
  figures: Record<Mode, { create: Figures; read: Figures }>;
  scrapes: number;
  /** OTLP export requests the collector received, and their bytes. */
  exports: { requests: number; bytes: number };
}

const BODY = JSON.stringify({ amount: "10.500", currency_code: "KWD", pg_codes: ["card"] });

export async function measureObservability(apiKey: string, seconds: number): Promise<ObservabilityFigures> {
  const collector = await startCollector();
  const env: Record<Mode, Record<string, string>> = {
    off: { METRICS_TOKEN: "", OTEL_EXPORTER_OTLP_ENDPOINT: "" },
    metrics: { METRICS_TOKEN: TOKEN, OTEL_EXPORTER_OTLP_ENDPOINT: "" },
    tracing: { METRICS_TOKEN: "", OTEL_EXPORTER_OTLP_ENDPOINT: collector.url },
  };
  const runs: Record<Mode, { create: Figures; read: Figures }[]> = { off: [], metrics: [], tracing: [] };
  let scrapes = 0;
  try {
    const order = Array.from({ length: ROUNDS }, (_, i) => (i % 2 === 0 ? [...MODES] : [...MODES].reverse())).flat();
    for (const mode of order) {
      process.stderr.write(`Observability: app with ${mode} …\n`);
      const stopApp = await startApp(env[mode]);
      try {
        const create: Target = { url: `${APP_URL}/b/checkout/v1/pymt-txn/`, method: "POST", headers: apiHeaders(apiKey), body: BODY };
        const { session_id: sessionId } = await send<{ session_id: string }>(create);
        const read: Target = { url: `${APP_URL}/b/checkout/v1/pymt-txn/${sessionId}` };
        await measure(create, WARM_UP_SECONDS);
        await measure(read, WARM_UP_SECONDS);
        const scraper = mode === "metrics" ? startScraper() : null;
        const figures = { create: await measure(create, seconds), read: await measure(read, seconds) };
        if (scraper) scrapes += await scraper.stop();
        process.stderr.write(`  create ${figures.create.rps.toFixed(0)} req/s, GET ${figures.read.rps.toFixed(0)} req/s\n`);
        runs[mode].push(figures);
      } finally {
        await stopApp();
      }
    }
  } finally {
    await collector.close();
  }
  const average = (list: Figures[]): Figures => {
    const mean = (key: keyof Figures) => list.reduce((sum, f) => sum + f[key], 0) / list.length;
    return { rps: mean("rps"), p50: mean("p50"), p99: mean("p99"), total: mean("total"), failed: list.reduce((s, f) => s + f.failed, 0) };
  };
  const figures = Object.fromEntries(
    MODES.map((m) => [m, { create: average(runs[m].map((r) => r.create)), read: average(runs[m].map((r) => r.read)) }]),
  ) as ObservabilityFigures["figures"];
  return { figures, scrapes, exports: collector.received };
}

/** Scrapes /metrics every SCRAPE_EVERY_MS; stop() returns how many answered 200 (throws on any other answer). */
function startScraper(): { stop(): Promise<number> } {
  let ok = 0;
  let failure: Error | null = null;
  const scrape = async () => {
    const res = await fetch(`${APP_URL}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    await res.text();
    if (res.status === 200) ok++;
    else failure ??= new Error(`/metrics answered ${res.status}`);
  };
  let last = scrape();
  const timer = setInterval(() => (last = last.then(scrape)), SCRAPE_EVERY_MS);
  return {
    async stop() {
      clearInterval(timer);
      await last;
      if (failure) throw failure;
      return ok;
    },
  };
}

/** An OTLP/HTTP collector on 127.0.0.1 that reads every export and answers 200 at once, keeping only counts. */
async function startCollector() {
  const received = { requests: 0, bytes: 0 };
  const server = http.createServer((req, res) => {
    req.on("data", (c: Buffer) => (received.bytes += c.length));
    req.on("end", () => {
      received.requests++;
      res.writeHead(200, { "Content-Type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}
