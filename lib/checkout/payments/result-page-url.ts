import { env } from "@/lib/core/env";

/** The page that shows an attempt's outcome, where a gateway's return or callback sends the customer. */
export const resultPageUrl = (recorded: { sessionId: string; referenceNumber: string }) =>
  `${env.APP_URL}/b/checkout/redirect/result/?session_id=${recorded.sessionId}&reference=${recorded.referenceNumber}`;
