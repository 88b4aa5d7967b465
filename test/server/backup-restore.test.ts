import { existsSync } from "node:fs";
import { copyFile, mkdir, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { backupTables } from "@/db/backup/backup-tables";
import { startEmbeddedPostgres } from "@/db/embedded-postgres";
import { env } from "@/lib/core/env";
import { deliverReturn, newTransaction, payWith, CARDS, setUpPayments } from "../support/payment-flow";
import { runAdminCli } from "../support/run-script";
import { testContext } from "../support/test-context";

// DATA_DIR (whose secrets the backup carries) and the restored cluster's port, set before lib/core/env.ts loads.
const work = vi.hoisted(() => {
  const dir = `.data/test-runs/backup-${process.pid}`;
  process.env.DATA_DIR = `${dir}/source`;
  process.env.EMBEDDED_PG_PORT = "54490";
  return dir;
});

const ctx = testContext();
const file = path.join(work, "checkout.backup");
const secrets = { "credentials-key": "S2V5S2V5S2V5S2V5S2V5S2V5S2V5S2V5S2V5S2V5S2U=", "auth-secret": "a-session-secret-of-the-source-data-dir" };

/** Row counts of every table the backup covers, and the rows of the ones the experiment checks. */
async function contents(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const counts: Record<string, number> = {};
    for (const t of await backupTables(client)) counts[t.name] = Number((await client.query(`SELECT count(*) AS n FROM ${t.name}`)).rows[0].n);
    const rows = async (query: string) => (await client.query(query)).rows;
    return {
      counts,
      transactions: await rows("SELECT * FROM transactions ORDER BY session_id"),
      events: await rows("SELECT * FROM transaction_events ORDER BY id"),
      jobs: await rows("SELECT id, task_id, payload, run_at, key FROM graphile_worker._private_jobs ORDER BY id"),
      migrations: await rows("SELECT name FROM kysely_migration ORDER BY name"),
      nextEventId: await rows("SELECT (SELECT max(id) FROM transaction_events) AS max, nextval(pg_get_serial_sequence('transaction_events', 'id')) AS next"),
    };
  } finally {
    await client.end();
  }
}

const refused = async (args: string[], message: RegExp) => {
  const result = await runAdminCli(...args);
  expect(result.stderr).toMatch(message);
  expect(result.code).toBe(1);
};

