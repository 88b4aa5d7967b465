"use server";

import { headers } from "next/headers";
import { clientIp } from "@/lib/core/client-ip";
import { type RevealKeyFormState, revealWebhookKeyForm } from "@/lib/panel/admin/reveal-webhook-key-form";
import { type WebhookKeyFormState, rotateWebhookKeyForm } from "@/lib/panel/admin/rotate-webhook-key-form";
import { runPanelForm } from "@/lib/panel/admin/run-panel-form";
import { type SettingsFormState, saveSettingsForm } from "@/lib/panel/admin/save-settings-form";
import { type TestWebhookFormState, sendTestWebhookForm } from "@/lib/panel/admin/send-test-webhook-form";

// The settings screen's actions: each reads the signed-in user from the database again, whatever page sent it.

export async function saveSettingsAction(_previous: SettingsFormState, form: FormData): Promise<SettingsFormState> {
  return runPanelForm(saveSettingsForm, form, "/admin/settings");
}

/** Generates or rotates the webhook key; its answer is the only place the new key ever appears. */
export async function rotateWebhookKeyAction(_previous: WebhookKeyFormState, form: FormData): Promise<WebhookKeyFormState> {
  return runPanelForm(rotateWebhookKeyForm, form, "/admin/settings");
}

/** Shows the current webhook key to a superuser who typed their password again (throttled as sign-in is, by address). */
export async function revealWebhookKeyAction(_previous: RevealKeyFormState, form: FormData): Promise<RevealKeyFormState> {
  return runPanelForm(revealWebhookKeyForm, form, "/admin/settings", { ip: clientIp(await headers()) });
}

/** Posts a signed sample webhook to the typed URL and answers with the receiver's reply. */
export async function sendTestWebhookAction(_previous: TestWebhookFormState, form: FormData): Promise<TestWebhookFormState> {
  return runPanelForm(sendTestWebhookForm, form, "/admin/settings");
}
