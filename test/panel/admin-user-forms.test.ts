import { describe, expect, it } from "vitest";
import { createUserForm } from "@/lib/panel/admin/create-user-form";
import { NEW_USER_VALUES } from "@/lib/panel/admin/new-user-values";
import { resetPasswordForm } from "@/lib/panel/admin/reset-password-form";
import { setUserActiveForm } from "@/lib/panel/admin/set-user-active-form";
import { updateUserAccessForm } from "@/lib/panel/admin/update-user-access-form";
import { ACTIONS } from "@/lib/access/auth/permissions";
import { verifyAdminCredentials } from "@/lib/access/auth/verify-admin-credentials";
import { Forbidden, Unauthorized } from "@/lib/core/errors";
import { createGateway, createUser } from "../support/factories";
import { auditEntries, formData, signedIn } from "../support/panel-forms";
import { refusal } from "../support/refusal";
import { testContext } from "../support/test-context";

// The users screens' form verbs (what the server actions run once they have read the signed-in user): superusers
// only, the CLI's zod rules with errors in place, nothing half-saved, an audit entry for every change (never a
// password), nobody disabling or demoting themselves, one active superuser always left.

const ctx = testContext();
const userRow = (id: string) =>
  ctx.db.selectFrom("admin_users").select(["username", "is_superuser", "is_active", "gateway_codes", "permissions", "password_hash"]).where("id", "=", id).executeTakeFirstOrThrow();
const signsIn = (username: string, password: string) =>
  verifyAdminCredentials({ ctx, input: { username, password, ip: "198.51.100.9" } }).then(
    () => true,
    (error: unknown) => (error instanceof Unauthorized ? false : Promise.reject(error)),
  );
/** Every other active superuser steps aside, so that `keep` are the service's only ones. */
const onlySuperusers = (...keep: string[]) =>
  ctx.db.updateTable("admin_users").set({ is_active: false }).where("is_superuser", "=", true).where("id", "not in", keep).execute();

describe("adding a user", () => {
  it("adds a limited user with their gateways and actions, and audits it without the password", async () => {
    const root = await signedIn(ctx, { isSuperuser: true });
    const gateway = await createGateway(ctx);
    const fields = { username: " clerk ", password: "clerk-password-1", gatewayCodes: [gateway.code], permissions: ["create", "refund"] };

    const state = await createUserForm({ ctx, input: { caller: root, form: formData(fields) } });

    expect(state).toEqual({ values: NEW_USER_VALUES, errors: {}, saved: "User clerk added." });
    const [entry] = (await auditEntries(ctx)).slice(-1);
    expect(entry).toMatchObject({
      actor_user_id: root.id,
      actor: root.username,
      action: "user.create",
      entity: "user",
      before: null,
      after: { username: "clerk", is_superuser: false, is_active: true, gateway_codes: [gateway.code], permissions: ["create", "refund"], password: "•••• (secret)" },
    });
    expect(JSON.stringify(entry)).not.toContain("clerk-password-1");
    expect(await signsIn("clerk", "clerk-password-1")).toBe(true);
  });

  it("gives a superuser every action", async () => {
    const root = await signedIn(ctx, { isSuperuser: true });
    await createUserForm({ ctx, input: { caller: root, form: formData({ username: "boss", password: "boss-password-1", isSuperuser: "on" }) } });
    const boss = await ctx.db.selectFrom("admin_users").select(["is_superuser", "permissions"]).where("username", "=", "boss").executeTakeFirstOrThrow();
    expect(boss).toEqual({ is_superuser: true, permissions: [...ACTIONS] });
  });

  it.each([
    [
      { username: "no spaces", password: "short", permissions: ["create", "fly"] },
      {
        username: ["Username may contain only letters, digits and @ . + - _."],
        password: ["Password must have at least 8 characters."],
        permissions: [expect.stringMatching(/^Permissions must be among: create, update/)],
      },
    ],
    [{ username: "", password: "long-enough-1" }, { username: ["Username is required."] }],
    [{ username: "ghost-gateways", password: "long-enough-1", gatewayCodes: ["nowhere"] }, { gatewayCodes: ["Unknown gateway code(s): nowhere."] }],
  ])("answers %j with errors in place and what was typed but the password, saving nothing", async (fields, errors) => {
    const root = await signedIn(ctx, { isSuperuser: true });
    const users = await ctx.db.selectFrom("admin_users").select("id").execute();
    const audit = await auditEntries(ctx);

    const state = await createUserForm({ ctx, input: { caller: root, form: formData(fields) } });

    expect(state.errors).toEqual(errors);
    expect(state.saved).toBeNull();
    expect(state.values).toEqual({
      username: fields.username.trim(),
      isSuperuser: false,
      gatewayCodes: "gatewayCodes" in fields ? fields.gatewayCodes : [],
      permissions: "permissions" in fields ? fields.permissions : [],
    });
    expect(JSON.stringify(state)).not.toContain(fields.password);
    expect(await ctx.db.selectFrom("admin_users").select("id").execute()).toEqual(users);
    expect(await auditEntries(ctx)).toEqual(audit);
  });

  it("refuses a username that is taken", async () => {
    const root = await signedIn(ctx, { isSuperuser: true });
    const state = await createUserForm({ ctx, input: { caller: root, form: formData({ username: root.username, password: "long-enough-1" }) } });
    expect(state.errors).toEqual({ username: ["A user with that username already exists."] });
  });
});

