import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";

// How long the rest of a refused body is read and dropped before the connection is closed.
const LINGER_MS = 2_000;

/**
 * A response sent before its request's body was read to the end (a 413 refusing an upload early) leaves the rest of
 * that body on the connection, where the next request on it would never be answered. Such a response says
 * `Connection: close`, so the client opens a new connection for its next request. The connection is then closed
 * the way a lingering close does: our side first, while what the client is still sending is read and dropped for
 * a moment, since closing with unread bytes sends a reset that can destroy the answer before the client reads it.
 */
export function closeAfterUnreadBody(req: IncomingMessage, res: ServerResponse): void {
  // Taken now: a body stream Next.js cancels is destroyed, and the request lets go of its socket.
  const socket = req.socket;
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse["writeHead"]>) {
    if (!req.complete) {
      this.shouldKeepAlive = false;
      lingerOnClose(req, socket);
    }
    return writeHead.apply(this, args);
  } as ServerResponse["writeHead"];
}

/** Node ends a `Connection: close` response with socket.destroySoon(): made here an end, a drain, then a destroy. */
function lingerOnClose(req: IncomingMessage, socket: Socket) {
  socket.destroySoon = () => {
    socket.end();
    req.resume();
    socket.resume();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
}
