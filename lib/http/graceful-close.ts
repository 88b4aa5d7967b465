import type { Server, ServerResponse } from "node:http";
import net, { type Socket } from "node:net";

/**
 * Lets `server` stop without cutting a request: `drain()` stops taking connections (a proxy or client then goes
 * to another process), answers every request still coming on an open connection with `Connection: close`, and
 * resolves true once the last connection has ended, or false after `graceMs` (or once `now` resolves: a second
 * Ctrl-C), when it closes the rest.
 *
 * http.Server#close() is not used: it also closes idle keep-alive connections at once, and a client that is
 * writing its next request on one at that moment gets a reset (a request sent, no answer). A connection idle when
 * the drain begins, or kept alive by an answer whose headers went before it, is closed once it has been idle
 * `drainingIdleMs` (5 s, Node's own keep-alive timeout): not at once, yet within the grace, which the server's
 * keep-alive timeout (KEEP_ALIVE_SECONDS) would outlast.
 */
export function gracefulClose(
  server: Server,
  { drainingIdleMs = 5_000 }: { drainingIdleMs?: number } = {},
): {
  drain(graceMs: number, now?: Promise<unknown>): Promise<boolean>;
  /** How many requests were still unanswered when drain() closed their connections. */
  requestsCut(): number;
} {
  let draining = false;
  const unanswered = new Set<ServerResponse>();
  const connections = new Set<Socket>();
  let cut = 0;
  server.on("connection", (socket: Socket) => {
    connections.add(socket);
    socket.once("close", () => connections.delete(socket));
  });
  server.prependListener("request", (_req, res: ServerResponse) => {
    if (draining) res.setHeader("Connection", "close");
    else {
      unanswered.add(res);
      res.once("close", () => unanswered.delete(res));
    }
  });
  return {
    requestsCut: () => cut,
    async drain(graceMs, now) {
      draining = true;
      for (const res of unanswered) if (!res.headersSent) res.setHeader("Connection", "close");
      // Those serving a request close after its answer; the idle ones time out (the server destroys a socket whose
      // timeout nobody handles).
      const busy = new Set([...unanswered].map((res) => res.socket));
      for (const socket of connections) if (!busy.has(socket)) socket.setTimeout(drainingIdleMs);
      // An answer whose headers went before the drain keeps its connection alive: Node times it out with this.
      server.keepAliveTimeout = drainingIdleMs;
      const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), graceMs);
        void now?.then(() => resolve(false));
      });
      const inTime = await Promise.race([closed.then(() => true as const), late]);
      clearTimeout(timer);
      if (!inTime) {
        cut = unanswered.size;
        server.closeAllConnections();
        await closed;
      }
      return inTime;
    },
  };
}
