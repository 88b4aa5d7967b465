import { sql } from "kysely";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createDb, type Db, IDLE_CONNECTION_MS } from "@/db/client";
import { env } from "@/lib/core/env";
import { testContext } from "../support/test-context";

testContext();
let db: Db | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await db?.destroy();
});
const backendPid = (on: Db) => sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(on).then((r) => r.rows[0]!.pid);

describe("a pool's idle connection", () => {
  it("is kept through a quiet spell shorter than IDLE_CONNECTION_MS, so the next request does not open one", async () => {
    // Only the pool's timers are moved; the connection's socket is real.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    db = createDb(env.DATABASE_URL!, { max: 1 });
    const first = await backendPid(db);
    await vi.advanceTimersByTimeAsync(IDLE_CONNECTION_MS - 1_000);
    expect(await backendPid(db)).toBe(first);
  });

  it("is closed once it has idled IDLE_CONNECTION_MS, and the next request opens another", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    db = createDb(env.DATABASE_URL!, { max: 1 });
    const first = await backendPid(db);
    await vi.advanceTimersByTimeAsync(IDLE_CONNECTION_MS + 1_000);
    expect(await backendPid(db)).not.toBe(first);
  });
});
