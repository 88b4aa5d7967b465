"use server";

import { redirect } from "next/navigation";
import { createLinkForm, type LinkFormState } from "@/lib/panel/payment-links/create-link-form";
import { runPanelForm } from "@/lib/panel/admin/run-panel-form";

// "New payment link": the signed-in user is read from the database again and must be allowed to create; a link
// made goes to its own screen (link, short link, QR code), so a reload there sends nothing again.
export async function createLinkAction(_previous: LinkFormState, form: FormData): Promise<LinkFormState> {
  const state = await runPanelForm(createLinkForm, form, "/admin/transactions");
  if (!state.created) return state;
  redirect(`/admin/payment-links/${state.created}`);
}
