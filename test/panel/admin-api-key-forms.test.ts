import { describe, expect, it } from "vitest";
import { createApiKeyForm } from "@/lib/panel/admin/create-api-key-form";
import { NEW_API_KEY_VALUES } from "@/lib/panel/admin/new-api-key-values";
import { revokeApiKeyForm } from "@/lib/panel/admin/revoke-api-key-form";
import { listApiKeys } from "@/lib/access/api-keys/list-api-keys";
import { hashApiKey } from "@/lib/access/auth/api-key-secret";
import { authenticate, PUBLIC_KEY_REFUSED } from "@/lib/access/auth/authenticate";
import { Forbidden, Unauthorized } from "@/lib/core/errors";
import { createKey } from "../support/factories";
import { auditEntries, formData, signedIn } from "../support/panel-forms";
import { refusal } from "../support/refusal";
import { testContext } from "../support/test-context";

// The API keys screen's form verbs: superusers only; a new key is in the answer once (never listed, never in
// the audit log); an expiry day still to come; a revoked key is refused by the API at once; every change audited.

const ctx = testContext();
const auth = (key: string) => authenticate({ ctx, input: { authorization: `Api-Key ${key}`, ip: "203.0.113.2" } });
// The keys as stored, but for last_used_at: a key an earlier test used has its use noted in the background (not
// awaited by the request), and that write may land while a later test compares the rows.
const keyRows = async () => (await ctx.db.selectFrom("api_keys").selectAll().orderBy("id").execute()).map((row) => ({ ...row, last_used_at: undefined }));
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

describe("creating an API key", () => {
  it("answers with the key once: it authenticates, and neither the list nor the audit log holds it", async () => {
    const root = await signedIn(ctx, { isSuperuser: true });

    const state = await createApiKeyForm({ ctx, input: { caller: root, form: formData({ name: " shop backend ", expiresOn: "" }) } });

    expect(state).toEqual({
      values: NEW_API_KEY_VALUES,
      errors: {},
      created: { id: expect.any(String), name: "shop backend", prefix: expect.any(String), key: expect.stringMatching(/^ck_/), kind: "private", expiresAt: null },
    });
    const { id, key, prefix } = state.created!;
    expect(key.startsWith(prefix)).toBe(true);
    expect(await auth(key)).toEqual({ kind: "api_key", id, name: "shop backend" });
    const listed = await listApiKeys({ ctx });
    expect(JSON.stringify(listed)).not.toContain(key);
    const [entry] = (await auditEntries(ctx)).slice(-1);
    expect(entry).toMatchObject({
      action: "api_key.create",
      entity: "api_key",
      entity_id: id,
      before: null,
      after: { name: "shop backend", prefix, kind: "private", allowed_origins: [], expires_at: null },
    });
    expect(JSON.stringify(entry)).not.toContain(key);
  });

  it("sets the expiry to the start of the day given (UTC)", async () => {
    const root = await signedIn(ctx, { isSuperuser: true });
    const state = await createApiKeyForm({ ctx, input: { caller: root, form: formData({ name: "yearly", expiresOn: "2099-01-31" }) } });
    expect(state.created?.expiresAt).toBe("2099-01-31T00:00:00.000Z");
    const [entry] = (await auditEntries(ctx)).slice(-1);
    expect(entry!.after).toMatchObject({ expires_at: "2099-01-31T00:00:00.000Z" });
  });

  it.each([
    [{ name: "", expiresOn: "" }, { name: ["Name is required."] }],
    [{ name: "x".repeat(101), expiresOn: "" }, { name: ["Name may have at most 100 characters."] }],
    [{ name: "old", expiresOn: "2020-01-01" }, { expiresOn: ["The expiry date must be after today (UTC)."] }],
    [{ name: "   ", expiresOn: "31/01/2099" }, { name: ["Name is required."], expiresOn: ["Enter the expiry date as YYYY-MM-DD."] }],
    [{ name: "leap", expiresOn: "2099-02-30" }, { expiresOn: ["Enter the expiry date as YYYY-MM-DD."] }],
  ])("answers %j with errors in place and what was typed, creating nothing", async (fields, errors) => {
    const root = await signedIn(ctx, { isSuperuser: true });
    const [keys, audit] = [await keyRows(), await auditEntries(ctx)];
    expect(await createApiKeyForm({ ctx, input: { caller: root, form: formData(fields) } })).toEqual({
      values: { ...fields, kind: "private", origins: "" },
      errors,
      created: null,
    });
    expect(await keyRows()).toEqual(keys);
    expect(await auditEntries(ctx)).toEqual(audit);
  });

  it("takes tomorrow as the first day a key may expire", async () => {
    const root = await signedIn(ctx, { isSuperuser: true });
    const state = await createApiKeyForm({ ctx, input: { caller: root, form: formData({ name: "short-lived", expiresOn: tomorrow() }) } });
    expect(state.errors).toEqual({});
  });
});

