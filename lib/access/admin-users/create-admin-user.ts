import { z } from "zod";
import { findAdminUserByUsername, insertAdminUser } from "@/db/queries/admin-users";
import { hashPassword } from "@/lib/access/auth/password";
import type { Ctx } from "@/lib/core/context";
import { ValidationFailed } from "@/lib/core/errors";
import { isUniqueViolation } from "@/lib/core/unique-violation";
import { parseInput } from "@/lib/core/validation/parse-input";
import { passwordSchema, storedAccess, userAccessSchema } from "./admin-user-schemas";
import { checkGatewayCodes } from "./check-gateway-codes";

export const createAdminUserInput = z.object({
  username: z
    .string()
    .min(1, "Username is required.")
    .max(150, "Username may have at most 150 characters.")
    // "*": an empty one is told only that it is required.
    .regex(/^[\w.@+-]*$/, "Username may contain only letters, digits and @ . + - _."),
  password: passwordSchema,
  ...userAccessSchema.shape,
});

/** Adds an admin-panel user who may also call the API with Basic auth. */
export async function createAdminUser({ ctx, input }: { ctx: Ctx; input: z.input<typeof createAdminUserInput> }) {
  const data = parseInput(createAdminUserInput, input);
  if (await findAdminUserByUsername(ctx.db, data.username)) throw usernameTaken();
  await checkGatewayCodes(ctx.db, data.gatewayCodes);
  const access = storedAccess(data);
  try {
    return await insertAdminUser(ctx.db, {
      username: data.username,
      passwordHash: await hashPassword(data.password),
      isSuperuser: access.is_superuser,
      gatewayCodes: access.gateway_codes,
      permissions: access.permissions,
    });
  } catch (error) {
    // Two administrators adding the same name at once: the second gets the field error, not a failure.
    if (isUniqueViolation(error, "admin_users_username_key")) throw usernameTaken();
    throw error;
  }
}

const usernameTaken = () => new ValidationFailed({ username: ["A user with that username already exists."] });
