import { spawn } from "node:child_process";
import { expect, test } from "@playwright/test";
import { embeddedDatabaseUrl } from "../scripts/bench/database";
import { E2E_DATA_DIR } from "./support/credentials";

// A second web server (scripts/web-server.ts, as serve.ts starts it) on the e2e database, stopped with SIGTERM once
// its requests are answered. Its exit code is what systemd and pm2 report: a clean stop is 0, not 143.
test.beforeEach(({}, testInfo) => test.skip(testInfo.project.name !== "chromium", "server-level, not a page"));

test("a web server stopped with SIGTERM once its requests are answered exits 0", async () => {
  test.setTimeout(90_000);
  const port = Number(new URL(test.info().project.use.baseURL!).port) + 7;
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    DATA_DIR: E2E_DATA_DIR,
    DATABASE_URL: await embeddedDatabaseUrl(E2E_DATA_DIR, "checkout"),
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: url,
    NEXTAUTH_URL: url,
    NEXTAUTH_SECRET: "e2e-web-server-stop-test-secret-0123456789",
    LOG_LEVEL: "warn",
  };
  const server = spawn(process.execPath, ["--import", "tsx", "scripts/web-server.ts"], { env, stdio: ["ignore", "ignore", "pipe"], detached: true });
  let errors = "";
  server.stderr!.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));
  try {
    const health = () => {
      if (server.exitCode !== null) throw new Error(`The web server exited with ${server.exitCode}:\n${errors}`);
      return fetch(`${url}/api/health`).then((r) => r.status, () => 0);
    };
    await expect.poll(health, { timeout: 60_000 }).toBe(200);
    server.kill("SIGTERM");
    expect(await exited).toBe(0);
  } finally {
    if (server.exitCode === null && server.signalCode === null) process.kill(-server.pid!, "SIGKILL");
  }
});
