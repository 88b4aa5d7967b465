import { rm } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { afterAll, expect, it } from "vitest";
import { findRunningServer, startEmbeddedPostgres } from "@/db/embedded-postgres";
import { eventually } from "./support/receiver";

// The app's embedded PostgreSQL is started again when it dies (killed here with SIGKILL, as the OOM killer
// would), on the same port, so that the app's connection URL stays good; once the app stops it, it stays down.
let dataDir = "";
afterAll(async () => {
  const left = dataDir && (await findRunningServer(path.join(dataDir, "postgres")));
  if (left) process.kill(left.pid, "SIGKILL");
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

it("restarts the embedded PostgreSQL it owns when it is killed, and stops it for good on stop()", async () => {
  // Under .data like the suite's own cluster: as root, initdb runs as "postgres", which cannot enter a mkdtemp dir.
  dataDir = path.join(".data", "test-runs", `supervised-${process.pid}`);
  const cluster = path.join(dataDir, "postgres");
  const database = await startEmbeddedPostgres({ dataDir, port: 54470, database: "checkout", adoptOrphan: true });
  expect(await answers(database.url)).toBe(true);
  const first = (await findRunningServer(cluster))!;

  process.kill(first.pid, "SIGKILL");
  const second = await eventually(async () => {
    const running = await findRunningServer(cluster);
    return running && running.pid !== first.pid && (await answers(database.url)) ? running : undefined;
  }, 60_000);
  expect(second.port).toBe(first.port);

  await database.stop();
  expect(await findRunningServer(cluster)).toBeNull();
  expect(await answers(database.url)).toBe(false);
}, 120_000);
