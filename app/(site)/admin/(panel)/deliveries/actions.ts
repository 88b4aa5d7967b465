"use server";

import { runPanelForm } from "@/lib/panel/admin/run-panel-form";
import { type RetryFormState, retryDeliveriesForm } from "@/lib/panel/admin/retry-deliveries-form";

/** Retry one or the ticked failing deliveries: the signed-in user is read again here, whatever page sent it. */
export async function retryDeliveriesAction(_previous: RetryFormState, form: FormData): Promise<RetryFormState> {
  return runPanelForm(retryDeliveriesForm, form, "/admin/deliveries");
}
