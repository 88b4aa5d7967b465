// The full-checkout bench: simulated customers arriving at a fixed rate (an open loop: a new one every 1/rate s,
// however many are still paying), each through the whole path (checkout-customer.ts) with the merchant's receiver
// getting the signed webhook. The rate steps up until a step has errors, dropped arrivals or lost webhooks.
import { setTimeout as sleep } from "node:timers/promises";
import { withClient } from "../shared/database";
import { percentile } from "../shared/stats";
import { startReceiver } from "../shared/webhook-receiver";
import { type Checkout, checkOut, type Merchant, StageError, STAGES, type Stage } from "./checkout-customer";
import type { Ceiling } from "./checkout-ceiling";
import { cpuOfDescendants, type CpuTime } from "./checkout-cpu";

export const DEFAULT_RATES = [5, 10, 15, 20, 25, 30, 35, 40];
/** Requests one checkout sends the app: create, page, pay, card page, charge, return. */
export const REQUESTS_PER_CHECKOUT = STAGES.length;
/** BENCH_RECEIVER_PORT: where the merchant's webhook receiver listens (0: any free port). */
const RECEIVER_PORT = Number(process.env.BENCH_RECEIVER_PORT ?? 0);
export interface StepFigures {
  rate: number;
  seconds: number;
  arrivals: number;
  completed: number;
  /** Completions per second, from the first to the last (a backlog that builds up stretches it). */
  checkoutsPerSecond: number;
  /** Wrong answers (a status or a redirect other than the path's); timeouts are counted apart. */
  errors: number;
  timeouts: number;
  dropped: number;
  /** Completed checkouts whose webhook never arrived. */
  lostWebhooks: number;
  firstErrors: string[];
  latency: Record<Stage | "whole", Percentiles>;
  /** The mean of each stage's Server-Timing entries (db, gateway, webhook, app), ms. */
  server: Record<Stage, Record<string, number>>;
  /** Webhook arrival − the 'paid' event's commit time, ms. */
  webhookLag: Percentiles;
  /** CPU per completed checkout, ms: the app's node processes', PostgreSQL's, and this driver's (it shares the machine). */
  cpuMs: { app: number; db: number; driver: number };
}

export interface CheckoutRun {
  mode: string;
  /** The framework's ceiling measured in the same run (checkout-ceiling.ts); null with --no-floor. */
  ceiling: Ceiling | null;
  /** Each stage's CPU, ms per checkout, with customers paying one at a time (the gateway return's includes the webhook's delivery). */
  stageCpu: Record<Stage, CpuTime>;
  steps: StepFigures[];
}

export interface Percentiles {
  p50: number;
  p90: number;
  p99: number;
}

const percentiles = (values: number[]): Percentiles => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p90: percentile(sorted, 90), p99: percentile(sorted, 99) };
};

const completionRate = (finishes: number[]) =>
  finishes.length < 2 ? NaN : ((finishes.length - 1) * 1000) / (Math.max(...finishes) - Math.min(...finishes));

const mean = (values: number[]) => (values.length === 0 ? NaN : values.reduce((s, v) => s + v, 0) / values.length);

/** The highest step before the first with errors, drops or lost webhooks; null when the first already had some. */
export function sustainedStep(run: CheckoutRun): StepFigures | null {
  const broken = run.steps.findIndex(isBroken);
  return (broken === -1 ? run.steps.at(-1) : run.steps[broken - 1]) ?? null;
}

export const isBroken = (s: StepFigures) => s.errors + s.timeouts + s.dropped + s.lostWebhooks > 0;

/**
 * Why the run breaks an invariant (the bench then exits non-zero): a wrong answer or a lost webhook at any step, or no
 * step clean at all. Timeouts and drops past the sustained step are the breakpoint, not a fault.
 */
export function brokenInvariants(run: CheckoutRun): string[] {
  const faults = run.steps.flatMap((s) => [
    ...(s.errors > 0 ? [`${run.mode}: ${s.errors} wrong answers at ${s.rate}/s (${s.firstErrors[0]})`] : []),
    ...(s.lostWebhooks > 0 ? [`${run.mode}: ${s.lostWebhooks} webhooks lost at ${s.rate}/s`] : []),
  ]);
  return sustainedStep(run) ? faults : [...faults, `${run.mode}: no step without errors, drops or lost webhooks`];
}

