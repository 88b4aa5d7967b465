// The Next.js web server, started by server/serve.ts in its own process. Our own node:http server rather than
// `next start`, so that X-Forwarded-For comes from the socket (Next.js keeps whatever the client sent) and so
// that shutdown is bounded.
import { createServer } from "node:http";
import next from "next";
import { env } from "@/lib/core/env";
import { closeAfterUnreadBody } from "@/lib/http/close-after-unread-body";
import { forwardedFor } from "@/lib/http/forwarded-for";
import { gracefulClose } from "@/lib/http/graceful-close";
import { hasMalformedEncoding, MALFORMED_TARGET } from "@/lib/http/malformed-target";
import { withPageStatus } from "@/lib/http/page-status";
import { strictTransportSecurity } from "@/lib/http/strict-transport-security";
import { logger } from "@/lib/core/log/logger";
import { stopSignals } from "./stop-signals";

const dev = process.argv[2] === "dev";
// After a signal, requests in flight (and those still sent on open connections) get this long to finish; then
// their connections are closed.
const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  // Heard from the start: a stop asked for while Next.js prepares waits for it, then drains (nothing to drain).
  const { requested, now } = stopSignals();
  const app = next({ dev, dir: process.cwd(), hostname: env.HOST, port: env.PORT });
  await app.prepare();
  const handle = app.getRequestHandler();
  const upgrade = app.getUpgradeHandler();

  // Node checks these every connectionsCheckingInterval (30 s by default, which would double the bound).
  const limits = { requestTimeout: env.REQUEST_TIMEOUT_SECONDS * 1000, headersTimeout: 10_000, connectionsCheckingInterval: 1_000 };
  const hsts = strictTransportSecurity(env.APP_URL);
  const server = createServer(limits, (req, res) => {
    // On every response, whatever answers it (a page, a route, a static file, this server).
    if (hsts) res.setHeader("Strict-Transport-Security", hsts);
    req.headers["x-forwarded-for"] = forwardedFor(req.headers["x-forwarded-for"], req.socket.remoteAddress, env.TRUST_PROXY);
    if (hasMalformedEncoding(req.url ?? "/")) {
      res.writeHead(400, { "Content-Type": "application/json", "Cache-Control": "no-store" }).end(JSON.stringify({ detail: MALFORMED_TARGET }));
      return;
    }
    closeAfterUnreadBody(req, res);
    // A page may answer 404 or 403 (lib/http/page-status.ts).
    void withPageStatus(req, res, () => handle(req, res));
  });
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
      process.exit(inTime ? 0 : 1);
    });
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error)?.stack ?? String(error)}\n`);
  process.exit(1);
});
