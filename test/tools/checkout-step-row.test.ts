import { describe, expect, it } from "vitest";
import type { CheckoutRun } from "@/tools/bench/checkout";
import { STAGES } from "@/tools/bench/checkout-customer";
import { checkoutLines } from "@/tools/bench/checkout-report";
import { stepRows } from "@/tools/bench/checkout-step-row";
import { checkoutStep as step } from "../support/checkout-steps";

// `npm run bench:compare` reads the checkout bench's printed step table back (tools/bench/checkout-step-row.ts), of
// this build and of an older one: what the report prints must read back as the figures it was given.

describe("checkout step rows", () => {
  it("reads back every step of the printed table, and nothing of the stage table", () => {
    const run: CheckoutRun = {
      mode: "one process (npm start)",
      ceiling: null,
      stageCpu: Object.fromEntries(STAGES.map((s) => [s, { app: 6.5, db: 1.2 }])) as CheckoutRun["stageCpu"],
      steps: [
        step(20, { achieved: 20, slowest: 63, dropped: 0, cpu: { app: 51.2, db: 11.4, driver: 6.6 } }),
        step(25, { achieved: 23.8, slowest: 1765, dropped: 14, cpu: { app: 55, db: 15, driver: 7 } }),
      ],
    };
    expect(stepRows(checkoutLines([run]).join("\n"))).toEqual([
      { rate: 20, mark: "sustained", checkoutsPerSecond: 20, slowestStageP99: 63, dropped: 0, cpu: { app: 51, db: 11, driver: 7 } },
      { rate: 25, mark: "broke", checkoutsPerSecond: 23.8, slowestStageP99: 1765, dropped: 14, cpu: { app: 55, db: 15, driver: 7 } },
    ]);
  });

  it("reads a row as the first release of the table printed it (6b7776b), and skips other tables' rows", () => {
    const output = [
      "| 20 (sustained) | 20.0 | 124 / 1515 / 2437 | 596 | 0 | 0 | 0 | 0 | 11 / 47 | 53 + 13 + 7 | 10.0 | 70.0 |",
      "| 15 | 15.0 | 82 / 138 / 413 | 104 | 0 | 0 | 0 | 0 | 9 / 40 | 59 + 17 + 8 | 7.5 | 52.5 |",
      "| create (API) | 71 / 204 / 289 | 27.0 | 0.0 | 0.0 | 28.9 | 55.9 | 6.8 + 3.3 |",
      "| create: POST /b/checkout/v1/pymt-txn/ | 509 | 94 | 210 | 5090 | 0 | 1 | 50.7% | 2.19× | 10.1% | 10.00× |",
    ].join("\n");
    expect(stepRows(output)).toEqual([
      { rate: 20, mark: "sustained", checkoutsPerSecond: 20, slowestStageP99: 596, dropped: 0, cpu: { app: 53, db: 13, driver: 7 } },
      { rate: 15, mark: "", checkoutsPerSecond: 15, slowestStageP99: 104, dropped: 0, cpu: { app: 59, db: 17, driver: 8 } },
    ]);
  });
});