/** An arrival is dropped when the driver starts it this late, or when this many seconds' worth are in flight. */
const LATE_MS = 200;
const IN_FLIGHT_SECONDS = 5;
/**
 * Before its steps each layout is warmed at this rate for this long: a freshly started web process spends about
 * half as much CPU again per checkout for its first few hundred (V8 still compiling Next.js and our code, pools
 * opening), which made a first step at 15/s or more break on a cold process and pass on a warm one.
 */
export const WARM_UP = { rate: 10, seconds: 60 };
/** Customers paying one at a time, to see each stage's CPU cost alone. */
const ALONE_CUSTOMERS = 40;
/** How long after a step's last checkout its webhooks may still arrive before they count as lost. */
const WEBHOOK_GRACE_MS = 30_000;

/**
 * Steps through `rates` (customers per second, `seconds` each) on the app's web processes at `appUrls` (customers
 * spread over them in turn, as a load balancer would), stopping after the first broken step.
 */
export async function measureCheckouts(
  mode: string,
  appUrls: string[],
  apiKey: string,
  dbUrl: string,
  rates: number[],
  seconds: number,
  ceiling: Ceiling | null,
): Promise<CheckoutRun> {
  const receiver = await startReceiver(RECEIVER_PORT);
  const merchants: Merchant[] = appUrls.map((appUrl) => ({ appUrl, apiKey, webhookUrl: receiver.url, redirectUrl: receiver.url.replace(/\/webhook$/, "/done") }));
  const steps: StepFigures[] = [];
  let stageCpu = {} as Record<Stage, CpuTime>;
  try {
    process.stderr.write(`Full checkout (${mode}): warming up at ${WARM_UP.rate} customers/s for ${WARM_UP.seconds} s …\n`);
    await runStep(merchants, WARM_UP.rate, WARM_UP.seconds, `${mode}-warm`);
    process.stderr.write(`Full checkout (${mode}): ${ALONE_CUSTOMERS} customers one at a time, for each stage's CPU …\n`);
    stageCpu = await cpuPerStage(merchants, `${mode}-alone`);
    for (const rate of rates) {
      process.stderr.write(`Full checkout (${mode}): ${rate} customers/s for ${seconds} s …\n`);
      const cpuBefore = cpuOfDescendants();
      const driverBefore = process.cpuUsage();
      const step = await runStep(merchants, rate, seconds, `${mode}-${rate}`);
      const cpu = cpuOfDescendants();
      const driver = process.cpuUsage(driverBefore);
      const used = { app: cpu.app - cpuBefore.app, db: cpu.db - cpuBefore.db, driver: (driver.user + driver.system) / 1000 };
      const figures = await stepFigures(rate, seconds, step, receiver, dbUrl, used);
      const { latency: l, webhookLag: w } = figures;
      process.stderr.write(
        `  ${figures.checkoutsPerSecond.toFixed(1)} checkouts/s, whole p50 ${l.whole.p50.toFixed(0)} p99 ${l.whole.p99.toFixed(0)} ms, webhook lag p99 ${w.p99.toFixed(0)} ms, ` +
          `${figures.errors} errors, ${figures.timeouts} timeouts, ${figures.dropped} dropped, ${figures.lostWebhooks} lost webhooks, CPU ${figures.cpuMs.app.toFixed(0)}+${figures.cpuMs.db.toFixed(0)}+${figures.cpuMs.driver.toFixed(0)} ms/checkout\n`,
      );
      steps.push(figures);
      if (isBroken(figures)) break;
    }
  } finally {
    await receiver.close();
  }
  return { mode, ceiling, stageCpu, steps };
}

/** CPU per stage (ms per checkout): the app's and PostgreSQL's, read after each stage of customers paying one at a time. */
async function cpuPerStage(merchants: Merchant[], tag: string): Promise<Record<Stage, CpuTime>> {
  const sums = Object.fromEntries(STAGES.map((stage) => [stage, { app: 0, db: 0 }])) as Record<Stage, CpuTime>;
  for (let i = 0; i < ALONE_CUSTOMERS; i++) {
    let last = cpuOfDescendants();
    await checkOut(merchants[i % merchants.length]!, `bench-${tag}-${Date.now()}-${i}`, (stage) => {
      const now = cpuOfDescendants();
      sums[stage].app += (now.app - last.app) / ALONE_CUSTOMERS;
      sums[stage].db += (now.db - last.db) / ALONE_CUSTOMERS;
      last = now;
    });
  }
  return sums;
}

