import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Clients of the checkout interface do not follow redirects: every path answers with and without its slash.
  skipTrailingSlashRedirect: true,
  poweredByHeader: false,
  // app/global-not-found.tsx answers unmatched addresses: the app has several root layouts (see docs/architecture.md, Layout).
  // Server actions take the bulk payment requests' CSV (at most 2 MB, lib/legacy/bulk/bulk-limits.ts) with room for the form.
  experimental: { globalNotFound: true, serverActions: { bodySizeLimit: "3mb" } },
  serverExternalPackages: ["pg", "pino", "kysely", "graphile-worker", "resend", "twilio"],
};

export default nextConfig;
