import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "@/db/client";
import { handleRoute } from "@/lib/http/handle-route";
import { testContext } from "../support/test-context";

// An unreachable database is the service's trouble, not the request's: a JSON 503 with Retry-After (clients
// retry), where it used to be a 500. Real errors from node-postgres: a refused connection, a connection the
// server terminates; a wrong query stays a 500.
const ctx = testContext();
const nobody = createDb("postgres://checkout@127.0.0.1:9/checkout", { max: 1 }); // port 9: discard, never a server
afterAll(() => nobody.destroy());

const route = (work: () => Promise<unknown>) =>
  handleRoute(async () => {
    await work();
    return Response.json({});
  })(new Request("http://localhost/b/checkout/v1/pymt-txn/"), { params: Promise.resolve({}) });

describe("an unreachable database", () => {
  it("is a 503 with Retry-After when no connection can be made", async () => {
    const res = await route(() => sql`SELECT 1`.execute(nobody));
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toEqual({ detail: "The service is briefly unavailable. Try again in a few seconds.", request_id: expect.any(String) });
  });

  it("is a 503 when the server ends the connection in the middle of a transaction", async () => {
    const res = await route(() =>
      ctx.db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(trx);
        await sql`SELECT pg_terminate_backend(${rows[0]!.pid})`.execute(ctx.db);
        await sql`SELECT 1`.execute(trx);
      }),
    );
    expect(res.status).toBe(503);
  });

  it("leaves other database errors a 500 that names only the request id", async () => {
    const res = await route(() => sql`SELECT * FROM no_such_table`.execute(ctx.db));
    expect(res.status).toBe(500);
    expect(res.headers.get("retry-after")).toBeNull();
    expect(await res.json()).toEqual({ detail: "Internal server error.", request_id: expect.any(String) });
  });
});
