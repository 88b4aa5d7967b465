import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { E2E_DATA_DIR } from "./credentials";

// The e2e server's own embedded database, for what a spec must read or set that no interface shows.

const root = path.resolve(__dirname, "..", "..");

export async function withDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({
    host: "127.0.0.1",
    port: Number(process.env.E2E_PG_PORT ?? 54350),
    user: "postgres",
    password: readFileSync(path.join(root, E2E_DATA_DIR, "postgres.password"), "utf8").trim(),
    database: "checkout",
  });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
