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

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "proxy.ts"],
    rules: { "no-restricted-imports": ["error", noDataLayer] },
  },
  {
    files: ["lib/**/*.ts", "db/**/*.ts", "app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "inngest/**/*.ts", "proxy.ts"],
    ignores: ["lib/env.ts"],
    rules: {
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "Read configuration from lib/env.ts." },
      ],
    },
  },
  globalIgnores([".next/**", "out/**", "build/**", "next-env.d.ts", ".data/**", "playwright-report/**", "test-results/**"]),
]);
