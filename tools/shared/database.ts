import { promises as fs } from "node:fs";
import path from "node:path";
import pg from "pg";

/** The URL of the embedded PostgreSQL running on `dataDir` (its password file; its port on postmaster.pid line 4). */
export async function embeddedDatabaseUrl(dataDir: string, database: string): Promise<string> {
  const password = (await fs.readFile(path.join(dataDir, "postgres.password"), "utf8")).trim();
  const pid = (await fs.readFile(path.join(dataDir, "postgres", "postmaster.pid"), "utf8")).split("\n");
  const port = Number(pid[3]);
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

/** Runs `work` with one client on `url`, closing it afterwards. */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
