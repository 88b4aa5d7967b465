// @ts-check
// `npm run bench` builds and serves the app with BENCH_BUILD=on (tools/bench/app.ts): its own build, in
// .data/bench-next, that also holds the bare framework-floor page the payment page is measured against
// (app/(bench)/, files named *.bench.tsx). A production build (`npm run build`) has no such files and no /bench route.
const benchBuild = process.env.BENCH_BUILD === "on";

/** @type {import("next").NextConfig} */
const nextConfig = {
  // Clients of the checkout interface do not follow redirects: every path answers with and without its slash.
  skipTrailingSlashRedirect: true,
  poweredByHeader: false,
  // The web server compresses (lib/http/compress-response.ts): a whole page in one call rather than chunk by chunk.
  compress: false,
  // app/global-not-found.tsx answers unmatched addresses: the app has several root layouts (see docs/architecture.md, Layout).
  // Server actions take the bulk payment requests' CSV (at most 2 MB, lib/legacy/bulk/bulk-limits.ts) with room for the form.
  // Turbopack's build cache speeds up the next local build; a CI run builds once from a clean clone, so writing it
  // (about 18 s there) is skipped.
  experimental: { globalNotFound: true, serverActions: { bodySizeLimit: "3mb" }, turbopackFileSystemCacheForBuild: process.env.CI !== "true" },
  serverExternalPackages: ["pg", "pino", "kysely", "graphile-worker", "resend", "twilio", "prom-client", "@opentelemetry/sdk-trace-node", "@opentelemetry/sdk-trace-base", "@opentelemetry/exporter-trace-otlp-http", "@opentelemetry/exporter-trace-otlp-proto", "@opentelemetry/instrumentation", "@opentelemetry/instrumentation-pg", "@opentelemetry/instrumentation-undici", "@opentelemetry/resources"],
  // .ci/run type-checks the whole repository (`npm run typecheck`) before it builds: the build's own pass over the
  // same files (about 26 s here) is skipped there. Every other `npm run build` checks types as usual.
  typescript: { ignoreBuildErrors: process.env.TYPES_CHECKED === "on" },
  ...(benchBuild ? { distDir: ".data/bench-next", pageExtensions: ["tsx", "ts", "jsx", "js", "bench.tsx"] } : {}),
};

export default nextConfig;
