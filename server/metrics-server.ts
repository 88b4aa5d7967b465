// Where each process's /metrics is served: the web process on its own port (server/web-server.ts), a process
// without a web server (npm run worker, the launcher's job engine) on METRICS_PORT, bound to 127.0.0.1.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Db } from "@/db/client";
import { env } from "@/lib/core/env";
import { logger } from "@/lib/core/log/logger";
import { metricsAnswer } from "@/lib/core/metrics/metrics-answer";
import { metrics, watchDatabase } from "@/lib/core/metrics/metrics";
import { openFactsDatabase, readDatabaseFacts } from "@/lib/panel/health/database-facts";

/** Answers GET /metrics on `res`; false when metrics are off (the request is then any other request). */
export async function answerMetrics(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  try {
    const answer = await metricsAnswer(req.headers.authorization);
    if (!answer) return false;
    res.writeHead(answer.status, answer.headers).end(answer.body);
  } catch (error) {
    logger.error({ err: error }, "metrics scrape failed");
    res.writeHead(500, { "Content-Type": "application/json" }).end(JSON.stringify({ detail: "Internal error." }));
  }
  return true;
}

/** The path of a request to /metrics (a query string allowed), else null. */
export const isMetricsPath = (url: string | undefined) => url === "/metrics" || (url?.startsWith("/metrics?") ?? false);

/**
 * With metrics on, opens the small pool the scrapes read the database's gauges through; returns its closer
 * (nothing to close when metrics are off).
 */
export function watchDatabaseFacts(url: string): () => Promise<void> {
  if (!metrics()) return async () => undefined;
  const db: Db = openFactsDatabase(url);
  watchDatabase(() => readDatabaseFacts(db));
  return () => db.destroy();
}

/** With metrics on and METRICS_PORT set, serves /metrics on 127.0.0.1:METRICS_PORT; returns its closer. */
export async function listenForMetrics(databaseUrl: string): Promise<() => Promise<void>> {
  if (!metrics() || !env.METRICS_PORT) return async () => undefined;
  const closeFacts = watchDatabaseFacts(databaseUrl);
  const server: Server = createServer((req, res) => {
    if (req.method === "GET" && isMetricsPath(req.url)) void answerMetrics(req, res);
    else res.writeHead(404, { "Content-Type": "application/json" }).end(JSON.stringify({ detail: "Not found." }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(env.METRICS_PORT, "127.0.0.1", resolve);
  });
  logger.info({ port: env.METRICS_PORT }, "metrics served on 127.0.0.1");
  return async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closed;
    await closeFacts();
  };
}
