"use server";

import { runPanelForm } from "@/lib/panel/admin/run-panel-form";
import { type SendAgainState, sendLinkAgainForm } from "@/lib/panel/payment-links/send-link-again-form";

// "Send again" on a payment link's screen: the signed-in user is read from the database again; the panel's
// screens are rendered afresh after a send (the transaction's messages).
export async function sendLinkAgainAction(_previous: SendAgainState, form: FormData): Promise<SendAgainState> {
  return runPanelForm(sendLinkAgainForm, form, "/admin");
}
