import { z } from "zod";
import { endAdminSessions, updateAdminUser } from "@/db/queries/admin-users";
import { inTransaction } from "@/db/in-transaction";
import { hashPassword } from "@/lib/access/auth/password";
import type { Ctx } from "@/lib/core/context";
import { parseInput } from "@/lib/core/validation/parse-input";
import { passwordSchema } from "./admin-user-schemas";
import { findUserToChange } from "./find-user-to-change";

const resetPasswordInput = z.object({ password: passwordSchema });

/**
 * Gives a user the password an administrator typed (the rules of create-user). Their panel sessions end (their
 * session version moves on, see lib/access/auth/active-admin.ts), and Basic auth with the old one stops at once:
 * verified credentials are remembered only with the hash they matched.
 */
export async function resetAdminUserPassword({ ctx, input }: { ctx: Ctx; input: { id: string; password: string } }) {
  const { password } = parseInput(resetPasswordInput, { password: input.password });
  const passwordHash = await hashPassword(password);
  return inTransaction(ctx.db, async (db) => {
    const user = await findUserToChange(db, input.id);
    await endAdminSessions(db, user.id);
    return updateAdminUser(db, user.id, { password_hash: passwordHash });
  });
}
