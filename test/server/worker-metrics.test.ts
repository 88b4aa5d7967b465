import { expect, it } from "vitest";
import { env } from "@/lib/core/env";
import { spawnForTest } from "../support/child-processes";
import { samples, scrape } from "../support/scrape";

// `npm run worker` has no web server: with METRICS_TOKEN and METRICS_PORT it serves its own /metrics on 127.0.0.1.
const TOKEN = "worker-metrics-token-0123456789";
const URL = "http://127.0.0.1:3325/metrics";

it("serves the worker's own metrics on METRICS_PORT, behind the token", async () => {
  spawnForTest(process.execPath, ["--import", "tsx", "server/worker.ts"], {
    env: { ...process.env, DATABASE_URL: env.DATABASE_URL, METRICS_TOKEN: TOKEN, METRICS_PORT: "3325" },
    stdio: "ignore",
  });
  // The worker migrates and starts its engine first; the port opens after.
  const body = () => scrape(URL, TOKEN).then((r) => (r.status === 200 ? r.text() : ""), () => "");
  await expect.poll(body, { timeout: 60_000, interval: 250 }).toContain("checkout_db_pool_connections");
  const s = samples(await body());
  expect(s.get("checkout_database_up")).toBe(1);
  expect(s.has('checkout_db_pool_connections{pool="queue",state="idle"}')).toBe(true);
  expect(s.has("checkout_jobs_queued")).toBe(true);
  const refused = await scrape(URL, "wrong-token-wrong-token");
  expect(refused.status).toBe(401);
  expect(await refused.text()).not.toMatch(/checkout_/);
});
