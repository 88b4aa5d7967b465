import { beforeAll, describe, expect, it } from "vitest";
import { createAdminUser } from "@/lib/access/admin-users/create-admin-user";
import { createApiKey } from "@/lib/access/api-keys/create-api-key";
import { env } from "@/lib/core/env";
import { startCheckoutApi } from "../support/checkout-setup";
import { call, countRows, expectDetail, expectFieldError, minimal, txnPath } from "../support/checkout-samples";

// Credentials on create and update: Api-Key (every gateway) or Basic (the user's gateways and permissions);
// missing or bad credentials are 401 with WWW-Authenticate (the Api-Key scheme only: a Basic challenge would have
// browsers prompt for and then keep sending a password); reading is public.

let api: Awaited<ReturnType<typeof startCheckoutApi>>;
let sessionId: string;
beforeAll(async () => {
  api = await startCheckoutApi();
  sessionId = (await api.create(minimal())).body.session_id;
});

const basic = (username: string, password: string) => `Basic ${Buffer.from(`${username}:${password}`).toString("base64")}`;
const json = { "content-type": "application/json" };
const createWith = (authorization: string | undefined, body: unknown = minimal()) =>
  call(api.base, "POST", "/b/checkout/v1/pymt-txn/", {
    body: JSON.stringify(body),
    headers: { ...json, ...(authorization === undefined ? {} : { authorization }) },
  });
const patchWith = (authorization: string | undefined, id = sessionId, body: unknown = { amount: "11" }) =>
  call(api.base, "PATCH", txnPath(id), { body: JSON.stringify(body), headers: { ...json, ...(authorization === undefined ? {} : { authorization }) } });

function expectUnauthorized(res: Awaited<ReturnType<typeof call>>, pattern: RegExp) {
  expectDetail(res, 401, pattern);
  const challenge = res.headers.get("www-authenticate") ?? "";
  expect(challenge).toBe('Api-Key realm="api"');
  // A challenge naming Basic would have a browser prompt for a password and keep sending it, to forged forms too.
  expect(challenge).not.toMatch(/basic/i);
}

describe("refused credentials", () => {
  it.each([
    [undefined, /credentials were not provided.*Api-Key <private key>.*Basic/],
    ["", /credentials were not provided/],
    ["Api-Key", /Malformed Authorization header/],
    ["Api-Key ", /Malformed|not provided/],
    ["Api-Key wrong-key", /Invalid API key/],
    ["Bearer abc", /Unsupported authorization scheme.*Api-Key.*Basic/],
    ["Token abc", /Unsupported authorization scheme/],
    ["Basic !!!", /Malformed Basic credentials/],
    [`Basic ${Buffer.from("no-colon").toString("base64")}`, /Malformed Basic credentials/],
    [`Basic ${Buffer.from(":password").toString("base64")}`, /Malformed Basic credentials/],
    [basic("clerk", "wrong-password"), /Invalid username or password/],
    [basic("nobody", "whatever-password"), /Invalid username or password/],
  ])("create with %j answers 401 with WWW-Authenticate, storing nothing", async (authorization, pattern) => {
    const before = await countRows(api.ctx, "transactions");
    expectUnauthorized(await createWith(authorization), pattern);
    expect(await countRows(api.ctx, "transactions")).toBe(before);
  });

  it.each([undefined, "Api-Key wrong-key", basic("clerk", "nope-nope")])("PATCH and PUT with %j answer 401, changing nothing", async (authorization) => {
    expectUnauthorized(await patchWith(authorization), /./);
    const put = await call(api.base, "PUT", txnPath(sessionId), {
      body: JSON.stringify(minimal({ amount: "50" })),
      headers: { ...json, ...(authorization === undefined ? {} : { authorization }) },
    });
    expectUnauthorized(put, /./);
    expect((await call(api.base, "GET", txnPath(sessionId))).body.amount).toBe("10.000");
  });

  it("answers 401 before saying whether a transaction exists", async () => {
    expectUnauthorized(await patchWith(undefined, "f".repeat(40)), /not provided/);
  });

  it("refuses revoked and expired API keys", async () => {
    const revoked = await createApiKey({ ctx: api.ctx, input: { name: "revoked" } });
    expect((await createWith(`Api-Key ${revoked.key}`)).status).toBe(201);
    await api.ctx.db.updateTable("api_keys").set({ revoked_at: new Date() }).where("id", "=", revoked.id).execute();
    expectUnauthorized(await createWith(`Api-Key ${revoked.key}`), /revoked/);

    const expired = await createApiKey({ ctx: api.ctx, input: { name: "expired", expiresAt: new Date(Date.now() - 1000) } });
    expectUnauthorized(await createWith(`Api-Key ${expired.key}`), /expired/);
  });

  it("throttles repeated wrong Basic passwords with 429 and Retry-After", async () => {
    await createAdminUser({ ctx: api.ctx, input: { username: "target", password: "target-password", gatewayCodes: ["card"] } });
    for (let i = 0; i < env.LOGIN_MAX_FAILURES; i++) expect((await createWith(basic("target", `wrong-${i}-password`))).status).toBe(401);
    const blocked = await createWith(basic("target", "target-password"));
    expectDetail(blocked, 429, /Too many failed attempts/);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    // Other users from the same address still get in.
    expect((await createWith(api.basic)).status).toBe(201);
  });
});

