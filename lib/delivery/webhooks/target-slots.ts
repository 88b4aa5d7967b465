import { env } from "@/lib/core/env";

// Requests in flight in this process, per receiver (scheme, host and port). A receiver may have at most
// WEBHOOK_TARGET_CONCURRENCY of them at once, so a slow or dead receiver holds no more of the worker's slots than
// that and never holds back other merchants' webhooks (head-of-line blocking).
//
// A delivery that finds the receiver's slots taken waits here for one while the receiver is answering: a burst
// of webhooks to a healthy receiver then goes out 3 at a time within milliseconds. Once the oldest request has
// been in flight for SLOW_MS the receiver counts as slow and the waiting deliveries give up their worker slots
// (they try again later; see slotRetryAt).
const SLOW_MS = 1_000;

interface Target {
  /** When each request in flight started (performance.now()), oldest first. */
  started: number[];
  /** Deliveries waiting for a slot, first come first served; each is handed its slot's start time. */
  waiting: Array<(startedAt: number) => void>;
}

const targets = new Map<string, Target>();

/** A slot for one request to this URL's receiver, with the function that gives it back; null when the receiver is slow. */
export async function takeTargetSlot(url: string): Promise<(() => void) | null> {
  const key = URL.canParse(url) ? new URL(url).origin : url;
  const target = targets.get(key) ?? { started: [], waiting: [] };
  targets.set(key, target);
  let startedAt: number | null;
  if (target.started.length < env.WEBHOOK_TARGET_CONCURRENCY) {
    startedAt = performance.now();
    target.started.push(startedAt);
  } else {
    startedAt = await waitForSlot(target);
  }
  if (startedAt === null) {
    forgetIfIdle(key, target);
    return null;
  }
  let given = false;
  return () => {
    if (given) return;
    given = true;
    target.started.splice(target.started.indexOf(startedAt), 1);
    const next = target.waiting.shift();
    if (!next) return forgetIfIdle(key, target);
    // Handed over here, not taken by the waiter when it wakes: nobody can slip in between.
    const now = performance.now();
    target.started.push(now);
    next(now);
  };
}

/** The start time of the slot handed over when one frees, or null once the oldest request in flight turns SLOW_MS old. */
function waitForSlot(target: Target): Promise<number | null> {
  const patience = target.started[0]! + SLOW_MS - performance.now();
  if (patience <= 0) return Promise.resolve(null);
  return new Promise((resolve) => {
    const waiter = (startedAt: number) => {
      clearTimeout(timer);
      resolve(startedAt);
    };
    const timer = setTimeout(() => {
      target.waiting.splice(target.waiting.indexOf(waiter), 1);
      resolve(null);
    }, patience);
    target.waiting.push(waiter);
  });
}

function forgetIfIdle(key: string, target: Target) {
  if (target.started.length === 0 && target.waiting.length === 0) targets.delete(key);
}

/**
 * When a delivery that found its receiver slow tries again: within 1–3 s, spread so that a backlog of many does
 * not wake at once (each wake is a job run).
 */
export const slotRetryAt = () => new Date(Date.now() + 1_000 + Math.floor(Math.random() * 2_000));
