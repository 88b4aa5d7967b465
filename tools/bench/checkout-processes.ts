// The full-checkout bench's second layout: two web processes and one job worker on the same machine and database,
// as docs/operations/running.md describes for several processes. The bench's own app (restarted with WORKER=off)
// is the first web process; this starts the second and the worker.
import type { ChildProcess } from "node:child_process";
import { appEnv } from "./app";
import { startScript, waitForOk } from "../shared/processes";

/** BENCH_OBSERVE_PORTS' first port serves the second web process (the observability section is over by then). */
const SECOND_WEB_PORT = Number((process.env.BENCH_OBSERVE_PORTS ?? "3303").split(",")[0]);

/** Starts the second web process and the worker on `dbUrl` into `helpers`; returns the second web process's URL. */
export async function startSecondWebAndWorker(dbUrl: string, helpers: ChildProcess[]): Promise<string> {
  const url = `http://127.0.0.1:${SECOND_WEB_PORT}`;
  const web = startScript("server/serve.ts", [], { ...appEnv, DATABASE_URL: dbUrl, PORT: String(SECOND_WEB_PORT), APP_URL: url, WORKER: "off" }, "web-2");
  helpers.push(web, startScript("server/worker.ts", [], { ...appEnv, DATABASE_URL: dbUrl }, "worker"));
  await waitForOk(`${url}/api/health`, web);
  return url;
}
