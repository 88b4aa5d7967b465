import type { ServerResponse } from "node:http";
import { serverTiming, timeRequest } from "@/lib/core/timing/request-timing";

/**
 * Runs `handle` (whatever answers the request: a route, a page, a static file) with a fresh request timing, and
 * sends its Server-Timing header with the response's head. Node writes every head through writeHead (an implicit
 * one too), so the header holds everything done before the first byte: a page's data and render, unless streamed.
 */
export function withServerTiming<T>(res: ServerResponse, handle: () => T): T {
  return timeRequest((timing) => {
    const writeHead = res.writeHead;
    res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse["writeHead"]>) {
      if (!this.headersSent) this.setHeader("Server-Timing", serverTiming(timing));
      return writeHead.apply(this, args);
    } as ServerResponse["writeHead"];
    return handle();
  });
}
