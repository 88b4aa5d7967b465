import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { commandLine, descendants, isRunning } from "./support/process-tree";

// `npm start` as an operator runs it, stopped every way the issue lists: Ctrl-C (SIGINT to the process group),
// SIGTERM to the group, SIGTERM or SIGINT to npm alone (`kill <pid>`, some supervisors), and a second Ctrl-C
// during the stop. Each stop must end every process the start made (launcher, web server, PostgreSQL), write no
// error line, and end with one "stopped" line; the exit code says whether something was cut.
// One data directory for all the cases (the embedded cluster is created once); the cases run one after another.
test.describe.configure({ mode: "default" });
test.beforeEach(({}, testInfo) => test.skip(testInfo.project.name !== "chromium", "server-level, not a page"));

// Far from the e2e server's ports (and the second web servers' offsets).
const PORT = Number(process.env.E2E_PORT ?? 3100) + 100;
const PG_PORT = Number(process.env.E2E_PG_PORT ?? 54350) + 40;
const BASE = `http://127.0.0.1:${PORT}`;
const dataDir = path.resolve(".data", "service-stop");
test.beforeAll(() => rmSync(dataDir, { recursive: true, force: true }));
test.afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

interface Started {
  npm: ChildProcess;
  /** Every process under npm once the service is up, PostgreSQL's included. */
  pids: number[];
  lines(): Array<{ level: number; msg: string; exitCode?: number }>;
  output(): string;
  exited: Promise<number | null>;
}

async function start(script: "start" | "dev"): Promise<Started> {
  // The e2e server's settings are not this service's.
  const inherited: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ["DATABASE_URL", "LOG_FORMAT", "NODE_ENV", "WORKER"]) delete inherited[name];
  const npm = spawn("npm", ["run", script], {
    detached: true, // leads its own process group, as a shell's foreground job does
    stdio: ["ignore", "pipe", "pipe"],
    // JSON in development too, for lines() (development's default is the readable form).
    env: { ...inherited, LOG_FORMAT: "json", PORT: String(PORT), HOST: "127.0.0.1", APP_URL: BASE, EMBEDDED_PG_PORT: String(PG_PORT), DATA_DIR: dataDir, DEMO_DATA: "off", LOG_LEVEL: "info", NEXT_TELEMETRY_DISABLED: "1" },
  });
  let output = "";
  npm.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  npm.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => npm.once("exit", (code) => resolve(code)));
  const lines = () =>
    output
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { level: number; msg: string; exitCode?: number });
  // The banner is the sign that the web server listens: it must answer at once.
  const ready = () => {
    if (npm.exitCode !== null) throw new Error(`npm run ${script} exited with ${npm.exitCode}:\n${output}`);
    return lines().some((l) => l.msg.startsWith("Checkout service"));
  };
  await expect.poll(ready, { timeout: 90_000, intervals: [100] }).toBe(true);
  // The development server would first compile the route (seconds): the banner's promise is checked in production.
  if (script === "start") expect(await healthStatus()).toBe(200);
  const pids = descendants(npm.pid!);
  expect(pids.map(commandLine).join("\n")).toMatch(/postgres -D[\s\S]*web-server\.ts|web-server\.ts[\s\S]*postgres -D/);
  return { npm, pids, lines, output: () => output, exited };
}

/**
 * GET /api/health on a connection that closes after it: an idle keep-alive connection (fetch's) would hold the
 * web server's drain until the client's keep-alive timeout (4 s).
 */
function healthStatus(): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    http.get(`${BASE}/api/health`, { agent: false }, (res) => resolve(res.resume().statusCode)).on("error", reject);
  });
}

/** The stop went as it should: this exit code, no process left, PostgreSQL shut down cleanly, no error line, "stopped" last. */
async function expectStopped(service: Started, exitCode: number) {
  const code = await service.exited;
  const context = service.output();
  expect(code, context).toBe(exitCode);
  await expect.poll(() => service.pids.filter(isRunning).map(commandLine), { timeout: 5_000, intervals: [100] }).toEqual([]);
  // PostgreSQL removes its lock file when it shuts down, not when it is killed.
  expect(existsSync(path.join(dataDir, "postgres", "postmaster.pid"))).toBe(false);
  const lines = service.lines();
  expect(lines.filter((line) => line.level >= 50), context).toEqual([]);
  expect(lines.at(-1), context).toMatchObject({ msg: expect.stringMatching(/^stopped \(exit code \d\): /), exitCode });
  expect(lines.filter((line) => line.msg.startsWith("stopped")), context).toHaveLength(1);
}

function killAll(service: Started | undefined) {
  if (service?.npm.exitCode !== null) return;
  for (const pid of [service.npm.pid!, ...service.pids]) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // gone already
    }
  }
}

const cases: Array<{ name: string; signal: NodeJS.Signals; to: "group" | "npm" }> = [
  { name: "Ctrl-C (SIGINT to the process group)", signal: "SIGINT", to: "group" },
  { name: "SIGTERM to the process group", signal: "SIGTERM", to: "group" },
  { name: "SIGTERM to npm alone", signal: "SIGTERM", to: "npm" },
  { name: "SIGINT to npm alone", signal: "SIGINT", to: "npm" },
];

for (const { name, signal, to } of cases) {
  test(`npm start stops cleanly on ${name}`, async () => {
    test.setTimeout(120_000);
    let service: Started | undefined;
    try {
      service = await start("start");
      process.kill(to === "group" ? -service.npm.pid! : service.npm.pid!, signal);
      await expectStopped(service, 0);
      // A JSON log from the first line: Next.js's own start-up line too; only npm's header ("> …") is not ours.
      const notJson = service.output().split("\n").filter((line) => line.trim() && !line.startsWith("> ") && !line.startsWith("{"));
      expect(notJson).toEqual([]);
    } finally {
      killAll(service);
    }
  });
}

test("a second Ctrl-C during the stop cuts the request still open, stops PostgreSQL cleanly and exits 1", async () => {
  test.setTimeout(120_000);
  let service: Started | undefined;
  const upload = new net.Socket();
  try {
    service = await start("start");
    // A request whose body never comes: the web server waits for it (up to 10 s) before it stops.
    await new Promise<void>((resolve) => upload.connect(PORT, "127.0.0.1", resolve));
    upload.write(`POST /b/checkout/gateway/sandbox/return HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\na=1`);
    process.kill(-service.npm.pid!, "SIGINT");
    await expect.poll(() => service!.lines().some((l) => l.msg.includes("Ctrl-C again")), { timeout: 10_000, intervals: [100] }).toBe(true);
    process.kill(-service.npm.pid!, "SIGINT");
    await expectStopped(service, 1);
    expect(service.lines().at(-1)!.msg).toMatch(/^stopped \(exit code 1\): requests still open were cut(; the job engine was not waited for .*)?$/);
  } finally {
    upload.destroy();
    killAll(service);
  }
});

test("npm run dev stops the same way on Ctrl-C", async () => {
  test.setTimeout(120_000);
  let service: Started | undefined;
  try {
    service = await start("dev");
    process.kill(-service.npm.pid!, "SIGINT");
    await expectStopped(service, 0);
  } finally {
    killAll(service);
  }
});