describe("changing what a user may do", () => {
  it("saves their gateways and actions, and audits before and after", async () => {
    const root = await signedIn(ctx, { isSuperuser: true });
    const [a, b] = [await createGateway(ctx), await createGateway(ctx)];
    const clerk = await createUser(ctx, { gatewayCodes: [a.code], permissions: ["create"] });

    const state = await updateUserAccessForm({
      ctx,
      input: { caller: root, form: formData({ id: clerk.id, gatewayCodes: [a.code, b.code], permissions: ["create", "void"] }) },
    });

    expect(state).toEqual({
      values: { isSuperuser: false, gatewayCodes: [a.code, b.code], permissions: ["create", "void"] },
      errors: {},
      saved: `Access of ${clerk.username} saved.`,
    });
    expect(await userRow(clerk.id)).toMatchObject({ is_superuser: false, gateway_codes: [a.code, b.code], permissions: ["create", "void"] });
    const [entry] = (await auditEntries(ctx)).slice(-1);
    expect(entry).toMatchObject({
      action: "user.update",
      entity: "user",
      entity_id: clerk.id,
      before: { username: clerk.username, is_superuser: false, gateway_codes: [a.code], permissions: ["create"] },
      after: { username: clerk.username, is_superuser: false, gateway_codes: [a.code, b.code], permissions: ["create", "void"] },
    });
  });

  it("makes a user a superuser, and another superuser may take it back", async () => {
    const root = await signedIn(ctx, { isSuperuser: true });
    const clerk = await createUser(ctx);
    await updateUserAccessForm({ ctx, input: { caller: root, form: formData({ id: clerk.id, isSuperuser: "on" }) } });
    expect(await userRow(clerk.id)).toMatchObject({ is_superuser: true, permissions: [...ACTIONS] });

    const state = await updateUserAccessForm({ ctx, input: { caller: root, form: formData({ id: clerk.id, permissions: ["inquiry"] }) } });
    expect(state.errors).toEqual({});
    expect(await userRow(clerk.id)).toMatchObject({ is_superuser: false, permissions: ["inquiry"] });
  });

  it("refuses unknown gateways and actions in place, changing nothing", async () => {
    const root = await signedIn(ctx, { isSuperuser: true });
    const clerk = await createUser(ctx, { permissions: ["create"] });
    const audit = await auditEntries(ctx);
    const fields = { id: clerk.id, gatewayCodes: ["nowhere"], permissions: ["create"] };
    expect((await updateUserAccessForm({ ctx, input: { caller: root, form: formData(fields) } })).errors).toEqual({
      gatewayCodes: ["Unknown gateway code(s): nowhere."],
    });
    const state = await updateUserAccessForm({ ctx, input: { caller: root, form: formData({ ...fields, gatewayCodes: [], permissions: ["steal"] }) } });
    expect(state.errors).toEqual({ permissions: [expect.stringMatching(/^Permissions must be among/)] });
    expect(state.values).toEqual({ isSuperuser: false, gatewayCodes: [], permissions: ["steal"] });
    expect(await userRow(clerk.id)).toMatchObject({ gateway_codes: [], permissions: ["create"] });
    expect(await auditEntries(ctx)).toEqual(audit);
  });

  it("refuses a superuser taking their own superuser role", async () => {
    const root = await signedIn(ctx, { isSuperuser: true });
    await signedIn(ctx, { isSuperuser: true }); // not the last one: the refusal is about themselves
    const state = await updateUserAccessForm({ ctx, input: { caller: root, form: formData({ id: root.id, permissions: ["create"] }) } });
    expect(state.errors).toEqual({ isSuperuser: ["You cannot remove your own superuser role: ask another superuser."] });
    expect(await userRow(root.id)).toMatchObject({ is_superuser: true });
  });

  it("keeps the last active superuser: two superusers demoting each other at once, the second is refused", async () => {
    const [first, second] = [await signedIn(ctx, { isSuperuser: true }), await signedIn(ctx, { isSuperuser: true })];
    await onlySuperusers(first.id, second.id);

    expect((await updateUserAccessForm({ ctx, input: { caller: first, form: formData({ id: second.id }) } })).errors).toEqual({});
    // `second` still holds the page (and the caller) from before they were demoted.
    const state = await updateUserAccessForm({ ctx, input: { caller: second, form: formData({ id: first.id }) } });
    expect(state.errors).toEqual({ isSuperuser: ["This is the last active superuser: make another user a superuser first."] });
    expect(await userRow(first.id)).toMatchObject({ is_superuser: true, is_active: true });
  });

  it("names a user who does not exist above the form", async () => {
    const root = await signedIn(ctx, { isSuperuser: true });
    for (const id of ["999999999", "abc", ""]) {
      const state = await updateUserAccessForm({ ctx, input: { caller: root, form: formData({ id }) } });
      expect(state.errors).toEqual({ non_field_errors: [`No user with id ${id}.`] });
    }
  });
});

