"use server";

import { redirect } from "next/navigation";
import { appContext } from "@/lib/core/context";
import { NotFound, ValidationFailed } from "@/lib/core/errors";
import { chargeCard, type ChargeInput } from "@/lib/gateways/sandbox/charge-card";
import type { ChargeFormState } from "@/components/sandbox/charge-form-state";
import { SANDBOX_FIELDS } from "@/lib/checkout/i18n/sandbox-messages";

const text = (form: FormData, key: string) => {
  const value = form.get(key);
  return typeof value === "string" ? value : "";
};

/**
 * The sandbox card forms (new card, or a saved card with its CVV). Card data lives only in this request. On
 * success the browser goes back to the shop; a wrong field answers with the form again, field errors in place.
 *
 * Back to the shop: without scripts, redirect() answers the posted form with a 303. When the page's script sent
 * the form, redirect() to an address on this host would make Next.js fetch that address itself, as an RSC request
 * with a `_rsc` parameter, to send the next page along: for the gateway return route that was a second, refused
 * return (400: the extra parameter breaks the signature) before the browser's own (303). So the script is given
 * the address and loads it itself (components/sandbox/use-follow-next.tsx; its field `scripted` says so).
 */
export async function chargeCardAction(_previous: ChargeFormState, form: FormData): Promise<ChargeFormState> {
  const reference = text(form, "reference");
  const values = { name: text(form, "name").slice(0, 64), expiry: text(form, "expiry").slice(0, 7), saveCard: form.get("save_card") === "on" };
  const input: ChargeInput = text(form, "saved_card_id")
    ? { reference, cvv: text(form, "cvv"), savedCardId: text(form, "saved_card_id") }
    : { reference, cvv: text(form, "cvv"), cardNumber: text(form, "card_number"), expiry: values.expiry, name: values.name, saveCard: values.saveCard };
  let next: string;
  try {
    next = (await chargeCard({ ctx: appContext(), input })).url;
  } catch (error) {
    if (error instanceof ValidationFailed) {
      return { errors: SANDBOX_FIELDS.filter((field) => field in error.fields), values };
    }
    // An unknown payment (a changed hidden field): its page says so.
    if (error instanceof NotFound) redirect(`/sandbox/pay/${encodeURIComponent(reference)}`);
    throw error;
  }
  if (text(form, "scripted") === "1") return { errors: [], values, next };
  redirect(next);
}
