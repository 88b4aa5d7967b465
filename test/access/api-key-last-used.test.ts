import { sql } from "kysely";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "@/db/client";
import { revokeApiKey } from "@/lib/access/api-keys/revoke-api-key";
import { apiKeyUseRecorder, noteApiKeyUse } from "@/lib/access/api-keys/note-api-key-use";
import { authenticate } from "@/lib/access/auth/authenticate";
import { env } from "@/lib/core/env";
import { createKey } from "../support/factories";
import { testContext } from "../support/test-context";

// An API key's last_used_at: written when it authenticates, at most once a minute per key (a memory per process,
// and the UPDATE's own condition between processes), without holding up or failing the request, and without
// the change notice that empties every process's config cache.

const ctx = testContext();
const lastUsed = (id: string) =>
  ctx.db.selectFrom("api_keys").select("last_used_at").where("id", "=", id).executeTakeFirstOrThrow().then((r) => r.last_used_at);
/** As if the last noted use were `seconds` earlier than it was. */
const moveBack = (id: string, seconds: number) =>
  ctx.db.updateTable("api_keys").set({ last_used_at: sql`last_used_at - make_interval(secs => ${seconds})` }).where("id", "=", id).execute();

describe("noting an API key's use", () => {
  const unreachable = createDb(Object.assign(new URL(env.DATABASE_URL!), { pathname: "/no_such_database" }).toString(), { max: 1 });
  afterAll(() => unreachable.destroy());

  it("writes once for uses within the minute, and again once the minute has passed", async () => {
    const { id } = await createKey(ctx);
    const noteUse = apiKeyUseRecorder(60);
    const start = Date.now();
    expect(await lastUsed(id)).toBeNull();

    expect(await noteUse(ctx.db, id, start)).toBe(true);
    const first = await lastUsed(id);
    expect(first).toBeInstanceOf(Date);
    expect(await noteUse(ctx.db, id, start + 59_000)).toBe(false);
    expect(await lastUsed(id)).toEqual(first);

    await moveBack(id, 61);
    const movedBack = await lastUsed(id);
    expect(await noteUse(ctx.db, id, start + 61_000)).toBe(true);
    expect((await lastUsed(id))!.getTime()).toBeGreaterThan(movedBack!.getTime());
  });

  it("lets a second process write only when the database's value is a minute old", async () => {
    const { id } = await createKey(ctx);
    const [processA, processB] = [apiKeyUseRecorder(60), apiKeyUseRecorder(60)];
    const start = Date.now();
    expect(await processA(ctx.db, id, start)).toBe(true);
    const written = await lastUsed(id);

    expect(await processB(ctx.db, id, start)).toBe(false);
    expect(await lastUsed(id)).toEqual(written);

    await moveBack(id, 61);
    expect(await processB(ctx.db, id, start + 61_000)).toBe(true);
  });

  it("keeps each key's minute apart", async () => {
    const [a, b] = [await createKey(ctx), await createKey(ctx)];
    const noteUse = apiKeyUseRecorder(60);
    expect(await noteUse(ctx.db, a.id)).toBe(true);
    expect(await noteUse(ctx.db, b.id)).toBe(true);
  });

  it("does not fail when the database does: the write is given up (and logged)", async () => {
    const { id } = await createKey(ctx);
    await expect(apiKeyUseRecorder(60)(unreachable, id)).resolves.toBe(false);
    expect(await lastUsed(id)).toBeNull();
  });

  it("happens when a key authenticates, once for two requests in the same minute", async () => {
    const { id, key } = await createKey(ctx);
    const auth = () => authenticate({ ctx, input: { authorization: `Api-Key ${key}`, ip: "203.0.113.1" } });
    await auth();
    // Within the minute nothing more is written; this waits for the write the request started.
    expect(await noteApiKeyUse(ctx.db, id)).toBe(false);
    const written = await lastUsed(id);
    expect(written).toBeInstanceOf(Date);
    await auth();
    expect(await noteApiKeyUse(ctx.db, id)).toBe(false);
    expect(await lastUsed(id)).toEqual(written);
  });
});

describe("the change notices of api_keys", () => {
  const listener = new pg.Client({ connectionString: env.DATABASE_URL });
  afterAll(() => listener.end());

  it("are not sent for last_used_at, and still are for a revocation", async () => {
    const { id } = await createKey(ctx);
    await listener.connect();
    const notices: string[] = [];
    const allHeard = new Promise<void>((resolve) =>
      listener.on("notification", (notice) => {
        notices.push(notice.payload ?? "");
        if (notice.payload === "end of test") resolve();
      }),
    );
    await listener.query("LISTEN checkout_config_changed");

    expect(await apiKeyUseRecorder(60)(ctx.db, id)).toBe(true);
    await revokeApiKey({ ctx, input: { id } });
    // Notices arrive in commit order: once this last one has come, every earlier one has.
    await sql`SELECT pg_notify('checkout_config_changed', 'end of test')`.execute(ctx.db);
    await allHeard;
    expect(notices).toEqual(["api_keys", "end of test"]);
  });
});