describe("disabling and enabling a user", () => {
  it("disables a user (who can no longer sign in) and enables them again, each audited once", async () => {
    const root = await signedIn(ctx, { isSuperuser: true });
    const clerk = await createUser(ctx);
    const disable = formData({ id: clerk.id, active: "false" });

    expect(await setUserActiveForm({ ctx, input: { caller: root, form: disable } })).toEqual({ errors: {}, saved: `${clerk.username} is disabled.` });
    expect(await signsIn(clerk.username, clerk.password)).toBe(false);
    // The same button pressed twice: nothing more to record.
    await setUserActiveForm({ ctx, input: { caller: root, form: disable } });
    await setUserActiveForm({ ctx, input: { caller: root, form: formData({ id: clerk.id, active: "true" }) } });
    expect(await signsIn(clerk.username, clerk.password)).toBe(true);

    const entries = (await auditEntries(ctx)).filter((e) => e.entity_id === clerk.id);
    expect(entries.map((e) => [e.action, e.before, e.after])).toEqual([
      ["user.disable", { username: clerk.username, is_active: true }, { username: clerk.username, is_active: false }],
      ["user.enable", { username: clerk.username, is_active: false }, { username: clerk.username, is_active: true }],
    ]);
  });

  it("refuses a user disabling themselves", async () => {
    const root = await signedIn(ctx, { isSuperuser: true });
    await signedIn(ctx, { isSuperuser: true });
    const state = await setUserActiveForm({ ctx, input: { caller: root, form: formData({ id: root.id, active: "false" }) } });
    expect(state).toEqual({ errors: { isActive: ["You cannot disable your own account."] }, saved: null });
    expect(await userRow(root.id)).toMatchObject({ is_active: true });
  });

  it("keeps the last active superuser: a superuser demoted meanwhile cannot disable the one left", async () => {
    const [first, second] = [await signedIn(ctx, { isSuperuser: true }), await signedIn(ctx, { isSuperuser: true })];
    await onlySuperusers(first.id, second.id);
    await updateUserAccessForm({ ctx, input: { caller: first, form: formData({ id: second.id }) } });
    const audit = await auditEntries(ctx);

    const state = await setUserActiveForm({ ctx, input: { caller: second, form: formData({ id: first.id, active: "false" }) } });
    expect(state.errors).toEqual({ isActive: ["This is the last active superuser: make another user a superuser first."] });
    expect(await userRow(first.id)).toMatchObject({ is_active: true });
    expect(await auditEntries(ctx)).toEqual(audit);
  });
});

