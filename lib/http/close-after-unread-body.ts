import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * A response sent before its request's body was read to the end (a 413 refusing an upload early) leaves the rest of
 * that body on the connection, where Node would take it for the next request's start and the next request would
 * never be answered. Such a response says `Connection: close`, so the client opens a new connection for the next
 * request, and Node closes this one once the answer is sent.
 */
export function closeAfterUnreadBody(req: IncomingMessage, res: ServerResponse): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse["writeHead"]>) {
    if (!req.complete) this.shouldKeepAlive = false;
    return writeHead.apply(this, args);
  } as ServerResponse["writeHead"];
}
