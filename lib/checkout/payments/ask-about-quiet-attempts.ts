import { listPendingAttempts } from "@/db/queries/payments";
import type { Ctx } from "@/lib/core/context";
import { askAboutAttempts } from "./ask-about-attempts";

// An attempt younger than this may be in the customer's other tab right now: the bank has nothing to tell yet.
const QUIET_SECONDS = 10;

/**
 * The customer is back to pay while an earlier attempt's card is with the bank and its answer never reached us (a
 * crash, a lost return): ask the gateway now instead of leaving them to wait for the maintenance sweep. True when
 * an answer settled an attempt; a gateway that cannot answer leaves things as they were.
 */
export async function askAboutQuietAttempts({ ctx, input }: { ctx: Ctx; input: { sessionId: string } }): Promise<boolean> {
  const quietSince = Date.now() - QUIET_SECONDS * 1000;
  const quiet = (await listPendingAttempts(ctx.db, input.sessionId)).filter((a) => a.updated_at.getTime() <= quietSince);
  return (await askAboutAttempts({ ctx, input: { referenceNumbers: quiet.map((a) => a.reference_number) } })) > 0;
}
