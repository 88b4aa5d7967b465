"use server";

import { runPanelForm } from "@/lib/panel/admin/run-panel-form";
import { type CurrencyFormState, saveCurrencyForm } from "@/lib/panel/admin/save-currency-form";
import { type CurrencyToggleState, toggleCurrencyForm } from "@/lib/panel/admin/toggle-currency-form";

// The currencies screen's actions: each reads the signed-in user from the database again, whatever page sent it.

export async function saveCurrencyAction(_previous: CurrencyFormState, form: FormData): Promise<CurrencyFormState> {
  return runPanelForm(saveCurrencyForm, form, "/admin/currencies");
}

export async function toggleCurrencyAction(_previous: CurrencyToggleState, form: FormData): Promise<CurrencyToggleState> {
  return runPanelForm(toggleCurrencyForm, form, "/admin/currencies");
}
