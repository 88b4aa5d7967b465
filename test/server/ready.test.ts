import { sql } from "kysely";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as readyRoute from "@/app/api/ready/route";
import { notePoolAlive } from "@/db/queries/jobs";
import { serveRoutes } from "../support/http-server";
import { testContext } from "../support/test-context";

const ctx = testContext();

async function ready() {
  const base = await serveRoutes([{ path: "/api/ready", module: readyRoute }]);
  const res = await fetch(`${base}/api/ready`);
  return { status: res.status, cacheControl: res.headers.get("cache-control"), body: await res.json() };
}

// The tests run one after another on this file's database, each setting the state it needs.
describe("GET /api/ready (readiness)", () => {
  // One answer first, its result unused: it opens the pool's connections, which on a loaded CI host can take
  // longer than the check's 2 s bound, and that bound is not what these tests are about.
  beforeAll(async () => {
    await ready();
  });

  beforeEach(async () => {
    await sql`DELETE FROM job_pool_heartbeats`.execute(ctx.db);
  });

  it("answers 200 with every check passed: database, a job pool's heartbeat, migrations current", async () => {
    await notePoolAlive(ctx.db, "pool-alive");
    const { status, cacheControl, body } = await ready();
    expect(cacheControl).toBe("no-store");
    // Status and body compared together, so a failure shows which check failed.
    expect({ status, body }).toEqual({
      status: 200,
      body: {
        status: "ready",
        failing: [],
        checks: {
          database: { ok: true, detail: "answers" },
          jobs: { ok: true, detail: expect.stringMatching(/^last heartbeat \d+ s ago$/) },
          migrations: { ok: true, detail: "current" },
        },
      },
    });
  });

  it("answers 503 naming the job engine when no pool is noting a heartbeat", async () => {
    const { status, body } = await ready();
    expect(status).toBe(503);
    expect(body.failing).toEqual(["jobs"]);
    expect(body.checks.jobs).toEqual({ ok: false, detail: "no job pool is noting a heartbeat" });
  });

  it("answers 503 naming the job engine when the last heartbeat is older than the silence bound", async () => {
    await sql`INSERT INTO job_pool_heartbeats (pool_id, seen_at) VALUES ('pool-silent', now() - interval '45 seconds')`.execute(ctx.db);
    const { status, body } = await ready();
    expect(status).toBe(503);
    expect(body.failing).toEqual(["jobs"]);
    expect(body.checks.jobs.detail).toMatch(/^last heartbeat 4\d s ago \(more than 30 s\)$/);
  });

  it("passes with migrations from a newer release applied (an upgrade under way), fails with one of ours missing", async () => {
    await notePoolAlive(ctx.db, "pool-alive");
    await sql`INSERT INTO kysely_migration (name, timestamp) VALUES ('9999_from_a_newer_release', now())`.execute(ctx.db);
    const ahead = await ready();
    expect(ahead.status).toBe(200);
    expect(ahead.body.checks.migrations).toEqual({ ok: true, detail: "current (1 more from a newer release)" });

    await sql`DELETE FROM kysely_migration WHERE name IN ('9999_from_a_newer_release', '0034_webhook_attempt_details')`.execute(ctx.db);
    const behind = await ready();
    expect(behind.status).toBe(503);
    expect(behind.body.failing).toEqual(["migrations"]);
    expect(behind.body.checks.migrations).toEqual({ ok: false, detail: "1 not applied: 0034_webhook_attempt_details" });
  });
});
