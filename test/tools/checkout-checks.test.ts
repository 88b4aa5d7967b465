import { describe, expect, it } from "vitest";
import type { CheckoutRun, StepFigures } from "@/tools/bench/checkout";
import { STAGES } from "@/tools/bench/checkout-customer";
import { checkoutChecks } from "@/tools/bench/checkout-report";
import { checkoutStep as step } from "../support/checkout-steps";

// The full-checkout bench grades the targets: 30 checkouts/s sustained, and 30/s with every stage's p99 and
// the webhook lag within their targets, at the highest step that keeps to them (not only at the sustained one).

const cpu = { app: 40, db: 10, driver: 5 };
const run = (steps: StepFigures[]): CheckoutRun => ({
  mode: "two web processes + one worker",
  ceiling: null,
  stageCpu: Object.fromEntries(STAGES.map((s) => [s, { app: 6, db: 1 }])) as CheckoutRun["stageCpu"],
  steps,
});
const verdicts = (r: CheckoutRun) => checkoutChecks([r]).map((c) => [c.target.replace(`${r.mode}: `, ""), c.pass]);

describe("the full checkout's targets", () => {
  it("met at 30/s though the sustained 35/s step's slowest stage was over 250 ms", () => {
    const checks = checkoutChecks([run([step(30, { achieved: 29.97, slowest: 52, dropped: 0, cpu }), step(35, { achieved: 35, slowest: 374, dropped: 0, cpu })])]);
    expect(checks.map((c) => c.pass)).toEqual([true, true]);
    expect(checks[1]!.measured).toBe("30.0 at 30 customers/s (slowest stage p99 52 ms, webhook lag p99 12 ms)");
  });

  it("missed when the only step within the latency targets is under 30/s", () => {
    const r = run([step(25, { achieved: 25, slowest: 120, dropped: 0, cpu }), step(30, { achieved: 30, slowest: 600, dropped: 0, cpu }), step(35, { achieved: 31, slowest: 900, dropped: 40, cpu })]);
    expect(verdicts(r)).toEqual([
      ["≥ 30 checkouts/s sustained", true],
      ["≥ 30 checkouts/s with every stage's p99 ≤ 250 ms, webhook lag p99 ≤ 1000 ms", false],
    ]);
  });

  it("missed when the webhook lags over a second at 30/s, and with no clean step at all", () => {
    expect(verdicts(run([step(30, { achieved: 30, slowest: 90, dropped: 0, cpu, webhookLagP99: 1400 })]))[1]![1]).toBe(false);
    const broken = checkoutChecks([run([step(30, { achieved: 22, slowest: 2000, dropped: 300, cpu })])]);
    expect(broken.map((c) => c.pass)).toEqual([false, false]);
    expect(broken[1]!.measured).toBe("no clean step kept within them");
  });
});
