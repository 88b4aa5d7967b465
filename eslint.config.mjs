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

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "proxy.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [...noDataLayer.patterns, ...noTooling] }] },
  },
  {
    files: ["lib/**/*.ts", "db/**/*.ts", "inngest/**/*.ts", "server/**/*.ts", "next.config.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: noTooling }] },
  },
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
