import type { Ctx } from "@/lib/core/context";
import { logger } from "@/lib/core/log/logger";
import { inquirePayment } from "./inquire-payment";

/**
 * Asks each attempt's gateway about it, reading only (a payment still processing is left to finish), and settles
 * the attempts whose answer is final; returns how many it settled. A gateway that cannot answer now leaves its
 * attempt as it was, for the next ask.
 */
export async function askAboutAttempts({ ctx, input }: { ctx: Ctx; input: { referenceNumbers: string[] } }): Promise<number> {
  let settled = 0;
  for (const referenceNumber of input.referenceNumbers) {
    try {
      if ((await inquirePayment({ ctx, input: { referenceNumber, settle: false } })).changed) settled++;
    } catch (err) {
      logger.warn({ err, reference: referenceNumber }, "could not ask the gateway about a pending attempt");
    }
  }
  return settled;
}
