import pg from "pg";

export interface Listening {
  stop(): Promise<void>;
}

interface Handlers {
  /** A notification arrived on the channel, with its payload ("" when none). */
  onNotify(payload: string): void;
  /** The connection started (true) or stopped (false) listening; nothing is heard in between. */
  onListening(live: boolean): void;
}

const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

/** Keeps one connection LISTENing on `channel`, reconnecting after a loss (1 s, 2 s, 5 s … then every 30 s). */
export function listenForNotifications(url: string, channel: string, handlers: Handlers): Listening {
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | null = null;
  let failures = 0;
  let stopped = false;

  const retry = () => {
    handlers.onListening(false);
    client = null;
    if (stopped) return;
    timer = setTimeout(connect, RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)]);
    timer.unref();
  };

  const connect = async () => {
    const next = new pg.Client({ connectionString: url, application_name: "checkout-service-listener" });
    client = next;
    next.on("error", () => undefined); // the 'end' that follows reconnects
    next.on("notification", (message) => handlers.onNotify(message.payload ?? ""));
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch {
      await next.end().catch(() => undefined);
      if (client === next) retry();
      return;
    }
    if (client !== next) return; // stopped meanwhile; stop() closed it
    failures = 0;
    next.on("end", () => client === next && retry());
    handlers.onListening(true);
  };

  void connect();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      const current = client;
      client = null;
      handlers.onListening(false);
      await current?.end().catch(() => undefined);
    },
  };
}
