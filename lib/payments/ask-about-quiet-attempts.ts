import { listPendingAttempts } from "@/db/queries/payments";
import type { Ctx } from "@/lib/context";
import { logger } from "@/lib/log/logger";
import { inquirePayment } from "./inquire-payment";

// An attempt younger than this may be in the customer's other tab right now: the bank has nothing to tell yet.
const QUIET_SECONDS = 10;

/**
 * The customer is back to pay while an earlier attempt's card is with the bank and its answer never reached us (a
 * crash, a lost return): ask the gateway now instead of leaving them to wait for the maintenance sweep. True when
 * an answer settled an attempt; a gateway that cannot answer leaves things as they were.
 */
export async function askAboutQuietAttempts({ ctx, input }: { ctx: Ctx; input: { sessionId: string } }): Promise<boolean> {
  const quietSince = Date.now() - QUIET_SECONDS * 1000;
  let settled = false;
  for (const attempt of await listPendingAttempts(ctx.db, input.sessionId)) {
    if (attempt.updated_at.getTime() > quietSince) continue;
    try {
      settled = (await inquirePayment({ ctx, input: { referenceNumber: attempt.reference_number, settle: false } })).changed || settled;
    } catch (err) {
      logger.warn({ err, reference: attempt.reference_number }, "could not ask the gateway about an earlier attempt");
    }
  }
  return settled;
}
