import { describe, expect, it } from "vitest";
import { normaliseOrigin } from "@/lib/access/api-keys/allowed-origins";
import { createApiKey } from "@/lib/access/api-keys/create-api-key";
import { listApiKeys } from "@/lib/access/api-keys/list-api-keys";
import { revokeApiKey } from "@/lib/access/api-keys/revoke-api-key";
import { hashApiKey } from "@/lib/access/auth/api-key-secret";
import { authenticate, PUBLIC_KEY_REFUSED } from "@/lib/access/auth/authenticate";
import { authenticatePublicKey } from "@/lib/access/auth/authenticate-public-key";
import { Unauthorized, ValidationFailed } from "@/lib/core/errors";
import { basicAuth, createKey, createUser } from "../support/factories";
import { refusal } from "../support/refusal";
import { testContext } from "../support/test-context";

// Public keys (pk_…): a key kind of their own for the embedded checkout, bound to merchant origins, stored as a
// hash like private keys, accepted by the SDK endpoints only (authenticatePublicKey) and refused everywhere else.

const ctx = testContext();
const auth = (authorization: string) => authenticate({ ctx, input: { authorization, ip: "203.0.113.9" } });
const authPublic = (authorization: string | null) => authenticatePublicKey({ ctx, input: { authorization } });
const keyCount = async () => (await ctx.db.selectFrom("api_keys").select("id").execute()).length;

describe("origins", () => {
  it.each([
    ["https://shop.example", "https://shop.example"],
    ["https://Shop.Example/", "https://shop.example"],
    ["https://shop.example:443", "https://shop.example"],
    ["http://localhost:4000", "http://localhost:4000"],
    ["http://127.0.0.1:8080/", "http://127.0.0.1:8080"],
    ["http://[::1]:3000", "http://[::1]:3000"],
    ["https://bücher.example", "https://xn--bcher-kva.example"],
  ])("%s is the origin %s", (typed, origin) => {
    expect(normaliseOrigin(typed)).toBe(origin);
  });

  it.each([
    "https://shop.example/checkout",
    "https://shop.example?x=1",
    "https://shop.example#top",
    "https://user@shop.example",
    "https://*.shop.example",
    "ftp://shop.example",
    "shop.example",
    "https:shop.example",
    "null",
    "",
  ])("%j is no origin", (typed) => {
    expect(normaliseOrigin(typed)).toBeNull();
  });
});

describe("creating a public key", () => {
  it("returns a pk_ key once, stores only its hash and its normalised origins, and lists it without a secret", async () => {
    const created = await createApiKey({ ctx, input: { kind: "public", name: "shop checkout", origins: ["https://Shop.Example/", "http://localhost:4000", "https://shop.example"] } });

    expect(created.key).toMatch(/^pk_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ kind: "public", prefix: created.key.slice(0, 10), allowed_origins: ["https://shop.example", "http://localhost:4000"] });
    const row = await ctx.db.selectFrom("api_keys").selectAll().where("id", "=", created.id).executeTakeFirstOrThrow();
    expect(row.key_hash.equals(hashApiKey(created.key))).toBe(true);
    expect(JSON.stringify(row)).not.toContain(created.key);
    const listed = (await listApiKeys({ ctx })).find((k) => k.id === created.id);
    expect(listed).toMatchObject({ kind: "public", allowed_origins: ["https://shop.example", "http://localhost:4000"] });
    expect(JSON.stringify(listed)).not.toContain(created.key);
  });

  it("takes origins as comma- or line-separated text too (the CLI's and the panel's)", async () => {
    const created = await createApiKey({ ctx, input: { kind: "public", name: "text", origins: "https://a.example, https://b.example\nhttp://localhost:4000" } });
    expect(created.allowed_origins).toEqual(["https://a.example", "https://b.example", "http://localhost:4000"]);
  });

  it("makes private keys as before: ck_, no origins", async () => {
    const created = await createApiKey({ ctx, input: { name: "server" } });
    expect(created.key).toMatch(/^ck_/);
    expect(created).toMatchObject({ kind: "private", allowed_origins: [] });
  });

  it.each<[string, unknown, Record<string, string[]>]>([
    ["no origins", undefined, { origins: ["List the merchant origins allowed to embed the checkout, e.g. https://shop.example."] }],
    ["an empty list", [], { origins: ["A public key needs at least one allowed origin, e.g. https://shop.example."] }],
    ["a path", ["https://shop.example/pay"], { origins: [expect.stringMatching(/^"https:\/\/shop\.example\/pay" is not an origin: give http:\/\/ or https:\/\//)] as never }],
    ["a wildcard", ["https://*.shop.example"], { origins: [expect.stringContaining("is not an origin") as never] }],
    ["21 origins", Array.from({ length: 21 }, (_, i) => `https://s${i}.example`), { origins: ["A public key may list at most 20 origins."] }],
    ["a very long origin", [`https://${"a".repeat(200)}.example`], { origins: ["An origin has at most 200 characters."] }],
  ])("refuses %s with a field error on origins, storing nothing", async (_what, origins, fields) => {
    const before = await keyCount();
    const error = await refusal(createApiKey({ ctx, input: { kind: "public", name: "bad", origins: origins as string[] } }));
    expect(error).toBeInstanceOf(ValidationFailed);
    expect((error as ValidationFailed).fields).toEqual(fields);
    expect(await keyCount()).toBe(before);
  });
});

describe("authentication with a public key", () => {
  it("is the SDK caller: the key's id, name and origins", async () => {
    const { id, key } = await createKey(ctx, { name: "embed", origins: ["https://shop.example"] });
    expect(await authPublic(`Api-Key ${key}`)).toEqual({ id, name: "embed", origins: ["https://shop.example"] });
    expect(await authPublic(`api-key   ${key}`)).toMatchObject({ id });
  });

  it("is refused by every other endpoint's authentication with 401 naming it a public key", async () => {
    const { key } = await createKey(ctx, { origins: ["https://shop.example"] });
    expect(await refusal(auth(`Api-Key ${key}`))).toStrictEqual(new Unauthorized(PUBLIC_KEY_REFUSED));
  });

  it("refuses a private key, Basic credentials, a revoked or unknown key on the SDK endpoints", async () => {
    const priv = await createKey(ctx);
    const user = await createUser(ctx, { isSuperuser: true });
    const revoked = await createKey(ctx, { origins: ["https://shop.example"] });
    await revokeApiKey({ ctx, input: { id: revoked.id } });

    expect((await refusal(authPublic(`Api-Key ${priv.key}`))).message).toMatch(/^This is a private key: it must stay on your server\./);
    expect((await refusal(authPublic(basicAuth(user.username, user.password)))).message).toMatch(/^Malformed or unsupported Authorization header\./);
    expect(await refusal(authPublic(`Api-Key ${revoked.key}`))).toStrictEqual(new Unauthorized("This API key has been revoked."));
    expect(await refusal(authPublic(`Api-Key pk_${"0".repeat(43)}`))).toStrictEqual(new Unauthorized("Invalid API key."));
    expect((await refusal(authPublic(null))).message).toMatch(/^Authentication credentials were not provided\./);
    // The private key still works where it belongs.
    await expect(auth(`Api-Key ${priv.key}`)).resolves.toMatchObject({ kind: "api_key", id: priv.id });
  });
});
