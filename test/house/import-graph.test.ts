import { describe, expect, it } from "vitest";
import { buildImportGraph, buildLibAreaGraph, describeCycle, findCycles, libAreaOf } from "../support/import-graph";

// The rules of the house for imports (docs/architecture.md): no import circle anywhere; lib/ areas in layers, each
// importing only areas below it; db/ imports nothing from lib/, and lib/ nothing from app/, components/, server/,
// inngest/; only the areas above the legacy adapter import it;
// the product never imports tools/, test/ or e2e/. ESLint's no-restricted-imports says the same per area as you type
// (eslint.config.mjs); this test is the cycle check, over the whole repository.

/** lib/ areas from the bottom up: an area may import itself and the areas before it, never one after it. */
const LIB_LAYERS = [
  "lib/core", // errors, context, env, log, money, time, validation, crypto, the configuration cache
  "lib/access", // sessions, API keys, permissions, admin users, the audit log
  "lib/gateways", // the adapter interface, the sandbox and real gateways
  "lib/http", // route plumbing: authenticate a request, parse a body, map errors to responses
  "lib/checkout", // transactions and their lifecycle, payments, operations, expiry, cards, the payment page
  "lib/config", // currencies, settings, gateway settings
  "lib/delivery", // webhooks and notifications (e-mail, SMS)
  "lib/legacy", // the /pos/ adapter
  "lib/jobs", // the job engine: runs checkout, delivery and legacy work after commit
  "lib/openapi", // the served API reference (documents the checkout and the legacy interface)
  "lib/panel", // the admin panel's glue, dashboard, demo, health
];

/** The areas above the legacy adapter that may import it; the checkout core never does. */
const MAY_IMPORT_LEGACY = new Set(["lib/legacy", "lib/jobs", "lib/openapi", "lib/panel"]);

const PRODUCT = /^(app|components|lib|db|inngest|server)\/|^(proxy|next\.config)\.ts$/;
const TOOLING = /^(tools|test|e2e)\//;

const graph = buildImportGraph();
const edges = [...graph].flatMap(([from, targets]) => targets.map((to) => ({ from, to })));

describe("the import graph", () => {
  it("reads the whole repository", () => {
    expect(graph.size).toBeGreaterThan(500);
    expect(graph.get("lib/checkout/payments/start-payment.ts")).toContain("lib/core/errors.ts");
  });

  it("has no import circle between files", () => {
    expect(findCycles(graph).map((members) => describeCycle(graph, members))).toEqual([]);
  });

  it("keeps lib/ areas in one-way layers", () => {
    const areas = buildLibAreaGraph(graph);
    expect([...areas.keys()].filter((area) => !LIB_LAYERS.includes(area)).sort()).toEqual([]); // every area is placed
    expect(findCycles(areas)).toEqual([]);
    const upward = edges.filter(({ from, to }) => {
      const a = libAreaOf(from);
      const b = libAreaOf(to);
      return a && b && LIB_LAYERS.indexOf(b) > LIB_LAYERS.indexOf(a);
    });
    expect(upward.map(({ from, to }) => `${from} → ${to}`)).toEqual([]);
  });

  it("keeps db/ free of lib/", () => {
    expect(edges.filter(({ from, to }) => from.startsWith("db/") && to.startsWith("lib/"))).toEqual([]);
  });

  it("keeps the checkout core off the legacy adapter", () => {
    const intoLegacy = edges.filter(({ from, to }) => libAreaOf(to) === "lib/legacy" && !MAY_IMPORT_LEGACY.has(libAreaOf(from) ?? ""));
    expect(intoLegacy.filter(({ from }) => from.startsWith("lib/"))).toEqual([]);
  });

  it("keeps lib/ off the HTTP layer, the launcher and the Inngest functions", () => {
    expect(edges.filter(({ from, to }) => from.startsWith("lib/") && /^(app|components|server|inngest)\//.test(to))).toEqual([]);
  });

  it("keeps the product off bench, fault and test tooling", () => {
    expect(edges.filter(({ from, to }) => PRODUCT.test(from) && TOOLING.test(to))).toEqual([]);
  });
});
