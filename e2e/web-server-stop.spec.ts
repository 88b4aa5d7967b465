import { expect, test } from "@playwright/test";
import { startSecondWebServer } from "./support/second-web-server";

// A second web server (server/web-server.ts, as serve.ts starts it) on the e2e database, stopped with SIGTERM once
// its requests are answered. Its exit code is what systemd and pm2 report: a clean stop is 0, not 143.
test.beforeEach(({}, testInfo) => test.skip(testInfo.project.name !== "chromium", "server-level, not a page"));

test("a web server stopped with SIGTERM once its requests are answered exits 0", async () => {
  test.setTimeout(90_000);
  const { process: server } = await startSecondWebServer(test.info(), { portOffset: 7 });
  const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));
  try {
    server.kill("SIGTERM");
    expect(await exited).toBe(0);
  } finally {
    if (server.exitCode === null && server.signalCode === null) process.kill(-server.pid!, "SIGKILL");
  }
});
