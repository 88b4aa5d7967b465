"use server";

import { type WebhookKeyFormState, rotateWebhookKeyForm } from "@/lib/panel/admin/rotate-webhook-key-form";
import { runPanelForm } from "@/lib/panel/admin/run-panel-form";
import { type SettingsFormState, saveSettingsForm } from "@/lib/panel/admin/save-settings-form";

// The settings screen's actions: each reads the signed-in user from the database again, whatever page sent it.

export async function saveSettingsAction(_previous: SettingsFormState, form: FormData): Promise<SettingsFormState> {
  return runPanelForm(saveSettingsForm, form, "/admin/settings");
}

/** Generates or rotates the webhook key; its answer is the only place the new key ever appears. */
export async function rotateWebhookKeyAction(_previous: WebhookKeyFormState, form: FormData): Promise<WebhookKeyFormState> {
  return runPanelForm(rotateWebhookKeyForm, form, "/admin/settings");
}
