import { listenForNotifications, type Listening } from "@/db/listen-for-notifications";
import { WEBHOOK_ANSWERED_CHANNEL } from "@/db/queries/webhooks";

// Wakes a result page waiting for the merchant's answer to its webhook as soon as any process records the answer:
// one connection per process LISTENs for the notice the recording statement sends at commit. While that
// connection is down, nothing is heard: the waiting page polls instead (see await-webhook-answer.ts).

/** A recorded try of one of the session's deliveries, as its notice tells it (db/queries/webhooks.ts). */
export interface HeardAnswer {
  deliveryId: bigint;
  attemptNo: number;
  /** The HTTP status, or null when the try got no answer. */
  status: number | null;
}

/** Wakes a waiting page: with the answer heard, or with none (the listening connection came back: read again). */
type Wake = (answer: HeardAnswer | null) => void;

/**
 * The answer a notice's payload tells of, after its session id; null when it tells none (the session id alone, as
 * a process of an older release sends during an upgrade): the page reads again.
 */
function heardAnswer([deliveryId, attemptNo, status]: string[]): HeardAnswer | null {
  if (!deliveryId || !/^\d+$/.test(deliveryId) || !attemptNo) return null;
  return { deliveryId: BigInt(deliveryId), attemptNo: Number(attemptNo), status: status ? Number(status) : null };
}

interface State {
  /** The wake-ups of the pages waiting, by session id. */
  waiting: Map<string, Set<Wake>>;
  live: boolean;
  listening: Listening;
}

// On globalThis: one listening connection per process, whichever bundle loads this module.
const holder = globalThis as unknown as { __checkoutWebhookAnswers?: State };

function state(url: string): State {
  if (holder.__checkoutWebhookAnswers) return holder.__checkoutWebhookAnswers;
  const wakeAll = () => created.waiting.forEach((wakes) => wakes.forEach((wake) => wake(null)));
  const created: State = {
    waiting: new Map(),
    live: false,
    listening: listenForNotifications(url, WEBHOOK_ANSWERED_CHANNEL, {
      onNotify: (payload) => {
        const [sessionId = "", ...rest] = payload.split(" ");
        const answer = heardAnswer(rest);
        created.waiting.get(sessionId)?.forEach((wake) => wake(answer));
      },
      // A notice may have been missed while not listening: every page reads again.
      onListening: (live) => {
        created.live = live;
        wakeAll();
      },
    }),
  };
  holder.__checkoutWebhookAnswers = created;
  return created;
}

export interface AnswerNotices {
  /** Whether notices are being heard (else the caller polls). */
  live(): boolean;
  /**
   * Resolves at the next notice about the session (or one heard since the last call), or after `ms`: with the
   * answer that notice told of (the last one, when several came), or null (timed out, or read again to be sure).
   */
  next(ms: number): Promise<HeardAnswer | null>;
  close(): void;
}

/** Whether this process already hears the notices (its listening connection is up). */
export const hearingAnswers = () => holder.__checkoutWebhookAnswers?.live ?? false;

/** Notices of answers recorded for `sessionId`'s deliveries, from now on. */
export function answerNotices(databaseUrl: string, sessionId: string): AnswerNotices {
  const s = state(databaseUrl);
  // What was heard since the last call: nothing yet (undefined), the last answer told, or null once a wake without
  // an answer came (the page reads again, whatever came after).
  let heard: HeardAnswer | null | undefined;
  let wakeWaiter: (() => void) | null = null;
  const wake: Wake = (answer) => {
    heard = heard === null ? null : answer;
    wakeWaiter?.();
  };
  const wakes = s.waiting.get(sessionId) ?? new Set<Wake>();
  s.waiting.set(sessionId, wakes.add(wake));
  return {
    live: () => s.live,
    async next(ms) {
      if (heard === undefined) {
        let timer: NodeJS.Timeout | undefined;
        await new Promise<void>((resolve) => {
          wakeWaiter = resolve;
          timer = setTimeout(resolve, ms);
        });
        clearTimeout(timer);
        wakeWaiter = null;
      }
      const answer = heard ?? null;
      heard = undefined;
      return answer;
    },
    close() {
      wakes.delete(wake);
      if (wakes.size === 0 && s.waiting.get(sessionId) === wakes) s.waiting.delete(sessionId);
    },
  };
}

/** Stops listening (tests, shutdown). */
export async function stopAnswerNotices(): Promise<void> {
  const notices = holder.__checkoutWebhookAnswers;
  holder.__checkoutWebhookAnswers = undefined;
  await notices?.listening.stop();
}
