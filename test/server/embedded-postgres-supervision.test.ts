import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { afterAll, expect, it } from "vitest";
import { startEmbeddedPostgres } from "@/db/embedded-postgres";
import { findRunningServer } from "@/db/postmaster-process";
import { spawnForTest } from "../support/child-processes";
import { eventually } from "../support/eventually";

// The app's embedded PostgreSQL is started again when it dies (killed here with SIGKILL, as the OOM killer
// would), on the same port, so that the app's connection URL stays good; once the app stops it, it stays down.
const dataDirs: string[] = [];
afterAll(async () => {
  for (const dataDir of dataDirs) {
    const left = await findRunningServer(path.join(dataDir, "postgres"));
    if (left) process.kill(left.pid, "SIGKILL");
    await rm(dataDir, { recursive: true, force: true });
  }
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
  const dataDir = path.join(".data", "test-runs", `supervised-${process.pid}`);
  dataDirs.push(dataDir);
  const cluster = path.join(dataDir, "postgres");
  const database = await startEmbeddedPostgres({ dataDir, port: 54470, database: "checkout", adoptOrphan: true });
  expect(await answers(database.url)).toBe(true);
  const first = (await findRunningServer(cluster))!;

  process.kill(first.pid, "SIGKILL");
  const second = await eventually(async () => {
    const running = await findRunningServer(cluster);
    return running && running.pid !== first.pid && (await answers(database.url)) ? running : undefined;
  }, { ms: 60_000 });
  expect(second.port).toBe(first.port);

  await database.stop();
  expect(await findRunningServer(cluster)).toBeNull();
  expect(await answers(database.url)).toBe(false);
}, 120_000);

// After a crash of the whole app, postmaster.pid names a server that is gone: a zombie not yet reaped, or a pid
// another program has since taken. Neither may be taken for a running server (the app would connect to nothing),
// nor stop a new one from starting.
it.each([
  ["a zombie not yet reaped", "sleep 0.1 & echo $!; exec sleep 5"],
  ["another program", "echo $$; exec sleep 5"],
])("starts the embedded PostgreSQL when postmaster.pid names %s", async (_, script) => {
  const dir = path.join(".data", "test-runs", `stale-lock-${process.pid}`);
  dataDirs.push(dir);
  const first = await startEmbeddedPostgres({ dataDir: dir, port: 54471, database: "checkout", adoptOrphan: true });
  await first.stop();
  const holder = spawnForTest("sh", ["-c", script], { stdio: ["ignore", "pipe", "ignore"] });
  const pid = Number(await new Promise<string>((resolve) => holder.stdout!.once("data", (d: Buffer) => resolve(d.toString()))));
  await new Promise((r) => setTimeout(r, 300)); // the zombie's moment: exited, its parent never waits
  const lockFile = path.join(dir, "postgres", "postmaster.pid");
  await writeFile(lockFile, `${pid}\n${path.resolve(dir, "postgres")}\n1795611526\n54471\n\n127.0.0.1\n  0  0\nready\n`);
  expect(await findRunningServer(path.join(dir, "postgres"))).toBeNull();

  const again = await startEmbeddedPostgres({ dataDir: dir, port: 54471, database: "checkout", adoptOrphan: true });
  try {
    expect(await answers(again.url)).toBe(true);
  } finally {
    await again.stop();
  }
}, 120_000);
