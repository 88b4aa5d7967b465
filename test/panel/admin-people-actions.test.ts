import { isRedirectError } from "next/dist/client/components/redirect-error";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createApiKeyAction, revokeApiKeyAction } from "@/app/(site)/admin/(panel)/api-keys/actions";
import { createUserAction, resetPasswordAction, setUserActiveAction, updateUserAccessAction } from "@/app/(site)/admin/(panel)/users/actions";
import { NEW_API_KEY_VALUES } from "@/lib/panel/admin/new-api-key-values";
import { NEW_USER_VALUES } from "@/lib/panel/admin/new-user-values";
import { createKey, createUser } from "../support/factories";
import { auditEntries, formData, signedIn } from "../support/panel-forms";
import { refusal } from "../support/refusal";
import { testContext } from "../support/test-context";

// The people screens' server actions as the browser reaches them, with a session cookie: the user behind the
// cookie is read from the database on every action, so a user disabled since they signed in is sent to the
// sign-in page by their next action, and a limited one is refused; a change refreshes the screen. Only the
// cookie's session (next-auth) and Next's page cache are stood in for; the database is the real one.

// The cookie's claims (lib/access/auth/active-admin.ts): signed in and last active a minute ago, at session version `sv`.
const session = vi.hoisted(() => ({ userId: null as string | null, sv: 0 }));
const revalidated = vi.hoisted(() => [] as string[]);
vi.mock("next-auth", async (original) => ({
  ...(await original<typeof import("next-auth")>()),
  getServerSession: async () => {
    const minuteAgo = Math.floor(Date.now() / 1000) - 60;
    return session.userId ? { user: { uid: session.userId, signedInAt: minuteAgo, iat: minuteAgo, sv: session.sv } } : null;
  },
}));
vi.mock("next/cache", () => ({ revalidatePath: (path: string) => void revalidated.push(path) }));

const ctx = testContext();
const NO_CHANGE = { errors: {}, saved: null };
const EMPTY_USER_FORM = { values: NEW_USER_VALUES, errors: {}, saved: null };
const EMPTY_KEY_FORM = { values: NEW_API_KEY_VALUES, errors: {}, created: null };
const ACCESS_FORM = { values: { isSuperuser: false, gatewayCodes: [], permissions: [] }, errors: {}, saved: null };
const redirectTarget = (error: Error) => (isRedirectError(error) ? error.digest.split(";")[2] : `not a redirect: ${error.message}`);

beforeEach(() => {
  revalidated.length = 0;
});

describe("the people screens' actions", () => {
  it("run for a signed-in superuser and refresh the screen", async () => {
    const root = await signedIn(ctx, { isSuperuser: true });
    session.userId = root.id;
    const state = await createUserAction(EMPTY_USER_FORM, formData({ username: "from-the-panel", password: "long-enough-1" }));
    expect(state.saved).toBe("User from-the-panel added.");
    expect(revalidated).toEqual(["/admin/users"]);

    const key = await createApiKeyAction(EMPTY_KEY_FORM, formData({ name: "from-the-panel", expiresOn: "" }));
    expect(key.created?.key).toMatch(/^ck_/);
    expect(revalidated).toEqual(["/admin/users", "/admin/api-keys"]);
  });

  it("leave the screen as it is when the form comes back with errors", async () => {
    session.userId = (await signedIn(ctx, { isSuperuser: true })).id;
    expect((await createUserAction(EMPTY_USER_FORM, formData({ username: "", password: "" }))).saved).toBeNull();
    expect(revalidated).toEqual([]);
  });

  it("send a superuser disabled since they signed in to the sign-in page, changing nothing", async () => {
    const [root, other] = [await signedIn(ctx, { isSuperuser: true }), await signedIn(ctx, { isSuperuser: true })];
    const victim = await createUser(ctx);
    const { id: keyId } = await createKey(ctx);
    session.userId = other.id;
    expect(await setUserActiveAction(NO_CHANGE, formData({ id: root.id, active: "false" }))).toMatchObject({ errors: {} });
    const [users, keys, audit] = await Promise.all([
      ctx.db.selectFrom("admin_users").selectAll().orderBy("id").execute(),
      ctx.db.selectFrom("api_keys").selectAll().orderBy("id").execute(),
      auditEntries(ctx),
    ]);

    // `root` still holds a valid session cookie.
    session.userId = root.id;
    const attempts = [
      () => createUserAction(EMPTY_USER_FORM, formData({ username: "sneaky", password: "long-enough-1", isSuperuser: "on" })),
      () => updateUserAccessAction(ACCESS_FORM, formData({ id: victim.id, isSuperuser: "on" })),
      () => setUserActiveAction(NO_CHANGE, formData({ id: other.id, active: "false" })),
      () => resetPasswordAction(NO_CHANGE, formData({ id: victim.id, password: "taken-over-1" })),
      () => createApiKeyAction(EMPTY_KEY_FORM, formData({ name: "backdoor", expiresOn: "" })),
      () => revokeApiKeyAction(NO_CHANGE, formData({ id: keyId })),
    ];
    for (const attempt of attempts) expect(redirectTarget(await refusal(attempt()))).toBe("/admin/login");

    expect(await ctx.db.selectFrom("admin_users").selectAll().orderBy("id").execute()).toEqual(users);
    expect(await ctx.db.selectFrom("api_keys").selectAll().orderBy("id").execute()).toEqual(keys);
    expect(await auditEntries(ctx)).toEqual(audit);
  });

  it("end a user's sessions when their password is reset: the next action goes to the sign-in page, a new sign-in works", async () => {
    const [root, victim] = [await signedIn(ctx, { isSuperuser: true }), await signedIn(ctx, { isSuperuser: true })];
    session.userId = root.id;
    expect(await resetPasswordAction(NO_CHANGE, formData({ id: victim.id, password: "reset-by-root-1" }))).toMatchObject({ errors: {} });

    session.userId = victim.id; // still holding the cookie of a sign-in a minute ago
    const keys = await ctx.db.selectFrom("api_keys").selectAll().execute();
    expect(redirectTarget(await refusal(createApiKeyAction(EMPTY_KEY_FORM, formData({ name: "old-session", expiresOn: "" }))))).toBe("/admin/login");
    expect(await ctx.db.selectFrom("api_keys").selectAll().execute()).toEqual(keys);

    session.sv = 1; // signed in again with the new password: the cookie carries the session version after the reset
    try {
      expect((await createApiKeyAction(EMPTY_KEY_FORM, formData({ name: "new-session", expiresOn: "" }))).created?.key).toMatch(/^ck_/);
    } finally {
      session.sv = 0;
    }
  });

  it("send a visitor without a session to the sign-in page", async () => {
    session.userId = null;
    expect(redirectTarget(await refusal(createApiKeyAction(EMPTY_KEY_FORM, formData({ name: "anonymous", expiresOn: "" }))))).toBe("/admin/login");
  });

  it("send a signed-in user who is not a superuser to the not-allowed page, changing nothing", async () => {
    const limited = await signedIn(ctx, { permissions: ["create", "update", "refund"] });
    session.userId = limited.id;
    expect(redirectTarget(await refusal(updateUserAccessAction(ACCESS_FORM, formData({ id: limited.id, isSuperuser: "on" }))))).toBe("/admin/not-allowed");
    expect(await ctx.db.selectFrom("admin_users").select("is_superuser").where("id", "=", limited.id).executeTakeFirst()).toEqual({ is_superuser: false });
  });
});