interface Step {
  arrivals: number;
  dropped: number;
  done: Checkout[];
  failed: StageError[];
  started: number;
}

/** One step: an arrival every 1/rate s for `seconds`, each a customer unless the driver cannot start it on time. */
async function runStep(merchants: Merchant[], rate: number, seconds: number, tag: string): Promise<Step> {
  const arrivals = Math.round(rate * seconds);
  const cap = Math.max(10, rate * IN_FLIGHT_SECONDS);
  const step: Step = { arrivals, dropped: 0, done: [], failed: [], started: performance.now() };
  const running: Promise<void>[] = [];
  let inFlight = 0;
  for (let i = 0; i < arrivals; i++) {
    const due = step.started + (i * 1000) / rate;
    const early = due - performance.now();
    if (early > 0) await sleep(early);
    if (inFlight >= cap || performance.now() - due > LATE_MS) {
      step.dropped++;
      continue;
    }
    inFlight++;
    const customer = checkOut(merchants[i % merchants.length]!, `bench-${tag}-${Date.now()}-${i}`).then(
      (checkout) => void step.done.push(checkout),
      (error: unknown) => void step.failed.push(error instanceof StageError ? error : new StageError("create", String(error))),
    );
    running.push(customer.finally(() => inFlight--));
  }
  await Promise.all(running);
  return step;
}

async function stepFigures(
  rate: number,
  seconds: number,
  step: Step,
  receiver: Awaited<ReturnType<typeof startReceiver>>,
  dbUrl: string,
  cpu: { app: number; db: number; driver: number },
): Promise<StepFigures> {
  const sessions = step.done.map((c) => c.sessionId);
  const paidAt = await withClient(dbUrl, async (c) => {
    const { rows } = await c.query<{ session_id: string; at: number }>(
      `SELECT session_id, (extract(epoch FROM created_at) * 1000)::float8 AS at FROM transaction_events WHERE to_state = 'paid' AND session_id = ANY($1::text[])`,
      [sessions],
    );
    return new Map(rows.map((r) => [r.session_id, r.at]));
  });
  const arrivedAt = () => new Map([...receiver.arrivals.values()].filter((a) => a.signed && a.state === "paid").map((a) => [a.sessionId, a.at]));
  const deadline = Date.now() + WEBHOOK_GRACE_MS;
  while (Date.now() < deadline && sessions.some((s) => !arrivedAt().has(s))) await sleep(100);
  const arrived = arrivedAt();
  const lags = sessions.flatMap((s) => (arrived.has(s) && paidAt.has(s) ? [arrived.get(s)! - paidAt.get(s)!] : []));
  const finishes = step.done.map((c) => c.finishedAt);
  const stageFigures = <T>(of: (stage: Stage) => T) => Object.fromEntries(STAGES.map((stage) => [stage, of(stage)])) as Record<Stage, T>;
  return {
    rate,
    seconds,
    arrivals: step.arrivals,
    completed: step.done.length,
    checkoutsPerSecond: completionRate(finishes),
    errors: step.failed.filter((e) => !e.timedOut).length,
    timeouts: step.failed.filter((e) => e.timedOut).length,
    dropped: step.dropped,
    lostWebhooks: sessions.filter((s) => !arrived.has(s)).length,
    firstErrors: step.failed.slice(0, 3).map((e) => e.message),
    latency: {
      ...stageFigures((stage) => percentiles(step.done.map((c) => c.stages[stage]!.ms))),
      whole: percentiles(step.done.map((c) => c.finishedAt - c.startedAt)),
    },
    server: stageFigures((stage) => {
      const timings = step.done.map((c) => c.stages[stage]!.server);
      return Object.fromEntries(["db", "gateway", "webhook", "app", "total"].map((name) => [name, mean(timings.map((t) => t[name] ?? NaN))]));
    }),
    webhookLag: percentiles(lags),
    cpuMs: { app: cpu.app / Math.max(1, step.done.length), db: cpu.db / Math.max(1, step.done.length), driver: cpu.driver / Math.max(1, step.done.length) },
  };
}
