import { z } from "zod";
import { findAdminUserByUsername, insertAdminUser } from "@/db/queries/admin-users";
import { findGatewaySettingByCode } from "@/db/queries/gateway-settings";
import { ACTIONS } from "@/lib/auth/permissions";
import { hashPassword } from "@/lib/auth/password";
import type { Ctx } from "@/lib/context";
import { ValidationFailed } from "@/lib/errors";
import { parseInput } from "@/lib/validation/parse-input";

export const createAdminUserInput = z.object({
  username: z
    .string()
    .min(1, "Username is required.")
    .max(150, "Username may have at most 150 characters.")
    .regex(/^[\w.@+-]+$/, "Username may contain only letters, digits and @ . + - _."),
  password: z
    .string()
    .min(8, "Password must have at least 8 characters.")
    .max(256, "Password may have at most 256 characters."),
  isSuperuser: z.boolean().default(false),
  gatewayCodes: z.array(z.string().min(1)).default([]),
  permissions: z
    .array(z.enum(ACTIONS, { error: `Permissions must be among: ${ACTIONS.join(", ")}.` }))
    .default(["create", "update"]),
});

/** Adds an admin-panel user who may also call the API with Basic auth. */
export async function createAdminUser({ ctx, input }: { ctx: Ctx; input: z.input<typeof createAdminUserInput> }) {
  const data = parseInput(createAdminUserInput, input);
  if (await findAdminUserByUsername(ctx.db, data.username)) {
    throw new ValidationFailed({ username: ["A user with that username already exists."] });
  }
  const unknown = [];
  for (const code of data.gatewayCodes) if (!(await findGatewaySettingByCode(ctx.db, code))) unknown.push(code);
  if (unknown.length > 0) {
    throw new ValidationFailed({ gatewayCodes: [`Unknown gateway code(s): ${unknown.join(", ")}.`] });
  }
  return insertAdminUser(ctx.db, {
    username: data.username,
    passwordHash: await hashPassword(data.password),
    isSuperuser: data.isSuperuser,
    gatewayCodes: [...new Set(data.gatewayCodes)],
    permissions: data.isSuperuser ? [...ACTIONS] : [...new Set(data.permissions)],
  });
}
