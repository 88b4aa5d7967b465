import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll } from "vitest";

type RouteHandler = (req: Request, ctx: { params: Promise<Record<string, unknown>> }) => Promise<Response>;
type RouteModule = object;
export interface Route {
  /** Path pattern in Next's notation, e.g. /b/checkout/v1/pymt-txn/[sessionId]; a trailing slash is optional. */
  path: string;
  module: RouteModule;
}

function match(pattern: string, pathname: string): Record<string, string> | null {
  const names: string[] = [];
  const source = pattern
    .replace(/\/+$/, "")
    .replace(/\[([^\]]+)\]/g, (_, n: string) => (names.push(n), "([^/]+)"));
  const m = new RegExp(`^${source}/?$`).exec(pathname);
  return m ? Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1]!)])) : null;
}

/**
 * Serves route handler modules over real HTTP on 127.0.0.1, the way Next calls them, so tests send real
 * requests (headers, bodies, encodings) against this file's own database. Closed after the file.
 */
export async function serveRoutes(routes: Route[]): Promise<string> {
  const server = await listenForRoutes();
  server.serve(routes);
  return server.url;
}

/**
 * The same server, listening before its routes are given: for a test that must set APP_URL to the server's own
 * address before the application (and lib/core/env.ts) is imported.
 */
export async function listenForRoutes(): Promise<{ url: string; serve(routes: Route[]): void }> {
  const routes: Route[] = [];
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const found = routes.map((r) => ({ r, params: match(r.path, url.pathname) })).find((x) => x.params);
    const handler = (found?.r.module as Record<string, RouteHandler | undefined> | undefined)?.[req.method ?? "GET"];
    if (!found || !handler) {
      res.writeHead(found ? 405 : 404, { "content-type": "application/json" }).end('{"detail":"no route"}');
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
    headers.set("x-forwarded-for", req.socket.remoteAddress ?? "127.0.0.1");
    const body = ["GET", "HEAD"].includes(req.method ?? "GET") ? undefined : Buffer.concat(chunks);
    const request = new Request(url, { method: req.method, headers, body });
    const response = await handler(request, { params: Promise.resolve(found.params!) });
    res.writeHead(response.status, Object.fromEntries(response.headers.entries()));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  // Past Node's 5 s: a test whose process is starved of CPU (CI's niced part) may reuse an idle connection after
  // that long, and get ECONNRESET from the server closing it at the same moment.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, serve: (given) => void routes.push(...given) };
}
