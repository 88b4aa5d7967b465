// The Next.js web server, started by server/serve.ts in its own process. Our own node:http server rather than
// `next start`, so that X-Forwarded-For comes from the socket (Next.js keeps whatever the client sent) and so
// that shutdown is bounded.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import next from "next";
import { env } from "@/lib/core/env";
import { closeAfterUnreadBody } from "@/lib/http/close-after-unread-body";
import { withCompression } from "@/lib/http/compress-response";
import { forwardedFor } from "@/lib/http/forwarded-for";
import { gracefulClose } from "@/lib/http/graceful-close";
import { headWithBody } from "@/lib/http/head-with-body";
import { hasMalformedEncoding, MALFORMED_TARGET } from "@/lib/http/malformed-target";
import { withPageStatus } from "@/lib/http/page-status";
import { withServerTiming } from "@/lib/http/server-timing";
import { strictTransportSecurity } from "@/lib/http/strict-transport-security";
import { logger } from "@/lib/core/log/logger";
import { requestIdFrom } from "@/lib/core/log/request-context";
import { metrics, observeHttpRequest } from "@/lib/core/metrics/metrics";
import { withRequestSpan } from "@/lib/core/tracing/request-span";
import { startTracing } from "@/lib/core/tracing/start-tracing";
import { answerMetrics, isMetricsPath, watchDatabaseFacts } from "./metrics-server";
import { withNextLinesLogged } from "./next-console-lines";
import { stopSignals } from "./stop-signals";
import { within } from "./within";
import { routeLabeler, routePatterns } from "./route-label";

const dev = process.argv[2] === "dev";
// After a signal, requests in flight (and those still sent on open connections) get this long to finish; then
// their connections are closed.
const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  // Heard from the start: a stop asked for while Next.js prepares waits for it, then drains (nothing to drain).
  const { requested, now } = stopSignals();
  // Before Next.js loads: its own spans (and instrumentation.ts) then find the tracer provider.
  const tracing = await startTracing("web");
  const app = next({ dev, dir: process.cwd(), hostname: env.HOST, port: env.PORT });
  await withNextLinesLogged(() => app.prepare());
  const handle = app.getRequestHandler();
  const upgrade = app.getUpgradeHandler();

  // Node checks the first two every connectionsCheckingInterval (30 s by default, which would double the bound).
  const limits = {
    requestTimeout: env.REQUEST_TIMEOUT_SECONDS * 1000,
    headersTimeout: 10_000,
    connectionsCheckingInterval: 1_000,
    // Longer than the idle timeouts of the proxies and clients that keep connections to us (lib/core/env.ts).
    keepAliveTimeout: env.KEEP_ALIVE_SECONDS * 1000,
  };
  const hsts = strictTransportSecurity(env.APP_URL);
  // Metrics (METRICS_TOKEN set): /metrics on this port, and every other request's route, status and time.
  const metricsOn = metrics() !== null;
  const routeOf = metricsOn || tracing ? routeLabeler(routePatterns(path.join(process.cwd(), "app"))) : null;
  const closeFacts = metricsOn && env.DATABASE_URL ? watchDatabaseFacts(env.DATABASE_URL) : null;
  const server = createServer(limits, (req, res) => {
    if (metricsOn && req.method === "GET" && isMetricsPath(req.url)) {
      void answerMetrics(req, res);
      return;
    }
    if (!routeOf) return serve(req, res);
    const route = routeOf(req.url ?? "/");
    if (metricsOn) {
      const started = performance.now();
      res.once("finish", () => observeHttpRequest(req.method!, route, res.statusCode, (performance.now() - started) / 1000));
    }
    if (!tracing) return serve(req, res);
    // The request id the route handler keeps (lib/http/handle-route.ts): the span and the log lines share it.
    const requestId = requestIdFrom(req.headers["x-request-id"] as string | undefined);
    req.headers["x-request-id"] = requestId;
    const attributes = { "http.request.method": req.method!, "http.route": route };
    withRequestSpan(req.headers, `${req.method} ${route}`, attributes, requestId, (end) => {
      res.once("close", () => end(res.statusCode));
      serve(req, res);
    });
  });

  function serve(req: IncomingMessage, res: ServerResponse) {
    // On every response, whatever answers it (a page, a route, a static file, this server).
    headWithBody(res);
    withCompression(req, res);
    if (hsts) res.setHeader("Strict-Transport-Security", hsts);
    req.headers["x-forwarded-for"] = forwardedFor(req.headers["x-forwarded-for"], req.socket.remoteAddress, env.TRUST_PROXY);
    if (hasMalformedEncoding(req.url ?? "/")) {
      res.writeHead(400, { "Content-Type": "application/json", "Cache-Control": "no-store" }).end(JSON.stringify({ detail: MALFORMED_TARGET }));
      return;
    }
    closeAfterUnreadBody(req, res);
    // A page may answer 404 or 403 (lib/http/page-status.ts); every answer says where its time went.
    void withServerTiming(res, () => withPageStatus(req, res, () => handle(req, res)));
  }
  server.on("upgrade", (req, socket, head) => void upgrade(req, socket, head));
  const draining = gracefulClose(server);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(env.PORT, env.HOST, resolve);
  });
  logger.info({ host: env.HOST, port: env.PORT, dev }, "web server listening");
  // The launcher (server/serve.ts) prints its banner once this arrives.
  process.send?.("listening");

  // Exit 0 when every request finished within the grace period, 1 when connections had to be cut: a process
  // manager (systemd, pm2) then reports a clean stop as clean. "now" (a second Ctrl-C, or the launcher's word
  // over IPC) cuts them at once.
  void requested.then(() => {
    // Whatever still hangs (a query on a dead database) does not hold the exit up past a second deadline.
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS + 5_000).unref();
    void draining.drain(SHUTDOWN_GRACE_MS, now).then(async (inTime) => {
      if (!inTime) logger.warn({ requests: draining.requestsCut(), graceMs: SHUTDOWN_GRACE_MS }, "requests still open were cut: their connections were closed");
      await app.close();
      await closeFacts?.();
      await within("traces", 3_000, tracing?.shutdown(), now);
      process.exit(inTime ? 0 : 1);
    });
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error)?.stack ?? String(error)}\n`);
  process.exit(1);
});
