// The full-checkout bench's figures (checkout.ts) as the bench prints them and as docs/benchmarks.md shows them.
import os from "node:os";
import { type CheckoutRun, isBroken, type Percentiles, REQUESTS_PER_CHECKOUT, type StepFigures, sustainedStep, WARM_UP } from "./checkout";
import { type Stage, STAGES } from "./checkout-customer";
import { CEILING_REQUESTS_PER_CHECKOUT, PAGE_RENDERS_PER_CHECKOUT } from "./checkout-ceiling";
import type { Check } from "./report-flows";

/** Juspay Hyperswitch's published figures, the issue's anchor (docs/benchmarks.md cites where). */
export const HYPERSWITCH = {
  sizingRequestsPerVcpu: "7–10",
  loadTestRequestsPerVcpu: 87,
  requestsPerPayment: 7,
  p99TargetMs: "30–60",
};
export const TARGET_CHECKOUTS_PER_SECOND = 30;
export const TARGET_STAGE_P99_MS = 250;
export const TARGET_WEBHOOK_LAG_P99_MS = 1000;
/** The issue's estimate of the framework's ceiling on its 2-vCPU machine, beside the one measured in the run. */
const ESTIMATED_CEILING = 50;
/** The vCPUs this process may run on (nproc). */
const vcpus = os.availableParallelism();

const f0 = (v: number) => (Number.isFinite(v) ? v.toFixed(0) : "—");
const f1 = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : "—");
const triple = (p: Percentiles) => `${f0(p.p50)} / ${f0(p.p90)} / ${f0(p.p99)}`;
const STAGE_LABELS: Record<(typeof STAGES)[number], string> = {
  create: "create (API)",
  page: "payment page",
  pay: "Pay (form post)",
  cardPage: "sandbox card page",
  charge: "card form post",
  return: "gateway return (to the merchant)",
};

/** The steps: rate, achieved, whole-checkout latency, errors, drops, lost webhooks, webhook lag, CPU and per vCPU. */
function stepTable(run: CheckoutRun): string[] {
  const sustained = sustainedStep(run);
  return [
    "| customers/s | checkouts/s | whole p50 / p90 / p99 ms | slowest stage p99 ms | errors | timeouts | dropped | lost webhooks | webhook lag p50 / p99 ms | CPU ms/checkout (app + db + driver) | checkouts/s per vCPU | API req/s per vCPU |",
    "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...run.steps.map((s) => {
      const mark = s === sustained ? " (sustained)" : isBroken(s) ? " (broke)" : "";
      return `| ${s.rate}${mark} | ${f1(s.checkoutsPerSecond)} | ${triple(s.latency.whole)} | ${f0(slowestStageP99(s))} | ${s.errors} | ${s.timeouts} | ${s.dropped} | ${s.lostWebhooks} | ${f0(s.webhookLag.p50)} / ${f0(s.webhookLag.p99)} | ${f0(s.cpuMs.app)} + ${f0(s.cpuMs.db)} + ${f0(s.cpuMs.driver)} | ${f1(s.checkoutsPerSecond / vcpus)} | ${f1((s.checkoutsPerSecond * REQUESTS_PER_CHECKOUT) / vcpus)} |`;
    }),
  ];
}

const slowestStageP99 = (s: StepFigures) => Math.max(...STAGES.map((stage) => s.latency[stage].p99));

/** Each stage at one step: latency, and where the app's time went by its Server-Timing (means). */
function stageTable(run: CheckoutRun, step: StepFigures): string[] {
  const cpu = (stage: Stage) => `${f1(run.stageCpu[stage]?.app ?? NaN)} + ${f1(run.stageCpu[stage]?.db ?? NaN)}`;
  return [
    "| stage | p50 / p90 / p99 ms | db ms | gateway ms | webhook wait ms | app (code, render) ms | server total ms | CPU ms alone (app + db) |",
    "|---|---:|---:|---:|---:|---:|---:|---:|",
    ...STAGES.map((stage) => {
      const t = step.server[stage];
      return `| ${STAGE_LABELS[stage]} | ${triple(step.latency[stage])} | ${f1(t.db!)} | ${f1(t.gateway!)} | ${f1(t.webhook!)} | ${f1(t.app!)} | ${f1(t.total!)} | ${cpu(stage)} |`;
    }),
    `| whole checkout | ${triple(step.latency.whole)} | | | | | | |`,
  ];
}

/** The highest clean step whose every stage and webhook lag keep to the latency targets, or null. */
function withinTargets(run: CheckoutRun): StepFigures | null {
  const sustained = sustainedStep(run);
  const clean = sustained ? run.steps.slice(0, run.steps.indexOf(sustained) + 1) : [];
  return clean.filter((s) => slowestStageP99(s) <= TARGET_STAGE_P99_MS && s.webhookLag.p99 <= TARGET_WEBHOOK_LAG_P99_MS).at(-1) ?? null;
}

