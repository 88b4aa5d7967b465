// npm run bench [-- --duration 10] [-- --no-build] [-- --no-floor]: the checkout API's throughput and latency
// against a bare baseline measured in the same run.
// Builds and starts the production app on a fresh embedded database, starts a bare node:http + pg server (the
// baseline) and a bare Next.js app (the framework floor) on the same database, warms them up, loads each with
// autocannon, counts SQL round trips, prints the figures and ratios, and writes them to docs/benchmarks.md.
// Missed targets are reported, not an error; failed requests (non-2xx, errors, timeouts) are.
import { type ChildProcess, execFileSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { APP_URL, appEnv, buildApp, createFixtures, DATA_DIR, preloadStatementStats, startApp } from "./bench/app";
import { embeddedDatabaseUrl, withClient } from "./bench/database";
import { buildFloor, FLOOR_URL, startFloor } from "./bench/floor";
import { CONNECTIONS, type Figures, measure, type Target } from "./bench/load";
import { type Measured, printResults, type Results, writeResults } from "./bench/report";
import { countStatements } from "./bench/round-trips";
import { startScript, stopProcess, waitForOk } from "./bench/processes";
import { runMain } from "./run-main";

const BASELINE_URL = "http://127.0.0.1:3301";
const WARM_UP_SECONDS = 3;
const COUNTED_REQUESTS = 20;
const BODY = JSON.stringify({ amount: "10.500", currency_code: "KWD", pg_codes: ["card"] });
const JSON_HEADERS = { "Content-Type": "application/json" };

const { values: flags } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    "no-build": { type: "boolean", default: false },
    "no-floor": { type: "boolean", default: false },
  },
});
const duration = Number(flags.duration);
if (!Number.isInteger(duration) || duration < 1) throw new Error("--duration must be a whole number of seconds.");
const withFloor = !flags["no-floor"];

runMain(async () => {
  process.chdir(path.resolve(__dirname, "..")); // every path here is relative to the repository
  const machineInfo = machine();
  buildApp(flags["no-build"]);
  if (withFloor) await buildFloor(flags["no-build"]);
  process.stderr.write(`Creating a fresh database in ${DATA_DIR} …\n`);
  const apiKey = await createFixtures();
  await preloadStatementStats();
  const stopApp = await startApp();
  const helpers: ChildProcess[] = [];
  let results: Results;
  try {
    const dbUrl = await embeddedDatabaseUrl(DATA_DIR, "checkout");
    await withClient(dbUrl, (c) =>
      c.query(`CREATE TABLE bench_baseline (id bigserial PRIMARY KEY, session_id text, amount numeric, currency text,
        pg_codes text[], created_at timestamptz DEFAULT now())`),
    );
    const baseline = startScript("scripts/bench/baseline-server.ts", ["3301", dbUrl], appEnv, "baseline");
    helpers.push(baseline);
    await waitForOk(`${BASELINE_URL}/health`, baseline);

    const auth = { ...JSON_HEADERS, Authorization: `Api-Key ${apiKey}` };
    const targets: Partial<Record<Measured, Target>> = {
      create: { url: `${APP_URL}/b/checkout/v1/pymt-txn/`, method: "POST", headers: auth, body: BODY },
      createBaseline: { url: `${BASELINE_URL}/baseline`, method: "POST", headers: JSON_HEADERS, body: BODY },
    };
    const { session_id: sessionId } = await send<{ session_id: string }>(targets.create!);
    const { id: baselineId } = await send<{ id: string }>(targets.createBaseline!);
    targets.read = { url: `${APP_URL}/b/checkout/v1/pymt-txn/${sessionId}` };
    targets.readBaseline = { url: `${BASELINE_URL}/baseline/${baselineId}` };
    if (withFloor) {
      const floor = startFloor(dbUrl);
      helpers.push(floor);
      targets.createFloor = { url: `${FLOOR_URL}/insert`, method: "POST", headers: JSON_HEADERS, body: BODY };
      targets.readFloor = { url: `${FLOOR_URL}/select/${baselineId}` };
      await waitForOk(targets.readFloor.url, floor);
    }

    process.stderr.write(`Warming up (${WARM_UP_SECONDS} s per endpoint) …\n`);
    for (const target of Object.values(targets)) await measure(target, WARM_UP_SECONDS);

    const counts = await withClient(dbUrl, async (c) => ({
      create: await countStatements(c, () => send(targets.create!), COUNTED_REQUESTS),
      read: await countStatements(c, () => send(targets.read!), COUNTED_REQUESTS),
      baseline: (await countStatements(c, () => send(targets.createBaseline!), COUNTED_REQUESTS)).perRequest,
    }));

    // Each endpoint right after its baseline (and floor), so a change in the machine's load skews the ratios less.
    const order: Measured[] = ["createBaseline", "createFloor", "create", "readBaseline", "readFloor", "read"];
    const figures: Partial<Record<Measured, Figures>> = {};
    for (const name of order.filter((n) => targets[n])) {
      process.stderr.write(`Measuring ${name} (${CONNECTIONS} connections, ${duration} s) …\n`);
      const f = await measure(targets[name]!, duration);
      process.stderr.write(`  ${f.rps.toFixed(0)} req/s, p50 ${f.p50} ms, p99 ${f.p99} ms, ${f.failed} failed\n`);
      figures[name] = f;
    }
    results = {
      date: new Date().toISOString(),
      machine: machineInfo,
      settings: [
        `autocannon ${CONNECTIONS} connections, ${duration} s per endpoint, after a ${WARM_UP_SECONDS} s warm-up of each`,
        "app: production build, LOG_LEVEL=warn (so no per-request log line), pg pool max 20 (lib/context.ts)",
        "baseline: node:http + pg pool max 20; floor: bare Next.js route handlers + pg pool max 20, same SQL as the baseline",
        'create body: {"amount":"10.500","currency_code":"KWD","pg_codes":["card"]} (no order_no), Authorization: Api-Key',
      ],
      figures,
      createStatements: counts.create,
      readStatements: counts.read,
      baselineStatements: counts.baseline,
    };
  } finally {
    for (const helper of helpers) await stopProcess(helper);
    await stopApp();
  }

  printResults(results);
  const failed = Object.entries(results.figures).filter(([, f]) => f.failed > 0).map(([name]) => name);
  if (failed.length > 0) {
    process.stderr.write(`\nFAILED: non-2xx responses, errors or timeouts in ${failed.join(", ")}; docs/benchmarks.md not updated.\n`);
    return 1;
  }
  await writeResults(results, "docs/benchmarks.md");
  process.stdout.write("Written to docs/benchmarks.md.\n");
});

/** One request that must succeed; returns its JSON body. */
async function send<T = unknown>(target: Target): Promise<T> {
  const response = await fetch(target.url, { method: target.method ?? "GET", headers: target.headers, body: target.body });
  const text = await response.text();
  if (!response.ok) throw new Error(`${target.method ?? "GET"} ${target.url} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

function machine(): string {
  const cores = execFileSync("nproc", { encoding: "utf8" }).trim();
  const load = os.loadavg().map((l) => l.toFixed(1)).join(" ");
  return `${cores} cores (nproc), ${os.cpus()[0]?.model ?? "unknown CPU"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.type()} ${os.release()}, load average before the run ${load}`;
}
