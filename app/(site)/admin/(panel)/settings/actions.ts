"use server";

import { revalidatePath } from "next/cache";
import { type WebhookKeyFormState, rotateWebhookKeyForm } from "@/lib/admin/rotate-webhook-key-form";
import { type SettingsFormState, saveSettingsForm } from "@/lib/admin/save-settings-form";
import { signedInAdmin } from "@/lib/admin/signed-in-admin";
import { appContext } from "@/lib/context";

/** The settings form's action: the signed-in user is checked again here, whatever page sent it. */
export async function saveSettingsAction(_previous: SettingsFormState, form: FormData): Promise<SettingsFormState> {
  const caller = await signedInAdmin();
  const state = await saveSettingsForm({ ctx: appContext(), input: { caller, form } });
  if (state.saved) revalidatePath("/admin/settings");
  return state;
}

/** Generates or rotates the webhook key; its answer is the only place the new key ever appears. */
export async function rotateWebhookKeyAction(_previous: WebhookKeyFormState, form: FormData): Promise<WebhookKeyFormState> {
  const caller = await signedInAdmin();
  const state = await rotateWebhookKeyForm({ ctx: appContext(), input: { caller, form } });
  if (state.key) revalidatePath("/admin/settings");
  return state;
}