/** Against the targets, the framework's ceiling and Hyperswitch, for one mode's sustained step. */
function verdictLines(run: CheckoutRun): string[] {
  const s = sustainedStep(run);
  if (!s) return [`${run.mode}: no step ran without errors, drops or lost webhooks.`];
  const apiPerVcpu = (s.checkoutsPerSecond * REQUESTS_PER_CHECKOUT) / vcpus;
  return [
    `${run.mode}: sustained ${f1(s.checkoutsPerSecond)} checkouts/s at ${s.rate} customers/s for ${s.seconds} s (target ≥ ${TARGET_CHECKOUTS_PER_SECOND}; ${ceilingShare(run, s)}); ` +
      `slowest stage p99 ${f0(slowestStageP99(s))} ms (target ≤ ${TARGET_STAGE_P99_MS}); webhook lag p99 ${f0(s.webhookLag.p99)} ms (target ≤ ${TARGET_WEBHOOK_LAG_P99_MS}); ` +
      `${f1(apiPerVcpu)} API req/s per vCPU (Hyperswitch: ${HYPERSWITCH.sizingRequestsPerVcpu} planned, ${HYPERSWITCH.loadTestRequestsPerVcpu} in its load test).`,
    withinLine(run),
  ];
}

/** The sustained rate against the framework's ceiling measured in the run (and the issue's estimate). */
function ceilingShare(run: CheckoutRun, s: StepFigures): string {
  const estimate = `${f0((100 * s.checkoutsPerSecond) / ESTIMATED_CEILING)}% of the issue's ~${ESTIMATED_CEILING}/s estimate`;
  const c = run.ceiling;
  if (!c) return `${estimate}; the framework's ceiling was not measured (--no-floor)`;
  return (
    `${f0((100 * s.checkoutsPerSecond) / c.checkoutsPerSecond)}% of the framework's ceiling measured in this run, ${f1(c.checkoutsPerSecond)}/s ` +
    `(${CEILING_REQUESTS_PER_CHECKOUT - PAGE_RENDERS_PER_CHECKOUT} × ${c.routeMs.toFixed(2)} ms of CPU for a floor route handler + ${PAGE_RENDERS_PER_CHECKOUT} × ${c.pageMs.toFixed(2)} ms for the floor page, on ${vcpus} vCPUs); ${estimate}`
  );
}

function withinLine(run: CheckoutRun): string {
  const w = withinTargets(run);
  return w
    ? `Highest step within the latency targets (every stage p99 ≤ ${TARGET_STAGE_P99_MS} ms, webhook lag p99 ≤ ${TARGET_WEBHOOK_LAG_P99_MS} ms): ${f1(w.checkoutsPerSecond)} checkouts/s at ${w.rate} customers/s.`
    : "No step kept within the latency targets.";
}

/**
 * The rate a step carried: its arrival rate when every arrival completed. The completions' own rate, (n − 1) over
 * the span from the first to the last, reads a little under it (29.97 at 30/s) whenever the last customer took longer
 * than the first, though none was left behind.
 */
const carried = (s: StepFigures) => (s.completed === s.arrivals ? s.rate : s.checkoutsPerSecond);

/**
 * The issue's targets for each mode. Its throughput is graded at the sustained step; its latency targets at the
 * highest step that keeps to them, since the issue asks for 30/s with every stage's p99 and the webhook lag within
 * them, not for the step above 30 that still completes to keep them too. Missing one is reported, not an error.
 */
export function checkoutChecks(runs: CheckoutRun[]): Check[] {
  return runs.flatMap((run) => {
    const s = sustainedStep(run);
    const w = withinTargets(run);
    const latencies = `every stage's p99 ≤ ${TARGET_STAGE_P99_MS} ms, webhook lag p99 ≤ ${TARGET_WEBHOOK_LAG_P99_MS} ms`;
    return [
      {
        target: `${run.mode}: ≥ ${TARGET_CHECKOUTS_PER_SECOND} checkouts/s sustained`,
        measured: `${f1(s?.checkoutsPerSecond ?? NaN)}${s ? ` (at ${s.rate} customers/s)` : " (no step was clean)"}`,
        pass: !!s && carried(s) >= TARGET_CHECKOUTS_PER_SECOND,
      },
      {
        target: `${run.mode}: ≥ ${TARGET_CHECKOUTS_PER_SECOND} checkouts/s with ${latencies}`,
        measured: w
          ? `${f1(w.checkoutsPerSecond)} at ${w.rate} customers/s (slowest stage p99 ${f0(slowestStageP99(w))} ms, webhook lag p99 ${f0(w.webhookLag.p99)} ms)`
          : "no clean step kept within them",
        pass: !!w && carried(w) >= TARGET_CHECKOUTS_PER_SECOND,
      },
    ];
  });
}

