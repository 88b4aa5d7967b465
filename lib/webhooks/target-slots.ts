import { env } from "@/lib/env";

// Deliveries in flight in this process, per receiver (scheme, host and port). A slow or dead receiver may
// hold at most WEBHOOK_TARGET_CONCURRENCY of the worker's slots; its other deliveries wait their turn instead
// of holding back every other merchant's webhooks (head-of-line blocking).
const inFlight = new Map<string, number>();

/** A slot for one delivery to this URL's receiver, with the function that gives it back; null when all are taken. */
export function takeTargetSlot(url: string): (() => void) | null {
  const target = URL.canParse(url) ? new URL(url).origin : url;
  const count = inFlight.get(target) ?? 0;
  if (count >= env.WEBHOOK_TARGET_CONCURRENCY) return null;
  inFlight.set(target, count + 1);
  let given = false;
  return () => {
    if (given) return;
    given = true;
    const left = (inFlight.get(target) ?? 1) - 1;
    if (left > 0) inFlight.set(target, left);
    else inFlight.delete(target);
  };
}

/**
 * When a delivery that found its receiver's slots taken tries again: within 1–3 s, spread so that a backlog of
 * many does not wake at once (each wake is a job run).
 */
export const slotRetryAt = () => new Date(Date.now() + 1_000 + Math.floor(Math.random() * 2_000));
