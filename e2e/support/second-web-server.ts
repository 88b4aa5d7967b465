import { type ChildProcess, spawn } from "node:child_process";
import { expect, type TestInfo } from "@playwright/test";
import { embeddedDatabaseUrl } from "../../tools/shared/database";
import { E2E_DATA_DIR } from "./credentials";

export interface SecondWebServer {
  process: ChildProcess;
  /** Where it listens (http://127.0.0.1:port), whatever its APP_URL says. */
  base: string;
  /** Everything it has written to stdout and stderr so far. */
  output(): string;
}

/**
 * A second web server (server/web-server.ts, as serve.ts starts it) on the e2e server's database, `portOffset`
 * above the main one, with `appUrl` as its public address (its own address by default); resolves once it is
 * healthy. It runs in its own process group, so a test can kill it whole.
 */
export async function startSecondWebServer(testInfo: TestInfo, options: { portOffset: number; appUrl?: string }): Promise<SecondWebServer> {
  const port = Number(new URL(testInfo.project.use.baseURL!).port) + options.portOffset;
  const base = `http://127.0.0.1:${port}`;
  const appUrl = options.appUrl ?? base;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    DATA_DIR: E2E_DATA_DIR,
    DATABASE_URL: await embeddedDatabaseUrl(E2E_DATA_DIR, "checkout"),
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: appUrl,
    NEXTAUTH_URL: appUrl,
    NEXTAUTH_SECRET: `e2e-second-web-server-secret-${port}-0123456789`,
    LOG_LEVEL: "warn",
  };
  const server = spawn(process.execPath, ["--import", "tsx", "server/web-server.ts"], { env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let output = "";
  server.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const health = () => {
    if (server.exitCode !== null) throw new Error(`The web server exited with ${server.exitCode}:\n${output}`);
    return fetch(`${base}/api/health`).then((r) => r.status, () => 0);
  };
  await expect.poll(health, { timeout: 60_000 }).toBe(200);
  return { process: server, base, output: () => output };
}
