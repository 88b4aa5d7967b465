import type { StepFigures } from "@/tools/bench/checkout";
import { STAGES } from "@/tools/bench/checkout-customer";

// A checkout bench step as the bench measures it, for the tests of what it prints and grades.

const p = (v: number) => ({ p50: v, p90: v, p99: v });

/** A step at `rate` whose slowest stage (the card page) took `slowest` ms at p99, every other stage 10 ms. */
export function checkoutStep(
  rate: number,
  figures: { achieved: number; slowest: number; dropped: number; cpu: StepFigures["cpuMs"]; webhookLagP99?: number },
): StepFigures {
  const latency = Object.fromEntries([...STAGES, "whole"].map((s) => [s, p(s === "cardPage" ? figures.slowest : 10)])) as StepFigures["latency"];
  const server = Object.fromEntries(STAGES.map((s): [string, Record<string, number>] => [s, { db: 1, gateway: 0, webhook: 0, app: 2, total: 3 }])) as StepFigures["server"];
  const arrivals = rate * 60;
  return {
    rate, seconds: 60, arrivals, completed: arrivals - figures.dropped, checkoutsPerSecond: figures.achieved, errors: 0, timeouts: 0,
    dropped: figures.dropped, lostWebhooks: 0, firstErrors: [], latency, server, webhookLag: p(figures.webhookLagP99 ?? 12), cpuMs: figures.cpu,
  };
}
