import { beforeAll, describe, expect, it } from "vitest";
import { revokeApiKey } from "@/lib/access/api-keys/revoke-api-key";
import { authenticate } from "@/lib/access/auth/authenticate";
import { canUseGateway, requireAction } from "@/lib/access/auth/permissions";
import { Forbidden, Unauthorized } from "@/lib/core/errors";
import { basicAuth, createGateway, createKey, createUser } from "../support/factories";
import { refusal } from "../support/refusal";
import { testContext } from "../support/test-context";

const ctx = testContext();
const IP = "203.0.113.7";
const auth = (authorization: string | null) => authenticate({ ctx, input: { authorization, ip: IP } });
const USAGE = /Api-Key <private key>.*Basic <base64 of username:password>/;

describe("authenticate refuses", () => {
  it.each([
    ["a missing header", null, /not provided/],
    ["an empty header", "", /not provided/],
    ["a blank header", "   ", /not provided/],
    ["a header without a scheme", "c2VjcmV0", /Malformed Authorization header/],
    ["a scheme without credentials", "Api-Key", /Malformed Authorization header/],
    ["an unknown scheme", "Bearer x", /Unsupported authorization scheme/],
    ["Basic credentials that are not base64", "Basic not*base64!", /Malformed Basic credentials/],
    ["Basic credentials without a colon", `Basic ${Buffer.from("admin").toString("base64")}`, /Malformed Basic credentials/],
    ["Basic credentials without a username", `Basic ${Buffer.from(":secret-pw").toString("base64")}`, /Malformed Basic credentials/],
  ])("%s, and says how to authenticate", async (_, header, message) => {
    const error = await refusal(auth(header));
    expect(error).toBeInstanceOf(Unauthorized);
    expect(error.message).toMatch(message);
    expect(error.message).toMatch(USAGE);
  });

  it("an API key that does not exist", async () => {
    await createKey(ctx);
    const error = await refusal(auth("Api-Key ck_thisKeyWasNeverIssued0000000000000000000000"));
    expect(error).toStrictEqual(new Unauthorized("Invalid API key."));
  });

  it("a revoked API key", async () => {
    const { id, key } = await createKey(ctx);
    await expect(auth(`Api-Key ${key}`)).resolves.toMatchObject({ kind: "api_key", id });
    await revokeApiKey({ ctx, input: { id } });
    expect(await refusal(auth(`Api-Key ${key}`))).toStrictEqual(new Unauthorized("This API key has been revoked."));
  });

  it("an expired API key", async () => {
    const { key } = await createKey(ctx, { expiresAt: new Date(Date.now() - 60_000) });
    expect(await refusal(auth(`Api-Key ${key}`))).toStrictEqual(new Unauthorized("This API key has expired."));
  });

  it("a wrong password, an unknown user and an inactive user alike, without telling them apart", async () => {
    const user = await createUser(ctx);
    const inactive = await createUser(ctx);
    await ctx.db.updateTable("admin_users").set({ is_active: false }).where("id", "=", inactive.id).execute();

    const refused = new Unauthorized("Invalid username or password.");
    expect(await refusal(auth(basicAuth(user.username, `${user.password}x`)))).toStrictEqual(refused);
    expect(await refusal(auth(basicAuth("nobody-by-that-name", user.password)))).toStrictEqual(refused);
    expect(await refusal(auth(basicAuth(inactive.username, inactive.password)))).toStrictEqual(refused);
  });

  it("a username in another case (usernames are exact)", async () => {
    const user = await createUser(ctx, { username: "CaseSensitive" });
    expect(await refusal(auth(basicAuth("casesensitive", user.password)))).toBeInstanceOf(Unauthorized);
  });
});

describe("authenticate accepts", () => {
  it("an API key, whatever the case of the scheme, with every gateway and action", async () => {
    const { id, name, key } = await createKey(ctx, { name: "shop", expiresAt: new Date(Date.now() + 86_400_000) });
    for (const scheme of ["Api-Key", "api-key", "API-KEY"]) {
      const caller = await auth(`${scheme} ${key}`);
      expect(caller).toEqual({ kind: "api_key", id, name });
      expect(canUseGateway(caller, "any-gateway")).toBe(true);
      expect(() => requireAction(caller, "refund")).not.toThrow();
    }
  });

  it("Basic credentials of an active user, with a password that holds a colon", async () => {
    const gateway = await createGateway(ctx);
    const user = await createUser(ctx, { password: "pass:word:123", gatewayCodes: [gateway.code], permissions: ["create"] });
    const credentials = Buffer.from(`${user.username}:pass:word:123`).toString("base64");
    for (const scheme of ["Basic", "basic", "BASIC"]) {
      await expect(auth(`${scheme} ${credentials}`)).resolves.toEqual({
        kind: "user",
        id: user.id,
        username: user.username,
        isSuperuser: false,
        gatewayCodes: [gateway.code],
        permissions: ["create"],
      });
    }
  });

  it("a superuser, who may use every gateway and take every action", async () => {
    const user = await createUser(ctx, { isSuperuser: true });
    const caller = await auth(basicAuth(user.username, user.password));
    expect(caller).toMatchObject({ kind: "user", isSuperuser: true });
    expect(canUseGateway(caller, "never-assigned")).toBe(true);
    expect(() => requireAction(caller, "void")).not.toThrow();
  });
});

describe("permissions of an admin user", () => {
  let caller: Awaited<ReturnType<typeof auth>>;
  let allowed: string;
  let other: string;

  beforeAll(async () => {
    allowed = (await createGateway(ctx)).code;
    other = (await createGateway(ctx)).code;
    const user = await createUser(ctx, { gatewayCodes: [allowed], permissions: ["create", "inquiry"] });
    caller = await auth(basicAuth(user.username, user.password));
  });

  it("allow only the user's gateways", () => {
    expect(canUseGateway(caller, allowed)).toBe(true);
    expect(canUseGateway(caller, other)).toBe(false);
  });

  it("allow the user's actions", () => {
    expect(() => requireAction(caller, "create")).not.toThrow();
    expect(() => requireAction(caller, "inquiry")).not.toThrow();
  });

  it("refuse any other action with Forbidden, naming the action", () => {
    for (const action of ["update", "refund", "capture", "void", "cancel", "expire"] as const) {
      expect(() => requireAction(caller, action)).toThrow(Forbidden);
      expect(() => requireAction(caller, action)).toThrow(`permission to ${action}`);
    }
  });

  it("a user created without permissions may create and update only", async () => {
    const user = await createUser(ctx);
    const plain = await auth(basicAuth(user.username, user.password));
    expect(() => requireAction(plain, "update")).not.toThrow();
    expect(() => requireAction(plain, "refund")).toThrow(Forbidden);
    expect(canUseGateway(plain, allowed)).toBe(false);
  });
});