describe("backup and restore of the database (npm run admin -- backup / restore)", () => {
  beforeAll(async () => {
    await mkdir(env.DATA_DIR, { recursive: true });
    for (const [name, value] of Object.entries(secrets)) await writeFile(path.join(env.DATA_DIR, name), `${value}\n`);
    const caller = await setUpPayments(ctx);
    for (let i = 0; i < 3; i++) await newTransaction(ctx, caller, { webhook_url: "https://merchant.example/hooks" });
    const paid = await newTransaction(ctx, caller, { webhook_url: "https://merchant.example/hooks" });
    await deliverReturn(ctx, (await payWith(ctx, paid, CARDS.approve)).next);
    const backup = await runAdminCli("backup", "--to", file);
    expect(backup.stderr).toBe("");
    expect(backup.stdout).toMatch(/^Backed up \d+ rows of \d+ tables to .*checkout\.backup/);
    expect(backup.stdout).toContain("Secrets included: credentials-key, auth-secret.");
  });

  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  it("writes the file readable by its owner only", async () => {
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it("restores into a fresh data directory every row, job and sequence, and the secrets", async () => {
    const target = path.join(work, "restored");
    const restore = await runAdminCli("restore", "--from", file, "--data-dir", target);
    expect(restore.stderr).toBe("");
    expect(restore.stdout).toMatch(/^Restored \d+ rows of \d+ tables into .*restored, as they were at /);
    for (const [name, value] of Object.entries(secrets)) expect((await readFile(path.join(target, name), "utf8")).trim()).toBe(value);

    const server = await startEmbeddedPostgres({ dataDir: target, port: env.EMBEDDED_PG_PORT, database: "checkout", adoptOrphan: false });
    try {
      const [before, after] = [await contents(env.DATABASE_URL!), await contents(server.url)];
      expect(after.counts).toEqual(before.counts);
      expect(after.counts["public.transactions"]).toBe(4);
      expect(after.transactions).toEqual(before.transactions);
      expect(after.events).toEqual(before.events);
      expect(after.jobs).toEqual(before.jobs);
      expect(after.jobs.length).toBeGreaterThan(0);
      expect(after.migrations).toEqual(before.migrations);
      expect(Number(after.nextEventId[0].next)).toBeGreaterThan(Number(after.nextEventId[0].max));
    } finally {
      await server.stop();
    }
  });

  it("refuses a data directory that is not empty, and changes nothing in it", async () => {
    const target = path.join(work, "in-use");
    await mkdir(target, { recursive: true });
    await writeFile(path.join(target, "keep.txt"), "mine");
    await refused(["restore", "--from", file, "--data-dir", target], /in-use is not empty: restore only into a new or empty data directory .* Nothing was changed\./);
    expect(await readdir(target)).toEqual(["keep.txt"]);
  });

  it("refuses a truncated file before making anything", async () => {
    const cut = path.join(work, "cut.backup");
    const bytes = await readFile(file);
    await writeFile(cut, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    const target = path.join(work, "from-cut");
    await refused(["restore", "--from", cut, "--data-dir", target], /cut\.backup is truncated: it ends before its trailer/);
    expect(existsSync(target)).toBe(false);
  });

  it("refuses a file with a changed byte (checksum)", async () => {
    const changed = path.join(work, "changed.backup");
    const text = await readFile(file, "utf8");
    await writeFile(changed, text.replace("merchant.example", "merchant.exampl3"));
    await refused(["restore", "--from", changed, "--data-dir", path.join(work, "from-changed")], /changed\.backup is damaged: its checksum does not match/);
  });

  it("refuses a file from another PostgreSQL major version", async () => {
    const older = path.join(work, "older.backup");
    const [magic, header, ...rest] = (await readFile(file, "utf8")).split("\n");
    await writeFile(older, [magic, JSON.stringify({ ...JSON.parse(header!), postgresMajor: 17, postgresVersion: "17.6" }), ...rest].join("\n"));
    const target = path.join(work, "from-older");
    await refused(["restore", "--from", older, "--data-dir", target], /was made by PostgreSQL 17 \(17\.6\); this release's embedded PostgreSQL is 18\. Restore it with the release that made it/);
    expect(existsSync(target)).toBe(false);
  });

  it("refuses a file that is not a backup, and one that is missing", async () => {
    const other = path.join(work, "notes.txt");
    await writeFile(other, "hello\n");
    await refused(["restore", "--from", other, "--data-dir", path.join(work, "x")], /notes\.txt is not a backup of this service/);
    await refused(["restore", "--from", path.join(work, "nothing.backup"), "--data-dir", path.join(work, "x")], /nothing\.backup does not exist\./);
  });

  it("never replaces an existing file with a backup", async () => {
    const existing = path.join(work, "existing.backup");
    await copyFile(file, existing);
    const before = await readFile(existing);
    await refused(["backup", "--to", existing], /existing\.backup already exists: choose another name/);
    expect((await readFile(existing)).equals(before)).toBe(true);
    expect((await readdir(work)).filter((f) => f.endsWith(".partial"))).toEqual([]);
  });

  it.for<[string, string[], RegExp]>([
    ["backup without --to", ["backup"], /^Missing required option\(s\): --to\.\nUsage: npm run admin -- backup --to FILE\n$/],
    ["restore without --from", ["restore", "--data-dir", "x"], /^Missing required option\(s\): --from\.\nUsage: npm run admin -- restore --from FILE/],
    ["an unknown option", ["restore", "--from", "f", "--force"], /Unknown option '--force'/],
  ])("refuses %s with exit code 2 and its usage", async ([, args, message]) => {
    const result = await runAdminCli(...args);
    expect(result.stderr).toMatch(message);
    expect(result.code).toBe(2);
  });
});
