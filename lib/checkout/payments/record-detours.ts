import type { Db } from "@/db/client";
import { insertEvent } from "@/db/queries/payments";

/** A gateway a pay action passed over: unavailable as the payment started, or skipped (circuit open). */
export interface Detour {
  gateway: string;
  /** In a few words: "timeout after 15 s", "credentials refused", "circuit open". */
  reason: string;
  skipped: boolean;
  /** The adapter's message (for the log and the panel; never a secret), or null when skipped. */
  message: string | null;
}

/**
 * The routing decisions of one pay action on the transaction's timeline, one `payment_routed` event per gateway
 * passed over, saying where the payment went next: the next one passed over, the gateway it `started` on
 * (`attemptId`), or `none_left`. No webhook and no message follow these events (plan-event-effects.ts).
 */
export async function recordDetours(db: Db, txn: { session_id: string; state: string }, detours: Detour[], started: { code: string; attemptId: string } | null) {
  for (const [i, detour] of detours.entries()) {
    const following = detours[i + 1];
    const next = following?.gateway ?? started?.code ?? null;
    await insertEvent(db, {
      sessionId: txn.session_id,
      kind: "payment_routed",
      from: txn.state,
      to: txn.state,
      cause: detour.skipped ? "circuit_open" : "gateway_unavailable",
      attemptId: following ? null : (started?.attemptId ?? null),
      data: { gateway: detour.gateway, reason: detour.reason, message: detour.message, next, outcome: following ? "next" : started ? "started" : "none_left" },
    });
  }
}
