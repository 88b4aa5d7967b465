// npm run bench [-- --duration 10] [-- --no-build] [-- --no-floor] [-- --only=api,operations,cards,page,webhooks,expiry,admin,observability,embedded,checkout]
// [-- --transactions N] [-- --rates 5,10,…] [-- --checkout-modes one,two]:
// the checkout API's, the operations API's (partial refund, inquiry) and the saved-card endpoints' (card list,
// auto-debit) throughput and latency against a bare baseline measured in the same run, the hosted payment page's
// time to first byte, JavaScript and Largest Contentful Paint against the framework's floor page, webhook latency
// and expiry lag on the embedded job engine; the cost of metrics and tracing (the app started without, with metrics,
// with tracing); whole checkouts per second at a fixed arrival rate stepped up until it breaks (--rates, each step
// --duration s, 60 by default for this section; with one process and with two web processes + one worker); and, on a table of N seeded transactions (1,000,000 by default when the
// admin section runs; --transactions puts them under any section, e.g. --only=api --transactions 1000000 to compare
// create and GET with the big table), the admin panel's transaction list.
// Builds the production app, counts the SQL round trips of create, GET, partial refund, inquiry, card list and
// auto-debit on it (started with WORKER=off for that), starts it as `npm start` does on the same fresh embedded
// database, starts a bare node:http + pg server (the baseline) and a bare Next.js app (the framework floor) on that
// database, warms them up, loads each with autocannon (refunds and inquiries on transactions paid through the
// sandbox first; the card list and auto-debits on cards saved by paying auto_debit transactions through it), then
// measures the payment page, pays 100 transactions with a webhook receiver listening and lets 50 expire, times the
// embedded checkout from Checkout.init to ready on a phone (a shop page on another origin); prints the
// figures and ratios, and writes them to docs/benchmarks.md (a full run only: --only runs just the listed sections,
// to iterate, and writes nothing).
// Missed targets are reported, not an error; failed requests (non-2xx, errors, timeouts) are.
import { type ChildProcess, execFileSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { ADMIN_REQUESTS, ADMIN_TRANSACTIONS, measureAdminList, seedBigTable } from "./bench/admin";
import { DEEP_PAGE } from "./bench/admin-cases";
import { countRoundTrips, measureApi, ROUNDS as API_ROUNDS, roundSeconds, WARM_UP_SECONDS } from "./bench/api";
import { APP_URL, buildApp, createFixtures, createPublicKey, DATA_DIR, preloadStatementStats, startApp } from "./bench/app";
import { measureEmbedded, SHOP_ORIGIN } from "./bench/embedded";
import { embeddedDatabaseUrl } from "./shared/database";
import { EXPIRATION_TIME, EXPIRING, measureExpiry } from "./bench/expiry";
import { buildFloor, FLOOR_URL, startFloor } from "./bench/floor";
import { createTransaction } from "./shared/http";
import { CONNECTIONS } from "./bench/load";
import { LCP_LOADS } from "./bench/browser";
import { countOperationRoundTrips, measureOperations, PAID_AMOUNT, REFUND_AMOUNT, REFUND_POOL } from "./bench/operations";
import { measurePaymentPage, PAGE_CONNECTIONS, SEQUENTIAL_REQUESTS } from "./bench/page";
import { CARD_CUSTOMER, CHARGE_AMOUNT, CHARGED_AGREEMENT, countCardRoundTrips, measureSavedCards, POOL_MARGIN, SAVED_CARDS, WARM_UP_POOL } from "./bench/saved-cards";
import { failedSections, printResults, type Results, writeResults } from "./bench/report";
import { stopProcess, waitForOk } from "./shared/processes";
import { measureWebhooks, PAYMENT_CONCURRENCY, PAYMENTS } from "./bench/webhooks";
import { measureObservability, ROUNDS } from "./bench/observability";
import { brokenInvariants, DEFAULT_RATES, measureCheckouts } from "./bench/checkout";
import { measureCheckoutCeiling } from "./bench/checkout-ceiling";
import { startSecondWebAndWorker } from "./bench/checkout-processes";
import { runMain } from "../server/run-main";

const SECTIONS = ["api", "operations", "cards", "page", "webhooks", "expiry", "admin", "observability", "embedded", "checkout"] as const;
const CHECKOUT_MODES = { one: "one process (npm start)", two: "two web processes + one worker" } as const;
type Section = (typeof SECTIONS)[number];

const { values: flags } = parseArgs({
  options: {
    duration: { type: "string" },
    "no-build": { type: "boolean", default: false },
    "no-floor": { type: "boolean", default: false },
    only: { type: "string", default: SECTIONS.join(",") },
    transactions: { type: "string" },
    rates: { type: "string", default: DEFAULT_RATES.join(",") },
    "checkout-modes": { type: "string", default: Object.keys(CHECKOUT_MODES).join(",") },
  },
});
const duration = Number(flags.duration ?? 10);
if (!Number.isInteger(duration) || duration < 1) throw new Error("--duration must be a whole number of seconds.");
// The full checkout's sustained figure is over a minute per step unless --duration says otherwise.
const checkoutSeconds = Number(flags.duration ?? 60);
const rates = flags.rates.split(",").map(Number);
if (rates.some((r) => !(r > 0))) throw new Error("--rates takes a comma-separated list of customers per second.");
const checkoutModes = flags["checkout-modes"].split(",").map((m) => m.trim()) as (keyof typeof CHECKOUT_MODES)[];
if (checkoutModes.some((m) => !(m in CHECKOUT_MODES))) throw new Error(`--checkout-modes takes ${Object.keys(CHECKOUT_MODES).join(", ")}.`);
const only = new Set(flags.only.split(",").map((s) => s.trim()).filter(Boolean));
const unknown = [...only].filter((s) => !(SECTIONS as readonly string[]).includes(s));
if (unknown.length > 0 || only.size === 0) throw new Error(`--only takes a comma-separated list of ${SECTIONS.join(", ")}.`);
const runs = (section: Section) => only.has(section);
const fullRun = SECTIONS.every(runs);
const withFloor = !flags["no-floor"];
const seeded = flags.transactions === undefined ? (runs("admin") ? ADMIN_TRANSACTIONS : 0) : Number(flags.transactions);
if (!Number.isInteger(seeded) || seeded < 0) throw new Error("--transactions must be a whole number.");
if (runs("admin") && seeded < DEEP_PAGE * 50) throw new Error(`The admin section needs --transactions of at least ${DEEP_PAGE * 50} (page ${DEEP_PAGE}).`);

runMain(async () => {
  process.chdir(path.resolve(__dirname, "..")); // every path here is relative to the repository
  const machineInfo = machine();
  buildApp(flags["no-build"]);
  if (withFloor && (runs("api") || runs("operations") || runs("cards") || runs("admin") || runs("checkout"))) await buildFloor(flags["no-build"]);
  process.stderr.write(`Creating a fresh database in ${DATA_DIR} …\n`);
  const apiKey = await createFixtures();
  const publicKey = runs("embedded") ? await createPublicKey(SHOP_ORIGIN) : undefined;
  await preloadStatementStats();
  const adminUser = seeded > 0 ? await seedBigTable(seeded) : undefined;
  const counts = runs("api") ? await countRoundTrips(apiKey) : undefined;
  const operationCounts = runs("operations") ? await countOperationRoundTrips(apiKey) : undefined;
  const cardCounts = runs("cards") ? await countCardRoundTrips(apiKey) : undefined;
  let stopApp = await startApp();
  const helpers: ChildProcess[] = [];
  const results: Results = {
    date: new Date().toISOString(),
    machine: machineInfo,
    settings: [
      "app: production build, LOG_LEVEL=warn (so no per-request log line), pg pool max 20 (lib/core/context.ts), API keys and checkout configuration cached in memory while change notices are heard (CONFIG_CACHE_SECONDS=60, the default), embedded job engine in the app process, ALLOW_PRIVATE_URLS=true",
    ],
  };
  if (seeded > 0) {
    results.settings.push(`${seeded} transactions seeded before the sections ran (npm run seed:bench), with their attempts and events`);
  }
  const inRounds = `${API_ROUNDS} rounds of ${roundSeconds(duration)} s per endpoint (each round loads every endpoint of the section in turn, beside its baseline and floor; the round of median req/s is reported, with the requests and failures of all)`;
  try {
    const dbUrl = await embeddedDatabaseUrl(DATA_DIR, "checkout");
    if (counts) {
      results.api = { figures: await measureApi(apiKey, dbUrl, helpers, duration, withFloor), ...counts };
      results.settings.push(
        `API: autocannon ${CONNECTIONS} connections, ${inRounds}, after a ${WARM_UP_SECONDS} s warm-up of each`,
        "baseline: node:http + pg pool max 20; floor: bare Next.js route handlers + pg pool max 20, same SQL as the baseline",
        'create body: {"amount":"10.500","currency_code":"KWD","pg_codes":["card"]} (no order_no), Authorization: Api-Key',
      );
    }
    for (const helper of helpers.splice(0)) await stopProcess(helper);
    if (operationCounts) {
      results.operations = { figures: await measureOperations(apiKey, dbUrl, helpers, duration, withFloor), ...operationCounts };
      results.settings.push(
        `operations: autocannon ${CONNECTIONS} connections, ${inRounds}, after a ${WARM_UP_SECONDS} s warm-up of each; refund body {"operation":"refund","session_id":…,"amount":"${REFUND_AMOUNT}"} over ${REFUND_POOL} transactions of ${PAID_AMOUNT} KWD paid through the sandbox, then over one; inquiry body {"session_id":…}`,
      );
      for (const helper of helpers.splice(0)) await stopProcess(helper);
    }
    if (cardCounts) {
      results.cards = { figures: await measureSavedCards(apiKey, dbUrl, helpers, duration, withFloor), ...cardCounts };
      results.settings.push(
        `cards: autocannon ${CONNECTIONS} connections, ${inRounds}, after a ${WARM_UP_SECONDS} s warm-up of each; card list body {"customer_id":"${CARD_CUSTOMER}","type":"sandbox"} (${SAVED_CARDS} cards, each saved under an agreement by an auto_debit payment of ${CHARGE_AMOUNT} KWD through the sandbox); auto-debit body {"session_id":…,"token":…} (the card of agreement ${CHARGED_AGREEMENT}, unscheduled, variable), each request charging its own created auto_debit transaction of ${CHARGE_AMOUNT} KWD: ${WARM_UP_POOL} for the warm-up, then for each round's load ${POOL_MARGIN}× the warm-up's req/s × ${roundSeconds(duration)} s + ${CONNECTIONS}`,
      );
      for (const helper of helpers.splice(0)) await stopProcess(helper);
    }
    if (runs("page")) {
      const { checkout_url: pageUrl } = await createTransaction(APP_URL, apiKey);
      results.page = await measurePaymentPage(pageUrl, `${APP_URL}/bench/framework-floor`, dbUrl, helpers, duration, WARM_UP_SECONDS);
      results.settings.push(
        `payment page: autocannon ${PAGE_CONNECTIONS} connections, ${API_ROUNDS} rounds of ${roundSeconds(duration)} s each (the framework floor page right before the payment page in each round; the round of median req/s is reported, with the requests and failures of all), after a ${WARM_UP_SECONDS} s warm-up of each; then ${SEQUENTIAL_REQUESTS} sequential requests on one keep-alive connection each to the page, the framework floor page and the node:http page; LCP over ${LCP_LOADS} first visits`,
      );
      for (const helper of helpers.splice(0)) await stopProcess(helper);
    }
    if (runs("webhooks")) {
      results.webhooks = await measureWebhooks(APP_URL, apiKey, dbUrl);
      results.settings.push(`webhooks: ${PAYMENTS} sandbox payments (approve card), ${PAYMENT_CONCURRENCY} at a time, receiver on 127.0.0.1 answering 200 at once`);
    }
    if (runs("expiry")) {
      results.expiry = await measureExpiry(APP_URL, apiKey, dbUrl);
      results.settings.push(`expiry: ${EXPIRING} transactions with expiration_time ${EXPIRATION_TIME}, no payment, expiry toggle on`);
    }
    if (runs("observability")) {
      results.observability = await measureObservability(apiKey, dbUrl, helpers, duration);
      results.settings.push(
        `observability: three web processes (WORKER=off) on the bench's database, autocannon ${CONNECTIONS} connections, ${ROUNDS} rounds of ${results.observability.sliceSeconds} s per endpoint and process after a ${WARM_UP_SECONDS} s warm-up of each`,
      );
      for (const helper of helpers.splice(0)) await stopProcess(helper);
    }
    if (runs("embedded")) {
      results.embedded = await measureEmbedded(APP_URL, apiKey, publicKey!);
      results.settings.push(`embedded: a shop page on ${SHOP_ORIGIN} embedding the service with a public key for that origin; each visit its own transaction`);
    }
    if (runs("admin")) {
      if (withFloor) {
        const floor = startFloor(dbUrl);
        helpers.push(floor);
        await waitForOk(`${FLOOR_URL}/transactions`, floor);
      }
      results.admin = await measureAdminList(dbUrl, adminUser!, withFloor);
      results.settings.push(
        `admin: each list case ${ADMIN_REQUESTS} sequential requests on one keep-alive connection (after 20 uncounted), signed in as a superuser; floor: bare Next.js route handler doing the first page's SELECT, pg pool max 20`,
      );
      for (const helper of helpers.splice(0)) await stopProcess(helper);
    }
    // Last: its second layout restarts the app.
    if (runs("checkout")) {
      results.checkout = [];
      const ceiling = withFloor ? await measureCheckoutCeiling(dbUrl) : null;
      for (const mode of checkoutModes) {
        let urls = [APP_URL];
        if (mode === "two") {
          await stopApp();
          stopApp = await startApp({ WORKER: "off" });
          urls = [APP_URL, await startSecondWebAndWorker(dbUrl, helpers)];
        }
        results.checkout.push(await measureCheckouts(CHECKOUT_MODES[mode], urls, apiKey, dbUrl, rates, checkoutSeconds, ceiling));
      }
      results.settings.push(
        `full checkout: customers arriving at ${rates.join(", ")} per second, ${checkoutSeconds} s per step, until a step breaks; ${Object.values(CHECKOUT_MODES).join("; ")}`,
      );
      for (const helper of helpers.splice(0)) await stopProcess(helper);
    }
  } finally {
    for (const helper of helpers) await stopProcess(helper);
    await stopApp();
  }
  results.settings.push(`load average after the run: ${loadAverage()}`);

  printResults(results);
  const failed = failedSections(results);
  const invariants = (results.checkout ?? []).flatMap(brokenInvariants);
  if (invariants.length > 0) {
    process.stderr.write(`\nFAILED: the full checkout broke an invariant: ${invariants.join("; ")}; docs/benchmarks.md not updated.\n`);
    return 1;
  }
  if (failed.length > 0) {
    process.stderr.write(`\nFAILED: non-2xx responses, errors or timeouts in ${failed.join(", ")}; docs/benchmarks.md not updated.\n`);
    return 1;
  }
  if (!fullRun) {
    process.stdout.write(`Only ${[...only].join(", ")} measured (--only); docs/benchmarks.md not updated.\n`);
    return 0;
  }
  await writeResults(results, "docs/benchmarks.md");
  process.stdout.write("Written to docs/benchmarks.md.\n");
});

function loadAverage(): string {
  return os.loadavg().map((l) => l.toFixed(1)).join(" ");
}

function machine(): string {
  const cores = execFileSync("nproc", { encoding: "utf8" }).trim();
  return `${cores} cores (nproc), ${os.cpus()[0]?.model ?? "unknown CPU"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.type()} ${os.release()}, load average before the run ${loadAverage()}`;
}
