"use server";

import { type CreateApiKeyFormState, createApiKeyForm } from "@/lib/panel/admin/create-api-key-form";
import type { ChangeFormState } from "@/lib/panel/admin/form-state";
import { revokeApiKeyForm } from "@/lib/panel/admin/revoke-api-key-form";
import { runPanelForm } from "@/lib/panel/admin/run-panel-form";

// The API keys screen's actions: each reads the signed-in user from the database again, whatever page sent it.

export async function createApiKeyAction(_previous: CreateApiKeyFormState, form: FormData): Promise<CreateApiKeyFormState> {
  return runPanelForm(createApiKeyForm, form, "/admin/api-keys");
}

export async function revokeApiKeyAction(_previous: ChangeFormState, form: FormData): Promise<ChangeFormState> {
  return runPanelForm(revokeApiKeyForm, form, "/admin/api-keys");
}