describe("API key", () => {
  it.each(["Api-Key", "api-key", "API-KEY"])("is accepted with the scheme written %s", async (scheme) => {
    expect((await createWith(`${scheme} ${api.key}`)).status).toBe(201);
  });

  it("may use every gateway code and update", async () => {
    const res = await createWith(api.apiKey, minimal({ pg_codes: ["knet", "card"] }));
    expect(res.status).toBe(201);
    expect((await patchWith(api.apiKey, res.body.session_id, { pg_codes: ["card-auth"] })).status).toBe(200);
  });

  it("records the key as the creator", async () => {
    const res = await createWith(api.apiKey);
    const row = await api.ctx.db
      .selectFrom("transactions")
      .select(["created_by_api_key_id", "created_by_user_id"])
      .where("session_id", "=", res.body.session_id)
      .executeTakeFirstOrThrow();
    expect(row.created_by_api_key_id).not.toBeNull();
    expect(row.created_by_user_id).toBeNull();
  });
});

describe("Basic user", () => {
  it("creates with a gateway the user may use", async () => {
    const res = await createWith(api.basic, minimal({ pg_codes: ["card"] }));
    expect(res.status).toBe(201);
    const row = await api.ctx.db
      .selectFrom("transactions")
      .select(["created_by_api_key_id", "created_by_user_id"])
      .where("session_id", "=", res.body.session_id)
      .executeTakeFirstOrThrow();
    expect(row.created_by_user_id).not.toBeNull();
    expect(row.created_by_api_key_id).toBeNull();
  });

  it("is accepted with the scheme in lower case", async () => {
    expect((await createWith(api.basic.replace("Basic", "basic"))).status).toBe(201);
  });

  it.each([[["knet"]], [["card", "knet"]], [["card-auth"]]])("gets a field error on pg_codes for %j", async (pg_codes) => {
    const before = await countRows(api.ctx, "transactions");
    const res = await createWith(api.basic, minimal({ pg_codes }));
    expectFieldError(res, ["pg_codes"], /not allowed for you/);
    expect(JSON.stringify(res.body)).not.toMatch(/: card\./);
    expect(await countRows(api.ctx, "transactions")).toBe(before);
  });

  it("updates within its gateways, gets a field error for others, and another gateway's transaction is not found", async () => {
    const own = (await createWith(api.basic)).body.session_id;
    expect((await patchWith(api.basic, own, { amount: "13" })).body.amount).toBe("13.000");
    expectFieldError(await patchWith(api.basic, own, { pg_codes: ["knet"] }), ["pg_codes"], /not allowed for you: knet/);

    // Scope comes first: 404 exactly as for an unknown id, never a field error naming the other gateway.
    const theirs = (await createWith(api.apiKey, minimal({ pg_codes: ["knet"] }))).body.session_id;
    const unknown = await patchWith(api.basic, "0".repeat(40), { amount: "13" });
    expectDetail(unknown, 404);
    expect(await patchWith(api.basic, theirs, { amount: "13" })).toMatchObject({ status: 404, body: unknown.body });
  });

  it("without the 'update' permission gets 403 on PATCH and PUT but may still create", async () => {
    await createAdminUser({ ctx: api.ctx, input: { username: "creator", password: "creator-password", gatewayCodes: ["card"], permissions: ["create"] } });
    const auth = basic("creator", "creator-password");
    const created = await createWith(auth);
    expect(created.status).toBe(201);
    expectDetail(await patchWith(auth, created.body.session_id), 403, /permission to update/);
    const put = await call(api.base, "PUT", txnPath(created.body.session_id), { body: JSON.stringify(minimal()), headers: { ...json, authorization: auth } });
    expectDetail(put, 403, /permission to update/);
    expect((await call(api.base, "GET", txnPath(created.body.session_id))).body.amount).toBe("10.000");
  });

  it("without the 'create' permission gets 403 on create", async () => {
    await createAdminUser({ ctx: api.ctx, input: { username: "updater", password: "updater-password", gatewayCodes: ["card"], permissions: ["update"] } });
    const before = await countRows(api.ctx, "transactions");
    expectDetail(await createWith(basic("updater", "updater-password")), 403, /permission to create/);
    expect(await countRows(api.ctx, "transactions")).toBe(before);
    expect((await patchWith(basic("updater", "updater-password"))).status).toBe(200);
  });

  it("as a superuser may use every gateway", async () => {
    await createAdminUser({ ctx: api.ctx, input: { username: "root", password: "root-password", isSuperuser: true } });
    expect((await createWith(basic("root", "root-password"), minimal({ pg_codes: ["knet", "card"] }))).status).toBe(201);
  });

  it("that is deactivated is refused", async () => {
    await createAdminUser({ ctx: api.ctx, input: { username: "gone", password: "gone-password", gatewayCodes: ["card"] } });
    expect((await createWith(basic("gone", "gone-password"))).status).toBe(201);
    await api.ctx.db.updateTable("admin_users").set({ is_active: false }).where("username", "=", "gone").execute();
    expectUnauthorized(await createWith(basic("gone", "gone-password")), /Invalid username or password/);
  });
});

describe("reading", () => {
  it.each([undefined, "Api-Key wrong-key", "Bearer x", basic("clerk", "wrong")])("needs no credentials (Authorization %j)", async (authorization) => {
    const res = await call(api.base, "GET", txnPath(sessionId), { headers: authorization === undefined ? {} : { authorization } });
    expect(res.status).toBe(200);
    expect(res.body.session_id).toBe(sessionId);
  });
});
