"use server";

import { revalidatePath } from "next/cache";
import { type CurrencyFormState, saveCurrencyForm } from "@/lib/admin/save-currency-form";
import { signedInAdmin } from "@/lib/admin/signed-in-admin";
import { type CurrencyToggleState, toggleCurrencyForm } from "@/lib/admin/toggle-currency-form";
import { appContext } from "@/lib/context";

/** The currency form's action: the signed-in user is checked again here, whatever page sent it. */
export async function saveCurrencyAction(_previous: CurrencyFormState, form: FormData): Promise<CurrencyFormState> {
  const caller = await signedInAdmin();
  const state = await saveCurrencyForm({ ctx: appContext(), input: { caller, form } });
  if (state.saved) revalidatePath("/admin/currencies");
  return state;
}

/** A row's Disable / Enable button: checked again here too. */
export async function toggleCurrencyAction(_previous: CurrencyToggleState, form: FormData): Promise<CurrencyToggleState> {
  const caller = await signedInAdmin();
  const state = await toggleCurrencyForm({ ctx: appContext(), input: { caller, form } });
  if (state.message) revalidatePath("/admin/currencies");
  return state;
}