describe("resetting a password", () => {
  it("sets the typed password (the old one stops working) and audits that it changed, never the value", async () => {
    const root = await signedIn(ctx, { isSuperuser: true });
    const clerk = await createUser(ctx);
    expect(await signsIn(clerk.username, clerk.password)).toBe(true);

    const state = await resetPasswordForm({ ctx, input: { caller: root, form: formData({ id: clerk.id, password: "brand-new-secret-1" }) } });

    expect(state).toEqual({ errors: {}, saved: `Password of ${clerk.username} changed.` });
    expect(await signsIn(clerk.username, clerk.password)).toBe(false);
    expect(await signsIn(clerk.username, "brand-new-secret-1")).toBe(true);
    const [entry] = (await auditEntries(ctx)).slice(-1);
    expect(entry).toMatchObject({ action: "user.reset_password", entity_id: clerk.id, before: null, after: { username: clerk.username, password: "•••• (secret)" } });
    expect(JSON.stringify(entry)).not.toContain("brand-new-secret-1");
  });

  it("refuses a password against the rules in place, changing nothing", async () => {
    const root = await signedIn(ctx, { isSuperuser: true });
    const clerk = await createUser(ctx);
    const before = await userRow(clerk.id);
    const state = await resetPasswordForm({ ctx, input: { caller: root, form: formData({ id: clerk.id, password: "short" }) } });
    expect(state).toEqual({ errors: { password: ["Password must have at least 8 characters."] }, saved: null });
    expect(await userRow(clerk.id)).toEqual(before);
  });
});

describe("a user who is not a superuser", () => {
  it.each([
    ["adding a user", createUserForm, { username: "sneaky", password: "long-enough-1" }],
    ["changing access", updateUserAccessForm, { id: "SELF", isSuperuser: "on" }],
    ["disabling a user", setUserActiveForm, { id: "OTHER", active: "false" }],
    ["resetting a password", resetPasswordForm, { id: "OTHER", password: "long-enough-1" }],
  ] as const)("is refused %s, and nothing is written", async (_, verb, fields) => {
    const limited = await signedIn(ctx, { permissions: ["create", "update", "refund"] });
    const other = await createUser(ctx);
    const ids: Record<string, string> = { SELF: limited.id, OTHER: other.id };
    const form = formData(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, ids[v] ?? v])));
    const users = await ctx.db.selectFrom("admin_users").selectAll().orderBy("id").execute();
    const audit = await auditEntries(ctx);

    expect(await refusal(verb({ ctx, input: { caller: limited, form } }))).toBeInstanceOf(Forbidden);
    expect(await ctx.db.selectFrom("admin_users").selectAll().orderBy("id").execute()).toEqual(users);
    expect(await auditEntries(ctx)).toEqual(audit);
  });
});
