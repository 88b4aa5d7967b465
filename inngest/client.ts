import { Inngest } from "inngest";
import { env } from "@/lib/core/env";
import { logger } from "@/lib/core/log/logger";

/**
 * The Inngest client (JOB_ENGINE=inngest): sends the relayed events and serves the functions at /api/inngest.
 * Keys come from INNGEST_EVENT_KEY / INNGEST_SIGNING_KEY; INNGEST_DEV=on talks to a local dev server (no
 * signature checks), INNGEST_BASE_URL points at a self-hosted Inngest. Creating it opens nothing.
 */
export const inngest = new Inngest({
  id: "checkout-service",
  eventKey: env.INNGEST_EVENT_KEY,
  signingKey: env.INNGEST_SIGNING_KEY,
  baseUrl: env.INNGEST_BASE_URL,
  isDev: env.INNGEST_DEV,
  logger: logger.child({ component: "inngest" }),
});
