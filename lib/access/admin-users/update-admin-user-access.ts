import type { z } from "zod";
import { updateAdminUser } from "@/db/queries/admin-users";
import { inTransaction } from "@/db/in-transaction";
import type { Ctx } from "@/lib/core/context";
import { ValidationFailed } from "@/lib/core/errors";
import { parseInput } from "@/lib/core/validation/parse-input";
import { storedAccess, userAccessSchema } from "./admin-user-schemas";
import { checkGatewayCodes } from "./check-gateway-codes";
import { findUserToChange } from "./find-user-to-change";
import { lockSuperusers } from "./keep-a-superuser";

/**
 * Changes what a user may do: superuser, or their gateways and actions. `actorId` is the administrator making
 * the change, who may not take their own superuser role (the service keeps at least one active superuser).
 * Returns the user before and after, for the audit log.
 */
export async function updateAdminUserAccess({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { id: string; actorId?: string; access: z.input<typeof userAccessSchema> };
}) {
  const access = parseInput(userAccessSchema, input.access);
  return inTransaction(ctx.db, async (db) => {
    const refuseLosingTheLast = await lockSuperusers(db);
    const before = await findUserToChange(db, input.id);
    if (before.is_superuser && !access.isSuperuser) {
      if (before.id === input.actorId) {
        throw new ValidationFailed({ isSuperuser: ["You cannot remove your own superuser role: ask another superuser."] });
      }
      refuseLosingTheLast(before.id, "isSuperuser");
    }
    await checkGatewayCodes(db, access.gatewayCodes);
    const after = await updateAdminUser(db, before.id, storedAccess(access));
    return { before, after };
  });
}
