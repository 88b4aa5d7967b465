import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// Layers flow one way: pages, route handlers, the proxy and components reach data only through lib/ domain verbs.
const noDataLayer = {
  patterns: [
    { group: ["@/db", "@/db/*", "**/db/*"], message: "Call a domain verb in lib/ instead of the data layer." },
    { group: ["kysely", "kysely/*", "pg"], message: "SQL belongs in db/; call a domain verb in lib/." },
  ],
};

// The product (what `npm start`, the worker and the admin CLI run) never imports the bench, fault and seeding tooling
// in tools/ nor the tests' helpers; tools/ and test/ may import the product.
const noTooling = [
  { group: ["@/tools", "@/tools/*", "**/tools/*"], message: "tools/ is bench and fault tooling; the product does not import it." },
  { group: ["@/test", "@/test/*", "**/test/*", "@/e2e/*", "**/e2e/*"], message: "The product does not import test helpers." },
];

// lib/ areas from the bottom up (docs/architecture.md): an area imports itself and the areas before it, never one
// after it. test/house/import-graph.test.ts checks the same over the whole repository, with the cycles.
const libLayers = ["core", "access", "gateways", "http", "checkout", "config", "delivery", "legacy", "jobs", "openapi", "panel"];
const layerRules = libLayers.map((area, index) => ({
  files: [`lib/${area}/**/*.{ts,tsx}`],
  rules: {
    "no-restricted-imports": [
      "error",
      {
        patterns: [
          ...noTooling,
          ...libLayers.slice(index + 1).map((above) => ({
            group: [`@/lib/${above}`, `@/lib/${above}/*`],
            message:
              above === "legacy"
                ? "The checkout core never imports the legacy adapter; move the shared piece down (docs/architecture.md)."
                : `lib/${area} sits below lib/${above} and may not import it (docs/architecture.md, areas).`,
          })),
          { group: ["@/app", "@/app/*", "@/server", "@/server/*", "@/components", "@/components/*", "@/inngest", "@/inngest/*"], message: "lib/ is below the HTTP layer, the launcher and inngest/ (pass what it needs in)." },
        ],
      },
    ],
  },
}));

// db/ is the bottom layer: it imports nothing from lib/ (values it needs, such as the logger, are passed in).
const noLib = [{ group: ["@/lib", "@/lib/*", "**/lib/*"], message: "db/ imports nothing from lib/; pass the value in." }];

// React's rules (the React Compiler's among them: most of lint's time) only where React code lives. The server's
// TypeScript (lib/, db/, server/, inngest/) and the tooling and tests hold no component nor hook.
const reactRules = nextVitals.flatMap((config) => Object.keys(config.rules ?? {})).filter((rule) => /^(react|react-hooks|jsx-a11y)\//.test(rule));
const noReact = {
  files: ["lib/**/*.ts", "db/**/*.ts", "server/**/*.ts", "inngest/**/*.ts", "tools/**/*.ts", "test/**/*.ts", "e2e/**/*.ts"],
  rules: Object.fromEntries(reactRules.map((rule) => [rule, "off"])),
};

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  noReact,
  {
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "proxy.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [...noDataLayer.patterns, ...noTooling] }] },
  },
  {
    files: ["lib/**/*.ts", "db/**/*.ts", "inngest/**/*.ts", "server/**/*.ts", "next.config.mjs"],
    rules: { "no-restricted-imports": ["error", { patterns: noTooling }] },
  },
  ...layerRules,
  { files: ["db/**/*.ts"], rules: { "no-restricted-imports": ["error", { patterns: [...noTooling, ...noLib] }] } },
  // Import circles are found by test/house/import-graph.test.ts (a second), not by import/no-cycle here: that rule took
  // the lint of this repository from 29 s to 3 min 47 s, and misses bare `import "x"` lines besides.
  {
    files: ["lib/**/*.ts", "db/**/*.ts", "app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "inngest/**/*.ts", "proxy.ts"],
    ignores: ["lib/core/env.ts"],
    rules: {
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "Read configuration from lib/core/env.ts." },
      ],
    },
  },
  globalIgnores([".next/**", "out/**", "build/**", "next-env.d.ts", ".data/**", "playwright-report/**", "test-results/**"]),
]);
