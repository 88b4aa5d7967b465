// The framework's ceiling for a whole checkout, measured in the same run rather than assumed: the CPU (the app's
// and the floor's node processes and PostgreSQL's) that a bare Next.js route handler doing one SQL statement and the
// bare framework-floor page of the app's own build take per request, at a fixed rate near the one a checkout step
// sends. A checkout is seven requests, three of them page renders (the count, kept as the yardstick though
// our checkout now makes six, two of them pages): on this machine's vCPUs, the ceiling is how many of those fit in a
// second. A slower or busier host lowers the ceiling with our figures.
import type { ChildProcess } from "node:child_process";
import os from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { Agent, request } from "undici";
import { stopProcess } from "../shared/processes";
import { startFloors } from "./api";
import { APP_URL } from "./app";
import { cpuOfDescendants } from "./checkout-cpu";

export interface Ceiling {
  /** CPU per request, ms (node processes + PostgreSQL). */
  routeMs: number;
  pageMs: number;
  checkoutsPerSecond: number;
}

/** The count of a checkout: seven requests, three of them page renders. */
export const CEILING_REQUESTS_PER_CHECKOUT = 7;
export const PAGE_RENDERS_PER_CHECKOUT = 3;
/** Requests a second while measuring: about what 30 checkouts/s send. */
const RATE = 200;
const SECONDS = 5;
const agent = new Agent({ keepAliveTimeout: 30_000 });

/** CPU ms per request of `url`, sent RATE times a second for SECONDS (after one second's warm-up). */
async function cpuPerRequest(url: string): Promise<number> {
  const send = async () => {
    const answer = await request(url, { dispatcher: agent, headers: { "accept-encoding": "gzip" } });
    await answer.body.arrayBuffer();
    if (answer.statusCode !== 200) throw new Error(`${url} answered ${answer.statusCode} while measuring the framework's ceiling.`);
  };
  const atRate = async (count: number) => {
    const started = performance.now();
    const sent: Promise<void>[] = [];
    for (let i = 0; i < count; i++) {
      const wait = started + (i * 1000) / RATE - performance.now();
      if (wait > 0) await sleep(wait);
      sent.push(send());
    }
    await Promise.all(sent);
  };
  await atRate(RATE);
  const before = cpuOfDescendants();
  await atRate(RATE * SECONDS);
  const after = cpuOfDescendants();
  return (after.app - before.app + after.db - before.db) / (RATE * SECONDS);
}

/** The ceiling from the floor app's route handler (`routeUrl`) and the app build's floor page (`pageUrl`). */
async function measureCeiling(routeUrl: string, pageUrl: string): Promise<Ceiling> {
  process.stderr.write(`Full checkout: the framework's ceiling (its floor route handler and page, ${RATE} requests/s each) …\n`);
  const routeMs = await cpuPerRequest(routeUrl);
  const pageMs = await cpuPerRequest(pageUrl);
  const checkoutMs = (CEILING_REQUESTS_PER_CHECKOUT - PAGE_RENDERS_PER_CHECKOUT) * routeMs + PAGE_RENDERS_PER_CHECKOUT * pageMs;
  return { routeMs, pageMs, checkoutsPerSecond: (os.availableParallelism() * 1000) / checkoutMs };
}

/** Starts the floor app (and the baseline) on `dbUrl`, measures the ceiling with the app at APP_URL, stops them. */
export async function measureCheckoutCeiling(dbUrl: string): Promise<Ceiling> {
  const helpers: ChildProcess[] = [];
  try {
    const floors = await startFloors(dbUrl, helpers, true);
    return await measureCeiling(floors.selectFloor!.url, `${APP_URL}/bench/framework-floor`);
  } finally {
    for (const helper of helpers) await stopProcess(helper);
  }
}
