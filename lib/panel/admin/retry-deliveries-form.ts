import type { UserCaller } from "@/lib/access/auth/admin-caller";
import type { Ctx } from "@/lib/core/context";
import { NotFound, ValidationFailed } from "@/lib/core/errors";
import { retryDeliveries } from "@/lib/delivery/webhooks/retry-deliveries";
import { flattenFieldErrors } from "./flatten-field-errors";

export interface RetryFormState {
  message: string | null;
  error: string | null;
}

/**
 * The panel's retry buttons: one delivery (a row's button, or "Resend webhook" on a transaction's page, sent as
 * `only`) or the ticked ones (`deliveryId`), through the retry verb. Its refusals come back as a message.
 */
export async function retryDeliveriesForm({ ctx, input }: { ctx: Ctx; input: { caller: UserCaller; form: FormData } }): Promise<RetryFormState> {
  const only = input.form.get("only");
  const deliveryIds = (only === null ? input.form.getAll("deliveryId") : [only]).map(String);
  try {
    const { retried } = await retryDeliveries({ ctx, input: { caller: input.caller, deliveryIds } });
    return { message: `${retried === 1 ? "1 delivery" : `${retried} deliveries`} queued: tried again now.`, error: null };
  } catch (error) {
    if (error instanceof ValidationFailed) return { message: null, error: flattenFieldErrors(error.fields).join(" ") };
    if (error instanceof NotFound) return { message: null, error: error.message };
    throw error;
  }
}
