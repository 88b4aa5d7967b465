"use server";

import { revalidatePath } from "next/cache";
import { type OperationFormState, runOperationForm } from "@/lib/admin/run-operation-form";
import { type RetryFormState, retryDeliveriesForm } from "@/lib/admin/retry-deliveries-form";
import { signedInAdmin } from "@/lib/admin/signed-in-admin";
import { appContext } from "@/lib/context";

// The transaction page's actions: the signed-in user is read again here, whatever page sent them; the page is
// rendered afresh after each (its state, version and records have moved).

export async function operationAction(_previous: OperationFormState, form: FormData): Promise<OperationFormState> {
  const caller = await signedInAdmin();
  const state = await runOperationForm({ ctx: appContext(), input: { caller, form } });
  revalidatePath("/admin/transactions/[sessionId]", "page");
  return state;
}

export async function resendWebhookAction(_previous: RetryFormState, form: FormData): Promise<RetryFormState> {
  const caller = await signedInAdmin();
  const state = await retryDeliveriesForm({ ctx: appContext(), input: { caller, form } });
  revalidatePath("/admin/transactions/[sessionId]", "page");
  return state;
}