/** One mode's tables under `heading`: its steps, its sustained step's stages, the verdict. */
function modeLines(run: CheckoutRun, heading: string): string[] {
  const s = sustainedStep(run) ?? run.steps[0];
  return [
    "",
    heading,
    "",
    ...stepTable(run),
    ...(s ? ["", `Stages at ${s.rate} customers/s:`, "", ...stageTable(run, s)] : []),
    "",
    ...verdictLines(run),
  ];
}

/** What the bench prints for the checkout section. */
export const checkoutLines = (runs: CheckoutRun[]) => runs.flatMap((run) => modeLines(run, `Mode: ${run.mode}`));

/** docs/benchmarks.md's full-checkout section: the method, then each mode's tables. */
export function checkoutSection(runs: CheckoutRun[]): string[] {
  return [
    "## Full checkout under a fixed arrival rate",
    "",
    "`npm run bench -- --only=checkout` (tools/bench/checkout.ts). Simulated customers arrive at a fixed rate, an open",
    "loop as in Hyperswitch's breakpoint tests: a new one starts every 1/rate s however many are still paying; an",
    "arrival the driver cannot start within 200 ms of its time, or while 5 s' worth of customers are in flight, is",
    "dropped. Each customer, over plain HTTP (undici's request, keep-alive, gzip) as a browser without scripts: creates a",
    "transaction over the API (with `webhook_url` to a receiver on 127.0.0.1 and `redirect_url`), opens the",
    "`checkout_url` page, presses Pay (posts the page's form), opens the sandbox card page and posts its form with",
    "4111 1111 1111 1111, and follows the gateway's return, which must send it back to `redirect_url` (after the",
    "merchant answered the webhook 200, as the interface says). Webhook lag: the signed webhook's arrival",
    "at the receiver − the 'paid' event's `created_at` (the start of the database transaction that recorded it).",
    `Each layout is first warmed at ${WARM_UP.rate} customers/s for ${WARM_UP.seconds} s, not counted (a cold web process spends about half`,
    "as much CPU again per checkout for its first few hundred). The rate then steps up until a step has errors,",
    "timeouts, drops or lost webhooks; the step before it is the sustained one.",
    "Achieved checkouts/s: completions per second from the first to the last of the step; a step whose every arrival",
    "completed is graded on its arrival rate, which that estimate reads a little under (29.97 at 30/s). The issue's",
    `${TARGET_CHECKOUTS_PER_SECOND}/s is graded twice: at the sustained step, and at the highest step whose every stage's p99 and webhook lag`,
    "keep to their targets (the issue asks for the rate within them, not for the step above it to keep them). Stage times are the",
    "customer's; db / gateway / webhook wait / app are the means of the app's `Server-Timing` header on each stage",
    "([operations/monitoring.md](operations/monitoring.md)). CPU is the app's node processes' and PostgreSQL's",
    "(Linux's /proc), and the driver's own (it shares the machine): over the step per completed checkout; and the app's",
    "and PostgreSQL's per stage with customers paying one at a time before the steps (the gateway return's includes",
    "the webhook's delivery by the job engine); API req/s counts the",
    `${REQUESTS_PER_CHECKOUT} requests of a checkout.`,
    "",
    "The framework's ceiling is measured in the same run, before the steps (tools/bench/checkout-ceiling.ts): the CPU",
    "per request (node processes and PostgreSQL) of the framework floor's bare route handler doing one SELECT and of",
    "the bare floor page of the app's own build, each sent 200 times a second for 5 s (about what 30 checkouts/s send);",
    `a checkout counted as ${CEILING_REQUESTS_PER_CHECKOUT - PAGE_RENDERS_PER_CHECKOUT} such route requests and ${PAGE_RENDERS_PER_CHECKOUT} page renders (the issue's count, though ours now makes`,
    `${REQUESTS_PER_CHECKOUT} requests, two of them pages), on every vCPU. It moves`,
    "with the host: a slower or busier machine lowers it as it lowers our figures.",
    "Runs of different hours do not compare: on this 2-core host the same code's CPU per checkout moves by a fifth",
    "or more from one half-hour to the next. `npm run bench:compare -- --base <commit>` runs an older build and this",
    "tree's in turn, at one rate, and prints each run's CPU per checkout and the medians.",
    "",
    "Reference: Juspay Hyperswitch plans about 7–10 API requests/s per vCPU and counts one payment as about 7 API",
    "calls (its sizing guide), and its own load test reports about 87 requests/s per vCPU with an application p99",
    "target of 30–60 ms and no dropped requests at a fixed arrival rate (as cited in issue 34).",
    ...runs.flatMap((run) => modeLines(run, `### ${run.mode}`)),
  ];
}
