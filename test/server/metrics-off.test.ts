import { describe, expect, it, vi } from "vitest";
import { env } from "@/lib/core/env";
import { metricsAnswer } from "@/lib/core/metrics/metrics-answer";
import { countTransactionCreated, metrics } from "@/lib/core/metrics/metrics";
import { listenForMetrics } from "@/server/metrics-server";

// Without METRICS_TOKEN nothing is recorded and nothing is served, even with METRICS_PORT set.
vi.hoisted(() => {
  delete process.env.METRICS_TOKEN;
  process.env.METRICS_PORT = "3322";
});

describe("metrics without METRICS_TOKEN", () => {
  it("records nothing and answers /metrics as an unknown path", async () => {
    countTransactionCreated("checkout");
    expect(metrics()).toBeNull();
    expect(await metricsAnswer("Bearer anything-at-all-here")).toBeNull();
  });

  it("opens no port", async () => {
    const close = await listenForMetrics(env.DATABASE_URL!);
    await expect(fetch("http://127.0.0.1:3322/metrics")).rejects.toThrow();
    await close();
  });
});