describe("creating a public key", () => {
  it("keeps its normalised origins, answers with the pk_ key once, and audits kind and origins", async () => {
    const root = await signedIn(ctx, { isSuperuser: true });
    const form = formData({ name: "shop checkout", expiresOn: "", kind: "public", origins: "https://Shop.Example/\nhttp://localhost:4000, https://shop.example" });

    const state = await createApiKeyForm({ ctx, input: { caller: root, form } });

    expect(state.errors).toEqual({});
    expect(state.values).toEqual(NEW_API_KEY_VALUES);
    expect(state.created).toMatchObject({ name: "shop checkout", kind: "public", key: expect.stringMatching(/^pk_[A-Za-z0-9_-]{43}$/) });
    const { id, key, prefix } = state.created!;
    const row = await ctx.db.selectFrom("api_keys").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: "public", prefix, allowed_origins: ["https://shop.example", "http://localhost:4000"] });
    expect(row.key_hash.equals(hashApiKey(key))).toBe(true);
    // A public key is no caller of the API: the key is refused there, naming it a public key.
    expect(await refusal(auth(key))).toStrictEqual(new Unauthorized(PUBLIC_KEY_REFUSED));
    const [entry] = (await auditEntries(ctx)).slice(-1);
    expect(entry).toMatchObject({ action: "api_key.create", entity_id: id, after: { kind: "public", allowed_origins: ["https://shop.example", "http://localhost:4000"] } });
    expect(JSON.stringify(entry)).not.toContain(key);
    expect((await listApiKeys({ ctx })).find((k) => k.id === id)).toMatchObject({ kind: "public", allowed_origins: ["https://shop.example", "http://localhost:4000"] });
  });

  it.each([
    [{ kind: "public", origins: "" }, { origins: ["A public key needs at least one allowed origin, e.g. https://shop.example."] }],
    [
      { kind: "public", origins: "https://shop.example/checkout ftp://files.example" },
      {
        origins: [
          '"https://shop.example/checkout" is not an origin: give http:// or https://, a host and an optional port, without a path (e.g. https://shop.example or http://localhost:4000).',
          '"ftp://files.example" is not an origin: give http:// or https://, a host and an optional port, without a path (e.g. https://shop.example or http://localhost:4000).',
        ],
      },
    ],
    [{ kind: "public", origins: Array.from({ length: 21 }, (_, i) => `https://shop${i}.example`).join(",") }, { origins: ["A public key may list at most 20 origins."] }],
    [{ kind: "private", origins: "https://shop.example" }, { origins: ["Only a public key has allowed origins: choose Public, or leave the origins empty."] }],
    [{ kind: "secret", origins: "" }, { kind: ["Choose the kind of key: private or public."] }],
  ])("refuses %j with the error in place, creating nothing", async (fields, errors) => {
    const root = await signedIn(ctx, { isSuperuser: true });
    const [keys, audit] = [await keyRows(), await auditEntries(ctx)];
    const state = await createApiKeyForm({ ctx, input: { caller: root, form: formData({ name: "embed", expiresOn: "", ...fields }) } });
    expect(state).toMatchObject({ errors, created: null, values: { name: "embed", origins: fields.origins } });
    expect(await keyRows()).toEqual(keys);
    expect(await auditEntries(ctx)).toEqual(audit);
  });

  it("is revoked like a private key, and audited", async () => {
    const root = await signedIn(ctx, { isSuperuser: true });
    const { id, name } = await createKey(ctx, { origins: ["https://shop.example"] });
    expect(await revokeApiKeyForm({ ctx, input: { caller: root, form: formData({ id }) } })).toEqual({ errors: {}, saved: `API key ${name} revoked.` });
    expect((await listApiKeys({ ctx })).find((k) => k.id === id)).toMatchObject({ kind: "public", revoked_at: expect.any(Date) });
    expect((await auditEntries(ctx)).at(-1)).toMatchObject({ action: "api_key.revoke", entity_id: id });
  });
});

describe("revoking an API key", () => {
  it("refuses the key at once and audits the revocation", async () => {
    const root = await signedIn(ctx, { isSuperuser: true });
    const { id, key, name, prefix } = await createKey(ctx);
    await auth(key);

    expect(await revokeApiKeyForm({ ctx, input: { caller: root, form: formData({ id }) } })).toEqual({ errors: {}, saved: `API key ${name} revoked.` });

    expect(await refusal(auth(key))).toStrictEqual(new Unauthorized("This API key has been revoked."));
    const [entry] = (await auditEntries(ctx)).slice(-1);
    expect(entry).toMatchObject({
      action: "api_key.revoke",
      entity: "api_key",
      entity_id: id,
      before: { name, prefix, revoked_at: null },
      after: { name, prefix, revoked_at: expect.any(String) },
    });
  });

  it("says so above the list for a key already revoked or one that does not exist, recording nothing", async () => {
    const root = await signedIn(ctx, { isSuperuser: true });
    const { id } = await createKey(ctx);
    await revokeApiKeyForm({ ctx, input: { caller: root, form: formData({ id }) } });
    const audit = await auditEntries(ctx);
    for (const bad of [id, "99999999", "1; DROP TABLE api_keys", ""]) {
      const state = await revokeApiKeyForm({ ctx, input: { caller: root, form: formData({ id: bad }) } });
      expect(state).toEqual({ errors: { non_field_errors: [`No active API key with id ${bad}.`] }, saved: null });
    }
    expect(await auditEntries(ctx)).toEqual(audit);
  });
});

describe("a user who is not a superuser", () => {
  it("may neither create nor revoke a key, and nothing is written", async () => {
    const limited = await signedIn(ctx, { permissions: ["create", "refund"] });
    const { id, key } = await createKey(ctx);
    const [keys, audit] = [await keyRows(), await auditEntries(ctx)];

    expect(await refusal(createApiKeyForm({ ctx, input: { caller: limited, form: formData({ name: "mine", expiresOn: "" }) } }))).toBeInstanceOf(Forbidden);
    expect(await refusal(revokeApiKeyForm({ ctx, input: { caller: limited, form: formData({ id }) } }))).toBeInstanceOf(Forbidden);

    expect(await keyRows()).toEqual(keys);
    expect(await auditEntries(ctx)).toEqual(audit);
    await expect(auth(key)).resolves.toMatchObject({ kind: "api_key", id });
  });
});
