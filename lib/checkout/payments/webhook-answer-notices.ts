import { listenForNotifications, type Listening } from "@/db/listen-for-notifications";
import { WEBHOOK_ANSWERED_CHANNEL } from "@/db/queries/webhooks";

// Wakes a result page waiting for the merchant's answer to its webhook as soon as any process records the answer:
// one connection per process LISTENs for the notice the recording statement sends at commit. While that
// connection is down, nothing is heard: the waiting page polls instead (see await-webhook-answer.ts).

type Wake = () => void;

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
  const wakeAll = () => created.waiting.forEach((wakes) => wakes.forEach((wake) => wake()));
  const created: State = {
    waiting: new Map(),
    live: false,
    listening: listenForNotifications(url, WEBHOOK_ANSWERED_CHANNEL, {
      onNotify: (sessionId) => created.waiting.get(sessionId)?.forEach((wake) => wake()),
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
  /** Resolves at the next notice about the session (or one heard since the last call), or after `ms`. */
  next(ms: number): Promise<void>;
  close(): void;
}

/** Whether this process already hears the notices (its listening connection is up). */
export const hearingAnswers = () => holder.__checkoutWebhookAnswers?.live ?? false;

/** Notices of answers recorded for `sessionId`'s deliveries, from now on. */
export function answerNotices(databaseUrl: string, sessionId: string): AnswerNotices {
  const s = state(databaseUrl);
  let heard = false;
  let wakeWaiter: Wake | null = null;
  const wake = () => {
    heard = true;
    wakeWaiter?.();
  };
  const wakes = s.waiting.get(sessionId) ?? new Set<Wake>();
  s.waiting.set(sessionId, wakes.add(wake));
  return {
    live: () => s.live,
    async next(ms) {
      if (!heard) {
        let timer: NodeJS.Timeout | undefined;
        await new Promise<void>((resolve) => {
          wakeWaiter = resolve;
          timer = setTimeout(resolve, ms);
        });
        clearTimeout(timer);
        wakeWaiter = null;
      }
      heard = false;
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
