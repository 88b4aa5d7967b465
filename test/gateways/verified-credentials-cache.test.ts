import { describe, expect, it } from "vitest";
import { authenticate } from "@/lib/access/auth/authenticate";
import { hashPassword } from "@/lib/access/auth/password";
import { Unauthorized } from "@/lib/core/errors";
import { basicAuth, createUser } from "../support/factories";
import { testContext } from "../support/test-context";

const ctx = testContext();
const basic = (username: string, password: string) =>
  authenticate({ ctx, input: { authorization: basicAuth(username, password), ip: "203.0.113.20" } });

describe("remembered Basic credentials", () => {
  it("end the moment the stored password hash changes", async () => {
    const user = await createUser(ctx, { password: "old-password-1" });
    await expect(basic(user.username, "old-password-1")).resolves.toMatchObject({ id: user.id });
    await expect(basic(user.username, "old-password-1")).resolves.toMatchObject({ id: user.id });

    const newHash = await hashPassword("new-password-2");
    await ctx.db.updateTable("admin_users").set({ password_hash: newHash }).where("id", "=", user.id).execute();

    await expect(basic(user.username, "old-password-1")).rejects.toThrow(Unauthorized);
    await expect(basic(user.username, "new-password-2")).resolves.toMatchObject({ id: user.id });
  });

  it("end the moment the user is deactivated", async () => {
    const user = await createUser(ctx);
    await expect(basic(user.username, user.password)).resolves.toMatchObject({ id: user.id });

    await ctx.db.updateTable("admin_users").set({ is_active: false }).where("id", "=", user.id).execute();

    await expect(basic(user.username, user.password)).rejects.toThrow(Unauthorized);
  });

  it("never let a wrong password through after a right one", async () => {
    const user = await createUser(ctx);
    await expect(basic(user.username, user.password)).resolves.toMatchObject({ id: user.id });
    await expect(basic(user.username, `${user.password}!`)).rejects.toThrow(Unauthorized);
  });

  it("belong to one user: the same password does not open another account", async () => {
    const alice = await createUser(ctx, { password: "shared-password" });
    const bob = await createUser(ctx, { password: "bobs-own-password" });
    await expect(basic(alice.username, "shared-password")).resolves.toMatchObject({ id: alice.id });
    await expect(basic(bob.username, "shared-password")).rejects.toThrow(Unauthorized);
  });
});
