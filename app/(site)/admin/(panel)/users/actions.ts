"use server";

import { type CreateUserFormState, createUserForm } from "@/lib/panel/admin/create-user-form";
import type { ChangeFormState } from "@/lib/panel/admin/form-state";
import { resetPasswordForm } from "@/lib/panel/admin/reset-password-form";
import { runPanelForm } from "@/lib/panel/admin/run-panel-form";
import { setUserActiveForm } from "@/lib/panel/admin/set-user-active-form";
import { type UserAccessFormState, updateUserAccessForm } from "@/lib/panel/admin/update-user-access-form";

// The users screens' actions: each reads the signed-in user from the database again, whatever page sent it.

export async function createUserAction(_previous: CreateUserFormState, form: FormData): Promise<CreateUserFormState> {
  return runPanelForm(createUserForm, form, "/admin/users");
}

export async function updateUserAccessAction(_previous: UserAccessFormState, form: FormData): Promise<UserAccessFormState> {
  return runPanelForm(updateUserAccessForm, form, "/admin/users");
}

export async function setUserActiveAction(_previous: ChangeFormState, form: FormData): Promise<ChangeFormState> {
  return runPanelForm(setUserActiveForm, form, "/admin/users");
}

export async function resetPasswordAction(_previous: ChangeFormState, form: FormData): Promise<ChangeFormState> {
  return runPanelForm(resetPasswordForm, form, "/admin/users");
}
