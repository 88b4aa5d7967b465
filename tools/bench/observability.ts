// The cost of metrics and tracing: three web processes of the same build on the bench's database, started the same
// way but for one setting: both off; metrics on (METRICS_TOKEN), scraped all along; tracing on, exporting to a local
// collector that accepts everything. Loaded in turn, in short slices and rounds (each round in another order), so
// that a drift in the machine's load weighs on each alike: each round's ratio compares neighbours in time.
import { type ChildProcess, execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { apiHeaders } from "./api";
import { appEnv } from "./app";
import { type Figures, measure, type Target } from "./load";
import { send } from "../shared/http";
import { startScript, waitForOk } from "../shared/processes";

export const MODES = ["off", "metrics", "tracing"] as const;
export type Mode = (typeof MODES)[number];
export const ROUNDS = 6;
/** Scrapes of the metrics process's /metrics, one this often (Prometheus's default is every 15 s). */
export const SCRAPE_EVERY_MS = 1_000;
const WARM_UP_SECONDS = 3;
const TOKEN = "bench-metrics-token-0123456789";
/** BENCH_OBSERVE_PORTS moves the three web processes off 3303, 3304 and 3305. */
const PORTS = (process.env.BENCH_OBSERVE_PORTS ?? "3303,3304,3305").split(",").map(Number);

export interface ModeFigures {
  /** Averaged over the rounds. */
  create: Figures;
  read: Figures;
  /** The median over the rounds of this mode's req/s ÷ the "off" process's in the same round. */
  createRatio: number;
  readRatio: number;
  /** The web server process's CPU time per request (user + system, ms), averaged over the rounds. */
  createCpuMs: number;
  readCpuMs: number;
}

export interface ObservabilityFigures {
  figures: Record<Mode, ModeFigures>;
  sliceSeconds: number;
  scrapes: number;
  /** OTLP export requests the collector received, and their bytes. */
  exports: { requests: number; bytes: number };
}

const BODY = JSON.stringify({ amount: "10.500", currency_code: "KWD", pg_codes: ["card"] });

export async function measureObservability(apiKey: string, dbUrl: string, helpers: ChildProcess[], seconds: number): Promise<ObservabilityFigures> {
  const collector = await startCollector();
  const settings: Record<Mode, Record<string, string>> = {
    off: { METRICS_TOKEN: "", OTEL_EXPORTER_OTLP_ENDPOINT: "" },
    metrics: { METRICS_TOKEN: TOKEN, OTEL_EXPORTER_OTLP_ENDPOINT: "" },
    tracing: { METRICS_TOKEN: "", OTEL_EXPORTER_OTLP_ENDPOINT: collector.url },
  };
  const targets = {} as Record<Mode, { create: Target; read: Target; url: string; pid: number }>;
  for (const [i, mode] of MODES.entries()) {
    const url = `http://127.0.0.1:${PORTS[i]}`;
    // A web process alone (WORKER=off), as in a several-processes setup; the bench's app runs the job engine.
    const env = { ...appEnv, ...settings[mode], DATABASE_URL: dbUrl, PORT: String(PORTS[i]), APP_URL: url, WORKER: "off" };
    const app = startScript("server/serve.ts", [], env, `app-${mode}`);
    helpers.push(app);
    await waitForOk(`${url}/api/health`, app);
    const create: Target = { url: `${url}/b/checkout/v1/pymt-txn/`, method: "POST", headers: apiHeaders(apiKey), body: BODY };
    const { session_id: sessionId } = await send<{ session_id: string }>(create);
    targets[mode] = { url, create, read: { url: `${url}/b/checkout/v1/pymt-txn/${sessionId}` }, pid: webServerPid(app) };
  }
  const scraper = startScraper(`${targets.metrics.url}/metrics`);
  const sliceSeconds = Math.max(2, Math.round(seconds / 2));
  type Slice = { create: Figures; read: Figures; createCpuMs: number; readCpuMs: number };
  const runs: Record<Mode, Slice[]> = { off: [], metrics: [], tracing: [] };
  try {
    process.stderr.write(`Observability: warming up the three web processes (${WARM_UP_SECONDS} s per endpoint) …\n`);
    for (const mode of MODES) for (const kind of ["create", "read"] as const) await measure(targets[mode][kind], WARM_UP_SECONDS);
    for (let round = 0; round < ROUNDS; round++) {
      const order = MODES.map((_, i) => MODES[(i + round) % MODES.length]!);
      const slice = {} as Record<Mode, Slice>;
      for (const kind of ["create", "read"] as const) {
        for (const mode of order) {
          const cpuBefore = cpuMs(targets[mode].pid);
          const figures = await measure(targets[mode][kind], sliceSeconds);
          const perRequest = (cpuMs(targets[mode].pid) - cpuBefore) / Math.max(1, figures.total);
          slice[mode] = { ...slice[mode], [kind]: figures, [`${kind}CpuMs`]: perRequest };
        }
      }
      for (const mode of MODES) runs[mode].push(slice[mode]);
      const line = MODES.map((m) => `${m} ${slice[m].create.rps.toFixed(0)}/${slice[m].read.rps.toFixed(0)}`).join(", ");
      process.stderr.write(`  round ${round + 1}/${ROUNDS} (create/GET req/s): ${line}\n`);
    }
  } finally {
    await collector.close();
  }
  const scrapes = await scraper.stop();
  const figures = Object.fromEntries(
    MODES.map((m) => [
      m,
      {
        create: average(runs[m].map((r) => r.create)),
        read: average(runs[m].map((r) => r.read)),
        createRatio: median(runs[m].map((r, i) => r.create.rps / runs.off[i]!.create.rps)),
        readRatio: median(runs[m].map((r, i) => r.read.rps / runs.off[i]!.read.rps)),
        createCpuMs: runs[m].reduce((sum, r) => sum + r.createCpuMs, 0) / runs[m].length,
        readCpuMs: runs[m].reduce((sum, r) => sum + r.readCpuMs, 0) / runs[m].length,
      },
    ]),
  ) as ObservabilityFigures["figures"];
  return { figures, sliceSeconds, scrapes, exports: collector.received };
}

/** The web server serve.ts started (tsx may have started an esbuild process under it too). */
function webServerPid(launcher: ChildProcess): number {
  const children = execFileSync("ps", ["-o", "pid=,args=", "--ppid", String(launcher.pid)], { encoding: "utf8" }).split("\n");
  const pid = Number(children.find((line) => line.includes("web-server.ts"))?.trim().split(/\s+/)[0]);
  if (!pid) throw new Error(`No web server under the launcher ${launcher.pid}.`);
  return pid;
}

/**
 * CPU time a process has used so far (user + system, ms; Linux's /proc, 100 ticks a second). Unlike req/s, CPU
 * per request hardly moves with what else the machine runs: the measure of cost a shared machine still gives.
 */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function average(list: Figures[]): Figures {
  const mean = (key: keyof Figures) => list.reduce((sum, f) => sum + f[key], 0) / list.length;
  return { rps: mean("rps"), p50: mean("p50"), p99: mean("p99"), total: mean("total"), failed: list.reduce((s, f) => s + f.failed, 0) };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Scrapes `url` every SCRAPE_EVERY_MS; stop() returns how many answered 200 (throws on any other answer). */
function startScraper(url: string): { stop(): Promise<number> } {
  let ok = 0;
  let failure: Error | null = null;
  const scrape = async () => {
    const res = await fetch(url, { headers: { Authorization: `Bearer ${TOKEN}` } });
    await res.text();
    if (res.status === 200) ok++;
    else failure ??= new Error(`${url} answered ${res.status}`);
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
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
