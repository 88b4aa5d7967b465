"use server";

import { type OperationFormState, runOperationForm } from "@/lib/panel/admin/run-operation-form";
import { runPanelForm } from "@/lib/panel/admin/run-panel-form";
import { type RetryFormState, retryDeliveriesForm } from "@/lib/panel/admin/retry-deliveries-form";
import { type SendAgainState, sendLinkAgainForm } from "@/lib/panel/payment-links/send-link-again-form";

// The transaction page's actions: each reads the signed-in user from the database again, whatever page sent it;
// the page is rendered afresh after each (its state, version and records have moved).

export async function operationAction(_previous: OperationFormState, form: FormData): Promise<OperationFormState> {
  return runPanelForm(runOperationForm, form, "/admin/transactions");
}

export async function resendWebhookAction(_previous: RetryFormState, form: FormData): Promise<RetryFormState> {
  return runPanelForm(retryDeliveriesForm, form, "/admin/transactions");
}

export async function sendLinkAgainAction(_previous: SendAgainState, form: FormData): Promise<SendAgainState> {
  return runPanelForm(sendLinkAgainForm, form, "/admin/transactions");
}
