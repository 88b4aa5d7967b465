import { createTransaction, send } from "../shared/http";
import { pay } from "../shared/payments";

/** One client step and how it ended: `end` is when its answer (or failure) came. */
export interface Answer {
  kind: "create" | "read" | "pay";
  target: string;
  at: number;
  end: number;
  ok: boolean;
  sessionId?: string;
  error?: string;
}

// Creates outnumber payments; every created transaction asks for webhooks, so payments leave deliveries behind.
const MIX = ["create", "read", "pay", "create", "read"] as const;

/**
 * Clients that create transactions, read them back and pay some through the sandbox, each step sent to one of
 * `targets()` (asked again each time: an experiment may move traffic from one process to another, as a load
 * balancer does). Every step is noted with its outcome; `stop()` lets the steps in flight finish.
 */
export function startRecordedLoad({ targets, apiKey, webhookUrl, clients }: { targets: () => string[]; apiKey: string; webhookUrl: string; clients: number }) {
  const answers: Answer[] = [];
  const created: string[] = [];
  const inFlight = new Map<string, number>();
  let running = true;
  const client = async (c: number) => {
    for (let i = c; running; i++) {
      const choices = targets();
      const target = choices[i % choices.length]!;
      const kind = created.length === 0 ? "create" : MIX[i % MIX.length]!;
      const at = Date.now();
      inFlight.set(target, (inFlight.get(target) ?? 0) + 1);
      let sessionId: string | undefined;
      try {
        if (kind === "read") {
          sessionId = created[Math.floor(Math.random() * created.length)]!;
          await send({ url: `${target}/b/checkout/v1/pymt-txn/${sessionId}/`, headers: { Authorization: `Api-Key ${apiKey}` } });
        } else {
          sessionId = (await createTransaction(target, apiKey, { webhook_url: webhookUrl })).session_id;
          created.push(sessionId);
          if (kind === "pay") await pay(target, sessionId);
        }
        answers.push({ kind, target, at, end: Date.now(), ok: true, sessionId });
      } catch (error) {
        answers.push({ kind, target, at, end: Date.now(), ok: false, sessionId, error: String((error as Error).message).slice(0, 200) });
      } finally {
        inFlight.set(target, inFlight.get(target)! - 1);
      }
    }
  };
  const done = Promise.all(Array.from({ length: clients }, (_, c) => client(c)));
  return {
    answers,
    /** Steps under way on `target` (a process taken out of `targets()` is stopped once it has none). */
    inFlightTo: (target: string) => inFlight.get(target) ?? 0,
    async stop() {
      running = false;
      await done;
    },
  };
}

/** Requests that overlapped [from, to], and of them the failed ones. */
export function answersDuring(answers: Answer[], from: number, to: number) {
  const during = answers.filter((a) => a.end >= from && a.at <= to);
  return { count: during.length, failed: during.filter((a) => !a.ok) };
}
