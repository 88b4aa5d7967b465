import type { Db } from "@/db/client";
import { cachedSettings } from "@/lib/core/cache/cached-settings";
import type { FactsWithConfig } from "@/db/queries/event-facts";
import type { TransactionEvent } from "@/db/types";
import { buildLegacyResult, type LegacyResultWord } from "./build-legacy-result";

/**
 * The legacy result word of each state a legacy transaction ends in. A legacy transaction leaves its payable
 * states once (it ends at its first result), so at most one of its events has a result: one POST per
 * transaction. Expiry has none: the spec's four results are outcomes of a payment, and an expired transaction
 * had none (docs/legacy/result.md).
 */
const RESULTS: Partial<Record<string, LegacyResultWord>> = {
  paid: "success",
  authorized: "success",
  failed: "failed",
  canceled: "canceled",
  error: "error",
};

/** The legacy result an event reports (its move into a final state), or null. */
export const legacyResultOf = (event: Pick<TransactionEvent, "kind" | "to_state">): LegacyResultWord | null =>
  (event.kind === "state_changed" && event.to_state && RESULTS[event.to_state]) || null;

/** What a legacy transaction's event sends to its disclosure_url: the legacy result, or null for no delivery. */
export async function planLegacyResult(db: Db, { event, view, attempt }: FactsWithConfig): Promise<Record<string, unknown> | null> {
  const result = legacyResultOf(event);
  if (!result) return null;
  const { webhook_hmac_key } = await cachedSettings(db);
  return buildLegacyResult({ result, view, attempt, hmacKey: webhook_hmac_key });
}
