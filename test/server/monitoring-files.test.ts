import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { parse } from "yaml";
import { metrics } from "@/lib/core/metrics/metrics";

// The Grafana dashboard and the Prometheus rules of docs/operations/ parse, and name only metrics the service
// registers (a renamed metric fails here, not on an operator's screen).
vi.hoisted(() => {
  process.env.METRICS_TOKEN = "monitoring-files-token-0123";
});

const docs = path.resolve(__dirname, "../../docs/operations");
const dashboard = JSON.parse(readFileSync(path.join(docs, "grafana-dashboard.json"), "utf8")) as {
  panels: { title: string; targets: { expr: string }[] }[];
};
const alerts = parse(readFileSync(path.join(docs, "alerts.yml"), "utf8")) as {
  groups: { name: string; rules: { alert: string; expr: string; for?: string }[] }[];
};
const rules = alerts.groups.flatMap((g) => g.rules);

/** Every series name the process exposes: histograms with their _bucket, _count and _sum. */
async function exposedNames(): Promise<Set<string>> {
  const families = await metrics()!.registry.getMetricsAsJSON();
  return new Set(
    families.flatMap((f) => (String(f.type) === "histogram" ? ["bucket", "count", "sum"].map((s) => `${f.name}_${s}`) : [f.name])),
  );
}

/** The metric names a PromQL expression reads (Prometheus's own `up` aside). */
const namesIn = (expr: string) => [...expr.matchAll(/\b((?:checkout|process|nodejs)_[a-z0-9_]+)\b/g)].map((m) => m[1]!);

describe("docs/operations", () => {
  it("the dashboard has panels, each with a query", () => {
    expect(dashboard.panels.length).toBeGreaterThan(10);
    for (const panel of dashboard.panels) expect(panel.targets.length, panel.title).toBeGreaterThan(0);
  });

  it("the alert rules cover success rate, webhook backlog, database down and expiry lag", () => {
    expect(rules.map((r) => r.alert)).toEqual(
      expect.arrayContaining(["CheckoutPaymentSuccessRateDrop", "CheckoutWebhookBacklog", "CheckoutDatabaseDown", "CheckoutExpiryLag"]),
    );
    for (const rule of rules) expect(rule.expr, rule.alert).toMatch(/\S/);
  });

  it("name only metrics the service registers", async () => {
    const exposed = await exposedNames();
    const queries = [...dashboard.panels.flatMap((p) => p.targets.map((t) => t.expr)), ...rules.map((r) => r.expr)];
    const named = new Set(queries.flatMap(namesIn));
    expect(named.size).toBeGreaterThan(10);
    expect([...named].filter((name) => !exposed.has(name))).toEqual([]);
  });
});
